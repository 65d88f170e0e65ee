#!/usr/bin/env python3
"""Page-load benchmark of the built site (issues 3 and 13): build, serve on loopback as GitHub Pages
serves it (gzip), measure in Debian chromium.

    .venv/bin/python bench/load.py                 # everything, 3 runs each
    .venv/bin/python bench/load.py --phone --runs 5
    .venv/bin/python bench/load.py --desktop --memory --lighthouse --no-build

Figures (performance marks of the page itself, from the navigation's start):
- ``--phone``: a mid-range phone (390 x 844, touch; CPU 4x slower on the page's main thread by
  Chromium's throttle and on the engine's worker thread by a cgroup, bench/phone.py; "fast 4G",
  9 Mb/s and 60 ms, by the server):
  first screen usable on a fresh visit (``briscola:first-screen``); a fresh visit of a ``?new=``
  link to a move the engine has confirmed (a card double-clicked as soon as one is playable,
  ``briscola:move-confirmed``); a returning player's saved table drawn (``briscola:playable``) and
  first move confirmed.
- ``--desktop`` (1280 x 800, no throttle): cold and warm visits to a playable table and to a
  confirmed move; the longest main-thread task during the computer's turns of a whole game.
- ``--memory``: the tab's memory during a game over a blank page (PSS of every process of the browser),
  on a first visit and on a returning one.
- ``--lighthouse``: Lighthouse 13's mobile preset (simulated slow 4G, 4x CPU) on a fresh visit:
  performance, total blocking time, largest contentful paint, accessibility. Lighthouse is kept in
  bench/lighthouse/ (its own pinned package.json/lock, installed here on first use).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from phone import FAST_4G, CpuThrottle, pss_mb, serve

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
GAME = "?new=classica&players=2&seed=7&level=esperto"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
BACKGROUND_DONE = ("!!navigator.serviceWorker.controller && (performance.getEntriesByName('briscola:snapshot-saved')"
                   ".length + performance.getEntriesByName('briscola:snapshot-failed').length > 0)")
LONGTASKS = """window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
}).observe({ type: "longtask", buffered: true });"""


def mark(page: Any, name: str, timeout: int = 180_000) -> float:
    page.wait_for_function(f"performance.getEntriesByName('{name}').length > 0", timeout=timeout)
    return page.evaluate(f"performance.getEntriesByName('{name}')[0].startTime")


def confirmed_move(page: Any) -> tuple[float, float]:
    """(table drawn, first move confirmed) in ms: a playable card is double-clicked at once."""
    page.wait_for_selector("#my-hand [data-playable=true]", timeout=180_000)
    drawn = page.evaluate("performance.getEntriesByName('briscola:playable')[0].startTime")
    page.locator("#my-hand [data-playable=true]").first.dblclick(timeout=180_000)  # the hand may be redrawn meanwhile
    return drawn, mark(page, "briscola:move-confirmed")


class Browser:
    """A persistent profile (so visits can be warm), phone or desktop, optionally CPU-throttled."""

    def __init__(self, p: Any, device: dict[str, Any], throttle: bool) -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="briscola-bench-")
        self.cpu = CpuThrottle(self.dir.name) if throttle else None
        if self.cpu:
            self.cpu.__enter__()
        self.p, self.device, self.throttle = p, device, throttle
        self.ctx = self._launch()

    def _launch(self) -> Any:
        return self.p.chromium.launch_persistent_context(self.dir.name, executable_path=CHROMIUM, args=ARGS,
                                                         **self.device)

    def restart(self) -> None:
        """Close the browser and start it again on the same profile (a returning player)."""
        self.ctx.close()
        self.ctx = self._launch()

    def page(self) -> Any:
        page = self.ctx.new_page()
        if self.throttle:
            self.ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        return page

    def close(self) -> None:
        self.ctx.close()
        if self.cpu:
            self.cpu.__exit__(None, None, None)
        self.dir.cleanup()


def visits(p: Any, base: str, device: dict[str, Any], throttle: bool) -> dict[str, float]:
    """One profile's fresh visits (the setup screen; a ?new= link) and then a returning visit."""
    out: dict[str, float] = {}
    b = Browser(p, device, throttle)
    try:
        page = b.page()
        page.goto(base)
        out["first screen"] = mark(page, "briscola:first-screen")
        page.close()
    finally:
        b.close()
    b = Browser(p, device, throttle)
    try:
        page = b.page()
        page.goto(base + GAME)
        out["link drawn"], out["link confirmed"] = confirmed_move(page)
        page.wait_for_function(BACKGROUND_DONE, timeout=240_000)  # the service worker and Python's snapshot
        page.wait_for_timeout(1000)
        page.close()
        page = b.page()
        page.goto(base)
        out["return drawn"], out["return confirmed"] = confirmed_move(page)
        out["restored"] = float(page.evaluate("performance.getEntriesByName('briscola:snapshot-restored').length > 0"))
        page.close()
    finally:
        b.close()
    return out


def longest_ai_task(p: Any, base: str) -> tuple[float, int]:
    browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    page = browser.new_page(**DESKTOP)
    page.add_init_script(LONGTASKS)
    page.goto(base + GAME.replace("esperto", "campione") + "&speed=normale")
    page.wait_for_selector("#my-hand [data-playable=true]", timeout=180_000)
    plays = 0
    while page.evaluate("document.documentElement.dataset.state") == "playing":
        page.wait_for_selector("html:not([data-state=playing]), #my-hand [data-playable=true]", state="attached",
                               timeout=120_000)
        if page.evaluate("document.documentElement.dataset.state") != "playing":
            break
        page.locator("#my-hand [data-playable=true]").first.dblclick(timeout=60_000)
        plays += 1
        page.wait_for_timeout(100)
    start = page.evaluate("performance.getEntriesByName('briscola:playable')[0].startTime")
    tasks = page.evaluate("window.__longtasks")
    browser.close()
    return max((d for s, d in tasks if s >= start), default=0.0), plays


def memory(p: Any, base: str) -> tuple[float, float]:
    """The tab's PSS (MB) over a blank page's: during a first visit's game (a few moves, background
    work done), and during the same game resumed by a returning visit (the browser started again
    on the same profile: the wasm from the cache, Python from its snapshot)."""
    b = Browser(p, DESKTOP, throttle=False)
    try:
        page = b.page()
        page.goto("about:blank")
        page.wait_for_timeout(3000)
        blank = pss_mb(b.dir.name)
        page.goto(base + GAME + "&speed=istantanea")
        for _ in range(3):
            confirmed_move(page)
            page.wait_for_timeout(800)
        page.wait_for_function(BACKGROUND_DONE, timeout=240_000)
        page.wait_for_timeout(3000)
        first = pss_mb(b.dir.name) - blank
        b.restart()
        page = b.page()
        page.goto("about:blank")
        page.wait_for_timeout(3000)
        blank = pss_mb(b.dir.name)
        page.goto(base)  # the saved match, resumed
        for _ in range(3):
            confirmed_move(page)
            page.wait_for_timeout(800)
        page.wait_for_timeout(3000)
        return first, pss_mb(b.dir.name) - blank
    finally:
        b.close()


def lighthouse(base: str) -> dict[str, float]:
    tool = ROOT / "bench" / "lighthouse"
    cli = tool / "node_modules" / "lighthouse" / "cli" / "index.js"
    if not cli.exists():
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=tool, check=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        flags = " ".join(["--headless=new", *ARGS])
        subprocess.run(["node", str(cli), base, "--output=json", f"--output-path={out}", "--quiet",
                        "--only-categories=performance,accessibility", f"--chrome-flags={flags}"],
                       check=True, env={**os.environ, "CHROME_PATH": CHROMIUM})
        report = json.loads(out.read_text())
    audits = report["audits"]
    failing = [ref["id"] for ref in report["categories"]["accessibility"]["auditRefs"]
               if ref.get("weight") and (audits[ref["id"]].get("score") is not None) and audits[ref["id"]]["score"] < 1]
    for name in failing:
        items = audits[name].get("details", {}).get("items", [])
        print(f"  accessibility: {name}: {audits[name]['title']}; "
              f"{'; '.join(str(i.get('node', {}).get('snippet', ''))[:120] for i in items[:3])}")
    return {"performance": report["categories"]["performance"]["score"],
            "accessibility": report["categories"]["accessibility"]["score"],
            "tbt": audits["total-blocking-time"]["numericValue"],
            "lcp": audits["largest-contentful-paint"]["numericValue"],
            "fcp": audits["first-contentful-paint"]["numericValue"]}


def show(title: str, runs: list[dict[str, float]], key: str, target: str = "") -> None:
    values = [r[key] for r in runs]
    print(f"{title:<52}: {statistics.median(values) / 1000:5.2f} s  "
          f"({', '.join(f'{v / 1000:.2f}' for v in values)})  {target}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    for part in ("phone", "desktop", "memory", "lighthouse"):
        parser.add_argument(f"--{part}", action="store_true")
    args = parser.parse_args()
    every = not (args.phone or args.desktop or args.memory or args.lighthouse)
    if not args.no_build:
        subprocess.run([str(ROOT / "build.sh")], check=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        if every or args.phone:
            server, base = serve(DIST, FAST_4G)
            runs = [visits(p, base, PHONE, throttle=True) for _ in range(args.runs)]
            server.shutdown()
            print("phone (390 x 844, CPU 4x slower on the page and the worker, fast 4G, gzip):")
            show("  first screen usable, fresh visit", runs, "first screen", "target <= 1.5 s")
            show("  ?new= link, fresh visit: to a confirmed move", runs, "link confirmed", "target <= 8 s")
            show("  returning player: saved table drawn", runs, "return drawn", "target <= 1.0 s")
            show("  returning player: first move confirmed", runs, "return confirmed", "target <= 3.5 s")
            print(f"  (Python from its snapshot on {sum(int(r['restored']) for r in runs)} of {len(runs)} returns)")
        if every or args.desktop:
            server, base = serve(DIST)
            runs = [visits(p, base, DESKTOP, throttle=False) for _ in range(args.runs)]
            longest, plays = longest_ai_task(p, base)
            server.shutdown()
            print("desktop (1280 x 800, loopback, gzip):")
            show("  ?new= link, fresh visit: table playable", runs, "link drawn", "before: 2.77 s")
            show("  ?new= link, fresh visit: to a confirmed move", runs, "link confirmed")
            show("  returning player: table playable", runs, "return drawn", "before: 1.05 s")
            show("  returning player: first move confirmed", runs, "return confirmed")
            print(f"  longest main-thread task over a whole game against campione ({plays} plays): "
                  f"{f'{longest:.0f} ms' if longest else 'none over 50 ms'}")
        if every or args.memory:
            server, base = serve(DIST)
            first, again = memory(p, base)
            server.shutdown()
            print(f"memory of the game's tab over a blank page (PSS): first visit {first:.0f} MB, "
                  f"returning visit {again:.0f} MB  target <= 170 MB")
    if every or args.lighthouse:
        server, base = serve(DIST)
        lh = lighthouse(base)
        server.shutdown()
        print(f"lighthouse 13, mobile preset: performance {lh['performance']:.2f} (target >= 0.90), "
              f"TBT {lh['tbt']:.0f} ms (<= 200), LCP {lh['lcp'] / 1000:.2f} s (<= 2.5), FCP {lh['fcp'] / 1000:.2f} s, "
              f"accessibility {lh['accessibility']:.2f} (1.00)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
