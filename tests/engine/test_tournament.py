"""Tournament: round robin, standings with head-to-head and mini-table tie-breaks, knockout."""

from __future__ import annotations

import random

import pytest

from briscola.errors import IllegalAction, RulesError
from briscola.tournament import FINAL_FORMAT, SEMI_FORMAT, Tournament, round_robin


def with_results(pairs: int, winners: dict[tuple[int, int], tuple[int, tuple[int, int], tuple[int, int]]]):
    """A tournament whose group results are given as {(a, b): (winner, deals, points)} in fixture order."""
    t = Tournament(pairs, seed=5)
    outcomes = []
    for f in t.fixtures:
        w, deals, points = winners[(f.a, f.b)] if (f.a, f.b) in winners else winners[(f.b, f.a)]
        outcomes.append({"fixture": f.index, "winner": w, "deals": list(deals), "points": list(points)})
    return Tournament.from_json({"format": "briscola-tournament/1", "pairs": pairs, "seed": 5, "outcomes": outcomes})


def beat(w: int, deals=(2, 0), points=(150, 90)):
    return (w, deals, points)


@pytest.mark.parametrize("pairs", [4, 5, 6, 7, 8])
def test_round_robin_meets_every_pair_once(pairs):
    games = [g for r in round_robin(pairs) for g in r]
    assert sorted(games) == sorted((a, b) for a in range(pairs) for b in range(a + 1, pairs))
    for r in round_robin(pairs):
        seen = [p for g in r for p in g]
        assert len(seen) == len(set(seen))


def test_two_tied_pairs_go_by_head_to_head():
    # 0 and 1 both win two; 1 beat 0.
    t = with_results(4, {(0, 1): beat(1), (0, 2): beat(0), (0, 3): beat(0), (1, 2): beat(2),
                         (1, 3): beat(1), (2, 3): beat(3)})
    order = [r.pair for r in t.standings()]
    assert [r.standing for r in t.standings()] == [2, 2, 1, 1]
    assert order[:2] == [1, 0]
    assert order[2:] == [3, 2]  # 3 beat 2


def test_three_tied_pairs_go_by_the_mini_table():
    # 0, 1, 2 each win three in 6 pairs; among them 0 beat 1 and 2 -> 0 first of the three.
    res = {}
    for a in range(6):
        for b in range(a + 1, 6):
            res[(a, b)] = beat(a)
    res[(0, 1)] = beat(0)
    res[(0, 2)] = beat(0)
    res[(1, 2)] = beat(1)
    res[(0, 3)] = beat(3)
    res[(0, 4)] = beat(4)
    res[(1, 3)] = beat(3)
    res[(2, 3)] = beat(2)
    t = with_results(6, res)
    table = {r.pair: r.standing for r in t.standings()}
    order = [r.pair for r in t.standings()]
    assert table[0] == table[1] == table[2] == 3
    tied = [p for p in order if p in (0, 1, 2)]
    assert tied == [0, 1, 2]


def test_circular_tie_falls_back_to_deal_and_point_difference():
    # 0 beats 1, 1 beats 2, 2 beats 0: the mini-table is level; deals difference decides.
    res = {(0, 1): beat(0, (2, 1)), (1, 2): beat(1, (2, 0)), (0, 2): beat(2, (0, 2)),
           (0, 3): beat(0), (1, 3): beat(1), (2, 3): beat(2)}
    t = with_results(4, res)
    order = [r.pair for r in t.standings()]
    # deals difference: 0: +1-2+2=+1, 1: -1+2+2=+3, 2: -2+2+2=+2
    assert order == [1, 2, 0, 3]


def test_semi_finals_pair_first_with_fourth():
    res = {(a, b): beat(a) for a in range(6) for b in range(a + 1, 6)}
    t = with_results(6, res)
    semis = [(f.a, f.b) for f in t.fixtures if f.stage == "semi"]
    assert semis == [(0, 3), (1, 2)]
    assert t.match_for(next(f for f in t.fixtures if f.stage == "semi")).format == SEMI_FORMAT


def play_out(match, rng):
    while not match.over:
        if match.deal.over:
            match.next_deal()
        else:
            match.apply(rng.choice(match.deal.legal_actions()))


def test_a_whole_tournament_to_its_champion_and_back_from_a_save():
    t = Tournament(pairs=5, seed=9)
    rng = random.Random(2)
    while not t.over:
        f = t.next_fixture()
        m = t.match_for(f)
        play_out(m, rng)
        t.record(f, m)
        again = Tournament.from_json(t.to_json())
        assert again.outcomes == t.outcomes and again.fixtures == t.fixtures
    final = [f for f in t.fixtures if f.stage == "final"]
    assert len(final) == 1 and t.champion in (final[0].a, final[0].b)
    assert t.match_for(final[0]).format == FINAL_FORMAT
    assert t.next_fixture() is None


def test_player_pair_is_always_side_zero():
    t = Tournament(pairs=6, seed=1)
    assert all(f.a == 0 for f in t.fixtures if 0 in (f.a, f.b))


def test_record_refuses_the_wrong_fixture_or_an_unfinished_match():
    t = Tournament(pairs=4, seed=1)
    first, second = t.fixtures[0], t.fixtures[1]
    with pytest.raises(IllegalAction):
        t.record(second, t.match_for(second))
    with pytest.raises(IllegalAction):
        t.record(first, t.match_for(first))


@pytest.mark.parametrize("data", [None, {}, {"format": "briscola-tournament/1", "pairs": 3},
                                  {"format": "briscola-tournament/1", "pairs": 4, "seed": 1,
                                   "outcomes": [{"fixture": 1, "winner": 1, "deals": [2, 0], "points": [1, 2]}]}])
def test_bad_saved_tournaments_are_refused(data):
    with pytest.raises(RulesError):
        Tournament.from_json(data)
