"""A pairs tournament (RULES.md §3, source 004): a round-robin group, then a knockout.

Pairs play 4-player classica. Group matches are best of three deals (a 60–60
deal is dealt again) and a won match is one standing point. Ties in the
standings: between two pairs, their head-to-head; among three or more, a
mini-table of the matches among them (*classifica avulsa*), applied again to
any smaller group it leaves tied; then deals difference, card points
difference, and finally the draw made with the tournament's seed. The top
four meet in semi-finals (1st–4th, 2nd–3rd, best of three with spareggi),
and the final is best of five.

Pair 0 is the player's pair, always side 0 (seats 0 and 2) of its matches.
Matches between computer pairs are played by the caller (the app uses the
AI) through :meth:`Tournament.match_for` and :meth:`Tournament.record`.

>>> t = Tournament(pairs=4, seed=1)
>>> [(f.a, f.b) for f in t.fixtures if f.round == 0]
[(0, 3), (1, 2)]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .errors import IllegalAction, RulesError
from .match import Match, MatchFormat
from .variants import Rules

GROUP_FORMAT = MatchFormat("smazzate", 3, replay_ties=True)
SEMI_FORMAT = MatchFormat("smazzate", 3, knockout=True)
FINAL_FORMAT = MatchFormat("smazzate", 5, knockout=True)


@dataclass(frozen=True)
class Fixture:
    index: int
    stage: str  # "group" | "semi" | "final"
    round: int
    a: int  # pair on side 0
    b: int  # pair on side 1


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

    def __init__(self, pairs: int = 6, seed: int = 0) -> None:
        if isinstance(pairs, bool) or not isinstance(pairs, int) or not 4 <= pairs <= 8:
            raise RulesError(f"a tournament has from 4 to 8 pairs, not {pairs!r}")
        self.pairs, self.seed = pairs, seed
        self.rules = Rules.make("classica", 4)
        self.fixtures: list[Fixture] = []
        self.outcomes: dict[int, Outcome] = {}
        for r, games in enumerate(round_robin(pairs)):
            for a, b in games:
                self._add("group", r, a, b)
        self._lot = list(range(pairs))
        random.Random(f"tournament:{seed}:lot").shuffle(self._lot)

    def _add(self, stage: str, rnd: int, a: int, b: int) -> None:
        if b == 0:
            a, b = b, a
        self.fixtures.append(Fixture(len(self.fixtures), stage, rnd, a, b))

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

    def match_for(self, fixture: Fixture, meta: dict[str, Any] | None = None) -> Match:
        """A new seeded match for a fixture (side 0 is pair ``a``)."""
        fmt = {"group": GROUP_FORMAT, "semi": SEMI_FORMAT, "final": FINAL_FORMAT}[fixture.stage]
        seed = random.Random(f"tournament:{self.seed}:{fixture.index}").randrange(2**31)
        return Match(self.rules, fmt, seed, meta)

    def record(self, fixture: Fixture, match: Match) -> Outcome:
        """Store a finished match's result and open the next stage when one is complete."""
        if fixture != self.next_fixture():
            raise IllegalAction("that is not the next fixture to play")
        if not match.over or match.format != self.match_for(fixture).format:
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
        stages = {f.stage for f in self.fixtures}
        done = all(f.index in self.outcomes for f in self.fixtures)
        if not done:
            return
        if stages == {"group"}:
            top = [row.pair for row in self.standings()][:4]
            self._add("semi", 0, top[0], top[3])
            self._add("semi", 0, top[1], top[2])
        elif "final" not in stages:
            semis = [self.outcomes[f.index].winner for f in self.fixtures if f.stage == "semi"]
            self._add("final", 0, semis[0], semis[1])

    # -------------------------------------------------------------- standings

    def _group_results(self) -> list[tuple[Fixture, Outcome]]:
        return [(f, self.outcomes[f.index]) for f in self.fixtures if f.stage == "group" and f.index in self.outcomes]

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

    def standings(self) -> list[Row]:
        """The group table, best first, with the tie-breaks of source 004."""
        return self._standings({})

    def tie_breaks(self) -> dict[int, str]:
        """For pairs level on standing points, the rule that first ordered them: ``"h2h"``
        (their match), ``"mini"`` (the mini-table among them) or ``"diff"`` (deals, then card
        points difference, then the draw). Level pairs some of which have not played yet are
        left out: nothing has split them."""
        why: dict[int, str] = {}
        self._standings(why)
        return why

    def _standings(self, why: dict[int, str]) -> list[Row]:
        rows = {p: self._row(p) for p in range(self.pairs)}
        ordered: list[int] = []
        for level in sorted({r.standing for r in rows.values()}, reverse=True):
            tied = [p for p in rows if rows[p].standing == level]
            ordered += self._break(tied, why if all(rows[p].played for p in tied) else None)
        return [rows[p] for p in ordered]

    def _break(self, tied: list[int], why: dict[int, str] | None = None) -> list[int]:
        """Order pairs level on points; ``why`` (if given) learns the rule that split them."""
        if len(tied) <= 1:
            return tied
        if len(tied) == 2:
            a, b = tied
            h2h = [o.winner for f, o in self._group_results() if {f.a, f.b} == {a, b}]
            if h2h:
                _note(why, tied, "h2h")
                return [h2h[-1], b if h2h[-1] == a else a]
            _note(why, tied, "diff")
            return self._fallback(tied)
        among = set(tied)
        mini = {p: self._row(p, among).standing for p in tied}
        levels = sorted(set(mini.values()), reverse=True)
        if len(levels) == 1:
            _note(why, tied, "diff")
            return self._fallback(tied)
        _note(why, tied, "mini")
        out: list[int] = []
        for level in levels:
            out += self._break([p for p in tied if mini[p] == level])
        return out

    def _fallback(self, tied: list[int]) -> list[int]:
        """Deals difference, then card points difference, then the seeded draw."""
        rows = {p: self._row(p) for p in tied}
        return sorted(tied, key=lambda p: (-(rows[p].deals_for - rows[p].deals_against),
                                           -(rows[p].points_for - rows[p].points_against),
                                           self._lot.index(p)))

    # ------------------------------------------------------------------ saving

    def to_json(self) -> dict[str, Any]:
        return {"format": "briscola-tournament/1", "pairs": self.pairs, "seed": self.seed,
                "outcomes": [{"fixture": i, "winner": o.winner, "deals": list(o.deals), "points": list(o.points)}
                             for i, o in sorted(self.outcomes.items())]}

    @classmethod
    def from_json(cls, data: Any) -> Tournament:
        """Rebuild a tournament; raises :class:`RulesError` on inconsistent data."""
        if not isinstance(data, dict) or data.get("format") != "briscola-tournament/1":
            raise RulesError("not a saved tournament")
        t = cls(data.get("pairs"), data.get("seed", 0))
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


def _note(why: dict[int, str] | None, pairs: list[int], rule: str) -> None:
    if why is not None:
        why.update(dict.fromkeys(pairs, rule))
