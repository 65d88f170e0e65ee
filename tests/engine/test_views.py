"""What each seat may see (RULES.md §2, §4): hidden hands, partners' hands, carte viste."""

from __future__ import annotations

import random

import pytest
from engine_support import play_random, random_deal, start_chiamata

from briscola.cards import codes
from briscola.state import Deal
from briscola.variants import TABLES, VARIANTS
from briscola.view import view_of, view_to_json


def until_stock_out(deal: Deal, rng: random.Random) -> Deal:
    while deal.stock_count > 0 or deal.phase == "exchange":
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_view_hides_other_hands_all_deal(variant: str, players: int) -> None:
    deal = random_deal(variant, players, 5)
    rng = random.Random(5)
    while True:
        for seat in range(players):
            view = view_of(deal, seat)
            assert view.hands == {} and view.hand == tuple(deal.hands[seat])
            data = view_to_json(view)
            assert "hands" not in data and data["hand"] == codes(deal.hands[seat])
            shown = {c for h in data.get("hands", {}).values() for c in h} | set(data["hand"])
            others = {c.code for s in range(players) if s != seat for c in deal.hands[s]}
            assert not shown & others
            assert data["stock"] == deal.stock_count and data["hand_sizes"] == [len(h) for h in deal.hands]
            if view.legal:
                assert view.to_move == seat and list(view.legal) == deal.legal_actions()
        if deal.over:
            break
        deal.apply(rng.choice(deal.legal_actions()))


PAIR_TABLES = [(v, n) for v, n in TABLES if n in VARIANTS[v].team_players]  # fixed teams, partners known


def partners_of(deal: Deal, seat: int) -> set[int]:
    return {s for s in deal.rules.teams[deal.rules.team_of(seat)] if s != seat}


@pytest.mark.parametrize(("variant", "players"), PAIR_TABLES)
def test_carte_scoperte_shows_partners_hands_all_deal(variant: str, players: int) -> None:
    deal = random_deal(variant, players, 8, {"carte_scoperte": True})
    rng = random.Random(8)
    while not deal.over:
        for seat in range(players):
            hands = view_of(deal, seat).hands
            assert set(hands) == partners_of(deal, seat)
            assert all(hands[s] == tuple(deal.hands[s]) for s in hands)
        deal.apply(rng.choice(deal.legal_actions()))


@pytest.mark.parametrize(("variant", "players"), PAIR_TABLES)
def test_mostra_carte_shows_partners_hands_once_the_stock_is_out(variant: str, players: int) -> None:
    deal = random_deal(variant, players, 9, {"mostra_carte": True})
    rng = random.Random(9)
    while deal.stock_count > 0 or deal.phase == "exchange":
        assert all(view_of(deal, s).hands == {} for s in range(players))
        deal.apply(rng.choice(deal.legal_actions()))
    while True:
        for seat in range(players):
            hands = view_of(deal, seat).hands
            assert set(hands) == partners_of(deal, seat)
            data = view_to_json(view_of(deal, seat))
            assert data["hands"] == {str(s): codes(deal.hands[s]) for s in sorted(hands)}
        if deal.over:
            break
        deal.apply(rng.choice(deal.legal_actions()))


OPTIONS_WITHOUT_EFFECT = [
    ("classica-2-carte-scoperte", "classica", 2, {"carte_scoperte": True}),
    ("classica-3-mostra-carte", "classica", 3, {"mostra_carte": True}),
    ("classica-4-carte-viste", "classica", 4, {"carte_viste": True}),
    ("classica-3-carte-viste", "classica", 3, {"carte_viste": True}),
    ("chiamata-every-option", "chiamata", 5, {"carte_viste": True, "carte_scoperte": True, "mostra_carte": True}),
]


@pytest.mark.parametrize(("variant", "players", "options"), [o[1:] for o in OPTIONS_WITHOUT_EFFECT],
                         ids=[o[0] for o in OPTIONS_WITHOUT_EFFECT])
def test_options_that_show_no_hand_here(variant: str, players: int, options: dict) -> None:
    deal = random_deal(variant, players, 4, options)
    rng = random.Random(4)
    while not deal.over:
        assert all(view_of(deal, s).hands == {} for s in range(players))
        deal.apply(rng.choice(deal.legal_actions()))


@pytest.mark.parametrize("variant", ["classica", "brisca", "biscambiggia"])
def test_carte_viste_two_players_both_hands_once_stock_is_out(variant: str) -> None:
    deal = random_deal(variant, 2, 6, {"carte_viste": True})
    rng = random.Random(6)
    assert view_of(deal, 0).played_shown and view_to_json(view_of(deal, 0))["options"]["carte_viste"] is True
    while deal.stock_count > 0 or deal.phase == "exchange":
        assert view_of(deal, 0).hands == {} and view_of(deal, 1).hands == {}
        deal.apply(rng.choice(deal.legal_actions()))
    tricks_left = 0
    while not deal.over:
        assert view_of(deal, 0).hands == {1: tuple(deal.hands[1])}
        assert view_of(deal, 1).hands == {0: tuple(deal.hands[0])}
        deal.apply(rng.choice(deal.legal_actions()))
        tricks_left += 1
    assert tricks_left == 6  # the last three tricks, two cards each


def test_without_carte_viste_played_cards_are_not_flagged() -> None:
    deal = random_deal("classica", 2, 1)
    assert not view_of(deal, 0).played_shown


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_view_public_parts_match_the_deal(variant: str, players: int) -> None:
    deal = random_deal(variant, players, 12)
    if deal.auction is not None:
        start_chiamata(deal, "3", "S")
    play_random(deal, random.Random(12), stop=players * 3 + 1)
    for seat in range(players):
        data = view_to_json(view_of(deal, seat))
        assert data["variant"] == variant and data["players"] == players and data["seat"] == seat
        assert data["dealer"] == deal.dealer and data["points"] == deal.points
        assert data["trick"] == codes(deal.trick) and data["leader"] == deal.leader
        assert data["tricks"] == [{"leader": t.leader, "cards": codes(t.cards), "winner": t.winner}
                                  for t in deal.tricks]
        assert data["trump"] == (deal.trump_card.code if deal.trump_card else None)
        if variant == "chiamata":
            assert data["trump_suit"] == "S" and data["called"] == "3S"
