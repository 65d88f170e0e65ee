"""The ``campione`` level: determinized search (perfect-information Monte Carlo).

For each decision: deal the unseen cards into complete worlds consistent with
the view; weight each world by how likely the opponents' plays are if that world
were true (two players: his last few tricks read against esperto's rule,
inference.py; more players: the trick on the table against a fast rule); in each
world value every legal card by exact minimax when the rest of the deal is small
(always once the stock is out in two-player games), else by a playout; play the
card with the best weighted average. Two-player playouts count the cards like
esperto on both seats and end exactly once the stock is out (duel.py); with more
players they use a fast rule-based policy. The work is bounded by a node budget
(positions visited), so the same seed and view always give the same card; a
wall-clock cap only guards against a slow machine and is far above what the
budget needs.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from . import duel
from .heuristic import EXACT_WORLDS, card_values, exact_values, partner_guess, target_of
from .inference import Reading
from .knowledge import Knowledge
from .sim import Solver, Tables, World, leaf_estimate, trick_winner
from .utility import utility_for

NODE_BUDGET = 40_000  # positions visited per decision (playout plies + search nodes)
MAX_WORLDS = 400
EXACT_LEAVES = 20_000  # per-world game-tree size below which a world is solved exactly
TIME_CAP = 0.8  # seconds: a safety cap only; the node budget normally ends the search first
SOFT = 0.75  # how much a sampled opponent follows the modelled policy (world weighting)
ROLLOUT_MARGIN = True  # playouts are judged by the point margin (smoother than win/loss this early)
DUEL = True  # two players: playouts count the cards like esperto (duel.py); docs/ai.md has the measures
DUEL_PLY_COST = 2  # two players: a counting playout ply costs about two plain ones (node budget)


@dataclass(frozen=True)
class Style:
    """The knobs of one campione: today's player and the yardstick it is measured against.

    >>> CAMPIONE_2026.infer_temp
    0.0
    """

    infer_depth: int = 3  # two players: how many past tricks of the opponent's play weight the worlds
    infer_soft: float = 0.9  # ... and how closely the opponent is taken to follow esperto's rule there
    infer_temp: float = 0.0  # ... 0: his card is esperto's or not; > 0: the likelier the closer to esperto's value
    infer_sharp: float = 0.0  # ... with infer_temp: the share of infer_soft on esperto's very card
    gate: float = 0.0  # two players: leave esperto's card only for one searched better by this much (margin/120)
    search: float = 1.0  # the node budget and the most worlds, times this (bench/strength.py search=4)
    playout_keep: duel.Keep = duel.ESPERTO  # two players: the playouts' counting rule (the reading keeps esperto's)


CAMPIONE_2026 = Style()  # campione as it was in November 2026: the arena's yardstick (campione-2026)
# the campione players meet: today's, as nothing tried for issue 23 measured better (docs/ai.md, "A stronger
# campione"); e.g. Style(infer_temp=3.0, infer_sharp=0.3) reads the opponent by how far below esperto's best he played
STYLE = CAMPIONE_2026


def _keep_costs(t: Tables, trump: int) -> list[float]:
    st, pts = t.strength, t.points
    return [pts[c] + 0.1 * st[c] + ((3 + 0.5 * st[c]) if c // 10 == trump else 0.0) for c in range(40)]


def policy(w: World, seat: int, t: Tables, cost: list[float]) -> int:
    """A fast rule-based move for ``seat`` that looks only at its own hand and the trick."""
    hand = w.hands[seat]
    if len(hand) == 1:
        return hand[0]
    trick = w.trick
    cheapest = min(hand, key=cost.__getitem__)
    if not trick:
        return cheapest
    st, pts, trump, n = t.strength, t.points, w.trump, w.n
    best, best_i = trick[0], 0
    stake = pts[best]
    for i in range(1, len(trick)):
        c = trick[i]
        stake += pts[c]
        if (st[c] > st[best]) if c // 10 == best // 10 else c // 10 == trump:
            best, best_i = c, i
    side = w.side
    if side[(w.leader + best_i) % n] == side[seat]:
        if len(trick) == n - 1:
            loads = [c for c in hand if c // 10 != trump and pts[c] > 0]
            if loads:
                return max(loads, key=pts.__getitem__)
        return cheapest
    bsuit = best // 10
    same = [c for c in hand if c // 10 == bsuit and st[c] > st[best]]
    if same and bsuit != trump:
        return max(same, key=lambda c: pts[c] * 16 + st[c])
    trumps = [c for c in hand if c // 10 == trump and (bsuit != trump or st[c] > st[best])]
    if trumps:
        low = min(trumps, key=st.__getitem__)
        if stake >= 10 or (stake >= 3 and pts[low] == 0 and w.stock):
            return low
    return cheapest


def playout(w: World, t: Tables, cost: list[float]) -> int:
    """Play ``w`` to the end with the :func:`policy` rules (inlined for speed); returns the plies."""
    n, hands, stock, trump, side = w.n, w.hands, w.stock, w.trump, w.side
    st, pts = t.strength, t.points
    side_pts = w.side_pts
    leader, trick = w.leader, w.trick
    plies = 0
    best = best_seat = -1
    stake = 0
    for i, c in enumerate(trick):  # the trick on the table so far
        stake += pts[c]
        if best < 0 or ((st[c] > st[best]) if c // 10 == best // 10 else c // 10 == trump):
            best, best_seat = c, (leader + i) % n
    count = len(trick)
    seat = (leader + count) % n
    while hands[seat]:
        hand = hands[seat]
        if len(hand) == 1:
            c = hand[0]
        elif count == 0:
            c = min(hand, key=cost.__getitem__)
        elif side[best_seat] == side[seat]:
            c = -1
            if count == n - 1:
                top = 0
                for x in hand:
                    if x // 10 != trump and pts[x] > top:
                        c, top = x, pts[x]
            if c < 0:
                c = min(hand, key=cost.__getitem__)
        else:
            bsuit = best // 10
            c = -1
            if bsuit != trump:
                top = -1
                for x in hand:
                    if x // 10 == bsuit and st[x] > st[best] and pts[x] * 16 + st[x] > top:
                        c, top = x, pts[x] * 16 + st[x]
            if c < 0:
                low = -1
                for x in hand:
                    if x // 10 == trump and (bsuit != trump or st[x] > st[best]) and (low < 0 or st[x] < st[low]):
                        low = x
                if low >= 0 and (stake >= 10 or (stake >= 3 and pts[low] == 0 and stock)):
                    c = low
                else:
                    c = min(hand, key=cost.__getitem__)
        hand.remove(c)
        plies += 1
        stake += pts[c]
        if count == 0 or ((st[c] > st[best]) if c // 10 == best // 10 else c // 10 == trump):
            best, best_seat = c, seat
        count += 1
        if count < n:
            seat = seat + 1 if seat + 1 < n else 0
            continue
        s = side[best_seat]
        side_pts[s] += stake
        seat = leader = best_seat
        if stock:
            for i in range(seat, seat + n):
                hands[i % n].append(stock.pop())
        count = stake = 0
        best = -1
        if w.vinco and side_pts[s] >= 61:
            break
    w.leader, w.trick = leader, []
    return plies


def world_weight(k: Knowledge, w: World, cost: list[float]) -> float:
    """How likely the opponents' plays of the trick on the table are in world ``w``."""
    v, n, t = k.view, k.n, k.t
    weight = 1.0
    trick = [c.index for c in v.trick]
    for i, c in enumerate(trick):
        seat = (v.leader + i) % n
        if seat == k.me or k.side[seat] == k.my_side and not k.partner_unknown():
            continue
        past = World(n, [h[:] for h in w.hands], w.stock, w.trump, v.leader, trick[:i], w.side_pts,
                     w.side, False)
        past.hands[seat].append(c)
        options = len(past.hands[seat])
        if options > 1:
            guess = policy(past, seat, t, cost)
            weight *= SOFT if guess == c else (1 - SOFT) / (options - 1)
    return weight


def choose_card(k: Knowledge, rng: random.Random, budget: int = NODE_BUDGET, style: Style | None = None,
                capped: bool = True) -> int:
    """The card ``campione`` plays (as an index); ``style`` defaults to :data:`STYLE`. ``capped``
    False: the node budget alone ends the search, however long it takes (the daily deal's opponent
    must play the same cards on every device: briscola/daily.py)."""
    style = style or STYLE
    cap = TIME_CAP if capped else math.inf
    hand = sorted(k.hand)
    if len(hand) == 1:
        return hand[0]
    prior = card_values(k, hand)
    exact = exact_values(k, hand, EXACT_WORLDS) if k.worlds_count() <= EXACT_WORLDS else None
    if exact is not None:
        return _best(hand, exact, prior)
    t = k.t
    cost = _keep_costs(t, k.trump)
    counting = duel.counting(t, k.trump) if k.n == 2 else None
    counter = duel.counting(t, k.trump, style.playout_keep) if counting is not None and DUEL else None
    target = target_of(k.view)
    guess = partner_guess(k) if k.partner_unknown() else None
    reading = None
    if counting is not None and style.infer_depth > 0:
        reading = Reading(k, counting, style.infer_depth, style.infer_soft, style.infer_temp, style.infer_sharp)
    totals = dict.fromkeys(hand, 0.0)
    weight_sum = 0.0
    nodes = 0
    start = time.perf_counter()
    budget = round(budget * style.search)
    for _ in range(round(MAX_WORLDS * style.search)):
        w = k.sample_world(rng)
        weight = reading.weight(w) if reading is not None else world_weight(k, w, cost)
        if guess is not None:
            holder = next(s for s in range(k.n) if w.side[s] == 0 and s != k.view.caller) \
                if sum(1 for s in w.side if s == 0) > 1 else k.view.caller
            weight *= guess.get(holder, 0.0) * len(guess) if holder != k.me else 1.0
        if weight <= 0:
            continue
        util = utility_for(k.view, w.side, k.my_side, target)
        my = k.my_side

        def margin(pts: list[int], my: int = my) -> float:
            return (2 * pts[my] - sum(pts)) / 120

        exact_world = leaf_estimate(w, EXACT_LEAVES) <= EXACT_LEAVES
        if exact_world:
            solver = Solver(t, k.my_side, util)
            values = solver.move_values(w, hand)
            nodes += solver.nodes
        else:
            values = []
            for c in hand:
                child = w.copy()
                if not child.play(c, t):
                    if counter is not None:
                        nodes += DUEL_PLY_COST * duel.playout(child, t, counter)
                    else:
                        nodes += playout(child, t, cost)
                nodes += 1
                values.append(margin(child.side_pts) if ROLLOUT_MARGIN else util(child.side_pts))
        for c, val in zip(hand, values, strict=True):
            totals[c] += weight * val
        weight_sum += weight
        if nodes >= budget or time.perf_counter() - start > cap:
            break
    if weight_sum == 0:
        return _best(hand, prior, prior)
    values = {c: v / weight_sum for c, v in totals.items()}
    best = _best(hand, values, prior)
    if counter is not None and not exact_world:
        mine = _best(hand, prior, {c: -t.points[c] * 100 - t.strength[c] for c in hand})
        if values[best] - values[mine] <= style.gate:
            return mine
    return best


def _best(hand: list[int], values: dict[int, float], prior: dict[int, float]) -> int:
    """The best card by value; ties go to the rule-based preference."""
    return max(hand, key=lambda c: (round(values[c], 9), prior[c], -c))


__all__ = ["choose_card", "policy", "playout", "trick_winner"]
