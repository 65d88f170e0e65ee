// The relays as a carrier (docs/app.md, "Online tables: the way through the relays"): when two pages
// can form no direct link, their frames travel as Nostr events through the same relays that signal.
// Each page keeps a WebSocket to every relay, subscribes to its topics (a subscription costs no
// event), and publishes an event to every relay it can reach; an event that comes back through
// several relays is taken once. The events are ephemeral ones (kinds 20000-29999: relays forward them
// to who is listening and keep none), made and signed by trystero's own Nostr code, so they look like
// its signalling to a relay. What an event says is sealed (seal.js) and sequenced (link.js): here it
// is only text on a topic.
//
//   const box = openMailbox({lib, relays, topics: [mine], onEvent: (topic, content) => ...});
//   box.post(topic, content); box.stats(); box.close();

const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];  // a relay that closed or never opened: tried again after these
const SEEN = 512;  // event ids remembered (the same event through several relays)

/** The topic's name on the relays: a hash of what names it, so a relay sees no room or key. */
export async function topicName(...parts) {
  const hash = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(["briscola-mail-v1", ...parts].join(":")));
  return Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Connect to `relays` (ws/wss URLs) and listen on `topics`. `onEvent(topic, content)` for each event
 * heard (once, whichever relays it came through). {post(topic, content), listen(topic), stats(),
 * close()}: `stats()` counts the events published (each once, whatever the relays) and their bytes,
 * and says which relays are open now.
 */
export function openMailbox({ lib, relays, topics, onEvent }) {
  const listening = new Set(topics), seen = new Set(), sockets = new Map();
  const counts = { events: 0, bytes: 0, heard: 0 };
  let closed = false;
  const subId = Math.random().toString(36).slice(2, 12);

  function remember(id) {
    if (seen.has(id)) return false;
    seen.add(id);
    if (seen.size > SEEN) seen.delete(seen.values().next().value);
    return true;
  }

  function subscribeOn(ws) {
    for (const topic of listening) ws.send(lib.subscribe(`${subId}${[...listening].indexOf(topic)}`, topic));
  }

  function connect(url, attempt = 0) {
    if (closed) return;
    let ws;
    try {
      ws = new WebSocket(url);
    } catch {
      return;  // a URL the page's CSP refuses: never reachable
    }
    sockets.set(url, ws);
    ws.onopen = () => { attempt = 0; subscribeOn(ws); };
    ws.onmessage = ({ data }) => {
      let msg;
      try { msg = JSON.parse(data); } catch { return; }
      if (!Array.isArray(msg) || msg[0] !== "EVENT" || !msg[2] || typeof msg[2] !== "object") return;
      const { id, content, tags } = msg[2];
      const topic = Array.isArray(tags) ? tags.find((t) => Array.isArray(t) && t[0] === "x")?.[1] : null;
      if (typeof id !== "string" || typeof content !== "string" || !listening.has(topic) || !remember(id)) return;
      counts.heard += 1;
      onEvent(topic, content);
    };
    ws.onclose = () => {
      if (closed || sockets.get(url) !== ws) return;
      setTimeout(() => connect(url, attempt + 1), RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
    };
  }

  for (const url of relays) connect(url);

  return {
    /** Publish `content` on `topic` through every open relay; false when none is open. */
    async post(topic, content) {
      const event = await lib.createEvent(topic, content);
      let through = 0;
      for (const ws of sockets.values()) {
        if (ws.readyState !== WebSocket.OPEN) continue;
        try { ws.send(event); through += 1; } catch { /* closing */ }
      }
      if (through) { counts.events += 1; counts.bytes += event.length; }
      return through > 0;
    },
    /** Listen on one more topic too. */
    listen(topic) {
      if (listening.has(topic)) return;
      listening.add(topic);
      for (const ws of sockets.values()) if (ws.readyState === WebSocket.OPEN) subscribeOn(ws);
    },
    stats: () => ({ ...counts, open: [...sockets].filter(([, ws]) => ws.readyState === WebSocket.OPEN).map(([url]) => url) }),
    close() {
      closed = true;
      for (const ws of sockets.values()) { try { ws.close(); } catch { /* gone */ } }
      sockets.clear();
    },
  };
}
