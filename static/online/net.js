// Online tables' transport (docs/app.md, "Online tables: transport"): a room of pages joined over
// WebRTC data channels, signaled through BitTorrent WebSocket trackers (trystero's torrent
// strategy), and the invite's QR code. The protocol on top (who hosts, what a message means) is
// not here. The libraries are loaded on first use (dynamic import), never on the page's normal
// start; the service worker caches them with the rest of the build, so they load offline too.
//
//   const room = await openRoom({room: "k3x9...", relay: "ws://127.0.0.1:8101"});
//   room.onPeerJoin((peer) => room.send({hello: 1}, peer));
//   room.onMessage((msg, peer) => ...);   // msg: whatever a peer sent: check it before use
//   ...; await room.leave();

const APP_ID = "briscola-game-v1";  // a new protocol that old pages must not meet: a new id
const ACTION = "msg";  // trystero action name (at most 12 bytes)

let trystero = null;
let qrcode = null;

/** Import a vendored module once; a failed import (offline before the cache had it) is retried. */
function load(name) {
  return import(`../vendor/${name}.mjs`).catch((err) => {
    if (name === "trystero") trystero = null;
    else qrcode = null;
    throw err;
  });
}

/** A relay URL we accept: ws:// or wss://, nothing else (the page's CSP narrows it further). */
function checkRelay(relay) {
  if (relay == null || relay === "") return null;
  if (typeof relay !== "string" || !/^wss?:\/\/[^\s/?#]+(\/[^\s]*)?$/.test(relay)) {
    throw new TypeError(`relay must be a ws:// or wss:// URL, not ${JSON.stringify(relay)}`);
  }
  return relay;
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
 * Join the room `room` (any string: the peers that give the same one meet). With `relay` (a
 * ws/wss URL) only that tracker signals and no STUN server is asked (a local relay: same
 * machine or network); without it trystero's default public trackers and STUN servers.
 * `turn` (optional, {urls, username, credential}) adds that TURN server to the ICE servers, with
 * or without `relay`: peers that cannot reach each other directly talk through it.
 * `password` (optional) encrypts the signaling and is checked between peers.
 * Listener setters return a function that removes the listener.
 */
export async function openRoom({ room, relay = null, password = "", turn = null } = {}) {
  if (typeof room !== "string" || !room) throw new TypeError("room must be a non-empty string");
  relay = checkRelay(relay);
  turn = checkTurn(turn);
  const { joinRoom, selfId } = await (trystero ??= load("trystero"));
  const listeners = { message: new Set(), join: new Set(), leave: new Set(), error: new Set() };
  const emit = (kind, ...args) => {
    for (const fn of listeners[kind]) {
      try {
        fn(...args);
      } catch (err) {
        console.error(err);  // one listener's bug does not stop the others
      }
    }
  };
  const config = { appId: APP_ID };
  if (password) config.password = password;
  // trystero's rtcConfig.iceServers replaces its STUN list and its turnConfig: with a relay, the
  // TURN server goes there; without one, beside the default STUN servers.
  if (relay) Object.assign(config, { relayConfig: { urls: [relay] }, rtcConfig: { iceServers: turn ? [turn] : [] } });
  else if (turn) config.turnConfig = [turn];
  const joined = joinRoom(config, room, { onJoinError: (details) => emit("error", details.error) });
  const action = joined.makeAction(ACTION);
  action.onMessage = (msg, { peerId }) => emit("message", msg, peerId);
  joined.onPeerJoin = (peerId) => emit("join", peerId);
  joined.onPeerLeave = (peerId) => emit("leave", peerId);
  const on = (kind) => (fn) => {
    listeners[kind].add(fn);
    return () => listeners[kind].delete(fn);
  };
  return {
    selfId,
    /** Send a JSON-able value to one peer, or to every peer when `peerId` is not given. Resolves
     *  true once handed to the data channels, false when it cannot go (that peer is not connected,
     *  the value is not JSON-able, a channel failed); never rejects. */
    send: async (msg, peerId) => {
      if (peerId && !(peerId in joined.getPeers())) return false;
      try {
        await action.send(msg, peerId ? { target: peerId } : undefined);
        return true;
      } catch (err) {
        console.warn(`net: not sent: ${err?.message ?? err}`);
        return false;
      }
    },
    onMessage: on("message"),
    onPeerJoin: on("join"),
    onPeerLeave: on("leave"),
    /** A peer could not join (e.g. a wrong password): fn(text) */
    onError: on("error"),
    /** The peers connected now. */
    peers: () => Object.keys(joined.getPeers()),
    leave: () => joined.leave(),
  };
}

/** The QR code of `text` as an SVG string (black on white, one module of margin). */
export async function qrSvg(text) {
  const { svg } = await (qrcode ??= load("qrcode"));
  return svg(String(text), { margin: 1, errorCorrectionLevel: "M" });
}
