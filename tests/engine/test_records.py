"""Whole-deal records as fixtures, replayed through the engine and the command line (RECORD.md)."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from referee import referee

from briscola.record import FORMAT, Record, loads, replay, result_json
from briscola.variants import TABLES

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
NAMES = sorted(p.name[:-len(".expected.json")] for p in FIXTURES.glob("*.expected.json"))
KEYS = ["tricks", "points", "team_points", "winner", "finished"]


def load(name: str) -> tuple[dict, dict]:
    record = json.loads((FIXTURES / f"{name}.json").read_text())
    expected = json.loads((FIXTURES / f"{name}.expected.json").read_text())
    return record, expected


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "briscola", "replay", *args], input=stdin, capture_output=True,
                          text=True, cwd=ROOT, env=env, timeout=60)


def test_every_variant_and_table_has_a_fixture() -> None:
    tables = set()
    for name in NAMES:
        record, _ = load(name)
        tables.add((record["variant"], record["players"]))
    assert tables == set(TABLES)
    assert len(NAMES) >= 20


@pytest.mark.parametrize("name", NAMES)
def test_expected_output_agrees_with_the_independent_referee(name: str) -> None:
    record, expected = load(name)
    assert referee(record) == expected


@pytest.mark.parametrize("name", NAMES)
def test_engine_replay_matches_expected(name: str) -> None:
    record, expected = load(name)
    deal = replay(loads(json.dumps(record)))
    assert result_json(deal) == expected
    # writing the replayed deal again gives the same actions (seats only where the record needs them)
    rewritten = Record.of_deal(deal).to_json()
    assert [{k: v for k, v in a.items() if k != "seat" or "exchange" in a} for a in record["actions"]] == \
        rewritten["actions"]
    assert rewritten["deck"] == record["deck"] and rewritten["format"] == FORMAT


@pytest.mark.parametrize("name", NAMES)
def test_cli_replay_file(name: str) -> None:
    _, expected = load(name)
    run = cli(str(FIXTURES / f"{name}.json"))
    assert (run.returncode, run.stderr) == (0, "")
    out = json.loads(run.stdout)
    assert list(out)[:5] == KEYS
    assert set(out) == set(KEYS) | ({"scores"} if "scores" in expected else set())
    assert out == expected  # field by field
    assert run.stdout.count("\n") == 1  # one JSON document on one line


@pytest.mark.parametrize("name", ["classica-2-handchecked", "brisca-2-exchange", "chiamata-points-raise",
                                  "chiamata-all-pass", "biscambiggia-6"])
def test_cli_replay_stdin(name: str) -> None:
    record, expected = load(name)
    run = cli("-", stdin=json.dumps(record))
    assert run.returncode == 0 and run.stderr == "" and json.loads(run.stdout) == expected


FIXTURE_FACTS = [
    ("classica-2-vinco-subito", lambda r, e: r["options"]["vinco_subito"] and e["finished"]
     and len(e["tricks"]) < 20 and max(e["team_points"]) >= 61),
    ("classica-4-vinco-subito", lambda r, e: e["finished"] and len(e["tricks"]) < 10),
    ("classica-2-mid-trick", lambda r, e: not e["finished"] and e["winner"] is None and len(r["actions"]) % 2 == 1),
    ("classica-3-removed-2D", lambda r, e: "2D" not in r["deck"] and "2S" in r["deck"]
     and r["options"]["removed_two"] == "2D"),
    ("classica-3", lambda r, e: "2S" not in r["deck"] and len(r["deck"]) == 39 and e["winner"] is not None),
    ("classica-3-void", lambda r, e: e["finished"] and e["winner"] is None),
    ("brisca-2-exchange", lambda r, e: sum("exchange" in a for a in r["actions"]) >= 2),
    ("brisca-4-exchange", lambda r, e: any("exchange" in a for a in r["actions"])),
    ("brisca-2-stopped-at-exchange", lambda r, e: not e["finished"]),
    ("biscambiggia-6", lambda r, e: len(r["deck"]) == 36 and len(e["team_points"]) == 2),
    ("chiamata-points-raise", lambda r, e: any(a.get("points") for a in r["actions"]) and sum(e["scores"]) == 0),
    ("chiamata-rank-bid", lambda r, e: all("points" not in a for a in r["actions"])),
    ("chiamata-alone", lambda r, e: len([s for s in e["scores"] if s != e["scores"][1]]) >= 1),
    ("chiamata-all-pass", lambda r, e: e == {"tricks": [], "points": [0] * 5, "team_points": [0, 0],
                                             "winner": None, "finished": True, "scores": [0] * 5}),
    ("chiamata-mid-auction", lambda r, e: not e["finished"] and e["scores"] == [0] * 5 and e["tricks"] == []),
]


@pytest.mark.parametrize(("name", "fact"), FIXTURE_FACTS, ids=[f[0] for f in FIXTURE_FACTS])
def test_fixture_shows_what_it_is_for(name: str, fact) -> None:
    record, expected = load(name)
    assert fact(record, expected)


def test_stopped_at_exchange_replays_with_the_window_open() -> None:
    record, _ = load("brisca-2-stopped-at-exchange")
    deal = replay(loads(json.dumps(record)))
    assert deal.phase == "exchange" and deal.exchange_allowed(deal.to_move)


# --------------------------------------------------------------------------- the error contract

def base(name: str = "classica-2-handchecked") -> dict:
    return copy.deepcopy(load(name)[0])


def edit(name: str, change) -> str:
    record = base(name)
    change(record)
    return json.dumps(record)


def _set(record: dict, key: str, value) -> None:
    record[key] = value


def _swap_deck(record: dict, i: int, code: str) -> None:
    record["deck"][i] = code


CHIAMATA_BIDS = {"format": FORMAT, "variant": "chiamata", "players": 5, "dealer": 4,
                 "deck": [r + s for s in "DCBS" for r in "A234567JQK"]}

ERRORS = [
    # (id, record text, where, reason fragment)
    ("illegal-card", edit("classica-2-handchecked", lambda r: r["actions"].__setitem__(1, {"play": "AC"})),
     "action 1", "AC is not in seat 0's hand"),
    ("unknown-card-in-action", edit("classica-2-handchecked", lambda r: r["actions"].__setitem__(2, {"play": "9D"})),
     "action 2", "unknown card"),
    ("wrong-seat", edit("classica-2-handchecked", lambda r: r["actions"].__setitem__(0, {"play": "AD", "seat": 0})),
     "action 0", "seat 1's turn"),
    ("seat-not-a-number", edit("classica-2-handchecked",
                               lambda r: r["actions"].__setitem__(0, {"play": "AD", "seat": "1"})),
     "action 0", "seat must be a whole number"),
    ("bid-does-not-beat", json.dumps({**CHIAMATA_BIDS, "actions": [{"bid": "K"}, {"bid": "A"}]}),
     "action 1", "does not beat"),
    ("raise-does-not-beat", json.dumps({**CHIAMATA_BIDS, "actions": [{"bid": "2"}, {"bid": "2", "points": 61}]}),
     "action 1", "does not beat"),
    ("raise-over-120", json.dumps({**CHIAMATA_BIDS, "actions": [{"bid": "2", "points": 121}]}),
     "action 0", "does not beat"),
    ("passed-seat-bids", json.dumps({**CHIAMATA_BIDS, "actions": [
        {"pass": True}, {"bid": "K"}, {"bid": "Q", "seat": 0}]}), "action 2", "seat 2's turn"),
    ("play-during-auction", json.dumps({**CHIAMATA_BIDS, "actions": [{"play": "AD"}]}),
     "action 0", "auction"),
    ("pass-false", json.dumps({**CHIAMATA_BIDS, "actions": [{"pass": False}]}), "action 0", "pass"),
    ("unknown-suit", json.dumps({**CHIAMATA_BIDS, "actions": [{"bid": "A"}] + [{"pass": True}] * 4
                                 + [{"suit": "X"}]}), "action 5", "unknown suit"),
    ("exchange-before-a-won-trick", edit("brisca-2-exchange",
                                         lambda r: r["actions"].insert(0, {"exchange": r["deck"][0], "seat":
                                                                           (r["dealer"] + 1) % 2})),
     "action 0", "has not won a trick"),
    ("exchange-without-seat", edit("brisca-2-exchange", lambda r: r["actions"].insert(0, {"exchange": "7D"})),
     "action 0", "must name its seat"),
    ("exchange-in-classica", edit("classica-2-handchecked",
                                  lambda r: r["actions"].insert(2, {"exchange": "3D", "seat": 1})),
     "action 2", "no trump exchange"),
    ("action-after-the-end", edit("classica-2-vinco-subito", lambda r: r["actions"].append({"play": "AD"})),
     "action", "the deal is over"),
    ("action-not-an-object", edit("classica-2-handchecked", lambda r: r["actions"].__setitem__(3, ["QD"])),
     "action 3", "must be a JSON object"),
    ("unknown-action", edit("classica-2-handchecked", lambda r: r["actions"].__setitem__(0, {"lay": "AD"})),
     "action 0", "unknown action"),
    ("malformed-json", '{"format": "briscola-record/1", "variant": ', "record", "not valid JSON"),
    ("empty-input", "", "record", "not valid JSON"),
    ("not-an-object", "[1, 2]", "record", "must be a JSON object"),
    ("wrong-format", edit("classica-2-handchecked", lambda r: _set(r, "format", "pgn")), "record", "format"),
    ("missing-key", edit("classica-2-handchecked", lambda r: r.pop("deck")), "record", "missing key 'deck'"),
    ("unknown-key", edit("classica-2-handchecked", lambda r: _set(r, "moves", [])), "record", "unknown key"),
    ("deck-missing-card", edit("classica-2-handchecked", lambda r: r["deck"].pop()), "record", "misses KS"),
    ("deck-repeated-card", edit("classica-2-handchecked", lambda r: _swap_deck(r, 39, "AD")), "record",
     "AD appears twice"),
    ("deck-unknown-card", edit("classica-2-handchecked", lambda r: _swap_deck(r, 5, "XD")), "record",
     "unknown card code 'XD'"),
    ("deck-removed-two-present", edit("classica-3", lambda r: _swap_deck(r, 0, "2S") if "2S" not in r["deck"]
                                      else None), "record", "2S"),
    ("deck-not-a-list", edit("classica-2-handchecked", lambda r: _set(r, "deck", "AD 2D")), "record", "deck"),
    ("unknown-variant", edit("classica-2-handchecked", lambda r: _set(r, "variant", "tressette")), "record",
     "unknown variant 'tressette'"),
    ("variant-not-a-string", edit("classica-2-handchecked", lambda r: _set(r, "variant", ["classica"])), "record",
     "unknown variant"),
    ("bad-player-count", edit("classica-2-handchecked", lambda r: _set(r, "players", 5)), "record",
     "not 5"),
    ("player-count-not-a-number", edit("classica-2-handchecked", lambda r: _set(r, "players", "2")), "record",
     "players must be a whole number"),
    ("dealer-out-of-range", edit("classica-2-handchecked", lambda r: _set(r, "dealer", 2)), "record", "dealer"),
    ("unknown-option", edit("classica-2-handchecked", lambda r: _set(r, "options", {"tempo": 3})), "record",
     "unknown option 'tempo'"),
    ("option-wrong-type", edit("classica-2-handchecked", lambda r: _set(r, "options", {"vinco_subito": "yes"})),
     "record", "vinco_subito"),
    ("options-not-an-object", edit("classica-2-handchecked", lambda r: _set(r, "options", [])), "record",
     "options must be an object"),
    ("deeply-nested", "[" * 100000 + "]" * 100000, "record", ""),
]


@pytest.mark.parametrize(("text", "where", "reason"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS])
def test_cli_error_contract(text: str, where: str, reason: str, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    for run in (cli(str(path)), cli("-", stdin=text)):
        assert run.returncode == 2
        assert run.stdout == ""
        assert "Traceback" not in run.stderr
        assert run.stderr.endswith("\n") and run.stderr.count("\n") == 1, run.stderr
        line = run.stderr.strip()
        assert line.startswith(f"replay: {where}"), line
        assert reason in line, line


def test_cli_missing_file(tmp_path: Path) -> None:
    run = cli(str(tmp_path / "nowhere.json"))
    assert run.returncode == 2 and run.stdout == "" and run.stderr.count("\n") == 1
    assert "cannot read" in run.stderr and "Traceback" not in run.stderr


def test_cli_binary_garbage(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    run = cli(str(path))
    assert run.returncode == 2 and run.stdout == "" and run.stderr.count("\n") == 1
    assert "Traceback" not in run.stderr
