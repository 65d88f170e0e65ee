"""Table-driven cases: the rules of good play that esperto and campione must follow."""

from __future__ import annotations

import random

import pytest
from ai_support import positions

from briscola.actions import Bid, CallSuit, Exchange, Pass, Play
from briscola.ai import choose
from briscola.cards import card, cards
from briscola.state import Deal
from briscola.variants import Rules
from briscola.view import view_of


def position(players: int, hands: dict[int, str], trick: str, leader: int, trump: str = "KS",
             variant: str = "classica") -> Deal:
    """A fresh deal in the play phase: given hands (others filled from the deck), the trick so far."""
    rules = Rules.make(variant, players)
    face = card(trump)
    used = {c for h in hands.values() for c in cards(h)} | set(cards(trick)) | {face}
    rest = [c for c in rules.deck if c not in used]
    full = {s: cards(hands.get(s, "")) for s in range(players)}
    on_table = cards(trick)
    for s in range(players):
        want = 3 - (1 if any((leader + i) % players == s for i in range(len(on_table))) else 0)
        while len(full[s]) < want:
            full[s].append(rest.pop())
    return Deal.from_position(rules, 0, [full[s] for s in range(players)], rest + [face], leader,
                              trick=on_table, trump_card=face)


CASES = [
    # (why, players, hands, trick, leader, want)
    ("take a led Ace with the smallest trump", 2, {0: "2S 4D KB"}, "AC", 1, "2S"),
    ("capture with a higher card of the suit led", 2, {0: "AC 5D 2S"}, "4C", 1, "AC"),
    ("throw a liscio when nothing is at stake", 2, {0: "4D KB 2S"}, "5C", 1, "4D"),
    ("lead a liscio, keep trumps and points", 2, {0: "AS 4D 3B"}, "", 0, "4D"),
    ("load an Ace on the partner's sure trick", 4, {0: "AB 2S 6D"}, "4C AC 5C", 1, "AB"),
    ("never overtake a winning partner", 4, {0: "2S 6D 7B"}, "4C AC 5C", 1, "6D"),
]


# Where campione's search may also choose another good card than the classic one:
# its playouts find the unbeatable Ace of trumps, led at once, about as good as a
# liscio against a counting opponent (11 points banked and the lead kept); never the Three.
CAMPIONE_ALSO = {"lead a liscio, keep trumps and points": {"AS"}}


@pytest.mark.parametrize("level", ["esperto", "campione"])
@pytest.mark.parametrize(("why", "players", "hands", "trick", "leader", "want"), CASES, ids=[c[0] for c in CASES])
def test_good_play(level: str, why: str, players: int, hands: dict, trick: str, leader: int, want: str) -> None:
    deal = position(players, hands, trick, leader)
    assert deal.to_move == 0
    good = {want} | (CAMPIONE_ALSO.get(why, set()) if level == "campione" else set())
    assert choose(view_of(deal, 0), level, random.Random(1)) in {Play(card(c)) for c in good}, why


def test_biscambiggia_order_is_used() -> None:
    """In Biscambiggia the 7 takes the King: capture the led King with the 7 of its suit."""
    deal = position(2, {0: "7C 4D 2S"}, "KC", 1, variant="biscambiggia")
    assert choose(view_of(deal, 0), "esperto", random.Random(1)) == Play(card("7C"))


@pytest.mark.parametrize("level", ["esperto", "campione"])
def test_brisca_always_exchanges(level: str) -> None:
    seen = 0
    for deal in positions("brisca", 2, seed=8, count=3000):
        if deal.phase == "exchange":
            view = view_of(deal, deal.to_move)
            assert isinstance(choose(view, level, random.Random(0), nodes=200), Exchange)
            seen += 1
    assert seen


def test_chiamata_strong_hand_bids_and_names_its_best_suit() -> None:
    rules = Rules.make("chiamata", 5)
    strong = cards("AS 3S KS QS JS AD 3C 7S")
    rest = [c for c in rules.deck if c not in strong]
    deck = []
    hands = {s: (strong if s == 1 else [rest.pop() for _ in range(8)]) for s in range(5)}
    for i in range(40):  # dealing order: one card at a time from seat dealer+1
        deck.append(hands[(1 + i) % 5][i // 5])
    deal = Deal(rules, 0, deck)
    assert deal.hands[1] == strong
    action = choose(view_of(deal, 1), "esperto", random.Random(0))
    assert isinstance(action, Bid)
    while deal.phase == "auction":
        seat = deal.to_move
        deal.apply(choose(view_of(deal, seat), "esperto", random.Random(0)) if seat == 1 else Pass())
    assert deal.caller == 1
    assert choose(view_of(deal, 1), "esperto", random.Random(0)) == CallSuit("S")
