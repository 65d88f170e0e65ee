// The referee on the host's page: the host's engine (the worker) holds the match and its save; this
// seats the guests who greet, checks what they send (messages.js) and hands their commands to the
// turn loop (turns.remote: saved and animated like any step), and after every step sends each guest
// what the engine gives for his seat (op guest_updates, briscola/guests.py: his view, no seed, never
// a save or another seat's cards). A guest who drops is played by the computer ("away") until he
// is back; one seat, one live page: a page that takes a seat with its token moves the seat there.
import { t } from "../strings/i18n.js";
import { cleanName, myName } from "../table/pnp.js";
import { seatName, viewerOf } from "../table/viewer.js";
import { engine, OP } from "../engine/api.js";
import * as turns from "../table/turns.js";
import { FAIR_MESSAGES, codeOf, msOf, vet, vetAction } from "./messages.js";
import { TOKEN, guestSeats, randomId, saveHostRecord } from "./records.js";
import { pagesFor } from "./fair-words.js";

/** Whether every guest's seat of `rec` is taken. */
export const allSeated = (rec) => guestSeats(rec).every((s) => rec.tokens[s]);

/** The seats the computer plays for a guest gone (engine state `away`). */
export const awaySeats = () => turns.current()?.away ?? [];

/**
 * The referee over `host` ({record, peers: peerId -> seat, seen: peerId -> {at, hidden}, net}).
 * `io`: {app, lobbyChanged() (the lobby's seats changed), allSeated() (start the match),
 * buttonsChanged()}.
 */
export function referee(host, io) {
  const { app } = io;
  const send = (msg, peer) => host.net?.send(msg, peer);
  const pendingSync = new Set();  // seats back whose next message starts their page afresh

  /** The lobby's seats: who sits where, and whether his page is here. */
  function seatsOf(rec) {
    const peerOf = new Map([...host.peers].map(([peer, seat]) => [seat, peer])), guests = guestSeats(rec);
    // A fair table: the person's page that will read each computer's seat's cards (fair-words.js), said in the lobby.
    const from = rec.fair ? pagesFor(host.settings?.variant, rec.players, [...peerOf.keys()]) : null;
    return Array.from({ length: rec.players }, (_, s) => ({
      seat: s, kind: s === 0 ? "host" : guests.includes(s) ? "person" : "computer", level: rec.level,
      taken: s === 0 || !!rec.tokens[s], connected: s === 0 || peerOf.has(s),
      how: peerOf.has(s) ? host.net?.how(peerOf.get(s)) ?? null : null,  // "direct" or "relay"
      name: (s === 0 && !rec.named ? myName() : rec.names?.[s]) || null,
      ...(from && !guests.includes(s) && s !== 0 ? { from: from[s] } : {}),
    }));
  }

  /** A guest's way to the host changed (a direct link formed, or the relays took over): the lobby says so. */
  function pathChanged(peer) {
    if (!host.peers.has(peer) || !host.record || host.record.started) return;
    broadcastLobby();
    io.lobbyChanged();
  }

  /** A fair table's seat says so: the guest's page starts its engine while it waits (guest.js). */
  const fairly = (rec) => (rec.fair ? { fair: true } : {});

  function broadcastLobby() {
    const seats = seatsOf(host.record);
    for (const [peer, seat] of host.peers) send({ t: "lobby", seats, seat }, peer);
  }

  function message(raw, peer) {
    const msg = vet(raw), rec = host.record;
    if (!msg || !rec || !host.net) return;
    host.heard = true;
    host.seen.set(peer, { at: performance.now(), hidden: msg.t === "beat" ? msg.hidden === true : !!host.seen.get(peer)?.hidden });
    if (msg.t === "hello") { hello(msg, peer); return; }
    const seat = host.peers.get(peer);
    if (msg.t === "beat") {
      if (seat == null && rec.started) send({ t: "who" }, peer);  // a guest let go while silent: greet again
      return;
    }
    if (seat == null || !rec.started) return;
    if (host.fair && FAIR_MESSAGES.has(msg.t)) {
      if (msg.t === "fault") host.fair.receive(msg, seat);  // the host deals again
      else if (msg.t !== "deal") relayFair(msg, seat);  // a deal begins on the host's word alone
      return;
    }
    if (msg.t === "bye") peerLeft(peer);
    else if (msg.t === "act") {
      const action = vetAction(msg.action), ms = msOf(msg.ms);
      if (!action) { send({ t: "refused", error: { code: "malformed" } }, peer); return; }
      turns.remote(OP.seatAct, { seat, action, ...(ms !== null ? { ms } : {}) }, refusedTo(peer));
    } else if ((msg.t === "clock" || msg.t === "timeout") && msOf(msg.ms) !== null) {
      turns.remote(msg.t === "clock" ? OP.seatClock : OP.seatTimeout, { seat, ms: msOf(msg.ms) }, refusedTo(peer));
    } else if (msg.t === "review") {
      engine.review().then((res) => send({ t: "review", answer: res.ok ? res.result : { error: { code: res.error?.code } } }, peer),
        () => send({ t: "review", answer: { error: { code: "engine_failed" } } }, peer));
    }
  }

  /** A fair table (online/fair-seat.js): a page's message to the others (`msg.to`: to that page
   * only), the host's own (`from` 0) included; the transport's word for who sent it is `from`. */
  function relayFair(msg, from) {
    for (const [peer, seat] of host.peers) {
      if (seat !== from && (msg.to === undefined || msg.to === seat)) send({ t: "relay", from, msg }, peer);
    }
    if (from !== 0 && (msg.to === undefined || msg.to === 0)) host.fair?.receive(msg, from);
  }

  /** The engine's answer to a guest's command, when it refuses it: the guest is told why (an applied
   * one reaches him as the step's state, marked `ack`). */
  const refusedTo = (peer) => (res) => {
    if (res.error || res.ok === false) send({ t: "refused", ack: true, error: { code: codeOf(res.error) } }, peer);
  };

  /** The seat a hello asks for: its token's, a free one in the lobby (at a table that seats people by
   * name, only the one its invite names: `want`), or an away seat the host opened to the next
   * newcomer; null if none. */
  function seatFor(rec, token, peer, want) {
    const guests = guestSeats(rec);
    let seat = token ? guests.find((s) => rec.tokens[s] === token) ?? null : null;
    // In the lobby, a token whose seat is here already is another person on the same browser: a seat of
    // its own. Once the match is on, it is the same guest on another page: the seat moves there.
    const here = [...host.peers].some(([p, s]) => s === seat && p !== peer);
    if (seat !== null && here && !rec.started && !allSeated(rec)) seat = null;
    if (seat === null && !rec.started) {
      seat = rec.named ? (guests.includes(want) && !rec.tokens[want] ? want : null) : guests.find((s) => !rec.tokens[s]) ?? null;
    }
    if (seat === null && rec.started) seat = guests.find((s) => rec.open?.[s] && awaySeats().includes(s)) ?? null;
    if (seat !== null && rec.tokens[seat] !== token) rec.tokens[seat] = randomId(16);
    if (seat !== null && rec.open) delete rec.open[seat];  // taken: by a newcomer, or by its guest back
    return seat;
  }

  /** A guest greets: its seat back (its token), the next free one, or "full". */
  function hello(msg, peer) {
    const rec = host.record;
    const token = typeof msg.token === "string" && TOKEN.test(msg.token) ? msg.token : null;
    const had = host.peers.get(peer);
    if (had != null && (!token || rec.tokens[had] === token)) {  // a hello again (its seat's answer lost): the same seat
      send({ t: "seat", seat: had, token: rec.tokens[had], seats: seatsOf(rec), ...fairly(rec) }, peer);
      return;
    }
    const seat = seatFor(rec, token, peer, Number.isInteger(msg.seat) ? msg.seat : null);
    if (seat === null) { send({ t: "full" }, peer); return; }
    const name = cleanName(msg.name);
    if (!rec.started && name && !rec.named) rec.names = { ...rec.names, [seat]: name };  // named tables keep the host's
    for (const [p, s] of host.peers) {
      if (s === seat && p !== peer) {  // the seat moves to this page: the one that had it is told at once
        host.peers.delete(p);
        send({ t: "elsewhere" }, p);
      }
    }
    host.peers.set(peer, seat);
    saveHostRecord(rec);
    send({ t: "seat", seat, token: rec.tokens[seat], seats: seatsOf(rec), ...fairly(rec) }, peer);
    if (!rec.started) {
      broadcastLobby();
      if (allSeated(rec)) io.allSeated();
      else io.lobbyChanged();
      return;
    }
    // Its page resumes its own match, asks the others for what it missed; a newcomer let back in
    // ("Fai rientrare": a new token) has none: the match is shared with him (host.js fairLetIn).
    if (host.fair) io.fairBack?.(seat, peer, rec.tokens[seat] !== token);
    else if (awaySeats().includes(seat)) {
      app.notice(() => t("ol_back", { name: seatName(viewerOf(turns.current()), seat) }), "info");
      setAway(seat, false);  // its answer goes to every guest (turns' changed hook), this one with `sync`
      pendingSync.add(seat);
    } else sendUpdates([seat], { sync: true });
  }

  /** A guest's page is gone (it said bye, went silent, or its channel closed). */
  function peerLeft(peer) {
    const seat = host.peers.get(peer);
    host.seen.delete(peer);
    if (seat == null) return;
    host.peers.delete(peer);
    if (!host.record.started) { broadcastLobby(); io.lobbyChanged(); return; }
    if (turns.current()?.status === "match-over") return;
    // A fair table waits for him (his keys are on his page), then deals again: the words say so.
    app.notice(() => t(host.fair ? "fair_left" : "ol_left", { name: seatName(viewerOf(turns.current()), seat) }), "info");
    if (host.fair) io.fairGone?.(seat);  // its keys are on its page: the table waits, then deals again
    else setAway(seat, true);
  }

  /** The computer plays `seat` (on) or gives it back to its guest (op "away", through the turn loop). */
  function setAway(seat, on) {
    const st = turns.current();
    if (!st || st.status === "match-over" || !!st.away?.includes(seat) === on) return;
    turns.remote(OP.away, { seat, on }, () => io.buttonsChanged());
  }

  /** What the engine gives each of `seats` after a step (`step`: played, dealt, by, sync), sent to
   * the page at that seat; a seat the engine keeps waiting gets nothing now (briscola/guests.py). */
  async function sendUpdates(seats, step) {
    if (!seats.length) return;
    const res = await engine.guestUpdates({ seats, ...step });
    for (const [peer, seat] of [...host.peers]) {
      const msg = res.result?.messages?.[seat];
      if (!msg) continue;
      if (pendingSync.delete(seat)) msg.sync = true;
      send(msg, peer);
    }
  }

  /** The turn loop's step (or the match's start), answered by the engine: every guest gets it, seen
   * from its seat. */
  async function changed(op, res, arg) {
    const dealt = op === OP.nextDeal || op === OP.new || op === OP.rematch || op === OP.clubMatch;
    const by = op.startsWith("seat_") ? arg?.seat ?? null : null;  // the guest whose command this answers
    await sendUpdates([...new Set(host.peers.values())], { played: res.played ?? null, dealt, by });
  }

  return { seatsOf, broadcastLobby, message, peerLeft, setAway, changed, pathChanged, relayFair };
}
