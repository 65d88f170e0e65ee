"""The rituals before play (sources 000, 001, 002): the draw for partners, seats and the dealer,
the cut by the player on the dealer's left, and the next match with the deal passing on."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola import session, web
from briscola.actions import Cut, Play
from briscola.cards import card
from briscola.errors import IllegalAction, RecordError, RulesError
from briscola.match import Match, MatchFormat
from briscola.record import Record, replay
from briscola.rituals import computer_cut, cutter, draw_seats
from briscola.save import load_match, match_records, save_match
from briscola.state import Deal, cut_range
from briscola.variants import TABLES, Rules


class Stacked(random.Random):
    """A generator whose shuffle stacks the deck so that the draws come out as ``codes``, in
    order: person 0 first, then 1, ... (then the redraws)."""

    def __init__(self, codes: str) -> None:
        super().__init__(0)
        self.codes = codes.split()

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        first = [card(c) for c in self.codes]
        rest = [c for c in x if c not in first]
        x[:] = rest + first[::-1]  # the draws pop from the end


def _with(variant: str, players: int, **more) -> MatchFormat:
    """The table's usual format with more settings."""
    return MatchFormat.from_dict({**MatchFormat.default(variant, players).to_dict(), **more})


# ------------------------------------------------------------------ the draw

@pytest.mark.parametrize(
    "variant, players, draws, rounds, order, dealer, seat_cards",
    [
        pytest.param("brisca", 4, "AD 3D KD QD", 1, (0, 2, 1, 3), 0, {0: "AD", 2: "3D", 1: "KD", 3: "QD"},
                     id="the person highest: deals from seat 0, partner opposite"),
        pytest.param("brisca", 4, "2D AD 3D KD", 1, (1, 3, 2, 0), 1, {1: "AD", 3: "3D", 2: "KD", 0: "2D"},
                     id="the person lowest: the dealer sits on the person's right"),
        pytest.param("brisca", 4, "3D AD KD QD", 1, (2, 0, 3, 1), 2, {2: "AD", 0: "3D", 3: "KD", 1: "QD"},
                     id="the person second: the dealer's partner, opposite him"),
        pytest.param("brisca", 4, "KD AD 3D QD", 1, (3, 1, 0, 2), 3, {3: "AD", 1: "3D", 0: "KD", 2: "QD"},
                     id="the person third: the higher opponent, on the dealer's right"),
        pytest.param("brisca", 4, "AD AC 3D KD 2S 7S", 2, (2, 0, 3, 1), 2, {2: "AC", 0: "AD", 3: "3D", 1: "KD"},
                     id="two aces draw again: the person's 2 loses to the 7, he partners the dealer"),
        pytest.param("biscambiggia", 4, "7D KD AD 2D", 1, (2, 0, 3, 1), 2, {2: "AD", 0: "7D", 3: "KD", 1: "2D"},
                     id="biscambiggia: the 7 ranks second"),
        pytest.param("brisca", 2, "KD AD", 1, (1, 0), 1, {0: "KD", 1: "AD"}, id="two players: the highest deals"),
        pytest.param("classica", 3, "AD 2D 2C", 1, (0, 1, 2), 0, {0: "AD", 1: "2D", 2: "2C"},
                     id="three players: a tie below the top is not drawn again"),
        pytest.param("classica", 3, "AD AC 2D 4S KS", 2, (1, 0, 2), 1, {0: "AD", 1: "AC", 2: "2D"},
                     id="three players: a tie at the top is"),
    ],
)
def test_the_draw(variant, players, draws, rounds, order, dealer, seat_cards):
    d = draw_seats(Rules.make(variant, players), Stacked(draws))
    assert len(d.rounds) == rounds and d.order == order and d.dealer == dealer
    assert {s: c.code for s, c in d.rounds[0]} == seat_cards
    data = d.to_json()
    assert data["dealer"] == dealer and data["order"] == list(order)
    assert data["rounds"][0] == [{"seat": s, "card": seat_cards[s]} for s in sorted(seat_cards)]


def sequences(d) -> dict[int, list[int]]:
    rules = Rules.make("brisca", 4)
    out: dict[int, list[int]] = {}
    for r in d.rounds:
        for s, c in r:
            out.setdefault(s, []).append(rules.strength[c.index])
    return out


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**9))
def test_the_draw_of_four_seats_partners_opposite_by_the_cards(seed):
    d = draw_seats(Rules.make("brisca", 4), random.Random(seed))
    assert sorted(d.order) == [0, 1, 2, 3] and [s for s, _ in d.rounds[0]] == [0, 1, 2, 3]
    dealer = d.dealer
    # the highest deals, his partner opposite, the higher opponent on his right (dealer + 1)
    assert d.order == (dealer, (dealer + 2) % 4, (dealer + 1) % 4, (dealer + 3) % 4)
    seq = sequences(d)
    # each seat ranks above the next by its first differing draw (ties drew again)
    for hi, lo in zip(d.order, d.order[1:], strict=False):
        assert seq[hi] > seq[lo]
    cards = [c for r in d.rounds for _, c in r]
    assert len(cards) == len(set(cards))  # drawn from one deck


def test_a_match_with_the_draw_deals_first_from_the_drawn_dealer():
    fmt = MatchFormat("first_to", 2, draw=True)
    for seed in range(8):
        m = Match.new(Rules.make("brisca", 4), fmt, seed)
        assert m.draw is not None and m.deal.dealer == m.draw.dealer
        assert m.draw == draw_seats(m.rules, random.Random(f"briscola:{seed}:draw"))
        session.begin(m)
        state = json.loads(web.call("state"))["state"]
        assert state["draw"] == m.draw.to_json()
    plain = Match.new(Rules.make("brisca", 4), MatchFormat("first_to", 2), 3)
    assert plain.draw is None and plain.first_dealer == random.Random("briscola:3:dealer").randrange(4)


@pytest.mark.parametrize("variant, players", [("chiamata", 5), ("biscambiggia", 6)])
def test_no_draw_where_the_sources_have_none(variant, players):
    with pytest.raises(RulesError, match="draw"):
        Match.new(Rules.make(variant, players), _with(variant, players, draw=True), 1)


# ------------------------------------------------------------------ the cut

@pytest.mark.parametrize(
    "variant, players, dealer, who",
    [("classica", 2, 0, 1), ("classica", 2, 1, 0), ("biscambiggia", 2, 1, 0), ("brisca", 4, 0, 3),
     ("brisca", 4, 2, 1), ("classica", 3, 0, 2), ("biscambiggia", 6, 5, 4), ("chiamata", 5, 0, 4)],
)
def test_the_player_on_the_dealers_left_cuts(variant, players, dealer, who):
    assert cutter(Rules.make(variant, players), dealer) == who


@pytest.mark.parametrize(
    "size, at, ok",
    [(40, 3, False), (40, 4, True), (40, 20, True), (40, 36, True), (40, 37, False), (39, 35, True),
     (39, 36, False), (36, 32, True), (40, 0, False), (40, -4, False)],
)
def test_a_cut_leaves_at_least_four_cards_in_each_part(size, at, ok):
    variant, players = {40: ("classica", 2), 39: ("classica", 3), 36: ("biscambiggia", 6)}[size]
    rules = Rules.make(variant, players)
    deck = list(rules.deck)
    deal = Deal(rules, 0, deck, cutter=players - 1)
    assert deal.phase == "cut" and deal.to_move == players - 1 and deal.hands == [[]] * players
    assert deal.legal_actions() == [Cut(k) for k in cut_range(size)]
    if ok:
        deal.apply(Cut(at))
        assert deal.deck == tuple(deck[at:] + deck[:at]) and deal.cut_at == at and deal.phase == "play"
        assert deal.hands == Deal(rules, 0, deal.deck).hands
    else:
        with pytest.raises(IllegalAction, match="at least 4"):
            deal.apply(Cut(at))
        assert deal.phase == "cut" and deal.deck == tuple(deck)


@pytest.mark.parametrize(
    "action, seat, message",
    [(Play(card("AD")), None, "cut first"), (Cut(10), 0, "seat 1 cuts"), (Cut(10), 1, None)],
)
def test_only_the_cutter_cuts_and_nothing_else_happens_first(action, seat, message):
    deal = Deal(Rules.make("classica", 2), 0, list(Rules.make("classica", 2).deck), cutter=1)
    if message is None:
        deal.apply(action, seat)
        assert deal.phase == "play"
    else:
        with pytest.raises(IllegalAction, match=message):
            deal.apply(action, seat)
        assert deal.phase == "cut" and deal.history == []


def test_a_cut_deal_is_a_valid_record_of_the_deck_after_the_cut():
    rules = Rules.make("brisca", 2)
    m = Match.new(rules, MatchFormat("first_to", 2, cut=True), 5)
    assert m.deal.phase == "cut" and m.deal.cutter == cutter(rules, m.deal.dealer)
    with pytest.raises(RecordError, match="not cut"):
        Record.of_deal(m.deal)
    m.apply(Cut(17), seat=m.deal.cutter)
    rng = random.Random(1)
    for _ in range(25):
        m.apply(rng.choice(m.deal.legal_actions()))
    rec = Record.of_deal(m.deal)
    uncut = m.deck_for(0)
    assert rec.deck == tuple(uncut[17:] + uncut[:17])
    assert all("cut" not in a for a in rec.actions)
    assert replay(rec).tricks == m.deal.tricks and replay(rec).hands == m.deal.hands


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), table=st.sampled_from(TABLES), steps=st.integers(0, 120))
def test_matches_with_cuts_save_load_and_record_exactly(seed, table, steps):
    variant, players = table
    rules = Rules.make(variant, players)
    fmt = _with(variant, players, cut=True)
    m = Match.new(rules, fmt, seed, meta={"level": "esperto"})
    rng = random.Random(seed)
    for _ in range(steps):
        if m.over:
            break
        if m.deal.over:
            m.next_deal()
        else:
            m.apply(rng.choice(m.deal.legal_actions()))
    loaded = load_match(save_match(m))
    assert [d.history for d in loaded.deals] == [d.history for d in m.deals]
    assert [d.deck for d in loaded.deals] == [d.deck for d in m.deals] and loaded.result() == m.result()
    for rec, deal in zip(match_records(m), [d for d in m.deals if d.phase != "cut"], strict=True):
        assert rec.deck == deal.deck and replay(rec).tricks == deal.tricks


def test_the_computer_cuts_through_its_move():
    # seat 0 deals: seat 1 (a computer, on the dealer's left in a 2-player game) cuts
    seed = next(s for s in range(50) if random.Random(f"briscola:{s}:dealer").randrange(2) == 0)
    out = json.loads(web.call("new", json.dumps({"variant": "biscambiggia", "players": 2, "seed": seed,
                                                 "format": {"kind": "first_to", "deals": 2, "cut": True}})))["state"]
    assert out["cut"] == {"seat": 1, "at": None, "cards": 40, "min": 4, "max": 36}
    assert out["ai_to_move"] and out["view"]["phase"] == "cut" and out["view"]["hand"] == []
    saved = json.loads(web.call("save"))["result"]["text"]
    res = json.loads(web.call("ai_move"))
    web.call("load", json.dumps(saved))
    again = json.loads(web.call("ai_move"))
    assert res["ok"] and res["played"]["seat"] == 1 and again["played"] == res["played"]  # the same cut
    cut = res["played"]["cut"]
    assert res["state"]["cut"]["at"] == cut and len(res["state"]["view"]["hand"]) == 3
    assert 4 <= cut <= 36


def test_the_person_cuts_on_the_page():
    seed = next(s for s in range(50) if random.Random(f"briscola:{s}:dealer").randrange(2) == 1)
    out = json.loads(web.call("new", json.dumps({"variant": "classica", "players": 2, "seed": seed,
                                                 "format": {"kind": "punti", "deals": 1, "cut": True}})))["state"]
    assert out["cut"]["seat"] == 0 and not out["ai_to_move"]
    assert json.loads(web.call("hint"))["result"]["action"] is None
    assert out["view"]["legal"][0] == {"cut": 4} and out["view"]["legal"][-1] == {"cut": 36}
    refused = json.loads(web.call("act", json.dumps({"cut": 2})))
    assert refused["error"]["code"] == "cut_refused" and "at least 4" in refused["error"]["detail"]
    early = json.loads(web.call("act", json.dumps({"play": "AD"})))
    assert early["error"]["code"] == "cut_first"
    res = json.loads(web.call("act", json.dumps({"cut": 12})))
    assert res["ok"] and res["state"]["cut"]["at"] == 12 and res["state"]["view"]["phase"] == "play"


@pytest.mark.parametrize("low, high", [(40, 4), (39, 4), (36, 4)])
def test_the_computer_cuts_within_the_range(low, high):
    rng = random.Random(1)
    seen = {computer_cut(low, rng) for _ in range(2000)}
    assert seen == set(cut_range(low)) and min(seen) == high


# ------------------------------------------------------------------ the next match

@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_the_deal_passes_on_into_the_next_match(variant, players):
    rules = Rules.make(variant, players)
    m = Match.new(rules, _with(variant, players, draw=players in (2, 3, 4), cut=True), 9)
    dealers = []
    rng = random.Random(2)
    for _ in range(3):
        while not m.over:
            if m.deal.over:
                m.next_deal()
            else:
                m.apply(rng.choice(m.deal.legal_actions()))
        dealers += [d.dealer for d in m.deals]
        nxt = m.rematch()
        assert nxt.draw is None and nxt.format.cut and nxt.rules == m.rules and nxt.seed != m.seed
        m = nxt
    dealers.append(m.deal.dealer)
    assert dealers == [(dealers[0] + i) % players for i in range(len(dealers))]


def test_no_rematch_before_the_end_and_through_the_page():
    m = Match.new(Rules.make("classica", 2), seed=1)
    with pytest.raises(IllegalAction, match="not over"):
        m.rematch()
    web.call("new", json.dumps({"variant": "classica", "players": 2, "seed": 4, "level": "principiante"}))
    web.call("abandon")
    last = session.current().match
    answer = json.loads(web.call("rematch", json.dumps({"seed": 77})))
    out = answer["state"]
    assert out["status"] == "playing" and out["seed"] == 77 and out["level"] == "principiante"
    assert out["view"]["dealer"] == (last.deal.dealer + 1) % 2
    assert out["format"]["first_dealer"] == (last.deal.dealer + 1) % 2
    assert json.loads(web.call("rematch", json.dumps({"seed": "x"})))["error"]["code"] == "bad_setting"
    loaded = load_match(answer["save"])  # the page stores the rematch's save before it deals
    assert loaded.deal.dealer == out["view"]["dealer"] and loaded.seed == 77
