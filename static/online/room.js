// An online table's room and heartbeat: the transport (net.js, WebRTC through public or given
// relays and the device's TURN server if one is set; net-local.js for `relay=local`), a send that
// never throws, and each side's beat: every page says it is there each second and counts a peer
// silent for 2.5 s as gone (65 s for a hidden tab, whose timers may run once a minute).
import { loadTurn } from "./setup.js";

export const BEAT_MS = 1000;  // each side says it is there this often
export const SILENT_MS = 2500;  // a peer silent this long has dropped (a dropped guest is noticed within 3 s)
const HIDDEN_SILENT_MS = 65_000;  // a hidden tab's timers may run once a minute: it gets longer

/** The room `room` joined through `relay` (null: the public trackers; "local": this browser):
 * {send(msg, peer?), peers(), onMessage, onPeerJoin, onPeerLeave, leave()}. Rejects when the
 * transport can not load. */
export async function openTableRoom(room, relay) {
  const net = relay === "local" ? (await import("./net-local.js")).openRoom({ room })
    : (await import("./net.js")).openRoom({ room, ...(relay ? { relay } : {}), turn: loadTurn() });
  const open = await net;
  return {
    send: (msg, peer) => { try { open.send(msg, peer); } catch { /* the peer is gone */ } },
    peers: () => open.peers?.() ?? [],
    onMessage: (fn) => open.onMessage(fn),
    onPeerJoin: (fn) => open.onPeerJoin(fn),
    onPeerLeave: (fn) => open.onPeerLeave(fn),
    leave: () => { try { open.leave(); } catch { /* gone already */ } },
  };
}

/** Whether a peer last heard at `seen` ({at, hidden}) is silent for good. */
export const silent = (seen, now) => !seen || now - seen.at > (seen.hidden ? HIDDEN_SILENT_MS : SILENT_MS);

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
