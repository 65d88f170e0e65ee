"""The same seed gives the same deals and the same play in CPython and in Pyodide.

Runs the package inside the pinned Pyodide (node_modules/pyodide, installed by
build.sh) under Node.js, and compares with this interpreter.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"

PROGRAM = """
import json, random
from briscola.match import Match
from briscola.record import Record, result_json
from briscola.variants import Rules
out = []
for variant, players in [("classica", 2), ("classica", 3), ("classica", 4), ("brisca", 2), ("brisca", 4),
                         ("biscambiggia", 2), ("biscambiggia", 3), ("biscambiggia", 4),
                         ("biscambiggia", 6), ("chiamata", 5)]:
    for seed in range(6):
        m = Match.new(Rules.make(variant, players), seed=seed)
        rng = random.Random(seed)
        while not m.deal.over:
            m.apply(rng.choice(m.deal.legal_actions()))
        out.append({"record": Record.of_deal(m.deal).to_json(), "result": result_json(m.deal)})
RESULT = json.dumps(out, sort_keys=True)
"""

RUNNER = """
import { loadPyodide } from "pyodide";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
const [root, program] = process.argv.slice(2);
const py = await loadPyodide();
const walk = (dir) => readdirSync(dir).flatMap((n) => {
  const p = join(dir, n);
  return statSync(p).isDirectory() ? (n === "__pycache__" ? [] : walk(p)) : (p.endsWith(".py") ? [p] : []);
});
for (const file of walk(join(root, "briscola"))) {
  const target = "/home/pyodide/" + relative(root, file);
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, readFileSync(file));
}
py.runPython(readFileSync(program, "utf8"));
process.stdout.write(py.globals.get("RESULT"));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="Node.js is not installed")
def test_same_seed_same_deals_in_pyodide(tmp_path):
    if not PYODIDE.exists():
        pytest.fail("node_modules/pyodide is missing: run ./build.sh (it runs npm ci)")
    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    runner = ROOT / "node_modules" / ".briscola-pyodide-check.mjs"  # inside node_modules so 'pyodide' resolves
    runner.write_text(RUNNER)
    try:
        proc = subprocess.run(["node", str(runner), str(ROOT), str(program)], capture_output=True, text=True,
                              timeout=300, cwd=ROOT)
    finally:
        runner.unlink(missing_ok=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    in_pyodide = json.loads(proc.stdout)
    scope: dict = {}
    exec(PROGRAM, scope)
    assert in_pyodide == json.loads(scope["RESULT"])
