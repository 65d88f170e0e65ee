"""The page's tournament operations (briscola/web_tournament.py) through web.call, as the page uses them:
the tournament handed over once (new or open), then only what happened."""

from __future__ import annotations

import random
from typing import Any

import pytest
import web_support
from web_support import current

from briscola import web_tournament
from briscola.tournament import GROUP_FORMAT, Outcome, Tournament


def call(op: str, arg: Any = None) -> Any:
    """The answer's result (a tournament's screen), or the whole answer when it has none (a refusal,
    a match begun)."""
    res = web_support.call(op, arg)
    return res.get("result", res)


def new(pairs: int = 4, seed: int = 7, level: str = "principiante") -> dict[str, Any]:
    res = call("tournament_new", {"pairs": pairs, "seed": seed, "level": level})
    assert "error" not in res, res
    return res


def finish_my_match(rng: random.Random) -> None:
    """Play the page's match to its end with random legal moves for every seat."""
    m = current().match
    while not m.over:
        if m.deal.over:
            m.next_deal()
        else:
            m.apply(rng.choice(m.deal.legal_actions()))


def play_computers() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    played = []
    while True:
        res = call("tournament_play_ai", {})
        if res["played"] is None:
            return res, played
        played.append(res["played"])


def test_a_new_tournament_starts_with_the_players_match():
    res = new(pairs=6)
    v = res["view"]
    assert v["pairs"] == 6 and v["level"] == "principiante" and v["rounds"] == 5
    assert v["next"]["index"] == 0 and v["next"]["a"] == 0 and v["next_is_player"]
    assert [r["played"] for r in v["standings"]] == [0] * 6 and not v["over"] and v["champion"] is None
    assert len([f for f in v["fixtures"] if f["stage"] == "group"]) == 15
    # the player's match comes first in a round: nothing for the computer to play yet
    again = call("tournament_play_ai", {})
    assert again["played"] is None and again["tournament"] == res["tournament"]


def test_the_players_match_is_a_group_match_for_seats_zero_and_two():
    new()
    st = call("tournament_match")["state"]
    assert st["status"] == "playing" and st["level"] == "principiante"
    assert st["format"] == GROUP_FORMAT.to_dict() and st["teams"] == [[0, 2], [1, 3]]
    meta = current().match.meta["tournament"]
    assert meta == {"seed": 7, "pairs": 4, "fixture": 0, "stage": "group", "round": 0,
                    "opponent": new()["view"]["next"]["b"]}
    assert st["tournament"] == meta  # the state says which tournament's match it is
    assert "tournament" not in call("new", {"variant": "classica", "players": 2, "seed": 1})["state"]


def test_record_flows_into_the_standings_once():
    new()
    call("tournament_match")
    unfinished = call("tournament_record")
    assert unfinished["error"]["code"] == "bad_input" and "not over" in unfinished["error"]["detail"]
    finish_my_match(random.Random(1))
    result = current().match.result()
    res = call("tournament_record")
    assert res["recorded"] is True and res["fixture"] == res["view"]["fixtures"][0]
    out = res["tournament"]["tournament"]["outcomes"]
    opponent = res["view"]["fixtures"][0]["b"]
    assert out == [{"fixture": 0, "winner": 0 if result.winner == 0 else opponent,
                    "deals": list(result.deal_wins), "points": list(result.points)}]
    me = next(r for r in res["view"]["standings"] if r["pair"] == 0)
    assert me["played"] == 1 and me["won"] == (result.winner == 0) and me["deals_for"] == result.deal_wins[0]
    # a reload of the finished match records nothing twice
    again = call("tournament_record")
    assert again["recorded"] is False and again["tournament"] == res["tournament"]
    # nor does a new worker (the page hands the stored tournament over again)
    web_tournament._held = None
    call("tournament_open", {"tournament": res["tournament"]})
    assert call("tournament_record")["recorded"] is False


def test_a_saved_and_reloaded_match_still_belongs_to_its_tournament():
    saved = new()["tournament"]
    call("tournament_match")
    m = current().match
    m.apply(m.deal.legal_actions()[0])
    text = call("save")["text"]
    call("new", {"variant": "classica", "players": 2, "seed": 1})  # another match in between
    assert call("tournament_record")["error"]["code"] == "bad_input"
    call("load", text)
    finish_my_match(random.Random(3))
    web_tournament._held = None  # and the worker started again meanwhile
    assert call("tournament_open", {"tournament": saved})["view"]["next"]["status"] == "in_play"
    assert call("tournament_record")["recorded"] is True


def test_abandon_records_a_loss():
    new(seed=12)
    call("tournament_match")
    st = call("abandon")["state"]
    assert st["match"]["vp"][0] == 0 and st["match"]["abandoned_by"] == 0
    assert st["match"]["vp_scored"] is False  # the tournament ranks by matches won (source 004), not VP
    res = call("tournament_record")
    me = next(r for r in res["view"]["standings"] if r["pair"] == 0)
    assert (me["played"], me["won"], me["lost"]) == (1, 0, 1)
    assert res["view"]["fixtures"][0]["outcome"]["winner"] == res["view"]["fixtures"][0]["b"]


def test_a_match_of_another_tournament_is_not_recorded():
    new(seed=1)
    call("tournament_match")
    finish_my_match(random.Random(2))
    new(seed=2)
    res = call("tournament_record")
    assert res["error"]["code"] == "bad_input" and "not from this tournament" in res["error"]["detail"]


def run_tournament(pairs: int, seed: int, moves: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The whole tournament as the page drives it; the player's matches played with random moves."""
    rng = random.Random(moves)
    new(pairs, seed)
    history = []
    for _ in range(40):
        res, played = play_computers()
        history += played
        if res["view"]["over"]:
            return res, history
        call("tournament_match")
        finish_my_match(rng)
        rec = call("tournament_record")
        history.append(rec["fixture"])
    raise AssertionError("the tournament did not end")


def test_a_whole_tournament_to_its_champion_is_reproducible():
    res, history = run_tournament(5, seed=21, moves=4)
    v = res["view"]
    assert v["over"] and v["next"] is None and v["champion"] is not None
    stages = [f["stage"] for f in v["fixtures"]]
    assert stages.count("group") == 10 and stages.count("semi") == 2 and stages.count("final") == 1
    final = v["fixtures"][-1]
    assert v["champion"] in (final["a"], final["b"]) and final["outcome"]["winner"] == v["champion"]
    assert sum(f["outcome"]["deals"][0] + f["outcome"]["deals"][1] for f in v["fixtures"] if f["stage"] == "final") >= 3
    # The computer pairs' results depend only on the tournament: the same seed gives the same ones,
    # whatever the player did in their own matches.
    ai = {f["index"]: f["outcome"] for f in history if 0 not in (f["a"], f["b"]) and f["stage"] == "group"}
    _, again = run_tournament(5, seed=21, moves=9)
    assert {f["index"]: f["outcome"] for f in again if 0 not in (f["a"], f["b"]) and f["stage"] == "group"} == ai
    _, other = run_tournament(5, seed=22, moves=4)
    assert {f["index"]: f["outcome"] for f in other if 0 not in (f["a"], f["b"]) and f["stage"] == "group"} != ai


def stored(pairs: int, results: dict[tuple[int, int], int]) -> dict[str, Any]:
    """A stored tournament with group winners given per pairing (a 2–1 win, 130–110 points)."""
    t = Tournament(pairs, 5)
    outcomes = []
    for f in t.fixtures:
        w = results.get((f.a, f.b), results.get((f.b, f.a)))
        outcomes.append({"fixture": f.index, "winner": w, "deals": [2, 1] if w == f.a else [1, 2],
                         "points": [130, 110] if w == f.a else [110, 130]})
    return {"tournament": {**t.to_json(), "outcomes": outcomes}, "level": "esperto"}


def test_standings_say_which_tie_break_split_level_pairs():
    # 4 pairs: 0 and 1 win two each, 1 beat 0 (head-to-head); 2 and 3 win one each, 3 beat 2.
    v = call("tournament_open", {"tournament": stored(4, {(0, 1): 1, (0, 2): 0, (0, 3): 0, (1, 2): 2,
                                                          (1, 3): 1, (2, 3): 3})})["view"]
    assert [(r["pair"], r["standing"], r["tiebreak"]) for r in v["standings"]] == [
        (1, 2, "h2h"), (0, 2, "h2h"), (3, 1, "h2h"), (2, 1, "h2h")]
    # the group is over: the semi-finals are 1st v 4th and 2nd v 3rd
    assert [(f["a"], f["b"]) for f in v["fixtures"] if f["stage"] == "semi"] == [(1, 2), (0, 3)]
    # 6 pairs: 0, 1, 2 win three each; among them 0 beat both -> the mini-table
    res = {(a, b): a for a in range(6) for b in range(a + 1, 6)}
    res.update({(0, 3): 3, (0, 4): 4, (1, 3): 3, (2, 3): 2})
    v = call("tournament_open", {"tournament": stored(6, res)})["view"]
    top = [(r["pair"], r["tiebreak"]) for r in v["standings"] if r["standing"] == 3]
    assert top == [(0, "mini"), (1, "mini"), (2, "mini")]


@pytest.mark.parametrize("bad", [None, "text", {}, {"tournament": None}, {"tournament": {"format": "nope"}},
                                 {"tournament": {"tournament": {"format": "nope"}, "level": "esperto"}},
                                 {"tournament": {"tournament": Tournament(4, 1).to_json(), "level": "maestro"}},
                                 {"tournament": {"tournament": {**Tournament(4, 1).to_json(), "outcomes": [
                                     {"fixture": 3, "winner": 0, "deals": [2, 0], "points": [1, 2]}]},
                                     "level": "esperto"}}])
def test_a_damaged_tournament_is_a_clear_error(bad):
    res = call("tournament_open", bad)
    assert res["error"]["code"] == "tournament_damaged" and res["error"]["detail"]


@pytest.mark.parametrize("op", ["tournament_view", "tournament_play_ai", "tournament_match", "tournament_record"])
def test_with_no_tournament_open_the_page_is_asked_for_it(op):
    """A new worker holds nothing: the page hands its stored tournament over again."""
    web_tournament._held = None
    assert call(op, {})["error"]["code"] == "tournament_closed"
    saved = new()["tournament"]
    web_tournament._held = None
    assert "error" not in call("tournament_open", {"tournament": saved})
    assert call(op, {}).get("error", {}).get("code") != "tournament_closed"


@pytest.mark.parametrize("arg", [{"pairs": 3, "seed": 1}, {"pairs": 9, "seed": 1}, {"pairs": "6", "seed": 1},
                                 {"pairs": 6, "seed": "x"}, {"pairs": 6, "seed": 1, "level": "maestro"}, None])
def test_bad_settings_for_a_new_tournament_are_refused(arg):
    res = call("tournament_new", arg)
    assert res["error"]["code"] == "bad_input" and res["error"]["detail"]


def test_the_player_cannot_start_a_computer_pairs_match():
    t = Tournament(4, 3)
    first = t.fixtures[0]
    t = Tournament.from_json({**t.to_json(), "outcomes": [
        {"fixture": first.index, "winner": first.b, "deals": [0, 2], "points": [90, 150]}]})
    call("tournament_open", {"tournament": {"tournament": t.to_json(), "level": "esperto"}})
    res = call("tournament_match")
    assert res["error"]["code"] == "bad_input" and "not the player's" in res["error"]["detail"]


def test_computer_matches_played_in_slices_give_the_same_result():
    new(pairs=6, seed=30)
    call("tournament_match")
    call("abandon")
    saved = call("tournament_record")["tournament"]
    whole = call("tournament_play_ai", {})
    call("tournament_open", {"tournament": saved})  # the same tournament again, before that match
    slices = 0
    while True:
        if slices == 5:  # the page hands the same tournament over again: the match goes on
            call("tournament_open", {"tournament": saved})
        res = call("tournament_play_ai", {"budget_ms": 0})
        if not res.get("busy"):
            break
        slices += 1
        assert set(res) == {"busy", "played"}  # nothing stored while the match is being played
    assert slices > 10 and res["played"] == whole["played"] and res["tournament"] == whole["tournament"]


@pytest.mark.parametrize("shape, pairs", [("girone", 5), ("due_gironi", 8), ("secca", 6)])
def test_the_knockout_shown_before_it_is_drawn_is_the_one_drawn(shape, pairs):
    """The screen names who will meet in each knock-out stage from the view (no copy of the
    pairings in the page): once the groups are over, those places are the fixtures drawn."""
    t = Tournament(pairs, 9, shape)
    before = call("tournament_open", {"tournament": {"tournament": t.to_json(), "level": "esperto"}})["view"]
    assert [k["stage"] for k in before["knockout"]] == list(t.shape.knockout)
    for f in t.fixtures:  # the lower pair wins every group match
        t.outcomes[f.index] = Outcome(min(f.a, f.b), (2, 1) if f.a < f.b else (1, 2), (130, 110))
    t._advance()
    v = call("tournament_open", {"tournament": {"tournament": t.to_json(), "level": "esperto"}})["view"]
    assert v["knockout"] == before["knockout"]
    table = {g: [r["pair"] for r in v["standings"] if r["group"] == g] for g in range(v["groups"])}
    first = [(f["a"], f["b"]) for f in v["fixtures"] if f["stage"] == v["knockout"][0]["stage"]]
    pending = v["knockout"][0]["pending"]
    assert first == [tuple(table[s["group"] or 0][s["place"] - 1] for s in game) for game in pending]
    later = v["knockout"][1]["pending"]
    assert [[s["n"] for s in game] for game in later] == [[2 * k + 1, 2 * k + 2] for k in range(len(first) // 2)]
