"""The page's JavaScript unit tests (tests/js/*.test.mjs, Node's own test runner) as one pytest
test, so that `./build.sh test` runs them. They import the built modules (dist/static/: only the
build has engine/rules-data.js), so the built copies must be the sources' (./build.sh first)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "static"
BUILT = ROOT / "dist" / "static"
REWRITTEN = {"sw.js", "boot/snapshot.js"}  # moved or stamped by the build: no copy of their source


def stale_copies() -> list[str]:
    """The page modules whose built copy is missing or differs from the source."""
    out = []
    for src in STATIC.rglob("*.js"):
        name = src.relative_to(STATIC).as_posix()
        copy = BUILT / name
        if name not in REWRITTEN and (not copy.is_file() or copy.read_bytes() != src.read_bytes()):
            out.append(name)
    return sorted(out)


def test_the_page_modules_pass_their_node_tests() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node on PATH: the JavaScript unit tests (tests/js/) need Node.js 18 or later")
    assert BUILT.is_dir(), "dist/static/ is missing: run ./build.sh (tests/js/ import the built modules)"
    stale = stale_copies()
    assert not stale, f"dist/ is older than static/ (run ./build.sh): {stale}"
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
    assert not stale_copies(), "dist/ is older than static/ (run ./build.sh)"
    files = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "js" / "fair").glob("*.test.mjs"))
    assert len(files) >= 3
    run = subprocess.run([node, "--test", "--test-reporter=spec", *files], cwd=ROOT, capture_output=True,
                         text=True, timeout=900, check=False)
    assert run.returncode == 0, f"node --test failed:\n{run.stdout}\n{run.stderr}"
