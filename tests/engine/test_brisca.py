"""Brisca's trump exchange (RULES.md §5): every case allowed and refused, and chains."""

from __future__ import annotations

import pytest
from engine_support import deck_for, play_codes

from briscola.actions import Draw, Exchange, Play
from briscola.cards import card, codes
from briscola.errors import IllegalAction
from briscola.record import Record, replay
from briscola.state import Deal
from briscola.variants import Rules
from briscola.view import view_of, view_to_json


def brisca_after_first_trick(face: str, hand0: str, hand1: str = "2C 4S 5S", variant: str = "brisca") -> Deal:
    """Two players, seat 0 leads the AC and takes the 2C: the exchange window opens (or not)."""
    rules = Rules.make(variant, 2)
    deal = Deal(rules, 1, deck_for(rules, 1, {0: "AC " + hand0, 1: hand1}, trump=face,
                                   stock="4B 5B 6B 7B"))
    play_codes(deal, "AC 2C")
    return deal


ALLOWED = [
    # (id, face-up card, seat 0's card that takes it)
    ("seven-for-ace", "AD", "7D"),
    ("seven-for-three", "3D", "7D"),
    ("seven-for-king", "KD", "7D"),
    ("seven-for-queen", "QD", "7D"),
    ("seven-for-jack", "JD", "7D"),
    ("two-for-seven", "7S", "2S"),
    ("two-for-six", "6B", "2B"),
    ("two-for-five", "5C", "2C"),
    ("two-for-four", "4D", "2D"),
]


@pytest.mark.parametrize(("face", "give"), [a[1:] for a in ALLOWED], ids=[a[0] for a in ALLOWED])
def test_exchange_allowed(face: str, give: str) -> None:
    hand1 = "2C 4S 5S" if give != "2C" else "2B 4S 5S"
    lead = "AC" if card(face).suit != "C" else "AB"
    rules = Rules.make("brisca", 2)
    deal = Deal(rules, 1, deck_for(rules, 1, {0: f"{lead} {give} 6S", 1: hand1}, trump=face,
                                   stock="4B 5B 6B 7B" if card(face).suit != "B" else "JS 5D 6D 7C"))
    play_codes(deal, f"{lead} {hand1.split()[0]}")
    assert deal.tricks[0].winner == 0
    assert deal.phase == "exchange" and deal.to_move == 0
    assert deal.legal_actions() == [Exchange(card(give), 0), Draw()]
    assert deal.exchange_allowed(0) == [card(give)]
    next_two = deal.stock[:2]
    deal.apply(Exchange(card(give), 0), seat=0)
    assert deal.trump_card is card(give) and deal.trump_suit == card(face).suit
    assert deal.stock[-1] is card(give)  # the given card is now the face-up card, drawn last
    assert deal.exchanges == [(0, card(give), card(face))]
    assert card(face) in deal.hands[0] and card(give) not in deal.hands[0]
    # the draws follow at once: the winner first
    assert deal.phase == "play" and deal.to_move == 0
    assert deal.hands[0][-1] is next_two[0] and deal.hands[1][-1] is next_two[1]


def test_decline_with_draw_keeps_the_face_up_card() -> None:
    deal = brisca_after_first_trick("KD", "7D 6S")
    deal.apply(Draw())
    assert deal.phase == "play" and deal.trump_card is card("KD") and card("7D") in deal.hands[0]
    assert len(deal.hands[0]) == len(deal.hands[1]) == 3


def test_a_play_declines_implicitly_as_in_records() -> None:
    deal = brisca_after_first_trick("KD", "7D 6S")
    deal.apply(Play(card("6S")))  # seat 0 leads the next trick: the draws happened first
    assert deal.trump_card is card("KD") and len(deal.hands[0]) == 2 and len(deal.trick) == 1


@pytest.mark.parametrize(
    ("action", "seat", "message"),
    [
        pytest.param(Play(card("AS")), None, "not in seat 0's hand", id="card-not-in-hand"),
        pytest.param(Play(card("2C")), 1, "turn", id="wrong-seat"),
        pytest.param(Draw(), 1, "turn", id="draw-by-other-seat"),
    ],
)
def test_refused_action_in_the_window_changes_nothing(action, seat, message) -> None:
    deal = brisca_after_first_trick("KD", "7D 6S")
    before = ([h[:] for h in deal.hands], deal.stock, deal.phase, deal.to_move)
    with pytest.raises(IllegalAction, match=message):
        deal.apply(action, seat)
    assert ([h[:] for h in deal.hands], deal.stock, deal.phase, deal.to_move) == before


def test_the_card_about_to_be_drawn_may_be_played_after_implicit_draws() -> None:
    deal = brisca_after_first_trick("KD", "7D 6S")
    drawn = deal.stock[0]
    deal.apply(Play(drawn), 0)
    assert deal.trick == [drawn]


def outside_window() -> Deal:
    deal = brisca_after_first_trick("KD", "7D 6S")
    deal.apply(Draw())
    deal.apply(Play(card("6S")))
    return deal


def start_of_next_trick() -> Deal:
    deal = brisca_after_first_trick("KD", "7D 6S")
    deal.apply(Draw())
    return deal


def not_won_yet() -> Deal:  # seat 1 holds the 7 but seat 0 took the only trick
    return brisca_after_first_trick("KD", "6S 4C", hand1="2C 7D 5S")


def before_any_trick() -> Deal:
    rules = Rules.make("brisca", 2)
    return Deal(rules, 1, deck_for(rules, 1, {0: "7D AC 6S"}, trump="KD"))


def classica_deal() -> Deal:
    return brisca_after_first_trick("KD", "7D 6S", variant="classica")


def last_drawing_round() -> Deal:
    """Seat 0 keeps the 7D and declines every exchange until the round that takes the face-up KD."""
    rules = Rules.make("brisca", 2)
    deal = Deal(rules, 1, deck_for(rules, 1, {0: "AC 7D 6S", 1: "2C 4S 5S"}, trump="KD"))
    play_codes(deal, "AC 2C")
    offered = 0
    while True:
        if deal.phase == "exchange":
            offered += 1
            deal.apply(Draw())
        before = deal.stock_count
        hand = [c for c in deal.hands[deal.to_move] if c is not card("7D")]
        deal.play(hand[0])
        if deal.stock_count == 0 and before > 0:  # this trick's draws took the face-up card
            assert before == 2 and deal.phase == "play"  # no window was offered
            assert offered > 0
            return deal


REFUSED = [
    # (id, deal factory, exchange card, seat, message)
    ("no-trick-won-yet", not_won_yet, "7D", 1, "has not won a trick"),
    ("before-any-trick", before_any_trick, "7D", 0, "has not won a trick"),
    ("wrong-card-two-for-king", lambda: brisca_after_first_trick("KD", "2D 6S"), "2D", 0, "cannot be exchanged"),
    ("wrong-card-seven-for-six", lambda: brisca_after_first_trick("6D", "7D 6S"), "7D", 0, "cannot be exchanged"),
    ("wrong-card-seven-for-five", lambda: brisca_after_first_trick("5D", "7D 6S"), "7D", 0, "cannot be exchanged"),
    ("wrong-card-not-a-trump", lambda: brisca_after_first_trick("KD", "7C 6S"), "7C", 0, "cannot be exchanged"),
    ("wrong-card-ace-of-trumps", lambda: brisca_after_first_trick("KD", "AD 6S"), "AD", 0, "cannot be exchanged"),
    ("card-not-in-hand", lambda: brisca_after_first_trick("KD", "6S 4C"), "7D", 0, "not in seat 0's hand"),
    ("face-up-two-for-seven", lambda: brisca_after_first_trick("2D", "7D 6S"), "7D", 0, "cannot be exchanged"),
    ("face-up-two-for-three", lambda: brisca_after_first_trick("2D", "3D 6S"), "3D", 0, "cannot be exchanged"),
    ("drawing-round-taking-face-up", last_drawing_round, "7D", 0, "drawing round that takes the face-up"),
    ("outside-window-mid-trick", outside_window, "7D", 0, "only between a trick and its draws"),
    ("outside-window-next-trick", start_of_next_trick, "7D", 0, "only between a trick and its draws"),
    ("another-variant", classica_deal, "7D", 0, "classica has no trump exchange"),
    ("no-such-seat", lambda: brisca_after_first_trick("KD", "7D 6S"), "7D", 5, "not in seat 5's hand"),
]


@pytest.mark.parametrize(("make", "give", "seat", "message"), [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_exchange_refused(make, give: str, seat: int, message: str) -> None:
    deal = make()
    if card(give) in deal.hands[seat % 2] and deal.phase in ("exchange", "play") and seat < 2:
        assert Exchange(card(give), seat) not in deal.legal_actions()
    before = ([h[:] for h in deal.hands], deal.stock, deal.trump_card, deal.phase, len(deal.history))
    with pytest.raises(IllegalAction, match=message):
        deal.apply(Exchange(card(give), seat))
    assert ([h[:] for h in deal.hands], deal.stock, deal.trump_card, deal.phase, len(deal.history)) == before


def test_no_window_when_nobody_may_exchange() -> None:
    deal = brisca_after_first_trick("KD", "6S 4C")  # nobody holds the 7D where it counts
    assert deal.phase == "play" and len(deal.hands[0]) == 3


def test_exchange_seat_must_match_record_seat() -> None:
    deal = brisca_after_first_trick("KD", "7D 6S")
    with pytest.raises(IllegalAction, match="names seat 0, the record seat 1"):
        deal.apply(Exchange(card("7D"), 0), seat=1)


def chained() -> Deal:
    """Seat 1 wins trick 1 (it holds the 2D), seat 0 wins trick 2 (it holds the 7D); face-up KD."""
    rules = Rules.make("brisca", 2)
    deal = Deal(rules, 1, deck_for(rules, 1, {0: "4C 7D AS", 1: "AC 2D 4S"}, trump="KD",
                                   stock="5B 6B 7B JB"))
    play_codes(deal, "4C AC")  # seat 1 wins; the 2D cannot take the KD: no window
    assert deal.phase == "play" and deal.to_move == 1
    play_codes(deal, "4S AS")  # seat 0 wins
    return deal


def test_chained_exchange_seven_then_two() -> None:
    deal = chained()
    assert deal.phase == "exchange" and deal.to_move == 0
    deal.apply(Exchange(card("7D"), 0))
    # the face-up card is now the 7D: seat 1, who has won a trick, may put the 2D in its place
    assert deal.phase == "exchange" and deal.to_move == 1 and deal.trump_card is card("7D")
    assert deal.legal_actions() == [Exchange(card("2D"), 1), Draw()]
    deal.apply(Exchange(card("2D"), 1))
    assert deal.exchanges == [(0, card("7D"), card("KD")), (1, card("2D"), card("7D"))]
    assert deal.phase == "play" and deal.trump_card is card("2D") and deal.stock[-1] is card("2D")
    assert card("KD") in deal.hands[0] and card("7D") in deal.hands[1]
    # trick 1 drew 5B (seat 1, the winner) then 6B; trick 2 draws 7B for seat 0 (the winner) then JB
    assert codes(deal.hands[0]) == ["KD", "6B", "7B"] and codes(deal.hands[1]) == ["7D", "5B", "JB"]
    # the record writes both exchanges with their seats, and replays to the same deal
    rec = Record.of_deal(deal)
    assert rec.to_json()["actions"][-2:] == [{"exchange": "7D", "seat": 0}, {"exchange": "2D", "seat": 1}]
    again = replay(rec)
    assert again.hands == deal.hands and again.stock == deal.stock and again.exchanges == deal.exchanges


def test_chained_exchange_second_may_decline() -> None:
    deal = chained()
    deal.apply(Exchange(card("7D"), 0))
    deal.apply(Draw())
    assert deal.trump_card is card("7D") and deal.phase == "play" and card("2D") in deal.hands[1]


def test_same_seat_chains_seven_then_two() -> None:
    rules = Rules.make("brisca", 2)
    deal = Deal(rules, 1, deck_for(rules, 1, {0: "AC 7D 2D", 1: "2C 4S 5S"}, trump="KD"))
    play_codes(deal, "AC 2C")
    deal.apply(Exchange(card("7D"), 0))
    assert deal.to_move == 0 and deal.legal_actions() == [Exchange(card("2D"), 0), Draw()]
    deal.apply(Exchange(card("2D"), 0))
    assert deal.trump_card is card("2D") and card("KD") in deal.hands[0] and card("7D") in deal.hands[0]


def test_four_players_exchange_hidden_from_other_seats() -> None:
    rules = Rules.make("brisca", 4)
    # dealer 3: seat 0 leads; seat 2 takes the first trick and holds the 7 of trumps
    hands = {0: "4C 5C 6C", 1: "2C 4S 5S", 2: "AC 7D 6S", 3: "JC JS QS"}
    deal = Deal(rules, 3, deck_for(rules, 3, hands, trump="KD"))
    play_codes(deal, "4C 2C AC JC")
    assert deal.phase == "exchange" and deal.to_move == 2
    for seat in (0, 1, 3):
        view = view_of(deal, seat)
        assert (view.phase, view.to_move, view.legal) == ("draw", None, ())
        data = view_to_json(view)
        assert "exchange" not in data and "legal" not in data and data["phase"] == "draw"
    mine = view_to_json(view_of(deal, 2))
    assert mine["phase"] == "exchange" and mine["exchange"] == ["7D"]
    assert {"exchange": "7D", "seat": 2} in mine["legal"] and {"draw": True} in mine["legal"]
    deal.apply(Exchange(card("7D"), 2), seat=2)
    # once made, the exchange is public
    assert view_to_json(view_of(deal, 1))["exchanges"] == [{"seat": 2, "gave": "7D", "took": "KD"}]
    assert view_of(deal, 1).trump_card is card("7D")
