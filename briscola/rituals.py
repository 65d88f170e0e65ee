"""The table's rituals before play: the draw for the dealer (and partners), and who cuts.

**The draw** (source 001, Brisca for four): each player draws a card; the two highest play
together; the highest deals and takes his seat, his partner sits opposite, and the opponent with
the higher card sits on the dealer's right. The person at the page always sits at seat 0 (the
bottom of the screen), so the draw decides where the dealer sits *relative to the person*: the
dealer takes the seat that puts the person where the draw sends him. Equal ranks draw again among
themselves (suits never rank), until every place that matters is decided. With two or three
players nobody changes seat: the highest card deals.

**The cut** (sources 001, 002): the dealer hands the shuffled deck to the player on his left
(seat ``dealer - 1``; in a two-player game that is the opponent), who lifts from 4 to ``size - 4``
cards (:func:`briscola.state.cut_range`) and puts them under the rest. A computer cuts where a
seeded generator says: no place is better than another, as nobody knows the order.

>>> from briscola.variants import Rules
>>> d = draw_seats(Rules.make("brisca", 4), random.Random(5))
>>> d.order, d.dealer
((2, 0, 3, 1), 2)
>>> [[(s, c.code) for s, c in r] for r in d.rounds]
[[(0, 'KS'), (1, '4S'), (2, '3B'), (3, '7C')]]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .cards import Card
from .state import cut_range
from .variants import Rules

PLACES_OF_FOUR = (0, 2, 1, 3)
"""Seats from the dealer, by draw rank: the highest deals, his partner opposite, the higher
opponent on his right (dealer + 1), the other on his left."""


@dataclass(frozen=True)
class SeatDraw:
    """What the draw did: ``rounds`` of ``(seat, card)`` (the first round is everybody, later
    rounds are ties drawing again), ``order`` every seat from the highest draw down (with two or
    three players only the first place is decided: seats tied below it keep their order) and the
    ``dealer`` it gave."""

    rounds: tuple[tuple[tuple[int, Card], ...], ...]
    order: tuple[int, ...]
    dealer: int

    def to_json(self) -> dict[str, Any]:
        return {"rounds": [[{"seat": s, "card": c.code} for s, c in r] for r in self.rounds],
                "order": list(self.order), "dealer": self.dealer}


def draw_seats(rules: Rules, rng: random.Random) -> SeatDraw:
    """Draw for the first dealer (and, four players, for partners and seats); person 0 is the
    person at the page and always ends at seat 0."""
    n = rules.players
    pile: list[Card] = []
    rounds: list[dict[int, Card]] = []

    def draw_one() -> Card:
        if not pile:  # ties that use up the whole deck: shuffle it again
            pile.extend(rules.deck)
            rng.shuffle(pile)
        return pile.pop()

    def ranked(people: list[int], need: int) -> list[int]:
        """``people`` from the highest card down; ties broken by drawing again, for the first
        ``need`` places only."""
        drawn = {p: draw_one() for p in people}
        rounds.append(drawn)
        levels = sorted({rules.strength[c.index] for c in drawn.values()}, reverse=True)
        out: list[int] = []
        for level in levels:
            tied = [p for p in people if rules.strength[drawn[p].index] == level]
            open_places = min(len(tied), need - len(out))
            out += ranked(tied, open_places) if len(tied) > 1 and open_places > 0 else tied
        return out

    order = ranked(list(range(n)), n - 1 if n == 4 else 1)
    seat_of = {p: p for p in range(n)}
    if n == 4:  # the person (0) sits at seat 0: the dealer sits where that puts him
        dealer = -PLACES_OF_FOUR[order.index(0)] % n
        seat_of = {p: (dealer + PLACES_OF_FOUR[rank]) % n for rank, p in enumerate(order)}
    seated = tuple(tuple(sorted((seat_of[p], c) for p, c in r.items())) for r in rounds)
    order_seats = tuple(seat_of[p] for p in order)
    return SeatDraw(seated, order_seats, order_seats[0])


def cutter(rules: Rules, dealer: int) -> int:
    """The seat that cuts: the player on the dealer's left (seats go counterclockwise: the right
    of seat i is seat i + 1), which in a two-player game is the opponent."""
    return (dealer - 1) % rules.players


def computer_cut(size: int, rng: random.Random) -> int:
    """Where a computer cuts a deck of ``size`` cards."""
    choices = cut_range(size)
    return choices[rng.randrange(len(choices))]
