// A guest's page at an online table (`?join=<room>[&relay=...]&k=<host key>[&token=][&fair=1]`): the
// host-referee way it runs no Python, its turn loop's engine is the host, through the guest's door
// (guest-door.js); at a fair table (fair-seat.js) it runs its own engine, started while its person
// waits in the lobby, and keeps its own match (storage.js matchAt). It greets the host until seated,
// keeps its seat's token (the same invite gives the same seat back), follows the host's
// positions, notices a silent host, and ends when the host closes the table or the guest leaves.
// The link stays in the address bar, so a reload takes the seat back.
import { esc } from "../dom/html.js";
import { t } from "../strings/i18n.js";
import { myName } from "../table/pnp.js";
import { engine, OP } from "../engine/api.js";
import { startEngine } from "../engine/worker.js";
import { forgetTables, loadMatch, loadStats, matchAt, saveStats } from "../storage/storage.js";
import * as turns from "../table/turns.js";
import { guestDoor } from "./guest-door.js";
import { fairSeat } from "./fair-seat.js";
import { drawLobby } from "./lobby.js";
import { codeOf } from "./messages.js";
import { ROOM, TOKEN, forgetToken, keepToken, loadToken, seatLink } from "./records.js";
import { PUB } from "./seal.js";
import { heartbeat, openTableRoom, silent, SILENT_MS } from "./room.js";
import { soFar } from "./table-menu.js";

const TROUBLE_MS = 20_000;  // no connection by then: say why and what to try
const HOST_LOST_MS = 60_000;  // a host silent this long: the guest may stop waiting

/**
 * The guest's side of the table. `ctx`: {app (app.js's hooks), setRole(role, seat?), buttonsChanged()}.
 * Answers {open(q, relays), buttons()}.
 */
export function guestTable(ctx) {
  const { app } = ctx;
  const guest = { room: null, relays: null, key: null, hostPeer: null, seat: null, token: null, want: null, started: false, closed: false, fairTable: false,
    full: false, elsewhere: false, heard: 0, hostHidden: false, hostSilent: false, opened: 0, troubled: false,
    hostTimer: null, net: null, beat: null, log: [], times: [], fair: null, warming: false };
  // Every message a guest received: the fairness test (tests/e2e/online) compares each with the engine's view.
  window.briscolaOnline = { received: guest.log, times: guest.times, stats: () => guest.net?.stats() ?? null,
    how: () => guest.net?.how(guest.hostPeer) ?? null };

  const toHost = (msg) => { if (guest.hostPeer) guest.net?.send(msg, guest.hostPeer); };
  const beatHost = (hidden) => { if (guest.hostPeer) guest.net?.beat({ t: "beat", hidden }, guest.hostPeer); };
  const door = guestDoor({
    toHost,
    waiting: () => app.notice(() => t("ol_next_wait"), "info"),
    onNews: (dealt) => {
      if (!guest.started) return;
      if (dealt) app.hideDialog();  // the host started the next deal: the summary goes
      turns.command(OP.state);
    },
  });

  /** The match as this page last knew it: the host's last position, or at a fair table its own engine's. */
  const lastState = () => (guest.fair ? turns.current() : door.last());
  const greet = (peer) => guest.net?.send({ t: "hello", token: guest.token, name: myName(), ...(guest.want !== null ? { seat: guest.want } : {}) }, peer);
  const lobby = (status, trouble = false) => drawLobby(app, { seats: [], mine: guest.seat, status, trouble, onCancel: leaveLobby });

  /** `?join=<room>[&relay=...]&k=<the host's key>`: take a seat at the host's table. */
  async function open(q, relays) {
    const room = q.get("join"), key = q.get("k");
    const local = relays?.[0] === "local";
    turns.useEngine(door.api);
    ctx.setRole("guest");
    if (!ROOM.test(room ?? "") || (!local && !PUB.test(key ?? ""))) { lobby(t("ol_bad_link")); return; }
    // A seat link (`token=`, "Su un altro dispositivo") carries the seat to this device; it leaves
    // the address bar at once, so the bar shows (and shares) the plain invite.
    const given = q.get("token");
    if (given !== null) {
      const u = new URL(location.href);
      u.searchParams.delete("token");
      history.replaceState(null, "", u.pathname + u.search + u.hash);
    }
    const want = /^[1-5]$/.test(q.get("seat") ?? "") ? Number(q.get("seat")) : null;  // a named table's seat invite
    Object.assign(guest, { room, relays, key: local ? null : key, token: TOKEN.test(given ?? "") ? given : loadToken(room), want, opened: performance.now() });
    lobby(t("ol_connecting"));
    guest.fairTable = q.has("fair");  // a fair table's invite (its lobby says so; seated says it too)
    if (guest.fairTable) warmEngine();
    try {
      guest.net = await openTableRoom(room, relays, { anchor: guest.key });
    } catch {
      lobby(t("ol_net_failed"), true);
      return;
    }
    guest.net.onPeerJoin((peer) => { if (!guest.closed && !guest.elsewhere) greet(peer); });
    guest.net.onMessage((msg, peer) => message(msg, peer));
    guest.net.onPeerLeave((peer) => { if (peer === guest.hostPeer && !guest.closed) hostGone(); });
    // A hidden tab keeps its data channel: the host's closing is his page gone (or his network changed),
    // so the minute of grace a hidden host has ends, and his silence counts as one through the relays.
    guest.net.onPath((peer, how) => { if (peer === guest.hostPeer && how === "relay") guest.hostHidden = false; });
    guest.beat = heartbeat({ tick, say: (hidden) => { if (!guest.elsewhere) beatHost(hidden); } });
    addEventListener("pagehide", () => toHost({ t: "bye" }));  // closed or reloaded: the host knows at once
  }

  /** A fair table's page runs its own engine: Python starts while its person waits in the lobby, not
   * when the match starts (on five phones that was 40 s more before the first hands). After the
   * lobby's first paint, as app.js starts it after the first screen's: the lobby comes at once. */
  function warmEngine() {
    if (guest.warming || globalThis.briscolaWarmGuest === false) return;  // (bench/online_fair.py: the way before)
    guest.warming = true;
    requestAnimationFrame(() => setTimeout(() => { startEngine().catch(() => {}); }, 0));
  }

  /** Every second: greet until seated (a hello sent as the channel opens can be lost; a table that
   * was full may have a seat for us later), say we are here, and notice a silent host. */
  function tick({ now, due, stalled }) {
    if (guest.closed || guest.elsewhere || !due) return;
    if (guest.seat === null) {
      greet();  // to every peer: other guests ignore it
      if (now - guest.opened > TROUBLE_MS && !guest.full && !guest.troubled) {
        guest.troubled = true;
        lobby(t(guest.net?.peers().length ? "ol_no_table" : "ol_no_connection"), true);
      }
      return;
    }
    beatHost(document.hidden);
    const how = guest.net?.how(guest.hostPeer);
    if (guest.hostPeer && !guest.hostSilent && !stalled && silent({ at: guest.heard, hidden: guest.hostHidden }, now, how)) hostGone();
  }

  function hostGone() {
    guest.hostSilent = true;
    if (guest.started) app.notice(() => t("ol_host_gone"), "info");
    else lobby(t("ol_host_gone"));
    waitForHost();
  }

  /** A host silent for a minute may never come back: the guest is asked whether to wait on or to end
   * the match here. The deal cannot be finished with the computer in the host's seat: the host's
   * cards and the stock are only on the host's page (a guest is never sent them); so the match ends,
   * and counts as played in the guest's statistics (without a result). */
  function waitForHost() {
    clearTimeout(guest.hostTimer);
    guest.hostTimer = setTimeout(() => {
      if (!guest.hostSilent || guest.closed || guest.elsewhere) return;
      const buttons = [{ label: t("ol_wait_more"), id: "btn-wait-host", action: () => { app.hideDialog(); waitForHost(); } }];
      if (guest.started) buttons.push({ label: t("ol_end_here"), primary: true, id: "btn-end-lost", action: endHere });
      else buttons.push({ label: t("ol_leave_yes"), primary: true, id: "btn-leave-lost", action: leaveLobby });
      const why = !guest.started ? "ol_host_lost" : guest.fair ? "fair_host_lost_deal" : "ol_host_lost_deal";  // a fair table: his keys, not the deck
      app.showDialog(t("ol_host_lost_title"), [t(why), ...soFar(lastState())], buttons);
    }, HOST_LOST_MS);
  }

  /** The guest ends the match its host left: the table is left, the match counted as played. */
  function endHere() {
    const st = lastState();
    toHost({ t: "bye" });
    stop();
    turns.leaveTable();
    forgetToken(guest.room);
    if (guest.fair) forgetTables(guest.room, guest.seat);
    app.showDialog(t("ol_ended_title"), [t("ol_ended"), ...soFar(st)], [
      { label: t("new_game"), primary: true, id: "btn-ended-new", action: () => { location.href = location.pathname; } }]);
    countInterrupted(st).then((ok) => { if (ok) document.documentElement.dataset.counted = "interrupted"; });
  }

  /** Count the match in this device's statistics: the engine is started for it (a guest's page runs
   * no Python until now). True once counted. */
  async function countInterrupted(st) {
    const stored = loadStats();
    const variant = st?.view?.variant;
    if (stored?.damaged || !variant) return false;
    try {
      await startEngine();
      const res = await engine.statsInterrupted({ stats: stored, variant, level: st.level ?? "esperto" });
      if (res.ok) saveStats(res.result.stats);
      return !!res.ok;
    } catch {
      return false;  // no engine here (offline before it was cached): not counted
    }
  }

  function message(msg, peer) {
    if (!msg || typeof msg !== "object" || guest.closed) return;
    if (msg.t === "seat") { seated(msg, peer); return; }
    if (msg.t === "full" && guest.seat === null) {
      if (!guest.full) lobby(t("ol_full"));
      guest.full = true;
      return;
    }
    if (peer !== guest.hostPeer || guest.elsewhere) return;  // everything else comes from our host only
    heardHost();
    if (msg.t === "beat") { guest.hostHidden = msg.hidden === true; return; }
    if (msg.t === "who") { greet(peer); return; }
    guest.log.push(msg);
    guest.times.push(performance.now());  // bench/online.py: when each came
    if (msg.t === "lobby" && !guest.started) {  // the seats as they are now (who came, whose phone plays the computer's)
      drawLobby(app, { seats: Array.isArray(msg.seats) ? msg.seats : [], mine: guest.seat, status: t("ol_waiting"), onCancel: leaveLobby, fair: guest.fairTable });
    }
    else if (msg.t === "relay" && guest.fair && Number.isInteger(msg.from)) guest.fair.receive(msg.msg, msg.from);
    else if (msg.t === "fair_start") startFair(msg);
    else if (msg.t === "away" && guest.fair && Array.isArray(msg.seats)) guest.fair.away(msg.seats.filter((s) => Number.isInteger(s) && s !== guest.seat));
    else if (msg.t === "state" && msg.state?.view) position(msg);
    else if (msg.t === "refused") door.deliver({ ok: false, ack: true, error: { code: codeOf(msg.error) }, state: door.last() });
    else if (msg.t === "review") door.reviewed(msg.answer);
    else if (msg.t === "elsewhere") seatElsewhere();
    else if (msg.t === "closed") closed(msg);
  }

  function heardHost() {
    guest.heard = performance.now();
    if (!guest.hostSilent) return;
    guest.hostSilent = false;
    clearTimeout(guest.hostTimer);
    if (document.getElementById("btn-wait-host")) app.hideDialog();
    if (guest.started) app.notice(() => t("ol_host_back"), "info");
  }

  /** The host's position after a step (the first one starts the guest's table). */
  function position(msg) {
    door.deliver({ ok: true, played: msg.played ?? undefined, dealt: !!msg.dealt, ack: !!msg.ack, sync: !!msg.sync, state: msg.state });
    if (guest.started) return;
    guest.started = true;
    app.hideDialog();
    app.startMatch(null);  // op "new": the door joins the host's match
  }

  /** A fair table (fair-seat.js): this page holds the match from its own seat, with its own engine
   * (Python starts now), and deals with the other pages; the host only relays. */
  async function startFair(msg) {
    if (guest.fair || guest.seat === null || !msg.settings || !(msg.fair || typeof msg.match === "string")) return;
    guest.fair = fairSeat({ room: guest.room, seat: guest.seat, send: toHost, app });
    turns.fairDealer(() => { app.notice(() => t("ol_next_wait"), "info"); return null; });  // the host deals
    guest.started = true;
    turns.useEngine(null);
    app.hideDialog();
    try {
      await startEngine();
    } catch {
      app.notice(() => t("ol_net_failed"), "error");
      return;
    }
    // Back after a reload: its own save of this table's match, kept per room and seat (storage.js
    // matchAt: another page of this browser may sit at this table, or at another), its side of the
    // deal beside it; a save from before, in the browser's one place, still resumes when it is this seat's.
    matchAt(guest.room, guest.seat);
    forgetTables();  // tables long left
    const own = loadMatch(), old = own ? null : loadMatch({ browsers: true });
    const mine = own ? !own.damaged
      : old && !old.damaged && old.view?.room === guest.room && old.view?.fair && old.view.view?.seat === guest.seat;
    if (typeof msg.match === "string") {  // let back in by the host, this page's data lost: the match shared with it
      await app.startMatch({ variant: msg.settings.variant, match: msg.match, viewer: guest.seat, fair: msg.fair }, OP.fairJoin);
    } else if (mine && !(await turns.resumeMatch(own ?? old))) guest.fair.resumed(turns.current());
    else await app.startMatch({ ...msg.settings, viewer: guest.seat, fair: msg.fair });
  }

  /** The host gave us a seat (again). Only the host gives seats; once seated, only a host that knows
   * our token is ours. */
  function seated(msg, peer) {
    if (guest.seat !== null && msg.token !== guest.token) return;
    if (!Number.isInteger(msg.seat) || typeof msg.token !== "string" || !TOKEN.test(msg.token)) return;
    const back = guest.hostSilent && guest.started;
    if (msg.fair === true) { guest.fairTable = true; warmEngine(); }  // a fair table: the match will need this page's engine
    Object.assign(guest, { hostPeer: peer, seat: msg.seat, token: msg.token, full: false, heard: performance.now(), hostSilent: false });
    keepToken(guest.room, msg.token, msg.seat);
    ctx.setRole("guest", msg.seat);
    if (back) app.notice(() => t("ol_host_back"), "info");
    if (back) guest.fair?.table.again();  // a fair table: what this page missed of the others meanwhile
    if (!guest.started) drawLobby(app, { seats: msg.seats ?? [], mine: msg.seat, status: t("ol_waiting"), onCancel: leaveLobby, fair: guest.fairTable });
  }

  function showSeatLink() {
    const link = seatLink(guest.room, guest.relays, guest.key, guest.token, !!guest.fair);
    app.showDialog(t("ol_move"), [t("ol_move_why"), { html: `<a id="seat-link" href="${esc(link)}">${esc(link)}</a>` }], [
      { label: t("ol_copy"), id: "btn-copy-seat-link", action: () => {
        navigator.clipboard?.writeText(link).then(() => app.notice(() => t("ol_copied"), "info"), () => {});
      } },
      { label: t("close"), primary: true, cancel: true, action: app.hideDialog },
    ]);
  }

  /** Our seat went to another page (the invite opened again, here or on another device): this page
   * stops at once, says so, and can take the seat back. */
  function seatElsewhere() {
    Object.assign(guest, { elsewhere: true, started: false });
    guest.fair?.stop(false);  // the seat's page keeps its side now (it read it as it was): never written from here
    door.stop({ ok: false, ack: true, error: { code: "elsewhere" } });  // the turn loop waiting for the host ends
    turns.leaveTable();
    app.seatElsewhere();  // the table takes no move; <html data-state="elsewhere">
    turns.refreshInput();
    app.showDialog(t("ol_elsewhere_title"), [t("ol_elsewhere")], [
      { label: t("ol_take_back"), primary: true, id: "btn-take-back", action: takeBack },
    ]);
  }

  function takeBack() {
    // A fair table: the other page played on from this browser's storage; this page takes its seat
    // back as a reload does, resuming from what is stored now (its engine and side here are stale).
    if (guest.fair) { location.reload(); return; }
    guest.elsewhere = false;
    app.hideDialog();
    lobby(t("ol_connecting"));
    guest.heard = performance.now();
    greet(guest.hostPeer);  // the host moves the seat back here and tells the other page
  }

  /** Leave the room: this page stays a guest's (role "left"), inert, whatever another tab does. */
  function stop() {
    guest.closed = true;
    clearTimeout(guest.hostTimer);
    guest.beat?.stop();
    guest.net?.leave();
    guest.net = null;
    ctx.setRole("left");
  }

  function closed(msg) {
    const st = lastState();
    stop();
    turns.leaveTable();
    forgetToken(guest.room);
    if (guest.fair) forgetTables(guest.room, guest.seat);  // its match (and its side of the deal) went with the table
    const review = msg.review && !msg.review.error && msg.review.frames ? msg.review : null;
    const buttons = [{ label: t("new_game"), primary: true, id: "btn-closed-new", action: () => { location.href = location.pathname; } }];
    if (review) buttons.unshift({ label: t("review_title"), id: "btn-closed-review", action: () => app.showReview({ ok: true, result: review }) });
    app.showDialog(t("ol_closed_title"), [t("ol_closed_guest"), ...soFar(st)], buttons);
  }

  /** The guest leaves the lobby (cancel): back to the app's own first screen. */
  function leaveLobby() {
    toHost({ t: "bye" });
    stop();
    location.href = location.pathname;
  }

  function askLeave() {
    app.showDialog(t("ol_leave"), [t("ol_leave_confirm")], [
      { label: t("cancel"), cancel: true, action: app.hideDialog },
      { label: t("ol_leave_yes"), primary: true, id: "btn-leave-table-yes", action: () => {
        toHost({ t: "bye" });
        stop();
        turns.leaveTable();
        app.showDialog(t("ol_title"), [t("ol_left_table")], [
          { label: t("new_game"), primary: true, action: () => { location.href = location.pathname; } }]);
      } },
    ]);
  }

  /** The table's menu while this page is the guest's: "Lascia il tavolo", "Su un altro dispositivo". */
  const buttons = () => ({ leave: askLeave, moveSeat: guest.seat !== null ? showSeatLink : null });

  /** turns.js's changed hook: at a fair table, this page's engine answered. */
  const changed = (op, res) => guest.fair?.changed(op, res);

  return { open, buttons, changed };
}
