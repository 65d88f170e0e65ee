"""Brisca for three (issue 24): one 2 leaves the deck as in classica for three (39 cards, 13 each),
and the trump exchange of RULES.md §5 works for every seat, with the removed 2 gone for good."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from engine_support import deck_for, play_codes

from briscola.actions import Draw, Exchange, Play
from briscola.cards import DECK, card
from briscola.errors import BriscolaError, IllegalAction
from briscola.record import Record, loads, replay, result_json
from briscola.state import Deal, shuffled_deck
from briscola.variants import REMOVABLE_TWOS, Rules

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("two", REMOVABLE_TWOS)
def test_the_chosen_two_leaves_and_the_deal_is_three_by_three(two: str) -> None:
    rules = Rules.make("brisca", 3, {"removed_two": two})
    assert rules.removed == (two,)
    assert len(rules.deck) == 39 and card(two) not in rules.deck
    assert set(rules.deck) | {card(two)} == set(DECK)
    assert sum(rules.points_of(c) for c in rules.deck) == 120  # a 2 is worth nothing
    assert rules.teams == ((0,), (1,), (2,))  # every player for himself
    deal = Deal(rules, 2, shuffled_deck(rules, random.Random(two)))
    assert [len(h) for h in deal.hands] == [3, 3, 3]
    assert deal.stock_count == 30  # 39 - 9, the face-up trump included: ten drawing rounds of three
    assert deal.to_move == 0  # the dealer's right leads


def window(hands: dict[int, str], face: str, plays: str, options: dict | None = None,
           stock: str = "") -> Deal:
    """Three players, dealer 2 (seat 0 leads): ``plays`` is the first trick."""
    rules = Rules.make("brisca", 3, options)
    deal = Deal(rules, 2, deck_for(rules, 2, hands, trump=face, stock=stock))
    play_codes(deal, plays)
    return deal


EXCHANGES = [
    # (id, hands, face-up, first trick, options, who may exchange, with which card)
    ("third-seat-seven-for-king", {0: "4C 5C 6C", 1: "3C 4S 5S", 2: "AC 7D 6S"}, "KD", "4C 3C AC", None, 2, "7D"),
    ("second-seat-seven-for-ace", {0: "4C 5C 6C", 1: "AC 7S 5D", 2: "3C 6D 6S"}, "AS", "4C AC 3C", None, 1, "7S"),
    ("first-seat-two-for-six", {0: "AC 2D 5C", 1: "3C 4S 5S", 2: "4C 7B 6S"}, "6D", "AC 3C 4C", None, 0, "2D"),
    ("two-of-spades-in-play-when-another-leaves", {0: "AC 2S 5C", 1: "3C 4D 5D", 2: "4C 7B 6D"}, "5S",
     "AC 3C 4C", {"removed_two": "2B"}, 0, "2S"),
]


@pytest.mark.parametrize(("hands", "face", "plays", "options", "seat", "give"), [e[1:] for e in EXCHANGES],
                         ids=[e[0] for e in EXCHANGES])
def test_the_trick_winner_may_exchange_from_any_seat(hands, face, plays, options, seat, give) -> None:
    deal = window(hands, face, plays, options)
    assert deal.tricks[0].winner == seat
    assert deal.phase == "exchange" and deal.to_move == seat
    assert deal.legal_actions() == [Exchange(card(give), seat), Draw()]
    before = deal.stock_count
    deal.apply(Exchange(card(give), seat), seat=seat)
    assert deal.trump_card is card(give) and card(face) in deal.hands[seat]
    assert deal.phase == "play" and deal.to_move == seat and deal.stock_count == before - 3
    assert [len(h) for h in deal.hands] == [3, 3, 3]


NO_EXCHANGE = [
    # (id, hands, face-up, first trick, options): the winner holds no card that may take the face-up one
    ("removed-two-of-trumps", {0: "AC 7B 5C", 1: "3C 4D 5D", 2: "4C 6B 6D"}, "5S", "AC 3C 4C", None),
    ("seven-held-by-a-seat-without-a-trick", {0: "AC 4B 5C", 1: "3C 7D 5D", 2: "4C 6B 6S"}, "KD", "AC 3C 4C", None),
    ("seven-cannot-take-a-six", {0: "AC 7D 5C", 1: "3C 4S 5S", 2: "4C 7B 6S"}, "6D", "AC 3C 4C", None),
]


@pytest.mark.parametrize(("hands", "face", "plays", "options"), [e[1:] for e in NO_EXCHANGE],
                         ids=[e[0] for e in NO_EXCHANGE])
def test_no_window_when_nobody_may_exchange(hands, face, plays, options) -> None:
    deal = window(hands, face, plays, options)
    assert deal.phase == "play" and [len(h) for h in deal.hands] == [3, 3, 3]
    assert not any(deal.exchange_allowed(s) for s in range(3))


def test_the_removed_two_cannot_be_exchanged_even_named() -> None:
    deal = window({0: "AC 7B 5C", 1: "3C 4D 5D", 2: "4C 6B 6D"}, "5S", "AC 3C 4C")
    with pytest.raises(IllegalAction):
        deal.apply(Exchange(card("2S"), 0), seat=0)


def test_no_exchange_in_the_round_that_takes_the_face_up_card() -> None:
    """Seat 0 keeps the 7D and declines every window: the last drawing round (three cards left,
    the face-up KD among them) offers none."""
    deal = window({0: "AC 7D 6S", 1: "3C 4S 5S", 2: "4C 5C 6C"}, "KD", "AC 3C 4C")
    offered = 0
    while True:
        if deal.phase == "exchange":
            offered += 1
            deal.apply(Draw())
        before = deal.stock_count
        deal.play(next(c for c in deal.hands[deal.to_move] if c is not card("7D")))
        if deal.stock_count == 0 and before > 0 and not deal.trick:
            assert before == 3 and deal.phase == "play" and card("KD") in [h[-1] for h in deal.hands]
            assert offered > 0
            return


def exchanging(deal: Deal, rng: random.Random) -> Deal:
    """Random legal play that always exchanges when it may (so that the deals show exchanges)."""
    while not deal.over:
        legal = deal.legal_actions()
        swaps = [a for a in legal if isinstance(a, Exchange)]
        deal.apply(swaps[0] if swaps else rng.choice(legal))
    return deal


@pytest.mark.parametrize("two", REMOVABLE_TWOS)
def test_whole_deals_by_random_play_count_120(two: str) -> None:
    rules = Rules.make("brisca", 3, {"removed_two": two})
    swaps = 0
    for seed in range(60):
        rng = random.Random(f"{two}:{seed}")
        deal = exchanging(Deal(rules, seed % 3, shuffled_deck(rules, rng)), rng)
        assert len(deal.tricks) == 13 and sum(deal.points) == 120
        assert sorted(c.index for s in range(3) for c in deal.captured[s]) == sorted(c.index for c in rules.deck)
        assert deal.team_points() == deal.points  # three sides, one seat each
        swaps += len(deal.exchanges)
        assert all(give.suit == deal.trump_suit for _s, give, _took in deal.exchanges)
        assert card(two) not in [give for _s, give, _took in deal.exchanges]
    assert swaps > 0


def a_deal_with_an_exchange(options: dict) -> Deal:
    rules = Rules.make("brisca", 3, options)
    for seed in range(200):
        rng = random.Random(seed)
        deal = exchanging(Deal(rules, seed % 3, shuffled_deck(rules, rng)), rng)
        if deal.exchanges:
            return deal
    raise AssertionError("no deal with an exchange")


@pytest.mark.parametrize("options", [{}, {"removed_two": "2D"}, {"removed_two": "2C", "vinco_subito": True}])
def test_a_record_round_trip_and_cli_replay(options: dict, tmp_path: Path) -> None:
    deal = a_deal_with_an_exchange(options)
    text = Record.of_deal(deal).dumps()
    data = json.loads(text)
    assert (data["variant"], data["players"], len(data["deck"])) == ("brisca", 3, 39)
    assert any("exchange" in a for a in data["actions"])
    again = replay(loads(text))
    assert result_json(again) == result_json(deal) and again.exchanges == deal.exchanges
    path = tmp_path / "brisca3.json"
    path.write_text(text)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "briscola", "replay", str(path)], capture_output=True, text=True,
                          cwd=ROOT, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == result_json(deal)


def test_a_record_naming_the_removed_two_is_refused() -> None:
    deal = a_deal_with_an_exchange({})
    data = Record.of_deal(deal).to_json()
    data["deck"][-1] = "2S"  # the default removed 2 in place of a card of the deck
    with pytest.raises(BriscolaError, match="2S"):
        replay(loads(json.dumps(data)))


def test_a_play_in_the_window_declines_for_the_third_seat_too() -> None:
    deal = window({0: "4C 5C 6C", 1: "3C 4S 5S", 2: "AC 7D 6S"}, "KD", "4C 3C AC")
    deal.apply(Play(card("6S")))  # seat 2 leads on: the draws happened first, the KD stays face up
    assert deal.trump_card is card("KD") and deal.trick == [card("6S")] and card("7D") in deal.hands[2]
    assert [len(h) for h in deal.hands] == [3, 3, 2]
