"""Deep JSON from localStorage, an imported file or a ?record= link no longer kills Python in the
page (issue 11, row 6): in Pyodide, json.loads recursing ~8,000 levels overflows the JavaScript
stack and the interpreter is dead for good. Runs the page's boundary (briscola.web.call) inside
the pinned Pyodide under Node.js (pyodide_support.py), feeds it deep documents, and checks every
one is refused as damaged data and that Python still answers afterwards."""

from __future__ import annotations

import json

from pyodide_support import SHARES_PYODIDE, pyodide

PROGRAM = """
import base64, json, zlib
from briscola import web

deep = "[" * 8000 + "]" * 8000
deeper = '{"a":' * 50000 + "1" + "}" * 50000
link = base64.urlsafe_b64encode(zlib.compress(deep.encode(), 9)).decode().rstrip("=")
calls = [
    ("load", json.dumps(deep)), ("load", deep), ("load", deeper),
    ("review", '{"record":' + deeper + '}'), ("review", json.dumps({"link": link})),
    ("stats", '{"stats":' + deep + '}'), ("stats_add", '{"stats":' + deeper + '}'),
    ("tournament_open", '{"tournament":{"level":"esperto","tournament":' + deep + '}}'),
    ("new", '{"variant":"classica","players":2,"seed":1,"options":' + deeper + '}'),
    ("act", deep), ("seat_act", deeper),
]
out = [[op, json.loads(web.call(op, arg))["error"]] for op, arg in calls]
alive = json.loads(web.call("new", json.dumps({"variant": "classica", "players": 2, "seed": "-5"})))["state"]
out.append(["alive", alive["status"]])
RESULT = json.dumps(out)
"""

EXPECTED_CODES = {"load": "save", "review": "bad_record", "stats": "stats_damaged", "stats_add": "stats_damaged",
                  "tournament_open": "tournament_damaged", "new": "bad_input", "act": "bad_input",
                  "seat_act": "bad_input"}


@SHARES_PYODIDE
def test_deep_json_does_not_kill_python_in_pyodide():
    *errors, alive = json.loads(pyodide().run(PROGRAM))
    for op, err in errors:
        assert (err["code"], err["reason"]) == (EXPECTED_CODES[op], "too_deep"), (op, err)
    assert alive == ["alive", "playing"]
