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


@SHARES_PYODIDE
def test_same_seed_same_deals_in_pyodide():
    in_pyodide = json.loads(pyodide().run(PROGRAM))
    scope: dict = {}
    exec(PROGRAM, scope)
    assert in_pyodide == json.loads(scope["RESULT"])
