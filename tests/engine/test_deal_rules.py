"""Table-driven tests of the deal rules of RULES.md §1, §2, §4 and §6 (Brisca: test_brisca, chiamata: test_chiamata)."""

from __future__ import annotations

import random

import pytest
from engine_support import deck_for, play_codes, play_random, random_deal, start_chiamata

from briscola.actions import Draw, Play, Trick
from briscola.cards import DECK, card, cards, codes
from briscola.errors import IllegalAction, RulesError
from briscola.state import Deal
from briscola.variants import TABLES, Rules

# --------------------------------------------------------------------------- trick winner

TRICKS = [
    # (id, variant, players, trump suit, cards in playing order, winning seat offset, points)
    ("trump-beats-led-ace", "classica", 2, "D", "AC 2D", 1, 11),
    ("higher-of-led-suit", "classica", 2, "D", "KC AC", 1, 15),
    ("lower-of-led-suit-loses", "classica", 2, "D", "AC KC", 0, 15),
    ("off-suit-ace-never-wins", "classica", 2, "D", "2C AS", 0, 11),
    ("three-beats-king", "classica", 2, "D", "KC 3C", 1, 14),
    ("ace-beats-three", "classica", 2, "D", "3C AC", 1, 21),
    ("seven-beats-six-no-points", "classica", 2, "D", "6C 7C", 1, 0),
    ("two-is-lowest", "classica", 2, "D", "2C 4C", 1, 0),
    ("jack-beats-seven", "classica", 2, "D", "7C JC", 1, 2),
    ("higher-trump-when-trump-led", "classica", 2, "D", "4D 2D", 0, 0),
    ("off-suit-ace-on-trump-lead", "classica", 2, "D", "2D AC", 0, 11),
    ("3p-three-over-king-off-suit-ignored", "classica", 3, "D", "KC AS 3C", 2, 25),
    ("3p-trump-wins", "classica", 3, "D", "KC 2D AC", 1, 15),
    ("3p-higher-of-two-trumps", "classica", 3, "D", "AC 4D 5D", 2, 11),
    ("4p-last-card-takes", "classica", 4, "D", "JB QB 2S KB", 3, 9),
    ("4p-seven-of-trumps-over-two", "classica", 4, "D", "AB 3B 7D 2D", 2, 21),
    ("4p-leader-keeps-it", "classica", 4, "S", "AB 3B KB QC", 0, 28),
    ("brisca-trump-beats-ace", "brisca", 4, "C", "AB 3B 2C KB", 2, 25),
    ("bisc-seven-beats-king", "biscambiggia", 2, "D", "KC 7C", 1, 14),
    ("bisc-ace-beats-seven", "biscambiggia", 2, "D", "7C AC", 1, 21),
    ("bisc-three-is-worthless", "biscambiggia", 2, "D", "7C 3C", 0, 10),
    ("bisc-four-beats-three", "biscambiggia", 2, "D", "3C 4C", 1, 0),
    ("bisc-three-beats-two", "biscambiggia", 2, "D", "3C 2C", 0, 0),
    ("bisc-jack-beats-six", "biscambiggia", 2, "D", "6C JC", 1, 2),
    ("bisc-3p-seven-of-trumps", "biscambiggia", 3, "B", "AC KB 7B", 2, 25),
    ("bisc-4p-seven-over-king", "biscambiggia", 4, "D", "KS 7S 3S QS", 1, 17),
    ("bisc-6p-trump-six-wins", "biscambiggia", 6, "D", "KC 7C 3C QC 6D AS", 4, 28),
    ("bisc-6p-seven-over-king", "biscambiggia", 6, "D", "KC 7C 3C QC JC AS", 1, 30),
]


def first_trick(variant: str, players: int, trump: str, played: str) -> Trick:
    """Deal so that seat i (from the leader) holds the i-th card, then play the trick."""
    rules = Rules.make(variant, players)
    dealer = players - 1  # the leader is seat 0
    if variant == "chiamata":
        deal = Deal(rules, dealer, deck_for(rules, dealer, {i: c for i, c in enumerate(played.split())}))
        start_chiamata(deal, "2", trump)
    else:
        face = next(c for c in rules.deck if c.suit == trump and c.code not in played.split() and c.rank != "A")
        hands = {i: c for i, c in enumerate(played.split())}
        deal = Deal(rules, dealer, deck_for(rules, dealer, hands, trump=face.code))
    play_codes(deal, played)
    return deal.tricks[0]


@pytest.mark.parametrize(("variant", "players", "trump", "played", "winner", "points"),
                         [t[1:] for t in TRICKS], ids=[t[0] for t in TRICKS])
def test_trick_winner(variant: str, players: int, trump: str, played: str, winner: int, points: int) -> None:
    trick = first_trick(variant, players, trump, played)
    assert (trick.leader, codes(trick.cards), trick.winner, trick.points) == (0, played.split(), winner, points)


CHIAMATA_TRICKS = [
    ("chiamata-trump-wins", "D", "AC 3C 2D KC QC", 2, 28),
    ("chiamata-three-over-king", "S", "KB 3B AC 7B QB", 1, 28),
    ("chiamata-higher-trump", "B", "4B JB 5B 2C AS", 1, 13),
]


@pytest.mark.parametrize(("trump", "played", "winner", "points"), [t[1:] for t in CHIAMATA_TRICKS],
                         ids=[t[0] for t in CHIAMATA_TRICKS])
def test_chiamata_trick_winner(trump: str, played: str, winner: int, points: int) -> None:
    trick = first_trick("chiamata", 5, trump, played)
    assert (trick.winner, trick.points) == (winner, points)


# --------------------------------------------------------------------------- dealing

@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_cards_dealt_one_at_a_time_from_dealer_plus_one(variant: str, players: int) -> None:
    rules = Rules.make(variant, players)
    deck = list(rules.deck)
    random.Random(7).shuffle(deck)
    size = rules.hand_size
    for dealer in range(players):
        deal = Deal(rules, dealer, deck)
        for k in range(players):  # k-th seat served
            seat = (dealer + 1 + k) % players
            assert deal.hands[seat] == deck[k:size * players:players], (dealer, seat)
        if rules.variant.trump_card:
            assert deal.trump_card is deck[size * players]
            assert deal.trump_suit == deck[size * players].suit
            assert deal.stock == deck[size * players + 1:] + [deck[size * players]]
        else:
            assert deal.trump_card is None and deal.stock == []
        assert deal.leader == deal.to_move == (dealer + 1) % players


def test_dealing_example_four_players() -> None:
    rules = Rules.make("classica", 4)
    deal = Deal(rules, 2, DECK)  # seat 3 gets the first card, then 0, 1, 2
    assert codes(deal.hands[3]) == ["AD", "5D", "QD"]
    assert codes(deal.hands[0]) == ["2D", "6D", "KD"]
    assert codes(deal.hands[1]) == ["3D", "7D", "AC"]
    assert codes(deal.hands[2]) == ["4D", "JD", "2C"]
    assert deal.trump_card.code == "3C" and deal.stock_count == 28
    assert codes(deal.stock[:2]) == ["4C", "5C"] and deal.stock[-1].code == "3C"


STOCK_SIZES = [  # (variant, players, cards in play, stock after dealing with the face-up card, tricks)
    ("classica", 2, 40, 34, 20), ("classica", 3, 39, 30, 13), ("classica", 4, 40, 28, 10),
    ("brisca", 2, 40, 34, 20), ("brisca", 4, 40, 28, 10),
    ("biscambiggia", 2, 40, 34, 20), ("biscambiggia", 3, 39, 30, 13), ("biscambiggia", 4, 40, 28, 10),
    ("biscambiggia", 6, 36, 18, 6), ("chiamata", 5, 40, 0, 8),
]


@pytest.mark.parametrize(("variant", "players", "size", "stock", "tricks"), STOCK_SIZES,
                         ids=[f"{v}-{n}" for v, n, *_ in STOCK_SIZES])
def test_deck_stock_and_trick_counts(variant: str, players: int, size: int, stock: int, tricks: int) -> None:
    deal = random_deal(variant, players, 3)
    assert len(deal.rules.deck) == size and deal.stock_count == stock
    assert sum(deal.rules.card_points[c.index] for c in deal.rules.deck) == 120
    if variant == "chiamata":
        start_chiamata(deal, "A", "D")
    while not deal.over:
        deal.play(deal.hands[deal.to_move][0]) if deal.phase == "play" else deal.apply(deal.legal_actions()[-1])
    assert len(deal.tricks) == tricks


# --------------------------------------------------------------------------- removed cards and teams

REMOVED = [
    ("classica-3-default", "classica", 3, {}, {"2S"}),
    ("classica-3-removed-two-2D", "classica", 3, {"removed_two": "2D"}, {"2D"}),
    ("classica-3-removed-two-2B", "classica", 3, {"removed_two": "2B"}, {"2B"}),
    ("classica-2-full", "classica", 2, {}, set()),
    ("classica-4-full", "classica", 4, {}, set()),
    ("classica-4-ignores-removed-two", "classica", 4, {"removed_two": "2D"}, set()),
    ("brisca-4-full", "brisca", 4, {}, set()),
    ("bisc-2-full", "biscambiggia", 2, {}, set()),
    ("bisc-3-no-2S", "biscambiggia", 3, {}, {"2S"}),
    ("bisc-4-full", "biscambiggia", 4, {}, set()),
    ("bisc-6-no-twos", "biscambiggia", 6, {}, {"2D", "2C", "2B", "2S"}),
    ("chiamata-full", "chiamata", 5, {}, set()),
]


@pytest.mark.parametrize(("variant", "players", "options", "removed"), [r[1:] for r in REMOVED],
                         ids=[r[0] for r in REMOVED])
def test_removed_cards(variant: str, players: int, options: dict, removed: set[str]) -> None:
    rules = Rules.make(variant, players, options)
    assert {c.code for c in DECK} - set(codes(rules.deck)) == removed
    assert len(rules.deck) % players == 0 or rules.variant.trump_card
    if removed:
        gone = card(sorted(removed)[0])
        with_gone = [gone, *rules.deck[1:]]
        with pytest.raises(RulesError, match=f"{gone.code} is not in the"):
            Deal(rules, 0, with_gone)


def test_removed_two_must_be_a_two() -> None:
    with pytest.raises(RulesError, match="removed_two"):
        Rules.make("classica", 3, {"removed_two": "3S"})


TEAMS = [
    ("classica", 2, ((0,), (1,))), ("classica", 3, ((0,), (1,), (2,))), ("classica", 4, ((0, 2), (1, 3))),
    ("brisca", 2, ((0,), (1,))), ("brisca", 4, ((0, 2), (1, 3))),
    ("biscambiggia", 2, ((0,), (1,))), ("biscambiggia", 3, ((0,), (1,), (2,))),
    ("biscambiggia", 4, ((0, 2), (1, 3))), ("biscambiggia", 6, ((0, 2, 4), (1, 3, 5))),
]


@pytest.mark.parametrize(("variant", "players", "teams"), TEAMS, ids=[f"{v}-{n}" for v, n, _ in TEAMS])
def test_teams(variant: str, players: int, teams: tuple) -> None:
    deal = play_random(random_deal(variant, players, 11), random.Random(11))
    assert deal.rules.teams == deal.sides() == teams
    assert deal.team_points() == [sum(deal.points[s] for s in team) for team in teams]


BAD_TABLES = [
    ("classica-5", "classica", 5), ("classica-1", "classica", 1), ("brisca-5", "brisca", 5),
    ("biscambiggia-5", "biscambiggia", 5), ("chiamata-4", "chiamata", 4), ("classica-bool", "classica", True),
    ("classica-str", "classica", "2"), ("tressette", "tressette", 4), ("variant-not-a-string", ["classica"], 2),
]


@pytest.mark.parametrize(("variant", "players"), [b[1:] for b in BAD_TABLES], ids=[b[0] for b in BAD_TABLES])
def test_bad_tables_refused(variant: object, players: object) -> None:
    with pytest.raises(RulesError):
        Rules.make(variant, players)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- lead and draws

STOCK_TABLES = [(v, n) for v, n in TABLES if v != "chiamata"]  # tables that draw from a stock (chiamata deals all)


@pytest.mark.parametrize(("variant", "players"), STOCK_TABLES)
@pytest.mark.parametrize("winner_offset", [0, 1, -1], ids=["leader-wins", "next-wins", "last-wins"])
def test_winner_leads_and_draws_first_then_counterclockwise(variant: str, players: int, winner_offset: int) -> None:
    rules = Rules.make(variant, players)
    dealer = 1
    leader = (dealer + 1) % players
    winner = (leader + winner_offset) % players
    # the winner holds the ace of trumps; trumps are denari, the face-up card is the 4D
    hands = {winner: "AD"}
    others = iter(["KC", "QC", "JC", "6C", "5C"])
    for seat in range(players):
        if seat != winner:
            hands[seat] = next(others)
    deal = Deal(rules, dealer, deck_for(rules, dealer, hands, trump="4D", stock="KS QS JS 7S 6S 5S"))
    stock_before = deal.stock
    for i in range(players):
        deal.apply(Play(card(hands[(leader + i) % players])))
    if deal.phase == "exchange":  # Brisca: the winner may hold the 2D (face-up 4D); decline
        deal.apply(Draw())
    assert deal.tricks[0].winner == winner
    assert deal.leader == deal.to_move == winner
    for k in range(players):  # the k-th card of the stock went to seat winner + k
        assert deal.hands[(winner + k) % players][-1] is stock_before[k]
    assert deal.stock == stock_before[players:]


@pytest.mark.parametrize(("variant", "players"), STOCK_TABLES)
@pytest.mark.parametrize("seed", range(4))
def test_face_up_trump_is_drawn_last(variant: str, players: int, seed: int) -> None:
    deal = random_deal(variant, players, seed)
    rng = random.Random(seed)
    face = deal.trump_card
    while deal.stock_count > players or deal.phase == "exchange":
        deal.apply(rng.choice(deal.legal_actions()))
    face = deal.trump_card  # an exchange may have put a 7 or a 2 face up
    assert deal.stock[-1] is face and deal.stock_count == players
    n_tricks = len(deal.tricks)
    while len(deal.tricks) == n_tricks:
        deal.play(rng.choice(deal.hands[deal.to_move]))
    last_drawer = (deal.tricks[-1].winner + players - 1) % players
    assert deal.hands[last_drawer][-1] is face
    assert deal.stock_count == 0 and deal.trump_card is face  # still named after it is drawn


def test_lead_by_dealer_plus_one_then_by_winner() -> None:
    for variant, players in TABLES:
        for seed in range(5):
            deal = random_deal(variant, players, seed)
            if deal.auction is not None:
                start_chiamata(deal, "K", "B")
            assert deal.leader == (deal.dealer + 1) % players
            play_random(deal, random.Random(seed))
            leaders = [t.leader for t in deal.tricks]
            assert leaders[0] == (deal.dealer + 1) % players
            assert leaders[1:] == [t.winner for t in deal.tricks[:-1]]


def test_no_obligation_to_follow_suit_or_trump() -> None:
    rules = Rules.make("classica", 2)
    deal = Deal(rules, 1, deck_for(rules, 1, {0: "AC 2C 3C", 1: "KC 4D 5S"}, trump="7D"))
    deal.play(card("AC"))
    assert set(deal.legal_actions()) == {Play(c) for c in cards("KC 4D 5S")}
    deal.play(card("5S"))  # neither follows suit nor trumps
    assert deal.tricks[0].winner == 0


def test_card_not_in_hand_refused_and_state_unchanged() -> None:
    deal = Deal(Rules.make("classica", 2), 0, DECK)
    before = (codes(deal.hands[0]), codes(deal.hands[1]), deal.to_move)
    with pytest.raises(IllegalAction, match="2D is not in seat 1's hand"):
        deal.apply(Play(card("2D")))
    with pytest.raises(IllegalAction, match="seat 1's turn"):
        deal.apply(Play(card("2D")), seat=0)
    assert (codes(deal.hands[0]), codes(deal.hands[1]), deal.to_move) == before
    assert deal.history == []


# --------------------------------------------------------------------------- deal results

def finished(variant: str, players: int, points: list[int], options: dict | None = None) -> Deal:
    """A finished deal whose seats captured ``points`` (one trick each)."""
    rules = Rules.make(variant, players, options)
    tricks = [Trick(s, (), s, p) for s, p in enumerate(points)]
    return Deal.from_position(rules, 0, [[] for _ in range(players)], [], 0, tricks=tricks,
                              trump_card=rules.deck[0])


RESULTS = [
    ("2p-61-wins", "classica", 2, [61, 59], [61, 59], 0),
    ("2p-61-wins-second", "classica", 2, [59, 61], [59, 61], 1),
    ("2p-60-60-tie", "classica", 2, [60, 60], [60, 60], None),
    ("2p-cappotto", "classica", 2, [0, 120], [0, 120], 1),
    ("4p-teams-add-up-win", "classica", 4, [31, 0, 30, 59], [61, 59], 0),
    ("4p-teams-60-60", "classica", 4, [30, 31, 30, 29], [60, 60], None),
    ("4p-teams-second-wins", "brisca", 4, [10, 50, 0, 60], [10, 110], 1),
    ("3p-single-top", "classica", 3, [50, 40, 30], [50, 40, 30], 0),
    ("3p-single-top-below-61", "classica", 3, [30, 31, 59], [30, 31, 59], 2),
    ("3p-two-top-void", "classica", 3, [45, 45, 30], [45, 45, 30], None),
    ("3p-three-way-void", "biscambiggia", 3, [40, 40, 40], [40, 40, 40], None),
    ("6p-teams", "biscambiggia", 6, [10, 20, 30, 1, 21, 38], [61, 59], 0),
    ("6p-60-60", "biscambiggia", 6, [20, 20, 20, 20, 20, 20], [60, 60], None),
]


@pytest.mark.parametrize(("variant", "players", "points", "team_points", "winner"), [r[1:] for r in RESULTS],
                         ids=[r[0] for r in RESULTS])
def test_deal_result(variant: str, players: int, points: list[int], team_points: list[int], winner: int | None) -> None:
    deal = finished(variant, players, points)
    assert deal.over and deal.points == points
    assert deal.team_points() == team_points
    assert deal.winner() == winner


def test_no_winner_while_not_finished() -> None:
    deal = Deal(Rules.make("classica", 2), 0, DECK)
    play_codes(deal, "AD 2D 3D QD 5D AC")  # seat 1 has 35 (hand-counted: 11 + 13 + 11)
    assert deal.points == [0, 35] and not deal.over and deal.winner() is None


# --------------------------------------------------------------------------- vinco subito

@pytest.mark.parametrize(("variant", "players"), STOCK_TABLES)
def test_vinco_subito_ends_the_deal_when_the_taker_reaches_61(variant: str, players: int) -> None:
    early = 0
    for seed in range(25):
        rng = random.Random(seed)
        plain = play_random(random_deal(variant, players, seed), rng)
        rules = plain.rules
        # the same deal and the same cards with vinco subito
        fast = Deal(Rules.make(variant, players, {"vinco_subito": True}), plain.dealer, plain.deck)
        for seat, action in plain.history:
            if fast.over:
                break
            fast.apply(action, seat)
        side_points = [0] * len(rules.teams)
        expect_end = None
        for i, t in enumerate(plain.tricks):
            side = rules.team_of(t.winner)
            side_points[side] += t.points
            if side_points[side] >= 61:
                expect_end = i
                break
        if expect_end is None:
            assert not fast.ended_early and fast.tricks == plain.tricks
            continue
        assert fast.over
        assert fast.tricks == plain.tricks[:expect_end + 1]
        assert fast.ended_early == (expect_end + 1 < len(plain.tricks))
        assert fast.winner() == rules.team_of(plain.tricks[expect_end].winner)
        early += fast.ended_early
        with pytest.raises(IllegalAction, match="over"):
            fast.apply(fast.legal_actions()[0] if fast.legal_actions() else Play(DECK[0]))
    assert early > 0


def test_vinco_subito_handmade_two_players() -> None:
    rules = Rules.make("classica", 2, {"vinco_subito": True})
    # seat 0 leads and holds the aces; seat 1 throws the threes and kings on them
    deal = Deal(rules, 1, deck_for(rules, 1, {0: "AD AC AB", 1: "3D 3C 3B"}, trump="2S",
                                   stock="AS 3S KD KC KB KS QD QC"))
    play_codes(deal, "AD 3D")  # 21
    play_codes(deal, "AC 3C")  # 42
    assert deal.points == [42, 0] and not deal.over
    play_codes(deal, "AB 3B")  # 63: over at once, before the trick's draws, with the stock left
    assert deal.over and deal.ended_early and deal.winner() == 0 and deal.points == [63, 0]
    assert len(deal.hands[0]) == 2 and deal.stock_count == 30


def test_vinco_subito_teams_count_partners_points() -> None:
    rules = Rules.make("classica", 4, {"vinco_subito": True})
    hands = {0: "AD KC 3B", 1: "2S 4S 5B", 2: "3D AC AB", 3: "5S 6S KB"}
    deal = Deal(rules, 3, deck_for(rules, 3, hands, trump="2B"))
    play_codes(deal, "AD 2S 3D 5S")  # seat 0 takes 21
    play_codes(deal, "KC 4S AC 6S")  # seat 2 takes 15: the team has 36
    assert deal.points == [21, 0, 15, 0] and not deal.over
    play_codes(deal, "AB KB 3B 5B")  # seat 2 takes 25: 61 for the team, nobody alone has 61
    assert deal.points == [21, 0, 40, 0] and deal.team_points() == [61, 0]
    assert deal.over and deal.ended_early and deal.winner() == 0
