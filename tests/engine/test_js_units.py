"""The page's JavaScript unit tests (tests/js/*.test.mjs, Node's own test runner) as one pytest
test, so that `./build.sh test` runs them. They import the page's modules from static/, beside
what ./build.sh generates there (engine/rules-data.js and pyscript-config.js, vendor/: not in git);
dist/ is the bundled site (tools/bundle.mjs), which only the offline tests read (sw.js and the stamped
boot/snapshot.js)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
GENERATED = [STATIC / "engine" / "rules-data.js", STATIC / "engine" / "pyscript-config.js",
             STATIC / "vendor" / "noble.mjs", ROOT / "dist" / "sw.js"]


def missing() -> list[str]:
    """What ./build.sh makes that the tests import or read, if any is not there."""
    return [p.relative_to(ROOT).as_posix() for p in GENERATED if not p.is_file()]


def test_the_page_modules_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on PATH: the JavaScript unit tests (tests/js/) need Node.js 18 or later")
    assert not missing(), f"run ./build.sh first (tests/js/ import what it makes): {missing()}"
    # The files by name: `node --test tests/js/` finds them on Node 18 and 20, but Node 21 and later
    # take globs instead of a directory.
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    assert files
    run = subprocess.run([node, "--test", "--test-reporter=spec", *files], cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=False)
    assert run.returncode == 0, f"node --test failed:\n{run.stdout}\n{run.stderr}"


def test_the_fair_deal_passes_its_node_tests() -> None:
    """tests/js/fair/: the fair deal's protocol among pages in memory (docs/fair-deal.md). Apart, with
    a longer limit: every page's cryptography runs in the one process (some 40 s of CPU)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on PATH: the fair deal's tests (tests/js/fair/) need Node.js 18 or later")
    assert not missing(), f"run ./build.sh first (tests/js/fair/ import what it makes): {missing()}"
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "js" / "fair").glob("*.test.mjs"))
    assert len(files) >= 3
    run = subprocess.run([node, "--test", "--test-reporter=spec", *files], cwd=ROOT, capture_output=True,
                         text=True, timeout=900, check=False)
    assert run.returncode == 0, f"node --test failed:\n{run.stdout}\n{run.stderr}"
