"""The command line with bad input of every kind, through the real ``python -m briscola``: exit
status 2 and exactly one short line on standard error; the agent answers every line, whatever its
bytes, and goes on (issue 11, rows 9 and 10)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from briscola.cards import DECK
from briscola.match import Match
from briscola.variants import Rules
from briscola.view import view_of, view_to_json

ROOT = Path(__file__).resolve().parents[2]
LINE_LIMIT = 300
RECORD = {"format": "briscola-record/1", "variant": "classica", "players": 2, "dealer": 0,
          "deck": [c.code for c in DECK], "actions": [{"play": "AD"}]}


def run(*args: str, stdin: bytes = b"", strict: bool = False) -> subprocess.CompletedProcess:
    """``strict``: standard streams decode UTF-8 strictly (as in a UTF-8 locale), not with the C
    locale's surrogateescape, which hid row 9."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), **({"PYTHONIOENCODING": "utf-8:strict"} if strict else {})}
    return subprocess.run([sys.executable, "-m", "briscola", *args], input=stdin, capture_output=True, cwd=ROOT,
                          env=env, timeout=120)


def assert_one_line(proc: subprocess.CompletedProcess, fragment: str) -> str:
    err = proc.stderr.decode("utf-8")
    assert proc.returncode == 2, err
    assert proc.stdout == b""
    assert err.endswith("\n") and err.count("\n") == 1 and "\r" not in err, err[:500]
    assert "Traceback" not in err and len(err) <= LINE_LIMIT + 1, err[:500]
    assert fragment in err, err
    return err


def record_with(**changes: object) -> bytes:
    return json.dumps({**RECORD, **changes}).encode()


USAGE = [
    # (id, argv, fragment)
    ("no-command", [], "required: command"),
    ("unknown-command", ["bogus"], "invalid choice"),
    ("replay-without-file", ["replay"], "required: file"),
    ("replay-extra-argument", ["replay", "a", "b"], "unrecognized arguments"),
    ("agent-seed-not-a-number", ["agent", "--seed", "x"], "invalid int value"),
    ("agent-unknown-level", ["agent", "--level", "maestro\nsecond line"], "unknown level"),
    ("arena-unknown-option", ["arena", "esperto", "random", "--bogus"], "unrecognized arguments"),
    ("arena-no-deals", ["arena", "esperto", "random", "--deals", "0"], "--deals must be at least 1"),
    ("arena-unknown-player", ["arena", "maestro", "random", "--deals", "1"], "unknown player"),
    ("arena-bad-players", ["arena", "esperto", "random", "--players", "9", "--deals", "1"], "not 9"),
    ("replay-missing-file", ["replay", "/nonexistent/record.json"], "cannot read"),
    ("replay-directory", ["replay", "/"], "cannot read"),
    ("replay-file-name-with-newline", ["replay", "/nonexistent/a\nb.json"], "a\\nb.json"),
    ("analyse-without-file", ["analyse"], "required: file"),
    ("analyse-missing-file", ["analyse", "/nonexistent/record.json"], "cannot read"),
    ("analyse-seat-not-a-number", ["analyse", "-", "--seat", "x"], "invalid int value"),
    ("analyse-unknown-language", ["analyse", "-", "--lang", "fr"], "invalid choice"),
]


@pytest.mark.parametrize(("argv", "fragment"), [u[1:] for u in USAGE], ids=[u[0] for u in USAGE])
def test_usage_errors_are_one_line(argv, fragment):
    assert_one_line(run(*argv), fragment)


BAD_RECORDS = [
    # (id, file contents, fragment)
    ("key-with-newline", record_with(**{"bad\nkey": 1}), "unknown key(s): bad\\nkey"),
    ("key-with-terminal-escape", record_with(**{"\x1b[2J": 1}), "\\x1b[2J"),
    ("huge-value", record_with(variant="x" * 300_000), "unknown variant"),
    ("huge-card", record_with(actions=[{"play": "x" * 300_000}]), "action 0"),
    ("huge-unknown-action", record_with(actions=[{"y" * 300_000: 1}]), "unknown action"),
    ("fifty-megabytes", b'{"format": "' + b"x" * 50_000_000 + b'"}', "too big"),
    ("deep", b"[" * 100_000 + b"]" * 100_000, "too deeply nested"),
    ("deep-unclosed", b'{"a":' * 50_000, "too deeply nested"),
    ("not-utf8", b'{"format": "\xff\xfe"}', "UTF-8"),
    ("nan", record_with(dealer=0).replace(b'"dealer": 0', b'"dealer": NaN'), "not valid JSON"),
    ("huge-number", record_with(dealer=0).replace(b'"dealer": 0', b'"dealer": ' + b"9" * 5000), "not valid JSON"),
    ("empty", b"", "not valid JSON"),
    ("illegal-action", record_with(actions=[{"play": "AD"}, {"play": "AD"}]), "action 1"),
]


@pytest.mark.parametrize(("data", "fragment"), [b[1:] for b in BAD_RECORDS], ids=[b[0] for b in BAD_RECORDS])
def test_replay_bad_input_is_one_short_line(data, fragment, tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(data)
    assert_one_line(run("replay", str(path)), fragment)
    assert_one_line(run("replay", "-", stdin=data, strict=True), fragment)
    assert_one_line(run("analyse", str(path)), fragment)  # the same reading of a record


def test_a_byte_order_mark_is_not_an_error(tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(RECORD).encode())
    proc = run("replay", str(path))
    assert proc.returncode == 0 and proc.stderr == b"" and json.loads(proc.stdout)["finished"] is False


# --------------------------------------------------------------------------- the agent

def a_request() -> bytes:
    """What the seat to move sees two tricks into a deal, as an agent request."""
    m = Match.new(Rules.make("classica", 2), seed=1)
    for _ in range(4):
        m.apply(m.deal.legal_actions()[0])
    return json.dumps(view_to_json(view_of(m.deal, m.deal.to_move))).encode()

BAD_LINES = [
    # (id, line bytes, fragment of the error answer)
    ("invalid-utf8", b"\xff\xfe{}", "UTF-8"),
    ("lone-surrogate-bytes", b'"\xed\xa0\x80"', "UTF-8"),
    ("nul", b"\x00", "not valid JSON"),
    ("carriage-return-inside", b'{"variant":\r"classica"}', "missing key"),
    ("deep", b"[" * 100_000 + b"]" * 100_000, "too deeply nested"),
    ("huge-line", b"x" * 3_000_000, "too big"),
    ("huge-string", b'"' + b"y" * 2_000_000 + b'"', "too big"),
    ("nan", b'{"variant": NaN}', "not valid JSON"),
    ("not-an-object", b"[]", "JSON object"),
    ("huge-key", json.dumps({"variant": "classica", "players": 2, "seat": 0, "hand": ["AD"], "z" * 500_000: 1,
                             "hands": {"x": []}}).encode(), "cannot read the request"),
    ("bad-types", b'{"variant": "classica", "players": 2, "seat": 0, "hand": "AD", "tricks": {}}', "list"),
]


@pytest.mark.parametrize(("line", "fragment"), [b[1:] for b in BAD_LINES], ids=[b[0] for b in BAD_LINES])
def test_the_agent_answers_every_line_whatever_its_bytes(line, fragment):
    good = a_request()
    proc = run("agent", "--level", "esperto", "--seed", "3", stdin=good + b"\n" + line + b"\n\n" + good + b"\n",
               strict=True)
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr[-500:]
    answers = [json.loads(x) for x in proc.stdout.decode("ascii").splitlines()]
    assert len(answers) == 3, answers
    assert answers[0] == answers[2] and set(answers[0]) == {"play"}
    assert set(answers[1]) == {"error"} and isinstance(answers[1]["error"], str)
    assert fragment in answers[1]["error"] and len(answers[1]["error"]) <= 200


def test_the_agent_answers_a_line_without_its_newline_at_the_end():
    proc = run("agent", "--level", "esperto", stdin=b"\xff\n" + a_request(), strict=True)
    assert proc.returncode == 0 and len(proc.stdout.splitlines()) == 2


def test_a_closed_standard_input_is_one_line_or_no_request():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def closed(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "briscola", *args], capture_output=True, cwd=ROOT, env=env,
                              timeout=60, preexec_fn=lambda: os.close(0))

    assert_one_line(closed("replay", "-"), "standard input is closed")
    assert_one_line(closed("analyse", "-"), "standard input is closed")
    agent = closed("agent")
    assert (agent.returncode, agent.stdout, agent.stderr) == (0, b"", b"")
