// Sealing an online table's frames between two pages (docs/app.md, "Online tables: transport"): each
// page has a key pair on secp256k1 (the curve Nostr signs with; @noble/secp256k1, already in the
// vendored trystero bundle); two pages agree a key by ECDH, stretched by HKDF-SHA-256 into an
// AES-256-GCM key (WebCrypto). A frame sealed with it can be read only by the two pages, and one that
// was changed on the way does not open. The host's public key travels in the invite (`k=`), so a
// guest knows the frames that open with it are the host's; nothing here is our own cipher.
//
//   const me = identity(lib), key = await pairKey(lib, me, theirPub);
//   const text = await seal(key, {hello: 1});   // base64url: 12 bytes of IV, then the ciphertext
//   await unseal(key, text)                      // the object, or null (not for us, or tampered)

const SALT = new TextEncoder().encode("briscola-seal-v1");
const B64 = /^[A-Za-z0-9_-]+$/;

/** Bytes as base64url without padding, and back (null when the text is not base64url). */
export const toB64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export function fromB64(text) {
  if (typeof text !== "string" || !B64.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** A public key as the invite carries it: 33 bytes (a compressed point) in base64url, 44 characters. */
export const PUB = /^[A-Za-z0-9_-]{44}$/;

/** This page's key pair: {secret (base64url, kept by the host's record), pub}. `secret` given: that one. */
export function identity(lib, secret = null) {
  const bytes = (secret && fromB64(secret)) || lib.secp.randomSecretKey();
  return { secret: toB64(bytes), pub: toB64(lib.getPublicKey(bytes, true)) };
}

/** The AES-GCM key `me` shares with the page whose public key is `pub` (the same on both sides), or
 * null when `pub` is not a point of the curve. */
export async function pairKey(lib, me, pub) {
  const theirs = PUB.test(pub ?? "") ? fromB64(pub) : null;
  if (!theirs) return null;
  let shared;
  try {
    shared = lib.getSharedSecret(fromB64(me.secret), theirs, true).slice(1);  // the x coordinate
  } catch {
    return null;
  }
  const info = new TextEncoder().encode([me.pub, pub].sort().join(":"));
  const base = await crypto.subtle.importKey("raw", shared, "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: SALT, info }, base,
    { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/** `value` (JSON-able) sealed with `key`: base64url text. */
export async function seal(key, value) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, new TextEncoder().encode(JSON.stringify(value))));
  const out = new Uint8Array(12 + ct.length);
  out.set(iv);
  out.set(ct, 12);
  return toB64(out);
}

/** The value sealed in `text`, or null (not sealed with `key`, changed on the way, not JSON). */
export async function unseal(key, text) {
  const bytes = fromB64(text);
  if (!key || !bytes || bytes.length < 29) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12) }, key, bytes.subarray(12));
    return JSON.parse(new TextDecoder().decode(plain));
  } catch {
    return null;
  }
}
