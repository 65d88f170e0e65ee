"""The player's statistics per variant and AI level, kept by the app (issue: statistics).

Pure data: the app stores :meth:`Stats.to_json` in localStorage and calls
:meth:`Stats.add_match` when a match ends.

>>> from briscola.match import Match
>>> from briscola.variants import Rules
>>> m = Match.new(Rules.make("classica", 2), seed=1)
>>> m.abandon(0)
>>> s = Stats()
>>> s.add_match(m, seat=0, level="esperto").result
'lost'
>>> s.lines[("classica", "esperto")].matches
1
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .errors import BriscolaError
from .match import Match

FORMAT = "briscola-stats/1"
RECENT = 30  # matches kept for the chart


class StatsError(BriscolaError, ValueError):
    """Stored statistics that cannot be read."""


@dataclass
class Line:
    """Totals for one (variant, level)."""

    matches: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    deals: int = 0
    deals_won: int = 0
    deals_drawn: int = 0
    deals_lost: int = 0
    points: int = 0  # the player's side's card points over all deals (chiamata: own points)
    vp: int = 0
    point_difference: int = 0
    streak: int = 0  # current run of won matches
    best_streak: int = 0

    @property
    def average_points(self) -> float:
        return self.points / self.deals if self.deals else 0.0


@dataclass(frozen=True)
class Summary:
    """One finished match, for the chart of the last matches."""

    variant: str
    level: str
    result: str  # "won" | "drawn" | "lost"
    points: int
    opponents: int
    vp: int | None
    point_difference: int | None


@dataclass
class Stats:
    lines: dict[tuple[str, str], Line] = field(default_factory=dict)
    recent: list[Summary] = field(default_factory=list)

    def add_match(self, match: Match, seat: int, level: str) -> Summary:
        """Count a finished match as played by ``seat`` against the AI at ``level``."""
        if not match.over:
            raise StatsError("only a finished match is counted")
        res = match.result()
        chiamata = match.rules.name == "chiamata"
        side = seat if chiamata else match.rules.team_of(seat)
        line = self.lines.setdefault((match.rules.name, level), Line())
        won, drawn, lost, mine, theirs = _deals(match, seat)
        line.deals += won + drawn + lost
        line.deals_won, line.deals_drawn, line.deals_lost = line.deals_won + won, line.deals_drawn + drawn, \
            line.deals_lost + lost
        line.points += mine
        outcome = "drawn" if res.winner is None else "won" if res.winner == side else "lost"
        if chiamata and res.scores is not None:
            top = max(res.scores)
            outcome = "lost" if res.scores[seat] < top else "won" if res.scores.count(top) == 1 else "drawn"
        line.matches += 1
        setattr(line, outcome, getattr(line, outcome) + 1)
        line.streak = line.streak + 1 if outcome == "won" else 0
        line.best_streak = max(line.best_streak, line.streak)
        vp = res.vp[side] if res.vp else None
        pd = res.point_difference[side] if res.point_difference else None
        line.vp += vp or 0
        line.point_difference += pd or 0
        summary = Summary(match.rules.name, level, outcome, mine, theirs, vp, pd)
        self.recent = [*self.recent, summary][-RECENT:]
        return summary

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT,
                "lines": [{"variant": v, "level": lv, **asdict(line)} for (v, lv), line in sorted(self.lines.items())],
                "recent": [asdict(s) for s in self.recent]}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Read stored statistics; raises :class:`StatsError` (the app then offers a reset)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise StatsError("the statistics are not in a known format")
        try:
            names = {f.name for f in fields(Line)}
            lines = {}
            for item in data["lines"]:
                values = {k: item[k] for k in names}
                if not all(isinstance(v, int) and not isinstance(v, bool) for v in values.values()):
                    raise TypeError("not a whole number")
                lines[(str(item["variant"]), str(item["level"]))] = Line(**values)
            recent = [Summary(**item) for item in data["recent"]][-RECENT:]
        except (KeyError, TypeError, ValueError) as exc:
            raise StatsError(f"the statistics are damaged: {exc}") from None
        return cls(lines, recent)


def _deals(match: Match, seat: int) -> tuple[int, int, int, int, int]:
    """Deals won, drawn, lost by the player's side, and card points for and against."""
    won = drawn = lost = mine = theirs = 0
    for deal in match.deals:
        if not deal.over or deal.void:
            continue
        if match.rules.name == "chiamata":
            score = deal.scores()[seat]
            won, lost = won + (score > 0), lost + (score < 0)
            own = deal.points[seat]
            mine, theirs = mine + own, theirs + 120 - own
            continue
        side = deal.side_of(seat)
        tp = deal.team_points()
        mine += tp[side]
        theirs += sum(tp) - tp[side]
        w = deal.winner()
        won, drawn, lost = won + (w == side), drawn + (w is None), lost + (w is not None and w != side)
    return won, drawn, lost, mine, theirs
