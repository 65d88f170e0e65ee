"""The page's boundary: the one module of the package that talks to the browser.

The page (static/*.js) draws and animates; every rule is decided here, by the
engine. The page's one Python runs in a Web Worker (static/engine/worker.js, through
PyScript: static/main.py exports :func:`call`): the page sends an operation
name and a JSON string and gets a JSON string back, so no Python object ever
crosses into JavaScript. The computer players think in the same worker
(op ``ai_move``), so the page's main thread never runs Python at all.

Nothing here imports ``js`` or ``pyodide``: the module is tested under plain CPython:

>>> out = json.loads(call("new", json.dumps({"variant": "classica", "players": 2, "seed": 7})))
>>> out["status"], out["view"]["seat"], len(out["view"]["hand"])
('playing', 0, 3)
>>> json.loads(call("act", '{"bid": "A"}'))["error"]["code"] in ("not_your_turn", "wrong_phase")
True
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import jsonsafe
from .actions import Play, action_from_json
from .clock import ClockRunning, reported_ms
from .errors import BriscolaError, RecordError, RulesError, SaveError, SettingError
from .guests import guest_updates
from .match import Match, MatchFormat
from .record import Record, parse_record
from .seats import Seating
from .session import HUMAN, Session, ai_move, begin, current, save_text, with_save
from .variants import Rules
from .view import view_of
from .web_checks import DAMAGED, LEVELS, check_meta, error_json, parse_seed, setting_json
from .web_tournament import OPS as tournament_ops

__all__ = ["HUMAN", "Session", "ai_move", "call", "current", "with_save"]

# The tests and the tournament's module read the match in progress under its old name.
_need_session = current

# --------------------------------------------------------------------- operations


def new_match(settings: dict[str, Any]) -> dict[str, Any]:
    """Start a match from the setup screen's (or the ``?new=`` URL's) settings."""
    variant = settings.get("variant", "classica")
    players = settings.get("players", 2)
    rules = Rules.make(variant, players, settings.get("options") or {})
    fmt_data = settings.get("format")
    fmt = MatchFormat.from_dict(fmt_data) if fmt_data else MatchFormat.default(variant, players)
    seed = parse_seed(settings.get("seed"))
    level = settings.get("level", "esperto")
    if level not in LEVELS:
        raise SettingError("level", level, LEVELS)
    seating = Seating.from_settings(settings, rules.players)  # people, names, levels, online table
    return with_save(begin(Match.new(rules, fmt, seed, meta={"level": level, **seating.to_meta()})).state())


def abandon() -> dict[str, Any]:
    """The person's side leaves and loses; in chiamata nobody abandons (code ``no_abandon``: the
    page offers the stand-in instead, op ``stand_in``)."""
    session = current()
    if session.match.rules.name == "chiamata":
        return {"ok": False, "error": {"code": "no_abandon", "detail": "in chiamata nobody abandons"},
                "state": session.state()}
    session.match.abandon(session.viewer)
    return with_save(session.state())


def save() -> dict[str, Any]:
    return {"text": save_text(current().match)}


def hint() -> dict[str, Any]:
    """Campione's move for the person, with a reason read off the position; no move: ``action`` None."""
    session = current()
    m = session.match
    seat = session.viewer
    if m.over or m.deal.over or m.deal.to_move != seat or m.deal.phase == "cut":
        return {"action": None, "key": None, "params": {}}
    action = ai_move(view_of(m.deal, seat), "campione", session.ai_rng(seat))
    return hint_reason(action.to_json())


def load(text: str) -> dict[str, Any]:
    """Resume a saved match; a corrupt or tampered save raises :class:`SaveError`."""
    from .save import load_match

    if not isinstance(text, str):
        raise SaveError("the saved match is not text", code="bad_json")
    match = load_match(text)
    check_meta(match.meta, match.rules.players)
    return begin(match).state()


def hint_reason(action: Any) -> dict[str, Any]:
    """A one-line reason (an i18n key and params) for a suggested action, read off the position."""
    from .hints import reason

    deal, seat = current().match.deal, current().viewer
    act = action_from_json(action)
    if not isinstance(act, Play) or deal.to_move != seat:
        return {"action": act.to_json(), "key": None, "params": {}}
    key, params = reason(deal, seat, act.card)
    return {"action": act.to_json(), "key": key, "params": params}


def review(arg: Any) -> dict[str, Any]:
    """Frames for a step-by-step replay: of the match's current (or last) deal, or of a record
    given as JSON (``{"record": {...}}``) or as a link (``{"link": "..."}``)."""
    from .record import from_link, to_link
    from .review import frames

    arg = arg or {}
    try:
        if not isinstance(arg, dict):
            raise RecordError("review takes an object", code="bad_shape")
        if "link" in arg:
            rec = from_link(str(arg["link"]))
        elif "record" in arg:
            rec = parse_record(arg["record"])
        else:
            deal = current().match.deal
            if not deal.over:  # every hand is shown: never while the deal is being played
                return {"error": {"code": "review_playing", "detail": "the deal is not over"}}
            rec = Record.of_deal(deal)
        steps = frames(rec)
    except SaveError:
        raise
    except (BriscolaError, ValueError, KeyError, TypeError, RecursionError) as exc:
        return error_json("bad_record", exc)
    return {"players": rec.rules.players, "variant": rec.rules.name, "record": rec.to_json(),
            "link": to_link(rec), "frames": steps}


def _stats(stored: Any) -> Any:
    from .stats import Stats

    return Stats() if stored is None else Stats.from_json(stored)


def stats_op(arg: Any, add: bool = False) -> dict[str, Any]:
    """The statistics from their stored JSON (None: none yet); with ``add``, count the finished
    match once (``meta["stats_counted"]`` is saved with the match, so a reload does not recount)."""
    from .stats import StatsError

    stored = arg.get("stats") if isinstance(arg, dict) else None
    try:
        stats = _stats(stored)
    except (StatsError, RecursionError) as exc:
        return error_json("stats_damaged", exc)
    counted = False
    if add:
        m = current().match
        if m.over and not m.meta.get("stats_counted"):
            stats.add_match(m, HUMAN, current().level)
            m.meta["stats_counted"] = True
            counted = True
    data = stats.to_json()
    for line, (_, obj) in zip(data["lines"], sorted(stats.lines.items()), strict=True):
        line["average_points"] = round(obj.average_points, 1)
    out: dict[str, Any] = {"stats": data, "counted": counted}
    if counted:  # the match now says it was counted: the page saves it again
        out["save"] = save_text(current().match)
    return out


# ------------------------------------------------------- the clock, the rematch (rituals, issue 12)

def _ms(arg: Any) -> int:
    return reported_ms(arg.get("ms") if isinstance(arg, dict) else None)


def for_guest(arg: Any, fn: Callable[[int], dict[str, Any]]) -> dict[str, Any]:
    """An online op for the guest's seat ``arg["seat"]`` (a people's seat other than the viewer's);
    any other seat is refused with code ``not_a_person``."""
    seat = arg.get("seat") if isinstance(arg, dict) else None
    if not current().is_guest(seat):
        return {"ok": False, "error": {"code": "not_a_person", "detail": f"seat {seat!r} is not a guest's"}}
    return fn(seat)


def timeout_op(arg: Any, seat: int | None = None) -> dict[str, Any]:
    """``{"ms": N}``: the person's countdown reached zero, N ms after the last report. The engine
    checks it and applies the timeout; with time left the answer is ``clock_running``. An applied
    timeout comes with the save (the match is over: a reload must not bring it back)."""
    session = current()
    try:
        session.match.timeout(session.viewer if seat is None else seat, _ms(arg))
    except ClockRunning as exc:
        return {"ok": False, "error": {"code": "clock_running", "detail": str(exc)}, "state": session.state()}
    return {"ok": True, "state": session.state(), "save": save_text(session.match)}


def clock_op(arg: Any, seat: int | None = None) -> dict[str, Any]:
    """``{"ms": N}``: the person thought N ms more without moving (the page pauses the clock: the
    tab is hidden, or it saves). ``timed_out`` if that ran the time out. With the save: the time
    charged survives a reload."""
    session = current()
    timed_out = session.match.spend(session.viewer if seat is None else seat, _ms(arg))
    return {"ok": True, "timed_out": timed_out, "state": session.state(), "save": save_text(session.match)}


def rematch_op(arg: Any) -> dict[str, Any]:
    """The next match against the same opponents, the deal passing on (``{"seed": N}`` optional)."""
    session = current()
    seed = arg.get("seed") if isinstance(arg, dict) else None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SettingError("seed", seed, (), f"the seed must be a whole number, not {seed!r}")
    if "tournament" in session.match.meta:
        raise RulesError("a tournament match has no rematch: the tournament goes on")
    meta = {"level": session.level, **session.seating.to_meta()}  # the same people, names, table
    return with_save(begin(session.match.rematch(seed, meta=meta)).state())


def _pair(arg: Any, a: str, b: str) -> tuple[Any, Any]:
    return (arg.get(a), arg.get(b)) if isinstance(arg, dict) else (None, None)


def _call_table() -> dict[str, Callable[[Any], Any]]:
    return {
        "new": new_match,
        "state": lambda _: current().state(),
        "act": lambda a: current().act(a),
        "ai_act": lambda a: current().act(a["action"], seat=a["seat"]),  # tests drive other seats
        "ai_move": lambda _: current().ai_step(),
        "hint": lambda _: hint(),
        "review": review,
        "stats": stats_op,
        "stats_add": lambda a: stats_op(a, add=True),  # "save" comes with a counted match
        "stats_reset": lambda _: stats_op(None),
        "next_deal": lambda _: current().next_deal(),
        "abandon": lambda _: abandon(),
        "stand_in": lambda a: current().set_stand_in(a.get("on") if isinstance(a, dict) else None),
        "save": lambda _: save(),
        "load": load,
        "timeout": timeout_op,
        "clock": clock_op,
        "rematch": rematch_op,
        # people's seats (issue 14): pass-and-play hands the device on; an online host referees guests
        "view": lambda a: current().set_viewer(a.get("seat") if isinstance(a, dict) else None),
        "guest_updates": lambda a: guest_updates(current(), a),  # what each guest is sent (guests.py)
        "seat_act": lambda a: current().seat_act(a),
        "away": lambda a: current().set_away(*(_pair(a, "seat", "on"))),
        "seat_timeout": lambda a: for_guest(a, lambda s: timeout_op(a, s)),
        "seat_clock": lambda a: for_guest(a, lambda s: clock_op(a, s)),
        **tournament_ops,
    }


def call(op: str, arg: str = "null") -> str:
    """One operation from the page: JSON in, JSON out; bad input becomes ``{"error": ...}``.

    The argument is read by :func:`briscola.jsonsafe.loads` (size and depth limits first): a stored
    save, record, statistics or tournament too big or too deep is reported as damaged, like any
    other damage (:data:`DAMAGED`), and never reaches Python's recursive parser.
    """
    fn = _call_table().get(op)
    try:
        if fn is None:
            raise BriscolaError(f"unknown operation {op!r}")
        data = jsonsafe.loads(arg, jsonsafe.CALL_CHARS)
    except BriscolaError as exc:
        return json.dumps(error_json(DAMAGED.get(op, "bad_input"), exc))
    try:
        return json.dumps(fn(data))
    except SettingError as exc:  # the page words it in the player's language
        return json.dumps(setting_json(exc))
    except SaveError as exc:
        return json.dumps(error_json("save", exc))
    except RecursionError as exc:  # a last guard: the argument's depth is already limited
        return json.dumps(error_json(DAMAGED.get(op, "bad_input"), exc))
    except Exception as exc:  # noqa: BLE001 - the page must get an answer it can show, never a Python exception
        return json.dumps(error_json("bad_input", exc))
