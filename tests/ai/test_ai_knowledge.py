"""Card counting and determinization see exactly what the view allows."""

from __future__ import annotations

import random

import pytest
from ai_support import positions

from briscola.ai.knowledge import Knowledge
from briscola.variants import TABLES
from briscola.view import view_of


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_sampled_worlds_are_consistent_with_the_view(variant: str, players: int) -> None:
    for deal in positions(variant, players, seed=9, count=20):
        if deal.phase not in ("play", "exchange"):
            continue
        seat = deal.to_move
        k = Knowledge(view_of(deal, seat))
        truth = set()
        for s in range(players):
            if s != seat:
                truth |= {c.index for c in deal.hands[s]}
        truth |= {c.index for c in deal._stock}
        assert set(k.unseen) | {c for cs in k.located.values() for c in cs} | \
            ({k.face} if k.face_in_stock else set()) == truth
        for s, cards in k.located.items():  # whatever is deduced is true
            assert cards <= {c.index for c in deal.hands[s]}
        w = k.sample_world(random.Random(1))
        assert [len(h) for h in w.hands] == [len(h) for h in deal.hands]
        assert len(w.stock) == deal.stock_count
        assert w.hands[seat] == [c.index for c in deal.hands[seat]]
        if deal.stock_count:
            assert w.stock[0] == deal._stock[0].index  # the face-up card is drawn last


def test_two_player_endgame_is_fully_known() -> None:
    for deal in positions("classica", 2, seed=2, count=200):
        if deal.stock_count == 0 and deal.phase == "play":
            k = Knowledge(view_of(deal, deal.to_move))
            assert k.worlds_count() == 1
            assert sorted(k.unseen + sorted(k.located[1 - deal.to_move])) == \
                sorted(c.index for c in deal.hands[1 - deal.to_move])


def test_chiamata_partner_guess_suspects_who_loads_the_caller() -> None:
    """A seat that throws an Ace on the caller's winning trick becomes the likely partner."""
    from briscola.actions import Trick
    from briscola.ai.heuristic import partner_guess
    from briscola.cards import cards

    deal = next(d for d in positions("chiamata", 5, seed=4, count=400)
                if d.phase == "play" and not d.tricks and not d.trick and d.caller is not None)
    view = view_of(deal, next(s for s in range(5) if s not in (deal.caller, deal.partner)))
    k = Knowledge(view)
    neutral = partner_guess(k)
    caller = view.caller
    trump = view.trump_suit
    loader = next(s for s in neutral if s != caller)
    # a made-up first trick: the caller leads the trump Ace, the loader throws a side Ace on it
    side_ace = next(c for c in cards("AD AC AB AS") if c.suit != trump)
    lead = next(c for c in cards(f"A{trump}"))
    order = [(caller + i) % 5 for i in range(5)]
    fillers = iter(c for c in cards("4D 4C 4B 4S 5D 5C 5B 5S") if c.suit != trump)
    trick_cards = tuple(lead if s == caller else side_ace if s == loader else next(fillers) for s in order)
    k.view = type(view)(**{**view.__dict__, "tricks": (Trick(caller, trick_cards, caller, 22),)})
    assert partner_guess(k)[loader] > neutral[loader]
