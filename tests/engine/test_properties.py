"""Property tests (hypothesis) over thousands of random deals per variant and player count."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola.actions import Draw, Play
from briscola.cards import Card
from briscola.record import Record, loads, replay, result_json
from briscola.state import Deal, shuffled_deck
from briscola.variants import TABLES, Rules
from briscola.view import view_of

DEALS_PER_EXAMPLE = 4
EXAMPLES = 100  # x DEALS_PER_EXAMPLE = 400 random deals per table and property (hypothesis's own default count)
PROPERTY = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Trick order and points written out again, apart from briscola.variants.
ORDERS = {"biscambiggia": "A7KQJ65432"}
POINTS = {"biscambiggia": {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2}}


def order(variant: str) -> str:
    return ORDERS.get(variant, "A3KQJ76542")


def card_points(variant: str, c: Card) -> int:
    return POINTS.get(variant, {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}).get(c.rank, 0)


def expected_winner(variant: str, leader: int, players: int, cards: tuple[Card, ...], trump: str | None) -> int:
    """Highest trump, else highest card of the suit led; cards of other suits never win."""
    rank = order(variant)
    trumps = [i for i, c in enumerate(cards) if c.suit == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c.suit == cards[0].suit]
    best = min(pool, key=lambda i: rank.index(cards[i].rank))
    return (leader + best) % players


def new_deal(variant: str, players: int, seed: int, vinco: bool) -> Deal:
    rules = Rules.make(variant, players, {"vinco_subito": vinco})
    rng = random.Random(seed)
    return Deal(rules, rng.randrange(players), shuffled_deck(rules, rng))


def cards_everywhere(deal: Deal) -> Counter:
    where: Counter = Counter()
    for hand in deal.hands:
        where.update(hand)
    where.update(deal.stock)
    where.update(deal.trick)
    for cs in deal.captured:
        where.update(cs)
    return where


def checked_random_deal(variant: str, players: int, seed: int, vinco: bool) -> Deal:
    """Play a random deal, checking the invariants after every action."""
    deal = new_deal(variant, players, seed, vinco)
    rules, rng, n = deal.rules, random.Random(seed), players
    deck = set(rules.deck)
    assert Counter(deal.deck) == Counter(rules.deck)  # every card dealt exactly once
    assert all(len(h) == rules.hand_size for h in deal.hands)
    while not deal.over:
        leader, stock_before, tricks_before = deal.leader, deal.stock, len(deal.tricks)
        actions = deal.legal_actions()
        assert actions, "a seat to move always has something to do"
        action = rng.choice(actions)
        if isinstance(action, Play) and rng.random() < 0.5:
            deal.play(action.card)
        else:
            deal.apply(action, seat=deal.to_move)
        where = cards_everywhere(deal)
        assert set(where) == deck and all(k == 1 for k in where.values())
        assert all(len(h) <= rules.hand_size for h in deal.hands)
        if len(deal.tricks) > tricks_before:
            t = deal.tricks[-1]
            assert t.leader == leader and len(t.cards) == n
            assert t.winner == expected_winner(variant, leader, n, t.cards, deal.trump_suit)
            assert t.points == sum(card_points(variant, c) for c in t.cards)
            if not deal.over:
                assert deal.leader == t.winner
                if deal.phase == "play":
                    assert deal.to_move == t.winner
        if len(deal.stock) == len(stock_before) - n and deal.phase == "play":  # a round of draws
            winner = deal.tricks[-1].winner
            for k in range(n):  # the winner first, then counterclockwise, the face-up card last
                assert deal.hands[(winner + k) % n][-1] is stock_before[k] or (
                    k == n - 1 and deal.hands[(winner + k) % n][-1] is deal.trump_card)
        if deal.phase == "play" and not deal.trick:
            assert len({len(h) for h in deal.hands}) == 1  # everybody holds as many cards at a lead
    played = [c for t in deal.tricks for c in t.cards]
    tp = deal.team_points()
    if deal.void:
        assert played == [] and deal.winner() is None
    elif deal.ended_early:
        side = tp.index(max(tp))
        assert tp[side] >= 61 and deal.winner() == side
        left = [c for h in deal.hands for c in h] + deal.stock
        assert left and sum(deal.points) + sum(card_points(variant, c) for c in left) == 120
    else:
        assert Counter(played) == Counter(rules.deck)  # every card played exactly once
        assert sum(deal.points) == 120 and sum(tp) == 120
        assert deal.stock_count == 0 and not any(deal.hands)
    for s in range(n):
        assert deal.points[s] == sum(card_points(variant, c) for c in deal.captured[s])
    return deal


def check_result(deal: Deal, variant: str) -> None:
    """The deal result rule of RULES.md §1 and §7, written out again."""
    tp = deal.team_points()
    if deal.void:
        expect = None
    elif variant == "chiamata":
        expect = 0 if tp[0] >= deal.target else 1
    elif len(tp) == 2:
        expect = 0 if tp[0] >= 61 else 1 if tp[1] >= 61 else None
    else:
        expect = tp.index(max(tp)) if tp.count(max(tp)) == 1 else None
    assert deal.winner() == expect


@pytest.mark.parametrize(("variant", "players"), TABLES)
@PROPERTY
@given(seed=st.integers(0, 2**40), vinco=st.booleans())
def test_random_deals_keep_the_invariants(variant: str, players: int, seed: int, vinco: bool) -> None:
    for k in range(DEALS_PER_EXAMPLE):
        deal = checked_random_deal(variant, players, seed + k, vinco and variant != "chiamata")
        check_result(deal, variant)


def same_deal(a: Deal, b: Deal) -> None:
    assert a.hands == b.hands and a.stock == b.stock and a.trick == b.trick
    assert a.tricks == b.tricks and a.points == b.points and a.captured == b.captured
    assert (a.phase, a.to_move, a.leader, a.trump_card, a.trump_suit) == (b.phase, b.to_move, b.leader,
                                                                       b.trump_card, b.trump_suit)
    assert (a.caller, a.called_card, a.partner, a.partner_known) == (b.caller, b.called_card, b.partner,
                                                                     b.partner_known)
    assert a.exchanges == b.exchanges and result_json(a) == result_json(b)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@PROPERTY
@given(seed=st.integers(0, 2**40), stop=st.integers(0, 60))
def test_history_replays_to_the_same_state(variant: str, players: int, seed: int, stop: int) -> None:
    """Record.of_deal + replay (through JSON text) rebuilds the deal, finished or stopped mid-deal."""
    for k in range(DEALS_PER_EXAMPLE):
        deal = new_deal(variant, players, seed + k, vinco=k % 2 == 1)
        rng = random.Random(seed + k)
        last = None
        for _ in range(stop if k < 2 else 10**6):  # two deals stop early, two run to the end
            if deal.over:
                break
            last = rng.choice(deal.legal_actions())
            deal.apply(last)
        again = replay(loads(json.dumps(Record.of_deal(deal).to_json())))
        if isinstance(last, Draw):
            # a declined exchange is not written in records: the replay stops with the window open
            assert again.phase == "exchange"
            again.apply(Draw())
        same_deal(deal, again)
        copy = deal.copy()
        same_deal(deal, copy)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_views_never_show_a_hidden_card(variant: str, players: int, seed: int) -> None:
    deal = new_deal(variant, players, seed, vinco=False)
    rng = random.Random(seed)
    while not deal.over:
        for seat in range(players):
            view = view_of(deal, seat)
            assert view.hand == tuple(deal.hands[seat]) and view.hands == {}
            assert view.hand_sizes == tuple(len(h) for h in deal.hands)
            if deal.phase == "exchange" and seat != deal.to_move:
                assert view.phase == "draw" and view.to_move is None and view.legal == ()
            if deal.partner is not None and not deal.partner_known and seat != deal.partner:
                assert view.partner is None
        deal.apply(rng.choice(deal.legal_actions()))
