"""campione's two-player reading of the opponent (inference.py)."""

from __future__ import annotations

import random
import statistics

from briscola.ai import choose, duel
from briscola.ai.inference import Reading
from briscola.ai.knowledge import Knowledge
from briscola.ai.sim import Tables
from briscola.state import Deal, shuffled_deck
from briscola.variants import Rules
from briscola.view import view_of


def _esperto_positions(count: int) -> list[tuple[Deal, int]]:
    """Positions of esperto self-play with cards in the stock, and the seat to move."""
    rules = Rules.make("classica", 2, {})
    out = []
    for g in range(count):
        deal = Deal(rules, g % 2, shuffled_deck(rules, random.Random(g)))
        stop = random.Random(g).randrange(4, 28)
        for _ in range(stop):
            deal.apply(choose(view_of(deal, deal.to_move), "esperto", random.Random(0)))
        if deal.stock_count >= 4:
            out.append((deal, deal.to_move))
    return out


def _real_hand_ratios(deals: int, *reading: float) -> list[float]:
    """Per position of esperto self-play: the weight of the world holding the opponent's real hand
    over the mean weight of 300 sampled worlds, read with ``Reading(k, counting, *reading)``; every
    sampled world must keep a weight in (0, 1]."""
    ratios = []
    for deal, me in _esperto_positions(deals):
        k = Knowledge(view_of(deal, me))
        read = Reading(k, duel.counting(k.t, k.trump), *reading)
        rng = random.Random(1)
        weights = [read.weight(k.sample_world(rng)) for _ in range(300)]
        assert all(0 < x <= 1 for x in weights)
        real = k.sample_world(rng)
        real.hands[1 - me] = sorted(c.index for c in deal.hands[1 - me])
        ratios.append(read.weight(real) / statistics.fmean(weights))
    return ratios


def test_reading_favours_the_opponents_real_hand() -> None:
    """Against esperto, the world holding his real hand weighs more than the average sampled world."""
    ratios = _real_hand_ratios(50, 3, 0.9)
    assert len(ratios) > 30
    assert statistics.fmean(ratios) > 1.5


def test_nothing_to_read_before_the_opponent_plays() -> None:
    rules = Rules.make("classica", 2, {})
    deal = Deal(rules, 1, shuffled_deck(rules, random.Random(2)))
    k = Knowledge(view_of(deal, deal.to_move))
    reading = Reading(k, duel.counting(k.t, k.trump), 3, 0.9)
    assert reading.weight(k.sample_world(random.Random(3))) == 1.0


def test_a_lead_on_the_table_is_read() -> None:
    """The opponent led: worlds where esperto's rule would lead that card weigh SOFT, the others less."""
    rules = Rules.make("classica", 2, {})
    deal = Deal(rules, 1, shuffled_deck(rules, random.Random(2)))
    deal.apply(choose(view_of(deal, deal.to_move), "esperto", random.Random(0)))
    k = Knowledge(view_of(deal, deal.to_move))
    reading = Reading(k, duel.counting(k.t, k.trump), 3, 0.9)
    weights = {round(reading.weight(k.sample_world(random.Random(i))), 9) for i in range(200)}
    assert weights == {0.9, 0.05}  # (1 - 0.9) spread over the two other cards


def test_scores_put_esperto_card_first() -> None:
    """duel.scores values every card by esperto's rule: the card duel.choice plays has the best value."""
    rules = Rules.make("classica", 2, {})
    t = Tables(rules)
    rng = random.Random(4)
    for _ in range(500):
        trump = rng.randrange(4)
        cards = rng.sample(range(40), 8)
        hand, trick = cards[:3], cards[3:4] if rng.random() < 0.5 else []
        unseen = sum(1 << c for c in rng.sample([c for c in range(40) if c not in cards[:4]], rng.randrange(0, 20)))
        h = min(3, unseen.bit_count())
        k = duel.counting(t, trump)
        values = duel.scores(k, hand, trick, unseen, h, 0, trump, t.strength)
        played = duel.choice(k, hand, trick, unseen, h, 0, trump, t.strength)
        assert round(values[hand.index(played)], 9) == round(max(values), 9)


def test_a_soft_reading_still_favours_the_real_hand_and_spares_other_players() -> None:
    """Read by how far below esperto's best each play was, the real hand still weighs more than average;
    and every world keeps some weight, so a player unlike esperto does not throw the search off."""
    ratios = _real_hand_ratios(30, 3, 0.9, 3.0, 0.3)
    assert statistics.fmean(ratios) > 1.5
