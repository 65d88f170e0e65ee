"""What a searching seat wants at the end of a deal, as one number (higher is better).

The arena counts deal wins, so the result dominates; a small share of the point
margin breaks ties between lines that win (or lose) anyway and smooths the signal
of rollouts early in the deal.
"""

from __future__ import annotations

from ..scoring import chiamata_unit
from ..view import View
from .sim import WIN, Utility

MARGIN = 0.3  # weight of the point margin (in units of 120 points) next to the result


def utility_for(view: View, side: list[int], my_side: int, target: int | None = None) -> Utility:
    """The utility of final side points for ``view.seat`` with the sides of one world."""
    if view.variant == "chiamata":
        return _chiamata(view, side, target if target is not None else 60)
    if max(side) == 1:
        other = 1 - my_side

        def two_sides(pts: list[int]) -> float:
            mine = pts[my_side]
            result = 1.0 if mine >= WIN else 0.5 if mine == 60 and pts[other] == 60 else 0.0
            return result + MARGIN * (mine - pts[other]) / 120

        return two_sides

    def free_for_all(pts: list[int]) -> float:
        mine = pts[my_side]
        best_other = max(p for s, p in enumerate(pts) if s != my_side)
        result = 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
        return result + MARGIN * (mine - best_other) / 120

    return free_for_all


def _chiamata(view: View, side: list[int], target: int) -> Utility:
    me = view.seat
    mates = [s for s in range(view.players) if side[s] == 0]
    alone = len(mates) == 1
    row = chiamata_unit(target, alone)
    if me == view.caller:
        win_gain, lose_gain, cap = row[0], row[3], (4 if alone else 2)
    elif side[me] == 0:
        win_gain, lose_gain, cap = row[1], row[4], 1
    else:
        win_gain, lose_gain, cap = row[2], row[5], -1
    sign = 1 if side[me] == 0 else -1

    def chiamata(pts: list[int]) -> float:
        caller_pts = pts[0]
        score = (win_gain + (cap if caller_pts == 120 else 0)) if caller_pts >= target else lose_gain
        return score / 4 + MARGIN * sign * (caller_pts - pts[1]) / 120

    return chiamata
