"""Deterministic: the same seed and view give the same action; the global random is never used."""

from __future__ import annotations

import random

import pytest
from ai_support import positions

from briscola.ai import LEVELS, PLAYERS, AIError, choose
from briscola.variants import TABLES
from briscola.view import view_of


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_same_seed_same_action(variant: str, players: int) -> None:
    for deal in positions(variant, players, seed=11, count=4):
        view = view_of(deal, deal.to_move)
        for level in PLAYERS:
            first = choose(view, level, random.Random(5), nodes=500)
            random.seed(12345)  # the global generator must not matter
            random.random()
            assert choose(view, level, random.Random(5), nodes=500) == first


def test_unknown_level_and_not_my_turn_are_clear_errors() -> None:
    deal = positions("classica", 2, seed=1, count=1)[0]
    with pytest.raises(AIError, match="unknown level"):
        choose(view_of(deal, deal.to_move), "maestro", random.Random(0))
    with pytest.raises(AIError, match="nothing to do"):
        choose(view_of(deal, 1 - deal.to_move), "esperto", random.Random(0))


def test_levels_are_named_in_italian() -> None:
    assert LEVELS == ("principiante", "esperto", "campione")
