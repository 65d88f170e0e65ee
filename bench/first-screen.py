#!/usr/bin/env python3
"""What the first screen loads (issue 38): the page's own JS modules a fresh visit requests before
``briscola:first-screen``, and a ``?new=`` link before its table is playable; their count and bytes,
gzipped as GitHub Pages serves them (zlib level 6), and raw. The runtime (Pyodide, PyScript) is
not counted: it comes after the first paint.

    .venv/bin/python bench/first-screen.py                    # dist/ as built
    .venv/bin/python bench/first-screen.py --vs /tmp/main-dist --list
"""

from __future__ import annotations

import argparse
import gzip
import sys
from pathlib import Path
from typing import Any

from phone import serve
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from conftest import ARGS, CHROMIUM, DIST  # noqa: E402  (the end-to-end tests' Chromium and flags)

VISITS = (("first screen", "", "briscola:first-screen"),
          ("?new= link, playable", "?new=classica&players=2&seed=7&level=esperto", "briscola:playable"))
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def modules(browser: Any, dist: Path, query: str, mark: str) -> list[str]:
    """The site's own JS files a fresh visit requested before `mark`, as paths in `dist`."""
    server, base = serve(dist)
    try:
        ctx = browser.new_context(**PHONE)
        page = ctx.new_page()
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url))
        page.goto(base + query)
        page.wait_for_function(f"performance.getEntriesByName('{mark}').length > 0", timeout=120_000)
        # Not what the page asked for in the moment after the mark, before this script read it (the
        # later texts, the runtime's prefetches: the page's resource timing says when it asked).
        after = set(page.evaluate(f"""() => {{ const at = performance.getEntriesByName('{mark}')[0].startTime;
          return performance.getEntriesByType('resource').filter((e) => e.startTime > at).map((e) => e.name); }}"""))
        seen = [u for u in asked if u not in after]
        ctx.close()
    finally:
        server.shutdown()
    paths = {u[len(base):].split("?")[0] for u in seen if u.startswith(base)}
    return sorted(p for p in paths if p.startswith("static/") and p.endswith((".js", ".mjs")))


def weigh(dist: Path, paths: list[str]) -> tuple[int, int]:
    """(gzip bytes, raw bytes) of `paths` in `dist`."""
    files = [(dist / p).read_bytes() for p in paths]
    return sum(len(gzip.compress(b, 6, mtime=0)) for b in files), sum(map(len, files))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=DIST)
    parser.add_argument("--vs", type=Path, help="another build, measured beside this one")
    parser.add_argument("--list", action="store_true", help="name every module")
    args = parser.parse_args()
    builds = [args.dist] + ([args.vs] if args.vs else [])
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for label, query, mark in VISITS:
            for dist in builds:
                paths = modules(browser, dist, query, mark)
                gz, raw = weigh(dist, paths)
                print(f"{label:22} {str(dist):28} {len(paths):4} modules "
                      f"{gz / 1000:7.1f} KB gzip {raw / 1000:7.1f} KB raw")
                if args.list:
                    print("   " + " ".join(paths))
        browser.close()


if __name__ == "__main__":
    main()
