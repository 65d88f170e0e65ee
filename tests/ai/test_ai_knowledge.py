"""Card counting and determinization see exactly what the view allows."""

from __future__ import annotations

import random

import pytest
from ai_support import TABLE_IDS, TABLES, positions

from briscola.ai.knowledge import Knowledge
from briscola.view import view_of


@pytest.mark.parametrize(("variant", "players"), TABLES, ids=TABLE_IDS)
def test_sampled_worlds_are_consistent_with_the_view(variant: str, players: int) -> None:
    for deal in positions(variant, players, seed=9, count=20):
        if deal.phase not in ("play", "exchange"):
            continue
        seat = deal.to_move
        k = Knowledge(view_of(deal, seat))
        truth = set()
        for s in range(players):
            if s != seat:
                truth |= {c.index for c in deal.hands[s]}
        truth |= {c.index for c in deal._stock}
        assert set(k.unseen) | {c for cs in k.located.values() for c in cs} | \
            ({k.face} if k.face_in_stock else set()) == truth
        for s, cards in k.located.items():  # whatever is deduced is true
            assert cards <= {c.index for c in deal.hands[s]}
        w = k.sample_world(random.Random(1))
        assert [len(h) for h in w.hands] == [len(h) for h in deal.hands]
        assert len(w.stock) == deal.stock_count
        assert w.hands[seat] == [c.index for c in deal.hands[seat]]
        if deal.stock_count:
            assert w.stock[0] == deal._stock[0].index  # the face-up card is drawn last


def test_two_player_endgame_is_fully_known() -> None:
    for deal in positions("classica", 2, seed=2, count=200):
        if deal.stock_count == 0 and deal.phase == "play":
            k = Knowledge(view_of(deal, deal.to_move))
            assert k.worlds_count() == 1
            assert sorted(k.unseen + sorted(k.located[1 - deal.to_move])) == \
                sorted(c.index for c in deal.hands[1 - deal.to_move])
