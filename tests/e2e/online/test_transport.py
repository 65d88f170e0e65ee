"""static/online/net.js through the real page: two pages meet in a room through the local relay and pass
messages both ways over WebRTC; the local relay is a Nostr relay; the invite's QR code; the vendored
libraries only on demand and offline; the CSP names exactly the relays a table may use."""

from __future__ import annotations

import json
import re
import subprocess
import uuid

from conftest import BOOT_MS, DIST, ROOT, close_tab
from online_support import CONNECT_MS, inside_the_namespace, net_page, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401

ENGINE_READY = "performance.getEntriesByName('briscola:engine-ready').length > 0"
OPEN = """async ([relay, room, password]) => {
  const net = await briscolaModule('online/net.js');
  const r = await net.openRoom({room, relays: [relay], password});
  window.__net = {room: r, got: [], joined: [], left: [], errors: []};
  r.onMessage((msg, peer) => window.__net.got.push([msg, peer]));
  r.onPeerJoin((peer) => window.__net.joined.push(peer));
  r.onPeerLeave((peer) => window.__net.left.push(peer));
  r.onError((text) => window.__net.errors.push(text));
  return r.selfId;
}"""


def vendor_requests(requests: list[str]) -> list[str]:
    """The online tables' libraries asked for (static/vendor/ also has the boot's Brotli decoder)."""
    return [r for r in requests if "/static/vendor/" in r and r.rsplit("/", 1)[1].startswith(("trystero", "qrcode"))]


def test_two_pages_meet_through_the_local_relay_and_talk_both_ways(site, warm, relay):  # noqa: F811
    """Two tabs of the real page (its CSP included), each started as a returning player's (the warm
    context: Python from its snapshot), meet over WebRTC: net.js, not BroadcastChannel."""
    room = f"test-{uuid.uuid4().hex}"
    pages, requests = [], []
    for _ in range(2):
        page = warm() if not pages else pages[0].context.new_page()
        seen: list[str] = []
        page.on("request", lambda r, seen=seen: seen.append(r.url))
        page.goto(site)
        page.wait_for_function(ENGINE_READY, timeout=BOOT_MS)
        pages.append(page)
        requests.append(seen)
    for seen in requests:  # the normal start never fetches the online libraries
        assert not vendor_requests(seen), vendor_requests(seen)
    a, b = pages
    a_id, b_id = a.evaluate(OPEN, [relay, room, ""]), b.evaluate(OPEN, [relay, room, ""])
    assert a_id != b_id
    for page in pages:
        page.wait_for_function("window.__net.joined.length", timeout=CONNECT_MS)
    assert a.evaluate("window.__net.joined") == [b_id] and b.evaluate("window.__net.joined") == [a_id]
    assert a.evaluate("window.__net.room.peers()") == [b_id]
    sent = a.evaluate("([msg, to]) => window.__net.room.send(msg, to)", [{"hello": "from a", "n": [1, 2]}, b_id])
    assert sent is True
    b.wait_for_function("window.__net.got.length")
    assert b.evaluate("window.__net.got") == [[{"hello": "from a", "n": [1, 2]}, a_id]]
    b.evaluate("(msg) => window.__net.room.send(msg)", {"answer": "è di b"})  # to every peer
    a.wait_for_function("window.__net.got.length")
    assert a.evaluate("window.__net.got") == [[{"answer": "è di b"}, b_id]]
    for seen in requests:
        assert {r.rsplit("/", 1)[1] for r in vendor_requests(seen)} == {"trystero.mjs"}
    b.evaluate("window.__net.room.leave()")
    a.wait_for_function("window.__net.left.length")
    assert a.evaluate("window.__net.left") == [b_id]
    assert a.evaluate("([msg, to]) => window.__net.room.send(msg, to)", [{"late": 1}, b_id]) is False
    assert a.evaluate("() => window.__net.room.send(undefined)") is False  # not JSON: refused, no throw


# The errors either page is told, gathered on the first (the pages of one context share a channel).
TOLD = """(mine) => {
  const ch = new BroadcastChannel('test-told');
  if (mine) { ch.onmessage = ({data}) => window.__net.errors.push(data); return; }
  window.__net.errors.forEach((text) => ch.postMessage(text));
  window.__net.room.onError((text) => ch.postMessage(text));
}"""


def test_a_room_with_a_password_admits_only_who_knows_it(site, browser, relay):  # noqa: F811
    room = f"test-{uuid.uuid4().hex}"
    ctx = browser.new_context()
    try:
        a, b, c = (ctx.new_page() for _ in range(3))
        for page in (a, b, c):
            net_page(page, site)
        a_id = a.evaluate(OPEN, [relay, room, "tre di coppe"])
        a.evaluate(TOLD, True)
        c.evaluate(OPEN, [relay, room, "asso di spade"])
        c.evaluate(TOLD, False)
        b_id = b.evaluate(OPEN, [relay, room, "tre di coppe"])
        a.wait_for_function("window.__net.joined.includes(" + json.dumps(b_id) + ")", timeout=CONNECT_MS)
        b.evaluate("(to) => window.__net.room.send({ok: true}, to)", a_id)
        a.wait_for_function("window.__net.got.length")
        assert a.evaluate("window.__net.got") == [[{"ok": True}, b_id]]
        # The wrong password never joins; whichever side fails to read the other's offer is told.
        a.wait_for_function("window.__net.errors.length", timeout=CONNECT_MS)
        told = a.evaluate("window.__net.errors.join(' ')")
        assert "password" in told, told
        assert c.evaluate("window.__net.joined") == [] and a.evaluate("window.__net.joined") == [b_id]
    finally:
        ctx.close()


# Two Nostr clients in Node: one listens on a topic, the other publishes there (trystero's own event
# making and signing, as the pages do), then the same event again and one whose signature is wrong.
NOSTR = r"""
import { createHash } from "node:crypto";
import { WebSocket } from "ws";
import { createEvent, subscribe } from "@trystero-p2p/nostr";
const url = process.argv[1];
const open = async () => { const ws = new WebSocket(url); await new Promise((r) => ws.on("open", r)); return ws; };
const [a, b] = [await open(), await open()];
const heard = [], told = [];
let subscribed = false;
b.on("message", (d) => {
  const m = JSON.parse(d);
  if (m[0] === "EVENT") heard.push(m[2].content);
  if (m[0] === "EOSE") subscribed = true;
});
a.on("message", (d) => { const m = JSON.parse(d); if (m[0] === "OK") told.push([m[1], m[2], m[3]]); });
const until = async (ok) => { for (let i = 0; i < 400 && !ok(); i++) await new Promise((r) => setTimeout(r, 50)); };
b.send(subscribe("s", "topic-of-a-table"));
await until(() => subscribed);
const event = await createEvent("topic-of-a-table", "hello");
a.send(event);
a.send(event);
const forged = JSON.parse(event)[1];  // another content under the same signature (its id made anew)
forged.content = "changed";
forged.id = createHash("sha256").update(JSON.stringify([0, forged.pubkey, forged.created_at, forged.kind, forged.tags,
  forged.content])).digest("hex");
a.send(JSON.stringify(["EVENT", forged]));
a.send(await createEvent("another-topic", "not for b"));
await until(() => told.length === 4 && heard.length);
await new Promise((r) => setTimeout(r, 500));  // a second "hello" would have come by now
console.log(JSON.stringify({ heard, told, forged: forged.id }));
process.exit(0);
"""


def test_the_local_relay_is_a_nostr_relay(relay):  # noqa: F811
    """tools/relay.mjs (./build.sh relay): a subscriber hears the events published on its topic, once
    (the same event twice is forwarded once); an event changed on the way (its signature no longer
    its own) is refused and forwarded to nobody."""
    out = subprocess.run(["node", "--input-type=module", "-e", NOSTR, relay], cwd=ROOT, capture_output=True, text=True,
                         check=True, timeout=60).stdout
    got = json.loads(out)
    assert got["heard"] == ["hello"], got
    assert len(got["told"]) == 4, got  # the relay's answers, in whatever order it gave them
    assert [(ok, text.split(":")[0]) for eid, ok, text in got["told"] if eid == got["forged"]] == [(False, "invalid")]
    assert all(ok for eid, ok, _ in got["told"] if eid != got["forged"]), got


def test_open_room_refuses_what_is_not_a_room_or_a_relay(site, browser):  # noqa: F811
    page = browser.new_page()
    try:
        net_page(page, site)
        errors = page.evaluate("""async () => {
          const net = await briscolaModule('online/net.js');
          const out = [];
          for (const args of [{room: '', relays: null}, {room: 'r', relays: ['http://127.0.0.1:1']},
                              {room: 'r', relays: ['ws://127.0.0.1:1', 'ws://x y']}, {room: 7},
                              {room: 'r', turn: {urls: 'stun:x', username: 'a', credential: 'b'}},
                              {room: 'r', turn: {urls: 'turn:x'}}, {room: 'r', anchor: 'not a key'}]) {
            try { await net.openRoom(args); out.push('opened'); } catch (e) { out.push(e.name); }
          }
          return out;
        }""")
        assert errors == ["TypeError"] * 7
    finally:
        close_tab(page)


TURN = {"urls": "turn:127.0.0.1:3478", "username": "anna", "credential": "segreta"}
ICE = """window.__ice = [];
const Base = window.RTCPeerConnection;
window.RTCPeerConnection = class extends Base {
  constructor(config, ...rest) { window.__ice.push(config?.iceServers ?? null); super(config, ...rest); }
};"""


def test_a_turn_server_is_among_the_peer_connections_ice_servers(site, browser, relay):  # noqa: F811
    """openRoom's `turn`: the player's own TURN server reaches every RTCPeerConnection trystero makes,
    next to a relay too (whose setting empties trystero's STUN list); without it, no ICE server."""
    ctx = browser.new_context()
    try:
        seen = {}
        for name, turn in (("with", TURN), ("without", None)):
            page = ctx.new_page()
            page.add_init_script(ICE)
            net_page(page, site)
            page.evaluate("""async ([relay, room, turn]) => {
              const net = await briscolaModule('online/net.js');
              window.__room = await net.openRoom({room, relays: [relay], turn});
            }""", [relay, f"test-{uuid.uuid4().hex}", turn])
            page.wait_for_function("window.__ice.length")  # trystero's first offers, made as it joins
            seen[name] = page.evaluate("window.__ice")
            page.evaluate("window.__room.leave()")
        assert seen["with"] and all(ice == [TURN] for ice in seen["with"]), seen["with"]
        assert all(ice == [] for ice in seen["without"]), seen["without"]
    finally:
        ctx.close()


def modules(svg: str) -> set[tuple[int, int]]:
    """The dark modules of qrcode's SVG: one stroked path of `M x y` / `m dx dy` / `h len` runs."""
    path = re.search(r'<path stroke="#000000" d="([^"]+)"', svg).group(1)
    dark, x, y = set(), 0.0, 0.0
    for op, args in re.findall(r"([Mmh])([-\d. ]+)", path):
        nums = [float(v) for v in args.split()]
        if op == "M":
            x, y = nums
        elif op == "m":
            x, y = x + nums[0], y + nums[1]
        else:
            dark |= {(int(x) + i, int(y)) for i in range(int(nums[0]))}
            x += nums[0]
    return dark


def finder_at(dark: set[tuple[int, int]], left: int, top: int) -> bool:
    """A 7x7 finder pattern: dark ring, light ring, dark 3x3 core."""
    for dx in range(7):
        for dy in range(7):
            ring = max(abs(dx - 3), abs(dy - 3))
            if ((left + dx, top + dy) in dark) != (ring != 2):
                return False
    return True


def test_qr_svg_draws_the_invite(site, browser):  # noqa: F811
    invite = f"{site}?join=k3x9&relay=ws%3A%2F%2F127.0.0.1%3A8101"
    page = browser.new_page()
    try:
        net_page(page, site)
        svg = page.evaluate("""async (text) => {
          const net = await briscolaModule('online/net.js');
          return net.qrSvg(text);
        }""", invite)
    finally:
        close_tab(page)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    size = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    side = size - 2  # one module of margin each side
    assert (side - 17) % 4 == 0 and side >= 21, size
    dark = modules(svg)
    assert finder_at(dark, 1, 1) and finder_at(dark, side - 6, 1) and finder_at(dark, 1, side - 6)
    assert not finder_at(dark, side - 6, side - 6)
    # The same as qrcode's own Node build draws it (the bundle keeps the library's behaviour).
    node = subprocess.run(
        ["node", "-e", "require('qrcode').toString(process.argv[1], {type: 'svg', margin: 1,"
         " errorCorrectionLevel: 'M'}).then((s) => process.stdout.write(s))", invite],
        cwd=ROOT, capture_output=True, text=True, check=True).stdout
    assert svg == node


def test_the_online_libraries_load_offline_from_the_service_worker(site, browser):  # noqa: F811
    ctx = browser.new_context()
    page = ctx.new_page()
    try:
        page.goto(site)
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=90_000)
        ctx.set_offline(True)
        page.reload()
        svg = page.evaluate("""async () => {
          const net = await briscolaModule('online/net.js');
          await import(new URL('./static/vendor/trystero.mjs', document.baseURI).href);
          return net.qrSvg('offline');
        }""")
        assert svg.startswith("<svg")
    finally:
        ctx.close()


def test_the_csp_names_exactly_the_relays_online_play_needs():
    """index.html's connect-src: the page itself, a local relay, and the default relays of net.js, every
    one of them still in trystero's own default list (its author drops the relays that stop taking its
    events: an upgrade of trystero that drops one of ours fails here, and the list is looked at again)."""
    net = (ROOT / "static/online/net.js").read_text()
    ours = json.loads(re.search(r"export const DEFAULT_RELAYS = (\[.*?\]);", net, re.S).group(1).replace(",\n]", "]"))
    assert len(ours) >= 6
    source = (ROOT / "node_modules/@trystero-p2p/nostr/dist/index.mjs").read_text()
    listed = re.search(r"const defaultRelayUrls = \[(.*?)\]\.map\(\(url\) => \"wss://\" \+ url\)", source, re.S)
    assert listed, "trystero's default relays are no longer where this test reads them"
    theirs = {"wss://" + host for host in json.loads(f"[{listed.group(1).rstrip().rstrip(',')}]")}
    assert set(ours) <= theirs, set(ours) - theirs
    html = (DIST / "index.html").read_text()
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html).group(1)
    connect = next(d.split()[1:] for d in csp.split(";") if d.split()[:1] == ["connect-src"])
    hosts = {url.split("/")[0] + "//" + url.split("/")[2] for url in ours}
    assert set(connect) == {"'self'", "ws://127.0.0.1:*", "ws://localhost:*"} | hosts
    assert len(connect) == len(set(connect))
