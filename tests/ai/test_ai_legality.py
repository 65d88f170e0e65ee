"""Every level plays only legal actions, in every variant and phase, over thousands of deals."""

from __future__ import annotations

import random

import pytest
from ai_support import apply

from briscola.ai import LEVELS, choose
from briscola.state import Deal, shuffled_deck
from briscola.variants import TABLES, Rules
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
