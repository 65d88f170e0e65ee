#!/usr/bin/env python3
"""Online tables' benchmark (issue 14): what a guest waits for and what it downloads.

    .venv/bin/python bench/online.py               # builds, then re-runs itself in a namespace
    .venv/bin/python bench/online.py --runs 5 --no-build
    .venv/bin/python bench/online.py --fair --runs 1   # the fair table only (bench/online_fair.py)

It re-runs itself inside ``tools/netns.sh`` (a network namespace of its own: loopback and a veth
pair; needs root or user namespaces), where it serves dist/ on 127.0.0.1 as GitHub Pages serves it
(gzip, bench/phone.py) and starts the local relay (tools/relay.mjs). Nothing leaves the namespace.
Chromium: Debian's, with host candidates as plain addresses (no mDNS).

Figures (median of ``--runs``, each run with fresh browser contexts):
- ``guest page``: bytes a fresh guest receives over HTTP (headers and gzip bodies, counted by the
  server) until its engine is ready, and until its service worker has precached the build.
- ``transport``: two pages of the built site join one room through the relay (static/online/net.js):
  time from ``openRoom`` to both peers seen; a message's round trip; bytes one message costs on
  the wire (RTCPeerConnection transport stats: SCTP/DTLS included).
- ``invite``, per path (issue 35): ``direct`` (both pages form a WebRTC link) and ``through the
  relays`` (the guest's page in a Chromium that can form none: ``--webrtc-ip-handling-policy=
  disable_non_proxied_udp``). The host opens ``?host=...&relay=``, the guest opens the
  ``[data-invite]`` link; from the guest's navigation: its seat given (``html[data-seat]``), its
  first move confirmed (``briscola:move-confirmed``); a move's round trip (the guest's double-click
  to the host's answer, ``ack``, received: median over the deal); per deal and per minute, the
  guest's bytes (data channels' transport bytes and every relay WebSocket frame, both ways) and the
  Nostr events each page publishes (distinct ids: an event sent to several relays counts once).
- ``a guest's rejoin and drops``: host and guest seated as above, a few moves, then the guest's page
  is closed (its device, the browser context, stays) and the invite opened again on that device:
  time from that navigation to its seat and hand drawn (``html[data-state=playing]``, cards in
  ``#my-hand``), and to its first move confirmed again (the host's page moving when it is its turn,
  as for the invite). Before that, the time from the page's closing until the host's table marks
  the seat away (``[data-away="true"]`` anywhere on the host's page); after it, a guest that goes
  silent without closing anything (its page's JavaScript paused through the DevTools protocol: no
  heartbeat, the connection still up) until the same mark. A mark not seen within 15 s prints
  "not measured (no away mark)", never a figure.
- ``--fair``: five phones (4x CPU) at chiamata, the host-referee way and the fair deal: a deal's
  start, the end-of-deal check, the first hands (bench/online_fair.py); nothing else is measured.
- ``--fair-start``: three phones at a fair table, a guest's Python started as he opens the invite
  against as the match starts: his lobby shown, his first hand (bench/online_fair.py).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import select
import statistics
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from phone import Handler, Server

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests" / "e2e"), str(ROOT / "tests" / "e2e" / "online")]

from conftest import ARGS, CHROMIUM, DIST  # noqa: E402  (the tests' Chromium and flags)

ENGINE_READY = "performance.getEntriesByName('briscola:engine-ready').length > 0"
PRECACHED = "!!navigator.serviceWorker.controller"
# Every RTCPeerConnection a page makes, so its traffic can be read whoever made it (net.js or not).
RECORD_PCS = """window.__pcs = [];
{ const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.__pcs.push(this); } }; }"""
WIRE_BYTES = """async () => {
  let received = 0, sent = 0, payload = 0;
  for (const pc of window.__pcs) {
    for (const s of (await pc.getStats()).values()) {
      if (s.type === 'transport') { received += s.bytesReceived || 0; sent += s.bytesSent || 0; }
      if (s.type === 'data-channel') payload += s.bytesReceived || 0;
    }
  }
  return {received, sent, payload};
}"""
OPEN = """async ([relay, room]) => {
  const net = await briscolaModule('online/net.js');  // the page's own (static/boot/modules.js)
  const started = performance.now();
  const r = await net.openRoom({room, relays: [relay]});
  window.__net = {room: r, got: [], joinedAt: 0, started};
  r.onPeerJoin(() => { window.__net.joinedAt ||= performance.now(); });
  r.onMessage((msg, peer) => {
    if (msg.ping !== undefined) r.send({pong: msg.ping, pad: msg.pad}, peer);
    else window.__net.got.push([msg, performance.now()]);
  });
  return r.selfId;
}"""
ROUND_TRIP = """async ([peer, pad]) => {
  const net = window.__net, t0 = performance.now(), n = net.got.length;
  await net.room.send({ping: n, pad}, peer);
  while (net.got.length === n) await new Promise((r) => setTimeout(r, 1));
  return net.got[n][1] - t0;
}"""


class CountingHandler(Handler):
    """bench/phone.py's GitHub-Pages-like handler, counting every byte it sends."""

    sent = 0
    lock = threading.Lock()

    def setup(self) -> None:
        super().setup()
        raw = self.wfile

        class Counted:
            def write(_, data: bytes) -> int:  # noqa: N805
                with CountingHandler.lock:
                    CountingHandler.sent += len(data)
                return raw.write(data)

            def __getattr__(_, name: str) -> Any:  # noqa: N805
                return getattr(raw, name)

        self.wfile = Counted()


def serve() -> tuple[Server, str]:
    server = Server(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(DIST)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def start_relay() -> tuple[subprocess.Popen, str]:
    """tools/relay.mjs (./build.sh relay) on a free port; its URL is its first line."""
    proc = subprocess.Popen(["node", str(ROOT / "tools" / "relay.mjs")], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, env={**os.environ, "RELAY_PORT": "0"})
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    line = proc.stdout.readline().strip() if ready else ""
    if not line.startswith("ws://"):
        proc.kill()
        sys.exit(f"the relay did not start (first line: {line!r})")
    return proc, line


def poll(page: Any, expression: str, timeout_s: float = 120) -> Any:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        value = page.evaluate(expression)
        if value:
            return value
        page.wait_for_timeout(20)
    raise TimeoutError(expression)


def fresh_page(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="it-IT")
    ctx.add_init_script(RECORD_PCS)
    return ctx.new_page()


def guest_page_bytes(browser: Any, base: str) -> dict[str, float]:
    """HTTP bytes of one fresh visit: until the engine is ready, until the build is precached."""
    page = fresh_page(browser)
    before = CountingHandler.sent
    page.goto(base)
    poll(page, ENGINE_READY)
    ready = CountingHandler.sent - before
    poll(page, PRECACHED)
    page.wait_for_timeout(500)  # the precache's last responses
    page.context.close()
    return {"page kB (engine ready)": ready / 1000, "page kB (precached)": (CountingHandler.sent - before) / 1000}


def transport(browser: Any, base: str, relay: str, rounds: int = 20) -> dict[str, float]:
    """Two pages meet through the relay and ping-pong ``rounds`` messages of about 100 bytes."""
    a, b = fresh_page(browser), fresh_page(browser)
    try:
        for page in (a, b):
            page.goto(base)
            poll(page, ENGINE_READY)  # Python's start is not measured with the messages
        room = f"bench-{uuid.uuid4().hex}"
        b.evaluate(OPEN, [relay, room])
        a.evaluate(OPEN, [relay, room])
        joined = poll(a, "window.__net.joinedAt && window.__net.joinedAt - window.__net.started", 60)
        b_id = poll(a, "window.__net.room.peers()[0]", 60)
        poll(b, "window.__net.joinedAt", 60)
        before = a.evaluate(WIRE_BYTES)
        trips = [a.evaluate(ROUND_TRIP, [b_id, "x" * 64]) for _ in range(rounds)]
        after = a.evaluate(WIRE_BYTES)
        return {"join ms": joined, "round trip ms": statistics.median(trips),
                "wire bytes per message": (after["received"] - before["received"]) / rounds}
    finally:
        a.context.close()
        b.context.close()


def host_url(base: str, relay: str) -> str:
    """UI-CONTRACT.md "Online tables": a two-seat table, both seats people."""
    from urllib.parse import quote

    return (f"{base}?host=classica&players=2&people=2&seed=7&level=principiante&speed=istantanea"
            f"&relay={quote(relay, safe='')}")


NO_WEBRTC = "--webrtc-ip-handling-policy=disable_non_proxied_udp"


class Wire:
    """A page's relay WebSocket frames (both ways, bytes) and the Nostr events it publishes (ids)."""

    def __init__(self, page: Any) -> None:
        self.bytes, self.events = 0, set()
        page.on("websocket", self.watch)

    def watch(self, ws: Any) -> None:
        ws.on("framesent", self.sent)
        ws.on("framereceived", lambda payload: self.count(payload))

    def count(self, payload: Any) -> None:
        self.bytes += len(payload if isinstance(payload, bytes) else str(payload).encode())

    def sent(self, payload: Any) -> None:
        self.count(payload)
        if isinstance(payload, str) and payload.startswith('["EVENT"'):
            with contextlib.suppress(Exception):
                self.events.add(json.loads(payload)[1]["id"])


MOVE_ACK = """([n, t0]) => {
  const log = window.briscolaOnline.received, times = window.briscolaOnline.times;
  for (let i = n; i < log.length; i++) if (log[i].ack) return times[i] - t0;
  return null;
}"""


def play_through(host: Any, guest: Any, timeout_s: float = 300) -> list[float]:
    """Each page double-clicks a playable card whenever it has one, until the deal is over: the guest's
    moves' round trips (ms, its click to the host's answer)."""
    end = time.monotonic() + timeout_s
    trips: list[float] = []
    while time.monotonic() < end:
        if all(p.evaluate("document.documentElement.dataset.state") != "playing" for p in (host, guest)):
            return trips
        card = guest.locator("#my-hand [data-playable=true]")
        if card.count():
            n, t0 = guest.evaluate("[window.briscolaOnline.received.length, performance.now()]")
            with contextlib.suppress(Exception):  # redrawn meanwhile: the next round tries again
                card.first.dblclick(timeout=2_000, force=True)
                trip = None
                while trip is None and time.monotonic() < end:
                    trip = guest.evaluate(MOVE_ACK, [n, t0])
                    if trip is None:
                        guest.wait_for_timeout(10)
                trips.append(trip)
        card = host.locator("#my-hand [data-playable=true]")
        if card.count():
            with contextlib.suppress(Exception):
                card.first.dblclick(timeout=2_000, force=True)
        host.wait_for_timeout(30)
    raise TimeoutError("the deal did not end")


def invite(browser: Any, far: Any, base: str, relay: str) -> dict[str, float] | None:
    """One deal, host in `browser`, guest in `far` (a browser that forms no WebRTC link, or the same):
    invite to seated and to first move, a move's round trip, bytes and events per deal and minute."""
    host, guest = fresh_page(browser), fresh_page(far)
    host_wire, guest_wire = Wire(host), Wire(guest)
    try:
        host.goto(host_url(base, relay))
        try:
            link = host.wait_for_selector("[data-invite]", state="attached", timeout=90_000)
        except Exception:  # noqa: BLE001
            return None
        href = link.get_attribute("href")
        guest.goto(href)
        seated = poll(guest, "document.documentElement.dataset.seat !== undefined && performance.now()", 180)
        guest.wait_for_selector("html[data-state=playing]", state="attached", timeout=180_000)
        first = None
        while first is None:  # whoever leads: the guest's first move, or its first playable card
            if guest.locator("#my-hand [data-playable=true]").count():
                guest.locator("#my-hand [data-playable=true]").first.dblclick(timeout=10_000)
                first = poll(guest, "performance.getEntriesByName('briscola:move-confirmed')[0]?.startTime")
            elif host.locator("#my-hand [data-playable=true]").count():
                host.locator("#my-hand [data-playable=true]").first.dblclick(timeout=10_000)
            guest.wait_for_timeout(20)
        started = time.monotonic()
        events_before = (len(host_wire.events), len(guest_wire.events))
        bytes_before = guest_wire.bytes + guest.evaluate(WIRE_BYTES)["received"] + guest.evaluate(WIRE_BYTES)["sent"]
        trips = play_through(host, guest)
        minutes = (time.monotonic() - started) / 60
        wire = guest.evaluate(WIRE_BYTES)
        deal_bytes = guest_wire.bytes + wire["received"] + wire["sent"] - bytes_before
        host_events = len(host_wire.events) - events_before[0]
        guest_events = len(guest_wire.events) - events_before[1]
        print(f"    (the guest reached the host: {guest.evaluate('window.briscolaOnline.how()')})", flush=True)
        return {"invite to seated ms": seated, "invite to first move ms": first,
                "move round trip ms": statistics.median(trips) if trips else None,
                "move round trip ms (worst)": max(trips) if trips else None,
                "guest kB per deal": deal_bytes / 1000, "guest kB per minute": deal_bytes / 1000 / minutes,
                "host events per deal": host_events, "host events per minute": host_events / minutes,
                "guest events per deal": guest_events, "guest events per minute": guest_events / minutes}
    finally:
        host.context.close()
        guest.context.close()


AWAY = '[data-away="true"]'
AWAY_WAIT_S = 15


def away_mark(host: Any, since: float, timeout_s: float = AWAY_WAIT_S) -> float | None:
    """Milliseconds from `since` (time.monotonic()) until the host's page marks a seat away; None
    when no mark shows within `timeout_s`."""
    end = since + timeout_s
    while time.monotonic() < end:
        if host.locator(AWAY).count():
            return (time.monotonic() - since) * 1000
        host.wait_for_timeout(20)
    return None


def move_when_playable(host: Any, guest: Any, timeout_s: float = 120) -> float:
    """The host moves at its turns until the guest may move; the guest moves: its page's
    ``briscola:move-confirmed`` time (ms from its navigation)."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if guest.locator("#my-hand [data-playable=true]").count():
            with contextlib.suppress(Exception):  # redrawn meanwhile: the next round tries again
                guest.locator("#my-hand [data-playable=true]").first.dblclick(timeout=2_000, force=True)
            if guest.evaluate("performance.getEntriesByName('briscola:move-confirmed').length"):
                return guest.evaluate("performance.getEntriesByName('briscola:move-confirmed')[0].startTime")
        elif host.locator("#my-hand [data-playable=true]").count():
            with contextlib.suppress(Exception):
                host.locator("#my-hand [data-playable=true]").first.dblclick(timeout=2_000, force=True)
        guest.wait_for_timeout(20)
    raise TimeoutError("the guest never moved")


def rejoin(browser: Any, base: str, relay: str) -> dict[str, float | None] | None:
    """A guest's page closed and the invite opened again on the same device; the away mark after the
    close and after a silent guest (None: no mark within 15 s). None: no online tables yet."""
    host, guest = fresh_page(browser), fresh_page(browser)
    device = guest.context
    try:
        host.goto(host_url(base, relay))
        try:
            href = host.wait_for_selector("[data-invite]", state="attached", timeout=90_000).get_attribute("href")
        except Exception:  # noqa: BLE001
            return None
        guest.goto(href)
        for page in (host, guest):
            page.wait_for_selector("html[data-state=playing]", state="attached", timeout=180_000)
        move_when_playable(host, guest)  # a first move each way: the table is under way
        guest.wait_for_timeout(300)
        guest.close()
        closed = away_mark(host, time.monotonic())
        back = device.new_page()
        back.goto(href)
        shown = poll(back, "document.documentElement.dataset.state === 'playing'"
                           " && document.querySelector('#my-hand .hand-card') && performance.now()", 120)
        first = move_when_playable(host, back)
        # The mark goes once the seat is back; then the guest goes silent, its connection left open.
        cleared = time.monotonic() + AWAY_WAIT_S
        while host.locator(AWAY).count() and time.monotonic() < cleared:
            host.wait_for_timeout(50)
        silent = None
        if not host.locator(AWAY).count():
            cdp = device.new_cdp_session(back)
            cdp.send("Debugger.enable")
            cdp.send("Debugger.pause")
            silent = away_mark(host, time.monotonic())
            cdp.send("Debugger.resume")
        return {"drop: page closed to away mark ms": closed, "rejoin: invite to hand shown ms": shown,
                "rejoin: invite to first move ms": first, "drop: silent guest to away mark ms": silent}
    finally:
        host.context.close()
        device.close()


def show(title: str, runs: list[dict[str, float | None]]) -> None:
    """Each figure's median over the runs; a figure no run measured (None) says so."""
    print(f"\n{title}")
    for key in runs[0]:
        values = [r[key] for r in runs]
        seen = [v for v in values if v is not None]
        if not seen:
            print(f"  {key:36} not measured")
            continue
        listed = ", ".join("-" if v is None else f"{v:.1f}" for v in values)
        print(f"  {key:36} {statistics.median(seen):10.1f}   (runs: {listed})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-build", action="store_true")
    parser.add_argument("--no-rejoin", action="store_true", help="skip the rejoin and drops figures")
    parser.add_argument("--path", choices=("both", "direct", "relays"), default="both", help="the paths measured")
    parser.add_argument("--fair", action="store_true", help="only the fair table on five phones (online_fair.py)")
    parser.add_argument("--fair-start", action="store_true",
                        help="only a guest's Python start at a fair table (online_fair.py)")
    args = parser.parse_args()
    if os.environ.get("BRISCOLA_NETNS") != "1":
        if not args.no_build:
            subprocess.run([str(ROOT / "build.sh")], check=True)
        argv = [a for a in sys.argv[1:] if a != "--no-build"]
        os.execv(ROOT / "tools" / "netns.sh", [str(ROOT / "tools" / "netns.sh"), sys.executable, __file__,
                                               "--no-build", *argv])
    from playwright.sync_api import sync_playwright

    server, base = serve()
    relay_proc, relay = start_relay()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if args.fair or args.fair_start:
                from online_fair import fair_figures, start_figures

                (start_figures if args.fair_start else fair_figures)(browser, base, relay, args.runs, show)
                browser.close()
                return
            show("guest page (HTTP, gzip)", [guest_page_bytes(browser, base) for _ in range(args.runs)])
            show(f"transport (static/online/net.js, relay {relay})",
                 [transport(browser, base, relay) for _ in range(args.runs)])
            far = p.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, NO_WEBRTC])
            for path, guests in (("direct", browser), ("through the relays", far)):
                if args.path not in ("both", path.split()[-1]):
                    continue
                runs = [invite(browser, guests, base, relay) for _ in range(args.runs)]
                show(f"invite, {path} (UI-CONTRACT.md, Online tables)", [r for r in runs if r is not None])
            far.close()
            if not args.no_rejoin:
                again = [rejoin(browser, base, relay) for _ in range(args.runs)]
                show("a guest's rejoin and drops (same device; away mark: [data-away=true] on the host's page)",
                     [r for r in again if r is not None])
            browser.close()
    finally:
        relay_proc.terminate()
        server.shutdown()


if __name__ == "__main__":
    main()
