"""Reasons for hints are read off the actual position."""

from __future__ import annotations

import pytest

from briscola.cards import Card
from briscola.hints import reason
from briscola.state import Deal
from briscola.variants import Rules


def position(hand: str, trick: str, trump: str, leader: int = 1) -> Deal:
    rules = Rules.make("classica", 2)
    cards = [Card.parse(c) for c in hand.split()]
    played = [Card.parse(c) for c in trick.split()]
    other = [c for c in rules.deck if c not in cards and c not in played][:3]
    t = Card.parse(trump)
    return Deal.from_position(rules, 0, [cards, other[: 3 - len(played)]], [], leader, played, [], t, t.suit,
                              None, None)


@pytest.mark.parametrize("hand, trick, trump, card, want", [
    ("2D 3C 4S", "", "5B", "2D", ("lead_liscio", {})),
    ("2D 3C 4S", "", "5B", "3C", ("lead_points", {"pts": 10})),
    ("2B 3C 4S", "", "5B", "2B", ("lead_trump", {})),
    ("2B 7B 4S", "AC", "5B", "2B", ("take_trump_low", {"pts": 11})),
    ("2B 7B 4S", "AC", "5B", "7B", ("take_trump", {"pts": 11})),
    ("3C 2D 4S", "AS", "5B", "4S", ("discard_lost", {"pts": 11})),  # nothing takes the Ace
    ("3C 2B 4S", "AS", "5B", "4S", ("discard_low", {"pts": 11})),  # the trump would take it
    ("4C 2D 5S", "2C", "5B", "4C", ("take_lead", {})),  # nothing at stake: the lead next
    ("KC 2D 4D", "AS", "5B", "KC", ("give", {"pts": 4})),
    ("3S 4D 2C", "JS", "5B", "3S", ("take_low", {"pts": 12})),
])
def test_reasons(hand, trick, trump, card, want):
    deal = position(hand, trick, trump, leader=1 if trick else 0)
    assert deal.to_move == 0
    assert reason(deal, 0, Card.parse(card)) == want
