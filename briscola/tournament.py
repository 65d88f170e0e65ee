"""A pairs tournament (RULES.md §3, source 004): round-robin groups, then a knockout.

Pairs play 4-player classica, partners showing each other their hands when the stock ends
(*mostra carte*), and in every round a 60–60 deal is void and dealt again (no spareggi). A won
match is one standing point. Ties in a group's standings: between two pairs, their head-to-head;
among three or more, a mini-table of the matches among them (*classifica avulsa*), applied again
to any smaller group it leaves tied; then deals difference, card points difference, and finally
the draw made with the tournament's seed. Three shapes (:data:`SHAPES`):

- ``girone``: one group of 4 to 8 pairs, best of three deals; its top four in semi-finals
  (1st–4th, 2nd–3rd, best of three); the final is best of five.
- ``due_gironi``: the club's men's tournament, two groups of nine pairs (any even number from 8
  to 18, half in each); the top four of each into quarter-finals A1–B4, B2–A3, B1–A4, A2–B3
  (best of three), semi-finals, and a best-of-five final.
- ``secca``: the club's women's tournament, one group of 4 to 10 pairs whose matches are single
  deals (*partita secca*), as are the semi-finals; the final is best of five.

Pair 0 is the player's pair, always side 0 (seats 0 and 2) of its matches, and in group A.
Matches between computer pairs are played by the caller (the app uses the AI) through
:meth:`Tournament.match_for` and :meth:`Tournament.record`. An organiser's tournament among
people (:mod:`briscola.club`) has no player's pair (``player=None``), its own :class:`Shape`
(groups may differ by one pair) and enters results in any order (:meth:`Tournament.enter`).

>>> t = Tournament(pairs=4, seed=1)
>>> [(f.a, f.b) for f in t.fixtures if f.round == 0]
[(0, 3), (1, 2)]
>>> t = Tournament(pairs=18, seed=1, shape="due_gironi")
>>> len(t.fixtures), [(f.group, f.a, f.b) for f in t.fixtures][:5]
(72, [(0, 1, 8), (0, 2, 7), (0, 3, 6), (0, 4, 5), (1, 10, 17)])
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, RulesError
from .match import Match, MatchFormat
from .variants import Rules

GROUP_FORMAT = MatchFormat("smazzate", 3, replay_ties=True)
SEMI_FORMAT = MatchFormat("smazzate", 3, replay_ties=True)
FINAL_FORMAT = MatchFormat("smazzate", 5, replay_ties=True)
SECCA_FORMAT = MatchFormat("punti", replay_ties=True)
LEGACY_FORMATS = {"semi": MatchFormat("smazzate", 3, knockout=True), "final": MatchFormat("smazzate", 5, knockout=True)}
"""Knock-out formats of saves made before every round replayed its ties: a match started then
may still be recorded."""
RULES = Rules.make("classica", 4, {"mostra_carte": True})


@dataclass(frozen=True)
class Shape:
    """One way to run the tournament: groups, how many pairs, the knock-out stages, the formats."""

    name: str
    groups: int
    pairs: tuple[int, ...]
    knockout: tuple[str, ...]
    formats: dict[str, MatchFormat]


SHAPES: dict[str, Shape] = {s.name: s for s in (
    Shape("girone", 1, tuple(range(4, 9)), ("semi", "final"),
          {"group": GROUP_FORMAT, "semi": SEMI_FORMAT, "final": FINAL_FORMAT}),
    Shape("due_gironi", 2, tuple(range(8, 19, 2)), ("quarter", "semi", "final"),
          {"group": GROUP_FORMAT, "quarter": SEMI_FORMAT, "semi": SEMI_FORMAT, "final": FINAL_FORMAT}),
    Shape("secca", 1, tuple(range(4, 11)), ("semi", "final"),
          {"group": SECCA_FORMAT, "semi": SECCA_FORMAT, "final": FINAL_FORMAT}),
)}


FIRST_KNOCKOUT: dict[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]] = {
    1: (((0, 0), (0, 3)), ((0, 1), (0, 2))),  # 1st-4th, 2nd-3rd
    2: (((0, 0), (1, 3)), ((1, 1), (0, 2)), ((1, 0), (0, 3)), ((0, 1), (1, 2))),  # A1-B4, B2-A3, B1-A4, A2-B3
}
"""Who meets whom when the group stage ends, by number of groups: (group, place counted from 0)
for each side. Later stages pair the winners in order: 1st and 2nd match's, 3rd and 4th's."""


@dataclass(frozen=True)
class Fixture:
    index: int
    stage: str  # "group" | "quarter" | "semi" | "final"
    round: int
    a: int  # pair on side 0
    b: int  # pair on side 1
    group: int | None = None  # 0 (A) or 1 (B) for group matches


@dataclass(frozen=True)
class Outcome:
    """A finished match between two pairs."""

    winner: int
    deals: tuple[int, int]  # deals won by a and b
    points: tuple[int, int]  # card points of a and b over the match


@dataclass(frozen=True)
class Row:
    pair: int
    played: int
    won: int
    lost: int
    standing: int  # one point per match won
    deals_for: int
    deals_against: int
    points_for: int
    points_against: int


def round_robin(pairs: int) -> list[list[tuple[int, int]]]:
    """Rounds of the circle method; pair 0 stays put and is always listed first."""
    seats = list(range(pairs)) + ([None] if pairs % 2 else [])
    n = len(seats)
    rounds = []
    for _ in range(n - 1):
        games = []
        for i in range(n // 2):
            a, b = seats[i], seats[n - 1 - i]
            if a is not None and b is not None:
                games.append((a, b) if a < b else (b, a))
        rounds.append(games)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


class Tournament:
    """State of a tournament; mutated through :meth:`record`."""

    def __init__(self, pairs: int = 6, seed: int = 0, shape: str | Shape = "girone", player: int | None = 0) -> None:
        if isinstance(shape, str) and shape not in SHAPES:
            raise RulesError(f"unknown tournament shape {shape!r} (one of {', '.join(SHAPES)})")
        self.shape = shape if isinstance(shape, Shape) else SHAPES[shape]
        allowed = self.shape.pairs
        if isinstance(pairs, bool) or not isinstance(pairs, int) or pairs not in allowed:
            even = " (an even number)" if self.shape.groups > 1 and all(p % 2 == 0 for p in allowed) else ""
            raise RulesError(f"a {self.shape.name} tournament has from {allowed[0]} to {allowed[-1]} pairs{even}, "
                             f"not {pairs!r}")
        self.pairs, self.seed, self.player = pairs, seed, player
        self.rules = RULES
        self.fixtures: list[Fixture] = []
        self.outcomes: dict[int, Outcome] = {}
        # Groups as even as can be, the first ones a pair bigger: 17 pairs are groups of 9 and 8.
        groups = self.shape.groups
        self.sizes = tuple(pairs // groups + (g < pairs % groups) for g in range(groups))
        self.starts = tuple(sum(self.sizes[:g]) for g in range(groups))
        schedules = [round_robin(size) for size in self.sizes]
        for r in range(max(map(len, schedules))):
            for g, rounds in enumerate(schedules):
                for a, b in rounds[r] if r < len(rounds) else ():
                    self._add("group", r, a + self.starts[g], b + self.starts[g], g)
        self._lot = list(range(pairs))
        random.Random(f"tournament:{seed}:lot").shuffle(self._lot)

    def _add(self, stage: str, rnd: int, a: int, b: int, group: int | None = None) -> None:
        if self.player is not None and b == self.player:
            a, b = b, a
        self.fixtures.append(Fixture(len(self.fixtures), stage, rnd, a, b, group))

    def group_of(self, pair: int) -> int:
        return max(g for g, start in enumerate(self.starts) if pair >= start)

    # --------------------------------------------------------------- progress

    def next_fixture(self) -> Fixture | None:
        """The first fixture not yet played, or ``None`` when the tournament is over."""
        return next((f for f in self.fixtures if f.index not in self.outcomes), None)

    @property
    def over(self) -> bool:
        return self.champion is not None

    @property
    def champion(self) -> int | None:
        final = next((f for f in self.fixtures if f.stage == "final"), None)
        if final is None or final.index not in self.outcomes:
            return None
        return self.outcomes[final.index].winner

    def eliminated(self) -> set[int]:
        """Pairs out of the tournament: not qualified from a finished group stage, or beaten in the
        knockout."""
        out = {f.b if self.outcomes[f.index].winner == f.a else f.a for f in self.fixtures
               if f.stage != "group" and f.index in self.outcomes}
        if any(f.stage != "group" for f in self.fixtures):
            qualified = {p for f in self.fixtures if f.stage == self.shape.knockout[0] for p in (f.a, f.b)}
            out |= set(range(self.pairs)) - qualified
        return out

    def format_for(self, fixture: Fixture) -> MatchFormat:
        return self.shape.formats[fixture.stage]

    def match_for(self, fixture: Fixture, meta: dict[str, Any] | None = None) -> Match:
        """A new seeded match for a fixture (side 0 is pair ``a``)."""
        seed = random.Random(f"tournament:{self.seed}:{fixture.index}").randrange(2**31)
        return Match(self.rules, self.format_for(fixture), seed, meta)

    def enter(self, fixture: Fixture, outcome: Outcome) -> None:
        """Store the result of any fixture of the stage being played (people's matches end in any
        order), and open the next stage once this one is complete."""
        # Stages open one after another: the one being played is the last fixture's.
        known = 0 <= fixture.index < len(self.fixtures) and self.fixtures[fixture.index] == fixture
        if not known or fixture.index in self.outcomes or fixture.stage != self.fixtures[-1].stage:
            raise IllegalAction("that fixture is not one still to play")
        if outcome.winner not in (fixture.a, fixture.b):
            raise IllegalAction("the winner of a match is one of its pairs")
        self.outcomes[fixture.index] = outcome
        self._advance()

    def record(self, fixture: Fixture, match: Match) -> Outcome:
        """Store a finished match's result and open the next stage when one is complete."""
        if fixture != self.next_fixture():
            raise IllegalAction("that is not the next fixture to play")
        legacy = LEGACY_FORMATS.get(fixture.stage) if self.shape.name == "girone" else None
        if not match.over or match.format not in (self.format_for(fixture), legacy):
            raise IllegalAction("the match for this fixture is not over")
        res = match.result()
        if res.winner is None:
            raise IllegalAction("a tournament match needs a winner")
        outcome = Outcome(fixture.a if res.winner == 0 else fixture.b,
                          (res.deal_wins[0], res.deal_wins[1]), (res.points[0], res.points[1]))
        self.outcomes[fixture.index] = outcome
        self._advance()
        return outcome

    def _advance(self) -> None:
        """Open the next knock-out stage once every fixture so far is played."""
        if len(self.outcomes) < len(self.fixtures):
            return
        last = self.fixtures[-1].stage
        if last == "final":
            return
        stages = ("group", *self.shape.knockout)
        stage = stages[stages.index(last) + 1]
        if last == "group":
            tables = [[r.pair for r in self.standings(g)] for g in range(self.shape.groups)]
            games = [(tables[ga][pa], tables[gb][pb]) for (ga, pa), (gb, pb) in FIRST_KNOCKOUT[self.shape.groups]]
        else:
            won = [self.outcomes[f.index].winner for f in self.fixtures if f.stage == last]
            games = list(zip(won[::2], won[1::2], strict=True))
        for a, b in games:
            self._add(stage, 0, a, b)

    def bracket(self) -> list[dict[str, Any]]:
        """The knock-out stages in order, each with who will meet there before it is drawn: a place
        in a group (``group`` None with one group) or the winner of an earlier stage's ``n``-th match.

        >>> Tournament(6).bracket()[1]
        {'stage': 'final', 'pending': [[{'winner_of': 'semi', 'n': 1}, {'winner_of': 'semi', 'n': 2}]]}
        """
        stages = self.shape.knockout
        first = [[{"place": place + 1, "group": group if self.shape.groups > 1 else None} for group, place in game]
                 for game in FIRST_KNOCKOUT[self.shape.groups]]
        out = [{"stage": stages[0], "pending": first}]
        for before, stage in zip(stages, stages[1:], strict=False):
            winners = [{"winner_of": before, "n": n + 1} for n in range(len(out[-1]["pending"]))]
            games = zip(winners[::2], winners[1::2], strict=True)
            out.append({"stage": stage, "pending": [list(game) for game in games]})
        return out

    # -------------------------------------------------------------- standings

    def _group_results(self) -> list[tuple[Fixture, Outcome]]:
        # Asked for every row and every tie: made once per set of results (outcomes are only added).
        mark = (len(self.outcomes), len(self.fixtures))
        if getattr(self, "_results_at", None) != mark:
            self._results_at = mark
            self._results = [(f, self.outcomes[f.index]) for f in self.fixtures
                             if f.stage == "group" and f.index in self.outcomes]
        return self._results

    def _row(self, pair: int, among: set[int] | None = None) -> Row:
        won = lost = df = da = pf = pa = 0
        for f, o in self._group_results():
            if pair not in (f.a, f.b) or (among is not None and not {f.a, f.b} <= among):
                continue
            me = 0 if pair == f.a else 1
            won += o.winner == pair
            lost += o.winner != pair
            df, da = df + o.deals[me], da + o.deals[1 - me]
            pf, pa = pf + o.points[me], pa + o.points[1 - me]
        return Row(pair, won + lost, won, lost, won, df, da, pf, pa)

    def standings(self, group: int | None = None) -> list[Row]:
        """A group's table, best first, with the tie-breaks of source 004; without ``group``,
        every group's table, group A's first."""
        groups = range(self.shape.groups) if group is None else (group,)
        return [row for g in groups for row in self._standings({}, g)]

    def tie_breaks(self) -> dict[int, str]:
        """For pairs level on standing points, the rule that first ordered them: ``"h2h"``
        (their match), ``"mini"`` (the mini-table among them) or ``"diff"`` (deals, then card
        points difference, then the draw). Level pairs some of which have not played yet are
        left out: nothing has split them."""
        return {p: next(s["rule"] for s in steps if s.get("split", True)) for p, steps in self.tie_reasons().items()}

    def tie_reasons(self) -> dict[int, list[dict[str, Any]]]:
        """For pairs level on standing points (every one of them has played), each rule that
        ordered them, in the order applied: ``{"rule": "h2h", "with": [q], "ahead": bool}`` (their
        match, won or lost), ``{"rule": "mini", "with": [...], "points": n, "split": bool}`` (n
        standing points in the mini-table among them, *classifica avulsa*; ``split`` false when it
        leaves them all level), then maybe again for those it leaves level;
        ``{"rule": "diff", "with": [...], "by": "deals" | "points" | "lot"}`` (what split this pair
        from the others level with it: deals difference, card points difference, the draw).

        >>> t = Tournament(4, 1)
        >>> for f in t.fixtures:  # 0 beats 1, 1 beats 2, 2 beats 0, and 3 loses all
        ...     w = f.a if (f.a, f.b) in ((0, 1), (1, 2), (2, 0)) or f.b == 3 else f.b
        ...     t.outcomes[f.index] = Outcome(w, (2, 0) if w == f.a else (0, 2), (130, 110) if w == f.a else (110, 130))
        >>> t.tie_reasons()[0]
        [{'rule': 'mini', 'with': [1, 2], 'points': 1, 'split': False}, {'rule': 'diff', 'with': [1, 2], 'by': 'lot'}]
        """
        return self.tables()[1]

    def tables(self) -> tuple[list[list[Row]], dict[int, list[dict[str, Any]]]]:
        """Every group's table (:meth:`standings`) and the reasons of its ties (:meth:`tie_reasons`),
        worked out once."""
        why: dict[int, list[dict[str, Any]]] = {}
        return [self._standings(why, g) for g in range(self.shape.groups)], why

    def _standings(self, why: dict[int, list[dict[str, Any]]], group: int) -> list[Row]:
        rows = {p: self._row(p) for p in range(self.pairs) if self.group_of(p) == group}
        ordered: list[int] = []
        for level in sorted({r.standing for r in rows.values()}, reverse=True):
            tied = [p for p in rows if rows[p].standing == level]
            ordered += self._break(tied, why if all(rows[p].played for p in tied) else None)
        return [rows[p] for p in ordered]

    def _break(self, tied: list[int], why: dict[int, list[dict[str, Any]]] | None = None) -> list[int]:
        """Order pairs level on points; ``why`` (if given) learns each rule that split them."""
        if len(tied) <= 1:
            return tied
        if len(tied) == 2:
            a, b = tied
            h2h = [o.winner for f, o in self._group_results() if {f.a, f.b} == {a, b}]
            if h2h:
                first, second = h2h[-1], b if h2h[-1] == a else a
                _note(why, first, {"rule": "h2h", "with": [second], "ahead": True})
                _note(why, second, {"rule": "h2h", "with": [first], "ahead": False})
                return [first, second]
            return self._fallback(tied, why)
        among = set(tied)
        rows = {p: self._row(p, among) for p in tied}
        if not any(r.played for r in rows.values()):  # they have not met yet: no mini-table to speak of
            return self._fallback(tied, why)
        mini = {p: r.standing for p, r in rows.items()}
        levels = sorted(set(mini.values()), reverse=True)
        for p in tied:
            others = [q for q in tied if q != p]
            _note(why, p, {"rule": "mini", "with": others, "points": mini[p], "split": len(levels) > 1})
        if len(levels) == 1:
            return self._fallback(tied, why)
        out: list[int] = []
        for level in levels:
            out += self._break([p for p in tied if mini[p] == level], why)
        return out

    def _fallback(self, tied: list[int], why: dict[int, list[dict[str, Any]]] | None = None) -> list[int]:
        """Deals difference, then card points difference, then the seeded draw."""
        rows = {p: self._row(p) for p in tied}
        keys = {p: (-(rows[p].deals_for - rows[p].deals_against), -(rows[p].points_for - rows[p].points_against),
                    self._lot.index(p)) for p in tied}
        for p in tied:  # what split p from every other: the last criterion any of them needed
            by = max(next(i for i in range(3) if keys[p][i] != keys[q][i]) for q in tied if q != p)
            _note(why, p, {"rule": "diff", "with": [q for q in tied if q != p], "by": ("deals", "points", "lot")[by]})
        return sorted(tied, key=keys.__getitem__)

    # ------------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        return {"format": "briscola-tournament/1", "shape": self.shape.name, "pairs": self.pairs, "seed": self.seed,
                "outcomes": [{"fixture": i, "winner": o.winner, "deals": list(o.deals), "points": list(o.points)}
                             for i, o in sorted(self.outcomes.items())]}

    @classmethod
    def from_json(cls, data: Any) -> Tournament:
        """Rebuild a tournament (saved before shapes existed: ``girone``); raises
        :class:`RulesError` on inconsistent data."""
        if not isinstance(data, dict) or data.get("format") != "briscola-tournament/1":
            raise RulesError("not a saved tournament")
        t = cls(data.get("pairs"), data.get("seed", 0), data.get("shape", "girone"))
        outcomes = data.get("outcomes")
        if not isinstance(outcomes, list):
            raise RulesError("the saved tournament has no outcomes list")
        for item in outcomes:
            f = t.next_fixture()
            try:
                ok = f is not None and item["fixture"] == f.index and item["winner"] in (f.a, f.b)
                outcome = Outcome(item["winner"], tuple(item["deals"]), tuple(item["points"]))
            except (KeyError, TypeError):
                ok = False
            if not ok or len(outcome.deals) != 2 or len(outcome.points) != 2:
                raise RulesError("the saved tournament's results do not follow its fixtures")
            t.outcomes[f.index] = outcome  # type: ignore[union-attr]
            t._advance()
        return t


def _note(why: dict[int, list[dict[str, Any]]] | None, pair: int, step: dict[str, Any]) -> None:
    if why is not None:
        why.setdefault(pair, []).append(step)
