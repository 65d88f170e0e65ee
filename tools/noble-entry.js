// The parts of @noble/curves and @noble/hashes (npm, audited) that the fair deal uses, bundled by
// build.sh into static/vendor/noble.mjs (docs/fair-deal.md): the ristretto255 group (RFC 9496),
// its hash to the group and to scalars (RFC 9380), the RFC 9497 VOPRF (whose DLEQ proof proves a
// decryption share), the multi-scalar multiplication the OPRF itself uses, SHA-512.
export { ristretto255, ristretto255_hasher, ristretto255_oprf } from "@noble/curves/ed25519.js";
export { mulAddUnsafe } from "@noble/curves/abstract/curve.js";
export { sha512 } from "@noble/hashes/sha2.js";
export { bytesToHex, concatBytes, hexToBytes, randomBytes, utf8ToBytes } from "@noble/hashes/utils.js";
