// A table of fair-deal pages in memory for the tests (tests/js/fair/*.test.mjs, bench/fair.mjs): every
// message goes to every other page (a private one to its viewer), in the order sent, until all is
// quiet. What each page was told is kept: what it read, its faults, whether it asks for the reveal.
import { FairPage } from "../../../static/online/fair/page.js";

export const CLASSICA = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"].flatMap((r) => "DCBS".split("").map((s) => r + s));

/** Pages for `seats` (in shuffle order); `seeds` and `rngs` optional, by seat. */
export function table(seats, { cards = CLASSICA, seeds = {}, rngs = {}, deal = 0, name = "t" } = {}) {
  const pages = new Map();
  for (const seat of seats) {
    pages.set(seat, new FairPage({ table: name, deal, pages: seats, cards, seat, seed: seeds[seat], rng: rngs[seat] }));
  }
  const net = { pages, queue: [], told: new Map(seats.map((s) => [s, { shown: [], faults: [], reveal: false, ready: false, verified: null, got: [] }])), tamper: null };
  return net;
}

function note(net, seat, out) {
  const told = net.told.get(seat);
  told.shown.push(...out.shown);
  if (out.fault) told.faults.push(out.fault);
  told.reveal ||= out.reveal;
  told.ready ||= out.ready;
  if (out.verified) told.verified = out.verified;
  for (const msg of out.send) net.queue.push(msg);
}

/** Run `fn(page)` on the page at `seat` (a call that returns an outcome), then deliver everything. */
export function act(net, seat, fn) {
  note(net, seat, fn(net.pages.get(seat)));
  return flush(net);
}

/** Deliver every message queued, and those they lead to. `net.tamper(msg, to)` may change a message
 * on its way (a cheating page), or return null to drop it. */
export function flush(net) {
  while (net.queue.length) {
    const msg = net.queue.shift();
    for (const [seat, page] of net.pages) {
      if (seat === msg.from || (msg.t === "private" && msg.to !== seat)) continue;
      const sent = net.tamper ? net.tamper(msg, seat) : msg;
      if (sent === null) continue;
      const copy = JSON.parse(JSON.stringify(sent));
      net.told.get(seat).got.push(copy);
      note(net, seat, page.receive(copy, msg.from));
    }
  }
  return net;
}

/** Every page sends its key, and the shuffle runs to its end. */
export function shuffle(net) {
  for (const seat of net.pages.keys()) act(net, seat, (p) => p.begin());
  return net;
}

/** Every page opens the same positions (the engine, on every page, says the same). */
export function open(net, requests) {
  for (const seat of net.pages.keys()) note(net, seat, net.pages.get(seat).open(requests));
  return flush(net);
}

/** Every page reveals its seed. */
export function revealAll(net) {
  for (const seat of net.pages.keys()) note(net, seat, net.pages.get(seat).reveal());
  return flush(net);
}

/** Deterministic random bytes from a label (SHA-512 in counter mode): the same run twice. */
export async function seededRng(label) {
  const { sha512, utf8ToBytes, concatBytes } = await import("../../../static/vendor/noble.mjs");
  let counter = 0;
  return (n = 32) => {
    const out = new Uint8Array(n);
    for (let at = 0; at < n; at += 64) out.set(sha512(concatBytes(utf8ToBytes(`${label}|${counter++}`))).subarray(0, Math.min(64, n - at)), at);
    return out;
  };
}

/** A small deterministic generator of numbers (mulberry32), for the deals' choices. */
export function numbers(seed) {
  let a = seed >>> 0;
  return (k) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % k);
  };
}

/** A deal's course as the engine would order it, for `players` seats (`pageOf[seat]`: the page that
 * plays it): three cards each, one card face up, then rounds of one play per seat and one draw per
 * seat while the stock lasts. `viewers[seat]`: pages that see that seat's cards too (a partner's hand
 * shown). Positions are the deck's; the rules are not the point here, the crypto's schedule is. */
export function course(net, { players, pageOf, size, pick, viewers = {} }) {
  const hands = Array.from({ length: players }, () => []);
  const reads = new Map([...net.pages.keys()].map((p) => [p, new Set()]));
  const ask = (pos, seat) => {
    hands[seat].push(pos);
    const holder = pageOf[seat];
    const extra = (viewers[seat] ?? []).filter((p) => p !== holder);
    for (const p of [holder, ...extra]) reads.get(p).add(pos);
    return { pos, holder, viewers: extra };
  };
  const deal = [];
  for (let i = 0; i < 3 * players; i++) deal.push(ask(i, i % players));
  const faceUp = 3 * players;
  deal.push({ pos: faceUp, holder: null, viewers: [] });
  for (const p of reads.keys()) reads.get(p).add(faceUp);
  const stock = Array.from({ length: size - faceUp - 1 }, (_, i) => faceUp + 1 + i);
  const steps = [{ open: deal }];
  const publicPos = new Set([faceUp]);
  let drawn = 0;
  while (hands.some((h) => h.length)) {
    for (let seat = 0; seat < players; seat++) {
      if (!hands[seat].length) continue;
      const pos = hands[seat].splice(pick(hands[seat].length), 1)[0];
      if (!publicPos.has(pos)) steps.push({ show: pos, page: pageOf[seat] });
      publicPos.add(pos);
      for (const p of reads.keys()) reads.get(p).add(pos);
    }
    if (drawn < stock.length + 1) {
      const draws = [];
      for (let seat = 0; seat < players && drawn <= stock.length; seat++, drawn++) {
        if (drawn === stock.length) {
          hands[seat].push(faceUp);  // the face-up card, drawn last: every page knows it already
        } else draws.push(ask(stock[drawn], seat));
      }
      if (draws.length) steps.push({ open: draws });
    }
  }
  return { steps, reads };
}

/** Play `steps` of a course on every page; `upTo` stops early. */
export function play(net, steps, upTo = steps.length) {
  for (const step of steps.slice(0, upTo)) {
    if (step.open) open(net, step.open);
    else act(net, step.page, (p) => p.show(step.show));
  }
  return net;
}
