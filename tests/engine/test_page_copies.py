"""Data the page keeps a copy of, because it draws it before Python is up, must agree with the engine."""

from __future__ import annotations

import re
from pathlib import Path

from briscola.tournament import SHAPES

STATIC = Path(__file__).resolve().parents[2] / "static"


def test_the_tournament_setup_offers_the_pairs_the_engine_allows() -> None:
    src = (STATIC / "screens/tournament-view.js").read_text()
    block = re.search(r"const SHAPES = \{(.*?)\n\};", src, re.S)
    assert block, "static/screens/tournament-view.js no longer has its SHAPES table"
    page = {m[1]: ([int(n) for n in m[2].split(",")], int(m[3]))
            for m in re.finditer(r"(\w+): \{ pairs: \[([\d, ]+)\], first: (\d+) \}", block[1])}
    assert set(page) == set(SHAPES)
    for name, (pairs, first) in page.items():
        assert tuple(pairs) == SHAPES[name].pairs, name
        assert first in pairs, name
