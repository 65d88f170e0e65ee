// The local signaling service for online tables (tests, benches, playing on one machine):
// bittorrent-tracker's WebSocket tracker, the same protocol as the public trackers trystero's
// torrent strategy uses. Only the WebSocket server: no HTTP or UDP tracker, no stats page.
//
//   node tools/relay.mjs            (or ./build.sh relay)
//
// Its first line of output is its URL, `ws://127.0.0.1:<port>`; RELAY_PORT picks the port
// (default: a free one), RELAY_HOST the address (default 127.0.0.1). It runs until stopped.
//
// One thing more than a public tracker: a page new to a room meets the peers already there at once.
// A tracker hands a peer's offers to others only when that peer announces (trystero: every 10 s at
// the shortest), and of two peers whose offers cross, trystero has the one with the smaller id ignore
// the other's and wait for an answer to its own: so half the time a page joining a room waited up to
// 10 s for its first peer. Here each peer's offers that its last announce sent nobody are kept, and
// a newcomer's first announce is answered with one of each waiting peer's. An offer is given once: it
// is never forwarded again (two answers to one offer would leave the later one hanging).
import Server from "bittorrent-tracker/server";  // not the package root: that loads the WebRTC client

const host = process.env.RELAY_HOST || "127.0.0.1";
const port = Number(process.env.RELAY_PORT || 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`relay: RELAY_PORT must be a port number, not ${JSON.stringify(process.env.RELAY_PORT)}`);
  process.exit(2);
}

class Relay extends Server {
  rooms = new Map();  // info_hash -> Map(peer_id -> {socket, offers: the ones nobody got, given: offer ids})

  // bittorrent-tracker's handler of a WebSocket message (its only one): the announce passes here first.
  _onWebSocketRequest(socket, opts, raw) {
    let msg = null;
    try {
      msg = JSON.parse(raw);
    } catch { /* the tracker answers it */ }
    if (msg?.action === "announce" && Array.isArray(msg.offers) && typeof msg.info_hash === "string"
        && typeof msg.peer_id === "string") raw = JSON.stringify(this.meet(socket, msg));
    super._onWebSocketRequest(socket, opts, raw);
  }

  /** The announce `msg` as the tracker gets it (the offers given away left out); a newcomer is given
   * one offer of each peer waiting in the room. */
  meet(socket, msg) {
    if (!this.rooms.has(msg.info_hash)) this.rooms.set(msg.info_hash, new Map());
    const room = this.rooms.get(msg.info_hash);
    const newcomer = !room.has(msg.peer_id);
    if (newcomer) {
      room.set(msg.peer_id, { socket, offers: [], given: new Set() });
      socket.once("close", () => { if (room.get(msg.peer_id)?.socket === socket) room.delete(msg.peer_id); });
    }
    const me = room.get(msg.peer_id);
    const offers = msg.offers.filter((o) => o && typeof o.offer_id === "string" && !me.given.has(o.offer_id));
    const others = [...room].filter(([id]) => id !== msg.peer_id);
    me.offers = offers.slice(others.length);  // the tracker sends one offer to each other peer, these to nobody
    if (newcomer) {
      for (const [id, peer] of others) {
        const offer = peer.offers.shift();
        if (!offer) continue;
        peer.given.add(offer.offer_id);
        socket.send(JSON.stringify({ action: "announce", offer: offer.offer, offer_id: offer.offer_id, peer_id: id,
          info_hash: msg.info_hash }));
      }
    }
    return { ...msg, offers };
  }
}

// interval: how often clients re-announce (trystero waits at least 10 s between announces).
const server = new Relay({ http: false, udp: false, ws: true, stats: false, interval: 10_000 });
server.on("error", (err) => {
  console.error(`relay: ${err.message}`);
  process.exit(1);
});
server.on("warning", (err) => console.error(`relay: warning: ${err.message}`));
server.on("listening", () => {
  const { port: bound } = server.ws.address();
  console.log(`ws://${host}:${bound}`);
});
server.listen(port, host);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();  // a client that keeps its socket open does not hold it
  });
}
