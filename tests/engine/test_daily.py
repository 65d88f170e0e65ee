"""The daily deal (issue 39, briscola/daily.py, briscola/web_daily.py): the same cards for everyone on
the same day, scored as duplicate against the campione, played once, the match in progress kept."""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

import pytest

from briscola import daily
from briscola.daily import FIRST_DAY, Calendar, DailyError, Duplicate, Entry, pack, parse_day, unpack
from briscola.match import Match
from briscola.record import Record
from briscola.save import load_match
from briscola.variants import Rules
from tests.engine.web_support import act_for, call, current, state_of

TODAY = "2026-11-27"


def day_arg(variant: str = "classica", when: str = TODAY, calendar: Any = None, **more: Any) -> dict[str, Any]:
    return {"variant": variant, "date": when, "today": TODAY, "calendar": calendar, **more}


def play_quickly(pick: int = 0) -> dict[str, Any]:
    """Play the match in progress to its end: every seat's ``pick``-th legal move, the person's through
    op ``act``, the computer's made for it (a test drives every seat; the campione would think)."""
    out = call("state")
    while out["state"]["status"] == "playing":
        m = current().match
        seat = m.deal.to_move
        legal = m.deal.legal_actions()
        choice = legal[min(pick, len(legal) - 1)].to_json()
        out = call("act", choice) if seat == 0 and not out["state"]["ai_to_move"] else act_for(seat, choice)
        assert out["ok"], out
    return out


def finish(calendar: Any = None) -> dict[str, Any]:
    out = call("daily_done", {"calendar": calendar, "today": TODAY})
    assert out["ok"], out
    return out


# --------------------------------------------------------------------- the day's deal


@pytest.mark.parametrize("variant", daily.VARIANTS)
def test_the_same_date_gives_the_same_deal_and_other_dates_other_deals(variant):
    day = parse_day(TODAY)
    a, b = daily.new_match(variant, day, late=False), daily.new_match(variant, day, late=True, aside="x")
    assert (a.deal.deck, a.deal.dealer, a.seed) == (b.deal.deck, b.deal.dealer, b.seed)
    decks = {tuple(daily.new_match(variant, day + timedelta(days=i), False).deal.deck) for i in range(-20, 40)}
    assert len(decks) == 60  # sixty days, sixty deals
    others = {tuple(daily.new_match(v, day, False).deal.deck) for v in daily.VARIANTS}
    assert len(others) == len(daily.VARIANTS)  # the games' deals of one day differ too


def test_the_seed_is_the_documented_derivation():
    """docs/engine.md: the match seed is random.Random("briscola-daily:<variant>:<date>").randrange(2**48),
    and the deal is that match's first (deck briscola:<seed>:0): an ordinary match with that seed."""
    seed = random.Random("briscola-daily:brisca:2026-11-03").randrange(2**48)
    assert daily.seed_of("brisca", date(2026, 11, 3)) == seed < 2**53
    same = Match.new(Rules.make("brisca", 2), seed=seed)
    assert same.deal.deck == daily.new_match("brisca", date(2026, 11, 3), False).deal.deck


@pytest.mark.parametrize(("text", "ok"), [
    ("2026-11-27", True), ("2028-02-29", True), ("2026-02-29", False), ("2026-13-01", False), ("26-11-27", False),
    ("2026-11-27T00:00", False), ("2026-1-27", False), (" 2026-11-27", False), ("2026-11-27\n", False),
    (20261127, False), (None, False), ("２０２６-11-27", False),
])
def test_a_date_is_a_day_of_the_calendar_written_year_month_day(text, ok):
    if ok:
        assert parse_day(text).isoformat() == text
    else:
        with pytest.raises(DailyError) as exc:
            parse_day(text)
        assert exc.value.code == "bad_date"


def test_chiamata_has_no_daily_deal_and_every_daily_game_is_for_two():
    assert "chiamata" not in daily.VARIANTS
    for variant in daily.VARIANTS:
        assert daily.PLAYERS in Rules.make(variant, daily.PLAYERS).variant.players


# --------------------------------------------------------------------- moves as text


@pytest.mark.parametrize("variant", daily.VARIANTS)
@pytest.mark.parametrize("seed", range(8))
def test_a_deals_moves_pack_and_unpack_to_the_same_record(variant, seed):
    day = FIRST_DAY + timedelta(days=seed)
    m = daily.new_match(variant, day, False)
    rng = random.Random(seed)
    while not m.deal.over:
        m.apply(rng.choice(m.deal.legal_actions()))
    actions = Record.of_deal(m.deal).actions
    text = pack(actions)
    assert unpack(text) == actions and len(text) <= 100
    assert daily.record_of(variant, day, unpack(text)) == Record.of_deal(m.deal)


@pytest.mark.parametrize("text", ["AD3", "ZZ", "x9", "ad", "AD,3C", "x1ADx", "A" * 201, "AD" * 101])
def test_moves_that_are_not_a_deals_are_refused(text):
    with pytest.raises(DailyError):
        unpack(text)


# --------------------------------------------------------------------- the calendar


def cal_of(*days: tuple[str, bool]) -> Calendar:
    cal = Calendar()
    for when, late in days:
        cal.add("classica", parse_day(when), Entry("", late))
    return cal


@pytest.mark.parametrize(("days", "today", "streak"), [
    ([], "2026-11-27", (0, 0)),
    ([("2026-11-27", False)], "2026-11-27", (1, 1)),
    ([("2026-11-26", False)], "2026-11-27", (1, 1)),  # today still to play: the run goes on
    ([("2026-11-25", False)], "2026-11-27", (0, 1)),  # yesterday missed: broken
    ([("2026-11-25", False), ("2026-11-26", False), ("2026-11-27", False)], "2026-11-27", (3, 3)),
    ([("2026-11-25", False), ("2026-11-26", True), ("2026-11-27", False)], "2026-11-27", (1, 1)),  # late: no day
    ([("2026-11-01", False), ("2026-11-02", False), ("2026-11-03", False), ("2026-11-27", False)], "2026-11-27",
     (1, 3)),
    ([("2026-11-30", False), ("2026-12-01", False)], "2026-12-01", (2, 2)),  # across a month
    ([("2026-12-31", False), ("2027-01-01", False)], "2027-01-02", (2, 2)),  # and a year
    ([("2026-11-28", False)], "2026-11-27", (0, 1)),  # a day after today (a clock moved back) is no run yet
])
def test_the_streak_counts_days_in_a_row_played_on_their_day(days, today, streak):
    assert cal_of(*days).streak(parse_day(today)) == streak


def test_a_day_keeps_its_first_play_and_its_games_apart():
    cal = cal_of(("2026-11-27", False))
    assert not cal.add("classica", parse_day("2026-11-27"), Entry("AD", True))
    assert cal.entry("classica", parse_day("2026-11-27")).moves == ""
    assert cal.entry("brisca", parse_day("2026-11-27")) is None  # "was this day played": per game
    assert cal.add("brisca", parse_day("2026-11-27"), Entry("", True))
    assert cal.marks() == {"2026-11-27": {"classica": "on_time", "brisca": "late"}}
    again = Calendar.from_json(cal.to_json())
    assert again.to_json() == cal.to_json() and again.marks() == cal.marks()


GOOD = {"moves": "", "late": False}


@pytest.mark.parametrize("data", [
    [], {}, {"format": daily.FORMAT}, {"format": "briscola-daily/9", "days": {}},
    {"format": daily.FORMAT, "days": [], "x": 1}, {"format": daily.FORMAT, "days": []},
    {"format": daily.FORMAT, "days": {"2026-11-31": {"classica": GOOD}}},
    {"format": daily.FORMAT, "days": {"2020-01-01": {"classica": GOOD}}},  # before the first daily deal
    {"format": daily.FORMAT, "days": {"2026-11-27": {}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"chiamata": GOOD}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"__proto__": GOOD}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"classica": {**GOOD, "late": 0}}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"classica": {**GOOD, "campione": 121}}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"classica": {**GOOD, "campione": True}}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"classica": {**GOOD, "campione": None}}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"classica": {**GOOD, "gave_up": False}}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"classica": {**GOOD, "points": 64}}}},
    {"format": daily.FORMAT, "days": {"2026-11-27": {"classica": {**GOOD, "moves": "A"}}}},
    {"format": daily.FORMAT, "days": {(FIRST_DAY + timedelta(days=i)).isoformat(): {"classica": GOOD}
                                      for i in range(daily.MAX_DAYS + 1)}},
])
def test_a_damaged_calendar_is_refused_with_a_reason(data):
    with pytest.raises(DailyError) as exc:
        Calendar.from_json(data)
    assert exc.value.code in ("bad_shape", "bad_version", "bad_date")


# --------------------------------------------------------------------- through the page's operations


def test_a_day_is_played_once_and_opened_again_shows_its_result():
    assert call("daily_day", day_arg())["result"] == {"status": "new"}
    st = state_of("daily_start", day_arg())
    assert st["daily"] == {"variant": "classica", "date": TODAY, "late": False, "aside": False}
    assert st["level"] == "campione" and st["format"]["kind"] == "punti"
    saved = call("save")["result"]["text"]
    assert call("daily_day", day_arg(saved=saved))["result"]["status"] == "resume"  # a reload mid-deal: resumed
    assert call("daily_start", day_arg(saved=saved))["error"]["code"] == "daily_resume"
    last = play_quickly()
    assert last["state"]["status"] == "match-over"
    out = finish()
    cal, shown = out["result"]["calendar"], out["result"]["day"]
    assert "state" not in out  # nothing set aside: the finished daily stays the match
    assert shown["points"] == last["state"]["deal_result"]["team_points"][0]
    assert shown["points"] + shown["opponent"] == 120 and len(shown["tricks"]) == 20
    assert shown["tricks"] == [t["winner"] == 0 for t in last["state"]["view"]["tricks"]]
    assert out["result"]["summary"] == {"as_of": TODAY, "streak": 1, "best": 1, "days": 1,
                                        "today": {"classica": shown["points"]}}
    again = call("daily_day", day_arg(calendar=cal))["result"]
    assert again["status"] == "played" and again["day"] == shown  # its result and its record, never a fresh hand
    assert call("daily_start", day_arg(calendar=cal))["error"]["code"] == "daily_played"
    assert finish(cal)["result"]["calendar"] == cal  # told twice (a reload at the end): kept once
    assert call("daily_day", day_arg("brisca", calendar=cal))["result"]["status"] == "new"  # another game's day


def test_a_match_in_progress_is_set_aside_and_given_back_as_it_was():
    state_of("new", {"variant": "brisca", "players": 2, "seed": 5, "level": "esperto"})
    m = current().match
    m.apply(m.deal.legal_actions()[0])
    saved = call("save")["result"]["text"]
    st = state_of("daily_start", day_arg(saved=saved))
    assert st["daily"]["aside"] is True and st["view"]["variant"] == "classica"
    reloaded = call("load", call("save")["result"]["text"])  # a reload mid-daily keeps both
    assert reloaded["ok"] and reloaded["state"]["daily"]["aside"] is True
    play_quickly(pick=1)
    out = finish()
    assert out["state"]["view"]["variant"] == "brisca" and "daily" not in out["state"]
    assert out["save"] == saved  # the very save it had
    assert out["result"]["day"]["variant"] == "classica"


def test_a_finished_match_is_not_carried_and_a_damaged_save_is_let_go():
    state_of("new", {"variant": "classica", "players": 2, "seed": 5, "level": "esperto"})
    current().match.abandon(0)
    over = call("save")["result"]["text"]
    assert state_of("daily_start", day_arg("brisca", saved=over))["daily"]["aside"] is False
    assert state_of("daily_start", day_arg("biscambiggia", saved=over[:-9]))["daily"]["aside"] is False


def test_a_saved_daily_is_resumed_before_another_starts():
    state_of("daily_start", day_arg("classica", "2026-11-20"))
    saved = call("save")["result"]["text"]
    out = call("daily_day", day_arg("brisca", saved=saved))["result"]
    assert out == {"status": "resume", "daily": {"variant": "classica", "date": "2026-11-20"}}
    play_quickly()
    ended = call("save")["result"]["text"]  # over, but not yet in the calendar (the page closed at the end)
    assert call("daily_day", day_arg("brisca", saved=ended))["result"]["status"] == "resume"
    cal = finish()["result"]["calendar"]
    assert call("daily_day", day_arg("brisca", saved=ended, calendar=cal))["result"]["status"] == "new"
    assert cal["days"]["2026-11-20"]["classica"]["late"] is True  # a past day, played later


def test_giving_up_the_daily_deal_counts_it_played_with_the_points_taken():
    state_of("daily_start", day_arg())
    m = current().match
    for _ in range(6):
        seat = m.deal.to_move
        assert (call("act", m.deal.legal_actions()[0].to_json()) if seat == 0
                else act_for(seat, m.deal.legal_actions()[0].to_json()))["ok"]
    assert call("abandon")["ok"]
    shown = finish()["result"]["day"]
    assert shown["gave_up"] is True and shown["outcome"] == "lost" and len(shown["tricks"]) == 3


@pytest.mark.parametrize(("arg", "code"), [
    (day_arg(when="2026-11-28"), "daily_future"),
    (day_arg(when="2026-10-31"), "daily_early"),
    (day_arg(when="2026-11-31"), "daily_date"),
    (day_arg(today="27/11/2026"), "daily_date"),
    (day_arg(variant="chiamata"), "bad_setting"),
    (day_arg(variant="constructor"), "bad_setting"),
    (day_arg(calendar={"format": "x"}), "daily_damaged"),
    ([1], "malformed"),
])
def test_what_the_page_sends_is_checked(arg, code):
    for op in ("daily_day", "daily_start"):
        assert call(op, arg)["error"]["code"] == code, op


def test_a_day_whose_moves_do_not_replay_its_deal_is_damaged():
    bad = {"format": daily.FORMAT, "days": {TODAY: {"classica": {"moves": "ADAD", "late": False}}}}
    err = call("daily_day", day_arg(calendar=bad))["error"]
    assert (err["code"], err["reason"]) == ("daily_damaged", "illegal_action")
    assert call("daily_start", day_arg(calendar=bad))["error"]["code"] == "daily_played"  # played, if damaged


def test_a_damaged_daily_save_is_refused():
    import json

    from briscola.save import _digest

    state_of("daily_start", day_arg())
    for change in ({"date": "2026-11-26"}, {"variant": "brisca"}, {"late": "no"}, {"aside": 3}, {"extra": 1}):
        payload = json.loads(call("save")["result"]["text"])
        payload["meta"]["daily"].update(change)
        payload["digest"] = _digest(payload)
        err = call("load", json.dumps(payload))["error"]
        assert err["reason"] == "bad_meta" and err["params"] == {"field": "daily"}, change


def test_the_days_not_played_are_neither_done_nor_duplicated_out_of_turn():
    state_of("new", {"variant": "classica", "players": 2, "seed": 5})
    assert call("daily_done", {"calendar": None, "today": TODAY})["error"]["code"] == "no_daily"
    state_of("daily_start", day_arg())
    assert call("daily_done", {"calendar": None, "today": TODAY})["error"]["code"] == "daily_playing"
    slice_of_nothing = {"variant": "classica", "date": TODAY, "budget_ms": 0}
    assert call("daily_duplicate", slice_of_nothing)["error"]["code"] == "malformed"


def test_the_calendar_op_gives_the_summary_and_the_marks():
    cal = cal_of(("2026-11-25", False), ("2026-11-26", True)).to_json()
    out = call("daily_calendar", {"calendar": cal, "today": TODAY})["result"]
    assert out["summary"]["streak"] == 0 and out["summary"]["best"] == 1 and out["summary"]["days"] == 2
    assert out["marks"] == {"2026-11-25": {"classica": "on_time"}, "2026-11-26": {"classica": "late"}}
    assert out["first_day"] == FIRST_DAY.isoformat()


# --------------------------------------------------------------------- the duplicate


def test_the_campione_plays_the_players_seat_as_the_hint_does_and_the_same_every_time():
    """The duplicate is the campione at the player's seat against the same opponent, its choices keyed
    as in the player's deal: a player who follows every hint (campione's move, keyed by the same
    seed and moves) plays exactly the duplicate. Sliced finely or at once, it gives the same points."""
    variant, when = "biscambiggia", "2026-11-05"  # biscambiggia: the campione thinks the least there
    state_of("daily_start", day_arg(variant, when))
    out = call("state")
    while out["state"]["status"] == "playing":
        out = call("ai_move") if out["state"]["ai_to_move"] else call("act", call("hint")["result"]["action"])
        assert out["ok"], out
    played = finish()["result"]
    cal = played["calendar"]
    assert played["day"]["campione"] is None  # not played yet
    while not (dup := call("daily_duplicate", {"variant": variant, "date": when, "budget_ms": 1000,
                                               "calendar": cal})["result"])["done"]:
        assert 0 <= dup["progress"]["played"] < dup["progress"]["total"] == 40
    assert dup["campione"] == played["day"]["points"]
    assert dup["calendar"]["days"][when][variant]["campione"] == dup["campione"]
    sliced = Duplicate(variant, parse_day(when))
    while not sliced.run(0):
        pass
    assert sliced.points == dup["campione"]
    assert Record.of_deal(sliced.deal).actions == tuple(unpack(cal["days"][when][variant]["moves"]))


def test_the_daily_never_counts_in_the_statistics_and_has_no_rematch_or_replay():
    state_of("daily_start", day_arg())
    play_quickly()
    assert call("stats_add", {"stats": None})["result"]["counted"] is False
    assert call("rematch")["ok"] is False
    assert call("replay_deal")["error"]["code"] == "replay_not_here"
    assert load_match(call("save")["result"]["text"]).meta["stats_counted"] is True


def test_the_campione_plays_the_day_the_same_on_a_slow_phone(monkeypatch):
    """The day's opponent and the duplicate are the same on every device: campione's wall-clock guard
    (which a slow phone reaches) does not end their searches, the node budget alone does. With the
    guard at zero (every other search cut at its first world), they play the cards they play without it."""
    from briscola.ai import campione

    def moves(cap: float) -> tuple[list[Any], Any]:
        monkeypatch.setattr(campione, "TIME_CAP", cap)
        dup = Duplicate("brisca", parse_day("2026-11-12"))
        for _ in range(3):
            dup.step()
        state_of("daily_start", day_arg("brisca", "2026-11-12"))
        out = call("state")
        while not out["state"]["ai_to_move"]:  # the player's first legal cards until the campione moves
            out = call("act", out["state"]["view"]["legal"][0])
        call("ai_move")
        return [a.to_json() for _, a in dup.deal.history], current().match.deal.history[-1]

    assert moves(0.0) == moves(float("inf"))
