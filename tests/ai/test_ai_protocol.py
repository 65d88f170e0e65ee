"""The agent protocol: views round-trip through JSON, bad lines get an error and the bot goes on."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from ai_support import positions

from briscola.ai.protocol import ProtocolError, run_agent, view_from_json
from briscola.variants import TABLES
from briscola.view import view_of, view_to_json


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_view_round_trips_through_json(variant: str, players: int) -> None:
    for deal in positions(variant, players, seed=13, count=15):
        for seat in range(players):
            view = view_of(deal, seat)
            assert view_from_json(json.loads(json.dumps(view_to_json(view)))) == view


def test_minimal_request_of_record_md() -> None:
    request = {"variant": "classica", "players": 2, "seat": 0, "dealer": 1,
               "options": {}, "hand": ["AD", "3S", "7B"], "trump": "KD", "stock": 32,
               "tricks": [{"leader": 0, "cards": ["2C", "4C"], "winner": 1}],
               "trick": ["5S"], "points": [0, 0]}
    view = view_from_json(request)
    assert view.hand_sizes == (3, 2) and view.leader == 1 and len(view.legal) == 3


@pytest.mark.parametrize(("request_", "message"), [
    ([1, 2], "JSON object"),
    ({"variant": "classica", "players": 2, "seat": 0}, "missing key 'hand'"),
    ({"variant": "scopa", "players": 2, "seat": 0, "hand": []}, "unknown variant"),
    ({"variant": "classica", "players": 2, "seat": 0, "hand": ["ZZ"]}, "unknown card"),
    ({"variant": "classica", "players": 2, "seat": 0, "hand": ["AD", "AD", "2C"], "stock": 34,
      "trump": "KD"}, "twice"),
    ({"variant": "classica", "players": 2, "seat": 5, "hand": ["AD"]}, "seat"),
    ({"variant": "classica", "players": 2, "seat": 0, "hand": ["AD", "2C", "3C"], "stock": 12,
      "trump": "KD"}, "should hold"),
])
def test_bad_requests_are_clear_errors(request_, message: str) -> None:
    with pytest.raises((ProtocolError, ValueError), match=message):
        view_from_json(request_)


def test_agent_answers_each_line_and_survives_bad_ones() -> None:
    deal = positions("classica", 2, seed=1, count=1)[0]
    good = json.dumps(view_to_json(view_of(deal, deal.to_move)))
    out = io.StringIO()
    run_agent(io.StringIO(f"{good}\n{{broken\n[]\n\n{good}\n"), out, "esperto", seed=3)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(lines) == 4
    assert "play" in lines[0] and lines[0] == lines[3]
    assert "error" in lines[1] and "error" in lines[2]


def test_agent_command_line() -> None:
    deal = positions("brisca", 2, seed=2, count=1)[0]
    good = json.dumps(view_to_json(view_of(deal, deal.to_move)))
    proc = subprocess.run([sys.executable, "-m", "briscola", "agent", "--level", "campione", "--seed", "4"],
                          input=f"not json\n{good}\n", capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and proc.stderr == ""
    first, second = proc.stdout.splitlines()
    assert "error" in json.loads(first)
    assert json.loads(second).keys() == {"play"}
