"""The fast simulator agrees with the engine, and the solver with plain minimax."""

from __future__ import annotations

import random

import pytest
from ai_support import positions

from briscola.ai import duel
from briscola.ai.knowledge import Knowledge
from briscola.ai.sim import Solver, Tables, World, leaf_estimate
from briscola.ai.utility import utility_for
from briscola.cards import DECK
from briscola.variants import TABLES, Rules
from briscola.view import view_of


def world_of(deal) -> World:
    """The omniscient world of an engine deal in its play phase."""
    n = deal.rules.players
    sides = deal.sides()
    side = [next(i for i, sd in enumerate(sides) if s in sd) for s in range(n)]
    pts = [0] * len(sides)
    for s in range(n):
        pts[side[s]] += deal.points[s]
    return World(n, [[c.index for c in h] for h in deal.hands], [c.index for c in deal._stock],
                 "DCBS".index(deal.trump_suit), deal.leader, [c.index for c in deal.trick], pts, side,
                 deal.rules.options.vinco_subito and deal.auction is None)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("vinco", [False, True])
def test_simulator_agrees_with_the_engine(variant: str, players: int, vinco: bool) -> None:
    rng = random.Random(players)
    opts = {"vinco_subito": vinco}
    for deal in positions(variant, players, seed=21, count=30, options=opts):
        if deal.phase != "play":
            continue
        w = world_of(deal)
        t = Tables(deal.rules)
        while not deal.over:
            card = rng.choice(deal.hands[deal.to_move])
            assert w.to_move == deal.to_move
            deal.play(card)
            ended = w.play(card.index, t)
            if deal.phase == "exchange":  # the simulator draws at once: the engine, after declining
                from briscola.actions import Draw
                deal.apply(Draw())
            assert ended == deal.over
            if ended:
                break
            assert sorted(map(sorted, w.hands)) == sorted(sorted(c.index for c in h) for h in deal.hands)
            assert w.leader == deal.leader
        assert w.side_pts == [deal.team_points()[i] for i in range(len(w.side_pts))] or deal.auction is not None


def brute(w: World, t: Tables, my_side: int, util) -> float:
    seat = w.to_move
    values = []
    for c in list(w.hands[seat]):
        child = w.copy()
        values.append(util(child.side_pts) if child.play(c, t) else brute(child, t, my_side, util))
    return max(values) if w.side[seat] == my_side else min(values)


@pytest.mark.parametrize(("variant", "players"), [("classica", 2), ("classica", 4), ("biscambiggia", 2),
                                                  ("classica", 3)])
def test_alpha_beta_equals_plain_minimax(variant: str, players: int) -> None:
    found = 0
    for deal in positions(variant, players, seed=4, count=400):
        w = world_of(deal)
        if deal.phase != "play" or leaf_estimate(w, 3000) > 3000:
            continue
        found += 1
        view = view_of(deal, deal.to_move)
        k = Knowledge(view)
        util = utility_for(view, w.side, w.side[deal.to_move])
        t = Tables(deal.rules)
        solver = Solver(t, w.side[deal.to_move], util)
        hand = w.hands[deal.to_move]
        values = solver.move_values(w, hand)
        for c, v in zip(hand, values, strict=True):
            child = w.copy()
            want = util(child.side_pts) if child.play(c, t) else brute(child, t, w.side[deal.to_move], util)
            assert v == pytest.approx(want)
        assert k.hand == [c.index for c in view.hand]
    assert found >= 5


def test_tables_follow_the_variant_order() -> None:
    bisca = Tables(Rules.make("biscambiggia", 2))
    classica = Tables(Rules.make("classica", 2))
    seven, three = DECK[6], DECK[2]  # 7D, 3D
    assert bisca.strength[seven.index] > bisca.strength[three.index]
    assert classica.strength[seven.index] < classica.strength[three.index]
    assert bisca.points[seven.index] == 10 and bisca.points[three.index] == 0


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_inlined_playout_follows_the_policy(variant: str, players: int) -> None:
    """campione's fast playout plays exactly the moves of its readable policy."""
    from briscola.ai.campione import _keep_costs, playout, policy

    for deal in positions(variant, players, seed=31, count=25):
        if deal.phase != "play":
            continue
        w = world_of(deal)
        t = Tables(deal.rules)
        cost = _keep_costs(t, w.trump)
        fast, slow = w.copy(), w.copy()
        playout(fast, t, cost)
        while slow.hands[slow.to_move] and not slow.play(policy(slow, slow.to_move, t, cost), t):
            pass
        assert fast.side_pts == slow.side_pts


@pytest.mark.parametrize("variant", ["classica", "biscambiggia"])
def test_duel_playout_plays_esperto_card_values(variant: str) -> None:
    """Two players: the counting playout picks the card esperto's rule values most, from the same knowledge."""
    from briscola.ai.duel import choice, counting
    from briscola.ai.heuristic import card_values

    checked = 0
    for deal in positions(variant, 2, seed=41, count=120):
        if deal.phase != "play" or len(deal.hands[deal.to_move]) < 2:
            continue
        k = Knowledge(view_of(deal, deal.to_move))
        hand = sorted(k.hand)
        values = card_values(k, hand)
        esperto = max(hand, key=lambda c: (round(values[c], 9), -k.t.points[c], -k.t.strength[c], -c))
        opp = 1 - k.me
        unseen = sum(1 << c for c in k.unseen)
        known = sum(1 << c for c in k.located[opp])
        trick = [c.index for c in deal.trick]
        got = choice(counting(k.t, k.trump), hand, trick, unseen, k.need[opp], known, k.trump, k.t.strength)
        assert got == esperto
        checked += 1
    assert checked > 50


@pytest.mark.parametrize("solve_end", [False, True])
def test_duel_playout_ends_the_deal(solve_end: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counting playout plays every card of a two-player world and shares out all 120 points.

    (With ``SOLVE_END`` the last tricks are solved instead of played; the plies are charged the same.)
    """
    from briscola.ai.duel import counting, playout

    monkeypatch.setattr(duel, "SOLVE_END", solve_end)
    for deal in positions("classica", 2, seed=43, count=40):
        if deal.phase != "play":
            continue
        w = world_of(deal)
        t = Tables(deal.rules)
        before = sum(len(h) for h in w.hands) + len(w.stock)
        plies = playout(w, t, counting(t, w.trump))
        assert plies == before
        assert not any(w.hands) and not w.stock and sum(w.side_pts) == 120


@pytest.mark.parametrize("variant", ["classica", "biscambiggia", "brisca"])
def test_end_of_deal_solved_like_the_full_solver(variant: str) -> None:
    """The small two-hand solver gives the same final points as the general alpha-beta solver."""
    t = Tables(Rules.make(variant, 2, {}))
    rng = random.Random(5)
    for _ in range(400):
        cards = rng.sample(range(40), 6)
        n = rng.choice([1, 2, 3])
        leader = rng.randrange(2)
        w = World(2, [cards[:n], cards[3:3 + n]], [], rng.randrange(4), leader, [],
                  [rng.randrange(40), rng.randrange(40)], [0, 1], False)
        best = Solver(t, 0, lambda p: p[0] - p[1]).value(w.copy())
        duel._solve_rest(w, t, duel.counting(t, w.trump), leader)
        assert w.side_pts[0] - w.side_pts[1] == best
        assert not any(w.hands)
