"""*Rigioca la smazzata* (issue 23, briscola/practice.py): the same deal again through the page's
operations, the match beside it untouched."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from briscola import practice
from briscola.save import _digest, load_match
from tests.engine.web_support import call, current, state_of

Choose = Callable[[list[dict[str, Any]]], dict[str, Any]]


def first(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return legal[0]


def last(legal: list[dict[str, Any]]) -> dict[str, Any]:
    return legal[-1]


def play_deal(choose: Choose) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Play the current deal to its end: the person by ``choose``, the computer by op ``ai_move``;
    every move as played, and the last answer."""
    played, out = [], call("state")
    while out["state"]["status"] == "playing":
        st = out["state"]
        out = call("ai_move") if st["ai_to_move"] else call("act", choose(st["view"]["legal"]))
        assert out["ok"], out
        played.append(out["played"])
    return played, out


def new(variant: str, players: int, seed: int, level: str = "esperto", **fmt: Any) -> dict[str, Any]:
    settings: dict[str, Any] = {"variant": variant, "players": players, "seed": seed, "level": level}
    if fmt:
        settings["format"] = fmt
    return state_of("new", settings)


CASES = [
    ("classica", 2, {"kind": "smazzate", "deals": 3, "replay_ties": False, "knockout": False}),
    ("brisca", 2, {"kind": "first_to", "deals": 2, "replay_ties": False, "knockout": False, "cut": True}),
    ("classica", 3, None),
    ("biscambiggia", 4, None),
    ("chiamata", 5, None),
]


@pytest.mark.parametrize(("variant", "players", "fmt"), CASES, ids=[f"{v}{p}" for v, p, _ in CASES])
def test_a_replayed_deal_has_the_same_cards_and_leaves_the_match_as_it_was(variant, players, fmt):
    new(variant, players, 11, **(fmt or {}))
    _, out = play_deal(first)
    before, saved = out["state"], out["save"]
    deal = current().match.deal
    dealt = call("review")["result"]["frames"][0]  # the deal as dealt (after its cut): every hand

    st = state_of("replay_deal")
    p = current().match
    assert st["practice"] == {"deal": before["deal_index"] + 1} and st["status"] == "playing"
    assert p.deal.deck == deal.deck and p.deal.dealer == deal.dealer and p.deal.cutter is None
    assert [[c.code for c in h] for h in p.deal.hands] == dealt["hands"]
    assert st["view"]["hand"] == dealt["hands"][0] and st["view"]["trump"] == dealt["trump"]
    assert st["level"] == before["level"] and p.rules == current().match.rules and p.meta["stats_counted"]

    _, end = play_deal(last)
    assert end["state"]["status"] == "match-over" and end["state"]["practice"]  # one deal, never more
    assert call("stats_add", {"stats": None})["result"]["counted"] is False  # practice never counts
    back = call("replay_end")
    assert back["ok"] and back["save"] == saved and "practice" not in back["state"]
    assert back["state"]["match"] == before["match"] and back["state"]["status"] == before["status"]


@pytest.mark.parametrize("seed", [5, 6])
def test_the_computer_plays_as_it_did_while_the_person_does(seed):
    # principiante draws on its random choices; a cut deal that is not the first keys them by both
    new("brisca", 2, seed, "principiante", kind="first_to", deals=3, replay_ties=False, knockout=False, cut=True)
    play_deal(first)
    call("next_deal")
    played, out = play_deal(first)
    call("replay_deal")
    again, end = play_deal(first)
    assert again == played[1:] and end["state"]["team_points"] == out["state"]["team_points"]  # no cut this time
    call("replay_deal")
    other, _ = play_deal(last)
    assert other != again  # the person plays otherwise: so may the computer (that is the point)


def test_a_practice_reloads_where_it_was_and_again_restarts_it():
    new("brisca", 2, 8, kind="first_to", deals=2, replay_ties=False, knockout=False, cut=True)
    _, out = play_deal(first)
    saved = out["save"]
    call("replay_deal")
    for _ in range(5):
        st = call("state")["state"]
        step = call("ai_move") if st["ai_to_move"] else call("act", first(st["view"]["legal"]))
    mid = step["save"]
    assert call("load", raw=json.dumps(mid))["state"] == call("state")["state"]
    assert current().match.deal.history == load_match(mid).deal.history
    assert call("replay_deal")["error"]["code"] == "replay_playing"  # mid-deal: no replay of it
    _, _ = play_deal(last)
    comparison = call("replay_compare")["result"]
    records = [comparison[line]["review"]["record"] for line in ("first", "replay")]
    assert comparison["deal"] == 1 and records[0]["deck"] == records[1]["deck"] and records[0] != records[1]
    assert sum(comparison["first"]["team_points"]) == sum(comparison["replay"]["team_points"]) == 120
    assert len(comparison["first"]["tricks"]) == 20 and comparison["first"]["mine"] == 0
    again = state_of("replay_deal")  # "Riprova": the same deal from the start, the same match inside
    assert again["practice"] == {"deal": 1} and not again["view"]["tricks"]
    assert call("replay_end")["save"] == saved


@pytest.mark.parametrize("settings", [
    {"variant": "classica", "players": 4, "seed": 2, "people": [0, 2]},  # pass-and-play
])
def test_no_practice_with_other_people_or_during_a_deal(settings):
    state_of("new", settings)
    assert call("replay_deal")["error"]["code"] == "replay_playing"
    while not current().match.deal.over:
        m = current().match
        m.apply(m.deal.legal_actions()[0])
    assert call("replay_deal")["error"]["code"] == "replay_not_here"
    assert call("replay_end")["error"]["code"] == "no_practice"
    assert call("replay_compare")["error"]["code"] == "no_practice"


def test_a_tournament_match_has_no_practice():
    new("classica", 2, 3)
    play_deal(first)
    current().match.meta["tournament"] = {"seed": 1, "pairs": 4, "fixture": 0}
    assert call("replay_deal")["error"]["code"] == "replay_not_here"


def _tampered(save: str, change: Callable[[dict[str, Any]], None]) -> str:
    data = json.loads(save)
    change(data)
    data["digest"] = _digest(data)
    return json.dumps(data)


@pytest.mark.parametrize(("what", "change"), [
    ("no match inside", lambda d: d["meta"]["practice"].pop("match")),
    ("a damaged match inside", lambda d: d["meta"]["practice"].update(match="{}")),
    ("another deal", lambda d: d["meta"]["practice"].update(deal=7)),
    ("another deck", lambda d: d.update(deck=d["deck"][1:] + d["deck"][:1])),
    ("a bad level inside", lambda d: d["meta"]["practice"].update(match=_tampered(
        d["meta"]["practice"]["match"], lambda m: m["meta"].update(level="maestro")))),
    ("a practice inside", lambda d: d["meta"]["practice"].update(match=_tampered(
        d["meta"]["practice"]["match"], lambda m: m.update(deck=d["deck"])))),
])
def test_a_tampered_practice_is_a_damaged_save(what, change):
    new("classica", 2, 4)
    play_deal(first)
    saved = call("replay_deal")["save"]
    out = call("load", raw=json.dumps(_tampered(saved, change)))
    assert out["error"]["code"] == "save", what
    assert out["error"]["reason"] in ("bad_meta", "bad_level", "bad_deck", "bad_version"), out


def test_a_save_without_a_practice_has_no_deck():
    new("classica", 2, 4)
    assert "deck" not in json.loads(call("save")["result"]["text"])
    assert practice.info(current().match) is None


def test_a_practice_lost_on_time_is_compared_unfinished():
    new("classica", 2, 9, kind="punti", deals=1, replay_ties=False, knockout=False, move_ms=5000)
    play_deal(first)
    st = state_of("replay_deal")
    assert call("replay_compare")["error"]["code"] == "review_playing"  # every hand is shown: not yet
    while st["ai_to_move"]:
        st = state_of("ai_move")
    assert call("timeout", {"ms": 6000})["state"]["status"] == "match-over"
    comparison = call("replay_compare")["result"]
    assert comparison["first"]["over"] and not comparison["replay"]["over"]
    assert comparison["replay"]["tricks"] == [] and comparison["replay"]["winner"] is None


def test_every_refusal_of_a_practice_has_words():
    from string_tables import read

    texts = read("practice.js")
    for code in ("replay_playing", "replay_not_here", "no_practice"):
        assert all(texts[lang].get(f"err_{code}") for lang in texts), code
