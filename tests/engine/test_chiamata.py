"""Briscola chiamata (RULES.md §7): the auction, the call, the secret partner, the score table."""

from __future__ import annotations

import functools
import random

import pytest
from engine_support import deck_for, play_codes, play_random, random_deal, start_chiamata

from briscola.actions import Bid, CallSuit, Pass, Play
from briscola.cards import card, codes
from briscola.errors import IllegalAction
from briscola.record import result_json
from briscola.state import Deal, shuffled_deck
from briscola.variants import Rules
from briscola.view import view_of, view_to_json

RULES = Rules.make("chiamata", 5)


def fresh(dealer: int = 4, seed: int = 1) -> Deal:
    """Dealer 4: seat 0 bids first and leads."""
    return Deal(RULES, dealer, shuffled_deck(RULES, random.Random(seed)))


# --------------------------------------------------------------------------- auction

AUCTION = [
    # (id, calls made before, the call tried, allowed)
    ("first-call-any-rank", [], Bid("A"), True),
    ("first-call-the-2", [], Bid("2"), True),
    ("lower-rank", [Bid("K")], Bid("Q"), True),
    ("same-rank-refused", [Bid("K")], Bid("K"), False),
    ("higher-rank-refused", [Bid("K")], Bid("A"), False),
    ("three-is-below-ace", [Bid("A")], Bid("3"), True),
    ("king-is-below-three", [Bid("3")], Bid("K"), True),
    ("ace-is-above-three", [Bid("3")], Bid("A"), False),
    ("seven-below-jack", [Bid("J")], Bid("7"), True),
    ("two-below-four", [Bid("4")], Bid("2"), True),
    ("may-skip-ranks", [Bid("A")], Bid("5"), True),
    ("plain-2-after-2-refused", [Bid("2")], Bid("2"), False),
    ("61-after-2-refused", [Bid("2")], Bid("2", 61), False),
    ("62-after-2", [Bid("2")], Bid("2", 62), True),
    ("rank-after-2-refused", [Bid("2")], Bid("3"), False),
    ("raise-equal-refused", [Bid("2"), Bid("2", 64)], Bid("2", 64), False),
    ("raise-higher", [Bid("2"), Bid("2", 64)], Bid("2", 65), True),
    ("raise-lower-refused", [Bid("2"), Bid("2", 70)], Bid("2", 65), False),
    ("plain-2-after-raise-refused", [Bid("2"), Bid("2", 70)], Bid("2"), False),
    ("raise-to-120", [Bid("2")], Bid("2", 120), True),
    ("over-120-refused", [Bid("2")], Bid("2", 121), False),
    ("first-raise-below-62-refused", [], Bid("2", 61), False),
    ("first-call-raise-62", [], Bid("2", 62), True),
    ("points-on-a-rank-refused", [], Bid("K", 70), False),
    ("raise-over-a-rank", [Bid("K")], Bid("2", 70), True),
    ("nothing-beats-120", [Bid("2", 120)], Bid("2", 120), False),
    ("pass-always-allowed", [Bid("2", 120)], Pass(), True),
]


@pytest.mark.parametrize(("before", "call", "allowed"), [a[1:] for a in AUCTION], ids=[a[0] for a in AUCTION])
def test_auction_call(before: list, call: Bid | Pass, allowed: bool) -> None:
    deal = fresh()
    for b in before:
        deal.apply(b)
    seat = deal.to_move
    assert (call in deal.legal_actions()) == allowed
    if allowed:
        deal.apply(call)
        assert deal.auction.calls[-1] == (seat, call)
    else:
        with pytest.raises(IllegalAction, match="does not beat"):
            deal.apply(call)
        assert len(deal.auction.calls) == len(before) and deal.to_move == seat


def test_pass_is_final_and_passed_seats_are_skipped() -> None:
    deal = fresh()
    for call, seat in [(Bid("K"), 0), (Pass(), 1), (Bid("Q"), 2), (Pass(), 3), (Pass(), 4), (Bid("J"), 0)]:
        assert deal.to_move == seat
        deal.apply(call, seat=seat)
    assert deal.to_move == 2  # seat 1 passed: skipped
    with pytest.raises(IllegalAction, match="seat 2's turn"):
        deal.apply(Bid("7"), seat=1)
    deal.apply(Pass())
    assert deal.phase == "call" and deal.caller == deal.to_move == 0
    assert deal.auction.passed == [False, True, True, True, True]


def test_auction_ends_when_four_have_passed() -> None:
    deal = fresh(dealer=2)  # seat 3 opens
    deal.apply(Bid("A"), seat=3)
    for seat in (4, 0, 1, 2):
        assert deal.phase == "auction"
        deal.apply(Pass(), seat=seat)
    assert deal.phase == "call" and deal.caller == 3


def test_four_passes_leave_the_last_seat_free_to_bid() -> None:
    deal = fresh()
    for _ in range(4):
        deal.apply(Pass())
    assert deal.phase == "auction" and deal.to_move == 4
    deal.apply(Bid("A"))
    assert deal.phase == "call" and deal.caller == 4


def test_all_pass_is_a_void_deal() -> None:
    deal = fresh()
    for _ in range(5):
        deal.apply(Pass())
    assert deal.over and deal.void and deal.caller is None and deal.legal_actions() == []
    assert deal.winner() is None and deal.scores() == [0] * 5
    out = result_json(deal)
    assert out == {"tricks": [], "points": [0] * 5, "team_points": [0, 0], "winner": None,
                   "finished": True, "scores": [0] * 5}
    with pytest.raises(IllegalAction, match="over"):
        deal.apply(Bid("A"))


def test_no_card_before_the_auction_ends_nor_before_the_suit() -> None:
    deal = fresh()
    with pytest.raises(IllegalAction, match="auction is still going on"):
        deal.apply(Play(deal.hands[0][0]))
    deal.apply(Bid("3"))
    for _ in range(4):
        deal.apply(Pass())
    with pytest.raises(IllegalAction, match="name the suit"):
        deal.apply(Play(deal.hands[0][0]))
    with pytest.raises(IllegalAction, match="auction"):
        deal.apply(Bid("2"))
    assert deal.legal_actions() == [CallSuit(s) for s in "DCBS"]


def test_unknown_suit_refused_without_a_trace() -> None:
    deal = fresh()
    start = len(deal.history)
    deal.apply(Bid("A"))
    for _ in range(4):
        deal.apply(Pass())
    with pytest.raises(IllegalAction, match="unknown suit 'X'"):
        deal.apply(CallSuit("X"))
    assert deal.phase == "call" and len(deal.history) == start + 5 and deal.called_card is None


def test_team_points_before_a_caller_exists() -> None:
    deal = fresh()
    assert deal.sides() == ((), (0, 1, 2, 3, 4)) and deal.team_points() == [0, 0]


@pytest.mark.parametrize("suit", "DCBS")
@pytest.mark.parametrize("rank", ["A", "3", "K", "7", "2"])
def test_winner_names_the_suit(rank: str, suit: str) -> None:
    deal = fresh(dealer=1)  # seat 2 opens and wins
    deal.apply(Bid(rank))
    for _ in range(4):
        deal.apply(Pass())
    assert deal.to_move == 2 and deal.phase == "call"
    deal.apply(CallSuit(suit), seat=2)
    called = card(rank + suit)
    assert deal.called_card is called and deal.trump_suit == suit and deal.trump_card is None
    assert called in deal.hands[deal.partner]
    assert deal.phase == "play" and deal.leader == deal.to_move == 2  # dealer + 1 leads
    alone = deal.partner == 2
    mine = (2,) if alone else tuple(sorted({2, deal.partner}))
    assert deal.sides() == (mine, tuple(s for s in range(5) if s not in mine))
    assert deal.target == 60


def test_called_card_in_own_hand_plays_alone() -> None:
    deal = fresh()
    own = deal.hands[0][0]
    start_chiamata(deal, own.rank, own.suit)
    assert deal.caller == deal.partner == 0
    assert deal.sides() == ((0,), (1, 2, 3, 4))
    assert view_of(deal, 0).partner == 0  # the caller knows he is alone
    assert all(view_of(deal, s).partner is None for s in (1, 2, 3, 4))


def test_partner_revealed_only_when_the_called_card_is_played() -> None:
    rules = RULES
    # seat 3 holds the AB and plays it on the third trick; seat 0 bids the ace and names bastoni
    hands = {0: "3D 3C 3S 2D 4D 5D 6D 7D", 1: "KD KC KS 2C 4C 5C 6C 7C", 2: "QD QC QS 2S 4S 5S 6S 7S",
             3: "JD JC AB JS 2B 4B 5B 6B", 4: "AD AC AS 3B KB QB JB 7B"}
    deal = Deal(rules, 4, deck_for(rules, 4, hands))
    start_chiamata(deal, "A", "B")
    assert deal.called_card is card("AB") and deal.partner == 3 and not deal.partner_known
    views = [view_of(deal, s) for s in range(5)]
    assert [v.partner for v in views] == [None, None, None, 3, None]
    assert [view_to_json(v)["partner"] for v in views] == [None, None, None, 3, None]
    assert all(view_to_json(v)["called"] == "AB" and view_to_json(v)["caller"] == 0 for v in views)
    for trick in ("3D KD QD JD AD", "AC 3C KC QC JC"):  # the ace leads the next trick each time
        for c in trick.split():
            deal.apply(Play(card(c)), seat=deal.to_move)
            assert [view_of(deal, s).partner for s in range(5)] == [None, None, None, 3, None]
    # seat 4 won the second trick and leads the third; seat 3 plays the AB last
    play_codes(deal, "AS 3S KS QS")
    assert deal.to_move == 3
    deal.apply(Play(card("AB")))
    assert deal.partner_known
    assert [view_of(deal, s).partner for s in range(5)] == [3] * 5
    assert view_of(deal, 0).hands == {}  # chiamata shows no other hand, whatever the options


# --------------------------------------------------------------------------- scores

def expected_scores(caller: int, partner: int, won: bool, target: int, cappotto: bool) -> list[int]:
    """The table of RULES.md §7, written out independently of briscola.scoring."""
    alone = caller == partner
    if alone:
        c, p, o = (4, 0, -2) if won else (-4, 0, 2)
        if cappotto:
            c, o = c + 4, o - 1
    else:
        if target <= 70:
            c, p, o = (2, 1, -1) if won else (-2, -1, 1)
        elif target <= 80:
            c, p, o = (4, 2, -2) if won else (-4, -2, 2)
        else:
            c, p, o = (6, 3, -3) if won else (-2, -1, 1)
        if cappotto:
            c, p, o = c + 2, p + 1, o - 1
    out = [o] * 5
    out[caller] = c
    if not alone:
        out[partner] = p
    return out


def play_out(seed: int, rank: str, suit: str, points: int | None) -> Deal:
    deal = Deal(RULES, 4, shuffled_deck(RULES, random.Random(seed)))
    start_chiamata(deal, rank, suit, points)
    return play_random(deal, random.Random(seed))


@functools.cache
def caller_points(seed: int, rank: str, suit: str) -> tuple[int, bool]:
    """(points of the caller's side, alone) for a seeded deal and random play; the bid's points do not matter."""
    deal = play_out(seed, rank, suit, None)
    return deal.team_points()[0], deal.partner == 0


SCORE_ROWS = [
    # (id, bid rank, bid points, alone, test on the caller side's points, caller wins)
    ("partner-no-raise-win", "2", None, False, lambda p: 61 <= p < 120, True),
    ("partner-no-raise-60-60-goes-to-caller", "2", None, False, lambda p: p == 60, True),
    ("partner-rank-bid-60-60-goes-to-caller", "K", None, False, lambda p: p == 60, True),
    ("partner-no-raise-lose", "2", None, False, lambda p: p < 60, False),
    ("partner-rank-bid-lose-at-59", "3", None, False, lambda p: p == 59, False),
    ("partner-raise-62-lose-at-61", "2", 62, False, lambda p: p == 61, False),
    ("partner-raise-70-win", "2", 70, False, lambda p: 70 <= p < 120, True),
    ("partner-raise-70-lose", "2", 70, False, lambda p: p < 70, False),
    ("partner-raise-71-win", "2", 71, False, lambda p: 71 <= p < 120, True),
    ("partner-raise-75-lose", "2", 75, False, lambda p: p < 75, False),
    ("partner-raise-80-win", "2", 80, False, lambda p: 80 <= p < 120, True),
    ("partner-raise-80-lose", "2", 80, False, lambda p: p < 80, False),
    ("partner-raise-81-win", "2", 81, False, lambda p: 81 <= p < 120, True),
    ("partner-raise-90-lose", "2", 90, False, lambda p: p < 90, False),
    ("alone-win", "2", None, True, lambda p: 60 <= p < 120, True),
    ("alone-lose", "2", None, True, lambda p: p < 60, False),
    ("alone-raise-lose", "2", 85, True, lambda p: p < 85, False),
    ("alone-rank-bid-win", "A", None, True, lambda p: 60 <= p < 120, True),
]


def find_seed(rank: str, points: int | None, alone: bool, test) -> tuple[int, str]:
    for seed in range(4000):
        for suit in "DCBS":
            p, is_alone = caller_points(seed, rank, suit)
            if is_alone == alone and test(p):
                return seed, suit
    raise AssertionError("no seeded deal found for this row")


@pytest.mark.parametrize(("rank", "points", "alone", "test", "won"), [r[1:] for r in SCORE_ROWS],
                         ids=[r[0] for r in SCORE_ROWS])
def test_score_row(rank: str, points: int | None, alone: bool, test, won: bool) -> None:
    seed, suit = find_seed(rank, points, alone, test)
    deal = play_out(seed, rank, suit, points)
    tp = deal.team_points()
    assert deal.over and sum(tp) == 120 and test(tp[0])
    assert deal.target == (60 if points is None else points)
    assert deal.winner() == (0 if won else 1)
    assert deal.scores() == expected_scores(0, deal.partner, won, deal.target, cappotto=False)
    assert result_json(deal)["scores"] == deal.scores()


CAPPOTTO_HANDS = {0: "AD 3D KD QD JD 7D 6D 5D", 1: "4D 2D 2C 4C 5C 2B 4B 5B"}

CAPPOTTO = [
    # (id, bid rank, bid points, partner seat, scores)
    ("with-partner", "2", None, 1, [4, 2, -2, -2, -2]),
    ("with-partner-raise-75", "2", 75, 1, [6, 3, -3, -3, -3]),
    ("with-partner-raise-120", "2", 120, 1, [8, 4, -4, -4, -4]),
    ("alone", "A", None, 0, [8, -3, -3, -3, -3]),
]


@pytest.mark.parametrize(("rank", "points", "partner", "scores"), [c[1:] for c in CAPPOTTO],
                         ids=[c[0] for c in CAPPOTTO])
def test_cappotto(rank: str, points: int | None, partner: int, scores: list[int]) -> None:
    deal = Deal(RULES, 4, deck_for(RULES, 4, CAPPOTTO_HANDS))
    start_chiamata(deal, rank, "D", points)
    assert deal.partner == partner
    while not deal.over:  # seat 0 leads a trump every time and takes everything
        deal.play(deal.hands[deal.to_move][0])
    assert [t.winner for t in deal.tricks] == [0] * 8
    assert deal.team_points() == [120, 0] and deal.winner() == 0
    assert deal.scores() == scores == expected_scores(0, partner, True, deal.target, cappotto=True)


def test_scores_zero_before_the_end() -> None:
    deal = fresh()
    start_chiamata(deal, "K", "C")
    deal.play(deal.hands[0][0])
    assert deal.scores() == [0] * 5 and deal.winner() is None


def test_chiamata_random_deals_score_sums() -> None:
    """Scores of every deal follow the table; with a partner they sum to zero."""
    for seed in range(60):
        deal = random_deal("chiamata", 5, seed)
        play_random(deal, random.Random(seed))
        if deal.void:
            assert deal.scores() == [0] * 5
            continue
        tp = deal.team_points()
        won = tp[0] >= deal.target
        expect = expected_scores(deal.caller, deal.partner, won, deal.target, cappotto=won and tp[0] == 120)
        assert deal.scores() == expect
        if deal.caller != deal.partner:
            assert sum(expect) == 0
        assert sum(tp) == 120 and sorted(codes(c for cs in deal.captured for c in cs)) == sorted(codes(RULES.deck))
