"""Every level plays only legal actions, in every variant and phase, over thousands of deals."""

from __future__ import annotations

import random

import pytest
from ai_support import apply

from briscola.actions import Exchange
from briscola.ai import LEVELS, choose
from briscola.state import Deal, shuffled_deck
from briscola.variants import REMOVABLE_TWOS, TABLES, Rules
from briscola.view import view_of

CHEAP = ("principiante", "esperto", "random")


def play_out(rules: Rules, seed: int, levels: list[str], nodes: int) -> Deal:
    rng = random.Random(seed)
    deal = Deal(rules, seed % rules.players, shuffled_deck(rules, rng))
    while not deal.over:
        seat = deal.to_move
        view = view_of(deal, seat)
        action = choose(view, levels[seat], rng, nodes=nodes)
        assert action in deal.legal_actions(), (levels[seat], view.phase, action)
        apply(deal, action)
    return deal


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_rule_based_levels_play_legally(variant: str, players: int) -> None:
    rules = Rules.make(variant, players, {"vinco_subito": players == 2})
    phases = set()
    for seed in range(200):
        levels = [CHEAP[(seed + s) % 3] for s in range(players)]
        deal = play_out(rules, seed, levels, nodes=0)
        phases |= {type(a).__name__ for _s, a in deal.history}
        assert deal.over
    if variant == "brisca":
        assert "Exchange" in phases
    if variant == "chiamata":
        assert {"Bid", "Pass", "CallSuit"} <= phases


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_campione_plays_legally(variant: str, players: int) -> None:
    rules = Rules.make(variant, players)
    for seed in range(4):
        levels = [LEVELS[(seed + s) % 3] for s in range(players)]
        play_out(rules, seed, levels, nodes=300)


@pytest.mark.parametrize("two", REMOVABLE_TWOS)
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_brisca_for_three(level: str, two: str) -> None:
    """Brisca for three (issue 24), whichever 2 leaves: one level at every seat plays whole deals
    legally, and takes the face-up trump when offered (a principiante now and then forgets)."""
    rules = Rules.make("brisca", 3, {"removed_two": two})
    offered = taken = 0
    for seed in range(10):
        rng = random.Random(f"{two}:{seed}")
        deal = Deal(rules, seed % 3, shuffled_deck(rules, rng))
        while not deal.over:
            view = view_of(deal, deal.to_move)
            action = choose(view, level, rng, nodes=200)
            assert action in deal.legal_actions(), (level, view.phase, action)
            if view.phase == "exchange":
                offered += 1
                taken += isinstance(action, Exchange)
            apply(deal, action)
        assert len(deal.tricks) == 13 and sum(deal.points) == 120
    assert offered > 0
    assert 0 < taken <= offered if level == "principiante" else taken == offered
