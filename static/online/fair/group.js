// The fair deal's group (docs/fair-deal.md): ristretto255 points and scalars from the vendored,
// audited @noble/curves (static/vendor/noble.mjs), their wire form (hex text), the cards' points,
// and every secret of a page's deal derived from one 32-byte seed. No primitive is written here:
// this file only names and encodes what the library computes.
//
//   const seed = freshSeed();
//   const { x, perm, r } = secretsOf(seed, 40);   // the key, the shuffle, its re-randomizers
//   cardPoint("AD").equals(pointOf(hexOf(cardPoint("AD"))))   // true

import {
  bytesToHex, concatBytes, hexToBytes, mulAddUnsafe, randomBytes, ristretto255, ristretto255_hasher,
  ristretto255_oprf, sha512, utf8ToBytes,
} from "../../vendor/noble.mjs";

export const Point = ristretto255.Point;
export const Fn = Point.Fn;
/** RFC 9497's verifiable OPRF over ristretto255: its DLEQ proof is the one proof the deal uses. */
export const voprf = ristretto255_oprf.voprf;
export { bytesToHex, hexToBytes, mulAddUnsafe, randomBytes };

const DST = "briscola-fair-deal-v1";  // domain separation of every hash of the protocol
const HEX_POINT = /^[0-9a-f]{64}$/;

/** Bytes of a text (UTF-8). */
export const utf8 = (text) => utf8ToBytes(text);

/** A point on the wire: its canonical ristretto255 encoding (RFC 9496) as 64 hex digits. */
export const hexOf = (point) => bytesToHex(point.toBytes());

/** A point from the wire, or null: 64 lowercase hex digits, a canonical encoding, not the identity. */
export function pointOf(hex) {
  if (typeof hex !== "string" || !HEX_POINT.test(hex)) return null;
  try {
    const point = Point.fromHex(hex);
    return point.is0() ? null : point;
  } catch {
    return null;
  }
}

/** A scalar as 32 little-endian bytes. */
export const scalarBytes = (k) => Fn.toBytes(k);

/** A page's secret seed for one deal: 32 random bytes, as hex (what it stores and reveals). */
export function freshSeed(rng = randomBytes) {
  return bytesToHex(rng(32));
}

/** A seed from the wire, or null: 64 hex digits. */
export function seedOf(hex) {
  return typeof hex === "string" && HEX_POINT.test(hex) ? hexToBytes(hex) : null;
}

const scalarFrom = (seed, label) => ristretto255_hasher.hashToScalar(concatBytes(seed, utf8(label)), { DST });

/** Every secret of a page's deal, from its seed: the ElGamal key `x`, the shuffle `perm`
 * (output position of each input card) and the re-randomizers `r`, one per card. */
export function secretsOf(seedHex, count) {
  const seed = seedOf(seedHex);
  if (!seed) throw new TypeError("a seed is 64 hex digits");
  const x = scalarFrom(seed, "|key");
  const r = Array.from({ length: count }, (_, i) => scalarFrom(seed, `|rerandomize|${i}`));
  const order = Array.from({ length: count }, (_, i) => i);
  for (let i = count - 1; i > 0; i--) {  // Fisher–Yates; a 512-bit draw modulo i+1: no bias to speak of
    const draw = BigInt(`0x${bytesToHex(sha512(concatBytes(seed, utf8(`|perm|${i}`))))}`);
    const j = Number(draw % BigInt(i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const perm = new Array(count);
  order.forEach((input, output) => { perm[input] = output; });
  return { x, perm, r };
}

const CARDS = new Map();  // code -> point
const CODES = new Map();  // hex -> code

/** The point that stands for a card: hashed to the group (RFC 9380), so nobody knows a relation
 * between two cards' points. */
export function cardPoint(code) {
  let point = CARDS.get(code);
  if (!point) {
    point = ristretto255_hasher.hashToCurve(utf8(`card|${code}`), { DST });
    CARDS.set(code, point);
    CODES.set(hexOf(point), code);
  }
  return point;
}

/** The card a point stands for, among `codes` (the table's cards), or null. */
export function cardOf(point, codes) {
  for (const code of codes) cardPoint(code);
  const code = CODES.get(hexOf(point));
  return code && codes.includes(code) ? code : null;
}

/** A point that stands for a context (a deal, a seat): what a key's proof is made on. */
export const contextPoint = (text) => ristretto255_hasher.hashToCurve(utf8(`context|${text}`), { DST });

/** A short id of a text (16 hex digits of its SHA-512): a deal's id. */
export const idOf = (text) => bytesToHex(sha512(utf8(text))).slice(0, 16);

/** Random weights for a batch check, 64 bits each: a false message passes it with chance 2^-64,
 * its page having to guess weights drawn after it was sent. */
export function weights(count, rng = randomBytes) {
  return Array.from({ length: count }, () => BigInt(`0x${bytesToHex(rng(8))}`) | 1n);
}
