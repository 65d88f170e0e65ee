"""The same seed gives the same deals and the same play in CPython and in Pyodide.

Runs the package inside the pinned Pyodide under Node.js (tests/engine/pyodide_support.py), and
compares with this interpreter.
"""

from __future__ import annotations

import json

from pyodide_support import SHARES_PYODIDE, pyodide

PROGRAM = """
import json, random
from briscola.match import Match
from briscola.record import Record, result_json
from briscola.variants import TABLES, Rules
out = []
for variant, players in TABLES:
    for seed in range(6):
        m = Match.new(Rules.make(variant, players), seed=seed)
        rng = random.Random(seed)
        while not m.deal.over:
            m.apply(rng.choice(m.deal.legal_actions()))
        out.append({"record": Record.of_deal(m.deal).to_json(), "result": result_json(m.deal)})
RESULT = json.dumps(out, sort_keys=True)
"""


def same_in_pyodide(program: str) -> list:
    """`program`'s RESULT, run in Pyodide and here: the two must be equal."""
    in_pyodide = json.loads(pyodide().run(program))
    scope: dict = {}
    exec(program, scope)
    here = json.loads(scope["RESULT"])
    assert in_pyodide == here
    return here


@SHARES_PYODIDE
def test_same_seed_same_deals_in_pyodide():
    same_in_pyodide(PROGRAM)


DAILY = """
import json
from datetime import date, timedelta
from briscola import daily
out = []
for variant in daily.VARIANTS:
    for i in (0, 26, 400):  # the first day, a day of its first month, a day a year on
        day = daily.FIRST_DAY + timedelta(days=i)
        m = daily.new_match(variant, day, late=False)
        deck = [c.code for c in m.deal.deck]
        out.append({"seed": daily.seed_of(variant, day), "dealer": m.deal.dealer, "deck": deck})
dup = daily.Duplicate("classica", date(2026, 11, 27))
for _ in range(4):  # the campione's first moves of a day's duplicate (the whole of it: seconds more)
    dup.step()
out.append([a.to_json() for _, a in dup.deal.history])
RESULT = json.dumps(out, sort_keys=True)
"""


@SHARES_PYODIDE
def test_the_daily_deal_is_the_same_in_pyodide():
    """Issue 39: every page computes the day's deal (and the campione plays it) as CPython does."""
    here = same_in_pyodide(DAILY)
    assert len({tuple(d["deck"]) for d in here[:-1]}) == len(here) - 1  # every day and game its own deal
