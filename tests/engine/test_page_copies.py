"""The page keeps no copy of the engine's data: it imports static/engine/rules-data.js, generated
at build from the engine (briscola.page_data, tests/engine/test_page_data.py). What it adds of its
own to that data must still agree with the engine: tests/js/ checks that on the built modules
(tournament-view.test.mjs: the number of pairs the form offers first)."""

from __future__ import annotations

import random
import re
from pathlib import Path

from briscola.page_data import page_data
from briscola.state import Deal, shuffled_deck
from briscola.variants import VARIANTS, Rules
from briscola.view import view_of

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
        if path.parent.name in ("strings", "decks", "vendor") or path.name == "rules-data.js":  # (generated)
            continue
        text = path.read_text()
        for copy in copies:
            assert copy not in text, (path.relative_to(STATIC).as_posix(), copy)


def test_the_ops_phases_and_cards_come_from_the_engine() -> None:
    """Issue 38: every `OP.x` the page calls is an operation of briscola/web.py's (api.js makes OP from
    rules-data.js's OPS: a name the engine lacks would be undefined); no module spells the ranks or
    the suits, and the saved table's check takes its phases from the view's."""
    camel = {op.split("_")[0] + "".join(w.title() for w in op.split("_")[1:]) for op in DATA["OPS"]}
    for path in STATIC.rglob("*.js"):
        if path.parent.name == "vendor" or path.name == "rules-data.js":  # (generated)
            continue
        text = path.read_text()
        used = set(re.findall(r"\bOP\.([A-Za-z]+)", text))
        assert used <= camel, (path.relative_to(STATIC).as_posix(), used - camel)
        for literal in (f'"{DATA["CARDS"]["ranks"]}"', f'"{DATA["CARDS"]["suits"]}"', '"auction", "call"'):
            assert literal not in text, (path.relative_to(STATIC).as_posix(), literal)
    assert {"cut", "draw", "over"} <= set(DATA["PHASES"])


def test_every_phase_a_view_shows_is_in_the_generated_list() -> None:
    """Random deals of each game (a few, so that Brisca's exchange comes), cut first, seen from every
    seat at every step: the phase is always one of PHASES (what the page's check of a saved table
    accepts)."""
    rng = random.Random(38)
    seen: set[str] = set()
    for name, variant in VARIANTS.items():
        rules = Rules.make(name, variant.players[0])
        for _ in range(6):
            deal = Deal(rules, 0, shuffled_deck(rules, rng), cutter=1)
            while True:
                seen |= {view_of(deal, s).phase for s in range(rules.players)}
                if deal.phase == "over":
                    break
                deal.apply(rng.choice(deal.legal_actions()))
    assert seen <= set(DATA["PHASES"]) and {"cut", "play", "over", "auction", "exchange", "draw"} <= seen, seen
