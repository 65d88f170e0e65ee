"""The page keeps no copy of the engine's data: it imports static/engine/rules-data.js, generated
at build from the engine (briscola.page_data, tests/engine/test_page_data.py). What it adds of its
own to that data must still agree with the engine: tests/js/ checks that on the built modules
(tournament-view.test.mjs: the number of pairs the form offers first)."""

from __future__ import annotations

from pathlib import Path

from briscola.page_data import page_data

STATIC = Path(__file__).resolve().parents[2] / "static"
DATA = page_data()


def test_the_page_keeps_no_copy_of_the_engines_tables() -> None:
    """The games, the levels, the trick orders, the shapes' numbers of pairs, the 2s offered at
    three and the action fields appear in no page module as literals (the strings and the deck
    drawings name them in words)."""
    copies = [", ".join(f'"{x}"' for x in DATA["LEVELS"]), ", ".join(f'"{x}"' for x in DATA["VARIANTS"]),
              *{v["order"][:5] for v in DATA["VARIANTS"].values()},
              *{", ".join(map(str, s["pairs"])) for s in DATA["TOURNAMENTS"].values()},
              ", ".join(f'"{x}"' for x in DATA["REMOVABLE_TWOS"]), 'pass: "boolean"']
    for path in STATIC.rglob("*.js"):
        if path.parent.name in ("strings", "decks", "vendor"):
            continue
        text = path.read_text()
        for copy in copies:
            assert copy not in text, (path.relative_to(STATIC).as_posix(), copy)
