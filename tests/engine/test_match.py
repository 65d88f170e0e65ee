"""Match formats (RULES.md §3): deals, ties, spareggi, abandon, VP and point difference."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from briscola.errors import IllegalAction, RulesError
from briscola.match import Match, MatchFormat
from briscola.scoring import point_difference
from briscola.state import Deal
from briscola.variants import Rules


def plays_to(deal: Deal, want: Callable[[Deal], bool], seed: int = 0, tries: int = 20000) -> list:
    """A sequence of legal actions that ends ``deal`` in a state satisfying ``want``.

    Random playouts on copies of the deal; the tests can see every card, the players cannot.
    """
    rng = random.Random(seed)
    for _ in range(tries):
        d = deal.copy()
        start = len(d.history)
        while not d.over:
            d.apply(rng.choice(d.legal_actions()))
        if want(d):
            return [a for _, a in d.history[start:]]
    raise AssertionError("no playout reached the wanted end")


def finish(match: Match, want: Callable[[Deal], bool], seed: int = 0) -> None:
    for action in plays_to(match.deal, want, seed):
        match.apply(action)
    assert match.deal.over


def side_wins(side: int) -> Callable[[Deal], bool]:
    return lambda d: d.winner() == side


def tied(d: Deal) -> bool:
    return d.team_points() == [60, 60]


def make(variant: str = "classica", players: int = 2, seed: int = 1, **fmt) -> Match:
    return Match.new(Rules.make(variant, players), MatchFormat(**fmt) if fmt else None, seed)


# ------------------------------------------------------------------ formats


def test_punti_is_one_deal_won_with_61():
    m = make(kind="punti")
    finish(m, side_wins(1))
    r = m.result()
    assert (m.over, r.winner, r.decided_by, r.vp, r.deal_wins) == (True, 1, "deals", (0, 20), (0, 1))


def test_punti_tie_is_a_draw_worth_10_vp_each():
    m = make(kind="punti")
    finish(m, tied)
    r = m.result()
    assert (r.winner, r.decided_by, r.vp, r.point_difference) == (None, "draw", (10, 10), (0, 0))


def test_punti_tie_replayed_with_ripeti_la_smazzata_pari():
    m = make(kind="punti", replay_ties=True)
    finish(m, tied)
    assert m.status == "deal-over" and not m.over
    m.next_deal()
    assert m.kinds == ["deal", "replay"]
    finish(m, side_wins(0))
    assert m.over and m.result().winner == 0


@pytest.mark.parametrize(
    "sequence, over_after, winner",
    [
        pytest.param([0, 0], 2, 0, id="2-0 ends early"),
        pytest.param([0, 1, 1], 3, 1, id="1-2 after three"),
        pytest.param(["tie", 0, 1], 3, None, id="tie counts for nobody: 1-1 is a draw"),
        pytest.param(["tie", "tie", 0], 3, 0, id="one win out of three"),
    ],
)
def test_smazzate_majority_of_deals(sequence, over_after, winner):
    m = make(kind="smazzate", deals=3)
    for i, outcome in enumerate(sequence):
        if i:
            m.next_deal()
        finish(m, tied if outcome == "tie" else side_wins(outcome), seed=i)
        assert m.over == (i + 1 == over_after)
    assert m.result().winner == winner


@pytest.mark.parametrize(
    "variant, players, fmt, scored",
    [
        pytest.param("classica", 2, {"kind": "punti"}, False, id="a friendly deal: no VP"),
        pytest.param("classica", 2, {"kind": "smazzate", "deals": 1}, True, id="a smazzate match scores VP"),
        pytest.param("classica", 4, {"kind": "smazzate", "deals": 1}, True, id="pairs too"),
        pytest.param("classica", 2, {"kind": "punti", "knockout": True}, True, id="with spareggi (KO)"),
        pytest.param("classica", 3, {"kind": "smazzate", "deals": 1}, False, id="three sides: no VP at all"),
        pytest.param("brisca", 2, {"kind": "first_to", "deals": 1}, False, id="Brisca counts deals only"),
        pytest.param("biscambiggia", 2, {"kind": "first_to", "deals": 1}, False, id="Biscambiggia likewise"),
    ],
)
def test_vp_are_scored_only_in_the_formats_of_source_000s_tables(variant, players, fmt, scored):
    """Issue 33: VP and the point difference in tens are computed for every two-sided match (the
    statistics add them up) but a summary shows them only where the format scores them."""
    m = make(variant, players, **fmt)
    assert m.result().vp_scored is False  # nothing to show before the end
    finish(m, side_wins(0))
    r = m.result()
    assert r.over and r.vp_scored is scored
    assert (r.vp is not None) == (len(m.rules.teams) == 2)


@pytest.mark.parametrize(
    "variant, players, kind, deals, ok",
    [
        pytest.param("classica", 2, "smazzate", 4, False, id="even smazzate refused"),
        pytest.param("biscambiggia", 4, "smazzate", 4, True, id="even allowed for biscambiggia pairs"),
        pytest.param("classica", 2, "punti", 3, False, id="punti is one deal"),
        pytest.param("classica", 2, "chiamata", 5, False, id="chiamata format needs chiamata"),
        pytest.param("chiamata", 5, "punti", 1, False, id="chiamata needs its format"),
        pytest.param("classica", 2, "first_to", 0, False, id="zero deals"),
        pytest.param("classica", 2, "bogus", 1, False, id="unknown kind"),
    ],
)
def test_format_checks(variant, players, kind, deals, ok):
    rules = Rules.make(variant, players)
    if ok:
        Match.new(rules, MatchFormat(kind, deals), 1)
    else:
        with pytest.raises(RulesError):
            Match.new(rules, MatchFormat(kind, deals), 1)


def test_spareggi_need_two_sides():
    with pytest.raises(RulesError):
        Match.new(Rules.make("classica", 3), MatchFormat("punti", knockout=True), 1)


def test_first_to_two_ignores_annulled_deals():
    m = make("brisca", 2, kind="first_to", deals=2)
    plan = [0, "tie", 1, 0]
    for i, outcome in enumerate(plan):
        if i:
            m.next_deal()
        finish(m, tied if outcome == "tie" else side_wins(outcome), seed=i)
    assert m.over and m.result().deal_wins == (2, 1) and m.result().winner == 0


def test_dealer_rotates_counterclockwise():
    m = make("classica", 3, kind="smazzate", deals=3)
    dealers = [m.deal.dealer]
    for i in range(2):
        finish(m, lambda d: True, seed=i)
        if m.over:
            break
        m.next_deal()
        dealers.append(m.deal.dealer)
    assert dealers == [(dealers[0] + k) % 3 for k in range(len(dealers))]


def test_same_seed_same_deals():
    a, b = make(seed=42), make(seed=42)
    assert a.deal.deck == b.deal.deck and a.deal.dealer == b.deal.dealer
    assert make(seed=43).deal.deck != a.deal.deck


def test_vinco_subito_ends_the_deal_at_61():
    m = Match.new(Rules.make("classica", 2, {"vinco_subito": True}), MatchFormat("punti"), 5)
    finish(m, lambda d: d.ended_early)
    d = m.deal
    assert d.over and max(d.team_points()) >= 61 and any(d.hands)
    assert m.result().winner == d.tricks[-1].winner


# ------------------------------------------------------------------ spareggi


def test_spareggio_after_a_drawn_knockout_match():
    m = make(kind="punti", knockout=True)
    finish(m, tied)
    m.next_deal()
    assert m.kinds == ["deal", "spareggio"]
    finish(m, side_wins(1), seed=3)
    r = m.result()
    assert (m.over, r.winner, r.decided_by) == (True, 1, "spareggio")


@pytest.mark.parametrize("last_trick_side", [0, 1], ids=["side 0 took the last trick", "side 1 took it"])
def test_third_tied_spareggio_lost_by_the_last_trick(last_trick_side):
    m = make(kind="punti", knockout=True, seed=11)
    finish(m, tied)
    for k in range(3):
        m.next_deal()
        want = tied if k < 2 else (lambda d: tied(d) and d.tricks[-1].winner % 2 == last_trick_side)
        finish(m, want, seed=k)
    r = m.result()
    assert m.kinds.count("spareggio") == 3
    assert (m.over, r.winner, r.decided_by) == (True, 1 - last_trick_side, "last_trick")


# ------------------------------------------------------------------ abandon


def test_abandon_gives_at_most_20_uncaptured_points():
    m = make(kind="punti")
    m.abandon(0)
    r = m.result()
    assert (r.winner, r.decided_by, r.vp, r.point_difference) == (1, "abandon", (0, 20), (-2, 2))


def test_timeout_is_an_abandon():
    m = make(kind="punti")
    m.abandon(1, timeout=True)
    assert (m.result().winner, m.result().decided_by) == (0, "timeout")


def test_abandoning_side_still_ahead_makes_the_difference_zero():
    m = make(kind="smazzate", deals=3)
    finish(m, lambda d: d.team_points()[0] >= 100)
    m.next_deal()
    m.abandon(0)
    r = m.result()
    assert r.winner == 1 and r.point_difference == (0, 0) and r.vp == (0, 14)


def test_abandon_when_little_is_left_to_capture():
    m = make(kind="punti")
    d = m.deal
    # play until fewer than 20 points are uncaptured, side 1 ahead
    for action in plays_to(d, lambda x: True, seed=2)[:36]:
        m.apply(action)
    left = 120 - sum(m.deal.points)
    tp = m.deal.team_points()
    m.abandon(0)
    r = m.result()
    real = max(0, tp[1] + min(20, left) - tp[0])
    assert r.point_difference == (-point_difference(real), point_difference(real))
    assert r.vp == (0, 20 if real > 0 else 14)


def test_no_action_after_the_match():
    m = make(kind="punti")
    m.abandon(0)
    with pytest.raises(IllegalAction):
        m.apply(m.deal.legal_actions()[0])
    with pytest.raises(IllegalAction):
        m.next_deal()


def test_chiamata_cannot_be_abandoned():
    m = make("chiamata", 5)
    with pytest.raises(IllegalAction):
        m.abandon(0)


# ------------------------------------------------------------------ rounding


@pytest.mark.parametrize(
    "real, expected",
    [(66, 7), (65, 6), (64, 6), (60, 6), (0, 0), (5, 0), (6, 1), (15, 1), (16, 2), (120, 12), (-66, -7), (-65, -6)],
    ids=lambda v: str(v),
)
def test_point_difference_rounds_half_down(real, expected):
    assert point_difference(real) == expected


# ------------------------------------------------------------------ chiamata


def test_chiamata_running_scores_and_redeal_after_all_pass():
    m = make("chiamata", 5, kind="chiamata", deals=2, seed=4)
    from briscola.actions import Pass

    for _ in range(5):
        m.apply(Pass())
    assert m.deal.void and m.status == "deal-over"
    m.next_deal()
    assert m.kinds[-1] == "replay" and m.deal.dealer == (m.deals[0].dealer + 1) % 5
    finish(m, lambda d: not d.void, seed=1)
    first = m.deal.scores()
    m.next_deal()
    finish(m, lambda d: not d.void, seed=2)
    r = m.result()
    assert m.over and r.scores == tuple(a + b for a, b in zip(first, m.deal.scores(), strict=True))
    assert r.vp is None and r.point_difference is None


@pytest.mark.parametrize(("fmt", "scored"), [({"kind": "punti"}, False), ({"kind": "smazzate", "deals": 3}, True)])
def test_the_page_is_told_whether_the_match_scores_vp(fmt, scored):
    """The state's ``match.vp_scored``: the summary's VP and tens lines follow it (the page decides nothing)."""
    from web_support import call

    st = call("new", {"variant": "classica", "players": 2, "seed": 5, "level": "principiante", "format": fmt})["state"]
    assert st["match"]["vp_scored"] is False  # playing: nothing scored yet
    st = call("abandon")["state"]
    assert st["status"] == "match-over" and st["match"]["vp"] == [0, 20]  # the 20 uncaptured points: a win for seat 1
    assert st["match"]["vp_scored"] is scored
