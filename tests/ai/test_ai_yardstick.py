"""campione-2026: today's campione kept for the arena as the yardstick of the new one."""

from __future__ import annotations

import random

import pytest
from ai_support import positions

from briscola.actions import action_from_json
from briscola.ai import LEVELS, PLAYERS, YARDSTICK, campione, choose
from briscola.ai.knowledge import Knowledge
from briscola.seats import LEVELS as PAGE_LEVELS
from briscola.view import view_of

# The cards campione played on these positions (node budget 3,000) before the new campione: the
# yardstick must keep playing them whatever campione, duel.py or inference.py become.
TODAY = {
    ("classica", 2): ["AB", "QB", "KS", "7C", "KD", "JC", "JD", "JC", "KD", "QD", "5B", "JB"],
    ("classica", 4): ["5D", "AS", "4C", "3C", "5S", "KD", "2B", "7S", "3B", "5S", "JB", "JC"],
    ("chiamata", 5): [None, None, "3D", "7B", "KD", "3S", "3D", "2B", "6D", "2D", "KD", "7D"],
}


@pytest.mark.parametrize(("variant", "players"), list(TODAY))
def test_the_yardstick_plays_todays_cards(variant: str, players: int) -> None:
    for i, deal in enumerate(positions(variant, players, seed=23, count=12)):
        played = TODAY[(variant, players)][i]
        expected = action_from_json({"pass": True} if played is None else {"play": played})
        assert choose(view_of(deal, deal.to_move), YARDSTICK, random.Random(i), nodes=3000) == expected


def test_the_yardstick_is_an_arena_player_not_a_level_of_the_page() -> None:
    assert YARDSTICK in PLAYERS
    assert YARDSTICK not in LEVELS
    assert YARDSTICK not in PAGE_LEVELS


@pytest.mark.parametrize(("variant", "players"), [("classica", 3), ("classica", 4), ("chiamata", 5),
                                                  ("biscambiggia", 6)])
def test_with_more_players_the_styles_play_as_the_yardstick(variant: str, players: int) -> None:
    """The styles differ in the two-player reading only: with more players each plays today's cards."""
    softer = campione.Style(infer_temp=3.0, infer_sharp=0.3)
    for i, deal in enumerate(positions(variant, players, seed=29, count=10)):
        view = view_of(deal, deal.to_move)
        if view.phase != "play":
            continue
        today = campione.choose_card(Knowledge(view), random.Random(i), 2000, campione.CAMPIONE_2026)
        for style in (campione.STYLE, softer):
            assert campione.choose_card(Knowledge(view), random.Random(i), 2000, style) == today


def test_the_softer_reading_changes_two_player_cards() -> None:
    """... and in two-player games it is a different player (else the test above would say nothing)."""
    softer = campione.Style(infer_temp=3.0, infer_sharp=0.3)
    changed = 0
    for i, deal in enumerate(positions("classica", 2, seed=31, count=60)):
        view = view_of(deal, deal.to_move)
        if view.phase == "play" and len(view.tricks) >= 2:
            k = Knowledge(view)
            changed += campione.choose_card(k, random.Random(i), 2000, softer) != \
                campione.choose_card(Knowledge(view), random.Random(i), 2000, campione.CAMPIONE_2026)
    assert changed > 0
