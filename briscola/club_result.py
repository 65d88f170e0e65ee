"""What an organiser's typed result means (RULES.md §3, source 004): a match between two pairs told
round by round, as the score sheet at the club's table has it.

A round is told by its card points (``{"points": [61, 59]}``; one of the two may be left out, the
other makes 120 with it) or only by who won it (``{"winner": 0}`` or ``1``, the fixture's first or
second pair; ``{"winner": None}`` a 60–60 round whose points were not written). A 60–60 round is
void and replayed: it counts for nobody. The match ends as soon as a pair has won the rounds it
needs (two of three, three of five, the one round of a *partita secca*): a round told after that
is a mistake, and so is a match told before it ends, unless a pair withdrew (``"conceded": 0|1``:
the other pair wins the match, whatever the rounds played so far say).

>>> r = read_result({"rounds": [{"points": [61, 59]}, {"points": [60, None]}, {"winner": 1}, {"points": [45, 75]}]},
...                 MatchFormat("smazzate", 3, replay_ties=True))
>>> r.winner, r.deals, r.points, r.replayed
(1, (1, 2), (166, 194), 1)
>>> read_result({"rounds": [{"winner": 0}]}, MatchFormat("smazzate", 3, replay_ties=True))
Traceback (most recent call last):
...
briscola.club_result.ResultError: the match is not over: a pair needs 2 rounds
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RulesError
from .match import Match
from .match_format import MatchFormat
from .match_result import replayed

DEAL_POINTS = 120
MAX_ROUNDS = 30
"""More rounds than any match could need, even with many 60–60 replayed: a typed list is cut there."""


class ResultError(RulesError):
    """A typed result that cannot be: ``code`` says why (errors.REASONS), ``params`` the round."""


@dataclass(frozen=True)
class Round:
    """One round: who won it (0 the fixture's first pair, 1 the second, None a void 60–60) and the
    card points of each pair, when they were written."""

    winner: int | None
    points: tuple[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"points": list(self.points)} if self.points is not None else {"winner": self.winner}


@dataclass(frozen=True)
class Result:
    """A finished match as the organiser told it, seen from the fixture's first pair (index 0)."""

    rounds: tuple[Round, ...]
    winner: int
    conceded: int | None = None

    @property
    def deals(self) -> tuple[int, int]:
        """Rounds won by each pair (void rounds count for nobody)."""
        return (sum(r.winner == 0 for r in self.rounds), sum(r.winner == 1 for r in self.rounds))

    @property
    def points(self) -> tuple[int, int]:
        """Card points of each pair over the rounds whose points were written."""
        told = [r.points for r in self.rounds if r.points is not None]
        return (sum(p[0] for p in told), sum(p[1] for p in told))

    @property
    def replayed(self) -> int:
        """How many rounds ended 60–60 and were played again."""
        return sum(r.winner is None for r in self.rounds)

    def swapped(self) -> Result:
        """The same match told from the other pair's side."""
        rounds = tuple(Round(None if r.winner is None else 1 - r.winner, None if r.points is None else r.points[::-1])
                       for r in self.rounds)
        return Result(rounds, 1 - self.winner, None if self.conceded is None else 1 - self.conceded)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rounds": [r.to_json() for r in self.rounds]}
        if self.conceded is not None:
            out["conceded"] = self.conceded
        return out


def needed(fmt: MatchFormat) -> int:
    """Rounds a pair must win to take the match."""
    return 1 if fmt.kind == "punti" else fmt.deals // 2 + 1


def _side(value: Any, what: str) -> int | None:
    if value is None or (value in (0, 1) and not isinstance(value, bool)):
        return value
    raise ResultError(f"{what} is 0 or 1, not {value!r}", code="bad_round", params={"round": 0})


def _round(data: Any, n: int) -> Round:
    """Round ``n`` (1-based, for the messages) from what was typed."""
    if not isinstance(data, dict) or not ({"points"} <= data.keys() or {"winner"} <= data.keys()):
        raise ResultError(f"round {n} says neither its points nor who won it", code="bad_round", params={"round": n})
    if "points" not in data:
        try:
            return Round(_side(data["winner"], "a round's winner"))
        except ResultError:
            raise ResultError(f"round {n}'s winner is 0 or 1", code="bad_round", params={"round": n}) from None
    pts = data["points"]
    ok = isinstance(pts, list) and len(pts) == 2 and pts != [None, None] and all(
        p is None or (isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= DEAL_POINTS) for p in pts)
    if not ok:
        raise ResultError(f"round {n}'s points are two numbers from 0 to {DEAL_POINTS}", code="round_points",
                          params={"round": n})
    a = DEAL_POINTS - pts[1] if pts[0] is None else pts[0]
    b = DEAL_POINTS - a if pts[1] is None else pts[1]
    if a + b != DEAL_POINTS:
        raise ResultError(f"round {n}'s points make {a + b}, not {DEAL_POINTS}", code="round_points",
                          params={"round": n})
    return Round(None if a == b else int(b > a), (a, b))


def read_result(data: Any, fmt: MatchFormat) -> Result:
    """The match a typed result tells (``fmt``: its format); a :class:`ResultError` says what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("rounds"), list):
        raise ResultError("a result is a list of rounds", code="bad_round", params={"round": 0})
    if len(data["rounds"]) > MAX_ROUNDS:
        raise ResultError(f"a match has at most {MAX_ROUNDS} rounds", code="extra_round",
                          params={"round": MAX_ROUNDS + 1})
    conceded = _side(data.get("conceded"), "the pair that withdrew")
    rounds = tuple(_round(r, n) for n, r in enumerate(data["rounds"], 1))
    need, wins, winner = needed(fmt), [0, 0], None
    for n, r in enumerate(rounds, 1):
        if winner is not None:
            raise ResultError(f"the match was over after round {n - 1}", code="extra_round", params={"round": n})
        if r.winner is not None:
            wins[r.winner] += 1
            winner = r.winner if wins[r.winner] == need else None
    if conceded is not None:
        if winner is not None:
            raise ResultError("a pair cannot withdraw from a match already over", code="extra_round",
                              params={"round": len(rounds)})
        return Result(rounds, 1 - conceded, conceded)
    if winner is None:
        raise ResultError(f"the match is not over: a pair needs {need} rounds", code="unfinished",
                          params={"need": need})
    return Result(rounds, winner)


def from_match(match: Match) -> Result:
    """The result of a match played in the app, from side 0's point of view: its finished rounds
    with their points (a replayed 60–60 among them), and who left it, if anyone did."""
    rounds = tuple(Round(None if replayed(d, match) else d.winner(), (d.team_points()[0], d.team_points()[1]))
                   for d in match.deals if d.over)
    conceded = None if match.abandoned is None else match.rules.team_of(match.abandoned[0])
    data = {"rounds": [r.to_json() for r in rounds], **({} if conceded is None else {"conceded": conceded})}
    return read_result(data, match.format)
