"""The monkey test (issue 11): an impatient, careless player over a whole match of every table.

Every variant and player count, each at one of the four speeds (in turn, so every speed is
played), seeded so a failure repeats. bench/monkey.py plays the full cross product, longer.
"""

from __future__ import annotations

from typing import Any

import pytest
from monkey import SPEEDS, TABLES, play_one


@pytest.mark.parametrize(("index", "table"), list(enumerate(TABLES)), ids=[f"{v}-{n}" for v, n in TABLES])
def test_monkey_plays_a_whole_match(site: str, browser: Any, index: int, table: tuple[str, int]) -> None:
    variant, players = table
    report = play_one(browser, site, variant, players, SPEEDS[index % len(SPEEDS)], 1000 + index)
    assert report.plays > 0 and report.checks > 0, report
