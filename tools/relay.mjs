// The local Nostr relay for online tables (tests, benches, playing on one machine): @nostr-relay/core
// (npm, the relay's logic: NIP-01 subscriptions and filters, each event's id and signature checked,
// duplicates refused) behind a `ws` WebSocket server, each message checked by @nostr-relay/validator
// first. The same protocol as the public relays a table uses by default (static/online/net.js).
//
//   node tools/relay.mjs            (or ./build.sh relay)
//
// Its first line of output is its URL, `ws://127.0.0.1:<port>`; RELAY_PORT picks the port
// (default: a free one), RELAY_HOST the address (default 127.0.0.1). It runs until stopped.
// It keeps no event: a table's events are ephemeral ones (kinds 20000-29999), which a relay forwards
// to who listens and never stores, so an event store would stay empty.
import { NostrRelay } from "@nostr-relay/core";
import { EventRepository, createOutgoingNoticeMessage } from "@nostr-relay/common";
import { Validator } from "@nostr-relay/validator";
import { WebSocketServer } from "ws";

const host = process.env.RELAY_HOST || "127.0.0.1";
const port = Number(process.env.RELAY_PORT || 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`relay: RELAY_PORT must be a port number, not ${JSON.stringify(process.env.RELAY_PORT)}`);
  process.exit(2);
}

/** No store: every event is forwarded to the subscriptions it matches, none is kept. */
class NoStore extends EventRepository {
  isSearchSupported() { return false; }
  upsert() { return { isDuplicate: false }; }
  find() { return []; }
  async destroy() {}
}

// Its words go to stderr, warnings and errors only: stdout holds the URL and nothing else (a test reads
// its first line, then never again).
const say = (...args) => console.error("relay:", ...args);
const logger = { setLogLevel() {}, debug() {}, info() {}, warn: say, error: say };
const relay = new NostrRelay(new NoStore(), { logger });
const validator = new Validator();
const server = new WebSocketServer({ host, port, maxPayload: 256 * 1024 });

server.on("connection", (ws, req) => {
  relay.handleConnection(ws, req.socket.remoteAddress);
  ws.on("message", async (data) => {
    try {
      await relay.handleMessage(ws, await validator.validateIncomingMessage(data));
    } catch (err) {
      ws.send(JSON.stringify(createOutgoingNoticeMessage(err instanceof Error ? err.message : String(err))));
    }
  });
  ws.on("close", () => relay.handleDisconnect(ws));
  ws.on("error", () => {});
});
server.on("error", (err) => {
  console.error(`relay: ${err.message}`);
  process.exit(1);
});
server.on("listening", () => console.log(`ws://${host}:${server.address().port}`));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const ws of server.clients) ws.terminate();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
