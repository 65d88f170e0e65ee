// Online tables' transport (docs/app.md, "Online tables: transport"): a room of pages, each message
// numbered, sealed between the two pages and acknowledged (link.js), carried by a WebRTC data channel
// where one forms, else through the relays themselves (mailbox.js). The data channels are signalled
// through Nostr relays (trystero's nostr strategy), several at once: a table is reached while any one
// of them works. The protocol on top (who hosts, what a message means) is not here. The libraries are
// loaded on first use (dynamic import), never on the page's normal start; the service worker caches
// them with the rest of the build, so they load offline too.
//
//   const room = await openRoom({room: "k3x9...", relays: ["ws://127.0.0.1:8101"], anchor: hostPub});
//   room.onPeerJoin((peer) => room.send({hello: 1}, peer));
//   room.onMessage((msg, peer) => ...);   // msg: whatever a peer sent: check it before use
//   room.how(peer)                       // "direct" or "relay"
//   ...; room.leave();
import { openLink } from "./link.js";
import { openMailbox, topicName } from "./mailbox.js";
import { identity, PUB } from "./seal.js";

const APP_ID = "briscola-game-v2";  // a new protocol that old pages must not meet: a new id
const ACTION = "frame";  // trystero action name (at most 12 bytes)

// The public relays a table signals through when none is given (docs/app.md says how they were
// chosen and how the list is kept current; index.html's CSP names exactly these).
export const DEFAULT_RELAYS = [
  "wss://nos.lol",
  "wss://purplerelay.com",
  "wss://nostr.data.haus",
  "wss://relay.agorist.space",
  "wss://nostr.sathoarder.com",
  "wss://nostr-01.yakihonne.com",
  "wss://strfry.shock.network",
  "wss://yabu.me/v2",
];

let trystero = null;
let qrcode = null;

// Each by a literal path: the build's bundler (tools/bundle.mjs) leaves them files of their own.
const VENDORED = { trystero: () => import("../vendor/trystero.mjs"), qrcode: () => import("../vendor/qrcode.mjs") };

/** Import a vendored module once; a failed import (offline before the cache had it) is retried. */
function load(name) {
  return VENDORED[name]().catch((err) => {
    if (name === "trystero") trystero = null;
    else qrcode = null;
    throw err;
  });
}

/** The relays to signal through: ws:// or wss:// URLs (the page's CSP narrows them further). */
function checkRelays(relays) {
  if (relays == null || (Array.isArray(relays) && !relays.length)) return null;
  const list = Array.isArray(relays) ? relays : [relays];
  for (const relay of list) {
    if (typeof relay !== "string" || !/^wss?:\/\/[^\s/?#]+(\/[^\s]*)?$/.test(relay)) {
      throw new TypeError(`a relay must be a ws:// or wss:// URL, not ${JSON.stringify(relay)}`);
    }
  }
  return [...new Set(list)];
}

/** A TURN server ({urls: "turn:..." or "turns:...", username, credential}, the player's own, from
 * the online setup) or null; the browser itself refuses a turn: URL without both credentials. */
function checkTurn(turn) {
  if (turn == null) return null;
  const { urls, username, credential } = turn;
  if (typeof urls !== "string" || !/^turns?:\S+$/i.test(urls) || typeof username !== "string" || !username
    || typeof credential !== "string" || !credential) {
    throw new TypeError("turn must be {urls: 'turn:...' or 'turns:...', username, credential}");
  }
  return { urls, username, credential };
}

/**
 * Join the room `room` (any string: the peers that give the same one meet). `relays` (ws/wss URLs):
 * those signal and carry, and no STUN server is asked (local relays: the same machine or network);
 * without them DEFAULT_RELAYS and trystero's STUN servers. `turn` (optional, {urls, username,
 * credential}) adds that TURN server to the ICE servers. `secret`: this page's key (the host keeps
 * its own across reloads; none: a new one); `anchor`: the host's public key (the host's page: none,
 * its own). `direct: false` forms no data channel (tests of the way through the relays).
 * Listener setters return a function that removes the listener.
 */
export async function openRoom({ room, relays = null, password = "", turn = null, secret = null, anchor = null, direct = true } = {}) {
  if (typeof room !== "string" || !room) throw new TypeError("room must be a non-empty string");
  relays = checkRelays(relays);
  turn = checkTurn(turn);
  if (anchor != null && !PUB.test(anchor)) throw new TypeError("anchor must be a public key (44 characters of base64url)");
  const lib = await (trystero ??= load("trystero"));
  const me = identity(lib, secret);
  anchor ??= me.pub;
  const listeners = { message: new Set(), join: new Set(), leave: new Set(), error: new Set(), path: new Set() };
  const emit = (kind, ...args) => {
    for (const fn of listeners[kind]) {
      try {
        fn(...args);
      } catch (err) {
        console.error(err);  // one listener's bug does not stop the others
      }
    }
  };
  const urls = relays ?? DEFAULT_RELAYS;
  const [up, down] = await Promise.all([topicName(room, anchor, "up"), topicName(room, anchor, "down")]);
  const isHost = anchor === me.pub;
  const box = openMailbox({ lib, relays: urls, topics: [isHost ? up : down], onEvent: (_, content) => link.fromRelay(content) });

  let joined = null, action = null;
  const link = openLink({ lib, selfId: lib.selfId, me, anchor, io: {
    up, down,
    direct: (peer, wire) => { action?.send(wire, { target: peer }).catch(() => {}); },
    post: (topic, content) => box.post(topic, content),
    deliver: (msg, peer) => emit("message", msg, peer),
    join: (peer) => emit("join", peer),
    leave: (peer) => emit("leave", peer),
    path: (peer, how) => emit("path", peer, how),
  } });

  if (direct) {
    const config = { appId: APP_ID, relayConfig: { urls } };
    if (password) config.password = password;
    // trystero's rtcConfig.iceServers replaces its STUN list and its turnConfig: with local relays,
    // the TURN server goes there; without, beside the default STUN servers.
    if (relays) config.rtcConfig = { iceServers: turn ? [turn] : [] };
    else if (turn) config.turnConfig = [turn];
    joined = lib.joinRoom(config, room, { onJoinError: (details) => emit("error", details.error) });
    action = joined.makeAction(ACTION);
    action.onMessage = (wire, { peerId }) => link.fromDirect(peerId, wire);
    joined.onPeerJoin = (peerId) => link.directUp(peerId);
    joined.onPeerLeave = (peerId) => link.directDown(peerId);
  }
  const closing = () => link.leaving();
  addEventListener("pagehide", closing);
  const on = (kind) => (fn) => {
    listeners[kind].add(fn);
    return () => listeners[kind].delete(fn);
  };
  return {
    selfId: lib.selfId,
    /** This page's key pair ({secret, pub}): the host keeps it, and its `pub` goes in the invite. */
    identity: me,
    /** Send a JSON-able value to one peer, or to every peer when `peerId` is not given; `lossy`: it may
     * be lost (a heartbeat: it waits for the next frame through the relays). True when some peer
     * will get it; never throws. */
    send: (msg, peerId = null, lossy = false) => {
      try {
        JSON.stringify(msg);
        if (msg === undefined) return false;
      } catch {
        return false;
      }
      return link.send(msg, peerId, lossy);
    },
    onMessage: on("message"),
    onPeerJoin: on("join"),
    onPeerLeave: on("leave"),
    /** How a peer is reached changed: fn(peer, "direct" | "relay"). */
    onPath: on("path"),
    /** A peer could not join (e.g. a wrong password): fn(text) */
    onError: on("error"),
    /** The peers here now. */
    peers: () => link.peers(),
    /** How `peer` is reached now: "direct", "relay", or null (not here). */
    how: (peer) => link.how(peer),
    /** What went through the relays: {relayEvents, events, bytes, heard, open: the relays open now}. */
    stats: () => ({ ...link.stats(), ...box.stats() }),
    leave: () => {
      removeEventListener("pagehide", closing);
      link.leaving();  // the peers on a data channel let us go at once
      link.close();
      box.close();
      joined?.leave();
    },
  };
}

/** The QR code of `text` as an SVG string (black on white, one module of margin). */
export async function qrSvg(text) {
  const { svg } = await (qrcode ??= load("qrcode"));
  return svg(String(text), { margin: 1, errorCorrectionLevel: "M" });
}
