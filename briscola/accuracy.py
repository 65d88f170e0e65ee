"""The accuracy of a player's moves, from what each card was worth (issue 34; docs/ai.md).

In the spirit of lichess's accuracy (https://lichess.org/page/accuracy): each move is judged by what
it lost of the outcome, through a steep curve, and the moves are weighed by what was at stake.

- A card's **score** (:func:`score`), 0-100, is what it leaves the seat's side of the deal's outcome:
  half the chance of winning the deal (61 points, a tie counting half; in chiamata the caller's
  target), half the share of the 120 points. The chance comes from the search's worlds
  (:func:`won`).
- A move **lost** the best card's score minus the played card's, less what the search cannot tell
  apart: :data:`Z` standard errors of that difference, measured over the worlds it dealt (none when
  every world was solved exactly). Its **stake** is the best card's score minus the worst's, less
  its noise: a move with no real choice weighs nothing.
- A move's **accuracy** (:func:`move_accuracy`) is lichess's curve of the loss, steeper: 100 for a
  card as good as the best, about half for 1 point of score lost beyond the noise, nearly 0 for 6.
- A deal's accuracy is the mean of two means of its moves, both weighed by their stakes (at least
  1, at most :data:`CAP`, as lichess bounds its weights: no move alone makes the deal): the
  arithmetic one and the geometric one (:class:`Verdict`; lichess averages the arithmetic one with
  a harmonic one, which here made one blunder cost as much as random play), so one blunder
  visibly pulls it down. A match pools its deals, weighed by their stakes.

>>> round(move_accuracy(0.0)), round(move_accuracy(1.0)), round(move_accuracy(6.0))
(100, 53, 0)
>>> Verdict.of([(100.0, 3.0)] * 12).accuracy
100.0
>>> Verdict.of([(100.0, 3.0)] * 12 + [(0.0, 20.0)]).accuracy   # one blunder
62.6
"""

from __future__ import annotations

import math
from dataclasses import dataclass

WIN_SHARE = 0.5  # the chance of winning the deal's share of a card's score (the rest: the points)
SPREAD = 8.0  # points: after a playout, how far the deal could still end from the playout's points
Z = 2.0  # standard errors of a difference the search cannot tell from none
CURVE = 0.6  # the curve's steepness, per point of score lost
FLOOR = 1.0  # a move's least accuracy in the geometric mean
CAP = 8.0  # the most a move weighs (its stake above it counts no more); a move with a stake weighs 1 at least
NOTABLE = 2.0  # score lost: a smaller loss is never a moment to show


def score(points: float, win: float, sides: int = 2) -> float:
    """A card's score, 0-100, from the points the seat's side ends with and its chance of winning
    (0-1); with three sides, where no score of one's own decides the deal, the points alone.

    >>> score(60, 0.5), score(120, 1.0), score(66, 0.9), score(40, 0.0, sides=3)
    (50.0, 100.0, 72.5, 33.3)
    """
    share = points / 120
    return round(100 * (share if sides > 2 else WIN_SHARE * win + (1 - WIN_SHARE) * share), 1)


def won(points: float, need: float, exact: bool, tie: bool = True) -> float:
    """The chance a side ending a world with ``points`` wins the deal, which takes ``need``: where
    the world was solved, 1 or 0 (0.5 for a 60-60 tie, where ``tie``); after a playout, which is one
    way the rest could go among many, a logistic of the points around ``need`` (scale :data:`SPREAD`):
    a playout ending at 59 is nearly as good as one ending at 61.

    >>> won(61, 61, True), won(60, 61, True), won(60, 61, True, tie=False), won(61, 61, False)
    (1.0, 0.5, 0.0, 0.516)
    """
    if exact:
        return 1.0 if points >= need else 0.5 if tie and points == need - 1 == 60 else 0.0
    return round(1 / (1 + math.exp(-(points - need + 0.5) / SPREAD)), 3)


def move_accuracy(lost: float) -> float:
    """A move's accuracy, 0-100, from the score it lost beyond the search's noise: lichess's curve,
    ``103.1668 e^(-k x) - 3.1669``, with our steepness ``k`` (:data:`CURVE`)."""
    if lost <= 0:
        return 100.0  # (the curve gives 99.9999)
    return max(0.0, min(100.0, 103.1668 * math.exp(-CURVE * lost) - 3.1669))


@dataclass(frozen=True)
class Verdict:
    """The accuracy of some moves (or deals) as two figures that pool by adding: ``stake``, what was
    at stake, and ``lost``, the part of it the accuracy missed (``stake * (1 - accuracy / 100)``)."""

    lost: float
    stake: float

    @classmethod
    def of(cls, moves: list[tuple[float, float]]) -> Verdict:
        """A deal's verdict from its moves' (accuracy, stake): the mean of the weighted arithmetic and
        geometric means of their accuracies, each move weighing its stake between 1 and :data:`CAP`."""
        weighed = [(a, min(CAP, max(1.0, w))) for a, w in moves if w > 0]
        stake = sum(w for _a, w in weighed)
        if stake <= 0:
            return cls(0.0, 0.0)
        mean = sum(a * w for a, w in weighed) / stake
        geometric = math.exp(sum(w * math.log(max(a, FLOOR)) for a, w in weighed) / stake)
        accuracy = (mean + geometric) / 2
        return cls(stake * (1 - accuracy / 100), stake)

    def __add__(self, other: Verdict) -> Verdict:
        return Verdict(self.lost + other.lost, self.stake + other.stake)

    @property
    def accuracy(self) -> float | None:
        return pooled(self.lost, self.stake)


def pooled(lost: float, stake: float) -> float | None:
    """``100 (1 - lost / stake)`` to a tenth, None when nothing was at stake: the accuracy of deals
    pooled by their figures (a match's, the statistics').

    >>> pooled(3, 12), pooled(0, 0)
    (75.0, None)
    """
    if stake <= 0:
        return None
    return round(max(0.0, min(100.0, 100.0 * (1.0 - lost / stake))), 1)


__all__ = ["CAP", "CURVE", "NOTABLE", "SPREAD", "WIN_SHARE", "Z", "Verdict", "move_accuracy", "pooled", "score", "won"]
