// What a page learns at a fair deal (docs/fair-deal.md, "What a page learns"): for two shuffles that
// agree on every card a page has been shown, everything it receives and stores is the same, byte for
// byte, but the ciphertexts and the shares of the cards it was never shown: fresh group elements,
// which it cannot tell apart (DDH on ristretto255) and cannot read (one share is always missing).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { dealtOrder } from "../../../static/online/fair/check.js";
import { opened } from "../../../static/online/fair/deck.js";
import { cardOf } from "../../../static/online/fair/group.js";
import { CLASSICA, course, numbers, play, seededRng, shuffle, table } from "./net.mjs";

const TRIALS = Number(process.env.FAIR_TRIALS ?? 8);

/** A table of `pages` whose every random byte follows from `label`; `twist(pagesMap)` before the shuffle. */
async function run(label, pages, upTo, twist = () => {}) {
  const rngs = {};
  for (const s of pages) rngs[s] = await seededRng(`${label}|page ${s}`);
  const net = table(pages, { rngs, name: label });
  twist(net.pages);
  shuffle(net);
  const plan = course(net, { players: pages.length, pageOf: pages, size: 40, pick: numbers(label.length * 7919) });
  play(net, plan.steps, upTo);
  return { net, plan };
}

/** For each hop, the positions that hold final positions `finals` (followed back through the hops). */
function paths(net, pages, finals) {
  const inverse = pages.map((s) => {
    const { perm } = net.pages.get(s).secrets;
    const inv = new Array(perm.length);
    perm.forEach((out, i) => { inv[out] = i; });
    return inv;
  });
  const levels = pages.map(() => new Set());
  for (const f of finals) {
    let at = f;
    for (let level = pages.length - 1; level >= 0; level--) {
      levels[level].add(at);
      at = inverse[level][at];
    }
  }
  return levels;
}

/** Where two lists of messages differ, beyond what the two unseen cards may change: [] when alike. */
function unexplained(a, b, hopIndex, allowed, hidden) {
  const out = [];
  if (a.length !== b.length) return [`${a.length} messages against ${b.length}`];
  a.forEach((m, k) => {
    const n = b[k];
    const strip = (msg) => JSON.stringify({ ...msg, deck: undefined, shares: undefined });
    if (strip(m) !== strip(n)) out.push(`message ${k} (${m.t})`);
    if (m.t === "hop") {
      const level = hopIndex(m.from);
      m.deck.forEach((pair, i) => {
        if (JSON.stringify(pair) !== JSON.stringify(n.deck[i]) && !allowed[level].has(i)) out.push(`hop ${level} card ${i}`);
      });
    }
    if (m.t === "shares") {
      m.shares.forEach(([pos, d], i) => {
        if ((pos !== n.shares[i][0] || d !== n.shares[i][1]) && !hidden.has(pos)) out.push(`share of ${pos}`);
      });
    }
  });
  return out;
}

/** Two deals that differ by two cards at positions `i`, `j` of the shuffled deck (page `q`'s shuffle
 * sends them the other way), and what page `p` got in each. */
async function twoDeals({ label, pages, p, q, upTo, pick }) {
  const first = await run(label, pages, upTo);
  const read = new Set(first.net.told.get(p).shown.map((s) => s.pos));
  const [i, j] = pick(read);
  const level = pages.indexOf(q);
  const later = paths(first.net, pages.slice(level), [i, j])[0];  // q's output positions that end at i, j
  const [oi, oj] = [...later];
  const second = await run(label, pages, upTo, (pm) => {
    const { perm } = pm.get(q).secrets;
    const a = perm.indexOf(oi);
    const b = perm.indexOf(oj);
    [perm[a], perm[b]] = [perm[b], perm[a]];
  });
  const deckOf = (net) => dealtOrder(CLASSICA, pages.map((s) => net.pages.get(s).secrets.perm));
  const [d1, d2] = [deckOf(first.net), deckOf(second.net)];
  assert.deepEqual([d1[i], d1[j]], [d2[j], d2[i]], "the two decks differ by the two cards");
  assert.ok(d1.every((c, k) => k === i || k === j || c === d2[k]), "and only by them");
  const allowed = paths(first.net, pages, [i, j]).map((set, lv) => (lv >= level ? set : new Set()));
  const hopIndex = (seat) => pages.indexOf(seat);
  const hidden = new Set([i, j]);
  const got = [first, second].map(({ net }) => net.told.get(p).got);
  const kept = [first, second].map(({ net }) => net.pages.get(p).stored().log);
  return {
    i, j, first, second,
    received: unexplained(got[0], got[1], hopIndex, allowed, hidden),
    stored: unexplained(kept[0], kept[1], hopIndex, allowed, hidden),
    shown: [first, second].map(({ net }) => JSON.stringify(net.told.get(p).shown)),
  };
}

describe("a page learns nothing of the cards it has not been shown", () => {
  test(`two shuffles that agree on what a page saw: it receives and stores the same (${TRIALS} deals)`, async () => {
    for (let t = 0; t < TRIALS; t++) {
      const n = numbers(1000 + t);
      const pages = Array.from({ length: 2 + (t % 3) }, (_, s) => s);
      const p = n(pages.length);
      const q = pages.filter((s) => s !== p)[n(pages.length - 1)];
      const upTo = 1 + n(6);
      const result = await twoDeals({
        label: `trial ${t}`, pages, p, q, upTo,
        pick: (read) => {
          const unseen = [...Array(40).keys()].filter((k) => !read.has(k));
          const i = unseen[n(unseen.length)];
          const rest = unseen.filter((k) => k !== i);
          return [i, rest[n(rest.length)]];
        },
      });
      const where = `trial ${t}: page ${p} of ${pages.length}, page ${q}'s shuffle swapped ${result.i} and ${result.j}`;
      assert.deepEqual(result.received, [], `${where}: received`);
      assert.deepEqual(result.stored, [], `${where}: stored`);
      assert.equal(result.shown[0], result.shown[1], `${where}: read`);
      // and it cannot read them: one share (the holder's, or the key of a card still in the stock) is missing
      const page = result.first.net.pages.get(p);
      for (const pos of [result.i, result.j]) {
        const have = [...page.shares[pos].values()];
        const mine = page.shares[pos].has(p) ? [] : [page.myShare(pos)];
        assert.equal(cardOf(opened(page.deck[pos][1], [...have, ...mine]), CLASSICA), null, `${where}: ${pos} unread`);
      }
    }
  });

  test("the comparison sees a difference: two shuffles that differ on a card the page was shown", async () => {
    const n = numbers(7);
    const result = await twoDeals({
      label: "control", pages: [0, 1, 2], p: 0, q: 1, upTo: 1,
      pick: (read) => {
        const seen = [...read].filter((k) => k !== 6);  // one card of its hand, one it never sees
        const unseen = [...Array(40).keys()].filter((k) => !read.has(k));
        return [seen[n(seen.length)], unseen[n(unseen.length)]];
      },
    });
    assert.notEqual(result.shown[0], result.shown[1], "it reads another card");
  });
});
