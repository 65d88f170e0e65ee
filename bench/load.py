#!/usr/bin/env python3
"""Page-load benchmark of the built site (issue 3): build, serve on loopback, measure in chromium.

    .venv/bin/python bench/load.py            # 3 runs each, then one whole game for long tasks
    .venv/bin/python bench/load.py --runs 5

Prints:
- cold first visit to a playable table (fresh profile, nothing cached), median;
- warm visit to a playable table, served by the service worker (same profile, page reopened),
  once the first visit's background work is done (the service worker's precache and the AI
  worker's Python memory snapshot, which later visits restore instead of starting Python);
- bytes over the wire on the first visit, gzip-compressed as GitHub Pages serves text and
  wasm (already-compressed .zip/.png counted as they are), and the requests behind them;
- the longest main-thread task during the computer's turns of a whole 2-player game
  (PerformanceObserver "longtask": only tasks over 50 ms are reported by the browser).

"Playable" is the page's own ``briscola:playable`` performance mark: the first time the table
with the player's hand is drawn. Targets: cold <= 3.0 s, warm <= 1.2 s, first visit <= 6 MB,
longest task <= 50 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
GAME = "?new=classica&players=2&seed=7&level=esperto"
SNAPSHOT_DONE = ("performance.getEntriesByName('briscola:snapshot-saved').length"
                 " + performance.getEntriesByName('briscola:snapshot-failed').length > 0")
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
})
  .observe({ type: "longtask", buffered: true });
"""


# The bare runtime, for comparison: PyScript from dist/ and Pyodide as npm ships it (its standard
# library as source, no snapshot; served under /__bare/pyodide/), a one-line program.
BARE = "/__bare/pyodide/"
BASELINE = b"""<!doctype html><html><head><script type="module" src="./pyscript/core.js"></script></head><body>
<script type="py" config='{"interpreter": "./__bare/pyodide/pyodide.mjs"}'>
import js
js.performance.mark("briscola:playable")
js.document.documentElement.dataset.state = "playing"
js.document.body.innerHTML = '<div id="my-hand"><i class="hand-card"></i></div>'
</script></body></html>"""


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def translate_path(self, path: str) -> str:
        if path.startswith(BARE):
            return str(ROOT / "node_modules" / "pyodide" / path[len(BARE):].split("?")[0])
        return super().translate_path(path)

    def do_GET(self) -> None:
        if self.path.split("?")[0] != "/__baseline.html":
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(BASELINE)))
        self.end_headers()
        self.wfile.write(BASELINE)
        return None

    def log_message(self, *args: Any) -> None:
        pass


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page closed mid-download
            super().handle_error(request, client_address)


def serve() -> tuple[http.server.ThreadingHTTPServer, str]:
    server = Server(("127.0.0.1", 0), functools.partial(Handler, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def playable_ms(page: Any) -> float:
    page.wait_for_selector("html[data-state=playing] #my-hand .hand-card", state="attached", timeout=120_000)
    return page.evaluate("performance.getEntriesByName('briscola:playable')[0].startTime")


def wire_size(path: str, body: bytes) -> int:
    if path.endswith((".zip", ".png")):
        return len(body)
    return len(gzip.compress(body, 6))


def cold(p: Any, base: str, page_url: str = GAME) -> tuple[float, int, int]:
    with tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", args=ARGS,
                                                   viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        bodies: dict[str, Any] = {}
        ctx.on("response", lambda r: bodies.setdefault(r.url, r))
        page.goto(base + page_url)
        ms = playable_ms(page)
        # the AI worker and the service worker start after the first render: count their bytes too
        page.wait_for_timeout(3000 if page_url == GAME else 0)
        total = 0
        for url, resp in bodies.items():
            with contextlib.suppress(Exception):  # a response without a body (redirect, 304)
                total += wire_size(url, resp.body())
        ctx.close()
        return ms, total, len(bodies)


def warm(p: Any, base: str, runs: int, first: str = GAME, again: str = "", restored: list[bool] | None = None
         ) -> list[float]:
    restored = [] if restored is None else restored
    with tempfile.TemporaryDirectory() as profile:
        ctx = p.chromium.launch_persistent_context(profile, executable_path="/usr/bin/chromium", args=ARGS,
                                                   viewport={"width": 1280, "height": 800})
        page = ctx.new_page()
        page.goto(base + first)
        playable_ms(page)
        if first == GAME:  # the first visit's background work: the precache and Python's snapshot
            page.wait_for_function("!!navigator.serviceWorker.controller", timeout=120_000)
            page.wait_for_function(SNAPSHOT_DONE, timeout=120_000)
            if page.evaluate("performance.getEntriesByName('briscola:snapshot-failed').length"):
                print("warning: the AI worker could not save Python's snapshot", file=sys.stderr)
        page.wait_for_timeout(1500)
        page.close()
        times = []
        for _ in range(runs):
            page = ctx.new_page()
            page.goto(base + again)  # the saved match resumes
            times.append(playable_ms(page))
            if first == GAME:
                restored.append(page.evaluate("performance.getEntriesByName('briscola:snapshot-restored').length > 0"))
            page.close()
        ctx.close()
        return times


def longest_ai_task(p: Any, base: str) -> tuple[float, int, int]:
    browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(LONGTASKS)
    page.goto(base + GAME.replace("esperto", "campione") + "&speed=normale")
    playable_ms(page)
    plays = 0
    while page.evaluate("document.documentElement.dataset.state") == "playing":
        page.wait_for_selector("html:not([data-state=playing]), #my-hand [data-playable=true]", state="attached",
                               timeout=120_000)
        if page.evaluate("document.documentElement.dataset.state") != "playing":
            break
        page.locator("#my-hand [data-playable=true]").first.dblclick()
        plays += 1
        page.wait_for_timeout(100)
    marks = page.evaluate("""[performance.getEntriesByName('briscola:ai-start').map(e => e.startTime),
                              performance.getEntriesByName('briscola:ai-end').map(e => e.startTime)]""")
    tasks = page.evaluate("window.__longtasks")
    browser.close()
    windows = list(zip(*marks, strict=False))
    during = [d for start, d in tasks if any(a <= start <= b for a, b in windows)]
    return max(during, default=0.0), len(windows), plays


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    args = parser.parse_args()
    if not args.no_build:
        subprocess.run([str(ROOT / "build.sh")], check=True)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sys.exit("Playwright is missing: run ./build.sh test once (it fills .venv), "
                 "then .venv/bin/python bench/load.py")
    server, base = serve()
    with sync_playwright() as p:
        colds = [cold(p, base) for _ in range(args.runs)]
        restored: list[bool] = []
        warms = warm(p, base, args.runs, restored=restored)
        longest, turns, plays = longest_ai_task(p, base)
        bare_cold = statistics.median(cold(p, base, "__baseline.html")[0] for _ in range(args.runs))
        bare_warm = statistics.median(warm(p, base, args.runs, "__baseline.html", "__baseline.html"))
    server.shutdown()
    cold_ms = statistics.median(c[0] for c in colds)
    size, requests = colds[0][1], colds[0][2]
    print(f"cold first visit to a playable table : {cold_ms / 1000:.2f} s  (median of {args.runs}: "
          f"{', '.join(f'{c[0] / 1000:.2f}' for c in colds)})  target <= 3.0 s")
    print(f"warm visit (service worker)          : {statistics.median(warms) / 1000:.2f} s  (median of {len(warms)}: "
          f"{', '.join(f'{w / 1000:.2f}' for w in warms)}; Python from its snapshot in {sum(restored)} of "
          f"{len(restored)})  target <= 1.2 s")
    print(f"bytes over the wire, first visit     : {size / 1e6:.2f} MB gzip ({requests} requests)  target <= 6 MB")
    shown = f"{longest:.0f} ms" if longest else "none over 50 ms"
    print(f"  the bare runtime in the same minutes (PyScript + Pyodide as npm ships it, a one-line program): "
          f"cold {bare_cold / 1000:.2f} s, warm (HTTP cache) {bare_warm / 1000:.2f} s")
    print(f"longest main-thread task, AI turns   : {shown}  ({turns} computer turns, {plays} of my plays, "
          "level campione)  target <= 50 ms")


if __name__ == "__main__":
    main()
