// The online tables' transport library as one ES module (build.sh site_vendor bundles it into
// static/vendor/trystero.mjs): trystero's Nostr strategy (WebRTC signalled through Nostr relays, and
// its signed ephemeral events, which the way through the relays reuses: static/online/mailbox.js),
// and the secp256k1 code it already carries, for the pages' keys (static/online/seal.js).
export { joinRoom, selfId, createEvent, subscribe, defaultRelayUrls } from "@trystero-p2p/nostr";
export { getPublicKey, getSharedSecret, utils as secp } from "@noble/secp256k1";
