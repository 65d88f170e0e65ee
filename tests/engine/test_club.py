"""An organiser's tournament among people (issue 40): seed 004's men's tournament of eighteen pairs,
two groups of nine, every result typed in; standings checked against tables worked out by hand,
every tie-break of the source forced (two-way head-to-head, three-way *classifica avulsa*, and
what comes after them), a 60–60 round replayed, the eight-pair knock-out and the best-of-five
final; results corrected, a damaged file refused with its reason, the followers' link."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
import web_support
from web_support import current

from briscola.club import Club, ClubError, Plan, propose, read_names
from briscola.club_result import ResultError, read_result
from briscola.club_view import from_link, to_link, view
from briscola.match import MatchFormat

NAMES = [f"A{n} Rossi – A{n} Bianchi" for n in range(1, 10)] + [f"B{n} Verdi – B{n} Neri" for n in range(1, 10)]
HAND = [0] * 9 + [1] * 9  # groups by hand: the first nine lines are group A, in their order

# Who beat whom in each group (pairs by their place in the group, 0-8), found so that the scores are
# A: 6 6 6 5 5 3 3 1 1 and B: 7 5 5 5 4 4 3 2 1 (36 matches each).
A_WINS = {(0, 1): 0, (0, 2): 0, (0, 3): 0, (0, 4): 0, (0, 5): 5, (0, 6): 6, (0, 7): 0, (0, 8): 0, (1, 2): 1,
          (1, 3): 3, (1, 4): 1, (1, 5): 1, (1, 6): 1, (1, 7): 1, (1, 8): 1, (2, 3): 2, (2, 4): 2, (2, 5): 2,
          (2, 6): 2, (2, 7): 2, (2, 8): 2, (3, 4): 4, (3, 5): 3, (3, 6): 3, (3, 7): 3, (3, 8): 3, (4, 5): 4,
          (4, 6): 4, (4, 7): 4, (4, 8): 4, (5, 6): 5, (5, 7): 7, (5, 8): 5, (6, 7): 6, (6, 8): 6, (7, 8): 8}
B_WINS = {(0, 1): 0, (0, 2): 0, (0, 3): 0, (0, 4): 0, (0, 5): 0, (0, 6): 0, (0, 7): 0, (0, 8): 8, (1, 2): 1,
          (1, 3): 3, (1, 4): 1, (1, 5): 1, (1, 6): 1, (1, 7): 7, (1, 8): 1, (2, 3): 2, (2, 4): 4, (2, 5): 2,
          (2, 6): 2, (2, 7): 2, (2, 8): 2, (3, 4): 4, (3, 5): 3, (3, 6): 3, (3, 7): 3, (3, 8): 3, (4, 5): 5,
          (4, 6): 6, (4, 7): 4, (4, 8): 4, (5, 6): 5, (5, 7): 5, (5, 8): 5, (6, 7): 6, (6, 8): 6, (7, 8): 7}
# Matches not won 2-0 (winner first): rounds as typed. A0-A1 has a 60-60 round, replayed.
A01 = [{"points": [61, 59]}, {"points": [60, 60]}, {"points": [45, 75]}, {"points": [70, 50]}]
CLOSE = {(0, 4), (0, 7), (4, 3), (9 + 1, 9 + 4), (9 + 0, 9 + 3)}  # won 2-1: the loser took a round


def rounds(winner: int, loser: int) -> list[dict[str, Any]]:
    """What the sheet says of a match, as seen from ``winner``'s side (index 0)."""
    if {winner, loser} == {0, 1}:
        return A01
    if (winner, loser) in CLOSE:
        return [{"winner": 0}, {"winner": 1}, {"winner": 0}]
    return [{"winner": 0}, {"winner": 0}]


def told(winner: int, f: dict[str, Any]) -> dict[str, Any]:
    """A result from ``winner``'s side told as the fixture ``f`` has it (its pair ``a`` first)."""
    out = rounds(winner, f["a"] + f["b"] - winner)
    if winner == f["a"]:
        return {"rounds": out}
    flip = [{"points": r["points"][::-1]} if "points" in r else {"winner": 1 - r["winner"]} for r in out]
    return {"rounds": flip}


def men() -> Club:
    c = Club.new(read_names("\n".join(NAMES)), Plan(2, "tre", 5), seed=4, title="Torneo dell'Approdo", hand=HAND)
    assert c.order == list(range(18))
    return c


def key_of(c: Club, a: int, b: int) -> dict[str, Any]:
    return next(f for f in view(c)["fixtures"] if {f["a"], f["b"]} == {a, b})


def play_groups(c: Club) -> None:
    for base, wins in ((0, A_WINS), (9, B_WINS)):
        for (i, j), w in wins.items():
            f = key_of(c, base + i, base + j)
            assert c.put(f["key"], told(base + w, f)) == []


def table(c: Club, group: int) -> list[tuple[int, int, int, int, str]]:
    """(pair, won, lost, standing, deals) of each row, best first."""
    rows = view(c)["standings"][group]["rows"]
    return [(r["pair"], r["won"], r["lost"], r["standing"], f"{r['deals_for']}-{r['deals_against']}") for r in rows]


def reasons(c: Club, group: int) -> dict[int, list[tuple[Any, ...]]]:
    rows = view(c)["standings"][group]["rows"]
    return {r["pair"]: [(s["rule"], s["with"], s.get("ahead", s.get("points", s.get("by")))) for s in r["reasons"]]
            for r in rows if r["reasons"]}


def test_eighteen_pairs_are_two_groups_of_nine_with_72_matches():
    c = men()
    v = view(c)
    assert propose(18) == Plan(2, "tre", 5)
    assert (v["groups"], v["pairs"], v["stage"], v["left"]) == (2, 18, "group", 72)
    assert sum(f["stage"] == "group" for f in v["fixtures"]) == 72
    assert v["group_of"] == HAND
    for f in v["fixtures"]:
        assert v["group_of"][f["a"]] == v["group_of"][f["b"]] == f["group"]
        assert f["format"] == {"kind": "smazzate", "deals": 3}
    played = {frozenset((f["a"], f["b"])) for f in v["fixtures"]}
    assert len(played) == 72  # every pair meets each of its group once


def test_group_standings_against_the_tables_worked_out_by_hand():
    c = men()
    play_groups(c)
    # Group A: 0, 1 and 2 level on 6: the mini-table among them (0 beat 1 and 2, 1 beat 2) orders
    # them 0, 1, 2, though their deals difference says the opposite (+5, +9, +8). 4 and 3 level on
    # 5: 4 won their match, so 4 is fourth and goes on though 3 has the better deals (+5 to +4).
    # 5-6 and 8-7: head-to-head again (7 has the better deals, 8 beat it).
    assert table(c, 0) == [(0, 6, 2, 6, "12-7"), (1, 6, 2, 6, "13-4"), (2, 6, 2, 6, "12-4"), (4, 5, 3, 5, "11-7"),
                           (3, 5, 3, 5, "11-6"), (5, 3, 5, 3, "6-10"), (6, 3, 5, 3, "6-10"), (8, 1, 7, 1, "2-14"),
                           (7, 1, 7, 1, "3-14")]
    assert reasons(c, 0) == {
        0: [("mini", [1, 2], 2)], 1: [("mini", [0, 2], 1)], 2: [("mini", [0, 1], 0)],
        4: [("h2h", [3], True)], 3: [("h2h", [4], False)], 5: [("h2h", [6], True)], 6: [("h2h", [5], False)],
        8: [("h2h", [7], True)], 7: [("h2h", [8], False)]}
    # Group B: 10, 11 and 12 level on 5 beat each other in a circle (a mini-table of 1 each): their
    # deals difference splits them, 12 (+5), 11 (+4), 10 (+3). 14 beat 13 (both on 4).
    assert table(c, 1) == [(9, 7, 1, 7, "14-3"), (12, 5, 3, 5, "11-6"), (11, 5, 3, 5, "10-6"), (10, 5, 3, 5, "10-7"),
                           (14, 4, 4, 4, "8-8"), (13, 4, 4, 4, "9-8"), (15, 3, 5, 3, "6-10"), (16, 2, 6, 2, "4-12"),
                           (17, 1, 7, 1, "2-14")]
    b = reasons(c, 1)
    assert b[12] == [("mini", [10, 11], 1), ("diff", [10, 11], "deals")]
    assert [s[0] for s in b[11]] == [s[0] for s in b[10]] == ["mini", "diff"]
    assert b[14] == [("h2h", [13], True)] and 9 not in b
    # the 60-60 round of A0-A1 counts for nobody: 2-1, and its points are kept
    f = view(c)["fixtures"][c.fixture(key_of(c, 0, 1)["key"]).index]
    assert f["result"]["winner"] == 0 and f["result"]["replayed"] == 1
    row0 = view(c)["standings"][0]["rows"][0]
    assert (row0["points_for"], row0["points_against"]) == (61 + 60 + 45 + 70, 59 + 60 + 75 + 50)


def test_the_knockout_and_the_best_of_five_final():
    c = men()
    play_groups(c)
    v = view(c)
    assert v["stage"] == "quarter"
    quarters = [(f["a"], f["b"]) for f in v["fixtures"] if f["stage"] == "quarter"]
    assert quarters == [(0, 10), (12, 2), (9, 4), (1, 11)]  # A1-B4, B2-A3, B1-A4, A2-B3
    assert v["standings"][0]["rows"][4]["out"] and not v["standings"][0]["rows"][3]["out"]
    for key, winner in (("quarter:1", 10), ("quarter:2", 12), ("quarter:3", 9), ("quarter:4", 1)):
        f = next(g for g in view(c)["fixtures"] if g["key"] == key)
        assert c.put(key, told(winner, f)) == []
    semis = [(f["a"], f["b"]) for f in view(c)["fixtures"] if f["stage"] == "semi"]
    assert semis == [(10, 12), (9, 1)]
    c.put("semi:1", {"rounds": [{"winner": 1}, {"winner": 1}]})
    c.put("semi:2", {"rounds": [{"winner": 0}, {"winner": 1}, {"winner": 0}]})
    final = next(f for f in view(c)["fixtures"] if f["stage"] == "final")
    assert (final["a"], final["b"], final["format"]) == (12, 9, {"kind": "smazzate", "deals": 5})
    with pytest.raises(ResultError) as exc:  # two rounds of five are not a final
        c.put("final:1", {"rounds": [{"winner": 0}, {"winner": 0}]})
    assert exc.value.code == "unfinished" and exc.value.params == {"need": 3}
    c.put("final:1", {"rounds": [{"winner": 0}, {"points": [60, 60]}, {"winner": 1}, {"points": [40, 80]},
                                 {"points": [90, 30]}, {"points": [61, 59]}]})
    v = view(c)
    assert v["over"] and v["champion"] == 12 and v["left"] == 0
    assert [r["pair"] for g in v["standings"] for r in g["rows"] if not r["out"]] == [12]
    again = Club.from_json(json.loads(json.dumps(c.to_json())))
    assert view(again) == v


def test_a_corrected_result_recomputes_everything_after_it():
    c = men()
    play_groups(c)
    for key, winner in (("quarter:1", 10), ("quarter:2", 12), ("quarter:3", 9), ("quarter:4", 1)):
        f = next(g for g in view(c)["fixtures"] if g["key"] == key)
        c.put(key, told(winner, f))
    # a result that changes no pairing: the knock-out stands (6 beat 5: sixth and seventh swap)
    f56 = key_of(c, 5, 6)
    assert c.put(f56["key"], told(6, f56)) == []
    assert [r[0] for r in table(c, 0)][5:7] == [6, 5] and 5 not in reasons(c, 0)
    assert len(view(c)["fixtures"]) == 72 + 4 + 2
    # A3-A4 was mistyped: 3 won it, 2-1. Four pairs on 6 now (0, 1, 2, 3): the mini-table puts 0
    # first (3 wins among them) and leaves 1, 2, 3 on one each, who beat each other in a circle:
    # the mini-table among the three leaves them level, and their deals difference orders them
    # (+9, +8, +7). 4 is fifth and out: the quarter-final it played (B1-A4) now pairs B1 with 3,
    # and its result is dropped.
    f34 = key_of(c, 3, 4)
    close = {"rounds": [{"winner": 0}, {"winner": 1}, {"winner": 0}]}
    stale = c.put(f34["key"], close if f34["a"] == 3 else told(4, f34))
    assert stale == ["quarter:3"]
    v = view(c)
    assert table(c, 0)[:5] == [(0, 6, 2, 6, "12-7"), (1, 6, 2, 6, "13-4"), (2, 6, 2, 6, "12-4"), (3, 6, 2, 6, "12-5"),
                               (4, 4, 4, 4, "10-8")]
    r = reasons(c, 0)
    assert r[0] == [("mini", [1, 2, 3], 3)]
    assert r[2] == [("mini", [0, 1, 3], 1), ("mini", [1, 3], 1), ("diff", [1, 3], "deals")]
    assert r[4] == [("h2h", [6], True)]  # on 4 with 6 now, whom it beat
    q3 = next(f for f in v["fixtures"] if f["key"] == "quarter:3")
    assert (q3["a"], q3["b"], q3["result"]) == (9, 3, None)
    assert [f["key"] for f in v["fixtures"] if f["result"] and f["stage"] != "group"] == [
        "quarter:1", "quarter:2", "quarter:4"]
    # and cleared: the group is not over, so no knock-out is drawn and its results go
    assert c.put(f34["key"], None) == ["quarter:1", "quarter:2", "quarter:4"]
    assert view(c)["stage"] == "group" and len(view(c)["fixtures"]) == 72


@pytest.mark.parametrize("rounds, fmt, code, params", [
    ([{"points": [70, 40]}], "secca", "round_points", {"round": 1}),
    ([{"points": [130, None]}], "secca", "round_points", {"round": 1}),
    ([{"winner": 0}, {"winner": 0}, {"winner": 1}], "tre", "extra_round", {"round": 3}),
    ([{"winner": 0}, {"points": [60, 60]}], "tre", "unfinished", {"need": 2}),
    ([{"winner": 2}], "secca", "bad_round", {"round": 1}),
    (["a"], "secca", "bad_round", {"round": 1}),
])
def test_a_result_that_cannot_be_says_why(rounds, fmt, code, params):
    fmts = {"tre": MatchFormat("smazzate", 3, replay_ties=True), "secca": MatchFormat("punti", replay_ties=True)}
    with pytest.raises(ResultError) as exc:
        read_result({"rounds": rounds}, fmts[fmt])
    assert (exc.value.code, exc.value.params) == (code, params)


def test_a_secca_match_with_a_replayed_round_and_a_withdrawal():
    secca = MatchFormat("punti", replay_ties=True)
    r = read_result({"rounds": [{"points": [60, None]}, {"points": [None, 55]}]}, secca)
    assert (r.winner, r.deals, r.points, r.replayed) == (0, (1, 0), (125, 115), 1)
    r = read_result({"rounds": [{"winner": 0}], "conceded": 0}, MatchFormat("smazzate", 3, replay_ties=True))
    assert (r.winner, r.deals) == (1, (1, 0))


def test_names_as_a_newcomer_pastes_them():
    text = "1. Rossi - Bianchi\r\n2) Verdi - Neri\n\n  Gialli\t Blu \n3 Moschettieri – Aldo\n"
    assert read_names(text) == ["Rossi - Bianchi", "Verdi - Neri", "Gialli – Blu", "3 Moschettieri – Aldo"]
    with pytest.raises(ClubError) as exc:
        read_names("Rossi\nVerdi\nrossi")
    assert (exc.value.code, exc.value.params) == ("bad_names", {"line": 3})
    with pytest.raises(ClubError) as exc:
        Club.new(read_names("A\nB\nC"), propose(3), 1)
    assert exc.value.code == "bad_pairs"


def test_groups_by_hand_must_be_as_even_as_can_be():
    names = [f"P{n}" for n in range(17)]
    c = Club.new(names, Plan(2), 1, hand=[0] * 9 + [1] * 8)
    assert view(c)["group_of"] == [0] * 9 + [1] * 8
    assert sum(f.stage == "group" for f in c.fixtures()) == 36 + 28
    with pytest.raises(ClubError) as exc:
        Club.new(names, Plan(2), 1, hand=[0] * 10 + [1] * 7)
    assert exc.value.code == "bad_groups"
    drawn = Club.new(names, Plan(2), 1)  # at random, from the seed: the same draw every time
    assert drawn.order == Club.new(names, Plan(2), 1).order != list(range(17))


def damaged(mutate) -> dict[str, Any]:
    c = men()
    play_groups(c)
    data = json.loads(json.dumps(c.to_json()))
    mutate(data)
    return web_support.call("club_open", {"club": data})["error"]


@pytest.mark.parametrize("mutate, reason", [
    (lambda d: d.update(format="briscola-club/9"), "bad_version"),
    (lambda d: d.update(names=d["names"][:-1]), "bad_groups"),
    (lambda d: d["names"].__setitem__(3, d["names"][2]), "bad_names"),
    (lambda d: d.update(plan={"groups": 3}), "bad_shape"),
    (lambda d: d.update(seed="x"), "bad_seed"),
    (lambda d: d.update(order=list(range(17)) + [0]), "bad_groups"),
    (lambda d: d["results"][0].update(pairs=[5, 6]), "bad_results"),
    (lambda d: d["results"][0].update(rounds=[{"points": [100, 100]}]), "bad_results"),
    (lambda d: d["results"].append(dict(d["results"][0])), "bad_results"),
    (lambda d: d["results"].append({"fixture": "final:1", "pairs": [0, 9], "rounds": [{"winner": 0}] * 3}),
     "bad_results"),
])
def test_a_damaged_tournament_is_refused_with_its_reason(mutate, reason):
    error = damaged(mutate)
    assert (error["code"], error["reason"]) == ("club_damaged", reason)


def test_a_file_that_is_not_json_or_too_deep_is_damaged_too():
    for text, reason in (("{not json", "bad_json"), ("[" * 100 + "]" * 100, "too_deep"), ('{"a": 1}', "bad_version")):
        error = web_support.call("club_import", {"text": text})["error"]
        assert (error["code"], error["reason"]) == ("club_damaged", reason)


def test_the_followers_link_carries_the_whole_tournament_in_little_room():
    c = men()
    play_groups(c)
    for key, winner in (("quarter:1", 10), ("quarter:2", 12)):
        f = next(g for g in view(c)["fixtures"] if g["key"] == key)
        c.put(key, told(winner, f))
    link = web_support.call("club_link", {"club": c.to_json(), "at": 29_000_000})["result"]["link"]
    assert len(link) < 1400, len(link)  # 18 names and 74 results: a QR code a phone reads
    again, at = from_link(link)
    assert again.to_json() == c.to_json() and at == 29_000_000
    follow = web_support.call("club_follow", {"link": link})["result"]
    assert follow["view"] == view(c) and follow["at"] == 29_000_000
    for bad in ("", link[:-20], "!!!", to_link(Club.new(["a", "b", "c", "d"], propose(4), 1), 1)[:10]):
        error = web_support.call("club_follow", {"link": bad})["error"]
        assert error["reason"] in ("bad_standings", "bad_json"), error


def play_out(m, rng: random.Random):
    while not m.over:
        if m.deal.over:
            m.next_deal()
        else:
            m.apply(rng.choice(m.deal.legal_actions()))


def test_a_fixture_played_in_the_app_records_its_result():
    c = Club.new(["Anna e Marco", "Lia – Ugo", "Pia/Ivo", "I Lupi"], Plan(1, "secca", 3), seed=5)
    f = view(c)["fixtures"][2]
    seats = web_support.call("club_seats", {"club": c.to_json(), "fixture": f["key"]})["result"]["players"]
    assert seats[0] == {"Anna e Marco": ["Anna", "Marco"], "Lia – Ugo": ["Lia", "Ugo"], "Pia/Ivo": ["Pia", "Ivo"],
                        "I Lupi": ["I Lupi", "I Lupi"]}[c.names[f["a"]]]
    # pair a is missing: pair b's two people and the computer for pair a; b sits at seats 0 and 2
    res = web_support.call("club_match", {"club": c.to_json(), "fixture": f["key"], "players": [[None, None], seats[1]],
                                          "seed": 9, "level": "principiante"})
    st = res["state"]
    assert st["club"]["pairs"] == [f["b"], f["a"]] and st["people"] == [0, 2]
    assert st["names"] == [seats[1][0], None, seats[1][1], None] and st["format"]["kind"] == "punti"
    m = current().match
    assert m.format.replay_ties and m.rules.options.mostra_carte
    play_out(m, random.Random(3))
    rec = web_support.call("club_record", {"club": c.to_json()})["result"]
    assert rec["recorded"] and rec["fixture"]["key"] == f["key"]
    side_b_won = m.result().winner == 0
    assert rec["fixture"]["result"]["winner"] == (f["b"] if side_b_won else f["a"])
    stored = rec["club"]
    assert web_support.call("club_record", {"club": stored})["result"]["recorded"] is False  # once
    # the match's save loads again (its meta checked), and it is never a rematch's or a replay's
    saved = web_support.call("save")["result"]["text"]
    assert web_support.call("load", saved)["ok"]
    assert web_support.call("rematch")["error"]["code"] == "bad_input"


def test_a_match_of_another_tournament_is_not_recorded():
    c = Club.new(["A", "B", "C", "D"], Plan(1, "secca", 1), seed=5)
    other = Club.new(["A", "B", "C", "D"], Plan(1, "secca", 1), seed=6)
    f = view(c)["fixtures"][0]
    web_support.call("club_match", {"club": c.to_json(), "fixture": f["key"], "players": [["x", "y"], ["z", "w"]],
                                    "seed": 1})
    play_out(current().match, random.Random(1))
    error = web_support.call("club_record", {"club": other.to_json()})["error"]
    assert (error["code"], error["reason"]) == ("bad_input", "bad_fixture")


def test_a_fixture_scores_no_victory_points():
    """Issue 33: the club ranks by matches won (source 004): a best-of-three fixture's summary shows
    no VP, though a smazzate match elsewhere would."""
    c = Club.new(["A", "B", "C", "D"], Plan(1, "tre", 3), seed=5)
    f = view(c)["fixtures"][0]
    st = web_support.call("club_match", {"club": c.to_json(), "fixture": f["key"], "players": [["x", "y"], ["z", "w"]],
                                         "seed": 9, "level": "principiante"})["state"]
    assert st["format"]["kind"] == "smazzate"
    st = web_support.call("abandon")["state"]
    assert st["status"] == "match-over" and st["match"]["vp"] is not None and st["match"]["vp_scored"] is False


def test_a_fixture_at_an_online_table_seats_each_person_where_the_lobby_invites_him():
    """A fixture played online: ``club_table`` says before the start which seats are people's (the
    lobby's invites), ``club_match`` with ``online`` puts the same people there, this page hosting
    the table's room; its result is recorded as a fixture played here is."""
    c = Club.new(["Anna e Marco", "Lia – Ugo", "Pia/Ivo", "I Lupi"], Plan(1, "secca", 3), seed=5)
    f = view(c)["fixtures"][0]
    players = [["Anna", None], ["Lia", "Ugo"]]
    table = web_support.call("club_table", {"club": c.to_json(), "fixture": f["key"], "players": players})["result"]
    assert table == {"people": [0, 1, 3], "names": ["Anna", "Lia", None, "Ugo"], "pairs": [f["a"], f["b"]]}
    st = web_support.call("club_match", {"club": c.to_json(), "fixture": f["key"], "players": players, "seed": 4,
                                         "online": True, "room": "clubtable42"})["state"]
    assert (st["people"], st["online"], st["room"]) == (table["people"], True, "clubtable42")
    assert st["names"] == table["names"]
    play_out(current().match, random.Random(2))
    assert web_support.call("club_record", {"club": c.to_json()})["result"]["recorded"]
    bad = web_support.call("club_match", {"club": c.to_json(), "fixture": f["key"], "players": players, "seed": 4,
                                          "online": True, "room": "no room!"})
    assert bad["ok"] is False and "traceback" not in json.dumps(bad).lower()
