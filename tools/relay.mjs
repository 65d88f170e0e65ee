// The local signaling service for online tables (tests, benches, playing on one machine):
// bittorrent-tracker's WebSocket tracker, the same protocol as the public trackers trystero's
// torrent strategy uses. Only the WebSocket server: no HTTP or UDP tracker, no stats page.
//
//   node tools/relay.mjs            (or ./build.sh relay)
//
// Its first line of output is its URL, `ws://127.0.0.1:<port>`; RELAY_PORT picks the port
// (default: a free one), RELAY_HOST the address (default 127.0.0.1). It runs until stopped.
import Server from "bittorrent-tracker/server";  // not the package root: that loads the WebRTC client

const host = process.env.RELAY_HOST || "127.0.0.1";
const port = Number(process.env.RELAY_PORT || 0);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`relay: RELAY_PORT must be a port number, not ${JSON.stringify(process.env.RELAY_PORT)}`);
  process.exit(2);
}

// interval: how often clients re-announce (trystero waits at least 10 s between announces).
const server = new Server({ http: false, udp: false, ws: true, stats: false, interval: 10_000 });
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
  process.on(signal, () => server.close(() => process.exit(0)));
}
