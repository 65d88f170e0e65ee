"""Fair by construction: re-dealing the cards a seat cannot see never changes its decision."""

from __future__ import annotations

import random

import pytest
from ai_support import positions, rehide

from briscola.ai import LEVELS, choose
from briscola.variants import TABLES
from briscola.view import view_of


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_hidden_cards_never_change_the_decision(level: str, variant: str, players: int) -> None:
    rng = random.Random(f"{variant}{players}{level}")
    for i, deal in enumerate(positions(variant, players, seed=players * 7 + len(variant), count=6)):
        seat = deal.to_move
        view = view_of(deal, seat)
        want = choose(view, level, random.Random(i), nodes=400)
        for _ in range(3):
            other = rehide(deal, seat, rng)
            other_view = view_of(other, seat)
            assert other_view == view
            assert choose(other_view, level, random.Random(i), nodes=400) == want


def test_rehide_really_moves_hidden_cards() -> None:
    """The fairness test above is not vacuous: the re-dealt positions differ."""
    deal = positions("classica", 2, seed=3, count=1)[0]
    seat = deal.to_move
    others = {tuple(c.code for c in rehide(deal, seat, random.Random(k)).hands[1 - seat]) for k in range(8)}
    assert len(others) > 1


@pytest.mark.parametrize("level", LEVELS)
def test_mostra_carte_and_exchanged_cards_are_used(level: str) -> None:
    """Cards a seat may see (partner's hand with mostra carte) are kept fixed and may be used."""
    for deal in positions("brisca", 4, seed=5, count=6, options={"carte_scoperte": True}):
        seat = deal.to_move
        view = view_of(deal, seat)
        assert view.hands  # the partner's hand is shown
        other = rehide(deal, seat, random.Random(1))
        assert view_of(other, seat) == view
        assert choose(view_of(other, seat), level, random.Random(2), nodes=300) == \
            choose(view, level, random.Random(2), nodes=300)
