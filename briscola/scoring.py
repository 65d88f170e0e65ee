"""Score tables: chiamata deal scores, victory points and the point difference.

>>> point_difference(66), point_difference(65), point_difference(64), point_difference(-66)
(7, 6, 6, -7)
"""

from __future__ import annotations

VP_WIN, VP_DRAW, VP_LOSS = 20, 10, 0
VP_ABANDON_FLOOR = 14  # the side that did not abandon gets at least this (RULES.md §3)


def point_difference(real: int) -> int:
    """The match's *differenza punti*: ``real / 10`` rounded to nearest, .5 towards zero.

    >>> [point_difference(d) for d in (5, 6, 15, 16, 0)]
    [0, 1, 1, 2, 0]
    """
    tens, rest = divmod(abs(real), 10)
    value = tens + (1 if rest > 5 else 0)
    return value if real >= 0 else -value


def chiamata_unit(target: int, alone: bool) -> tuple[int, int, int, int, int, int]:
    """``(caller, partner, each opponent)`` when the caller wins, then when he loses."""
    if alone:
        return (4, 0, -2, -4, 0, 2)
    if target <= 70:
        return (2, 1, -1, -2, -1, 1)
    if target <= 80:
        return (4, 2, -2, -4, -2, 2)
    return (6, 3, -3, -2, -1, 1)  # the source asks only -2/-1/+1 of a caller who loses over 80


def chiamata_scores(players: int, caller: int, partner: int, target: int, won: bool, cappotto: bool) -> list[int]:
    """Per-seat scores of a finished chiamata deal (RULES.md §7), from what the deal decided.

    ``partner`` is the called card's holder (the caller himself when alone); ``won`` whether the
    caller's side reached ``target``; ``cappotto`` whether it took all 120, which adds +2/+1/-1
    with a partner, +4/-1 alone.

    >>> chiamata_scores(5, 0, 2, 60, True, False), chiamata_scores(5, 1, 1, 75, False, False)
    ([2, -1, 1, -1, -1], [2, -4, 2, 2, 2])
    """
    alone = caller == partner
    row = chiamata_unit(target, alone)
    c, p, o = row[:3] if won else row[3:]
    if won and cappotto:
        c, p, o = (c + 4, p, o - 1) if alone else (c + 2, p + 1, o - 1)
    scores = [o] * players
    scores[caller] = c
    if not alone:
        scores[partner] = p
    return scores
