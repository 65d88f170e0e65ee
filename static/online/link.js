// What two pages of a table say to each other, whichever way it goes (docs/app.md, "Online tables:
// transport"): every message is numbered and kept until the other page acknowledges it, sealed
// between the two pages (seal.js), and carried by a direct WebRTC data channel when there is one,
// else through the relays themselves (mailbox.js). The receiver applies the messages in order, each
// once, whatever came twice, late or out of order; when the way changes, what was not acknowledged
// goes again the new way. net.js wires the two carriers in; the protocol on top is online.js's.
//
// Through the relays the page is a star: the host (whose public key, the "anchor", is in the invite)
// listens on the table's "up" topic, the guests on its "down" topic; one event of the host's carries
// the frames of every guest it has news for. Events are rationed (BURST, REFILL_MS): news waiting
// for the next event goes with it.
import { pairKey, seal, unseal, PUB } from "./seal.js";

export const RELAY_AFTER_MS = 3000;  // a guest with no direct link to the host by then greets it through the relays
const KEEPALIVE_MS = 4000;  // through the relays, a peer hears from us at least this often
const RESEND_MS = 6000;  // through the relays: what is not acknowledged by then goes again
const DIRECT_RESEND_MS = 2000;  // on a data channel (reliable while it lives): the same, sooner
const DIRECT_ACK_MS = 150;  // a lone acknowledgement on a data channel waits this long for news to ride with
const GONE_MS = 20_000;  // a peer reachable only through the relays and silent this long is gone
export const BURST = 3, REFILL_MS = 1100;  // relay events: 3 at once at most, then one every 1.1 s (0.91 a second)
const FRAME_CHARS = 24_000;  // messages in one frame at most (a public relay takes events of 64 kB or more)
const MAX_QUEUE = 400;  // messages waiting for one peer's acknowledgement: beyond, the peer is stuck and let go
const MAX_BATCH = 200;

const isSeq = (n) => Number.isSafeInteger(n) && n >= 0;

/**
 * The sessions of this page (`selfId`, key pair `me`) with its peers. `anchor`: the host's public key
 * (the host's own page: its own). `io`: {direct(peer, wire) (send on the data channel), post(topic,
 * content) (publish through the relays), up, down (the two topics' names), deliver(msg, peer, lossy),
 * join(peer), leave(peer), path(peer, how)}.
 */
export function openLink({ lib, selfId, me, anchor, io }) {
  const isHost = me.pub === anchor;
  const sessions = new Map();  // peer id -> session
  const keys = new Map();  // public key -> Promise<CryptoKey|null>
  const chains = new Map();  // peer id -> what came on its data channel, taken in order
  const relay = { tokens: BURST, refilled: performance.now(), timer: null, posting: false, events: 0, hello: 0, greet: isHost };
  let closed = false;
  const started = performance.now();

  const keyOf = (pub) => {
    if (!keys.has(pub)) keys.set(pub, pairKey(lib, me, pub));
    return keys.get(pub);
  };

  function session(id, pub) {
    let s = sessions.get(id);
    if (!s) {
      s = { id, pub, direct: false, joined: false, heard: performance.now(), out: [], next: 1, recv: 0, ahead: new Map(),
        ackDue: false, lossy: [], posted: 0, ackTimer: null, how: null };
      sessions.set(id, s);
    }
    return s;
  }

  /** Whether `s` can be reached through the relays: the host reaches its guests (pages that know its
   * key), a guest the host only. */
  const relayable = (s) => !!s.pub && (isHost ? s.anchor === anchor : s.pub === anchor);

  function setPath(s) {
    const how = s.direct ? "direct" : "relay";
    if (s.joined && s.how !== how) { s.how = how; io.path(s.id, how); }
  }

  function joined(s) {
    if (s.joined) return;
    s.joined = true;
    s.how = s.direct ? "direct" : "relay";
    io.join(s.id);
  }

  /** `s` is let go: what waited for it is dropped, its numbering kept (a frame of its replayed later
   * is still old news; if it comes back, its first frame says where its numbers start again). */
  function drop(s) {
    if (!s.joined) return;
    Object.assign(s, { joined: false, how: null, out: [], lossy: [], ackDue: false });
    s.ahead.clear();
    clearTimeout(s.ackTimer);
    io.leave(s.id);
  }

  // ------------------------------------------------------------------ receiving

  /** A frame's fields checked: {f, t, s, m, a, l, h}, or null. */
  function vetFrame(f) {
    if (!f || typeof f !== "object" || typeof f.f !== "string" || !f.f || f.f === selfId) return null;
    if (f.t != null && f.t !== selfId) return null;  // another page's
    if (!isSeq(f.a) || !isSeq(f.b) || (f.m != null && (!Array.isArray(f.m) || f.m.length > MAX_BATCH || !isSeq(f.s) || f.s < 1))) return null;
    if (f.l != null && (!Array.isArray(f.l) || f.l.length > 8)) return null;
    return f;
  }

  /** A frame opened: acknowledgements taken, messages applied in order and once. */
  function take(s, f, via) {
    s.heard = performance.now();
    if (f.a >= s.out[0]?.n) s.out = s.out.filter((o) => o.n > f.a);
    if (f.b > s.recv + 1) {  // the sender gave up what came before (it had let us go): nothing to wait for
      s.recv = f.b - 1;
      for (const n of s.ahead.keys()) if (n <= s.recv) s.ahead.delete(n);
    }
    for (const [i, msg] of (f.m ?? []).entries()) {
      const n = f.s + i;
      if (n > s.recv && n <= s.recv + MAX_QUEUE) s.ahead.set(n, msg);
    }
    if (f.m?.length) ackLater(s, via);
    joined(s);
    while (s.ahead.has(s.recv + 1)) {
      const msg = s.ahead.get(s.recv + 1);
      s.ahead.delete(++s.recv);
      if (sessions.get(s.id) === s) io.deliver(msg, s.id, false);
    }
    for (const msg of f.l ?? []) io.deliver(msg, s.id, true);
    if (f.h && !f.m?.length && via === "relay") ackLater(s, via);  // a greeting is answered
  }

  async function open(pub, sealed) {
    if (!PUB.test(pub ?? "") || typeof sealed !== "string") return null;
    return vetFrame(await unseal(await keyOf(pub), sealed));
  }

  /** Something from a peer's data channel, taken in the order it came (each waits for the one before):
   * `{p: its public key, hi: 1}` (its greeting, in the clear: it only says which key its frames will
   * open with), `{p, c: a sealed frame}`, or `{f: a frame}` in the clear, taken only once a sealed one
   * has proved on this channel that the page holds its key (the channel itself is encrypted and joins
   * only the two pages: DTLS). */
  function fromDirect(peer, wire) {
    const next = (chains.get(peer) ?? Promise.resolve()).then(() => directFrame(peer, wire)).catch(() => {});
    chains.set(peer, next);
    return next;
  }

  async function directFrame(peer, wire) {
    if (closed || !wire || typeof wire !== "object") return;
    if (wire.f && typeof wire.f === "object") {
      const s = sessions.get(peer), f = vetFrame(wire.f);
      if (s?.direct && f && f.f === peer) take(s, f, "direct");
      return;
    }
    if (!PUB.test(wire.p ?? "")) return;
    const s = session(peer, wire.p);
    if (!s || s.pub !== wire.p) return;
    if (wire.bye === 1) { if (s.joined) drop(s); return; }  // its page closes: the channel is its own
    if (wire.hi === 1) {
      s.anchor = typeof wire.k === "string" ? wire.k : null;  // whose table it is at (the host's key), as it says
      await sendDirect(s, { ...frameFor(s, 0, performance.now()), h: 1 }, true);
      return;
    }
    const f = await open(wire.p, wire.c);
    if (!f || f.f !== peer) return;  // a frame must come from the page whose channel it is
    const was = s.direct;
    s.direct = true;
    take(s, f, "direct");
    if (!was) { setPath(s); flush(s); }
  }

  /** A frame on `s`'s data channel: sealed until the peer has proved its key there, then in the clear. */
  async function sendDirect(s, f, sealed = !s.direct) {
    if (!sealed) { if (!closed) io.direct(s.id, { f }); return; }
    const key = await keyOf(s.pub);
    if (key && !closed) io.direct(s.id, { p: me.pub, c: await seal(key, f) });
  }

  /** An event heard on the table's topic: {p, c} (c: the sealed frame, or the host's {peer: frame}). */
  async function fromRelay(content) {
    if (closed) return;
    let wire;
    try { wire = JSON.parse(content); } catch { return; }
    if (!wire || typeof wire !== "object") return;
    if (!isHost && wire.p !== anchor) return;  // down there, only the host's frames
    if (!isHost && typeof wire.hi === "string") {  // the host's page (re)started: greet it (a hint, nothing more)
      if (!sessions.get(wire.hi)?.joined) { relay.greet = true; relayWanted(); }
      return;
    }
    const sealed = isHost ? wire.c : wire.c?.[selfId];
    const f = await open(wire.p, sealed);
    if (!f) return;
    const s = session(f.f, wire.p);
    if (!s || s.pub !== wire.p) return;
    s.anchor = anchor;  // it wrote on the table's topic: it knows the host's key
    take(s, f, "relay");
    if (!s.direct) setPath(s);
  }

  // ------------------------------------------------------------------ sending

  /** `msg` to `peer` (or to every peer joined): numbered, sealed and kept until acknowledged. `lossy`:
   * a message that may be lost and is not numbered (a heartbeat): it rides with the next frame, and
   * only the newest two wait. */
  function send(msg, peer = null, lossy = false) {
    if (closed) return false;
    const to = peer == null ? [...sessions.values()].filter((s) => s.joined) : [sessions.get(peer)].filter((s) => s?.joined);
    for (const s of to) {
      if (lossy) { s.lossy = [...s.lossy.slice(-1), msg]; if (s.direct) flush(s); continue; }
      s.out.push({ n: s.next++, msg, at: 0 });
      if (s.out.length > MAX_QUEUE) { drop(s); continue; }
      flush(s);
    }
    if (!isHost || to.some((s) => !s.direct)) relayWanted();
    return to.length > 0;
  }

  /** The frame for `s`: what is due from its queue (from the first message never sent, or not
   * acknowledged for `resendMs`, to the end, within FRAME_CHARS), the acknowledgement, the lossy ones. */
  function frameFor(s, resendMs, now) {
    const i = s.out.findIndex((o) => !o.at || now - o.at >= resendMs);
    const m = [];
    let chars = 0;
    for (const o of i < 0 ? [] : s.out.slice(i)) {
      chars += JSON.stringify(o.msg).length;
      if (m.length && chars > FRAME_CHARS) break;
      m.push(o);
    }
    for (const o of m) o.at = now;
    const f = { f: selfId, t: s.id, a: s.recv, b: s.out[0]?.n ?? s.next };
    if (m.length) Object.assign(f, { s: m[0].n, m: m.map((o) => o.msg) });
    if (s.lossy.length) { f.l = s.lossy; s.lossy = []; }
    return f;
  }

  /** On the data channel: what is due now (an acknowledgement alone waits a little for company). */
  async function flush(s) {
    if (!s.direct || closed) return;
    const now = performance.now();
    const due = s.out.some((o) => !o.at || now - o.at >= DIRECT_RESEND_MS) || s.lossy.length;
    if (!due && !s.ackDue) return;
    if (!due) { ackLater(s, "direct"); return; }
    s.ackDue = false;
    await sendDirect(s, frameFor(s, DIRECT_RESEND_MS, now));
  }

  function ackLater(s, via) {
    s.ackDue = true;
    if (via === "relay" || !s.direct) { relayWanted(); return; }
    clearTimeout(s.ackTimer);
    s.ackTimer = setTimeout(async () => {
      if (!s.ackDue || !s.direct || closed) return;
      s.ackDue = false;
      await sendDirect(s, frameFor(s, DIRECT_RESEND_MS, performance.now()));
    }, DIRECT_ACK_MS);
  }

  /** The relay sessions of this page, and whether each has something due now. */
  function relayDue(now) {
    const due = [];
    for (const s of sessions.values()) {
      if (s.direct || !s.joined || !relayable(s)) continue;
      const news = s.out.some((o) => !o.at || now - o.at >= RESEND_MS);
      const keep = now - s.posted >= KEEPALIVE_MS && (s.ackDue || s.lossy.length || s.out.length || s.joined);
      if (news || keep) due.push(s);
    }
    return due;
  }

  /** A guest not (yet) linked to the host greets it through the relays now and then. */
  function helloDue(now) {
    if (isHost) return relay.greet;
    if (relay.greet) return true;
    if ([...sessions.values()].some((s) => s.pub === anchor && (s.direct || s.joined))) return false;
    return now - started >= RELAY_AFTER_MS && now - relay.hello >= KEEPALIVE_MS;
  }

  function refill(now) {
    relay.tokens = Math.min(BURST, relay.tokens + (now - relay.refilled) / REFILL_MS);
    relay.refilled = now;
  }

  /** Post through the relays when something is due and the ration allows; else when it will. */
  function relayWanted() {
    if (closed || relay.posting) return;  // the post under way looks again when it is done
    clearTimeout(relay.timer);  // news now: a wake-up planned for later is not waited for
    const later = (ms) => { relay.timer = setTimeout(relayWanted, ms); };
    const now = performance.now();
    refill(now);
    const due = relayDue(now), hello = helloDue(now);
    if (!due.length && !hello) { later(1000); return; }  // keepalives and greetings
    if (relay.tokens < 1) { later((1 - relay.tokens) * REFILL_MS + 5); return; }
    relay.tokens -= 1;
    relay.posting = true;
    postRelay(due, hello, now).finally(() => { relay.posting = false; later(50); });
  }

  async function postRelay(due, hello, now) {
    relay.events += 1;
    relay.greet = false;
    if (isHost && hello && !due.length) { await io.post(io.down, JSON.stringify({ p: me.pub, hi: selfId })); return; }
    if (isHost) {
      const c = {};
      let chars = 0;
      for (const s of due) {
        if (chars > FRAME_CHARS * 2) break;
        const f = frameFor(s, RESEND_MS, now);
        s.ackDue = false;
        s.posted = now;
        c[s.id] = await seal(await keyOf(s.pub), f);
        chars += c[s.id].length;
      }
      await io.post(io.down, JSON.stringify({ p: me.pub, c }));
      return;
    }
    const host = due.find((s) => s.pub === anchor);
    const f = host ? frameFor(host, RESEND_MS, now) : { f: selfId, t: null, a: 0, b: 1, h: 1 };
    if (host) { host.ackDue = false; host.posted = now; }
    if (hello) { relay.hello = now; f.h = 1; }
    await io.post(io.up, JSON.stringify({ p: me.pub, c: await seal(await keyOf(anchor), f) }));
  }

  // ------------------------------------------------------------------ the data channels come and go

  /** A data channel opened to `peer`: greet it on it (our key; what follows is sealed). */
  function directUp(peer) {
    if (!closed) io.direct(peer, { p: me.pub, hi: 1, k: anchor });
  }

  /** `peer`'s data channel closed: the relays take over where they can, else the peer is gone. */
  function directDown(peer) {
    const s = sessions.get(peer);
    if (!s?.direct) return;
    s.direct = false;
    if (!relayable(s)) { drop(s); return; }
    s.heard = performance.now();
    setPath(s);
    relayWanted();
  }

  const sweep = setInterval(() => {
    const now = performance.now();
    for (const s of sessions.values()) {
      if (!s.direct && s.joined && now - s.heard > GONE_MS) drop(s);
      else if (s.direct && s.out.some((o) => now - o.at >= DIRECT_RESEND_MS)) flush(s);
    }
    relayWanted();
  }, 1000);

  /** This page closes: every peer on a data channel is told at once (not sealed: that would wait for
   * WebCrypto, and the page would be gone), so it lets us go now rather than when our silence counts. */
  function leaving() {
    for (const s of sessions.values()) if (s.direct && s.joined) io.direct(s.id, { p: me.pub, bye: 1 });
  }

  return {
    send,
    leaving,
    fromDirect,
    fromRelay,
    directUp,
    directDown,
    /** The peers joined, and how each is reached now ("direct" or "relay"). */
    peers: () => [...sessions.values()].filter((s) => s.joined).map((s) => s.id),
    how: (peer) => { const s = sessions.get(peer); return s?.joined ? (s.direct ? "direct" : "relay") : null; },
    stats: () => ({ relayEvents: relay.events }),
    close() {
      closed = true;
      clearInterval(sweep);
      clearTimeout(relay.timer);
      for (const s of sessions.values()) clearTimeout(s.ackTimer);
      sessions.clear();
      chains.clear();
    },
  };
}
