"""Helpers for the AI tests: positions reached by seeded play, and hidden cards re-dealt."""

from __future__ import annotations

import random

from briscola.actions import Exchange
from briscola.state import Deal, shuffled_deck
from briscola.variants import Rules
from briscola.view import view_of


def apply(deal: Deal, action) -> None:
    deal.apply(action, action.seat if isinstance(action, Exchange) else None)


def positions(variant: str, players: int, seed: int, count: int, options: dict | None = None) -> list[Deal]:
    """``count`` positions (copies) met while seeded random play goes through deals."""
    rules = Rules.make(variant, players, options or {})
    rng = random.Random(seed)
    out: list[Deal] = []
    while len(out) < count:
        deal = Deal(rules, rng.randrange(players), shuffled_deck(rules, rng))
        while not deal.over and len(out) < count:
            if rng.random() < 0.3:
                out.append(deal.copy())
            legal = deal.legal_actions()
            # favour real bids so that chiamata deals are seldom void
            apply(deal, legal[-1] if deal.phase == "auction" and rng.random() < 0.2 and len(legal) > 1
                  and deal.auction.best is None else rng.choice(legal))
    return out


def rehide(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """A copy of ``deal`` whose cards hidden from ``seat`` are dealt again, consistently with its view.

    Hidden: other seats' hands and the stock order, except the face-up trump card,
    hands the options show to ``seat``, and cards a Brisca exchange or the last
    draw put in a known hand.
    """
    other = deal.copy()
    view = view_of(deal, seat)
    fixed = {c for h in view.hands.values() for c in h}
    fixed |= {took for _s, _g, took in deal.exchanges}
    if deal.trump_card is not None:
        fixed.add(deal.trump_card)
    slots = [(s, i) for s in range(deal.rules.players) if s != seat
             for i, c in enumerate(deal.hands[s]) if c not in fixed]
    stock_slots = [i for i, c in enumerate(other._stock) if c not in fixed]
    pool = [deal.hands[s][i] for s, i in slots] + [other._stock[i] for i in stock_slots]
    rng.shuffle(pool)
    for (s, i), c in zip(slots, pool, strict=False):
        other.hands[s][i] = c
    for i, c in zip(stock_slots, pool[len(slots):], strict=True):
        other._stock[i] = c
    if deal.called_card is not None:  # the holder of the called card follows the card
        other.partner = next(s for s, h in enumerate(other.hands) if deal.called_card in h) \
            if not deal.partner_known else deal.partner
    return other
