"""The package inside the pinned Pyodide (node_modules/pyodide, installed by build.sh) under Node.js,
for the tests that check it behaves there as in CPython.

Loading Pyodide takes seconds, so one Node.js process (tools/pyodide_run.mjs) serves every such
test of a pytest process: :func:`pyodide` starts it on first use, and it stops when pytest exits.
Each program runs in a fresh global namespace and hands back its ``RESULT`` string.
"""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
RUNNER = ROOT / "tools" / "pyodide_run.mjs"
SHARES_PYODIDE = pytest.mark.xdist_group("pyodide")
"""For every test that uses :func:`pyodide`: under ``--dist loadgroup`` (build.sh test) they run on
one pytest-xdist worker, so Pyodide loads once, not once per worker."""


class Pyodide:
    """One Node.js process running Pyodide with the package copied in; programs run one at a time."""

    def __init__(self) -> None:
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115  (Node writes to it until close())
        self._proc = subprocess.Popen(["node", str(RUNNER), str(ROOT)], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=self._stderr, encoding="utf-8", cwd=ROOT)

    def run(self, program: str, timeout: float = 300) -> str:
        """``RESULT`` as ``program`` sets it in Pyodide; the test fails with Python's traceback if it
        raises, or with Node's output if the process is gone or takes longer than ``timeout`` seconds
        (the first program also waits for Pyodide to load)."""
        line = ""
        try:
            self._proc.stdin.write(json.dumps(program) + "\n")
            self._proc.stdin.flush()
        except BrokenPipeError:  # the process is gone: reported below with its output
            pass
        else:
            timer = threading.Timer(timeout, self._proc.kill)  # readline has no timeout of its own
            timer.start()
            try:
                line = self._proc.stdout.readline()
            finally:
                timer.cancel()
        if not line:
            pytest.fail(f"Pyodide under Node.js stopped (exit {self._proc.poll()}): {self._stderr_tail()}")
        answer = json.loads(line)
        if "error" in answer:
            pytest.fail(f"the program failed in Pyodide:\n{answer['error'][-2000:]}")
        return answer["result"]

    def close(self) -> None:
        """End the process: closing its stdin ends its loop; killed if it does not end soon."""
        if self._proc.poll() is None:
            self._proc.stdin.close()
            try:
                self._proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._proc.kill()
                self._proc.wait()
        self._stderr.close()

    def _stderr_tail(self) -> str:
        self._stderr.seek(0)
        return self._stderr.read()[-2000:].decode(errors="replace")


def pyodide() -> Pyodide:
    """The pytest process's Pyodide, started on first use; skips without Node.js, fails without
    node_modules/pyodide (a build was expected to install it)."""
    if shutil.which("node") is None:
        pytest.skip("Node.js is not installed")
    if not PYODIDE.exists():
        pytest.fail("node_modules/pyodide is missing: run ./build.sh (it runs npm ci)")
    return _started()


@functools.cache
def _started() -> Pyodide:
    process = Pyodide()
    atexit.register(process.close)
    return process
