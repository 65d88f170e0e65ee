"""The chiamata auction (RULES.md §7): first by rank, then by points with the 2.

>>> a = Auction(players=5, first=1)
>>> for act in (Bid("K"), Pass(), Pass(), Bid("7"), Pass(), Pass()):
...     a.apply(a.to_move, act)
>>> a.over, a.winner, a.best
(True, 4, Bid(rank='7', points=None))
"""

from __future__ import annotations

from .actions import Bid, Pass
from .errors import IllegalAction
from .variants import BRISCOLA_ORDER

MAX_POINTS = 120
FIRST_RAISE = 62


PASS = Pass()
RANK_BIDS = tuple(Bid(r) for r in BRISCOLA_ORDER)
RAISES = tuple(Bid("2", p) for p in range(FIRST_RAISE, MAX_POINTS + 1))


class Auction:
    """Who has bid what, who is still in, and whose turn it is."""

    def __init__(self, players: int, first: int) -> None:
        self.players = players
        self.to_move = first
        self.passed = [False] * players
        self.calls: list[tuple[int, Bid | Pass]] = []
        self.best: Bid | None = None
        self.best_seat: int | None = None

    @property
    def over(self) -> bool:
        out = sum(self.passed)
        return out == self.players or (out == self.players - 1 and self.best is not None)

    @property
    def winner(self) -> int | None:
        """The seat that won the auction, or ``None`` (not over, or all passed)."""
        return self.best_seat if self.over else None

    def beats(self, bid: Bid) -> bool:
        """Whether ``bid`` is a legal raise over the best bid so far."""
        if bid.rank not in BRISCOLA_ORDER:
            return False
        if bid.points is not None and (bid.rank != "2" or not FIRST_RAISE <= bid.points <= MAX_POINTS):
            return False
        best = self.best
        if best is None:
            return True
        if best.rank != "2":
            return BRISCOLA_ORDER.index(bid.rank) > BRISCOLA_ORDER.index(best.rank)
        return bid.rank == "2" and bid.target > best.target

    def legal(self) -> list[Bid | Pass]:
        """Every legal call for the seat to move: pass, lower ranks, then the 2's raises."""
        if self.over:
            return []
        best = self.best
        if best is None:
            return [PASS, *RANK_BIDS, *RAISES]
        if best.rank != "2":
            return [PASS, *RANK_BIDS[BRISCOLA_ORDER.index(best.rank) + 1:], *RAISES]
        return [PASS, *RAISES[max(0, best.target + 1 - FIRST_RAISE):]]

    def apply(self, seat: int, call: Bid | Pass) -> None:
        if self.over:
            raise IllegalAction("the auction is over")
        if seat != self.to_move:
            raise IllegalAction(f"it is seat {self.to_move}'s turn to bid, not seat {seat}'s")
        if isinstance(call, Bid):
            if not self.beats(call):
                raise IllegalAction(f"bid {_describe(call)} does not beat {_describe(self.best)}")
            self.best, self.best_seat = call, seat
        else:
            self.passed[seat] = True
        self.calls.append((seat, call))
        if not self.over:
            nxt = (seat + 1) % self.players
            while self.passed[nxt]:
                nxt = (nxt + 1) % self.players
            self.to_move = nxt


def _describe(bid: Bid | None) -> str:
    if bid is None:
        return "nothing"
    return bid.rank if bid.points is None else f"2 for {bid.points}"
