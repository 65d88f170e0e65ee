"""Rule-based card play: the ``esperto`` level, and ``principiante`` with human mistakes.

Each card in hand gets a value: the points of the trick it goes into, times how
likely the trick ends on our side (counted from the unseen cards: who may still
beat it), minus what the card is worth kept for later (trumps most of all).
That one formula gives the classic rules: throw a *liscio* when nothing is at
stake, take an Ace or Three with the smallest trump, capture with a higher card
of the suit, never overtake a partner who is winning, load points (*carico*) on
a partner's sure winner, keep trumps for the endgame. Near the end the deal is
read exactly: every way the few unseen cards can lie is solved by minimax.
"""

from __future__ import annotations

import random
from itertools import combinations, permutations

from ..view import View
from .knowledge import Knowledge
from .sim import Solver, leaf_estimate, trick_winner
from .utility import utility_for

EXACT_WORLDS = 24  # esperto reads the endgame exactly when the unseen cards lie in at most so many ways
EXACT_LEAVES = 40_000
TRUMP_KEEP = 2.5
TRUMP_POINTS_KEPT = 0.8
SLIP = 0.01  # principiante: how often a card is played on a whim
NOISE = 0.4  # principiante: how far (in points) his judgement of a card wanders


def keep_value(k: Knowledge, card: int) -> float:
    """What ``card`` is worth kept in hand for later tricks."""
    rank = k.t.rank[card]
    if card // 10 == k.trump:  # a trump wins a trick later, and mostly banks its own points too
        return TRUMP_KEEP + 0.6 * rank + TRUMP_POINTS_KEPT * k.t.points[card]
    return 0.15 * rank


def ally_probs(k: Knowledge) -> list[float]:
    """Probability that each seat plays on this seat's side (chiamata guesses the partner)."""
    v = k.view
    if not k.partner_unknown():
        return [1.0 if k.side[s] == k.my_side else 0.0 for s in range(k.n)]
    guess = partner_guess(k)
    if v.seat == v.caller:
        return [1.0 if s == k.me else guess.get(s, 0.0) for s in range(k.n)]
    return [1.0 if s == k.me else 0.0 if s == v.caller else 1.0 - guess.get(s, 0.0) for s in range(k.n)]


def partner_guess(k: Knowledge) -> dict[int, float]:
    """Chiamata: probability that each seat holds the called card, from how it has played.

    A seat that loads points on the caller's winning trick is likely his partner;
    one that takes points away from him, or loads an opponent's trick, likely not.
    """
    v, n, t = k.view, k.n, k.t
    caller = v.caller
    cands = [s for s in range(n) if s not in (k.me, caller)]
    weight = {s: 1.0 for s in cands}
    if caller != k.me and caller is not None:
        weight[caller] = 0.15  # calling one's own card is rare
    for tr in v.tricks:
        for i, c in enumerate(tr.cards):
            s = tr.seat_of(i, n)
            if s not in weight or s == caller:
                continue
            before = list(c2.index for c2 in tr.cards[:i])
            if not before:
                continue
            holder = trick_winner(before, tr.leader, n, k.trump, t.strength)
            pts = t.points[c.index]
            if holder == caller and tr.winner == caller and pts >= 10:
                weight[s] *= 3.0
            elif holder == caller and tr.winner == s and tr.points >= 4:
                weight[s] *= 0.3
            elif holder not in (caller, s) and tr.winner != caller and pts >= 10:
                weight[s] *= 0.5
    total = sum(weight.values()) or 1.0
    return {s: w / total for s, w in weight.items()}


def card_values(k: Knowledge, hand: list[int]) -> dict[int, float]:
    """The heuristic value of playing each card of ``hand`` now."""
    n, me, t = k.n, k.me, k.t
    trick = [c.index for c in k.view.trick]
    leader = k.view.leader
    ally = ally_probs(k)
    after = [(me + 1 + i) % n for i in range(n - len(trick) - 1)]
    at_stake = sum(t.points[c] for c in trick)
    out = {}
    for c in hand:
        cards = trick + [c]
        w = trick_winner(cards, leader, n, k.trump, t.strength)
        best = cards[(w - leader) % n]
        hold = 1.0
        for r in after:
            same = ally[r] * ally[w] + (1 - ally[r]) * (1 - ally[w])
            hold *= 1 - (1 - same) * (1 - k.p_no_beater(r, best))
        rest = [ally[r] for r in after]
        a_after = sum(rest) / len(rest) if rest else 0.0
        p_ours = hold * ally[w] + (1 - hold) * a_after
        x = at_stake + t.points[c]
        out[c] = x * (2 * p_ours - 1) - keep_value(k, c)
    return out


def exact_values(k: Knowledge, hand: list[int], max_worlds: int) -> dict[int, float] | None:
    """Average minimax value of each card over every world the view allows, if few enough."""
    if k.worlds_count() > max_worlds:
        return None
    totals = dict.fromkeys(hand, 0.0)
    count = 0
    for pool in _all_pools(k):
        w = k.world_from(pool)
        if leaf_estimate(w, EXACT_LEAVES) > EXACT_LEAVES:
            return None
        util = utility_for(k.view, w.side, k.my_side, target_of(k.view))
        values = Solver(k.t, k.my_side, util).move_values(w, hand)
        for c, val in zip(hand, values, strict=True):
            totals[c] += val
        count += 1
    return {c: v / count for c, v in totals.items()} if count else None


def _all_pools(k: Knowledge):
    """Every ordering of the unseen cards that gives a distinct world."""
    seats = [s for s in range(k.n) if s != k.me]

    def rec(i: int, left: tuple[int, ...], acc: list[int]):
        if i == len(seats):
            for order in permutations(left):
                yield acc + list(order)
            return
        for chosen in combinations(left, k.need[seats[i]]):
            rest = tuple(c for c in left if c not in chosen)
            yield from rec(i + 1, rest, acc + list(chosen))

    yield from rec(0, tuple(k.unseen), [])


def target_of(view: View) -> int:
    """Chiamata: the points the caller's side needs (60 without a raise)."""
    for _seat, call in reversed(view.auction):
        if getattr(call, "rank", None) is not None:
            return call.points if call.points is not None else 60  # type: ignore[union-attr]
    return 60


def choose_card(view: View, rng: random.Random, level: str = "esperto") -> int:
    """The card index ``level`` plays from this view."""
    k = Knowledge(view)
    hand = [c.index for c in view.hand]
    if len(hand) == 1:
        return hand[0]
    if level == "principiante":
        return _principiante(k, hand, rng)
    values = exact_values(k, hand, EXACT_WORLDS)
    if values is None:
        values = card_values(k, hand)
    return max(hand, key=lambda c: (round(values[c], 9), -k.t.points[c], -k.t.strength[c], -c))


def _principiante(k: Knowledge, hand: list[int], rng: random.Random) -> int:
    """Plays by the same instinct as esperto, but slips now and then and does not count the small cards.

    He remembers the trumps and the cards with points gone by, not the *lisci*,
    and reads the last tricks exactly only once every card is known.
    """
    if k.view.stock == 0:
        exact = exact_values(k, hand, 1)
        if exact is not None:
            return max(hand, key=lambda c: (round(exact[c], 9), -c))
    t = k.t
    forgotten = {c.index for tr in k.view.tricks for c in tr.cards
                 if c.index // 10 != k.trump and t.points[c.index] == 0}
    k.unseen = sorted(set(k.unseen) | forgotten)
    values = card_values(k, hand)
    if rng.random() < SLIP:
        return rng.choice(hand)
    return max(hand, key=lambda c: (values[c] + rng.gauss(0.0, NOISE), -c))
