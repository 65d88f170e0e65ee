// The end-of-deal check (docs/fair-deal.md): once every page has revealed its seed, every secret it
// used follows, and every message it sent must be what those secrets make of what it received.
// The first that is not names its page; when all are, the deck's order follows from the shuffles,
// and the engine replays the deal on it (op fair_verify).
//
//   const { deck, fault } = verifyDeal(page);   // deck: codes by position; fault: {seat, why}
//
// Each check is one batch of random weights (Bellare, Garay, Rabin 1998): sum_i w_i (out_i - in_i)
// against (sum_i w_i r_i)·G for a hop; for the shares, one batch for the whole deal (each page's
// alone only to name who, when it fails); a false message passes with chance 2^-64.

import { Fn, Point, mulAddUnsafe, secretsOf, seedOf, weights } from "./group.js";
import { firstDeck } from "./deck.js";

/** The verified deck (`{deck}`, codes by position) or the first page caught (`{fault: {seat, why}}`). */
export function verifyDeal(page) {
  const { pages, cards } = page.context;
  const secrets = {};
  for (const seat of pages) {
    const seed = page.reveals[seat];
    if (!seedOf(seed)) return { fault: { seat, why: "no_reveal" } };
    secrets[seat] = secretsOf(seed, cards.length);
    if (!(seat in page.keys) || !Point.BASE.multiply(secrets[seat].x).equals(page.keys[seat])) {
      return { fault: { seat, why: "false_key" } };
    }
  }
  if (!page.ready) return { fault: { seat: pages[page.hops.length], why: "no_shuffle" } };
  const Y = page.joint;  // the sum of the keys, just checked, with its table
  // (One batch for every hop would merge weights into full-size scalars: slower than five 64-bit ones.)
  for (let j = 0; j < pages.length; j++) {
    const input = j ? page.hops[j - 1] : firstDeck(cards);
    if (!hopHolds(input, page.hops[j], secrets[pages[j]], Y)) return { fault: { seat: pages[j], why: "false_shuffle" } };
  }
  if (!allSharesHold(page, secrets)) {  // someone's share is false: each page's alone names whose
    for (const seat of pages) {
      if (!sharesHold(page, seat, secrets[seat].x)) return { fault: { seat, why: "false_share" } };
    }
  }
  const deck = dealtOrder(cards, pages.map((seat) => secrets[seat].perm));
  const wrong = page.cards.findIndex((code, pos) => code !== undefined && code !== deck[pos]);
  if (wrong >= 0) return { fault: { seat: null, why: "false_card" } };  // cannot be, every step holding
  const complainer = page.complaints[0];
  if (complainer !== undefined) return { fault: { seat: complainer, why: "false_complaint" } };
  return { deck };
}

/** Whether `output` is `input` re-randomized by r and permuted by perm, in one batch per half. */
function hopHolds(input, output, { perm, r }, Y) {
  const w = weights(input.length);
  const d1 = input.map(([c1], i) => output[perm[i]][0].subtract(c1));
  const d2 = input.map(([, c2], i) => output[perm[i]][1].subtract(c2));
  const k = input.reduce((sum, _, i) => Fn.add(sum, Fn.mul(w[i], r[i])), 0n);
  return mulAddUnsafe(Point, d1, w).equals(Point.BASE.multiply(k)) && mulAddUnsafe(Point, d2, w).equals(Y.multiply(k));
}

/** Whether every share the pages sent unproven is x·c1 of its position, in one batch for the whole
 * deal: sum over shares of w·d = sum over positions of (sum over its senders of w·x)·c1, the c1 of a
 * position being the same for every page's share. A share that came with its proof (a card shown)
 * was checked on arrival against the key just checked: it is not checked twice. */
function allSharesHold(page, secrets) {
  const d = [];
  const dw = [];
  const c1 = [];
  const cw = [];
  page.shares.forEach((byPage, pos) => {
    let k = 0n;
    for (const [seat, share] of byPage) {
      if (page.provenBy[pos]?.has(seat) || seat === page.seat) continue;  // proven, or this page's own
      const [w] = weights(1);
      d.push(share);
      dw.push(w);
      k = Fn.add(k, Fn.mul(w, secrets[seat].x));
    }
    if (k) {
      c1.push(page.deck[pos][0]);
      cw.push(k);
    }
  });
  return !d.length || mulAddUnsafe(Point, d, dw).equals(mulAddUnsafe(Point, c1, cw));
}

/** Whether every share `seat` sent (plain, proven or private) is x·c1 of its position. */
function sharesHold(page, seat, x) {
  const c1 = [];
  const d = [];
  page.shares.forEach((byPage, pos) => {
    if (byPage.has(seat)) {
      c1.push(page.deck[pos][0]);
      d.push(byPage.get(seat));
    }
  });
  if (!d.length) return true;
  const w = weights(d.length);
  return mulAddUnsafe(Point, d, w).equals(mulAddUnsafe(Point, c1, w).multiply(x));
}

/** The cards by position after every hop: card i of the first deck goes where the hops send it. */
export function dealtOrder(cards, perms) {
  const deck = new Array(cards.length);
  cards.forEach((code, i) => {
    deck[perms.reduce((at, perm) => perm[at], i)] = code;
  });
  return deck;
}
