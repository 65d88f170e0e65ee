#!/usr/bin/env python3
"""Page-load benchmark of the built site (issues 3 and 13): build, serve on loopback as GitHub Pages
serves it (gzip), measure in Debian chromium.

    .venv/bin/python bench/load.py                 # everything, 3 runs each
    .venv/bin/python bench/load.py --phone --runs 5
    .venv/bin/python bench/load.py --desktop --memory --lighthouse --no-build
    .venv/bin/python bench/load.py --phone --memory --no-build --vs /tmp/main-dist   # A/B, run by run

Figures (performance marks of the page itself, from the navigation's start):
- ``--phone``: a mid-range phone (390 x 844, touch; CPU 4x slower on the page's main thread by
  Chromium's throttle and on the engine's worker thread by a cgroup, bench/phone.py; "fast 4G",
  9 Mb/s and 60 ms, by the server):
  first screen usable on a fresh visit (``briscola:first-screen``); a fresh visit of a ``?new=``
  link to a move the engine has confirmed (a card double-clicked as soon as one is playable, by the
  page itself: TAP_AT_ONCE, ``briscola:move-confirmed``); a returning player's saved table drawn
  (``briscola:playable``) and first move confirmed; beside them, in the same run, a bare page
  starting the same Pyodide in a module worker (``loadPyodide``, ``import sys``): its boot, and the
  link's move over it.
- ``--desktop`` (1280 x 800, no throttle): cold and warm visits to a playable table and to a
  confirmed move; the longest main-thread task during the computer's turns of a whole game.
- ``--memory``: the tab's memory over a blank page (PSS of every process of the browser, so the
  workers' wasm memory counts) during a game and on a bare page that starts the same Pyodide in a
  module worker and idles, side by side, on a first visit and on a returning one; and their ratio
  (game - blank) / (bare - blank).
- ``--vs DIST``: every run measures this build and then DIST (the order swapped each run), so
  that a machine whose speed drifts moves both alike; each figure is printed for both with the
  ratio of each run's pair.
- ``--lighthouse``: Lighthouse 13's mobile preset (simulated slow 4G, 4x CPU) on a fresh visit:
  performance, total blocking time, largest contentful paint, accessibility. Lighthouse is kept in
  bench/lighthouse/ (its own pinned package.json/lock, installed here on first use).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from phone import FAST_4G, CpuThrottle, browser_pids, serve

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from conftest import ARGS, CHROMIUM, DIST  # noqa: E402  (the end-to-end tests' Chromium and flags)

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


# The player's double click on the first card offered as playable, made by the page itself one task
# after a frame shows it (looked for from the table's first draw, the mark briscola:playable).
# Playwright's own click waits for the card to be stable and unobscured through its scripts in the
# page, which at 4x CPU put 1-2.5 s between the card shown and the click (measured from the events'
# timestamps), longer than a player's finger.
TAP_AT_ONCE = """(() => {
  const mark = performance.mark.bind(performance);
  const look = () => {
    const card = document.querySelector("#my-hand [data-playable=true]");
    if (!card) { requestAnimationFrame(look); return; }
    setTimeout(() => {
      window.__tapped = performance.now();
      card.dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
    });
  };
  performance.mark = (name, ...rest) => {
    const entry = mark(name, ...rest);
    if (name === "briscola:playable") requestAnimationFrame(look);
    return entry;
  };
})();"""


def confirmed_move(page: Any) -> tuple[float, float]:
    """(table drawn, first move confirmed) in ms: a playable card is double-clicked at once (TAP_AT_ONCE,
    added to the page before it loads)."""
    drawn = mark(page, "briscola:playable")
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
        page.add_init_script(TAP_AT_ONCE)
        if self.throttle:
            self.ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
        return page

    def close(self) -> None:
        self.ctx.close()
        if self.cpu:
            self.cpu.__exit__(None, None, None)
        self.dir.cleanup()


def visits(p: Any, base: str, device: dict[str, Any], throttle: bool, bare: bool = False) -> dict[str, float]:
    """One profile's fresh visits (the setup screen; a ?new= link) and then a returning visit; with
    ``bare``, first a fresh visit of the bare Pyodide page (memory_site)."""
    out: dict[str, float] = {}
    if bare:
        b = Browser(p, device, throttle)
        try:
            page = b.page()
            page.goto(base + "bare.html")
            out["bare boot"] = mark(page, "bare:ready")
            page.close()
        finally:
            b.close()
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


# The bare page: the same Pyodide files started the same way (loadPyodide in a module worker), then
# idle. bench/load.py writes it beside a copy of dist/ (never into dist/ itself).
BARE_HTML = """<!doctype html><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
new Worker(new URL("./bare-worker.js", import.meta.url), { type: "module" }).onmessage = () => {
  performance.mark("bare:ready");
  document.body.dataset.ready = "";
};
</script><body>"""
BARE_WORKER = """import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href });
py.runPython("import sys");
postMessage("ready");
"""
MEMORY_GAME = "?new=classica&players=2&seed=1&speed=istantanea"
SETTLE_MS = 3000  # after the last step, before reading the figure


def pss_by_kind(marker: str) -> dict[str, float]:
    """PSS (MB) of one browser's processes by kind (browser, renderer, gpu-process, utility, zygote)."""
    out: dict[str, float] = {}
    for pid in browser_pids(marker):
        try:
            cmd = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").split()  # Chromium retitles
            pss = next(int(line.split()[1]) for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()
                       if line.startswith("Pss:"))
        except (OSError, StopIteration):
            continue
        kind = next((a.split(b"=", 1)[1].decode() for a in cmd if a.startswith(b"--type=")), "browser")
        out[kind] = out.get(kind, 0.0) + pss / 1024
    return out


def over_blank(b: Browser, url: str, visit: Any) -> tuple[float, dict[str, float]]:
    """The browser's PSS over a blank page (MB, and by process kind) once ``visit(page)`` is done:
    the blank page first, in the same tab, then ``url``."""
    page = b.page()
    page.goto("about:blank")
    page.wait_for_timeout(SETTLE_MS)
    blank = pss_by_kind(b.dir.name)
    page.goto(url)
    visit(page)
    page.wait_for_timeout(SETTLE_MS)
    now = pss_by_kind(b.dir.name)
    return sum(now.values()) - sum(blank.values()), {k: v - blank.get(k, 0.0) for k, v in now.items()}


def move(page: Any) -> None:
    """One move of the player's: the first playable card double-clicked (the hand may be redrawn meanwhile)."""
    page.locator("#my-hand [data-playable=true]").first.dblclick(timeout=180_000)


def play_game(page: Any) -> None:
    """A few moves, then the first visit's background work (service worker, snapshot) done."""
    for _ in range(3):
        move(page)
        page.wait_for_timeout(800)
    page.wait_for_function(BACKGROUND_DONE, timeout=240_000)


def play_again(page: Any) -> None:
    """The saved match resumed: a few moves."""
    for _ in range(3):
        move(page)
        page.wait_for_timeout(800)


def bare_ready(page: Any) -> None:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)


def memory(p: Any, base: str) -> dict[str, tuple[float, dict[str, float]]]:
    """Side by side, each in a browser of its own (a fresh profile), over a blank page in the same
    tab: the bare Pyodide page and the game (a first visit, then a returning one: the browser
    started again on the same profile, the match resumed; the bare page likewise)."""
    out = {}
    for name, url, first, again in (("bare", base + "bare.html", bare_ready, bare_ready),
                                    ("game", base + MEMORY_GAME, play_game, play_again)):
        b = Browser(p, DESKTOP, throttle=False)
        try:
            out[f"{name} first"] = over_blank(b, url, first)
            b.restart()
            out[f"{name} again"] = over_blank(b, base if name == "game" else url, again)
        finally:
            b.close()
    return out


def memory_site(dist: Path) -> tempfile.TemporaryDirectory:
    """A copy of the built site with the bare page beside the game."""
    tmp = tempfile.TemporaryDirectory(prefix="briscola-memory-")
    shutil.copytree(dist, tmp.name, dirs_exist_ok=True)
    (Path(tmp.name) / "bare.html").write_text(BARE_HTML)
    (Path(tmp.name) / "bare-worker.js").write_text(BARE_WORKER)
    return tmp


def show_memory(runs: list[dict[str, tuple[float, dict[str, float]]]]) -> None:
    def med(key: str) -> float:
        return statistics.median(r[key][0] for r in runs)

    print("memory over a blank page in the same tab (PSS of every process of the browser, /proc: the page's and")
    print("its workers' JS heaps, wasm memories and code, the GPU, network and storage processes):")
    for key, label in (("bare first", "bare Pyodide page (loadPyodide in a module worker), first visit"),
                       ("bare again", "bare Pyodide page, returning visit"),
                       ("game first", f"game {MEMORY_GAME}, 3 moves, first visit"),
                       ("game again", "the same game resumed, 3 moves, returning visit")):
        kinds = {k: statistics.median(r[key][1].get(k, 0.0) for r in runs) for k in sorted({*runs[0][key][1]})}
        print(f"  {label:<64}: {med(key):4.0f} MB  ({', '.join(f'{r[key][0]:.0f}' for r in runs)}; "
              f"{', '.join(f'{k} {v:.0f}' for k, v in kinds.items())})")
    for visit in ("first", "again"):
        ratios = [r[f"game {visit}"][0] / r[f"bare {visit}"][0] for r in runs]
        print(f"  (game - blank) / (bare - blank), {'first' if visit == 'first' else 'returning'} visit: "
              f"{statistics.median(ratios):.2f}x ({', '.join(f'{x:.2f}' for x in ratios)})  target <= 1.5x")


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


def show(title: str, runs: list[dict[str, float]], key: str, target: str = "",
         other: list[dict[str, float]] | None = None) -> None:
    """A figure's median and runs (ms as s, a ratio as is); with ``other`` (--vs), the other build's
    and the ratio of each run's pair."""
    scale, unit = (1, "x") if key.endswith("/ bare") else (1000, "s")

    def figures(rs: list[dict[str, float]]) -> str:
        values = [r[key] / scale for r in rs]
        return f"{statistics.median(values):5.2f} {unit}  ({', '.join(f'{v:.2f}' for v in values)})"

    line = f"{title:<52}: {figures(runs)}"
    if other:
        ratios = [a[key] / b[key] for a, b in zip(runs, other, strict=True)]
        line += f"  vs {figures(other)}  ratio {statistics.median(ratios):.2f}"
    print(f"{line}  {target}")


def paired(measure: Any, a: Any, b: Any | None, runs: int) -> tuple[list[Any], list[Any] | None]:
    """``measure(x)`` ``runs`` times for ``a``, and with ``b`` (--vs) for ``b`` too, in turn (a b, b a, ...)."""
    mine, theirs = [], []
    for i in range(runs):
        for x in ((a, b) if i % 2 == 0 else (b, a)) if b is not None else (a,):
            (mine if x is a else theirs).append(measure(x))
    return mine, (theirs if b is not None else None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--dist", type=Path, default=DIST, help="the built site to measure (another build, for A/B)")
    parser.add_argument("--vs", type=Path, help="another built site measured beside it, run by run (A/B)")
    for part in ("phone", "desktop", "memory", "lighthouse"):
        parser.add_argument(f"--{part}", action="store_true")
    args = parser.parse_args()
    every = not (args.phone or args.desktop or args.memory or args.lighthouse)
    if not args.no_build and args.dist == DIST:
        subprocess.run([str(ROOT / "build.sh")], check=True)
    from playwright.sync_api import sync_playwright

    sites = {d: memory_site(d) for d in (args.dist, args.vs) if d is not None}  # each with the bare page beside it
    with sync_playwright() as p:
        if every or args.phone:
            servers = {d: serve(Path(site.name), FAST_4G) for d, site in sites.items()}
            runs, other = paired(lambda d: visits(p, servers[d][1], PHONE, throttle=True, bare=True),
                                 args.dist, args.vs, args.runs)
            for server, _ in servers.values():
                server.shutdown()
            for r in runs + (other or []):
                r["link / bare"] = r["link confirmed"] / r["bare boot"]
            print("phone (390 x 844, CPU 4x slower on the page and the worker, fast 4G, gzip)"
                  + (f"; this build vs {args.vs}:" if other else ":"))
            show("  first screen usable, fresh visit", runs, "first screen", "target <= 1.0 s", other)
            show("  ?new= link, fresh visit: to a confirmed move", runs, "link confirmed", "", other)
            show("  bare Pyodide page, fresh visit: booted", runs, "bare boot", "", other)
            show("  the link's confirmed move / the bare boot", runs, "link / bare", "target <= 0.75", other)
            show("  returning player: saved table drawn", runs, "return drawn", "target <= 0.8 s", other)
            show("  returning player: first move confirmed", runs, "return confirmed", "target <= 1.2 s", other)
            print(f"  (Python from its snapshot on {sum(int(r['restored']) for r in runs)} of {len(runs)} returns)")
        if every or args.desktop:
            server, base = serve(args.dist)
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
            servers = {d: serve(Path(site.name)) for d, site in sites.items()}
            runs, other = paired(lambda d: memory(p, servers[d][1]), args.dist, args.vs, args.runs)
            for server, _ in servers.values():
                server.shutdown()
            show_memory(runs)
            if other:
                print(f"  {args.vs}:")
                show_memory(other)
    for site in sites.values():
        site.cleanup()
    if every or args.lighthouse:
        server, base = serve(args.dist)
        lh = lighthouse(base)
        server.shutdown()
        print(f"lighthouse 13, mobile preset: performance {lh['performance']:.2f} (target >= 0.90), "
              f"TBT {lh['tbt']:.0f} ms (<= 200), LCP {lh['lcp'] / 1000:.2f} s (<= 2.5), FCP {lh['fcp'] / 1000:.2f} s, "
              f"accessibility {lh['accessibility']:.2f} (1.00)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
