"""The page's boundary: the one module of the package that talks to the browser.

The page (static/*.js) draws and animates; every rule is decided here, by the
engine. The page's one Python runs in a Web Worker (static/engine/worker.js, through
PyScript: static/main.py exports :func:`call`): the page sends an operation
name and a JSON string and gets a JSON string back, so no Python object ever
crosses into JavaScript. The computer players think in the same worker
(op ``ai_move``), so the page's main thread never runs Python at all.

Every answer has one shape, made by :mod:`briscola.answers` (``{ok, state?, save?, played?,
result?, error?}``); the page's named functions for the operations are static/engine/api.js's.
Nothing here imports ``js`` or ``pyodide``: the module is tested under plain CPython:

>>> out = json.loads(call("new", json.dumps({"variant": "classica", "players": 2, "seed": 7})))
>>> out["ok"], out["state"]["status"], out["state"]["view"]["seat"], len(out["state"]["view"]["hand"])
(True, 'playing', 0, 3)
>>> out = json.loads(call("act", '{"bid": "A"}'))
>>> out["ok"], out["error"]["code"] in ("not_your_turn", "wrong_phase"), "state" in out
(False, True, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import jsonsafe, practice
from .actions import Play, action_from_json
from .ahead import ahead_op
from .answers import Answer, adopted, changed, failed, refusal, result, shown
from .clock import ClockRunning, reported_ms
from .daily import load_checked
from .errors import BriscolaError, RecordError, RulesError, SaveError, SettingError
from .guests import guest_updates
from .match import Match, MatchFormat
from .record import Record, parse_record
from .seats import Seating
from .session import HUMAN, Refused, Session, ai_move, begin, current, save_text
from .variants import Rules
from .view import view_of
from .web_analysis import analysis_op
from .web_checks import DAMAGED, LEVELS, parse_seed
from .web_club import OPS as club_ops
from .web_daily import OPS as daily_ops
from .web_fair import OPS as fair_ops
from .web_fair import answer as fair_answer
from .web_fair import fair_time
from .web_tournament import OPS as tournament_ops

__all__ = ["HUMAN", "Session", "ai_move", "call", "current"]

# --------------------------------------------------------------------- operations


def new_match(settings: dict[str, Any]) -> Answer:
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
    meta = {"level": level, **seating.to_meta()}
    fair = settings.get("fair")
    if fair is None:
        begin(Match.new(rules, fmt, seed, meta=meta))
        return changed()
    # A fair table (docs/fair-deal.md): every person's page holds the match, from its own seat; the
    # people's pages deal together, so no seed decides the cards.
    viewer = settings.get("viewer", HUMAN)
    whole = isinstance(viewer, int) and not isinstance(viewer, bool)
    if not (whole and seating.is_person(viewer)) or not seating.online:
        raise SettingError("viewer", viewer if isinstance(viewer, int) else None, seating.people,
                           "a fair table's page is an online person's seat")
    meta["viewer"] = viewer
    session = begin(Match(rules, fmt, seed, meta, decks=[]))
    session.start_fair(fair)
    return fair_answer(session)


def abandon() -> Answer:
    """The person's side leaves and loses; in chiamata nobody abandons (code ``no_abandon``: the
    page offers the stand-in instead, op ``stand_in``)."""
    session = current()
    if session.match.rules.name == "chiamata":
        raise Refused("no_abandon", "in chiamata nobody abandons")
    session.match.abandon(session.viewer)
    return changed()


def hint() -> Answer:
    """Campione's move for the person, with a reason read off the position; no move: ``action`` None."""
    session = current()
    m = session.match
    seat = session.viewer
    if m.over or m.deal.over or m.deal.to_move != seat or m.deal.phase == "cut":
        return result({"action": None, "key": None, "params": {}})
    action = ai_move(view_of(m.deal, seat), "campione", session.ai_rng(seat), capped="daily" not in m.meta)
    return result(hint_reason(action.to_json()))


def load(text: str) -> Answer:
    """Resume a saved match; a corrupt or tampered save raises :class:`SaveError`."""
    if not isinstance(text, str):
        raise SaveError("the saved match is not text", code="bad_json")
    # a practice deal or a daily deal carries the match it was played beside: it must load too
    begin(load_checked(text))
    return shown()  # the page has the save: it is the text it sent


def hint_reason(action: Any) -> dict[str, Any]:
    """A one-line reason (an i18n key and params) for a suggested action, read off the position."""
    from .hints import reason

    deal, seat = current().match.deal, current().viewer
    act = action_from_json(action)
    if not isinstance(act, Play) or deal.to_move != seat:
        return {"action": act.to_json(), "key": None, "params": {}}
    key, params = reason(deal, seat, act.card)
    return {"action": act.to_json(), "key": key, "params": params}


def review(arg: Any) -> Answer:
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
                raise Refused("review_playing", "the deal is not over")
            rec = Record.of_deal(deal)
        steps = frames(rec)
    except SaveError:
        raise
    except (BriscolaError, ValueError, KeyError, TypeError, RecursionError) as exc:
        return failed("bad_record", exc)
    return result({"players": rec.rules.players, "variant": rec.rules.name, "record": rec.to_json(),
                   "link": to_link(rec), "frames": steps})


def replay_deal() -> Answer:
    """*Rigioca la smazzata*: the finished deal (or a practice's deal) again, as a practice that
    carries the match (:mod:`briscola.practice`); refused during a deal (``replay_playing``) and
    where there is none (``replay_not_here``: a tournament, other people at the table)."""
    m = current().match
    why = practice.refusal(practice.original(m) if practice.info(m) else m)
    if why:
        raise Refused(why, "this deal cannot be played again here")
    if not m.deal.over:
        raise Refused("replay_playing", "the practice deal is being played")
    begin(practice.start(m))
    return changed()


def replay_end() -> Answer:
    """The practice ends (played out or left): the match it was played beside, as it was."""
    m = current().match
    if practice.info(m) is None:
        raise Refused("no_practice", "no deal is being played again")
    begin(practice.original(m))
    return changed()


def replay_compare() -> Answer:
    """Both plays of the practice's deal, once the practice is over (every hand is shown): played
    out, or lost on time (a move clock) before its end."""
    m = current().match
    if practice.info(m) is None:
        raise Refused("no_practice", "no deal is being played again")
    if not m.over:
        raise Refused("review_playing", "the deal is not over")
    return result(practice.comparison(m, HUMAN))


def _stats(stored: Any) -> Any:
    from .stats import Stats

    return Stats() if stored is None else Stats.from_json(stored)


def stats_op(arg: Any, add: bool = False) -> Answer:
    """The statistics from their stored JSON (None: none yet); with ``add``, count the finished
    match once (``meta["stats_counted"]`` is saved with the match, so a reload does not recount)."""
    from .stats import StatsError

    stored = arg.get("stats") if isinstance(arg, dict) else None
    try:
        stats = _stats(stored)
    except (StatsError, RecursionError) as exc:
        return failed("stats_damaged", exc)
    counted = False
    if add:
        m = current().match
        if m.over and not m.meta.get("stats_counted"):
            stats.add_match(m, current().owner, current().level)
            m.meta["stats_counted"] = True
            counted = True
    data = stats.to_json()
    for line, (_, obj) in zip(data["lines"], sorted(stats.lines.items()), strict=True):
        line["average_points"] = round(obj.average_points, 1)
        acc = obj.average_accuracy
        line["average_accuracy"] = None if acc is None else round(acc, 1)
    out = {"stats": data, "counted": counted}
    return changed(result=out) if counted else result(out)  # counted: the match says so, saved again


def stats_interrupted_op(arg: Any) -> Answer:
    """A guest's online match its host never finished (``{stats, variant, level}``): counted as played,
    without result (a guest's page has no match of its own to count: it starts the engine for this)."""
    from .stats import StatsError
    from .variants import VARIANTS

    data = arg if isinstance(arg, dict) else {}
    variant, level = data.get("variant"), data.get("level", "esperto")
    if variant not in VARIANTS:
        return failed("unknown_variant", SettingError("variant", variant, sorted(VARIANTS)))
    if level not in LEVELS:
        return failed("bad_level", SettingError("level", level, LEVELS))
    try:
        stats = _stats(data.get("stats"))
    except (StatsError, RecursionError) as exc:
        return failed("stats_damaged", exc)
    stats.add_interrupted(variant, level)
    return stats_op({"stats": stats.to_json()})


# ------------------------------------------------------- the clock, the rematch (rituals, issue 12)

def _ms(arg: Any) -> int:
    return reported_ms(arg.get("ms") if isinstance(arg, dict) else None)


def for_guest(arg: Any, fn: Callable[[int], Answer]) -> Answer:
    """An online op for the guest's seat ``arg["seat"]`` (a people's seat other than the viewer's);
    any other seat is refused with code ``not_a_person``."""
    return fn(current().check_guest(arg.get("seat") if isinstance(arg, dict) else None))


def timeout_op(arg: Any, seat: int | None = None) -> Answer:
    """``{"ms": N}``: the person's countdown reached zero, N ms after the last report. The engine
    checks it and applies the timeout; with time left the answer is ``clock_running``. An applied
    timeout comes with the save (the match is over: a reload must not bring it back)."""
    session = current()
    if session.fair is not None and seat is None:  # a fair table: a step every page applies (web_fair.py)
        return fair_time(session, "timeout", _ms(arg))
    try:
        session.match.timeout(session.viewer if seat is None else seat, _ms(arg))
    except ClockRunning as exc:
        raise Refused("clock_running", str(exc)) from None
    return changed()


def clock_op(arg: Any, seat: int | None = None) -> Answer:
    """``{"ms": N}``: the person thought N ms more without moving (the page pauses the clock: the
    tab is hidden, or it saves). ``timed_out`` if that ran the time out. With the save: the time
    charged survives a reload."""
    session = current()
    if session.fair is not None and seat is None:
        return fair_time(session, "clock", _ms(arg))
    timed_out = session.match.spend(session.viewer if seat is None else seat, _ms(arg))
    return changed(result={"timed_out": timed_out})


def rematch_op(arg: Any) -> Answer:
    """The next match against the same opponents, the deal passing on (``{"seed": N}`` optional)."""
    session = current()
    seed = arg.get("seed") if isinstance(arg, dict) else None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SettingError("seed", seed, (), f"the seed must be a whole number, not {seed!r}")
    if "tournament" in session.match.meta or "club" in session.match.meta:
        raise RulesError("a tournament match has no rematch: the tournament goes on")
    if "daily" in session.match.meta:
        raise RulesError("a daily deal has no rematch: it is played once")
    meta = {"level": session.level, **session.seating.to_meta()}  # the same people, names, table
    begin(session.match.rematch(seed, meta=meta))
    return changed()


def _pair(arg: Any, a: str, b: str) -> tuple[Any, Any]:
    return (arg.get(a), arg.get(b)) if isinstance(arg, dict) else (None, None)


def operations() -> list[str]:
    """Every operation's name, as :func:`call` takes it (the page's engine/api.js takes them from
    rules-data.js, generated from this list)."""
    return sorted(_call_table())


def _call_table() -> dict[str, Callable[[Any], Answer]]:
    return {
        "new": new_match,
        "state": lambda _: shown(),
        "act": lambda a: _moved(current().act(a)),
        "ai_move": lambda _: _moved(current().ai_step()),
        "ahead": ahead_op,  # the person's next moves answered ahead, kept beside the save (ahead.py)
        "hint": lambda _: hint(),
        "review": review,
        "replay_deal": lambda _: replay_deal(),  # "Rigioca la smazzata" (briscola/practice.py)
        "replay_end": lambda _: replay_end(),
        "replay_compare": lambda _: replay_compare(),
        "analysis": analysis_op,  # a finished deal's analysis, a slice at a time (web_analysis.py)
        "stats": stats_op,
        "stats_add": lambda a: stats_op(a, add=True),  # "save" comes with a counted match
        "stats_reset": lambda _: stats_op(None),
        "stats_interrupted": stats_interrupted_op,  # an online guest's match whose host is gone for good
        "next_deal": _next_deal,
        "abandon": lambda _: abandon(),
        "stand_in": _then_changed(lambda a: current().set_stand_in(a.get("on") if isinstance(a, dict) else None)),
        "save": lambda _: result({"text": save_text(current().match)}),
        "load": load,
        "timeout": timeout_op,
        "clock": clock_op,
        "rematch": rematch_op,
        # people's seats (issue 14): pass-and-play hands the device on; an online host referees guests
        # (a fair table's pages each hold the match instead: web_fair.py); another page's seat: gone
        # (the computer plays it, op away), its clock (seat_clock, seat_timeout)
        "view": _then_changed(lambda a: current().set_viewer(a.get("seat") if isinstance(a, dict) else None)),
        "guest_updates": lambda a: result(guest_updates(current(), a)),  # what each guest is sent (guests.py)
        "seat_act": lambda a: changed(played=current().seat_act(a)),
        "away": _then_changed(lambda a: current().set_away(*(_pair(a, "seat", "on")))),
        "seat_timeout": lambda a: for_guest(a, lambda s: timeout_op(a, s)),
        "seat_clock": lambda a: for_guest(a, lambda s: clock_op(a, s)),
        **{op: _adopt(fn) for op, fn in tournament_ops.items()},
        **fair_ops,  # the fair deal: what opens, each step checked, the end-of-deal replay (web_fair.py)
        **club_ops,  # an organiser's tournament among people (web_club.py)
        **daily_ops,  # the daily deal (web_daily.py)
    }


def _moved(played: dict[str, Any] | None) -> Answer:
    """A move (or the next deal), answered with the match; at a fair table with what its page sends."""
    session = current()
    return fair_answer(session, played) if session.fair is not None else changed(played=played)


def _next_deal(arg: Any) -> Answer:
    current().next_deal(arg)
    return _moved(None)


def _then_changed(fn: Callable[[Any], None]) -> Callable[[Any], Answer]:
    """An op that changes the match in progress (or raises :class:`Refused`), answered with it."""
    def run(arg: Any) -> Answer:
        fn(arg)
        return changed()
    return run


def _adopt(fn: Callable[[Any], Any]) -> Callable[[Any], Answer]:
    return lambda arg: adopted(fn(arg))


def answer(op: str, arg: str = "null") -> Answer:
    """The answer to one operation (:func:`call`'s, before it becomes JSON)."""
    fn = _call_table().get(op)
    try:
        if fn is None:
            raise BriscolaError(f"unknown operation {op!r}")
        data = jsonsafe.loads(arg, jsonsafe.CALL_CHARS)
    except BriscolaError as exc:
        return failed(DAMAGED.get(op, "bad_input"), exc)
    try:
        return fn(data)
    except Refused as exc:
        return refusal(exc)
    except (SettingError, SaveError) as exc:  # a refused setting (bad_setting) or a damaged save, worded by the page
        return failed("save", exc)
    except RecursionError as exc:  # a last guard: the argument's depth is already limited
        return failed(DAMAGED.get(op, "bad_input"), exc)
    except Exception as exc:  # noqa: BLE001 - the page must get an answer it can show, never a Python exception
        return failed("bad_input", exc)


def call(op: str, arg: str = "null") -> str:
    """One operation from the page: JSON in, JSON out (:mod:`briscola.answers`'s shape); bad input
    is answered ``{"ok": false, "error": ...}``.

    The argument is read by :func:`briscola.jsonsafe.loads` (size and depth limits first): a stored
    save, record, statistics or tournament too big or too deep is reported as damaged, like any
    other damage (:data:`DAMAGED`), and never reaches Python's recursive parser.
    """
    return json.dumps(answer(op, arg))
