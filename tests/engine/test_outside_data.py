"""Every value from outside (a saved match, a record or a ?record= link, statistics, a tournament,
the page's calls) is checked before use, and a refusal reaches the page as codes it words in the
player's language, never as the engine's English (issue 11, rows 6, 11, 12, 15, 16)."""

from __future__ import annotations

import ast
import base64
import json
import random
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from web_support import act_for, call, current

from briscola import web
from briscola.errors import REASONS, BriscolaError
from briscola.record import Record, from_link
from briscola.record import loads as record_loads
from briscola.save import _digest, load_match
from briscola.tournament import Tournament
from briscola.view import view_of

ROOT = Path(__file__).resolve().parents[2]
DEEP = 8_000  # about where Pyodide's stack gives out


def deep_array(n: int = DEEP) -> str:
    return "[" * n + "]" * n


def deep_object(n: int = DEEP) -> str:
    return '{"a":' * n + "1" + "}" * n


def link_of(text: str) -> str:
    return base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).decode().rstrip("=")


def saved_match(level: str = "esperto") -> dict[str, Any]:
    """A real save from the page's operations: a match one trick in."""
    call("new", {"variant": "classica", "players": 2, "seed": 11, "level": level})
    for _ in range(2):
        d = current().match.deal
        res = act_for(d.to_move, d.legal_actions()[0].to_json())
        assert res["ok"], res
    return json.loads(call("save")["result"]["text"])


def resealed(data: dict[str, Any]) -> str:
    data["digest"] = _digest(data)
    return json.dumps(data)


def a_record() -> dict[str, Any]:
    call("new", {"variant": "classica", "players": 2, "seed": 5})
    return Record.of_deal(current().match.deal).to_json()


def a_tournament() -> dict[str, Any]:
    return {"tournament": Tournament(4, 1).to_json(), "level": "esperto"}


def nesting(text: str) -> int:
    """Nesting of JSON text, counted the plain way (independent of briscola.jsonsafe)."""
    level = top = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            top = max(top, level)
        elif ch in "]}":
            level -= 1
    return top


@pytest.fixture
def parser_guard(monkeypatch):
    """json.loads that fails the test when handed deep text: in Pyodide that call kills Python."""
    real = json.loads

    def guarded(text, *args, **kwargs):
        shown = text.decode("utf-8", "replace") if isinstance(text, bytes | bytearray) else text
        if isinstance(shown, str) and nesting(shown) > 100:
            raise AssertionError(f"text nested {nesting(shown)} deep reached json.loads")
        return real(text, *args, **kwargs)

    monkeypatch.setattr(json, "loads", guarded)


# --------------------------------------------------------------------------- row 6: too deep, too big

DEEP_CALLS = [
    # (id, op, raw argument text, code)
    ("save-text-deep", "load", json.dumps(deep_array()), "save"),
    ("save-text-deep-object", "load", json.dumps(deep_object()), "save"),
    ("save-text-deep-inside-meta", "load",
     json.dumps('{"format":"briscola-match/1","meta":{"level":"esperto","x":' + deep_array() + "}}"), "save"),
    ("load-argument-deep", "load", deep_array(), "save"),
    ("imported-record", "review", '{"record":' + deep_object() + "}", "bad_record"),
    ("record-link", "review", json.dumps({"link": link_of(deep_array())}), "bad_record"),
    ("stats", "stats", '{"stats":' + deep_object() + "}", "stats_damaged"),
    ("stats-add", "stats_add", '{"stats":{"format":"briscola-stats/1","lines":' + deep_array() + "}}",
     "stats_damaged"),
    ("tournament-open", "tournament_open", '{"tournament":{"level":"esperto","tournament":' + deep_array() + "}}",
     "tournament_damaged"),
    ("setup", "new", '{"variant":"classica","players":2,"seed":1,"options":' + deep_object() + "}", "bad_input"),
    ("act", "act", deep_array(), "bad_input"),
    ("seat-act", "seat_act", '{"seat":1,"action":' + deep_array() + "}", "bad_input"),
    ("peer-step", "fair_step", '{"steps":[{"seat":1,"action":' + deep_array() + "}]}", "bad_input"),
]


@pytest.mark.parametrize(("op", "raw", "code"), [c[1:] for c in DEEP_CALLS], ids=[c[0] for c in DEEP_CALLS])
def test_deep_json_is_refused_before_python_parses_it(parser_guard, op, raw, code):
    err = call(op, raw=raw)["error"]
    assert (err["code"], err["reason"]) == (code, "too_deep")


def test_deep_json_is_refused_by_every_reader(parser_guard):
    for read in (load_match, record_loads):
        with pytest.raises(BriscolaError) as info:
            read(deep_array())
        assert info.value.code == "too_deep"
    with pytest.raises(BriscolaError) as info:
        from_link(link_of(deep_object()))
    assert info.value.code == "too_deep"


@pytest.mark.parametrize(("op", "arg", "code"), [
    ("load", " " * 1_000_001 + "{}", "save"),
    ("review", {"link": link_of('{"format": "' + "x" * 1_100_000 + '"}')}, "bad_record"),
    ("review", {"record": {"format": "x" * 2_600_000}}, "bad_record"),
    ("stats", {"stats": {"format": "x" * 2_600_000}}, "stats_damaged"),
])
def test_too_big_is_damaged_like_any_other_damage(op, arg, code):
    err = call(op, arg)["error"]
    assert (err["code"], err["reason"]) == (code, "too_big")


def test_a_deep_object_handed_over_directly_is_refused_too():
    """match_from_json may get an object not read by jsonsafe: RecursionError is the last guard."""
    from briscola.save import match_from_json

    data = saved_match()
    deep: list[Any] = []
    for _ in range(DEEP * 2):
        deep = [deep]
    data["meta"]["x"] = deep
    with pytest.raises(BriscolaError) as info:
        match_from_json(data)
    assert info.value.code == "too_deep"


def test_brackets_inside_strings_are_not_nesting():
    """A save whose meta holds a string of brackets is an ordinary save."""
    data = saved_match()
    data["meta"]["note"] = "[" * DEEP + "{" * DEEP
    assert call("load", resealed(data))["state"]["status"] == "playing"


# --------------------------------------------------------------------------- rows 12, 15: damage has a code

def _save(change) -> str:
    data = saved_match()
    out = change(data)
    return out if isinstance(out, str) else resealed(data)


def _meta(**values: Any):
    return lambda d: d["meta"].update(values)


SAVES = [
    # (id, save text maker, reason, params)
    ("empty", lambda: "", "bad_json", {}),
    ("cut-short", lambda: _save(lambda d: resealed(d)[:-9]), "bad_json", {}),
    ("nan", lambda: _save(lambda d: re.sub('"seed": ?11', '"seed": NaN', resealed(d))), "bad_json", {}),
    ("not-an-object", lambda: "[]", "bad_shape", {}),
    ("other-version", lambda: _save(lambda d: d.update(format="briscola-match/2")), "bad_version", {}),
    ("missing-field", lambda: _save(lambda d: d.pop("abandoned") and None), "bad_shape",
     {"field": "abandoned"}),
    ("edited", lambda: _save(lambda d: json.dumps({**d, "seed": 12})), "bad_digest", {}),
    ("unknown-variant", lambda: _save(lambda d: d.update(variant="tressette")), "unknown_variant",
     {"field": "variant"}),
    ("bad-players", lambda: _save(lambda d: d.update(players=7)), "bad_players", {"field": "players"}),
    ("bad-option", lambda: _save(lambda d: d.update(options={"tempo": 3})), "bad_option", {"field": "options"}),
    ("bad-format", lambda: _save(lambda d: d.update(match={"kind": "a_tempo"})), "bad_format", {}),
    ("seed-text", lambda: _save(lambda d: d.update(seed="11")), "bad_seed", {}),
    ("seed-too-long", lambda: _save(lambda d: d.update(seed=10**40)), "bad_seed", {}),
    ("meta-not-object", lambda: _save(lambda d: d.update(meta=[])), "bad_shape", {"field": "meta"}),
    ("no-deals", lambda: _save(lambda d: d.update(deals=[])), "bad_shape", {"field": "deals"}),
    ("illegal-action", lambda: _save(lambda d: d["deals"][0].append({"play": "XX"})), "illegal_action",
     {"deal": 1, "move": 3}),
    ("next-deal-too-soon", lambda: _save(lambda d: d["deals"].append([])), "illegal_action", {"deal": 2}),
    ("abandoned-by-nobody", lambda: _save(lambda d: d.update(abandoned={"seat": 9, "timeout": False})),
     "bad_shape", {"field": "abandoned"}),
    ("abandoned-timeout-text", lambda: _save(lambda d: d.update(abandoned={"seat": 1, "timeout": "no"})),
     "bad_shape", {"field": "abandoned"}),
    # row 15: the digest recomputed, the page's own data wrong
    ("level-unknown", lambda: _save(_meta(level="maestro")), "bad_level", {"field": "level"}),
    ("level-not-text", lambda: _save(_meta(level=["esperto"])), "bad_level", {"field": "level"}),
    ("stats-counted-text", lambda: _save(_meta(stats_counted="yes")), "bad_meta", {"field": "stats_counted"}),
    ("tournament-not-object", lambda: _save(_meta(tournament=[1])), "bad_meta", {"field": "tournament"}),
    ("tournament-fixture-text", lambda: _save(_meta(tournament={"seed": 1, "pairs": 4, "fixture": "2"})),
     "bad_meta", {"field": "tournament"}),
]


@pytest.mark.parametrize(("make", "reason", "params"), [s[1:] for s in SAVES], ids=[s[0] for s in SAVES])
def test_a_damaged_save_names_its_reason(make, reason, params):
    err = call("load", make())["error"]
    assert (err["code"], err["reason"]) == ("save", reason)
    assert {k: v for k, v in err["params"].items() if v is not None} == params
    assert err["detail"] and "\n" not in err["detail"] and len(err["detail"]) <= 200


def test_a_bad_level_would_have_stalled_the_computer():
    """Row 15: such a save used to load, and after the player's first move the AI never answered."""
    text = _save(_meta(level="maestro"))
    assert "error" in call("load", text)
    good = call("load", _save(_meta(level="campione")))
    assert good["state"]["level"] == "campione"


def _record(change) -> dict[str, Any]:
    rec = a_record()
    change(rec)
    return {"record": rec}


RECORDS = [
    ("not-an-object", {"record": [1]}, "bad_shape"),
    ("other-format", _record(lambda r: r.update(format="pgn")), "bad_version"),
    ("missing-key", _record(lambda r: r.pop("deck")), "bad_shape"),
    ("unknown-key", _record(lambda r: r.update(moves=[])), "bad_shape"),
    ("unknown-variant", _record(lambda r: r.update(variant="scopa")), "unknown_variant"),
    ("bad-players", _record(lambda r: r.update(players=9)), "bad_players"),
    ("options-not-object", _record(lambda r: r.update(options=[])), "bad_option"),
    ("unknown-option", _record(lambda r: r.update(options={"tempo": 1})), "bad_option"),
    ("dealer-out-of-range", _record(lambda r: r.update(dealer=5)), "bad_dealer"),
    ("dealer-text", _record(lambda r: r.update(dealer="0")), "bad_dealer"),
    ("deck-short", _record(lambda r: r["deck"].pop()), "bad_deck"),
    ("deck-unknown-card", _record(lambda r: r["deck"].__setitem__(0, "ZZ")), "bad_deck"),
    ("deck-not-a-list", _record(lambda r: r.update(deck="AD")), "bad_deck"),
    ("actions-not-a-list", _record(lambda r: r.update(actions={})), "bad_shape"),
    ("illegal-action", _record(lambda r: r.update(actions=[{"play": "ZZ"}])), "illegal_action"),
    ("bad-link", {"link": "!!!"}, "bad_link"),
    ("link-cut-short", {"link": link_of(json.dumps({"format": "briscola-record/1"}))[:-6]}, "bad_link"),
    ("link-not-json", {"link": link_of("not json")}, "bad_json"),
    ("link-not-utf8", {"link": base64.urlsafe_b64encode(zlib.compress(b"\xff\xfe")).decode()}, "bad_json"),
]


@pytest.mark.parametrize(("arg", "reason"), [r[1:] for r in RECORDS], ids=[r[0] for r in RECORDS])
def test_a_damaged_record_names_its_reason(arg, reason):
    err = call("review", arg)["error"]
    assert (err["code"], err["reason"]) == ("bad_record", reason)
    assert len(err["detail"]) <= 200


def _stats(change) -> dict[str, Any]:
    call("new", {"variant": "classica", "players": 2, "seed": 2, "level": "esperto"})
    current().match.abandon(0)
    stats = call("stats_add", {"stats": None})["result"]["stats"]
    change(stats)
    return {"stats": stats}


STATS = [
    ("not-an-object", {"stats": [1]}, "bad_shape"),
    ("other-format", _stats(lambda s: s.update(format="briscola-stats/0")), "bad_version"),
    ("lines-not-a-list", _stats(lambda s: s.update(lines={})), "bad_shape"),
    ("count-text", _stats(lambda s: s["lines"][0].update(matches="1")), "bad_shape"),
    ("count-negative", _stats(lambda s: s["lines"][0].update(won=-1)), "bad_shape"),
    ("count-huge", _stats(lambda s: s["lines"][0].update(points=10**300)), "bad_shape"),
    ("count-fraction", _stats(lambda s: s["lines"][0].update(deals=1.5)), "bad_shape"),
    ("unknown-variant", _stats(lambda s: s["lines"][0].update(variant="scopa")), "unknown_variant"),
    ("variant-not-text", _stats(lambda s: s["lines"][0].update(variant=["classica"])), "unknown_variant"),
    ("unknown-level", _stats(lambda s: s["lines"][0].update(level="maestro")), "bad_level"),
    ("line-twice", _stats(lambda s: s["lines"].append(dict(s["lines"][0]))), "bad_shape"),
    ("recent-not-object", _stats(lambda s: s["recent"].append("won")), "bad_shape"),
    ("recent-result", _stats(lambda s: s["recent"][0].update(result="maybe")), "bad_shape"),
    ("recent-extra-field", _stats(lambda s: s["recent"][0].update(note=1)), "bad_shape"),
    ("recent-points-text", _stats(lambda s: s["recent"][0].update(points="9")), "bad_shape"),
]


@pytest.mark.parametrize(("arg", "reason"), [s[1:] for s in STATS], ids=[s[0] for s in STATS])
@pytest.mark.parametrize("op", ["stats", "stats_add"])
def test_damaged_statistics_name_their_reason(op, arg, reason):
    err = call(op, arg)["error"]
    assert (err["code"], err["reason"]) == ("stats_damaged", reason)


def test_stored_statistics_as_the_page_keeps_them_are_read():
    """The page stores the lines as stats_op sends them (average_points included)."""
    arg = _stats(lambda s: None)
    assert "average_points" in arg["stats"]["lines"][0]
    again = call("stats", arg)
    assert "error" not in again and again["result"]["stats"]["lines"][0]["matches"] == 1


def _tournament(change) -> dict[str, Any]:
    stored = a_tournament()
    change(stored)
    return {"tournament": stored}


TOURNAMENTS = [
    ("not-an-object", {"tournament": "x"}, "bad_shape"),
    ("bad-level", _tournament(lambda t: t.update(level="maestro")), "bad_level"),
    ("inner-not-object", _tournament(lambda t: t.update(tournament=None)), "bad_shape"),
    ("other-format", _tournament(lambda t: t["tournament"].update(format="x")), "bad_version"),
    ("bad-pairs", _tournament(lambda t: t["tournament"].update(pairs=99)), "bad_pairs"),
    ("pairs-text", _tournament(lambda t: t["tournament"].update(pairs="4")), "bad_pairs"),
    ("seed-text", _tournament(lambda t: t["tournament"].update(seed="1")), "bad_seed"),
    ("seed-past-javascript", _tournament(lambda t: t["tournament"].update(seed=2**60)), "bad_seed"),
    ("outcomes-not-a-list", _tournament(lambda t: t["tournament"].update(outcomes=None)), "bad_shape"),
    ("outcome-text", _tournament(lambda t: t["tournament"].update(outcomes=[{"fixture": 0, "winner": 0,
                                                                              "deals": ["2", 0], "points": [1, 2]}])),
     "bad_results"),
    ("outcome-out-of-order", _tournament(lambda t: t["tournament"].update(outcomes=[
        {"fixture": 3, "winner": 0, "deals": [2, 0], "points": [1, 2]}])), "bad_results"),
]


@pytest.mark.parametrize(("arg", "reason"), [t[1:] for t in TOURNAMENTS], ids=[t[0] for t in TOURNAMENTS])
def test_a_damaged_tournament_names_its_reason(arg, reason):
    err = call("tournament_open", arg)["error"]
    assert (err["code"], err["reason"]) == ("tournament_damaged", reason)


def raised_codes() -> set[str]:
    """Every reason code written in the package: ``code="..."`` arguments, ``code = "..."`` class
    attributes, the code argument of the modules' ``_need`` helpers, and SettingError's codes."""
    from briscola.errors import SettingError

    used = set(SettingError.CODES.values())
    for path in (ROOT / "briscola").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                args = [k.value for k in node.keywords if k.arg == "code"]
                if isinstance(node.func, ast.Name) and node.func.id == "_need":
                    args += node.args[2:3]
                used |= {a.value for a in args if isinstance(a, ast.Constant) and isinstance(a.value, str)}
            elif (isinstance(node, ast.Assign) and [getattr(t, "id", None) for t in node.targets] == ["code"]
                  and isinstance(node.value, ast.Constant)):
                used.add(node.value.value)
    return used


def test_every_code_the_engine_raises_is_a_known_reason():
    """The list of reasons is the list of what the code can raise: no code without its words."""
    used = raised_codes()
    assert {"bad_digest", "bad_version", "too_deep", "bad_level", "illegal_action"} <= used
    assert used <= set(REASONS), used - set(REASONS)


# --------------------------------------------------------------------------- row 11: huge values stay out

HUGE = "x" * 300_000

HUGE_CASES = [
    ("save-variant", "load", lambda: _save(lambda d: d.update(variant=HUGE))),
    ("save-format", "load", lambda: _save(lambda d: d.update(format=HUGE))),
    ("save-level", "load", lambda: _save(_meta(level=HUGE))),
    ("save-action", "load", lambda: _save(lambda d: d["deals"][0].append({"play": HUGE}))),
    ("save-unknown-field", "load", lambda: _save(lambda d: d.update({HUGE: 1}))),
    ("record-key", "review", lambda: _record(lambda r: r.update({HUGE + "\n": 1}))),
    ("record-variant", "review", lambda: _record(lambda r: r.update(variant=HUGE))),
    ("record-action", "review", lambda: _record(lambda r: r.update(actions=[{"play": HUGE}]))),
    ("record-unknown-action", "review", lambda: _record(lambda r: r.update(actions=[{HUGE: 1}]))),
    ("record-card", "review", lambda: _record(lambda r: r["deck"].__setitem__(0, HUGE))),
    ("stats-variant", "stats", lambda: _stats(lambda s: s["lines"][0].update(variant=HUGE))),
    ("tournament-level", "tournament_open", lambda: _tournament(lambda t: t.update(level=HUGE))),
    ("setting-variant", "new", lambda: {"variant": HUGE, "players": 2, "seed": 1}),
    ("setting-seed", "new", lambda: {"variant": "classica", "players": 2, "seed": HUGE}),
    ("setting-level", "new", lambda: {"variant": "classica", "players": 2, "seed": 1, "level": HUGE}),
    ("move", "act", lambda: {"play": HUGE}),
    ("unknown-action", "act", lambda: {HUGE: True}),
]


@pytest.mark.parametrize(("op", "make"), [h[1:] for h in HUGE_CASES], ids=[h[0] for h in HUGE_CASES])
def test_a_huge_value_never_reaches_the_message(op, make):
    arg = make()
    if op == "act":
        call("new", {"variant": "classica", "players": 2, "seed": 4})
    out = web.call(op, json.dumps(arg))
    err = json.loads(out)["error"]
    assert len(err["detail"]) <= 200 and "\n" not in err["detail"]
    assert all(len(str(v)) <= 40 for v in err.get("params", {}).values())
    assert len(json.dumps({k: v for k, v in err.items() if k != "choices"})) < 1000


# --------------------------------------------------------------------------- row 16: seeds

def _deals_of(seed: Any) -> list[Any]:
    state = call("new", {"variant": "classica", "players": 2, "seed": seed, "level": "esperto"})
    assert "error" not in state, state
    m = current().match
    return [m.seed, m.first_dealer, [c.code for c in m.deal.deck]]


@pytest.mark.parametrize(("seed", "same_as"), [
    (-5, -5), ("-5", -5), ("7", 7), ("007", 7), (1234567890123456, 1234567890123456),
    ("1234567890123456", 1234567890123456), ("9" * 30, int("9" * 30)), ("-" + "9" * 30, -int("9" * 30)),
    (0, 0), ("-0", 0),
])
def test_any_whole_number_is_a_seed(seed, same_as):
    assert _deals_of(seed) == _deals_of(same_as)
    assert _deals_of(seed)[0] == same_as


def test_the_same_seed_deals_as_before():
    """Seeds that worked before give the same deck and dealer as before (from the match seed alone)."""
    call("new", {"variant": "classica", "players": 2, "seed": 7})
    deck = [c.code for c in current().match.deal.deck]
    import random

    from briscola.state import shuffled_deck
    from briscola.variants import Rules
    assert deck == [c.code for c in shuffled_deck(Rules.make("classica", 2), random.Random("briscola:7:0"))]


def test_a_seed_past_javascripts_precision_reaches_the_page_as_text():
    state = call("new", {"variant": "classica", "players": 2, "seed": "123456789012345678901"})
    assert state["state"]["seed"] == "123456789012345678901"
    assert call("new", {"variant": "classica", "players": 2, "seed": 2**53 - 1})["state"]["seed"] == 2**53 - 1
    assert call("new", {"variant": "classica", "players": 2, "seed": -3})["state"]["seed"] == -3


def test_a_big_seed_gives_the_computer_the_move_of_its_whole_number():
    """A seed past 2**53 reaches the engine as text and stays that whole number: the computer's move
    is the one the whole number gives."""
    call("new", {"variant": "classica", "players": 2, "seed": "98765432109876543210", "level": "esperto"})
    m = current().match
    assert m.seed == 98765432109876543210
    if m.deal.to_move == 0:
        call("act", m.deal.legal_actions()[0].to_json())
    seat, history = m.deal.to_move, len(m.deal.history)
    rng = random.Random(f"ai:{98765432109876543210 * 1000 + 1}:{history}")
    expected = web.ai_move(view_of(m.deal, seat), "esperto", rng)
    assert call("ai_move")["played"] == {"seat": seat, **expected.to_json()}


@pytest.mark.parametrize("seed", ["abc", "1.5", 1.5, "", " 5", "5 ", "+5", "1e3", "1" * 31, 10**30, "٣",
                                  True, None, [5], {"seed": 5}, "--5"])
def test_anything_else_is_not_a_seed(seed):
    err = call("new", {"variant": "classica", "players": 2, "seed": seed})["error"]
    assert (err["code"], err["setting"], err["reason"]) == ("bad_setting", "seed", "bad_seed")
