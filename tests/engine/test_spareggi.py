"""Spareggi and replayed deals as the page's summaries tell them (RULES.md §3, source 000):
which deal was a spareggio, which were replayed, the deals each side won, and a match decided by
the last trick of the third spareggio."""

from __future__ import annotations

import json
import random

import pytest
from engine_support import ends, plays_to
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola import session, web
from briscola.match import Match, MatchFormat
from briscola.variants import Rules


def played(fmt: MatchFormat, plan: list, seed: int = 11) -> Match:
    """A 2-player classica match whose deals end as ``plan`` says (see ``ends``)."""
    m = Match.new(Rules.make("classica", 2), fmt, seed)
    for i, outcome in enumerate(plan):
        if i:
            m.next_deal()
        for action in plays_to(m.deal, ends(outcome), seed=i):
            m.apply(action)
    return m


PUNTI_KO = MatchFormat("punti", knockout=True)
TRE_KO = MatchFormat("smazzate", 3, knockout=True)
TRE_KO_RIPETI = MatchFormat("smazzate", 3, replay_ties=True, knockout=True)


@pytest.mark.parametrize(
    "fmt, plan, kinds, spareggi, counted, replayed, deal_wins, winner, decided_by",
    [
        pytest.param(PUNTI_KO, [1], ["deal"], [None], [True], [False], (0, 1), 1, "deals", id="no spareggio"),
        pytest.param(PUNTI_KO, ["tie", 1], ["deal", "spareggio"], [None, 1], [True, False], [False, False],
                     (0, 1), 1, "spareggio", id="first spareggio won: it counts as a deal won"),
        pytest.param(PUNTI_KO, ["tie", "tie", 0], ["deal", "spareggio", "spareggio"], [None, 1, 2],
                     [True, False, False], [False] * 3, (1, 0), 0, "spareggio", id="second spareggio won"),
        pytest.param(PUNTI_KO, ["tie", "tie", "tie", ("tie", 0)], ["deal"] + ["spareggio"] * 3, [None, 1, 2, 3],
                     [True, False, False, False], [False] * 4, (0, 0), 1, "last_trick",
                     id="third spareggio tied: side 0 took the last trick and loses"),
        pytest.param(PUNTI_KO, ["tie", "tie", "tie", ("tie", 1)], ["deal"] + ["spareggio"] * 3, [None, 1, 2, 3],
                     [True, False, False, False], [False] * 4, (0, 0), 0, "last_trick",
                     id="third spareggio tied: side 1 took the last trick and loses"),
        pytest.param(TRE_KO, [0, 1, "tie", 0], ["deal", "deal", "deal", "spareggio"], [None, None, None, 1],
                     [True, True, True, False], [False] * 4, (2, 1), 0, "spareggio",
                     id="1-1 and a tie in three deals, then a spareggio: 2-1"),
        pytest.param(TRE_KO_RIPETI, [0, "tie", 1, 1], ["deal", "deal", "replay", "deal"], [None] * 4,
                     [True, False, True, True], [False, True, False, False], (1, 2), 1, "deals",
                     id="a replayed tie is no deal and no spareggio"),
    ],
)
def test_deal_kinds_counts_and_who_decided(fmt, plan, kinds, spareggi, counted, replayed, deal_wins, winner,
                                           decided_by):
    m = played(fmt, plan)
    r = m.result()
    assert m.over and [d.kind for d in r.deals] == kinds == m.kinds
    assert [d.spareggio for d in r.deals] == spareggi
    assert [d.counted for d in r.deals] == counted and [d.replayed for d in r.deals] == replayed
    assert (r.deal_wins, r.winner, r.decided_by) == (deal_wins, winner, decided_by)
    assert [d.last_trick for d in r.deals] == [d.tricks[-1].winner for d in m.deals]
    # the page gets the same through the session's JSON
    session.begin(m)
    page = json.loads(web.call("state"))["state"]["match"]
    assert [d["kind"] for d in page["deals"]] == kinds and page["deal_wins"] == list(deal_wins)
    assert [d["spareggio"] for d in page["deals"]] == spareggi and page["decided_by"] == decided_by
    assert page["deals"][-1]["last_trick"] == m.deal.tricks[-1].winner
    assert page["deals"][-1]["team_points"] == m.deal.team_points()


def test_a_deal_being_played_is_summarised_as_not_over():
    m = played(PUNTI_KO, ["tie"])
    m.next_deal()
    last = m.result().deals[-1]
    assert (last.kind, last.spareggio, last.over, last.winner, last.counted, last.last_trick) == (
        "spareggio", 1, False, None, False, None)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**6), fmt=st.sampled_from([PUNTI_KO, TRE_KO, TRE_KO_RIPETI, MatchFormat("smazzate", 5),
                                                         MatchFormat("first_to", 2, replay_ties=True)]))
def test_deals_won_are_the_won_deals_that_count_and_the_won_spareggi(seed, fmt):
    m = Match.new(Rules.make("classica", 2), fmt, seed)
    rng = random.Random(seed)
    while not m.over:
        if m.deal.over:
            m.next_deal()
        else:
            m.apply(rng.choice(m.deal.legal_actions()))
    r = m.result()
    scoring = [d for d in r.deals if d.counted or d.kind == "spareggio"]
    assert list(r.deal_wins) == [sum(d.winner == side for d in scoring) for side in (0, 1)]
    assert all(not d.counted for d in r.deals if d.replayed or d.kind == "spareggio")
    assert [d.spareggio for d in r.deals if d.kind == "spareggio"] == list(range(1, m.kinds.count("spareggio") + 1))
    if r.decided_by == "last_trick":
        assert [d.winner for d in r.deals[-3:]] == [None] * 3 and r.winner != m.rules.team_of(r.deals[-1].last_trick)
