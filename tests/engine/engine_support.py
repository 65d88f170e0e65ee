"""Helpers shared by the engine tests: decks built to order, and seeded random play."""

from __future__ import annotations

import random

from briscola.actions import Action, Bid, CallSuit, Pass, Play
from briscola.cards import Card, card, cards
from briscola.state import Deal, shuffled_deck
from briscola.variants import Rules


def deck_for(
    rules: Rules,
    dealer: int,
    hands: dict[int, str] | None = None,
    trump: str | None = None,
    stock: str = "",
) -> list[Card]:
    """A deck that deals ``hands`` (seat -> codes, first card dealt first), turns ``trump``
    and puts ``stock`` first in draw order. Every other place gets the unused cards in
    canonical order.
    """
    n, size = rules.players, rules.hand_size
    places: dict[int, Card] = {}
    for seat, text in (hands or {}).items():
        for r, c in enumerate(cards(text)):
            places[r * n + (seat - dealer - 1) % n] = c
    if trump is not None:
        places[size * n] = card(trump)
    for i, c in enumerate(cards(stock)):
        places[size * n + 1 + i] = c
    used = set(places.values())
    assert len(used) == len(places), "a card is placed twice"
    rest = iter(c for c in rules.deck if c not in used)
    return [places[i] if i in places else next(rest) for i in range(len(rules.deck))]


def random_action(deal: Deal, rng: random.Random) -> Action:
    """A random legal action for the seat to move."""
    return rng.choice(deal.legal_actions())


def play_random(deal: Deal, rng: random.Random, stop: int | None = None) -> Deal:
    """Play random legal actions until the deal is over (or ``stop`` actions were taken)."""
    taken = 0
    while not deal.over and (stop is None or taken < stop):
        deal.apply(random_action(deal, rng))
        taken += 1
    return deal


def random_deal(variant: str, players: int, seed: int, options: dict | None = None) -> Deal:
    """A fresh deal of a seeded shuffled deck, dealer from the same seed."""
    rules = Rules.make(variant, players, options)
    rng = random.Random(seed)
    return Deal(rules, rng.randrange(players), shuffled_deck(rules, rng))


def start_chiamata(deal: Deal, rank: str, suit: str, points: int | None = None) -> None:
    """The first bidder bids ``rank`` (and ``points``), everybody else passes, the suit is named."""
    deal.apply(Bid(rank, points))
    for _ in range(deal.rules.players - 1):
        deal.apply(Pass())
    deal.apply(CallSuit(suit))


def play_codes(deal: Deal, text: str) -> None:
    """Play the given cards in order, each for the seat to move."""
    for c in cards(text):
        deal.apply(Play(c))


def plays_to(deal: Deal, want, seed: int = 0, tries: int = 20000) -> list[Action]:
    """Legal actions that end ``deal`` in a state satisfying ``want`` (random playouts on copies:
    the tests see every card, the players cannot)."""
    rng = random.Random(seed)
    for _ in range(tries):
        d = deal.copy()
        start = len(d.history)
        while not d.over:
            d.apply(rng.choice(d.legal_actions()))
        if want(d):
            return [a for _, a in d.history[start:]]
    raise AssertionError("no playout reached the wanted end")


def tied(d: Deal) -> bool:
    return d.team_points() == [60, 60]


def ends(outcome) -> object:
    """A deal's wanted end: a side index that wins, ``"tie"`` (60–60), or ``("tie", side)``: a tie
    whose last trick that side took."""
    if outcome == "tie":
        return tied
    if isinstance(outcome, tuple):
        return lambda d: tied(d) and d.rules.team_of(d.tricks[-1].winner) == outcome[1]
    return lambda d: d.winner() == outcome
