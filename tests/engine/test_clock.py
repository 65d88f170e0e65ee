"""The move clock (RULES.md §3–4, source 000): time per move and per match, kept by the engine
from the times the page reports; running out is a timeout, decided by the engine."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola import web
from briscola.clock import ClockRunning, OutOfTime
from briscola.errors import IllegalAction, RulesError, SaveError
from briscola.match import Match, MatchFormat
from briscola.save import load_match, save_match
from briscola.session import current
from briscola.variants import Rules


def clocked(move_ms: int | None = None, match_ms: int | None = None, seed: int = 3, **more) -> Match:
    return Match.new(Rules.make("classica", 2), MatchFormat("punti", move_ms=move_ms, match_ms=match_ms, **more), seed)


def report(m: Match, step: tuple) -> str:
    """Apply one report for the seat to move: ("act", ms), ("spend", ms) or ("timeout", ms)."""
    kind, ms = step
    seat = m.deal.to_move
    try:
        if kind == "act":
            m.apply(m.deal.legal_actions()[0], seat, ms)
        elif kind == "spend":
            return "out" if m.spend(seat, ms) else "ok"
        else:
            m.timeout(seat, ms)
    except OutOfTime:
        return "late"
    except ClockRunning:
        return "running"
    return "out" if m.over else "ok"


@pytest.mark.parametrize(
    "move_ms, match_ms, steps, outcomes",
    [
        pytest.param(10_000, None, [("act", 9_000), ("act", 10_000), ("spend", 9_999), ("act", 2)],
                     ["ok", "ok", "ok", "late"], id="per move: the limit itself is in time, not a millisecond more"),
        pytest.param(None, 30_000, [("act", 20_000), ("act", 20_000), ("act", 10_001)], ["ok", "ok", "late"],
                     id="per match: each seat has its own time, 10 s left to each"),
        pytest.param(10_000, 5_000, [("act", 5_001)], ["late"], id="both: the match time is shorter than a move's"),
        pytest.param(10_000, 50_000, [("act", 10_001)], ["late"], id="both: the move's limit is shorter"),
        pytest.param(10_000, None, [("spend", 6_000), ("act", 4_000)], ["ok", "ok"],
                     id="a move reported in parts"),
        pytest.param(10_000, None, [("spend", 6_000), ("act", 4_001)], ["ok", "late"],
                     id="the parts add up"),
        pytest.param(10_000, None, [("spend", 6_000), ("spend", 5_000)], ["ok", "out"],
                     id="thinking past the limit is a timeout"),
        pytest.param(10_000, None, [("timeout", 9_999)], ["running"], id="an early timeout is refused"),
        pytest.param(10_000, None, [("spend", 4_000), ("timeout", 6_000)], ["ok", "out"],
                     id="the countdown reached zero"),
        pytest.param(None, 5_000, [("spend", 3_000), ("timeout", 1_999), ("timeout", 2_000)], ["ok", "running", "out"],
                     id="the match time left is what the countdown shows"),
    ],
)
def test_clock_rules(move_ms, match_ms, steps, outcomes):
    m = clocked(move_ms, match_ms)
    before = None
    for step, want in zip(steps, outcomes, strict=True):
        before = (len(m.deal.history), list(m.clock.spent), m.clock.turn)
        assert report(m, step) == want, step
        if want in ("late", "running"):  # refused: nothing changed
            assert (len(m.deal.history), list(m.clock.spent), m.clock.turn) == before
    if outcomes[-1] == "out":
        r = m.result()
        assert m.over and m.abandoned[1] and r.decided_by == "timeout" and r.vp[r.winner] >= 14


def test_a_late_move_is_a_timeout_on_the_page():
    web.call("new", json.dumps({"variant": "classica", "players": 2, "seed": 2,
                                "format": {"kind": "punti", "deals": 1, "move_ms": 20_000, "match_ms": 300_000}}))
    m = current().match
    while m.deal.to_move != 0:
        m.apply(m.deal.legal_actions()[0])
    st = json.loads(web.call("state"))["state"]
    assert st["clock"] == {"move_ms": 20_000, "match_ms": 300_000, "spent": [0, 0], "remaining": [300_000, 300_000],
                           "turn_ms": 0, "seat": 0, "left_ms": 20_000}
    card = st["view"]["hand"][0]
    res = json.loads(web.call("act", json.dumps({"play": card, "ms": 12_345})))
    assert res["ok"] and res["state"]["clock"]["spent"] == [12_345, 0]
    while m.deal.to_move != 0:
        m.apply(m.deal.legal_actions()[0])
    late = json.loads(web.call("act", json.dumps({"play": m.deal.hands[0][0].code, "ms": 20_001})))
    assert late["ok"] is False and late["error"]["code"] == "timed_out"
    assert late["state"]["status"] == "match-over" and late["state"]["match"]["decided_by"] == "timeout"
    assert late["state"]["match"]["winner"] == 1 and late["state"]["clock"]["seat"] is None
    assert load_match(late["save"]).abandoned == (0, True)  # saved over: a reload does not undo the timeout


def test_the_timeout_and_clock_ops():
    web.call("new", json.dumps({"variant": "classica", "players": 2, "seed": 5,
                                "format": {"kind": "punti", "deals": 1, "move_ms": 10_000}}))
    m = current().match
    while m.deal.to_move != 0:
        m.apply(m.deal.legal_actions()[0])
    paused = json.loads(web.call("clock", json.dumps({"ms": 4_000})))
    assert paused["ok"] and not paused["result"]["timed_out"] and paused["state"]["clock"]["left_ms"] == 6_000
    assert load_match(paused["save"]).clock.turn == 4_000  # the time charged is saved (a reload keeps it)
    early = json.loads(web.call("timeout", json.dumps({"ms": 5_000})))
    assert early["ok"] is False and early["error"]["code"] == "clock_running"
    assert early["state"]["status"] == "playing" and early["state"]["clock"]["turn_ms"] == 4_000
    bad = json.loads(web.call("timeout", json.dumps({"ms": -1})))
    assert bad["error"]["code"] == "bad_input"
    done = json.loads(web.call("timeout", json.dumps({"ms": 6_000})))
    assert done["ok"] and done["state"]["match"]["decided_by"] == "timeout"
    assert load_match(done["save"]).over
    assert json.loads(web.call("clock", json.dumps({"ms": 1})))["error"]["code"] == "bad_input"


def test_no_clock_no_timeout():
    web.call("new", json.dumps({"variant": "classica", "players": 2, "seed": 5}))
    assert json.loads(web.call("state"))["state"]["clock"] is None
    res = json.loads(web.call("timeout", json.dumps({"ms": 99_999})))
    assert res["error"]["code"] == "bad_input" and "no clock" in res["error"]["detail"]
    m = current().match
    while m.deal.to_move != 0:
        m.apply(m.deal.legal_actions()[0])
    ok = json.loads(web.call("act", json.dumps({"play": m.deal.hands[0][0].code, "ms": 10**6})))
    assert ok["ok"]  # without a clock a reported time changes nothing


@pytest.mark.parametrize(
    "fmt, message",
    [({"kind": "chiamata", "deals": 5, "move_ms": 30_000}, "chiamata has no clock"),
     ({"kind": "punti", "deals": 1, "move_ms": 0}, "move_ms"),
     ({"kind": "punti", "deals": 1, "match_ms": True}, "match_ms"),
     ({"kind": "punti", "deals": 1, "move_ms": "30"}, "move_ms"),
     ({"kind": "punti", "deals": 1, "match_ms": 10**12}, "match_ms")],
)
def test_bad_clock_settings(fmt, message):
    variant, players = ("chiamata", 5) if fmt["kind"] == "chiamata" else ("classica", 2)
    with pytest.raises(RulesError, match=message):
        Match.new(Rules.make(variant, players), MatchFormat.from_dict(fmt), 1)


@pytest.mark.parametrize("ms", [-1, 1.5, True, "100", None, 10**12])
def test_bad_reported_times(ms):
    m = clocked(10_000)
    with pytest.raises(IllegalAction, match="milliseconds"):
        m.apply(m.deal.legal_actions()[0], m.deal.to_move, ms) if ms is not None else m.spend(m.deal.to_move, ms)


def test_the_computer_spends_nothing():
    web.call("new", json.dumps({"variant": "classica", "players": 4, "seed": 1,
                                "format": {"kind": "punti", "deals": 1, "match_ms": 60_000}}))
    mine = 0
    while mine < 2:
        if not json.loads(web.call("state"))["state"]["ai_to_move"]:
            card = current().match.deal.hands[0][0].code
            assert json.loads(web.call("act", json.dumps({"play": card, "ms": 1_000})))["ok"]
            mine += 1
        else:
            assert json.loads(web.call("ai_move"))["ok"]
    spent = json.loads(web.call("state"))["state"]["clock"]["spent"]
    assert spent == [2_000, 0, 0, 0]


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), reports=st.lists(st.tuples(st.sampled_from(["act", "spend"]),
                                                                 st.integers(0, 4_000)), max_size=60))
def test_the_time_spent_is_the_time_reported_and_survives_a_save(seed, reports):
    m = clocked(6_000, 40_000, seed=seed)
    total = [0, 0]
    for kind, ms in reports:
        if m.over:
            break
        if m.deal.over:
            m.next_deal()
        seat = m.deal.to_move
        before = m.clock.left(seat)
        outcome = report(m, (kind, ms))
        if outcome in ("ok", "out"):
            total[seat] += ms
        assert (outcome == "late") == (kind == "act" and ms > before)
        assert (outcome == "out") == (kind == "spend" and ms > before)
        assert m.clock.spent == total and m.clock.remaining() == [max(0, 40_000 - t) for t in total]
        loaded = load_match(save_match(m))
        assert loaded.clock.to_json() == m.clock.to_json() and loaded.result() == m.result()
        assert loaded.clock.left(m.deal.to_move) == m.clock.left(m.deal.to_move)


def test_a_save_without_its_clock_or_with_a_bad_one_is_refused():
    from briscola.save import _digest

    m = clocked(10_000, 60_000)
    m.spend(m.deal.to_move, 2_500)
    data = json.loads(save_match(m))
    assert data["clock"] == {"spent": [2_500 if s == m.deal.to_move else 0 for s in range(2)], "turn": 2_500}
    for bad in ({"spent": [1], "turn": 0}, {"spent": [0, -5], "turn": 0}, {"spent": [0, 0]}, None):
        broken = dict(data, clock=bad)
        broken["digest"] = _digest(broken)
        with pytest.raises(SaveError, match="clock"):
            load_match(json.dumps(broken))
    missing = {k: v for k, v in data.items() if k != "clock"}
    missing["digest"] = _digest(missing)
    with pytest.raises(SaveError, match="clock"):
        load_match(json.dumps(missing))
    plain = json.loads(save_match(Match.new(Rules.make("classica", 2), seed=1)))
    assert "clock" not in plain and "move_ms" not in plain["match"]


def test_random_play_with_a_clock_never_loses_a_seat_that_reports_nothing():
    m = clocked(1, 1, seed=9)  # a millisecond each: only reported time counts
    rng = random.Random(9)
    while not m.over:
        m.apply(rng.choice(m.deal.legal_actions()))
    assert m.abandoned is None and m.clock.spent == [0, 0]


def test_the_clock_words_exist_in_every_language():
    """The page words the clock's refusal codes and its summary line (static/strings/clock.js),
    the same keys in Italian, English and Spanish."""
    from string_tables import read

    keys = {lang: list(texts) for lang, texts in read("clock.js").items()}
    assert sorted(keys) == ["en", "es", "it"] and keys["it"] == keys["en"] == keys["es"]
    for key in ("err_timed_out", "err_clock_running", "time_out_you", "time_out", "clock_move", "clock_match"):
        assert key in keys["it"], key
