"""Why a suggested card makes sense, read off the position (issue 5: hints; issue 34: a reason, not
the move described).

The AI gives no explanation, so the reason is read off what the seat can see: does the card take
the trick and how many points, is the trick already the partner's, could any card take it, can any
unseen card still beat a card led, is the card a liscio. The page words the key
(static/strings/hint.js ``r_<key>``) with the params.

>>> from briscola.state import Deal
>>> from briscola.variants import Rules
>>> from briscola.cards import DECK
>>> deal = Deal(Rules.make("classica", 2), 0, DECK)
>>> reason(deal, deal.to_move, deal.hands[deal.to_move][0])[0].startswith("lead_")
True
"""

from __future__ import annotations

from typing import Any

from .ai.knowledge import Knowledge
from .cards import Card
from .state import Deal
from .view import view_of


def trick_best(deal: Deal) -> tuple[Card, int] | None:
    """The card winning the trick on the table so far, and its seat."""
    n, rules = deal.rules.players, deal.rules
    best: tuple[Card, int] | None = None
    for i, card in enumerate(deal.trick):
        seat = (deal.leader + i) % n
        if best is None or rules.beats(card, best[0], deal.trump_suit):
            best = (card, seat)
    return best


def reason(deal: Deal, seat: int, card: Card) -> tuple[str, dict[str, Any]]:
    """Why playing ``card`` from ``seat`` makes sense here: (key, params), from the seat's view only."""
    rules = deal.rules
    pts = rules.card_points[card.index]
    trump = deal.trump_suit is not None and card.suit == deal.trump_suit
    best = trick_best(deal)
    hand = deal.hands[seat]
    if best is None:  # leading
        if trump:
            return "lead_trump", {}
        if pts == 0:
            return "lead_liscio", {}
        unseen_beaters = Knowledge(view_of(deal, seat)).beaters(card.index)
        return ("lead_safe" if unseen_beaters == 0 else "lead_points"), {"pts": pts}
    at_stake = sum(rules.card_points[c.index] for c in deal.trick) + pts
    if rules.beats(card, best[0], deal.trump_suit):
        if not at_stake:
            return "take_lead", {}
        cheaper = [c for c in hand if c is not card and rules.beats(c, best[0], deal.trump_suit)
                   and (rules.card_points[c.index], rules.strength[c.index]) < (pts, rules.strength[card.index])]
        key = "take_trump" if trump else "take"
        return (key if cheaper else key + "_low"), {"pts": at_stake}
    partner = deal.side_of(seat) == deal.side_of(best[1]) if _sides_known(deal) else False
    if partner:
        return ("partner_load", {"pts": pts}) if pts else ("partner", {"pts": at_stake})
    if pts == min(rules.card_points[c.index] for c in hand):
        takes = any(rules.beats(c, best[0], deal.trump_suit) for c in hand)
        return ("discard_low" if takes else "discard_lost"), {"pts": at_stake}
    return "give", {"pts": pts}


def _sides_known(deal: Deal) -> bool:
    """Teams are fixed (4/6 players); in chiamata the partner may be secret, so no claim is made."""
    return deal.auction is None and len(deal.rules.teams) == 2 and deal.rules.players > 2
