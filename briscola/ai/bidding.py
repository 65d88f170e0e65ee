"""Chiamata: the auction (by rank, then by points with the 2) and naming the suit.

A hand is judged for each suit as trumps: trumps count by their rank and
points, side Aces and Threes by their points. The auction goes down one rank at
a time; each lower call needs a stronger hand, since the partner's card is then
weaker and the caller must hold what lies above it.
"""

from __future__ import annotations

import random

from ..actions import Bid, CallSuit, Pass
from ..variants import BRISCOLA_ORDER, Rules
from ..view import View

SUITS = "DCBS"


def suit_value(view: View, suit: str) -> float:
    """How strong this hand is with ``suit`` as trumps."""
    rules = Rules.make(view.variant, view.players, view.options)
    value = 0.0
    for c in view.hand:
        pts = rules.card_points[c.index]
        rank = rules.strength[c.index] - 1
        value += 4 + 0.7 * rank + 0.3 * pts if c.suit == suit else 0.35 * pts
    return value


def _need(rank: str, points: int | None, bold: float) -> float:
    """The suit value needed to call ``rank`` (and a points target with the 2)."""
    idx = BRISCOLA_ORDER.index(rank)
    need = 24.0 + 1.6 * idx - bold
    if points is not None:
        need += 0.6 * (points - 61)
    return need


def best_suit(view: View, rank: str) -> tuple[float, str]:
    """The suit to call ``rank`` in: the strongest trumps for us, not calling our own card if we can."""
    held = {c.code for c in view.hand}
    options = [(suit_value(view, s) - (8.0 if rank + s in held else 0.0), s) for s in SUITS]
    return max(options)


def choose_bid(view: View, rng: random.Random, bold: float = 0.0) -> Bid | Pass:
    """The auction call: the highest legal call the hand supports, else pass."""
    legal = [a for a in view.legal if isinstance(a, Bid)]
    if not legal:
        return Pass()
    for bid in legal:  # highest rank first, then the 2's raises from the smallest
        value, _suit = best_suit(view, bid.rank)
        if value >= _need(bid.rank, bid.points, bold):
            return bid
        if bid.rank == "2" and bid.points is not None:
            break  # larger raises need even more
    return Pass()


def choose_suit(view: View) -> CallSuit:
    """Name the suit for the winning bid's rank."""
    rank = next(c.rank for _s, c in reversed(view.auction) if isinstance(c, Bid))
    return CallSuit(best_suit(view, rank)[1])
