// A stand-in for net.js over BroadcastChannel (`?relay=local`): the pages of one browser profile on
// one origin meet in a room without any network. Same interface as net.js's openRoom, so the online
// table (online.js) and its tests run in one browser context, offline and fast.
//
// Peers greet each other on the channel ("hello", answered once), beat every second, and are taken
// for gone after 4 s of silence or when their page hides ("bye"). Messages are structured clones,
// addressed to one peer or to all.
const BEAT_MS = 1000, GONE_MS = 4000;

const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");

/** {send(msg, peerId?), onMessage(fn(msg, peerId)), onPeerJoin(fn), onPeerLeave(fn), selfId, leave()} */
export function openRoom({ room }) {
  const selfId = randomId();
  const channel = new BroadcastChannel(`briscola-room:${room}`);
  const peers = new Map();  // peerId -> last time heard
  const on = { message: [], join: [], leave: [] };
  const fire = (kind, ...args) => { for (const fn of on[kind]) fn(...args); };
  const post = (data) => { try { channel.postMessage({ ...data, from: selfId }); } catch { /* closed */ } };
  let open = true;

  function heard(peer) {
    const known = peers.has(peer);
    peers.set(peer, performance.now());
    if (!known) fire("join", peer);
    return known;
  }

  function gone(peer) {
    if (peers.delete(peer)) fire("leave", peer);
  }

  channel.onmessage = ({ data }) => {
    if (!open || !data || typeof data !== "object" || data.from === selfId || typeof data.from !== "string") return;
    if (data.to && data.to !== selfId) return;
    if (data.kind === "bye") { gone(data.from); return; }
    const known = heard(data.from);
    if (data.kind === "hello" && !known) post({ kind: "hello", to: data.from });
    if (data.kind === "msg") fire("message", data.msg, data.from);
  };
  const beat = setInterval(() => {
    post({ kind: "beat" });
    const now = performance.now();
    for (const [peer, at] of peers) if (now - at > GONE_MS) gone(peer);
  }, BEAT_MS);
  const bye = () => leave();
  window.addEventListener("pagehide", bye);
  post({ kind: "hello" });

  function leave() {
    if (!open) return;
    post({ kind: "bye" });
    open = false;
    clearInterval(beat);
    window.removeEventListener("pagehide", bye);
    channel.close();
    peers.clear();
  }

  return {
    selfId,
    send: (msg, peerId) => post({ kind: "msg", to: peerId ?? null, msg }),
    onMessage: (fn) => on.message.push(fn),
    onPeerJoin: (fn) => on.join.push(fn),
    onPeerLeave: (fn) => on.leave.push(fn),
    leave,
  };
}
