"""The fair deal's start on an emulated phone (issue 36): from "start" to the first playable card,
the cryptography's part, in Chromium with its CPU throttled 4x (DevTools), for a table of 2 and of 5
people. Needs the build (./build.sh): .venv/bin/python bench/fair_phone.py [runs]

Every page of the table runs in one tab (tests/js/fair/net.mjs, the messages delivered in memory):
the keys, the shuffle's hops in turn, then the first hands' shares until page 0 has read its cards.
On a real table each phone does its own part in parallel, so this is an upper bound of the CPU on
the path (the bench/fair.mjs figures split it); the network's trips come on top (one round for the
keys, one trip per hop, one for the shares: some 1.3-1.5 s for five people on mobile data,
docs/fair-deal.md). The engine's side (op new with ``fair``, then fair_step with the cards read) is
timed apart in this machine's CPython (Pyodide in the worker is some 2-3x slower, a phone 4x more).
"""

from __future__ import annotations

import functools
import http.server
import json
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCRIPT = """async ([people, runs]) => {
  const net = await import('/tests/js/fair/net.mjs');
  const out = [];
  for (let r = 0; r < runs + 1; r++) {
    const seats = Array.from({ length: people }, (_, s) => s);
    const t0 = performance.now();
    const n = net.shuffle(net.table(seats, { name: 'bench' + r }));
    const t1 = performance.now();
    const per = people === 2 ? 3 : 8;  // classica for two, chiamata for five: the first hands
    const deal = Array.from({ length: per * people }, (_, i) => ({ pos: i, holder: i % people, viewers: [] }));
    net.open(n, deal);
    const t2 = performance.now();
    const read = n.told.get(0).shown.length;
    if (r > 0) out.push({ shuffle: t1 - t0, hands: t2 - t1, read });  // the first run warms the JIT
  }
  return out;
}"""


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".mjs": "text/javascript",
                      ".js": "text/javascript"}

    def log_message(self, *args: object) -> None:
        pass


def engine_start(people: int) -> float:
    """CPython ms: a fair table's match made on one page, then its first hand read."""
    from briscola import web

    players, variant = (2, "classica") if people == 2 else (5, "chiamata")
    t0 = time.process_time()
    out = json.loads(web.call("new", json.dumps({
        "variant": variant, "players": players, "seed": 1, "people": list(range(people)), "online": True,
        "viewer": 0, "fair": {"k": "b", "plays": list(range(players))}})))
    mine = [o["pos"] for o in out["result"]["fair"]["opens"] if o["holder"] in (0, None)]
    codes = ["AD", "2D", "3D", "4D", "5D", "6D", "7D", "JD", "QD", "KD"]
    shown = [{"pos": p, "card": codes[i]} for i, p in enumerate(mine)]
    res = json.loads(web.call("fair_step", json.dumps({"shown": shown})))
    assert res["ok"] and res["result"]["fair"]["ready"], res
    return (time.process_time() - t0) * 1000


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium")  # Debian's, as the tests
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{server.server_address[1]}/bench/")
            cdp = page.context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
            for people in (2, 5):
                got = page.evaluate(SCRIPT, [people, runs])
                shuffle = [g["shuffle"] for g in got]
                hands = [g["hands"] for g in got]
                eng = [engine_start(people) for _ in range(runs)]
                print(f"{people} people, {runs} runs, ms (median, min-max):")
                print(f"  shuffle, every page in one tab at 4x: {statistics.median(shuffle):.0f} "
                      f"({min(shuffle):.0f}-{max(shuffle):.0f})")
                print(f"  first hands read (every share), same: {statistics.median(hands):.0f} "
                      f"({min(hands):.0f}-{max(hands):.0f}); page 0 read {got[0]['read']} cards")
                print(f"  engine (new + fair_step), CPython: {statistics.median(eng):.0f} "
                      f"({min(eng):.0f}-{max(eng):.0f})")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
