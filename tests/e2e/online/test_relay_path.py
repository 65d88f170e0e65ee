"""Tables that hold when the network does not (issue 35), inside the network namespace: the way through
the relays when no direct link forms (static/online/link.js, mailbox.js), several relays with one dead
or dying, a slow and lossy network, the host's page away and back.

A guest "who can form no WebRTC link" is a page of a second Chromium launched with
``--webrtc-ip-handling-policy=disable_non_proxied_udp`` (no proxy): it gathers no ICE candidate, so
its data channels never open, while its WebSockets to the relays work (/work/shared/RUNTIME.md)."""

from __future__ import annotations

import json
import subprocess
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARGS, BOOT_MS, CHROMIUM, ROOT, close_tab
from online_support import CONNECT_MS, inside_the_namespace, net_page, relay, start_relay, stop_relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import host_url, html, join, moves_until, open_host, play_round, wait_all, watched

VIEWPORT = {"width": 1000, "height": 750}
NO_WEBRTC = "--webrtc-ip-handling-policy=disable_non_proxied_udp"
DEAD = "ws://127.0.0.1:1"  # nothing listens there: refused at once, as a relay that is down

# Every EVENT the page publishes is recorded (window.__sent); while window.__hold, they are held back
# (window.__held) until window.__release(order) sends them in that order.
HOLD = """(() => {
  const send = WebSocket.prototype.send;
  Object.assign(window, { __sent: [], __held: [], __hold: false });
  WebSocket.prototype.send = function (data) {
    if (typeof data === 'string' && data.startsWith('["EVENT"')) {
      window.__sent.push(data);
      if (window.__hold) { window.__held.push([this, data]); return; }
    }
    return send.call(this, data);
  };
  window.__release = (order) => {
    const held = window.__held;
    window.__held = [];
    for (const i of order) send.call(...held[i]);
  };
})();"""
OPEN = """async ([relays, room, anchor]) => {
  const net = await briscolaModule('online/net.js');
  const r = await net.openRoom({room, relays, anchor, direct: false});
  window.__net = {room: r, got: [], joined: [], paths: []};
  r.onMessage((msg, peer) => window.__net.got.push(msg));
  r.onPeerJoin((peer) => window.__net.joined.push(peer));
  return r.identity.pub;
}"""
# Publish each (topic, content) again as a new event, signed by another key (a relay replaying them).
REPLAY = r"""
import { WebSocket } from "ws";
import { createEvent } from "@trystero-p2p/nostr";
const [url, items] = [process.argv[1], JSON.parse(process.argv[2])];
const ws = new WebSocket(url);
await new Promise((r) => ws.on("open", r));
for (const [topic, content] of items) ws.send(await createEvent(topic, content));
await new Promise((r) => setTimeout(r, 500));
ws.close();
"""


@pytest.fixture
def no_webrtc(browser: Any) -> Iterator[Any]:
    """A Chromium whose pages can form no direct WebRTC link."""
    other = browser.browser_type.launch(executable_path=CHROMIUM, args=[*ARGS, NO_WEBRTC])
    yield other
    other.close()


@pytest.fixture
def devices(browser: Any, warm: Any) -> Iterator[Any]:  # noqa: F811
    """``host()``: the host's page (warm); ``guest(browser=None)``: a guest's page on a device of its own
    (a context of `browser`, by default the tests' Chromium). No page may end with an error."""
    made: list[Any] = []
    own: list[Any] = []

    def host() -> Any:
        page = warm(viewport=(VIEWPORT["width"], VIEWPORT["height"]))
        made.append(watched(page))
        return page

    def guest(on: Any = None) -> Any:
        ctx = (on or browser).new_context(viewport=VIEWPORT, locale="it-IT")
        own.append(ctx)
        made.append(watched(ctx.new_page()))
        return made[-1]

    yield type("Devices", (), {"host": staticmethod(host), "guest": staticmethod(guest)})
    for p in made:
        assert not p.errors, p.errors
    for ctx in own:
        ctx.close()


def relays(*urls: str) -> str:
    return "&relay=".join(urls)


def test_frames_through_the_relays_are_applied_in_order_and_once(site, browser, relay):  # noqa: F811
    """Two pages that form no data channel (net.js `direct: false`) talk through the relays, a dead
    relay named first: every message arrives, in order, once, though the guest's events reach the
    relay out of order, and the same frames published again later (a relay replaying them) change
    nothing."""
    room = f"test-{uuid.uuid4().hex[:12]}"
    ctx = browser.new_context()
    try:
        host, guest = ctx.new_page(), ctx.new_page()
        guest.add_init_script(HOLD)
        for page in (host, guest):
            net_page(page, site)
        key = host.evaluate(OPEN, [[DEAD, relay], room, None])
        guest.evaluate(OPEN, [[DEAD, relay], room, key])
        for page in (host, guest):
            page.wait_for_function("window.__net.joined.length", timeout=CONNECT_MS)
        assert guest.evaluate("window.__net.room.how(window.__net.joined[0])") == "relay"
        host_id = guest.evaluate("window.__net.joined[0]")
        guest.wait_for_timeout(2500)  # the greetings' events spent: the next ones are one a message
        guest.evaluate("window.__hold = true")
        for n in range(3):
            guest.evaluate("([msg, to]) => window.__net.room.send(msg, to)", [{"n": n}, host_id])
            guest.wait_for_function(f"window.__held.length >= {n + 1}", timeout=10_000)
        guest.evaluate("window.__hold = false; window.__release([2, 0, 1])")  # the third first
        host.wait_for_function("window.__net.got.length >= 3", timeout=15_000)
        sent = [json.loads(e)[1] for e in guest.evaluate("window.__sent")]
        items = [[next(t[1] for t in e["tags"] if t[0] == "x"), e["content"]] for e in sent]
        subprocess.run(["node", "--input-type=module", "-e", REPLAY, relay, json.dumps(items[::-1])], cwd=ROOT,
                       check=True, timeout=60)
        guest.evaluate("([msg, to]) => window.__net.room.send(msg, to)", [{"n": 3}, host_id])
        host.wait_for_function("window.__net.got.length >= 4", timeout=15_000)
        host.wait_for_timeout(1500)  # anything applied twice would show by now
        assert host.evaluate("window.__net.got") == [{"n": 0}, {"n": 1}, {"n": 2}, {"n": 3}]
        # The host answers the same way; a frame sealed for the guest opens nowhere else.
        guest_id = host.evaluate("window.__net.joined[0]")
        host.evaluate("([msg, to]) => window.__net.room.send(msg, to)", [{"back": 1}, guest_id])
        guest.wait_for_function("window.__net.got.length", timeout=15_000)
        assert guest.evaluate("window.__net.got") == [{"back": 1}]
        stats = guest.evaluate("window.__net.room.stats()")
        assert stats["open"] == [relay], stats
    finally:
        ctx.close()


def test_a_guest_with_no_direct_link_plays_a_whole_deal_through_the_relays(devices, no_webrtc, site, relay):  # noqa: F811
    """Three seats: one guest can form no WebRTC link, the other can. The host's seat list says how
    each is connected; the deal is played to its end; one of the two relays dies halfway through it,
    and the guest with no direct link plays on through the other."""
    second, spare = start_relay()
    try:
        host, direct, far = devices.host(), devices.guest(), devices.guest(no_webrtc)
        invite = open_host(host, host_url(site, "classica", 3, 3, 41, relay=relays(relay, spare)))
        assert invite.count("relay=") == 2 and "&k=" in invite
        join(far, invite, timeout=CONNECT_MS)
        seat = html(far, "seat")
        through = f"[data-lobby-seat='{seat}'][data-how=relay]:has-text('tramite i relay')"
        host.wait_for_selector(through, timeout=CONNECT_MS)
        join(direct, invite, timeout=CONNECT_MS)
        pages = [host, direct, far]
        wait_all(pages, "playing")
        moves_until(pages, 12)
        stop_relay(second)
        play_round(pages, timeout_s=300)
        wait_all(pages, "deal-over", "match-over")
        stats = far.evaluate("window.briscolaOnline.stats()")
        assert stats["open"] == [relay], stats
    finally:
        stop_relay(second)


def test_a_dead_relay_beside_a_live_one(devices, site, relay):  # noqa: F811
    """`relay=<dead>&relay=<live>`: the invite carries both, and the table is reached through the live one
    and played on. (A whole deal through the relays is the test above's; a whole deal over a link
    formed this way, test_online_webrtc's.)"""
    host, guest = devices.host(), devices.guest()
    invite = open_host(host, host_url(site, "classica", 2, 2, 43, relay=relays(DEAD, relay)))
    assert invite.count("relay=") == 2
    join(guest, invite, timeout=CONNECT_MS)
    wait_all([host, guest], "playing")
    moves_until([host, guest], 6)


def netem(spec: str | None) -> bool:
    """Delay and loss on every link of the namespace (None: taken away); False when this kernel has no
    netem (this machine's has none: `tc` says "Specified qdisc kind is unknown")."""
    ok = True
    for dev in ("lo", "v0", "v1"):
        subprocess.run(["tc", "qdisc", "del", "dev", dev, "root"], capture_output=True, check=False)
        if spec:
            ok = subprocess.run(["tc", "qdisc", "add", "dev", dev, "root", "netem", *spec.split()],
                                capture_output=True, check=False).returncode == 0 and ok
    return ok


def degrade(page: Any) -> None:
    """Chromium's own emulation for `page`: 150 ms on its HTTP and WebSocket traffic (the relays), 3 %
    of its WebRTC packets lost and some reordered (where the kernel has no netem, this is the slow
    and lossy network)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150, "downloadThroughput": -1,
                                                  "uploadThroughput": -1, "packetLoss": 3, "packetQueueLength": 0,
                                                  "packetReordering": True})


def test_a_deal_on_a_slow_and_lossy_network(devices, site, relay):  # noqa: F811
    """150 ms each way and 3 % of packets lost, from the seating on (netem on every link of the
    namespace, or Chromium's emulation on both pages where the kernel has no netem): the deal ends,
    nobody is marked away."""
    host, guest = devices.host(), devices.guest()
    invite = open_host(host, host_url(site, "classica", 2, 2, 47, relay=relay))
    join(guest, invite, timeout=CONNECT_MS)
    wait_all([host, guest], "playing")
    host.evaluate("""() => {  // an away mark, however short, is seen
      window.__away = false;
      new MutationObserver(() => { window.__away ||= !!document.querySelector('[data-away=true]'); })
        .observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-away']});
    }""")
    try:
        if not netem("delay 150ms loss 3%"):
            for page in (host, guest):
                degrade(page)
        play_round([host, guest], timeout_s=300)
        wait_all([host, guest], "match-over", timeout=60_000)
        assert host.evaluate("window.__away") is False
    finally:
        netem(None)


def test_the_host_away_half_a_minute_and_back(devices, site, relay):  # noqa: F811
    """The host's tab closed for 30 s (longer than a silent peer is waited for): the guest is told at
    once, then the host's table comes back from its storage, the guest is told again, and play goes
    on from where it stopped. (A deal played to its end through the host's reload is
    test_online_webrtc's.)"""
    host, guest = devices.host(), devices.guest()
    invite = open_host(host, host_url(site, "classica", 2, 2, 53, relay=relay))
    join(guest, invite, timeout=CONNECT_MS)
    wait_all([host, guest], "playing")
    moves_until([host, guest], 6)
    ctx = host.context
    host.close()
    guest.wait_for_selector(".toast:has-text('si è scollegato')", state="attached", timeout=30_000)
    guest.wait_for_timeout(30_000)
    back = watched(ctx.new_page())
    back.set_viewport_size(VIEWPORT)
    back.goto(site)
    back.wait_for_selector("html[data-state=playing][data-online=host]", state="attached", timeout=BOOT_MS)
    guest.wait_for_selector(".toast:has-text('è tornato')", state="attached", timeout=CONNECT_MS)
    # A fair table (the default): each page keeps its own side of the deal, and asks the other for
    # what it missed (FairTable.again); no page waits for a position from the host.
    moves_until([back, guest], 6)
    assert not back.errors, back.errors


def test_a_host_gone_for_good_lets_the_guest_end_the_match_counted_as_played(devices, site, relay):  # noqa: F811
    """The host's page gone for more than a minute: the guest is told why the deal cannot be finished
    without him (at a fair table, the default: his cards are read only with his page's keys), ends
    the match, and finds it among the matches played in his statistics."""
    host, guest = devices.host(), devices.guest()
    invite = open_host(host, host_url(site, "classica", 2, 2, 59, relay=relay))
    join(guest, invite, timeout=CONNECT_MS)
    wait_all([host, guest], "playing")
    moves_until([host, guest], 4)
    assert close_tab(host)
    guest.wait_for_selector(".toast:has-text('si è scollegato')", state="attached", timeout=30_000)
    guest.wait_for_selector("#btn-end-lost", timeout=90_000)
    assert "le chiavi del suo telefono" in guest.locator("#dialog").inner_text()
    guest.locator("#btn-end-lost").click()
    guest.wait_for_selector("html[data-counted=interrupted]", state="attached", timeout=BOOT_MS)
    stats = json.loads(guest.evaluate("localStorage.getItem('briscola:stats')"))
    line = next(x for x in stats["lines"] if x["variant"] == "classica")
    assert (line["matches"], line["won"], line["drawn"], line["lost"]) == (1, 0, 0, 0)
    assert guest.locator("#btn-ended-new").is_visible()
