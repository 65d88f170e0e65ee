"""An online guest receives only what his seat may see: re-dealing the cards hidden from him never
changes one byte of what the host sends (op ``guest_updates``), in every variant, at every point."""

from __future__ import annotations

import json
import random

import pytest
from ai_support import positions, rehide

from briscola.guests import guest_updates
from briscola.match import Match, MatchFormat
from briscola.session import Session
from briscola.variants import TABLES


def _match(deal, seed: int = 5) -> Match:
    """A match at an online table (everyone a person) whose deal in progress is ``deal``."""
    rules = deal.rules
    match = Match.new(rules, MatchFormat.default(rules.name, rules.players), seed,
                      meta={"people": list(range(rules.players)), "online": True})
    match.deals[-1] = deal
    return match


def guest_message(deal, seat: int, seed: int = 5) -> str:
    """What the host sends the guest at ``seat`` in this position, the match's seed ``seed``."""
    match = _match(deal, seed)
    return json.dumps(guest_updates(Session(match), {"seats": [seat]})["messages"], sort_keys=True)


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_hidden_cards_never_reach_a_guest(variant: str, players: int) -> None:
    rng = random.Random(f"guest{variant}{players}")
    for deal in positions(variant, players, seed=players * 11 + len(variant), count=8):
        for seat in range(1, players):
            sent = guest_message(deal, seat)
            assert "save" not in sent and "seed" not in sent
            for _ in range(2):  # another deck, and another seed, that agree with what the guest sees
                assert guest_message(rehide(deal, seat, rng), seat, rng.randrange(2**64)) == sent


def test_the_check_sees_a_leak() -> None:
    """Not vacuous: the host's own state (a hand the guest may not see) does change when re-dealt."""
    deal = positions("classica", 2, seed=3, count=1)[0]
    sent = {json.dumps(Session(_match(rehide(deal, 1, random.Random(k)))).state(0), sort_keys=True) for k in range(6)}
    assert len(sent) > 1
