"""The computer plays the person's seat in chiamata (source 003: nobody abandons; *il Server
giocherà le carte al posto del giocatore*): op ``stand_in``, the state's ``stand_in`` and
``ai_to_move``, the save that keeps it, and the other variants that keep *Abbandona*."""

from __future__ import annotations

import json
import random

import pytest
from web_support import call

from briscola import session
from briscola.save import load_match, match_to_json, save_match
from briscola.view import View, view_of


def new(variant: str = "chiamata", players: int = 5, seed: int = 3, level: str = "principiante") -> dict:
    return call("new", {"variant": variant, "players": players, "seed": seed, "level": level})


def to_person(limit: int = 200) -> dict:
    """Let the computer move until seat 0 is to move (or the deal ends)."""
    st = call("state")["state"]
    for _ in range(limit):
        if st["status"] != "playing" or not st["ai_to_move"]:
            return st
        st = call("ai_move")["state"]
    raise AssertionError("the computer never stopped")


# ------------------------------------------------------------------ the op, case by case

@pytest.mark.parametrize(
    "variant, players, arg, ok, code, stand_in",
    [
        ("chiamata", 5, {"on": True}, True, None, True),
        ("chiamata", 5, {"on": False}, True, None, False),
        ("chiamata", 5, {"on": "yes"}, False, "malformed", False),
        ("chiamata", 5, None, False, "malformed", False),
        ("chiamata", 5, {"on": 1}, False, "malformed", False),
        ("classica", 2, {"on": True}, False, "stand_in_chiamata", False),
        ("classica", 4, {"on": True}, False, "stand_in_chiamata", False),
        ("brisca", 2, {"on": True}, False, "stand_in_chiamata", False),
    ],
)
def test_stand_in_op(variant, players, arg, ok, code, stand_in):
    new(variant, players)
    out = call("stand_in", arg)
    assert out["ok"] is ok
    assert (out.get("error") or {}).get("code") == code
    assert out["state"]["stand_in"] is stand_in
    assert ("save" in out) is ok  # a change is saved at once
    assert call("state")["state"]["stand_in"] is stand_in


@pytest.mark.parametrize(
    "variant, players, ok, code",
    [
        ("chiamata", 5, False, "no_abandon"),  # worded by the page, never the engine's English
        ("classica", 2, None, None),
        ("classica", 4, None, None),
        ("brisca", 4, None, None),
        ("biscambiggia", 6, None, None),
    ],
)
def test_abandon_only_outside_chiamata(variant, players, ok, code):
    assert "error" not in new(variant, players)
    out = call("abandon")
    if code is None:
        assert out["ok"] and out["state"]["status"] == "match-over" and out["state"]["match"]["abandoned_by"] == 0
    else:
        assert out["ok"] is ok and out["error"]["code"] == code and out["state"]["status"] == "playing"


def test_seat_0_turn_is_the_computers_while_on():
    new()
    st = to_person()
    assert st["to_move"] == 0 and not st["ai_to_move"] and st["view"]["legal"]
    on = call("stand_in", {"on": True})["state"]
    assert on["ai_to_move"] and on["view"]["legal"] == []  # the page takes no move from the person
    # the person's own move is refused, with a code the page words
    refused = call("act", st["view"]["legal"][0])
    assert refused["ok"] is False and refused["error"]["code"] == "stand_in"
    played = call("ai_move")
    assert played["ok"] and played["played"]["seat"] == 0
    off = call("stand_in", {"on": False})["state"]
    assert not off["stand_in"]
    st = to_person()
    assert st["to_move"] == 0 and not st["ai_to_move"] and st["view"]["legal"]
    assert call("act", st["view"]["legal"][0])["ok"]


def test_hint_still_answers_with_the_stand_in():
    new()
    to_person()
    call("stand_in", {"on": True})
    out = call("hint")
    assert out["result"]["action"] is not None


def test_the_computer_sees_only_seat_0s_view(monkeypatch):
    """The stand-in decides from view_of(deal, 0): the same view as the person's, never more."""
    new()
    seen: list[View] = []
    real = session.ai_move

    def spy(view: View, level: str, rng: random.Random, **kw: object):
        seen.append(view)
        return real(view, level, rng, **kw)

    monkeypatch.setattr(session, "ai_move", spy)
    to_person()
    call("stand_in", {"on": True})
    expected = view_of(session.current().match.deal, 0)
    seen.clear()
    assert call("ai_move")["played"]["seat"] == 0
    assert seen == [expected]


# ------------------------------------------------------------------ a whole deal, then the save

def test_a_whole_chiamata_deal_with_the_stand_in_and_its_save_replayed():
    new(seed=11)
    call("stand_in", {"on": True})
    seats: set[int] = set()
    kinds: set[str] = set()
    st = call("state")["state"]
    texts = []
    for _ in range(400):
        if st["status"] != "playing":
            break
        assert st["ai_to_move"], "with the stand-in every seat is the computer's"
        out = call("ai_move")
        assert out["ok"], out
        seats.add(out["played"]["seat"])
        kinds.update(k for k in out["played"] if k != "seat")
        texts.append(out["save"])
        st = out["state"]
        if st["status"] == "playing":
            assert st["stand_in"]
    assert st["status"] == "deal-over"
    assert 0 in seats and "play" in kinds and ("bid" in kinds or "pass" in kinds)
    # the replayed save is the same match
    assert load_match(texts[-1]).deal.history == session.current().match.deal.history
    # the save keeps the flag: a reload resumes with the computer on seat 0
    m = load_match(texts[len(texts) // 2])
    assert m.meta["stand_in"] is True
    again = call("load", texts[len(texts) // 2])["state"]
    assert again["stand_in"] is True and again["ai_to_move"]
    final = call("load", texts[-1])["state"]
    assert final["status"] == "deal-over" and final["stand_in"] is True
    # the next deal is the person's again (the stand-in lasts for the rest of a deal at most)
    nxt = call("next_deal")
    assert nxt["state"]["stand_in"] is False and "stand_in" not in load_match(nxt["save"]).meta


def test_old_saves_without_the_flag_load_with_the_person_playing():
    st = new()
    m = load_match(st["save"])
    assert "stand_in" not in m.meta  # the flag is written only while on
    assert call("load", st["save"])["state"]["stand_in"] is False


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_tampered_flag_is_a_damaged_save(value):
    new()
    call("stand_in", {"on": True})
    data = match_to_json(session.current().match)
    data["meta"]["stand_in"] = value
    from briscola.save import _digest

    data["digest"] = _digest(data)
    out = call("load", json.dumps(data))
    assert out["error"]["code"] == "save" and out["error"]["reason"] == "bad_meta"


def test_a_stand_in_flag_outside_chiamata_is_ignored():
    new("classica", 2)
    m = session.current().match
    m.meta["stand_in"] = True
    st = call("load", save_match(m))["state"]
    assert st["stand_in"] is False and st["ai_to_move"] == (st["status"] == "playing" and st["to_move"] != 0)


# ------------------------------------------------------------------ the page's words

def test_every_code_and_text_in_three_languages():
    """The codes above are worded by the page (static/strings/chiamata.js, err_<code>), and each
    of its texts exists in Italian, English and Spanish with the same {placeholders}."""
    import re

    from string_tables import read, table_files

    tables = read("chiamata.js")
    assert set(tables) == {"it", "en", "es"}
    for lang in ("en", "es"):
        assert tables[lang].keys() == tables["it"].keys(), lang
        for key, text in tables["it"].items():
            assert sorted(re.findall(r"\{(\w+)\}", tables[lang][key])) == sorted(re.findall(r"\{(\w+)\}", text)), key
    for code in ("stand_in", "stand_in_chiamata", "no_abandon"):
        assert f"err_{code}" in tables["it"], code
    assert {f"cs_spareggio_{n}" for n in (1, 2, 3)} <= tables["it"].keys()
    assert "chiamata.js" in table_files()  # the page's lookup merges every table (test_string_files.py)
