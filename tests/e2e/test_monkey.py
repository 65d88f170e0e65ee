"""The monkey test (issue 11): an impatient, careless player over a whole match of every table.

Every variant and player count, each at one of the four speeds (in turn, so every speed is
played), seeded so a failure repeats. bench/monkey.py plays the full cross product, longer.
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import Watch
from monkey import SEEDED_RANDOM, SPEEDS, TABLES, Monkey


@pytest.mark.parametrize(("index", "table"), list(enumerate(TABLES)), ids=[f"{v}-{n}" for v, n in TABLES])
def test_monkey_plays_a_whole_match(site: str, browser: Any, index: int, table: tuple[str, int]) -> None:
    variant, players = table
    speed = SPEEDS[index % len(SPEEDS)]
    seed = 1000 + index
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="it-IT")
    context.add_init_script(SEEDED_RANDOM % seed)
    watch = Watch()
    page = context.new_page()
    watch.attach(page)
    try:
        page.goto(site)
        report = Monkey(context, page, site, seed, watch.errors).play_match(variant, players, speed, seed)
        assert report.plays > 0 and report.checks > 0, report
    finally:
        context.close()
