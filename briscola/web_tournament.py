"""The page's tournament operations (registered in :mod:`briscola.web`'s call table).

Python holds the tournament while the page is open. The page hands it over once,
``tournament_open`` with what it stores (``{"tournament": Tournament.to_json(), "level": ...}``,
checked here: a damaged one is a ``tournament_damaged`` error naming what is wrong), or makes a
new one with ``tournament_new``; after that it only says what happened: play the next computer
slice (``tournament_play_ai``), start the player's match (``tournament_match``), record it
(``tournament_record``). Every answer that changes the tournament carries what the screen draws
(``view``) and the tournament's JSON (``tournament``), which the page stores in one localStorage
key, so a reload resumes it. A worker that starts again holds nothing: its ops answer
``tournament_closed`` and the page hands the stored tournament over again. The player's match
is the ordinary web session.

Matches between two computer pairs are played here, in Python, at level
``esperto`` with a generator seeded by the tournament's seed and the fixture:
the same tournament always gets the same results, whenever they are played.

>>> import json
>>> from briscola import web
>>> t = json.loads(web.call("tournament_new", '{"pairs": 4, "seed": 3, "level": "principiante"}'))["result"]
>>> t["view"]["next"]["a"], t["view"]["next_is_player"]
(0, True)
>>> json.loads(web.call("tournament_play_ai", "{}"))["result"]["played"] is None  # the player's match comes first
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .answers import changed
from .errors import BriscolaError, RulesError
from .match import Match
from .session import ai_move, begin, current, in_progress
from .tournament import SHAPES, Fixture, Tournament
from .view import view_of
from .web_checks import LEVELS, error_json, is_whole, js_int

AI_LEVEL = "esperto"
"""Computer pairs among themselves: fast, and as strong as a decent club player."""


class TournamentDamaged(RulesError):
    """A stored tournament the engine cannot rebuild."""


def _load(arg: Any) -> tuple[Tournament, str]:
    data = arg.get("tournament") if isinstance(arg, dict) else None
    if not isinstance(data, dict):
        raise TournamentDamaged("the saved tournament is not a JSON object", code="bad_shape")
    level = data.get("level", "esperto")
    if not isinstance(level, str) or level not in LEVELS:
        raise TournamentDamaged(f"unknown level {level!r}", code="bad_level")
    _check_saved(data.get("tournament"))
    try:
        return Tournament.from_json(data.get("tournament")), level
    except (BriscolaError, TypeError, ValueError, KeyError, RecursionError) as exc:
        raise TournamentDamaged(str(exc) or type(exc).__name__, code="bad_results") from None


def _check_saved(saved: Any) -> None:
    """Every value of a stored tournament has the right type, so the page can name what is wrong
    (errors.REASONS); whether the results follow the fixtures is :meth:`Tournament.from_json`'s."""
    if not isinstance(saved, dict):
        raise TournamentDamaged("the saved tournament is not a JSON object", code="bad_shape")
    if saved.get("format") != Tournament(4).to_json()["format"]:
        raise TournamentDamaged("not a saved tournament of this version", code="bad_version")
    seed = saved.get("seed", 0)
    if not is_whole(seed) or js_int(seed) != seed:  # the page must hold it exactly
        raise TournamentDamaged("the tournament's seed is not a whole number", code="bad_seed")
    shape = saved.get("shape", "girone")
    if not isinstance(shape, str) or shape not in SHAPES:
        raise TournamentDamaged(f"unknown tournament shape {shape!r}", code="bad_shape", params={"field": "shape"})
    try:
        Tournament(saved.get("pairs"), saved.get("seed", 0), shape)
    except BriscolaError as exc:
        raise TournamentDamaged(str(exc), code="bad_pairs") from None
    outcomes = saved.get("outcomes")
    if not isinstance(outcomes, list):
        raise TournamentDamaged("the saved tournament has no list of results", code="bad_shape",
                                params={"field": "outcomes"})
    for item in outcomes:
        if not isinstance(item, dict) or not all(
                is_whole(v) or (isinstance(v, list) and all(map(is_whole, v))) for v in item.values()):
            raise TournamentDamaged("a result of the tournament is malformed", code="bad_results")


@dataclass
class Held:
    """The tournament Python holds for the page, and the computer pairs' match being played in
    slices (its fixture's index, the match, its generator), if any."""

    tournament: Tournament
    level: str
    playing: tuple[int, Match, random.Random] | None = None


_held: Held | None = None
"""The open tournament: one per page (its worker)."""


class TournamentClosed(RulesError):
    """An operation on the open tournament while none is (a new worker): the page hands it over."""


def _open() -> Held:
    if _held is None:
        raise TournamentClosed("no tournament is open: hand the stored one over first")
    return _held


def _stored(t: Tournament, level: str) -> dict[str, Any]:
    return {"tournament": t.to_json(), "level": level}


def _ident(t: Tournament) -> dict[str, Any]:
    """What the player's matches of this tournament carry in their meta to say whose they are
    (no ``shape`` for a girone: matches saved before shapes existed have none)."""
    return {"seed": t.seed, "pairs": t.pairs, **({} if t.shape.name == "girone" else {"shape": t.shape.name})}


def _fixture_json(t: Tournament, f: Fixture, in_play: int | None = None) -> dict[str, Any]:
    o = t.outcomes.get(f.index)
    nxt = t.next_fixture()
    status = "played" if o is not None else "in_play" if f.index == in_play else \
        "next" if nxt is not None and f.index == nxt.index else "to_play"
    return {"index": f.index, "stage": f.stage, "round": f.round, "a": f.a, "b": f.b, "group": f.group,
            "status": status,
            "outcome": None if o is None else {"winner": o.winner, "deals": list(o.deals), "points": list(o.points)}}


def _in_play(t: Tournament) -> int | None:
    """The fixture being played now, if any: the computers' match being played in slices, or the
    page's match of this tournament not yet recorded (fixtures are played one at a time, in order)."""
    nxt = t.next_fixture()
    if nxt is None:
        return None
    if _held is not None and _held.tournament is t and _held.playing is not None and _held.playing[0] == nxt.index:
        return nxt.index
    info = _session_fixture()
    mine = info is not None and _same_tournament(info, t) and info.get("fixture") == nxt.index
    return nxt.index if mine else None


def view(t: Tournament, level: str) -> dict[str, Any]:
    """What the tournament screen draws: standings in the engine's order (group A's, then group
    B's), fixtures with their status, the knock-out stages, what comes next, and for each pair its
    group matches still to play, whether it is playing now and whether it is out; ``ident`` is
    what says a match is one of this tournament's (its meta's keys; null for one it lacks)."""
    rows = t.standings()
    why = t.tie_breaks()
    nxt = t.next_fixture()
    in_play = _in_play(t)
    playing = next(((f.a, f.b) for f in t.fixtures if f.index == in_play), ())
    out = t.eliminated()
    left = {p: sum(1 for f in t.fixtures if f.stage == "group" and p in (f.a, f.b) and f.index not in t.outcomes)
            for p in range(t.pairs)}
    return {
        "pairs": t.pairs, "seed": t.seed, "level": level, "shape": t.shape.name, "groups": t.shape.groups,
        "ident": {"shape": None, **_ident(t)},
        "standings": [{"pair": r.pair, "played": r.played, "won": r.won, "lost": r.lost, "standing": r.standing,
                       "deals_for": r.deals_for, "deals_against": r.deals_against,
                       "points_for": r.points_for, "points_against": r.points_against, "tiebreak": why.get(r.pair),
                       "group": t.group_of(r.pair), "to_play": left[r.pair], "in_play": r.pair in playing,
                       "out": r.pair in out}
                      for r in rows],
        "fixtures": [_fixture_json(t, f, in_play) for f in t.fixtures],
        "knockout": t.bracket(),
        "rounds": max(f.round for f in t.fixtures if f.stage == "group") + 1,
        "next": None if nxt is None else _fixture_json(t, nxt, in_play),
        "next_is_player": nxt is not None and 0 in (nxt.a, nxt.b),
        "player_left": any(0 in (f.a, f.b) for f in t.fixtures if f.index not in t.outcomes),
        "champion": t.champion, "over": t.over,
    }


def _answer(held: Held, **more: Any) -> dict[str, Any]:
    return {"tournament": _stored(held.tournament, held.level), "view": view(held.tournament, held.level), **more}


def _guard(fn: Callable[[Any], dict[str, Any]]) -> Callable[[Any], dict[str, Any]]:
    """A damaged save becomes a code the page explains (``tournament_damaged``), never a traceback;
    an operation with no tournament open says so (``tournament_closed``)."""
    def run(arg: Any) -> dict[str, Any]:
        try:
            return fn(arg)
        except TournamentDamaged as exc:
            return error_json("tournament_damaged", exc)
        except TournamentClosed as exc:
            return error_json("tournament_closed", exc)
    return run


def _hold(t: Tournament, level: str) -> Held:
    """Hold ``t``; the computers' match in slices carries over when it is still this one's next."""
    global _held
    before, nxt = _held, t.next_fixture()
    keep = before is not None and before.playing is not None and nxt is not None \
        and before.playing[0] == nxt.index and before.tournament.to_json() == t.to_json()
    _held = Held(t, level, before.playing if keep and before is not None else None)
    return _held


def new_tournament(arg: Any) -> dict[str, Any]:
    """``{"pairs": N, "seed": int, "level": ..., "shape": ...}`` -> a fresh tournament, now open
    (shapes and their pairs in :data:`briscola.tournament.SHAPES`; ``girone`` by default)."""
    arg = arg if isinstance(arg, dict) else {}
    level = arg.get("level", "esperto")
    if level not in LEVELS:
        raise RulesError(f"unknown level {level!r} (one of {', '.join(LEVELS)})")
    seed = arg.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the seed must be a whole number, not {seed!r}")
    return _answer(_hold(Tournament(arg.get("pairs", 6), seed, arg.get("shape", "girone")), level))


def open_tournament(arg: Any) -> dict[str, Any]:
    """``{"tournament": stored}``: the page hands its stored tournament over (checked first)."""
    return _answer(_hold(*_load(arg)))


def show(_: Any) -> dict[str, Any]:
    """The open tournament as the screen draws it."""
    return _answer(_open())


def play_ai_match(held: Held, f: Fixture, budget: float | None = None) -> Match | None:
    """Play a fixture between two computer pairs, reproducibly: to its end, or for about ``budget``
    seconds (``None`` then, and the next call goes on from there). Slicing never changes the result:
    the match and its generator carry over, and a lost slice (a reload) starts the match again."""
    t = held.tournament
    if held.playing is None or held.playing[0] != f.index:
        held.playing = (f.index, t.match_for(f), random.Random(f"tournament:{t.seed}:ai:{f.index}"))
    _, m, rng = held.playing
    stop = None if budget is None else time.perf_counter() + budget
    while not m.over:
        if m.deal.over:
            m.next_deal()
        else:
            seat = m.deal.to_move
            m.apply(ai_move(view_of(m.deal, seat), AI_LEVEL, rng), seat)
        if stop is not None and not m.over and time.perf_counter() > stop:
            return None  # at least one step per call, so a slice always moves on
    held.playing = None
    return m


def play_ai(arg: Any) -> dict[str, Any]:
    """Play the open tournament's next fixture if it is between computer pairs. ``budget_ms`` keeps
    each call short: ``"busy": true`` until the match is over and recorded."""
    held = _open()
    t = held.tournament
    f = t.next_fixture()
    if f is None or 0 in (f.a, f.b):
        return _answer(held, played=None)
    budget = arg.get("budget_ms") if isinstance(arg, dict) else None
    m = play_ai_match(held, f, None if not isinstance(budget, int | float) else budget / 1000)
    if m is None:
        return {"busy": True, "played": None}
    t.record(f, m)
    return _answer(held, played=_fixture_json(t, f))


def start_match(_: Any) -> dict[str, Any]:
    """The player's next match of the open tournament becomes the page's match (seats 0 and 2 are
    pair 0)."""
    held = _open()
    t = held.tournament
    f = t.next_fixture()
    if f is None or 0 not in (f.a, f.b):
        raise RulesError("the next match of the tournament is not the player's")
    info = {"seed": t.seed, "pairs": t.pairs, "fixture": f.index, "stage": f.stage, "round": f.round,
            "opponent": f.b, **_ident(t)}
    meta = {"level": held.level, "tournament": info}
    begin(t.match_for(f, meta))
    return changed()


def _session_fixture() -> dict[str, Any] | None:
    s = in_progress()
    info = s.match.meta.get("tournament") if s is not None else None
    return info if isinstance(info, dict) else None


def _same_tournament(info: dict[str, Any], t: Tournament) -> bool:
    return (info.get("seed"), info.get("pairs"), info.get("shape", "girone")) == (t.seed, t.pairs, t.shape.name)


def record(_: Any) -> dict[str, Any]:
    """Record the page's finished match into the open tournament it belongs to (once: a repeat is
    a no-op); ``fixture`` is the fixture recorded, with its outcome."""
    held = _open()
    t = held.tournament
    info = _session_fixture()
    if info is None or not _same_tournament(info, t):
        raise RulesError("the match on the page is not from this tournament")
    index = info.get("fixture")
    done = next((f for f in t.fixtures if f.index == index), None)
    if index in t.outcomes and done is not None:
        return _answer(held, recorded=False, fixture=_fixture_json(t, done))
    f = t.next_fixture()
    if f is None or f.index != index:
        raise RulesError("the match on the page is not the tournament's next fixture")
    t.record(f, current().match)
    return _answer(held, recorded=True, fixture=_fixture_json(t, f))


OPS: dict[str, Callable[[Any], Any]] = {
    "tournament_new": new_tournament,
    "tournament_open": _guard(open_tournament),
    "tournament_view": _guard(show),
    "tournament_play_ai": _guard(play_ai),
    "tournament_match": _guard(start_match),
    "tournament_record": _guard(record),
}
