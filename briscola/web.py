"""The page's boundary: the one module of the package that talks to the browser.

The page (static/*.js) draws and animates; every rule is decided here, by the
engine. The page's one Python runs in a Web Worker (static/engine.js, through
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
import random
from collections.abc import Callable
from typing import Any

from . import jsonsafe
from .actions import Action, Bid, CallSuit, Cut, Draw, Exchange, Pass, Play, action_from_json
from .clock import ClockRunning, OutOfTime, reported_ms
from .errors import BriscolaError, RecordError, RulesError, SaveError, SettingError
from .match import Match, MatchFormat
from .match_json import extras
from .record import Record, parse_record
from .rituals import computer_cut
from .variants import Rules
from .view import View, view_of, view_to_json
from .web_checks import DAMAGED, LEVELS, check_meta, error_json, js_int, parse_seed, setting_json

HUMAN = 0
"""The person at the page always sits at seat 0 (bottom of the table)."""


class Session:
    """The match on the page, and who plays which seat."""

    def __init__(self, match: Match) -> None:
        self.match = match

    @property
    def level(self) -> str:
        return str(self.match.meta.get("level", "esperto"))

    def state(self) -> dict[str, Any]:
        """Everything the page draws, as seat 0 may see it."""
        m = self.match
        deal = m.deal
        view = view_of(deal, HUMAN)
        out: dict[str, Any] = {
            "status": m.status,
            "level": self.level,
            "format": m.format.to_dict(),
            "seed": js_int(m.seed),
            "deal_index": len(m.deals) - 1,
            "deal_kind": m.kinds[-1],
            "teams": [list(t) for t in m.rules.teams],
            "sides": [list(s) for s in deal.sides()],
            "team_points": deal.team_points(),
            "view": view_to_json(view),
            "to_move": view.to_move,
            "trick_points": [t.points for t in view.tricks],
            "ai_to_move": self.ai_seat() is not None,
            "match": _result_json(m),
            **extras(m, HUMAN),  # draw, cut, clock, team_piles (briscola/match_json.py)
        }
        if deal.auction is not None and deal.caller is not None:
            # chiamata: the contract is public once the auction is won (the bids were heard by all)
            out["contract"] = {"caller": deal.caller, "target": deal.target}
        if deal.over:
            out["deal_result"] = {
                "winner": deal.winner(),
                "team_points": deal.team_points(),
                "void": deal.void,
                "ended_early": deal.ended_early,
                "scores": deal.scores() if deal.auction is not None else None,
                "target": deal.target if deal.auction is not None else None,
                "hands": [[c.code for c in h] for h in deal.hands],
            }
        return out

    def ai_seat(self) -> int | None:
        """The seat the computer must move now, if any."""
        deal = self.match.deal
        if self.match.over or deal.over or deal.to_move == HUMAN:
            return None
        return deal.to_move

    def act(self, data: Any, seat: int = HUMAN) -> dict[str, Any]:
        """Apply an action for ``seat``; an illegal one is refused with a code the page explains.
        An applied one comes back with the new state and the match's save text (the page stores it
        before it animates the step, so a reload never shows a position the save has not reached).

        With a clock, ``data`` may carry ``"ms"``: the time the seat took; a move too late is not
        played, the seat loses on time (code ``timed_out``)."""
        deal = self.match.deal
        ms = None
        try:
            if isinstance(data, dict) and "ms" in data:
                data = dict(data)
                raw = data.pop("ms")
                ms = None if raw is None else reported_ms(raw)
            action = action_from_json(data)
        except BriscolaError as exc:
            return {"ok": False, "error": {"code": "malformed", "detail": str(exc)}}
        acting = action.seat if isinstance(action, Exchange) else seat
        try:
            self.match.apply(action, seat=acting, ms=ms)
        except OutOfTime as exc:
            self.match.timeout(acting, ms or 0)
            return {"ok": False, "error": {"code": "timed_out", "detail": str(exc)}, "state": self.state()}
        except BriscolaError as exc:  # a refused action changes nothing: the reason is read from the same state
            code = _why_refused(self.match, action, seat) or "illegal"
            return {"ok": False, "error": {"code": code, "detail": str(exc)}, "state": self.state()}
        return {"ok": True, "played": {"seat": seat, **action.to_json()}, "tricks": len(deal.tricks),
                "state": self.state(), "save": save_text(self.match)}

    def ai_rng(self, seat: int) -> random.Random:
        """The generator of the computer's choice at this point of the match: a match replays the same."""
        m = self.match
        return random.Random(f"ai:{m.seed * 1000 + len(m.deals)}:{len(m.deal.history)}")

    def ai_step(self) -> dict[str, Any]:
        """The computer moves for the seat whose turn it is (answered like :meth:`act`)."""
        seat = self.ai_seat()
        if seat is None:
            return {"ok": False, "error": {"code": "not_ai_turn", "detail": "no computer seat to move"},
                    "state": self.state()}
        m = self.match
        if m.deal.phase == "cut":  # the computer cuts where it likes, within the rules' range
            rng = random.Random(f"ai:{m.seed * 1000 + len(m.deals)}:cut")
            return self.act({"cut": computer_cut(len(m.deal.deck), rng)}, seat)
        action = ai_move(view_of(m.deal, seat), self.level, self.ai_rng(seat))
        return self.act(action.to_json(), seat)


def _why_refused(match: Match, action: Action, seat: int) -> str | None:
    """A short code for why the engine refused ``action`` (the page words it); None if none fits."""
    deal = match.deal
    if match.over:
        return "match_over"
    if deal.over:
        return "deal_over"
    if deal.to_move != seat and not isinstance(action, Exchange):
        return "not_your_turn"
    phase_of = {Play: "play", Bid: "auction", Pass: "auction", CallSuit: "call", Draw: "exchange", Exchange: "exchange",
                Cut: "cut"}
    wanted = phase_of.get(type(action))
    if wanted != deal.phase:
        return {"auction": "auction_first", "call": "call_first", "exchange": "exchange_first",
                "cut": "cut_first"}.get(deal.phase, "wrong_phase")
    if action in deal.legal_actions():
        return None
    # Refused within the right phase: name the reason in words the page has in every language.
    if isinstance(action, Play):
        return "not_in_hand"
    return {Exchange: "exchange_refused", Bid: "bid_refused", Cut: "cut_refused"}.get(type(action))


def _result_json(match: Match) -> dict[str, Any]:
    r = match.result()
    return {
        "over": r.over, "winner": r.winner, "sides": [list(s) for s in r.sides],
        "deal_wins": list(r.deal_wins), "points": list(r.points),
        "scores": list(r.scores) if r.scores is not None else None,
        "vp": list(r.vp) if r.vp is not None else None,
        "point_difference": list(r.point_difference) if r.point_difference is not None else None,
        "abandoned_by": r.abandoned_by, "decided_by": r.decided_by, "deals_played": r.deals_played,
        "deals": [d.to_json() for d in r.deals],
    }


# --------------------------------------------------------------------- operations

_session: Session | None = None


def _need_session() -> Session:
    if _session is None:
        raise SaveError("no match in progress")
    return _session


def new_match(settings: dict[str, Any]) -> dict[str, Any]:
    """Start a match from the setup screen's (or the ``?new=`` URL's) settings."""
    global _session
    variant = settings.get("variant", "classica")
    players = settings.get("players", 2)
    rules = Rules.make(variant, players, settings.get("options") or {})
    fmt_data = settings.get("format")
    fmt = MatchFormat.from_dict(fmt_data) if fmt_data else MatchFormat.default(variant, players)
    seed = parse_seed(settings.get("seed"))
    level = settings.get("level", "esperto")
    if level not in LEVELS:
        raise SettingError("level", level, LEVELS)
    _session = Session(Match.new(rules, fmt, seed, meta={"level": level}))
    return with_save(_session.state())


def save_text(match: Match) -> str:
    from .save import save_match

    return save_match(match)


def save() -> dict[str, Any]:
    return {"text": save_text(_need_session().match)}


def with_save(state: dict[str, Any]) -> dict[str, Any]:
    """A state answer with the match's save text beside it (ops that change the match)."""
    return {**state, "save": save_text(_need_session().match)}


def hint() -> dict[str, Any]:
    """Campione's move for the person, with a reason read off the position; no move: ``action`` None."""
    session = _need_session()
    m = session.match
    if m.over or m.deal.over or m.deal.to_move != HUMAN or m.deal.phase == "cut":
        return {"action": None, "key": None, "params": {}}
    action = ai_move(view_of(m.deal, HUMAN), "campione", session.ai_rng(HUMAN))
    return hint_reason(action.to_json())


def load(text: str) -> dict[str, Any]:
    """Resume a saved match; a corrupt or tampered save raises :class:`SaveError`."""
    global _session
    from .save import load_match

    if not isinstance(text, str):
        raise SaveError("the saved match is not text", code="bad_json")
    match = load_match(text)
    check_meta(match.meta)
    _session = Session(match)
    return _session.state()


def hint_reason(action: Any) -> dict[str, Any]:
    """A one-line reason (an i18n key and params) for a suggested action, read off the position."""
    from .hints import reason

    deal = _need_session().match.deal
    act = action_from_json(action)
    if not isinstance(act, Play) or deal.to_move != HUMAN:
        return {"action": act.to_json(), "key": None, "params": {}}
    key, params = reason(deal, HUMAN, act.card)
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
            deal = _need_session().match.deal
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
        m = _need_session().match
        if m.over and not m.meta.get("stats_counted"):
            stats.add_match(m, HUMAN, _need_session().level)
            m.meta["stats_counted"] = True
            counted = True
    data = stats.to_json()
    for line, (_, obj) in zip(data["lines"], sorted(stats.lines.items()), strict=True):
        line["average_points"] = round(obj.average_points, 1)
    out: dict[str, Any] = {"stats": data, "counted": counted}
    if counted:  # the match now says it was counted: the page saves it again
        out["save"] = save_text(_need_session().match)
    return out


# ------------------------------------------------------- the clock, the rematch (rituals, issue 12)

def _ms(arg: Any) -> int:
    return reported_ms(arg.get("ms") if isinstance(arg, dict) else None)


def timeout_op(arg: Any) -> dict[str, Any]:
    """``{"ms": N}``: the person's countdown reached zero, N ms after the last report. The engine
    checks it and applies the timeout; with time left the answer is ``clock_running``."""
    session = _need_session()
    try:
        session.match.timeout(HUMAN, _ms(arg))
    except ClockRunning as exc:
        return {"ok": False, "error": {"code": "clock_running", "detail": str(exc)}, "state": session.state()}
    return {"ok": True, "state": session.state()}


def clock_op(arg: Any) -> dict[str, Any]:
    """``{"ms": N}``: the person thought N ms more without moving (the page pauses the clock: the
    tab is hidden, or it saves). ``timed_out`` if that ran the time out."""
    session = _need_session()
    timed_out = session.match.spend(HUMAN, _ms(arg))
    return {"ok": True, "timed_out": timed_out, "state": session.state()}


def rematch_op(arg: Any) -> dict[str, Any]:
    """The next match against the same opponents, the deal passing on (``{"seed": N}`` optional)."""
    global _session
    session = _need_session()
    seed = arg.get("seed") if isinstance(arg, dict) else None
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SettingError("seed", seed, (), f"the seed must be a whole number, not {seed!r}")
    if "tournament" in session.match.meta:
        raise RulesError("a tournament match has no rematch: the tournament goes on")
    _session = Session(session.match.rematch(seed, meta={"level": session.level}))
    return _session.state()


def _call_table() -> dict[str, Callable[[Any], Any]]:
    from .web_tournament import OPS as tournament_ops  # here: that module imports this one

    return {
        "new": new_match,
        "state": lambda _: _need_session().state(),
        "act": lambda a: _need_session().act(a),
        "ai_act": lambda a: _need_session().act(a["action"], seat=a["seat"]),  # tests drive other seats
        "ai_move": lambda _: _need_session().ai_step(),
        "hint": lambda _: hint(),
        "review": review,
        "stats": stats_op,
        "stats_add": lambda a: stats_op(a, add=True),  # "save" comes with a counted match
        "stats_reset": lambda _: stats_op(None),
        "next_deal": lambda _: (_need_session().match.next_deal(), with_save(_need_session().state()))[1],
        "abandon": lambda _: (_need_session().match.abandon(HUMAN), with_save(_need_session().state()))[1],
        "save": lambda _: save(),
        "load": load,
        "timeout": timeout_op,
        "clock": clock_op,
        "rematch": rematch_op,
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


# --------------------------------------------------------------------- the computer

def ai_move(view: View, level: str, rng: random.Random) -> Action:
    """The computer's choice for this view at this level (briscola.ai)."""
    from .ai import choose  # imported on first use: only the AI worker needs it

    return choose(view, level, rng)
