"""The one shape of every answer the page gets from :func:`briscola.web.call` (the page's side:
static/engine/api.js)::

    {"ok": bool, "state"?: ..., "save"?: ..., "played"?: ..., "result"?: ..., "error"?: {"code", ...}}

- ``state``: the match in progress as its viewer sees it (:meth:`Session.state`), after the
  operation; a refusal by the match carries it too (unchanged).
- ``save``: the match's save text, whenever the operation changed the match (the page stores it
  before it draws anything); never without ``state``.
- ``played``: the action a move applied (``{"seat", ...action}``), for the page to animate.
- ``result``: what an operation answers that is not the match (a hint, a review, statistics...).
- ``error``: why the operation was refused (``ok`` is false exactly then): ``code``, what failed,
  words the page has in every language; ``detail``, English for the logs; maybe ``reason`` and
  ``params`` (briscola.errors.REASONS) or a refused setting's ``setting``/``value``/``choices``.

Every operation answers through the functions below, so no other shape can reach the page.

>>> from briscola.match import Match, MatchFormat
>>> from briscola.session import begin
>>> from briscola.variants import Rules
>>> _ = begin(Match.new(Rules.make("classica", 2), MatchFormat.default("classica", 2), 7))
>>> sorted(changed()), sorted(shown()), result(3)
(['ok', 'save', 'state'], ['ok', 'state'], {'ok': True, 'result': 3})
>>> out = refusal(Refused("not_your_turn", "seat 1 is to move"))
>>> out["ok"], out["error"], "state" in out, "save" in out
(False, {'code': 'not_your_turn', 'detail': 'seat 1 is to move'}, True, False)
"""

from __future__ import annotations

from typing import Any

from .errors import SettingError
from .session import Refused, Session, current, in_progress, save_text
from .web_checks import error_json, setting_json

Answer = dict[str, Any]
KEYS = frozenset({"ok", "state", "save", "played", "result", "error"})
"""Every key an answer may have."""


def changed(played: dict[str, Any] | None = None, session: Session | None = None, **beside: Any) -> Answer:
    """The operation changed the match in progress (or began one): its state and save text, and the
    action it ``played``, if any (``beside``: ``result=``, what else it answers). ``session``: another
    match than the one in progress (a move answered ahead on a copy, briscola/ahead.py)."""
    session = session or current()
    out: Answer = {"ok": True, "state": session.state(), "save": save_text(session.match)}
    if played is not None:
        out["played"] = played
    return {**out, **beside}


def shown() -> Answer:
    """The match in progress as it is (the operation changed nothing the save holds)."""
    return {"ok": True, "state": current().state()}


def result(value: Any) -> Answer:
    """What an operation answers that is not the match."""
    return {"ok": True, "result": value}


def refusal(exc: Refused) -> Answer:
    """The match refused the operation: why, and the match as it is now (with its save when
    refusing changed it: a move too late lost on time)."""
    out: Answer = {"ok": False, "error": {"code": exc.code, "detail": str(exc)}}
    session = in_progress()
    if session is not None:
        out["state"] = session.state()
        if exc.changed:
            out["save"] = save_text(session.match)
    return out


def failed(code: str, exc: BaseException) -> Answer:
    """Bad input or damaged data (``code``: what failed; ``reason``: why, from the exception); a
    refused setting of a new match is ``bad_setting``, whatever the operation, with the setting named."""
    error = setting_json(exc) if isinstance(exc, SettingError) else error_json(code, exc)
    return {"ok": False, **error}


def adopted(out: Any) -> Answer:
    """The answer of an operation that returns plain data (web_tournament.py's ops): one already in
    the shape is passed on; ``{"error": ...}`` is a refusal; anything else is its result."""
    if isinstance(out, dict) and "ok" in out and set(out) <= KEYS:
        return out
    if isinstance(out, dict) and "error" in out:
        return {"ok": False, "error": out["error"]}
    return result(out)
