"""People's seats on the page (issue 14): pass-and-play hands the device on, an online host referees
its guests. The engine decides whose move it takes; the page only says who is looking."""

from __future__ import annotations

from typing import Any

import pytest
from web_support import call, state_of

from briscola.seats import NAME_CHARS


def new(**settings: Any) -> dict[str, Any]:
    return call("new", {"variant": "classica", "players": 2, "seed": 11, "level": "principiante", **settings})


def play_first(st: dict[str, Any]) -> dict[str, Any]:
    return st["view"]["legal"][0]


@pytest.mark.parametrize(("settings", "setting"), [
    ({"people": [1]}, "people"),
    ({"people": [0, 0]}, "people"),
    ({"people": [0, 2]}, "people"),
    ({"people": "0"}, "people"),
    ({"people": [0, True]}, "people"),
    ({"names": ["Anna"]}, "names"),
    ({"names": ["", None]}, "names"),
    ({"names": ["x" * (NAME_CHARS + 1), None]}, "names"),
    ({"names": ["a\nb", None]}, "names"),
    ({"levels": [None, "maestro"]}, "levels"),
    ({"online": "yes"}, "online"),
    ({"room": "a b"}, "room"),
])
def test_a_bad_seating_is_refused_with_the_setting_named(settings: dict[str, Any], setting: str) -> None:
    out = new(**settings)
    assert out["error"]["code"] == "bad_setting"
    assert out["error"]["params"]["field"] == setting


def test_a_whole_long_name_is_kept() -> None:
    """Issue 24: a first and last name up to NAME_CHARS (40) characters, counted as characters
    (an accented letter or an emoji is one), comes back whole in the state and the save."""
    long = "Maria Concetta Esposito di Castellammare"  # 40
    emoji = "🂡" * NAME_CHARS
    assert NAME_CHARS == 40 and len(long) == NAME_CHARS
    out = new(people=[0, 1], names=[long, emoji])
    assert out["state"]["names"] == [long, emoji]
    assert state_of("load", out["save"])["names"] == [long, emoji]


def test_the_seating_is_in_every_state_and_in_the_save() -> None:
    out = new(people=[0, 1], names=[" Anna ", "Marco"], levels=[None, "campione"])
    st = out["state"]
    assert st["people"] == [0, 1] and st["names"] == ["Anna", "Marco"] and st["viewer"] == 0
    assert st["levels"] == ["principiante", "campione"] and st["online"] is False and st["away"] == []
    loaded = state_of("load", out["save"])
    assert loaded["people"] == [0, 1] and loaded["names"] == ["Anna", "Marco"]


def test_pass_and_play_a_whole_deal_between_two_people() -> None:
    st = new(people=[0, 1])["state"]
    moves = 0
    while st["status"] == "playing":
        assert st["ai_to_move"] is False  # nobody here is the computer
        to_move = st["to_move"]
        if st["viewer"] != to_move:
            for code in st["view"]["hand"][:1]:  # the page's viewer may not move for the other person
                assert call("act", {"play": code})["error"]["code"] == "not_your_turn"
            handed = call("view", {"seat": to_move})
            st = handed["state"]
            assert st["viewer"] == to_move and st["view"]["seat"] == to_move and "save" in handed
            assert state_of("load", handed["save"])["viewer"] == to_move  # a reload shows the same person
        res = call("act", play_first(st))
        assert res["ok"], res
        st = res["state"]
        moves += 1
    assert moves == 40 and st["status"] in ("deal-over", "match-over")


def test_the_view_goes_only_to_a_persons_seat() -> None:
    new(people=[0])
    assert call("view", {"seat": 1})["error"]["code"] == "not_a_person"
    assert call("view", {"seat": "1"})["error"]["code"] == "not_a_person"


def test_the_computer_plays_the_other_seats_at_their_own_level() -> None:
    st = new(players=4, people=[0, 2], levels=[None, "campione", None, None])["state"]
    while st["status"] == "playing" and st["to_move"] in (1, 3):
        assert st["ai_to_move"] is True
        st = call("ai_move")["state"]
    if st["to_move"] == 2:
        assert st["ai_to_move"] is False
        assert call("ai_move")["error"]["code"] == "not_ai_turn"


def guest_state(seat: int) -> dict:
    """The state the host sends the guest at ``seat`` now (op guest_updates)."""
    return call("guest_updates", {"seats": [seat]})["result"]["messages"][str(seat)]["state"]


def test_a_guest_moves_only_for_his_own_seat_and_gets_no_save() -> None:
    st = new(people=[0, 1], online=True, room="room-123")["state"]
    assert st["online"] is True and st["room"] == "room-123"
    guest = guest_state(1)
    assert "save" not in guest and "seed" not in guest and guest["viewer"] == 1 and guest["view"]["seat"] == 1
    assert call("guest_updates", {"seats": [0, 2, "1"]})["result"]["messages"] == {}  # the host's own view is "state"
    if st["to_move"] == 0:
        st = call("act", play_first(st))["state"]
    guest = guest_state(1)
    assert guest["ai_to_move"] is False and guest["view"]["legal"]
    assert call("seat_act", {"seat": 0, "action": play_first(guest)})["error"]["code"] == "not_a_person"
    assert call("seat_act", {"seat": 1, "action": "AD"})["error"]["code"] == "malformed"
    wrong = next(c for c in ("AD", "2D", "3B") if {"play": c} not in guest["view"]["legal"])
    assert call("seat_act", {"seat": 1, "action": {"play": wrong}})["error"]["code"] == "not_in_hand"
    res = call("seat_act", {"seat": 1, "action": play_first(guest)})
    assert res["ok"] and res["played"]["seat"] == 1 and res["state"]["viewer"] == 0 and "save" in res
    assert guest_state(1)["ai_to_move"] is (res["state"]["to_move"] != 1)


def test_a_fair_tables_page_moves_only_for_its_own_seat_and_waits_for_the_others() -> None:
    """At a fair table every person's page holds the match from its own seat (docs/fair-deal.md):
    its engine takes no move for a seat another page plays, nor before its cards are read."""
    out = new(people=[0, 1], online=True, room="room-123", viewer=1, fair={"k": "x1", "plays": [0, 1]})
    st = out["state"]
    assert st["online"] is True and st["room"] == "room-123" and st["viewer"] == 1 and st["view"]["seat"] == 1
    assert st["ai_to_move"] is True and st["view"]["legal"] == [], "its cards are not read yet: no move"
    assert call("act", {"play": "AD"})["error"]["code"] in ("not_your_turn", "not_a_person")
    assert call("ai_move")["error"]["code"] == "not_ai_turn", "the other seat moves on its own page"


def test_a_gone_guest_is_played_by_the_computer_until_he_is_back() -> None:
    st = new(players=4, people=[0, 1], online=True)
    assert call("away", {"seat": 0, "on": True})["error"]["code"] == "not_a_person"
    gone = call("away", {"seat": 1, "on": True})
    st = gone["state"]
    assert st["away"] == [1] and "save" in gone and state_of("load", gone["save"])["away"] == [1]
    for _ in range(12):  # the computer plays seat 1 now; seat 0 is the host
        if st["status"] != "playing":
            break
        if st["to_move"] == 0:
            st = call("act", play_first(st))["state"]
        else:
            assert st["ai_to_move"] is True
            st = call("ai_move")["state"]
    assert call("seat_act", {"seat": 1, "action": {"play": "AD"}})["error"]["code"] == "away"
    assert state_of("away", {"seat": 1, "on": False})["away"] == []


def test_a_damaged_seating_in_a_save_is_a_damaged_save() -> None:
    from briscola.save import load_match, save_match

    st = new(people=[0, 1])
    match = load_match(st["save"])
    for meta in ({"people": [1]}, {"viewer": 3}, {"away": [0]}, {"names": ["x"]}):
        match.meta.update(meta)
        out = call("load", save_match(match))
        assert out["error"]["code"] == "save" and out["error"]["reason"] == "bad_meta", meta
        match = load_match(st["save"])


def test_the_rematch_keeps_the_people() -> None:
    st = new(people=[0, 1], names=["Anna", "Marco"])["state"]
    while st["status"] == "playing":
        if st["viewer"] != st["to_move"]:
            st = state_of("view", {"seat": st["to_move"]})
        st = call("act", play_first(st))["state"]
    if st["status"] == "deal-over":
        call("abandon")
    again = state_of("rematch", {})
    assert again["people"] == [0, 1] and again["names"] == ["Anna", "Marco"]
