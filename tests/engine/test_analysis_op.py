"""Op ``analysis`` (briscola/web_analysis.py): a finished deal analysed a slice at a time, its figures
kept in the match (saved once, checked on load) and counted by the statistics."""

from __future__ import annotations

import json
import random

import pytest
from web_support import act_for, call, current

from briscola import analysis
from briscola.accuracy import pooled
from briscola.ai import choose
from briscola.analysis import analyse
from briscola.record import Record
from briscola.save import save_match
from briscola.state import Deal, shuffled_deck
from briscola.stats import Stats
from briscola.variants import Rules
from briscola.view import view_of


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small node budget: these tests are about the op, not the search (tests/ai/test_analysis.py)."""
    monkeypatch.setattr(analysis, "NODES", 2_000)


def finish_deal() -> None:
    """Every seat plays esperto's card until the deal is over."""
    deal = current().match.deal
    while not deal.over:
        seat = deal.to_move
        action = choose(view_of(deal, seat), "esperto", random.Random(len(deal.history)))
        assert act_for(seat, action.to_json())["ok"]


def analysed(arg: dict) -> list[dict]:
    answers = []
    for _ in range(5000):
        answers.append(call("analysis", arg))
        assert answers[-1]["ok"], answers[-1]
        if answers[-1]["result"]["done"]:
            return answers
    raise AssertionError("the analysis never ended")


def test_slices_then_the_figures_saved_once_and_counted() -> None:
    assert call("new", {"variant": "classica", "players": 2, "seed": 3, "level": "esperto"})["ok"]
    finish_deal()
    answers = analysed({"budget_ms": 1})
    assert len(answers) > 1 and not answers[0]["result"]["done"]
    assert answers[0]["result"]["progress"]["total"] > 0
    done = answers[-1]
    assert "save" in done and all("save" not in a for a in answers[:-1])
    lost, stake, given = json.loads(done["save"])["meta"]["accuracy"]["0"]
    analysis = done["result"]["analysis"]
    assert analysis["moves"] and 0 <= analysis["accuracy"] <= 100 and analysis["given_away"] >= 0
    assert (lost, stake) == (round(analysis["lost"] * 10), round(analysis["stake"] * 10))
    assert pooled(lost, stake) == analysis["accuracy"]  # the deal's figure is the one saved
    assert given == analysis["given_away"] == done["state"]["accuracy"]["given"]["0"]
    again = call("analysis", {"budget_ms": 5, "deal": 0})
    assert again["result"]["analysis"] == analysis and "save" not in again  # kept: answered at once, saved once
    assert call("load", json.loads(json.dumps(done["save"])))["ok"]  # a save with the figures loads
    m = current().match
    if not m.over:
        m.abandon(0)
    stats = Stats()
    summary = stats.add_match(m, 0, "esperto")
    assert abs(summary.accuracy - analysis["accuracy"] * 10) <= 1
    line = stats.lines[("classica", "esperto")]
    assert line.analysed == 1 and line.accuracy == summary.accuracy
    assert Stats.from_json(json.loads(json.dumps(stats.to_json()))) == stats


def test_older_statistics_without_accuracy_still_read() -> None:
    old = {"format": "briscola-stats/1", "lines": [{"variant": "classica", "level": "esperto", **dict.fromkeys(
        ["matches", "won", "drawn", "lost", "deals", "deals_won", "deals_drawn", "deals_lost", "points", "vp",
         "point_difference", "streak", "best_streak"], 0)}],
           "recent": [{"variant": "classica", "level": "esperto", "result": "won", "points": 70, "opponents": 50,
                       "vp": None, "point_difference": None}]}
    stats = Stats.from_json(old)
    assert stats.lines[("classica", "esperto")].average_accuracy is None and stats.recent[0].accuracy is None


def test_a_save_with_damaged_figures_is_refused() -> None:
    assert call("new", {"variant": "classica", "players": 2, "seed": 4})["ok"]
    m = current().match
    for bad in ({"0": [5, 2]}, {"7": [1, 2]}, {"0": "x"}, ["0"], {"0": [1, 2, -3]}, {"0": [1, 2, 3, 4]}):
        m.meta["accuracy"] = bad
        out = call("load", save_match(m))
        assert not out["ok"] and out["error"]["reason"] == "bad_meta", bad


def test_the_op_refuses_what_it_cannot_analyse() -> None:
    assert call("new", {"variant": "classica", "players": 2, "seed": 3})["ok"]
    assert call("analysis", {"budget_ms": 5})["error"]["code"] == "analysis_playing"
    assert call("analysis", {"budget_ms": 0})["error"]["code"] == "malformed"
    assert call("analysis", {"deal": 4, "budget_ms": 5})["error"]["code"] == "malformed"
    assert call("analysis", {"record": {"format": "nope"}})["error"]["code"] == "bad_record"
    assert call("analysis", [1])["error"]["code"] == "malformed"
    finish_deal()
    assert call("analysis", {"budget_ms": 1, "seed": 4})["error"]["code"] == "analysis_gone"
    assert call("analysis", {"budget_ms": 1, "seed": 3, "points": [200, 0]})["error"]["code"] == "analysis_gone"
    assert call("analysis", {"budget_ms": 1, "seed": 3, "points": current().match.deal.team_points()})["ok"]


def test_a_record_is_analysed_for_the_seat_asked() -> None:
    rules = Rules.make("classica", 2)
    deal = Deal(rules, 0, shuffled_deck(rules, random.Random(9)))
    while not deal.over:
        deal.apply(choose(view_of(deal, deal.to_move), "esperto", random.Random(len(deal.history))))
    rec = Record.of_deal(deal)
    out = analysed({"budget_ms": 20, "record": rec.to_json(), "seat": 1})[-1]
    assert out["result"]["seat"] == 1 and out["result"]["deal"] is None and "save" not in out
    assert out["result"]["analysis"] == json.loads(json.dumps(analyse(rec, 1, 2_000).to_json()))
