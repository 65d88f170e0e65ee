"""The arena: two players meet over duplicate deals, with a confidence interval.

Every deal is played once per seating, with the same deck and dealer, so the
luck of the cards cancels: in two-sided games (2 players, or two teams of 2 or 3)
A plays side 0 then side 1; in games without fixed teams (classica or
Biscambiggia for 3, chiamata for 5) A takes one seat and B all the others, and A
goes round every seat. The score of one game for A (docs/ai.md):

- two sides: 1 for a deal won, 0.5 for a tie (60-60), 0 for a loss;
- three players: the share of B seats that A outscored (a tie counts half), so
  0.5 means even strength;
- chiamata: A's seat's score of RULES.md section 7 (+2 caller win, -1 opponent ...).

The deal's score is the mean over its seatings; the arena reports the mean over
deals with a 95% confidence interval (normal approximation, 1.96 standard errors).
"""

from __future__ import annotations

import json
import random
import shlex
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import jsonsafe
from ..actions import Action, Exchange, action_from_json
from ..errors import BriscolaError
from ..jsonsafe import JsonError
from ..record import Record
from ..state import Deal, shuffled_deck
from ..variants import Rules
from ..view import View, view_of, view_to_json


class ArenaError(BriscolaError, RuntimeError):
    """A player that cannot be started or answers something illegal."""


class Player:
    """Something that picks an action from a view."""

    name = "player"

    def start_game(self, key: str) -> None:  # a new deal/seating begins
        pass

    def act(self, view: View) -> Action:
        raise NotImplementedError

    def close(self) -> None:
        pass


class LevelPlayer(Player):
    """One of our levels (or ``random``), seeded per game."""

    def __init__(self, level: str, seed: int) -> None:
        from . import PLAYERS

        if level not in PLAYERS:
            raise ArenaError(f"unknown player {level!r}: one of {', '.join(PLAYERS)} or cmd:<command>")
        self.name = level
        self.seed = seed
        self.rng = random.Random(seed)

    def start_game(self, key: str) -> None:
        self.rng = random.Random(f"arena:{self.seed}:{key}")

    def act(self, view: View) -> Action:
        from . import choose

        return choose(view, self.name, self.rng)


class CommandPlayer(Player):
    """An outside program speaking the agent protocol on its standard input and output."""

    def __init__(self, command: str) -> None:
        self.name = f"cmd:{command}"
        try:
            self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         text=True, bufsize=1)
        except (OSError, ValueError) as exc:
            raise ArenaError(f"cannot start {command!r}: {exc}") from None

    def act(self, view: View) -> Action:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(view_to_json(view)) + "\n")
            self.proc.stdin.flush()
            line = self.proc.stdout.readline()
        except (OSError, UnicodeDecodeError) as exc:
            raise ArenaError(f"{self.name} stopped: {exc}") from None
        if not line:
            raise ArenaError(f"{self.name} closed its output")
        try:
            data = jsonsafe.loads(line)
        except JsonError:
            raise ArenaError(f"{self.name} answered {line.strip()!r}, not JSON") from None
        if isinstance(data, dict) and "error" in data:
            raise ArenaError(f"{self.name} answered an error: {data['error']}")
        action = action_from_json(data)
        if action not in view.legal:
            raise ArenaError(f"{self.name} answered {line.strip()}, not a legal action here")
        return action

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def make_player(spec: str, seed: int) -> Player:
    if spec.startswith("cmd:"):
        return CommandPlayer(spec[4:])
    return LevelPlayer(spec, seed)


def seatings(rules: Rules) -> list[tuple[int, ...]]:
    """For each game of a duplicate deal, the seats that player A takes."""
    teams = rules.teams
    if len(teams) == 2:
        return [teams[0], teams[1]]
    return [(s,) for s in range(rules.players)]


def arena_deck(rules: Rules, seed: int, i: int) -> tuple[int, list]:
    """The dealer and deck of duplicate deal ``i``."""
    return i % rules.players, shuffled_deck(rules, random.Random(f"arena:{seed}:{i}"))


@dataclass
class Result:
    """The arena's tally."""

    a: str
    b: str
    variant: str
    players: int
    deal_scores: list[float] = field(default_factory=list)
    diffs: list[float] = field(default_factory=list)
    games: int = 0
    latency: dict[str, list[float]] = field(default_factory=lambda: {"A": [], "B": []})
    records: list[dict] | None = None  # with ``keep_records``: each game's record and who sat where (deal order)

    @property
    def score(self) -> float:
        return statistics.fmean(self.deal_scores) if self.deal_scores else 0.0

    @property
    def half_width(self) -> float:
        k = len(self.deal_scores)
        return 1.96 * statistics.stdev(self.deal_scores) / k ** 0.5 if k > 1 else 0.0

    def to_json(self) -> dict:
        def lat(xs: list[float]) -> dict:
            if not xs:
                return {"moves": 0}
            return {"moves": len(xs), "median_ms": 1000 * statistics.median(xs), "max_ms": 1000 * max(xs)}

        return {"a": self.a, "b": self.b, "variant": self.variant, "players": self.players,
                "deals": len(self.deal_scores), "games": self.games, "score": self.score,
                "ci95": self.half_width, "mean_point_difference": statistics.fmean(self.diffs) if self.diffs else 0.0,
                "latency_a": lat(self.latency["A"]), "latency_b": lat(self.latency["B"])}

    def report(self) -> str:
        j = self.to_json()
        kind = "mean chiamata score per deal" if self.variant == "chiamata" else "score"
        lines = [
            f"arena: {self.a} (A) vs {self.b} (B), {self.variant} for {self.players}, "
            f"{j['deals']} duplicate deals ({j['games']} games)",
            f"{kind} of A: {j['score']:.3f} ± {j['ci95']:.3f} (95% CI)",
            f"mean point difference A-B per game: {j['mean_point_difference']:+.2f}",
        ]
        for side in ("a", "b"):
            la = j[f"latency_{side}"]
            if la["moves"]:
                lines.append(f"latency {side.upper()}: median {la['median_ms']:.1f} ms, worst {la['max_ms']:.1f} ms "
                             f"over {la['moves']} moves")
        return "\n".join(lines)


def game_score(deal: Deal, mine: tuple[int, ...]) -> tuple[float, float]:
    """A's score and point difference for one finished game (see the module docstring)."""
    n = deal.rules.players
    if deal.auction is not None:
        if deal.void:
            return 0.0, 0.0
        seat = mine[0]
        side = deal.side_of(seat)
        tp = deal.team_points()
        return float(deal.scores()[seat]), float(tp[side] - tp[1 - side])
    pts = deal.points
    a_pts = sum(pts[s] for s in mine)
    others = [s for s in range(n) if s not in mine]
    if len(deal.rules.teams) == 2:
        b_pts = sum(pts[s] for s in others)
        won = deal.winner()
        a_side = deal.rules.team_of(mine[0])
        return (0.5 if won is None else 1.0 if won == a_side else 0.0), float(a_pts - b_pts)
    share = statistics.fmean(1.0 if a_pts > pts[s] else 0.5 if a_pts == pts[s] else 0.0 for s in others)
    return share, a_pts - statistics.fmean(pts[s] for s in others)


def play_game(rules: Rules, dealer: int, deck: list, seats: dict[int, Player],
              latency: Callable[[int, float], None]) -> Deal:
    """Play one deal to the end, each seat asking its player."""
    deal = Deal(rules, dealer, deck)
    while not deal.over:
        seat = deal.to_move
        view = view_of(deal, seat)
        start = time.perf_counter()
        action = seats[seat].act(view)
        latency(seat, time.perf_counter() - start)
        try:
            deal.apply(action, seat if isinstance(action, Exchange) else None)
        except BriscolaError as exc:
            raise ArenaError(f"{seats[seat].name} played an illegal action {action.to_json()}: {exc}") from None
    return deal


def run_arena(a: str, b: str, variant: str, players: int, deals: int, seed: int = 0,
              options: dict | None = None, progress: Callable[[Result], None] | None = None,
              jobs: int = 1, keep_records: bool = False) -> Result:
    """Play ``deals`` duplicate deals between ``a`` and ``b`` (in ``jobs`` processes).

    Every deal and every player is seeded from ``seed`` and the deal's number, so
    the result is the same whatever ``jobs`` is. ``keep_records``: the result's
    ``records`` hold every game, ``{"deal", "game", "seats", "record"}`` (``seats``: the
    player at each seat), as the analysis' calibration reads them (bench/ai.py).
    """
    rules = Rules.make(variant, players, options or {})
    result = Result(a, b, rules.name, players, records=[] if keep_records else None)
    if jobs <= 1:
        _play_deals(result, rules, a, b, range(deals), seed, progress)
        return result
    from concurrent.futures import ProcessPoolExecutor

    size = max(1, min(CHUNK, -(-deals // jobs)))
    chunks = [range(i, min(deals, i + size)) for i in range(0, deals, size)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = [pool.submit(_chunk, a, b, variant, players, options or {}, chunk, seed, keep_records)
                 for chunk in chunks]
        for part in parts:
            done = part.result()
            result.games += done.games
            if result.records is not None and done.records is not None:
                result.records += done.records
            result.diffs += done.diffs
            for who in ("A", "B"):
                result.latency[who] += done.latency[who]
            for score in done.deal_scores:  # deal by deal, so that progress reports keep their rhythm
                result.deal_scores.append(score)
                if progress is not None:
                    progress(result)
    return result


CHUNK = 25  # deals per task when the arena runs in several processes


def _chunk(a: str, b: str, variant: str, players: int, options: dict, deals: range, seed: int,
           keep_records: bool = False) -> Result:
    rules = Rules.make(variant, players, options)
    result = Result(a, b, rules.name, players, records=[] if keep_records else None)
    _play_deals(result, rules, a, b, deals, seed, None)
    return result


def _play_deals(result: Result, rules: Rules, a: str, b: str, deals: range, seed: int,
                progress: Callable[[Result], None] | None) -> None:
    players = rules.players
    pa, pb = make_player(a, seed), make_player(b, seed + 1)
    try:
        for i in deals:
            dealer, deck = arena_deck(rules, seed, i)
            scores = []
            for g, mine in enumerate(seatings(rules)):
                seats = {s: (pa if s in mine else pb) for s in range(players)}
                pa.start_game(f"{i}:{g}:A")
                pb.start_game(f"{i}:{g}:B")

                def note(seat: int, dt: float, mine: tuple[int, ...] = mine) -> None:
                    result.latency["A" if seat in mine else "B"].append(dt)

                deal = play_game(rules, dealer, deck, seats, note)
                score, diff = game_score(deal, mine)
                scores.append(score)
                result.diffs.append(diff)
                result.games += 1
                if result.records is not None:
                    result.records.append({"deal": i, "game": g, "seats": [seats[s].name for s in range(players)],
                                           "record": Record.of_deal(deal).to_json()})
            result.deal_scores.append(statistics.fmean(scores))
            if progress is not None:
                progress(result)
    finally:
        pa.close()
        pb.close()
