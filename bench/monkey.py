#!/usr/bin/env python3
"""The long monkey run (issue 11): every table at every speed, several seeds each, on the built site.

    .venv/bin/python bench/monkey.py                   # 10 tables x 4 speeds x 1 seed
    .venv/bin/python bench/monkey.py --seeds 3 --speeds veloce,lenta --tables classica-2,chiamata-5
    .venv/bin/python bench/monkey.py --no-build --junk 0.7

It plays whole matches with tests/e2e/monkey.py's impatient player (random taps, double taps,
drags, keys, resizes, second tabs, reloads at random moments) and prints one line per match and a
summary: matches finished, failures (with the monkey's own message), plays, junk inputs and checks
of the save against the table. It exits 1 if any match failed. tests/e2e/test_monkey.py runs one
seed per table in ./build.sh test; this is the longer run.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "e2e"), str(ROOT)]

from conftest import ARGS, CHROMIUM, DIST, serve  # noqa: E402
from monkey import SPEEDS, TABLES, play_one  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", type=int, default=1, help="seeds per table and speed (default 1)")
    ap.add_argument("--speeds", default=",".join(SPEEDS), help="comma-separated speeds (default: all four)")
    ap.add_argument("--tables", default="", help="comma-separated variant-players (default: every table)")
    ap.add_argument("--junk", type=float, default=0.45, help="share of steps that are junk input (default 0.45)")
    ap.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    args = ap.parse_args()
    tables = [(v, int(n)) for v, n in (t.rsplit("-", 1) for t in args.tables.split(","))] if args.tables else TABLES
    speeds = args.speeds.split(",")
    if not args.no_build or not (DIST / "index.html").exists():
        subprocess.run([str(ROOT / "build.sh")], check=True, stdout=subprocess.DEVNULL)
    from playwright.sync_api import sync_playwright

    site, server = serve(DIST)
    done, failed, plays, junk, checks = 0, [], 0, 0, 0
    began = time.monotonic()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for t, (variant, players) in enumerate(tables):
            for s, speed in enumerate(speeds):
                for k in range(args.seeds):
                    seed = 5000 + 1000 * k + 10 * t + s
                    name = f"{variant}-{players} {speed:<10} seed {seed}"
                    try:
                        r = play_one(browser, site, variant, players, speed, seed, args.junk)
                    except AssertionError as exc:
                        failed.append(f"{name}: {exc}")
                        print(f"FAIL {name}: {str(exc).splitlines()[0]}", flush=True)
                        continue
                    done += 1
                    plays, junk, checks = plays + r.plays, junk + sum(r.junk.values()), checks + r.checks
                    print(f"ok   {name}: {r.plays} plays, {sum(r.junk.values())} junk, {r.checks} checks, "
                          f"{r.seconds:.0f} s", flush=True)
        browser.close()
    server.shutdown()
    print(f"\n{done} matches finished, {len(failed)} failed; {plays} plays, {junk} junk inputs, "
          f"{checks} replay checks; {time.monotonic() - began:.0f} s")
    for line in failed:
        print(f"  {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
