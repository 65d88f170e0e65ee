// The encrypted deck (docs/fair-deal.md): ElGamal on ristretto255 under the table's joint key, as
// in Barnett & Smart's mental poker. A card is [c1, c2] = [r·G, M + r·Y]; each page's hop re-randomizes
// every card and permutes the deck; a card is read by removing every page's share x·c1 from c2.
// The one zero-knowledge proof used (a decryption share's, and a key's) is RFC 9497's DLEQ proof,
// made and checked by the vendored library's VOPRF.
//
//   const deck = hop(firstDeck(codes), secretsOf(seed, codes.length), Y);
//   const share = deck[5][0].multiply(x);          // this page's share of card 5
//   cardOf(deck[5][1].subtract(sumOfShares), codes) // the card, once every share is in

import { Point, bytesToHex, cardPoint, contextPoint, hexOf, hexToBytes, randomBytes, scalarBytes, voprf } from "./group.js";

const ONE = scalarBytes(1n);
const NO_INPUT = new Uint8Array(0);

/** The table's cards in the clear, before the first hop: [identity, M]. */
export const firstDeck = (codes) => codes.map((code) => [Point.ZERO, cardPoint(code)]);

/** The joint key: the sum of every page's key. */
export const jointKey = (keys) => keys.reduce((sum, y) => sum.add(y), Point.ZERO);

/** A page's re-randomizers as points: [r·G, r·Y] for each card. Made while the pages before it
 * shuffle, they leave its own hop nothing but additions (and the wire's encoding). */
export const rerandomizers = ({ r }, Y) => r.map((k) => [Point.BASE.multiply(k), Y.multiply(k)]);

/** A page's hop: card i, re-randomized by r[i], goes to position perm[i]. */
export function hop(deck, secrets, Y, pre = rerandomizers(secrets, Y)) {
  const out = new Array(deck.length);
  deck.forEach(([c1, c2], i) => {
    out[secrets.perm[i]] = [c1.add(pre[i][0]), c2.add(pre[i][1])];
  });
  return out;
}

/** A deck on the wire: [[c1, c2] as hex...]. */
export const deckHex = (deck) => deck.map(([c1, c2]) => [hexOf(c1), hexOf(c2)]);

/** The DLEQ proof (RFC 9497) that `share` = x·`c1` for the x of `key` = x·G: [share, proof] as hex. */
export function provenShare(x, key, c1, rng = randomBytes) {
  const { evaluated, proof } = voprf.blindEvaluateBatch(scalarBytes(x), key.toBytes(), [c1.toBytes()], rng);
  return { share: Point.fromBytes(evaluated[0]), proof: bytesToHex(proof) };
}

/** Whether `proof` shows that `share` = x·`c1` for the x of `key`. */
export function checkShare(key, c1, share, proofHex) {
  if (typeof proofHex !== "string" || !/^[0-9a-f]{128}$/.test(proofHex)) return false;
  const proof = hexToBytes(proofHex);
  try {
    voprf.finalizeBatch(
      [{ input: NO_INPUT, blind: ONE, evaluated: share.toBytes(), blinded: c1.toBytes() }], key.toBytes(), proof);
    return true;
  } catch {
    return false;
  }
}

/** A page's key for a deal, proven its own: x·H for the deal's and seat's point H, with the DLEQ
 * proof, which no page can make for a key it does not know (no key chosen against the others'). */
export function provenKey(x, context, rng = randomBytes) {
  const key = Point.BASE.multiply(x);
  const { share, proof } = provenShare(x, key, contextPoint(context), rng);
  return { key, tag: share, proof };
}

/** Whether a key's tag and proof are right for `context`. */
export const checkKey = (key, tag, proof, context) => checkShare(key, contextPoint(context), tag, proof);

/** Card i's plaintext point from its c2 and every page's share. */
export const opened = (c2, shares) => shares.reduce((m, d) => m.subtract(d), c2);
