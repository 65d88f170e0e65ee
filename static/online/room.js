// An online table's room and heartbeat: the transport (net.js: WebRTC signalled through Nostr relays,
// the default ones or those given, the device's TURN server if one is set, and the relays themselves
// when no direct link forms; net-local.js for `relay=local`), a send that never throws, and each side's
// beat: every page says it is there each second and counts a peer silent for 2.5 s as gone (65 s for
// a hidden tab, whose timers may run once a minute; 12 s for a peer reached through the relays, whose
// beats ride with the next event, one every few seconds).
import { loadTurn } from "./setup.js";

export const BEAT_MS = 1000;  // each side says it is there this often
export const SILENT_MS = 2500;  // a peer silent this long has dropped (a dropped guest is noticed within 3 s)
const HIDDEN_SILENT_MS = 65_000;  // a hidden tab's timers may run once a minute: it gets longer
const RELAY_SILENT_MS = 12_000;  // through the relays a beat waits for the next event (link.js: 4 s at most)

/** The room `room` joined through `relays` (null: the default relays; ["local"]: this browser), with
 * this page's key `secret` (null: a new one) and the host's public key `anchor` (the host: null):
 * {send(msg, peer?), beat(msg, peer?), peers(), how(peer), identity, stats(), onMessage, onPeerJoin,
 * onPeerLeave, onPath, leave()}. Rejects when the transport can not load. */
export async function openTableRoom(room, relays, { secret = null, anchor = null } = {}) {
  const open = relays?.[0] === "local" ? (await import("./net-local.js")).openRoom({ room })
    : await (await import("./net.js")).openRoom({ room, relays, turn: loadTurn(), secret, anchor });
  const send = (msg, peer, lossy) => { try { return open.send(msg, peer ?? null, lossy); } catch { return false; } };
  return {
    send: (msg, peer) => send(msg, peer, false),
    /** A heartbeat: it may be lost, and waits for the next event through the relays. */
    beat: (msg, peer) => send(msg, peer, true),
    peers: () => open.peers?.() ?? [],
    /** How `peer` is reached: "direct", "relay" (through the relays) or null. */
    how: (peer) => (open.how ? open.how(peer) : "direct"),
    identity: open.identity ?? null,
    stats: () => open.stats?.() ?? null,
    onMessage: (fn) => open.onMessage((msg, peer) => {
      globalThis.briscolaHeard?.push(msg);  // a test's record of what this page was sent (tests/e2e/online/test_fair_table.py)
      fn(msg, peer);
    }),
    onPeerJoin: (fn) => open.onPeerJoin(fn),
    onPeerLeave: (fn) => open.onPeerLeave(fn),
    onPath: (fn) => open.onPath?.(fn),
    leave: () => { try { open.leave(); } catch { /* gone already */ } },
  };
}

/** Whether a peer last heard at `seen` ({at, hidden}), reached `how` ("direct" or "relay"), is silent for good. */
export const silent = (seen, now, how = "direct") => !seen
  || now - seen.at > (seen.hidden ? HIDDEN_SILENT_MS : how === "relay" ? RELAY_SILENT_MS : SILENT_MS);

/**
 * A side's heartbeat: `tick({now, due, stalled})` every half second (`due`: a second since the last
 * beat, which the tick says; `stalled`: this page's own timers stopped for a while, so a peer's
 * words may still wait in the queue and nobody is counted gone yet), and `say(hidden)` at once
 * when this tab hides or shows (the other side then waits longer, or no longer). {stop()}.
 */
export function heartbeat({ tick, say }) {
  let lastBeat = 0, lastTick = 0;
  const timer = setInterval(() => {
    const now = performance.now(), stalled = now - lastTick > SILENT_MS / 2;
    lastTick = now;
    const due = now - lastBeat >= BEAT_MS;
    if (due) lastBeat = now;
    tick({ now, due, stalled });
  }, BEAT_MS / 2);
  const shown = () => say(document.hidden);
  document.addEventListener("visibilitychange", shown);
  return {
    stop() {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", shown);
    },
  };
}
