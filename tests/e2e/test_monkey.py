"""The monkey test (issue 11): an impatient, careless player over a whole match.

One match for each thing the tables and speeds make different: every variant with its own
decisions (Brisca's exchange, the chiamata auction and call), two, five and six seats (three and
four bring the monkey nothing of their own: test_layout plays both, test_web_games four), and every
kind of timing. Seeded so a failure repeats. bench/monkey.py plays the
full cross product of tables and speeds, longer.
"""

from __future__ import annotations

from typing import Any

import pytest
from monkey import TABLES, play_on

# Speeds only scale the animations (static/table/anim.js): none at istantanea, where the engine's
# answers race the input; then longer and longer flights and pauses for input to land in. Each
# kind of timing once (no animation, the default speed, the slowest), on the cheapest table that
# still brings something of its own. Veloce is normale's flights shortened, nothing of its own;
# the three-seat table it was played on is test_layout's too (its first tricks, every screen), its
# 2 taken out test_rituals_page's and the engine's. bench/monkey.py plays every speed and table.
RUNS = [
    (("brisca", 2), "istantanea"),  # two seats, the trump exchange: the most plays of the player's
    (("chiamata", 5), "normale"),  # the auction and the call; teams found in play; the default speed
    (("biscambiggia", 6), "lenta"),  # six seats, two teams of three; five computers at the slowest speed
]


# Each match reloads three times and opens a second tab twice, at moments the seed draws (a run
# at lenta would otherwise do each some seven times, ~3 CPU-s of Python start apiece); bench/monkey.py
# leaves them to the dice.
STARTS = (3, 2)


@pytest.mark.parametrize(("table", "speed"), RUNS, ids=[f"{v}-{n}-{s}" for (v, n), s in RUNS])
def test_monkey_plays_a_whole_match(site: str, warm: Any, watch: Any, table: tuple[str, int], speed: str) -> None:
    variant, players = table
    report = play_on(warm(), site, variant, players, speed, 1000 + TABLES.index(table), watch.errors,
                     starts=STARTS)
    assert report.plays > 0 and report.checks > 0, report
    assert report.junk.get("reload", 0) <= STARTS[0] and report.junk.get("second_tab", 0) <= STARTS[1], report
