"""Engine data behind the app's statistics, deal review and shared links."""

from __future__ import annotations

import json
import random

import pytest

from briscola.errors import RecordError
from briscola.match import Match, MatchFormat
from briscola.record import Record, from_link, replay, to_link
from briscola.review import frames
from briscola.stats import Stats, StatsError
from briscola.variants import Rules


def finished(variant: str, players: int, seed: int, fmt: MatchFormat | None = None) -> Match:
    m = Match.new(Rules.make(variant, players), fmt, seed)
    rng = random.Random(seed)
    while not m.over:
        if m.deal.over:
            m.next_deal()
        else:
            m.apply(rng.choice(m.deal.legal_actions()))
    return m


@pytest.mark.parametrize("variant, players", [("classica", 2), ("classica", 4), ("brisca", 2),
                                              ("biscambiggia", 3), ("chiamata", 5)])
def test_stats_count_matches_and_deals(variant, players):
    s = Stats()
    for seed in range(4):
        s.add_match(finished(variant, players, seed), seat=0, level="esperto")
    line = s.lines[(variant, "esperto")]
    assert line.matches == 4 == line.won + line.drawn + line.lost
    assert line.deals == line.deals_won + line.deals_drawn + line.deals_lost > 0
    assert line.best_streak >= line.streak
    assert len(s.recent) == 4
    assert Stats.from_json(json.loads(json.dumps(s.to_json()))) == s


def test_stats_streaks_and_vp():
    s = Stats()
    outcomes = []
    for seed in range(12):
        outcomes.append(s.add_match(finished("classica", 2, seed), 0, "principiante").result)
    best = run = 0
    for o in outcomes:
        run = run + 1 if o == "won" else 0
        best = max(best, run)
    line = s.lines[("classica", "principiante")]
    assert (line.streak, line.best_streak) == (run, best)
    assert line.vp == sum({"won": 20, "drawn": 10, "lost": 0}[o] for o in outcomes)


def test_stats_refuse_an_unfinished_match():
    with pytest.raises(StatsError):
        Stats().add_match(Match.new(Rules.make("classica", 2), seed=1), 0, "esperto")


@pytest.mark.parametrize("data", [None, {}, {"format": "briscola-stats/1", "lines": [{"variant": "x"}], "recent": []},
                                  {"format": "briscola-stats/1", "lines": "no", "recent": []}])
def test_damaged_stats_are_refused(data):
    with pytest.raises(StatsError):
        Stats.from_json(data)


@pytest.mark.parametrize("variant, players", [("classica", 2), ("brisca", 4), ("chiamata", 5)])
def test_review_frames_follow_the_deal(variant, players):
    m = finished(variant, players, 3, MatchFormat.default(variant, players))
    deal = next(d for d in m.deals if not d.void)
    rec = Record.of_deal(deal)
    fr = frames(rec)
    assert len(fr) == len(rec.actions) + 1
    assert fr[0]["action"] is None and fr[-1]["points"] == deal.points
    assert sum(len(h) for h in fr[0]["hands"]) == players * deal.rules.hand_size
    for before, after in zip(fr, fr[1:], strict=False):
        if "play" in after["action"]:
            assert after["action"]["play"] in before["hands"][after["action"]["seat"]]


def test_links_round_trip_and_refuse_garbage():
    rec = Record.of_deal(finished("brisca", 2, 8).deals[0])
    link = to_link(rec)
    assert all(ch.isalnum() or ch in "-_" for ch in link)
    assert replay(from_link(link)).tricks == replay(rec).tricks
    for bad in ["", "!!!", "eJwLAQAAAQ", to_link(rec)[:-5]]:
        with pytest.raises(RecordError):
            from_link(bad)
