"""Op ``ahead`` (briscola/ahead.py): each answer given ahead is, byte for byte, the answer op ``act``
gives when the move is made, and asking it changes nothing in the match in progress."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola import web


def call(op: str, arg: object = None) -> dict:
    return json.loads(web.call(op, json.dumps(arg)))


def ahead_matches_act(settings_: dict, seed: int, steps: int = 120) -> int:
    """Play a match (the person's moves random): at each of his turns every answer ahead is op act's
    own, and the save is the same before and after asking. Returns the turns looked at."""
    rng = random.Random(seed)
    out = call("new", {**settings_, "seed": seed})
    looked = 0
    for _ in range(steps):
        state = out["state"]
        if state["status"] == "match-over":
            break
        if state["status"] == "deal-over":
            out = call("next_deal")
            continue
        if state["ai_to_move"]:
            assert call("ahead")["result"] == []  # the computer's turn: nothing to answer
            out = call("ai_move")
            continue
        before = call("save")["result"]["text"]
        ahead = call("ahead")["result"]
        assert call("save")["result"]["text"] == before  # asking changed nothing
        legal = state["view"]["legal"]
        if len(legal) > 8:
            assert ahead == []
            out = call("act", rng.choice(legal))
            continue
        assert [a["action"] for a in ahead] == legal
        pick = rng.randrange(len(legal))
        out = call("act", legal[pick])
        assert ahead[pick]["answer"] == out, "an answer ahead differs from the move's"
        looked += 1
    return looked


GAMES = [
    {"variant": "classica", "players": 2},
    {"variant": "classica", "players": 3},
    {"variant": "classica", "players": 4},
    {"variant": "brisca", "players": 2},
    {"variant": "chiamata", "players": 5},
    {"variant": "biscambiggia", "players": 2},
    {"variant": "biscambiggia", "players": 6},
]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['variant']}-{g['players']}")
def test_every_answer_ahead_is_the_moves_own(game: dict) -> None:
    assert ahead_matches_act({**game, "level": "principiante"}, seed=11) >= 10


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), variant=st.sampled_from(["classica", "brisca", "biscambiggia"]))
def test_answers_ahead_hold_whatever_the_deal(seed: int, variant: str) -> None:
    ahead_matches_act({"variant": variant, "players": 2, "level": "principiante"}, seed, steps=40)


@pytest.mark.parametrize("more", [
    {"format": {"move_ms": 15000}},  # a move's answer carries its time
    {"people": [0, 1]},  # pass-and-play: the device goes round
    {"people": [0, 1], "online": True, "room": "abcdefgh"},  # an online table
], ids=["clock", "pass-and-play", "online"])
def test_nothing_is_answered_ahead_where_a_move_depends_on_more_than_the_position(more: dict) -> None:
    out = call("new", {"variant": "classica", "players": 2, "seed": 5, "level": "principiante", **more})
    assert out["ok"], out
    assert out["state"]["to_move"] == 0
    assert call("ahead") == {"ok": True, "result": []}
