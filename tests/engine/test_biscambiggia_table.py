"""Biscambiggia's table (source 002): which 2 leaves the deck for three players, and one trick
pile per team for four and six."""

from __future__ import annotations

import json
import random

import pytest
from engine_support import play_random, random_deal
from hypothesis import given, settings
from hypothesis import strategies as st
from web_support import current

from briscola import web
from briscola.cards import DECK
from briscola.match import Match
from briscola.state import Deal
from briscola.variants import TABLES, Rules


@pytest.mark.parametrize(
    "variant, players, options, removed",
    [("biscambiggia", 3, {}, {"2S"}), ("biscambiggia", 3, {"removed_two": "2D"}, {"2D"}),
     ("biscambiggia", 3, {"removed_two": "2C"}, {"2C"}), ("biscambiggia", 3, {"removed_two": "2B"}, {"2B"}),
     ("biscambiggia", 2, {"removed_two": "2D"}, set()), ("biscambiggia", 4, {"removed_two": "2D"}, set()),
     ("biscambiggia", 6, {"removed_two": "2D"}, {"2D", "2C", "2B", "2S"}),
     ("classica", 3, {"removed_two": "2C"}, {"2C"})],
)
def test_the_players_choose_which_two_leaves(variant, players, options, removed):
    rules = Rules.make(variant, players, options)
    assert {c.code for c in DECK} - {c.code for c in rules.deck} == removed
    m = Match.new(rules, seed=3)
    assert {c.code for c in m.deal.deck} == {c.code for c in rules.deck}


@pytest.mark.parametrize(
    "variant, players, plays_in_teams",
    [("biscambiggia", 4, True), ("biscambiggia", 6, True), ("biscambiggia", 2, False),
     ("biscambiggia", 3, False), ("classica", 4, False), ("brisca", 4, False), ("chiamata", 5, False)],
)
def test_one_pile_per_team_only_in_biscambiggia_teams(variant, players, plays_in_teams):
    deal = random_deal(variant, players, 4)
    assert (deal.pile_holders() is not None) == plays_in_teams
    if plays_in_teams:
        assert deal.pile_holders() == (None, None)  # no trick yet, no pile


def test_the_first_of_the_team_to_take_a_trick_holds_its_pile():
    deal = random_deal("biscambiggia", 4, 11)
    rng = random.Random(11)
    while None in deal.pile_holders():
        deal.apply(rng.choice(deal.legal_actions()))
    first = {}
    for t in deal.tricks:
        first.setdefault(deal.rules.team_of(t.winner), t.winner)
    assert deal.pile_holders() == (first[0], first[1])
    held = deal.pile_holders()
    play_random(deal, rng)
    assert deal.pile_holders() == held  # the pile stays where it was started


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.sampled_from([4, 6]), stop=st.integers(0, 40))
def test_a_pile_holder_is_of_its_team_and_took_a_trick(seed, players, stop):
    deal = random_deal("biscambiggia", players, seed)
    play_random(deal, random.Random(seed), stop)
    teams = deal.rules.teams
    for side, holder in enumerate(deal.pile_holders()):
        won = [t.winner for t in deal.tricks if t.winner in teams[side]]
        assert holder == (won[0] if won else None)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_the_page_is_told_who_holds_each_pile(variant, players):
    web.call("new", json.dumps({"variant": variant, "players": players, "seed": 2}))
    m = current().match
    rng = random.Random(2)
    for _ in range(30):
        if m.deal.over:
            break
        m.apply(rng.choice(m.deal.legal_actions()))
    st_ = json.loads(web.call("state"))["state"]
    piles = m.deal.pile_holders()
    assert st_["team_piles"] == (list(piles) if piles is not None else None)
    assert st_["cut"] is None and st_["draw"] is None and st_["clock"] is None


def test_a_deal_from_a_record_keeps_its_piles():
    rules = Rules.make("biscambiggia", 4)
    deal = Deal(rules, 1, list(rules.deck))
    play_random(deal, random.Random(1))
    assert None not in deal.pile_holders()
