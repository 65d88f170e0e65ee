"""The page's rules data (static/engine/rules-data.js, made by ./build.sh) is generated from the engine
(briscola.page_data) and says what the engine's own tables say (test_page_copies.py: and static/
keeps no hand copy of them)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from briscola.actions import action_from_json
from briscola.errors import IllegalAction
from briscola.match_format import MatchFormat
from briscola.page_data import es_module, page_data
from briscola.seats import LEVELS
from briscola.tournament import SHAPES
from briscola.variants import VARIANTS, Rules

ROOT = Path(__file__).resolve().parents[2]
BUILT = ROOT / "static" / "engine" / "rules-data.js"
DATA = page_data()


def built_text() -> str:
    if not BUILT.exists():
        subprocess.run([str(ROOT / "build.sh")], check=True)
    return BUILT.read_text()


def test_the_built_file_is_what_the_engine_generates() -> None:
    assert built_text() == es_module(DATA)


def test_the_module_parses_back_to_the_data() -> None:
    """Each export is JSON (what a browser would evaluate, read back here without one)."""
    exports = dict(re.findall(r"^export const (\w+) = (.*);$", built_text(), re.M))
    assert {k: json.loads(v) for k, v in exports.items()} == DATA


def test_variants_and_their_tables_are_the_engines() -> None:
    assert list(DATA["VARIANTS"]) == list(VARIANTS)
    for name, v in DATA["VARIANTS"].items():
        engine = VARIANTS[name]
        assert (v["players"], v["teams"], v["order"], v["points"]) == (
            list(engine.players), list(engine.team_players), engine.order, dict(engine.points))
        for n in v["choose_two"]:
            assert len(Rules.make(name, n).removed) == 1  # one 2 leaves: the players say which
            offered = {Rules.make(name, n, {"removed_two": two}).removed for two in DATA["REMOVABLE_TWOS"]}
            assert offered == {(two,) for two in DATA["REMOVABLE_TWOS"]}  # each 2 offered is the one that leaves
    assert DATA["LEVELS"] == list(LEVELS)
    assert DATA["TOURNAMENTS"] == {k: {"pairs": list(s.pairs), "groups": s.groups} for k, s in SHAPES.items()}


@pytest.mark.parametrize("name", list(VARIANTS))
def test_the_formats_offered_are_those_that_fit(name: str) -> None:
    v = DATA["VARIANTS"][name]
    for n in v["players"]:
        default = MatchFormat.default(name, n)
        assert DATA["FORMATS"][name][str(n)] == {"kind": default.kind, "deals": default.deals}
        assert _fits(Rules.make(name, n), MatchFormat("smazzate", 2)) == (n in v["even_smazzate"])
    for kind in DATA["KINDS"]:
        fits = any(_fits(Rules.make(name, n), MatchFormat(kind, d)) for n in v["players"] for d in range(1, 6))
        assert fits == (kind in v["kinds"]), kind
    assert v["kinds"][0] == MatchFormat.default(name, v["players"][0]).kind  # the usual one first


def _fits(rules: Rules, fmt: MatchFormat) -> bool:
    try:
        fmt.check(rules)
    except Exception:
        return False
    return True


_VALUES = {"string": {"play": "AD", "exchange": "7D", "bid": "2", "suit": "C"}, "number": 1, "boolean": True}


@pytest.mark.parametrize("kind", list(DATA["ACTIONS"]["kinds"]))
def test_each_action_kind_is_what_the_engine_reads(kind: str) -> None:
    """An action of each kind with the fields the page allows parses, and writes the same back."""
    fields = DATA["ACTIONS"]["kinds"][kind]
    data = {f: (_VALUES["string"][f] if t == "string" else _VALUES[t]) for f, t in fields.items()}
    assert action_from_json(data).to_json() == data
    assert set(fields) <= set(DATA["ACTIONS"]["fields"])


def test_an_unknown_action_field_is_refused_by_the_engine_too() -> None:
    with pytest.raises(IllegalAction):
        action_from_json({"play": "AD", "hack": 1})
    assert "hack" not in DATA["ACTIONS"]["fields"]
