"""A fair table's operations (docs/fair-deal.md), through :func:`briscola.web.call` and its one answer
shape (:mod:`briscola.answers`). Every person's page holds the match (op ``new`` with ``fair: {k,
plays}`` and its ``viewer``); its engine follows the deal in play from its own view
(:mod:`briscola.fair_session`), and the page only moves bytes: the cryptography
(static/online/fair/) reads the cards a position holds, the table's hub carries the steps.

- ``act``, ``ai_move`` (this page's person, or a computer's seat it plays): as anywhere, and
  ``result: {fair, sent}``: the steps this page sends (the move, and Brisca's words it led to).
- ``fair_step`` ``{shown?: [{pos, card}], steps?: [{by, sn, seat, action, pos?, ms?}]}``: the cards
  this page has read, then other pages' steps (each applied once: ``sn`` counts a page's steps).
- ``fair_verify`` ``{deck: [codes by position]}``: the end-of-deal check's deck; the deal replayed on
  it is the match's (its save and record keep it).
- ``fair_void`` ``{k, plays}`` (or ``{k, here}``, :func:`briscola.fair_session.shuffle_of`): the deal in
  play is void, dealt again from the shuffle ``k``.
- ``next_deal`` ``{fair: {k, plays}}``: the next deal, from the shuffle ``k``.
- With ``here``, a deal's start may name ``then`` (:func:`briscola.fair_session.plan_of`): the next
  deal's shuffle, which the same pages make while this deal is played; ``fair`` says both.

Each answers the match (``state`` + ``save``, ``played`` for a step) and ``result: {fair, sent}``:
``fair`` what the page's protocol needs (the shuffle, who plays each seat, every position opened so
far and for whom, whether this page's view may be drawn, whether the deal is over, checked), ``sent``
the steps to send. A step that does not add up is ``{"ok": false, "error": {"code": "deal_mismatch",
"reason": "deal_mismatch", "params": {"seat", "why"}}}`` ("la smazzata non torna"): the deal is void.

>>> import json
>>> from briscola.web import call
>>> out = json.loads(call("new", json.dumps({"variant": "classica", "players": 2, "seed": 3, "people": [0, 1],
...     "online": True, "viewer": 0, "fair": {"k": "t0", "plays": [0, 1]}})))
>>> fair = out["result"]["fair"]
>>> fair["k"], [o["holder"] for o in fair["opens"]], fair["ready"], out["state"]["ai_to_move"]
('t0', [1, 0, 1, 0, 1, 0, None], False, True)
>>> first = fair["opens"][1]["pos"]  # seat 0's first card, read by this page: another's, the 3 di coppe
>>> out = json.loads(call("fair_step", json.dumps({"steps": [{"by": 1, "sn": 0, "seat": 1, "action": {"play": "3C"},
...                                                         "pos": first}]})))
>>> out["ok"], out["error"]["code"], out["error"]["params"]
(False, 'deal_mismatch', {'seat': 1, 'why': 'unread'})
"""

from __future__ import annotations

from typing import Any

from .answers import Answer, changed, failed
from .cards import Card
from .errors import BriscolaError, RecordError
from .fair import Mismatch
from .fair_session import FairPlay, plan_of, shuffle_of, step_of
from .record import Record
from .session import Refused, Session, current


def fair_of(session: Session) -> FairPlay:
    if session.fair is None:
        raise Refused("not_fair", "this match is not a fair table's")
    return session.fair


def answer(session: Session, played: dict[str, Any] | None = None, **more: Any) -> Answer:
    """The match, and what this page's protocol needs now (:meth:`FairPlay.info`, the steps to send)."""
    sent, session.sent = session.sent, []
    fair_of(session)
    return changed(played=played, result={"fair": session.fair_info(), "sent": sent, **more})


def fair_step(arg: Any) -> Answer:
    session = current()
    fair = fair_of(session)
    arg = arg if isinstance(arg, dict) else {}
    shown, steps = arg.get("shown") or [], arg.get("steps") or []
    if not isinstance(shown, list) or not isinstance(steps, list):
        raise BriscolaError("shown and steps are lists", code="bad_shape", params={"field": "steps"})
    played = None
    try:
        for item in shown:
            if not isinstance(item, dict):
                raise BriscolaError("a card shown is {pos, card}", code="bad_shape", params={"field": "shown"})
            pos = item.get("pos")
            if isinstance(pos, bool) or not isinstance(pos, int):
                raise BriscolaError("a position is a whole number", code="bad_shape", params={"field": "pos"})
            fair.show(pos, Card.parse(item.get("card")))
        for item in steps:
            by, sn, seat, action, pos, ms = step_of(item)
            if fair.step(by, sn, seat, action, pos, ms):
                played = {"seat": seat, **action.to_json()}
        session.sent = fair.words()
    except Mismatch as exc:
        return failed("deal_mismatch", exc)
    return answer(session, played)


def fair_verify(arg: Any) -> Answer:
    session = current()
    fair = fair_of(session)
    codes = arg.get("deck") if isinstance(arg, dict) else None
    if not isinstance(codes, list) or len(codes) != len(session.match.rules.deck):
        raise BriscolaError("deck must be the card at every position", code="bad_deck", params={"field": "deck"})
    try:
        fair.verify([Card.parse(c) for c in codes])
    except Mismatch as exc:
        return failed("deal_mismatch", exc)
    try:
        record = Record.of_deal(session.match.deal).to_json()
    except RecordError:
        record = None
    return answer(session, None, deck=codes, record=record)


def fair_void(arg: Any) -> Answer:
    session = current()
    k, plays = shuffle_of(arg, session.match)
    fair_of(session).void(k, plays, plan_of(arg))
    return answer(session)


OPS = {"fair_step": fair_step, "fair_verify": fair_verify, "fair_void": fair_void}
