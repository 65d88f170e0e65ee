"""The result of a match: winner, deals won, points, VP and point difference (RULES.md §3)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .match_format import MatchFormat
from .scoring import VP_ABANDON_FLOOR, VP_DRAW, VP_LOSS, VP_WIN, point_difference
from .state import Deal
from .variants import Rules


class Played(Protocol):
    """What a result is read from: a match's rules, format, deals so far and how it stopped.

    :class:`briscola.match.Match` is one; the result never needs more, so this module does not
    import the match's.
    """

    rules: Rules
    format: MatchFormat
    deals: list[Deal]
    kinds: list[str]
    abandoned: tuple[int, bool] | None

    @property
    def deal(self) -> Deal: ...

    @property
    def over(self) -> bool: ...


ABANDON_CAP = 20  # at most this many uncaptured points go to the side that stays


@dataclass(frozen=True)
class DealSummary:
    """One deal of a match as a summary tells it.

    ``kind`` is ``"deal"``, ``"replay"`` (dealt again after a void or replayed tie) or
    ``"spareggio"``, numbered by ``spareggio`` (1 to 3). ``winner`` indexes ``sides`` (the deal's:
    chiamata ``(caller side, opponents)``), ``None`` for a tie, a void deal or one still played.
    ``counted`` says whether the deal counts among the format's deals, ``replayed`` whether it was
    void and dealt again; ``last_trick`` is the seat that took the last trick.
    """

    kind: str
    spareggio: int | None
    over: bool
    winner: int | None
    sides: tuple[tuple[int, ...], ...]
    team_points: tuple[int, ...]
    counted: bool
    replayed: bool
    last_trick: int | None

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "spareggio": self.spareggio, "over": self.over, "winner": self.winner,
                "sides": [list(s) for s in self.sides], "team_points": list(self.team_points),
                "counted": self.counted, "replayed": self.replayed, "last_trick": self.last_trick}


@dataclass(frozen=True)
class MatchResult:
    """Where a match stands (final once ``over``). Sides are ``rules.teams`` (chiamata: seats).

    ``decided_by`` is ``"deals"``, ``"spareggio"``, ``"last_trick"`` (third tied
    tie-break), ``"abandon"``, ``"timeout"``, ``"draw"``, or ``None`` while playing.
    ``deal_wins`` counts the deals each side won as the rules count them: the format's deals and
    the spareggi (a tie-break deal is a deal won by whoever makes more points); replayed and tied
    deals count for nobody. ``deals`` tells every deal (:class:`DealSummary`).
    ``vp`` and ``point_difference`` are per side, for two-sided matches only; ``vp_scored`` says
    whether the format scores them (:meth:`MatchFormat.scores_vp`): a summary shows them only then.
    """

    over: bool
    winner: int | None
    sides: tuple[tuple[int, ...], ...]
    deal_wins: tuple[int, ...]
    points: tuple[int, ...]
    scores: tuple[int, ...] | None
    vp: tuple[int, ...] | None
    point_difference: tuple[int, ...] | None
    abandoned_by: int | None
    decided_by: str | None
    deals_played: int
    deals: tuple[DealSummary, ...] = ()
    vp_scored: bool = False


def deal_outcome(deal: Deal) -> int | None:
    """The winning side of a finished deal (``rules.teams`` index; chiamata: 0 caller side), or None."""
    return deal.winner() if deal.over else None


def replayed(deal: Deal, match: Played) -> bool:
    """Whether a finished deal is dealt again: all passed, or a tie under *ripeti la smazzata pari*."""
    fmt = match.format
    return deal.void or (deal.over and deal_outcome(deal) is None and fmt.replay_ties and fmt.kind != "chiamata")


def counted_deals(match: Played) -> list[Deal]:
    """Finished deals that count towards the format (no replays, no spareggi)."""
    return [d for d, k in zip(match.deals, match.kinds, strict=True)
            if k != "spareggio" and d.over and not replayed(d, match)]


def deal_wins(rules: Rules, deals: list[Deal]) -> list[int]:
    wins = [0] * len(rules.teams)
    if rules.name == "chiamata":
        return wins
    for d in deals:
        w = deal_outcome(d)
        if w is not None:
            wins[w] += 1
    return wins


def summaries(match: Played) -> tuple[DealSummary, ...]:
    """Every deal of the match so far, in order."""
    out = []
    spareggi = 0
    for d, kind in zip(match.deals, match.kinds, strict=True):
        spareggi += kind == "spareggio"
        again = replayed(d, match)
        out.append(DealSummary(
            kind=kind, spareggio=spareggi if kind == "spareggio" else None, over=d.over,
            winner=deal_outcome(d), sides=d.sides(), team_points=tuple(d.team_points()),
            counted=kind != "spareggio" and d.over and not again, replayed=again,
            last_trick=d.tricks[-1].winner if d.tricks else None))
    return tuple(out)


def _side_points(match: Played) -> list[int]:
    n_sides = len(match.rules.teams)
    totals = [0] * n_sides
    for d in match.deals:
        if match.rules.name == "chiamata":
            for seat, p in enumerate(d.points):
                totals[seat] += p
        else:
            for i, p in enumerate(d.team_points()):
                totals[i] += p
    return totals


def _winner(match: Played, wins: list[int], points: list[int], scores: list[int] | None) -> tuple[int | None, str]:
    rules, fmt = match.rules, match.format
    if match.abandoned is not None:
        loser = rules.team_of(match.abandoned[0])
        others = [i for i in range(len(rules.teams)) if i != loser]
        best = max(others, key=lambda i: (wins[i], points[i]))
        tied = [i for i in others if (wins[i], points[i]) == (wins[best], points[best])]
        return (best if len(tied) == 1 else None), ("timeout" if match.abandoned[1] else "abandon")
    if match.kinds[-1] == "spareggio":
        last = match.deal
        outcome = deal_outcome(last)
        if outcome is not None:
            return outcome, "spareggio"
        return 1 - rules.team_of(last.tricks[-1].winner), "last_trick"
    if scores is not None:
        top = max(scores)
        return (scores.index(top) if scores.count(top) == 1 else None), "deals"
    top = max(wins)
    if fmt.kind == "first_to":
        return wins.index(top), "deals"
    return (wins.index(top), "deals") if wins.count(top) == 1 else (None, "draw")


def _abandon_points(match: Played, points: list[int]) -> list[int]:
    """Points after giving the uncaptured ones (at most 20) to the side that stays."""
    seat = match.abandoned[0]  # type: ignore[index]
    loser = match.rules.team_of(seat)
    deal = match.deal
    uncaptured = 0 if deal.over else sum(match.rules.card_points) - sum(deal.points)
    adjusted = list(points)
    adjusted[1 - loser] += min(ABANDON_CAP, uncaptured)
    return adjusted


def _vp_and_difference(match: Played, winner: int | None, points: list[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    if match.abandoned is not None:
        loser = match.rules.team_of(match.abandoned[0])
        adjusted = _abandon_points(match, points)
        real = adjusted[1 - loser] - adjusted[loser]
        real = max(real, 0)  # the side that left is still ahead: the difference is 0
        vp = [VP_LOSS, VP_LOSS]
        vp[1 - loser] = VP_WIN if real > 0 else VP_ABANDON_FLOOR
        pd = [0, 0]
        pd[1 - loser], pd[loser] = point_difference(real), -point_difference(real)
        return tuple(vp), tuple(pd)
    vp = (VP_DRAW, VP_DRAW) if winner is None else (VP_WIN, VP_LOSS) if winner == 0 else (VP_LOSS, VP_WIN)
    real = points[0] - points[1]
    return vp, (point_difference(real), point_difference(-real))


def compute_result(match: Played) -> MatchResult:
    rules = match.rules
    counted = counted_deals(match)
    wins = deal_wins(rules, counted)
    spareggi = [d for d, k in zip(match.deals, match.kinds, strict=True) if k == "spareggio"]
    shown_wins = [w + s for w, s in zip(wins, deal_wins(rules, spareggi), strict=True)]
    points = _side_points(match)
    scores = None
    if rules.name == "chiamata":
        scores = [sum(d.scores()[s] for d in match.deals) for s in range(rules.players)]
    over = match.over
    winner, decided = _winner(match, wins, points, scores) if over else (None, None)
    vp = pd = None
    if over and len(rules.teams) == 2:
        vp, pd = _vp_and_difference(match, winner, points)
    return MatchResult(
        over=over, winner=winner, sides=rules.teams, deal_wins=tuple(shown_wins), points=tuple(points),
        scores=tuple(scores) if scores is not None else None, vp=vp, point_difference=pd,
        abandoned_by=match.abandoned[0] if match.abandoned else None, decided_by=decided,
        deals_played=len(match.deals), deals=summaries(match),
        vp_scored=vp is not None and match.format.scores_vp(rules),
    )
