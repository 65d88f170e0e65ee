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

from .accuracy import pooled
from .errors import BriscolaError
from .match import Match
from .variants import VARIANTS
from .web_checks import deal_accuracies

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
    analysed: int = 0  # deals whose moves were analysed (issue 23; absent from older statistics)
    accuracy: int = 0  # the sum of those deals' accuracy, in tenths of a percent

    @property
    def average_points(self) -> float:
        return self.points / self.deals if self.deals else 0.0

    @property
    def average_accuracy(self) -> float | None:
        """The mean accuracy of the analysed deals, 0-100 (None: none analysed)."""
        return self.accuracy / self.analysed / 10 if self.analysed else None


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
    accuracy: int | None = None  # the match's accuracy in tenths of a percent (None: no deal analysed)


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
        figures = [(loss, spread) for loss, spread in deal_accuracies(match.meta) if spread > 0]  # a choice to judge
        for loss, spread in figures:
            line.analysed += 1
            line.accuracy += _tenths(loss, spread)
        pooled = _tenths(sum(f[0] for f in figures), sum(f[1] for f in figures)) if figures else None
        summary = Summary(match.rules.name, level, outcome, mine, theirs, vp, pd, pooled)
        self.recent = [*self.recent, summary][-RECENT:]
        return summary

    def add_interrupted(self, variant: str, level: str) -> None:
        """Count a match a guest of an online table could not finish (its host gone for good): played,
        with no result, so it is neither won, drawn nor lost, and no streak is broken.

        >>> s = Stats()
        >>> s.add_interrupted("classica", "esperto")
        >>> line = s.lines["classica", "esperto"]
        >>> (line.matches, line.won, line.drawn, line.lost, line.deals)
        (1, 0, 0, 0, 0)
        """
        self.lines.setdefault((variant, level), Line()).matches += 1

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT,
                "lines": [{"variant": v, "level": lv, **asdict(line)} for (v, lv), line in sorted(self.lines.items())],
                "recent": [asdict(s) for s in self.recent]}

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Read stored statistics, every value checked; raises :class:`StatsError` with the code of
        what is wrong (errors.REASONS; the app then offers a reset).

        >>> Stats.from_json({"format": FORMAT, "lines": [], "recent": [{"variant": "classica"}]})
        Traceback (most recent call last):
        ...
        briscola.stats.StatsError: the statistics are damaged: recent: missing level
        """
        _need(isinstance(data, dict), "the statistics are not a JSON object")
        _need(data.get("format") == FORMAT, "the statistics are not in a known format", "bad_version")
        _need(set(data) == {"format", "lines", "recent"}, "the statistics have missing or unknown fields")
        _need(isinstance(data["lines"], list), "lines must be a list", field="lines")
        _need(isinstance(data["recent"], list), "recent must be a list", field="recent")
        lines: dict[tuple[str, str], Line] = {}
        for item in data["lines"]:
            key = _variant_level(item, "lines")
            _need(key not in lines, "a line appears twice", field="lines")
            values = {k: _whole(item, k, "lines", negative=k in _SIGNED)
                      for k in _LINE_FIELDS if k in item or k not in _LATER}
            # average_points: the page stores the lines as web.stats_op sends them (recomputed here)
            _need(set(item) <= {"variant", "level", "average_points", "average_accuracy", *_LINE_FIELDS},
                  "a line has unknown fields",
                  field="lines")
            lines[key] = Line(**values)
        recent = [_summary(item) for item in data["recent"][-RECENT:]]
        return cls(lines, recent)


_LINE_FIELDS = tuple(f.name for f in fields(Line))
_SUMMARY_FIELDS = {f.name for f in fields(Summary)}
_SIGNED = {"vp", "point_difference"}
_LATER = {"analysed", "accuracy"}  # fields added since the format began: older statistics lack them
MAX_COUNT = 10**12
"""Largest count or sum of points accepted (decades of play stay far below it)."""


def _need(cond: bool, message: str, code: str = "bad_shape", field: str | None = None) -> None:
    if not cond:
        raise StatsError(f"the statistics are damaged: {message}", code=code,
                         params={"field": field} if field else None)


def _whole(item: dict[str, Any], key: str, where: str, negative: bool = False, optional: bool = False) -> Any:
    """``item[key]``: a whole number within :data:`MAX_COUNT` (``None`` too when ``optional``)."""
    _need(key in item, f"{where}: missing {key}", field=key)
    value = item[key]
    if optional and value is None:
        return None
    _need(isinstance(value, int) and not isinstance(value, bool)
          and (-MAX_COUNT if negative else 0) <= value <= MAX_COUNT,
          f"{where}: {key} must be a whole number", field=key)
    return value


def _variant_level(item: Any, where: str) -> tuple[str, str]:
    from .web_checks import LEVELS  # the page's levels (a line per level the player has met)

    _need(isinstance(item, dict), f"{where}: each item must be an object", field=where)
    for key in ("variant", "level"):
        _need(key in item, f"{where}: missing {key}", field=key)
    _need(isinstance(item["variant"], str) and item["variant"] in VARIANTS, f"{where}: unknown variant",
          "unknown_variant")
    _need(isinstance(item["level"], str) and item["level"] in LEVELS, f"{where}: unknown level", "bad_level")
    return item["variant"], item["level"]


def _summary(item: Any) -> Summary:
    variant, level = _variant_level(item, "recent")
    _need(set(item) in (_SUMMARY_FIELDS, _SUMMARY_FIELDS - {"accuracy"}), "recent: missing or unknown fields",
          field="recent")
    _need(item["result"] in ("won", "drawn", "lost"), "recent: unknown result", field="result")
    return Summary(variant, level, item["result"], _whole(item, "points", "recent"),
                   _whole(item, "opponents", "recent"), _whole(item, "vp", "recent", negative=True, optional=True),
                   _whole(item, "point_difference", "recent", negative=True, optional=True),
                   _whole(item, "accuracy", "recent", optional=True) if "accuracy" in item else None)


def _tenths(lost: int, stake: int) -> int:
    """Accuracy in tenths of a percent from a deal's kept figures (briscola.accuracy: the accuracy
    missed and what was at stake, in tenths; something at stake)."""
    return round((pooled(lost, stake) or 0.0) * 10)


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
