"""The accuracy separates skill (issue 34): on a small fixed set of arena games of two-player classica
(tests/ai/fixtures/accuracy, written once by ``bench/ai.py --only accuracy --records``: each known
player against esperto), random play < the shared heuristic bot < campione, each player's own moves
analysed. A small node budget keeps it cheap; bench/ai.py measures the real one's figures."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest

from briscola.accuracy import Verdict, move_accuracy
from briscola.analysis import analyse
from briscola.record import parse_record

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "accuracy" / "classica-2"
NODES = 5_000  # a quarter of the page's budget: noisier, so a little kinder to everyone


def accuracies(player: str) -> list[float]:
    """The accuracy of each deal ``player`` played in the fixtures (its seats, not esperto's)."""
    folder = FIXTURES / player
    out = []
    for game in json.loads((folder / "index.json").read_text()):
        record = parse_record(json.loads((folder / game["file"]).read_text()))
        for seat, who in enumerate(game["seats"]):
            if who == player:
                result = analyse(record, seat, NODES)
                if result.accuracy is not None:
                    out.append(result.accuracy)
    return out


def test_random_play_below_the_heuristic_bot_below_campione() -> None:
    means = {p: statistics.fmean(accuracies(p)) for p in ("random", "heuristic_bot", "campione")}
    assert means["random"] < means["heuristic_bot"] < means["campione"], means


def test_one_blunder_pulls_the_deal_down() -> None:
    """Nine moves as good as the best and one that threw the deal away: a third below the nine's
    100, however much was at stake in it (no move alone makes the deal); a slip costs little."""
    good = [(100.0, 5.0)] * 9
    assert Verdict.of(good).accuracy == 100.0
    for stake in (8.0, 30.0, 80.0):
        assert 60 < Verdict.of([*good, (move_accuracy(25.0), stake)]).accuracy < 70
    assert Verdict.of([*good, (move_accuracy(0.5), 5.0)]).accuracy > 90
    assert Verdict.of([(100.0, 0.0), (0.0, 0.0)]).accuracy is None  # no real choice: nothing to judge


@pytest.mark.parametrize("lost", [0.0, 0.5, 1.0, 2.0, 5.0, 10.0, 40.0])
def test_the_curve_falls_from_100_to_0(lost: float) -> None:
    a = move_accuracy(lost)
    assert 0.0 <= a <= 100.0 and (lost > 0 or a == 100.0)
    assert move_accuracy(lost + 0.5) <= a
