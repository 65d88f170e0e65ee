// Online tables (UI-CONTRACT "Online tables"). The host's page is the referee: its engine (the
// worker) holds the match and its save; each guest's page runs no Python at all and receives only
// what the engine says his seat may know (op "guest_updates", briscola/guests.py: his view, no seed,
// never a save or another seat's cards).
//
// Host: the setup's online table or a `?host=<variant>&players=<n>&people=<k>...` link opens a lobby
// with the invite; guests take the people's seats in the order they come, each with a random token
// it keeps, so the same invite gives the same seat back. Once every people's seat is taken the
// match starts (op "new" with `people` and `online`). A guest's move arrives as a message, is checked
// (size, shape, seat) and goes to the engine as "seat_act" through the turn loop (turns.remote), so
// it is saved and animated like any step; after every step each guest gets what the engine gives
// for his seat. A guest who drops (his channel silent for 2.5 s, or gone) is played by the computer
// ("away", marked on every page) until he comes back; the host can give an away seat to whoever
// opens the invite next. One seat, one live page: a page that takes a seat with its token moves the
// seat there, and the page that had it is told ("elsewhere") and may take it back.
//
// Guest: `?join=<room>[&relay=]`: its turn loop's engine is the host (useEngine below): "act" goes
// to the host and the answer comes back; "ai_move" (someone else moves) waits for the host's next
// step. The link stays in the address bar, so a reload takes the seat back.
//
// Messages (JSON objects, `t` their kind). Guest → host: hello {token, name}, act {action, ms?},
// clock {ms}, timeout {ms}, review, beat {hidden}, bye. Host → guest: seat {seat, token}, lobby
// {seats}, full, state {played, dealt, ack, sync?, state}, refused {error}, review {answer},
// closed {review?}, beat {hidden}, who (greet again), elsewhere (the seat went to another page).
import { esc } from "../screens/html.js";
import { addStrings, t } from "../strings/i18n.js";
import { ONLINE_STRINGS } from "../strings/online.js";
import { seatName } from "../table/table.js";
import { cleanName, myName } from "../table/pnp.js";
import { drawLobby as drawLobbyScreen, lobbySection, qrSvg } from "./lobby.js";
import * as turns from "../table/turns.js";

addStrings(ONLINE_STRINGS);

const HOST_KEY = "briscola:online-host";
const guestKey = (room) => `briscola:online-guest:${room}`;
const ROOM = /^[a-z0-9]{8,32}$/;
const TOKEN = /^[a-z0-9]{8,64}$/;
const MAX_MESSAGE = 4096;  // a guest's message, as JSON text
const GRACE_MS = 15_000;  // after the host's reload, a guest not back by then is played by the computer
const BEAT_MS = 1000;  // each side says it is there this often
const SILENT_MS = 2500;  // a peer silent this long has dropped (a dropped guest is noticed within 3 s)
const HIDDEN_SILENT_MS = 65_000;  // a hidden tab's timers may run once a minute: it gets longer
const TROUBLE_MS = 20_000;
const HOST_LOST_MS = 60_000;  // a host silent this long: the guest may stop waiting  // no connection by then: say why and what to try
const ACTION_FIELDS = { play: "string", exchange: "string", seat: "number", bid: "string", points: "number",
  pass: "boolean", suit: "string", draw: "boolean", cut: "number" };

const html = document.documentElement;
const $ = (id) => document.getElementById(id);
let app = null;  // app.js: {setScreen, startMatch, notice, explain, showDialog, hideDialog, showReview, openSetup}
let role = null;  // "host" | "guest" | "left" | null
let net = null;
let beat = null;  // the heartbeat's interval

export const randomId = (bytes = 10) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)),
  (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

/** A seed no guest can find by trying them all (a finished deal's record shows its deck): 29 digits. */
const secretSeed = () => Array.from(crypto.getRandomValues(new Uint8Array(29)), (b, i) => (i === 0 ? 1 + (b % 9) : b % 10)).join("");

function readJson(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? "null");
    return v && typeof v === "object" && !Array.isArray(v) ? v : null;
  } catch {
    return null;
  }
}

function writeJson(key, value) {
  try { localStorage.setItem(key, JSON.stringify(value)); } catch { /* storage off: this visit only */ }
}

/** The transport: net.js (WebRTC through public or given relays, and the device's TURN server if
 * one is set), or net-local.js (`relay=local`). */
async function openNet(room, relay) {
  if (relay === "local") return (await import("./net-local.js")).openRoom({ room });
  const [mod, { loadTurn }] = await Promise.all([import("./net.js"), import("./setup.js")]);
  return mod.openRoom({ room, ...(relay ? { relay } : {}), turn: loadTurn() });
}

export function initOnline(hooks) {
  app = hooks;
}

/** The role of this page at an online table, or null. */
export function onlineRole() {
  return role;
}

/** Whether the address bar opens a guest's page (then Python is never started). */
export function guestLink(q) {
  return q.has("join");
}

const drawLobby = (what) => drawLobbyScreen(app, what);

/** role: "host", "guest", "left" (a guest's page after the table: inert) or null. */
function markRole(r, seat) {
  role = r;
  html.dataset.online = r ?? "";
  if (seat != null) html.dataset.seat = String(seat);
  addTableButtons();
}

/** The table's menu: "Chiudi il tavolo" (host) or "Lascia il tavolo" (guest); the host's "Fai
 * rientrare" while a guest's seat is played by the computer; the guest's "Su un altro dispositivo". */
function addTableButtons() {
  tableButton("btn-table-online", role === "host" || role === "guest", t(role === "host" ? "ol_close" : "ol_leave"),
    () => (role === "host" ? askClose() : askLeave()));
  const away = role === "host" && host.record?.started ? awaySeats() : [];
  tableButton("btn-readmit", away.length > 0, t("ol_readmit"), askReadmit);
  tableButton("btn-other-device", role === "guest" && guest.seat !== null, t("ol_move"), showSeatLink);
}

function tableButton(id, on, label, action) {
  const old = $(id);
  if (!on) { old?.remove(); return; }
  if (old) { old.textContent = label; return; }
  const btn = Object.assign(document.createElement("button"), { type: "button", id, textContent: label });
  btn.addEventListener("click", action);
  ($("btn-table-online") ?? $("btn-abandon"))?.after(btn);
}

document.addEventListener("briscola:language", () => addTableButtons());
// A hidden tab's timers slow down: the other side is told at once, and waits longer before it
// counts this page as gone.
document.addEventListener("visibilitychange", () => {
  const msg = { t: "beat", hidden: document.hidden };
  if (role === "host") send(msg);
  else if (role === "guest" && !guest.elsewhere) toHost(msg);
});

const send = (msg, peer) => { try { net?.send(msg, peer); } catch { /* the peer is gone */ } };

function startBeat(tick) {
  clearInterval(beat);
  beat = setInterval(tick, BEAT_MS / 2);
}

/** Whether a peer last heard at `seen` ({at, hidden}) is silent for good. */
const silent = (seen, now) => !seen || now - seen.at > (seen.hidden ? HIDDEN_SILENT_MS : SILENT_MS);

// ------------------------------------------------------------------ the host

// peers: peerId -> seat; seen: peerId -> {at, hidden} (the last word from that peer)
const host = { record: null, peers: new Map(), seen: new Map(), settings: null, grace: null, lastBeat: 0, lastTick: 0,
  heard: false, trouble: null };

function inviteUrl(rec) {
  const u = new URL(location.href);
  u.search = "";
  u.hash = "";
  u.searchParams.set("join", rec.room);
  if (rec.relay) u.searchParams.set("relay", rec.relay);
  return u.href;
}

/** The people's seats other than the host's (records before these had `people` as a count). */
const guestSeats = (rec) => (Array.isArray(rec.guests) ? rec.guests : Array.from({ length: Math.max(0, (rec.people ?? 1) - 1) }, (_, i) => i + 1));

function seatsOf(rec) {
  const connected = new Set(host.peers.values()), guests = guestSeats(rec);
  return Array.from({ length: rec.players }, (_, s) => ({
    seat: s, kind: s === 0 ? "host" : guests.includes(s) ? "person" : "computer", level: rec.level,
    taken: s === 0 || !!rec.tokens[s], connected: s === 0 || connected.has(s),
    name: (s === 0 ? myName() : rec.names?.[s]) || null,
  }));
}

function broadcastLobby() {
  const seats = seatsOf(host.record);
  for (const [peer, seat] of host.peers) send({ t: "lobby", seats, seat }, peer);
}

let qrCache = { text: null, svg: "" };

/** The host's lobby at once; its QR code when the library has made it. */
function drawHostLobby() {
  const rec = host.record, invite = inviteUrl(rec);
  const draw = () => {
    if (role === "host" && host.record === rec && !rec.started) {
      drawLobby({ seats: seatsOf(rec), invite, qr: qrCache.text === invite ? qrCache.svg : "", mine: 0,
        status: t("ol_waiting"), trouble: !host.heard && host.trouble === true, onCancel: cancelTable });
    }
  };
  draw();
  if (qrCache.text !== invite) qrSvg(invite).then((svg) => { qrCache = { text: invite, svg }; draw(); });
}

/** Open a table: `link` {settings (engine settings with `people`, a list of seats, 0 first),
 * relay, style, speed}. `query` (a `?host=` link's text): the same link opened again before the
 * start (a reload) keeps the room and the seats given; null (the setup) always opens a new room. */
export async function openHost(link, query = null) {
  const stored = readJson(HOST_KEY);
  const people = link.settings.people ?? [0];
  const rec = query && stored && !stored.started && stored.query === query && ROOM.test(stored.room) ? stored
    : { room: randomId(), relay: link.relay, query, tokens: {}, started: false };
  Object.assign(rec, { players: link.settings.players, guests: people.filter((s) => s !== 0), level: link.settings.level });
  delete rec.people;
  writeJson(HOST_KEY, rec);
  const fixed = query !== null && new URLSearchParams(query).has("seed");  // a link that names its deal keeps it
  host.record = rec;
  host.settings = fixed ? link.settings : { ...link.settings, seed: secretSeed() };
  Object.assign(host, { heard: false, trouble: false });
  markRole("host", 0);
  if (rec.guests.length) {
    drawHostLobby();
    clearTimeout(host.trouble);
    host.trouble = setTimeout(() => { host.trouble = true; if (!host.heard) drawHostLobby(); }, TROUBLE_MS);
  }
  await hostRoom();
  if (!rec.guests.length) startHostMatch();
}

async function hostRoom() {
  host.peers.clear();
  host.seen.clear();
  try {
    net = await openNet(host.record.room, host.record.relay);
  } catch {
    app.notice(() => t("ol_net_failed"), "error");
    return;
  }
  net.onMessage((msg, peer) => hostMessage(msg, peer));
  net.onPeerJoin(() => { host.heard = true; });
  net.onPeerLeave((peer) => hostPeerLeft(peer));
  startBeat(hostBeat);
}

/** Every half second: say we are here (each second), and let go of guests gone silent. */
function hostBeat() {
  const now = performance.now(), stalled = now - host.lastTick > SILENT_MS / 2;
  host.lastTick = now;
  if (now - host.lastBeat >= BEAT_MS) {
    host.lastBeat = now;
    send({ t: "beat", hidden: document.hidden });
  }
  // After a stall of this page (a hidden tab, a busy phone), guests' words may still wait in the
  // queue: they are read before anyone is counted gone.
  if (stalled) return;
  for (const peer of [...host.peers.keys()]) if (silent(host.seen.get(peer), now)) hostPeerLeft(peer);
}

const allSeated = (rec) => guestSeats(rec).every((s) => rec.tokens[s]);

async function startHostMatch() {
  const rec = host.record;
  rec.started = true;
  writeJson(HOST_KEY, rec);
  history.replaceState(null, "", location.pathname + location.hash);  // a reload resumes the saved match
  lobbySection().replaceChildren();  // the invite goes with the lobby: every seat is taken
  // The people's names (the host's own from its setup, each guest's from his hello), fixed from now on.
  const names = Array.from({ length: rec.players }, (_, s) => (s === 0 ? myName() : rec.names?.[s]) || null);
  const err = await app.startMatch({ ...host.settings, room: rec.room, ...(names.some(Boolean) ? { names } : {}) });
  if (err) return;
  const here = new Set(host.peers.values());
  for (const s of guestSeats(rec)) if (!here.has(s)) setAway(s, true);
}

/** After the host's page resumed a saved match: an online one rejoins its room. */
export async function resumedMatch(st) {
  if (!st?.online) { if (role === "host") stopRole(); return; }
  const rec = readJson(HOST_KEY);
  // A table closed before (or another table's record): the computer plays on, offline.
  if (!rec || !rec.started || !ROOM.test(rec.room) || (st.room && st.room !== rec.room)) return;
  host.record = rec;
  markRole("host", 0);
  await hostRoom();
  clearTimeout(host.grace);
  host.grace = setTimeout(() => {  // guests reconnect by themselves; one who does not is played by the computer
    const cur = turns.current(), here = new Set(host.peers.values());
    for (const s of guestSeats(rec)) if (!here.has(s) && !cur?.away?.includes(s)) setAway(s, true);
  }, GRACE_MS);
}

function setAway(seat, on) {
  const st = turns.current();
  if (!st || st.status === "match-over" || !!st.away?.includes(seat) === on) return;
  turns.remote("away", { seat, on }, () => addTableButtons());
}

const awaySeats = () => turns.current()?.away ?? [];

/** A message from outside: JSON of at most 4 KB, an object of a known kind. */
function vet(msg) {
  let text;
  try { text = JSON.stringify(msg); } catch { return null; }
  if (typeof text !== "string" || text.length > MAX_MESSAGE || !msg || typeof msg !== "object" || Array.isArray(msg)) return null;
  return typeof msg.t === "string" ? msg : null;
}

/** A move's shape: an object of known fields with plain values (whose move it may be, an exchange's
 * seat included, is the engine's to say: op seat_act refuses another seat's exchange). */
function vetAction(action) {
  if (!action || typeof action !== "object" || Array.isArray(action)) return null;
  const keys = Object.keys(action);
  if (!keys.length || keys.length > 3) return null;
  for (const k of keys) {
    if (!Object.hasOwn(ACTION_FIELDS, k) || typeof action[k] !== ACTION_FIELDS[k]) return null;
    if (typeof action[k] === "string" && action[k].length > 4) return null;
    if (typeof action[k] === "number" && !Number.isSafeInteger(action[k])) return null;
  }
  return action;
}

const msOf = (ms) => (Number.isSafeInteger(ms) && ms >= 0 && ms <= 86_400_000 ? ms : null);

function hostMessage(raw, peer) {
  const msg = vet(raw), rec = host.record;
  if (!msg || role !== "host" || !rec) return;
  host.heard = true;
  host.seen.set(peer, { at: performance.now(), hidden: msg.t === "beat" ? msg.hidden === true : !!host.seen.get(peer)?.hidden });
  if (msg.t === "hello") { hello(msg, peer); return; }
  const seat = host.peers.get(peer);
  if (msg.t === "beat") {
    if (seat == null && rec.started) send({ t: "who" }, peer);  // a guest let go while silent: greet again
    return;
  }
  if (seat == null || !rec.started) return;
  if (msg.t === "bye") hostPeerLeft(peer);
  else if (msg.t === "act") {
    const action = vetAction(msg.action), ms = msOf(msg.ms);
    if (!action) { send({ t: "refused", error: { code: "malformed" } }, peer); return; }
    turns.remote("seat_act", { seat, action, ...(ms !== null ? { ms } : {}) }, refusedTo(peer));
  } else if ((msg.t === "clock" || msg.t === "timeout") && msOf(msg.ms) !== null) {
    turns.remote(`seat_${msg.t}`, { seat, ms: msOf(msg.ms) }, refusedTo(peer));
  } else if (msg.t === "review") {
    turns.ask("review").then((answer) => send({ t: "review", answer: answer.error ? { error: { code: answer.error.code } } : answer }, peer),
      () => send({ t: "review", answer: { error: { code: "engine_failed" } } }, peer));
  }
}

/** The engine's answer to a guest's command, when it refuses it: the guest is told why (an applied
 * one reaches him as the step's state, marked `ack`). */
const refusedTo = (peer) => (res) => {
  if (res.error || res.ok === false) send({ t: "refused", ack: true, error: { code: String(res.error?.code ?? "illegal").slice(0, 40) } }, peer);
};

/** The seat a hello asks for: its token's, a free one in the lobby, or an away seat the host opened
 * to the next newcomer; null if none. */
function seatFor(rec, token, peer) {
  const guests = guestSeats(rec);
  let seat = token ? guests.find((s) => rec.tokens[s] === token) ?? null : null;
  // In the lobby, a token whose seat is here already is another person on the same browser: a seat of
  // its own. Once the match is on, it is the same guest on another page: the seat moves there.
  const here = [...host.peers].some(([p, s]) => s === seat && p !== peer);
  if (seat !== null && here && !rec.started && !allSeated(rec)) seat = null;
  if (seat === null && !rec.started) seat = guests.find((s) => !rec.tokens[s]) ?? null;
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
    send({ t: "seat", seat: had, token: rec.tokens[had], seats: seatsOf(rec) }, peer);
    return;
  }
  const seat = seatFor(rec, token, peer);
  if (seat === null) { send({ t: "full" }, peer); return; }
  const name = cleanName(msg.name);
  if (!rec.started && name) rec.names = { ...rec.names, [seat]: name };
  for (const [p, s] of host.peers) {
    if (s === seat && p !== peer) {  // the seat moves to this page: the one that had it is told at once
      host.peers.delete(p);
      send({ t: "elsewhere" }, p);
    }
  }
  host.peers.set(peer, seat);
  writeJson(HOST_KEY, rec);
  send({ t: "seat", seat, token: rec.tokens[seat], seats: seatsOf(rec) }, peer);
  if (!rec.started) {
    broadcastLobby();
    if (allSeated(rec)) startHostMatch();
    else drawHostLobby();
    return;
  }
  if (awaySeats().includes(seat)) {
    app.notice(() => t("ol_back", { name: seatName(seat) }), "info");
    setAway(seat, false);  // its answer goes to every guest (turns' changed hook), this one with `sync`
    pendingSync.add(seat);
  } else sendUpdates([seat], { sync: true });
}

const pendingSync = new Set();  // seats back whose next message starts their page afresh

function hostPeerLeft(peer) {
  const seat = host.peers.get(peer);
  host.seen.delete(peer);
  if (seat == null) return;
  host.peers.delete(peer);
  if (!host.record.started) { broadcastLobby(); drawHostLobby(); return; }
  if (turns.current()?.status === "match-over") return;
  app.notice(() => t("ol_left", { name: seatName(seat) }), "info");
  setAway(seat, true);
}

/** What the engine gives each of `seats` after a step (`step`: played, dealt, by, sync), sent to
 * the page at that seat; a seat the engine keeps waiting gets nothing now (briscola/guests.py). */
async function sendUpdates(seats, step) {
  if (!seats.length) return;
  const res = await turns.ask("guest_updates", { seats, ...step });
  for (const [peer, seat] of [...host.peers]) {
    const msg = res.messages?.[seat];
    if (!msg) continue;
    if (pendingSync.delete(seat)) msg.sync = true;
    send(msg, peer);
  }
}

/** turns.js: the engine answered a step (or started the match): every guest gets it, seen from its seat. */
export async function changed(op, res, arg = null) {
  if (role !== "host" || !host.record?.started) return;
  if ((res.state ?? res).online === false) { stopRole(); return; }  // the host started another match, offline
  const dealt = op === "next_deal" || op === "new" || op === "rematch";
  const by = op.startsWith("seat_") ? arg?.seat ?? null : null;  // the guest whose command this answers
  await sendUpdates([...new Set(host.peers.values())], { played: res.played ?? null, dealt, by });
  addTableButtons();
}

function askReadmit() {
  const away = awaySeats(), rec = host.record;
  app.showDialog(t("ol_readmit"), [t("ol_readmit_why"), inviteUrl(rec)], [
    ...away.map((s) => ({ label: t("ol_readmit_seat", { name: seatName(s) }), id: `btn-readmit-${s}`, action: () => {
      rec.open = { ...rec.open, [s]: true };
      writeJson(HOST_KEY, rec);
      app.hideDialog();
      app.notice(() => t("ol_readmit_done", { name: seatName(s) }), "info");
    } })),
    { label: t("cancel"), cancel: true, action: app.hideDialog },
  ]);
}

/** The host's lobby is cancelled: the room is left and forgotten, the setup again. */
function cancelTable() {
  for (const [peer] of host.peers) send({ t: "closed", review: null }, peer);
  stopRole();
  try { localStorage.removeItem(HOST_KEY); } catch { /* storage off */ }
  history.replaceState(null, "", location.pathname + location.hash);
  app.openSetup();
}

function askClose() {
  app.showDialog(t("ol_close"), [t("ol_close_confirm")], [
    { label: t("cancel"), cancel: true, action: app.hideDialog },
    { label: t("ol_close_yes"), primary: true, id: "btn-close-table-yes", action: closeTable },
  ]);
}

/** The host ends the table: every guest is told (with the deal's record when it is over), the room
 * is left, and the computer plays the guests' seats should the host play on. */
async function closeTable() {
  const st = turns.current();
  let review = null;
  if (st && st.status !== "playing") {
    const answer = await turns.ask("review").catch(() => null);
    if (answer && !answer.error) review = answer;
  }
  for (const [peer] of host.peers) send({ t: "closed", review }, peer);
  const rec = host.record;
  await new Promise((r) => setTimeout(r, 300));  // the last messages leave before the room closes
  stopRole();
  try { localStorage.removeItem(HOST_KEY); } catch { /* storage off */ }
  for (const s of rec ? guestSeats(rec) : []) setAway(s, true);
  const buttons = [{ label: t("new_game"), id: "btn-closed-new", action: app.openSetup },
    { label: t("ol_play_on"), primary: true, id: "btn-closed-play-on", action: app.hideDialog }];
  if (review) buttons.unshift({ label: t("review_title"), id: "btn-closed-review", action: () => app.showReview(review) });
  app.showDialog(t("ol_closed_title"), [t("ol_closed_you"), ...soFar(st)], buttons);
}

/** Leave the room. A guest's page stays a guest's (role "left"): it never takes up the browser's own
 * saved match, whatever another tab does (onlineRole). */
function stopRole(left = null) {
  clearTimeout(host.grace);
  clearTimeout(host.trouble);
  clearInterval(beat);
  try { net?.leave(); } catch { /* gone already */ }
  net = null;
  host.peers.clear();
  host.seen.clear();
  markRole(left);
}

/** The match so far, in a line or two (for the end of the table). */
function soFar(st) {
  const m = st?.match;
  if (!m) return [];
  const lines = [t("ol_deals_so_far", { n: m.deals_played ?? 0 })];
  const totals = m.scores ?? m.points;
  if (totals?.length) lines.push(t("ol_so_far", { list: m.sides.map((s, i) => `${s.map(seatName).join(" + ")} ${totals[i]}`).join(", ") }));
  return lines;
}

// ------------------------------------------------------------------ the guest

const guest = { room: null, relay: null, hostPeer: null, seat: null, token: null, inbox: [], waiter: null,
  reviewWaiter: null, last: null, started: false, closed: false, full: false, elsewhere: false, log: [],
  heard: 0, hostHidden: false, hostSilent: false, lastBeat: 0, lastTick: 0, opened: 0, troubled: false, hostTimer: null };

// Every message a guest received: the fairness test (tests/e2e/online) compares each with the engine's view.
window.briscolaOnline = { received: guest.log };

/** The host as the guest's engine (turns.useEngine): the same ops, answered from the host's messages. */
const remoteEngine = {
  start: async () => {},
  restart: async () => {},
  async call(op, arg) {
    const res = await fromHost(op, arg);
    // Positions that came in behind the answer: the loop takes them next (the guest may be to move).
    setTimeout(() => { if (guest.inbox.length && !guest.waiter && guest.started) turns.command("sync"); }, 0);
    return res;
  },
};

async function fromHost(op, arg) {
  switch (op) {
    case "join": {  // the newest position: the ones before it are history
      let first = await nextMessage();
      while (guest.inbox.length) first = guest.inbox.shift();
      return first.state;
    }
    case "act": {
      const { ms, ...action } = arg ?? {};
      toHost({ t: "act", action, ...(ms != null ? { ms } : {}) });
      return answer();
    }
    case "clock": case "timeout":
      toHost({ t: op, ms: arg?.ms });
      return answer();
    case "next_deal":  // the next deal starts when the host's does
      if (!guest.inbox.length) app.notice(() => t("ol_next_wait"), "info");
      return nextMessage();
    case "ai_move": return nextMessage();
    case "sync": return guest.inbox.length ? nextMessage() : { ok: true, state: guest.last };
    case "review": return reviewAnswer();
    case "hint": return { action: null };
    default: return { error: { code: "online_guest" } };
  }
}

// The guest's token per room: in localStorage (the invite opened again gives the seat back) and in
// sessionStorage (this tab's own, first: two guests in one browser profile each keep theirs on reload).
function storedToken(room) {
  let own = null;
  try { own = JSON.parse(sessionStorage.getItem(guestKey(room)) ?? "null")?.token; } catch { /* storage off */ }
  const token = own ?? readJson(guestKey(room))?.token;
  return typeof token === "string" && TOKEN.test(token) ? token : null;
}

function keepToken(room, token, seat) {
  writeJson(guestKey(room), { token, seat });
  try { sessionStorage.setItem(guestKey(room), JSON.stringify({ token, seat })); } catch { /* storage off */ }
}

function toHost(msg) {
  if (guest.hostPeer) send(msg, guest.hostPeer);
}

/** The host's answer to our command: the first message marked `ack` (or a fresh start after the
 * host's reload, `sync`); messages before it are positions it supersedes. */
async function answer() {
  for (;;) {
    const msg = await nextMessage();
    if (msg.ack || msg.sync) return msg;
  }
}

function nextMessage() {
  if (guest.inbox.length) return Promise.resolve(guest.inbox.shift());
  return new Promise((resolve) => { guest.waiter = resolve; });
}

function deliver(answer) {
  if (answer.state) guest.last = answer.state;
  const w = guest.waiter;
  if (w) { guest.waiter = null; w(answer); return; }
  guest.inbox.push(answer);
  if (guest.started) {
    if (answer.dealt) app.hideDialog();  // the host started the next deal: the summary goes
    turns.command("sync");  // nobody was waiting (the guest's turn, or a summary): the loop takes it
  }
}

function reviewAnswer() {
  toHost({ t: "review" });
  return new Promise((resolve) => {
    guest.reviewWaiter = resolve;
    setTimeout(() => { if (guest.reviewWaiter === resolve) { guest.reviewWaiter = null; resolve({ error: { code: "online_guest" } }); } }, 20_000);
  });
}

const greet = (peer) => send({ t: "hello", token: guest.token, name: myName() }, peer);

/** The guest's lobby: where he is, and a way out. */
function guestLobby(status, trouble = false) {
  drawLobby({ seats: [], mine: guest.seat, status, trouble, onCancel: leaveLobby });
}

/** `?join=<room>[&relay=]`: take a seat at the host's table. */
export async function openGuest(q, relay) {
  const room = q.get("join");
  turns.useEngine(remoteEngine);
  markRole("guest");
  if (!ROOM.test(room ?? "")) { guestLobby(t("ol_bad_link")); return; }
  // A seat link (`token=`, "Su un altro dispositivo") carries the seat to this device; it leaves
  // the address bar at once, so the bar shows (and shares) the plain invite.
  const given = q.get("token");
  if (given !== null) {
    const u = new URL(location.href);
    u.searchParams.delete("token");
    history.replaceState(null, "", u.pathname + u.search + u.hash);
  }
  Object.assign(guest, { room, relay, token: TOKEN.test(given ?? "") ? given : storedToken(room), opened: performance.now() });
  guestLobby(t("ol_connecting"));
  try {
    net = await openNet(room, relay);
  } catch {
    guestLobby(t("ol_net_failed"), true);
    return;
  }
  net.onPeerJoin((peer) => { if (!guest.closed && !guest.elsewhere) greet(peer); });
  net.onMessage((msg, peer) => guestMessage(msg, peer));
  net.onPeerLeave((peer) => { if (peer === guest.hostPeer && !guest.closed) hostGone(); });
  startBeat(guestBeat);
  addEventListener("pagehide", () => toHost({ t: "bye" }));  // closed or reloaded: the host knows at once
}

/** Every half second: greet until seated (a hello sent as the channel opens can be lost; a table
 * that was full may have a seat for us later), say we are here, and notice a silent host. */
function guestBeat() {
  if (guest.closed || guest.elsewhere) return;
  const now = performance.now(), stalled = now - guest.lastTick > SILENT_MS / 2;  // as hostBeat
  guest.lastTick = now;
  if (now - guest.lastBeat < BEAT_MS) return;
  guest.lastBeat = now;
  if (guest.seat === null) {
    greet();  // to every peer: other guests ignore it
    if (now - guest.opened > TROUBLE_MS && !guest.full && !guest.troubled) {
      guest.troubled = true;
      guestLobby(t(net?.peers?.().length ? "ol_no_table" : "ol_no_connection"), true);
    }
    return;
  }
  toHost({ t: "beat", hidden: document.hidden });
  if (guest.hostPeer && !guest.hostSilent && !stalled && silent({ at: guest.heard, hidden: guest.hostHidden }, now)) hostGone();
}

function hostGone() {
  guest.hostSilent = true;
  if (guest.started) app.notice(() => t("ol_host_gone"), "info");
  else guestLobby(t("ol_host_gone"));
  waitForHost();
}

/** A host silent for a minute may never come back: the guest is asked whether to wait on. */
function waitForHost() {
  clearTimeout(guest.hostTimer);
  guest.hostTimer = setTimeout(() => {
    if (!guest.hostSilent || guest.closed || guest.elsewhere) return;
    app.showDialog(t("ol_host_lost_title"), [t("ol_host_lost"), ...soFar(guest.last)], [
      { label: t("ol_wait_more"), id: "btn-wait-host", action: () => { app.hideDialog(); waitForHost(); } },
      { label: t("ol_leave_yes"), primary: true, id: "btn-leave-lost", action: leaveLobby },
    ]);
  }, HOST_LOST_MS);
}

function guestMessage(msg, peer) {
  if (!msg || typeof msg !== "object" || guest.closed) return;
  if (msg.t === "seat") { seated(msg, peer); return; }
  if (msg.t === "full" && guest.seat === null) {
    if (!guest.full) guestLobby(t("ol_full"));
    guest.full = true;
    return;
  }
  if (peer !== guest.hostPeer || guest.elsewhere) return;  // everything else comes from our host only
  guest.heard = performance.now();
  if (guest.hostSilent) {
    guest.hostSilent = false;
    clearTimeout(guest.hostTimer);
    if ($("btn-wait-host")) app.hideDialog();
    if (guest.started) app.notice(() => t("ol_host_back"), "info");
  }
  if (msg.t === "beat") { guest.hostHidden = msg.hidden === true; return; }
  if (msg.t === "who") { greet(peer); return; }
  guest.log.push(msg);
  if (msg.t === "lobby" && !guest.started) guestLobby(t("ol_waiting"));
  else if (msg.t === "state" && msg.state?.view) {
    deliver({ ok: true, played: msg.played ?? undefined, dealt: !!msg.dealt, ack: !!msg.ack, sync: !!msg.sync, state: msg.state });
    if (!guest.started) {
      guest.started = true;
      app.hideDialog();
      app.startMatch(null, "join");
    }
  } else if (msg.t === "refused") {
    deliver({ ok: false, ack: true, error: { code: String(msg.error?.code ?? "illegal").slice(0, 40) }, state: guest.last });
  } else if (msg.t === "review") {
    const w = guest.reviewWaiter;
    guest.reviewWaiter = null;
    w?.(msg.answer ?? { error: { code: "online_guest" } });
  } else if (msg.t === "elsewhere") seatElsewhere();
  else if (msg.t === "closed") guestClosed(msg);
}

/** The host gave us a seat (again). Only the host gives seats; once seated, only a host that knows
 * our token is ours. */
function seated(msg, peer) {
  if (guest.seat !== null && msg.token !== guest.token) return;
  if (!Number.isInteger(msg.seat) || typeof msg.token !== "string" || !TOKEN.test(msg.token)) return;
  const back = guest.hostSilent && guest.started;
  Object.assign(guest, { hostPeer: peer, seat: msg.seat, token: msg.token, full: false, heard: performance.now(), hostSilent: false });
  keepToken(guest.room, msg.token, msg.seat);
  html.dataset.seat = String(msg.seat);
  addTableButtons();
  if (back) app.notice(() => t("ol_host_back"), "info");
  if (!guest.started) drawLobby({ seats: msg.seats ?? [], mine: msg.seat, status: t("ol_waiting"), onCancel: leaveLobby });
}

/** The guest's seat link: the invite with his token, to open on another device of his own (it moves
 * the seat there, as the invite opened again in this browser does). Never to be shared. */
function seatLink() {
  const u = new URL(location.href);
  u.search = "";
  u.hash = "";
  u.searchParams.set("join", guest.room);
  if (guest.relay) u.searchParams.set("relay", guest.relay);
  u.searchParams.set("token", guest.token);
  return u.href;
}

function showSeatLink() {
  const link = seatLink();
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
  const w = guest.waiter;  // the turn loop waiting for the host: it ends (a refusal it does not show)
  Object.assign(guest, { elsewhere: true, started: false, inbox: [], waiter: null });
  w?.({ ok: false, ack: true, error: { code: "elsewhere" } });
  turns.leaveTable();
  html.dataset.state = "elsewhere";
  turns.refreshInput();
  app.showDialog(t("ol_elsewhere_title"), [t("ol_elsewhere")], [
    { label: t("ol_take_back"), primary: true, id: "btn-take-back", action: takeBack },
  ]);
}

function takeBack() {
  guest.elsewhere = false;
  app.hideDialog();
  guestLobby(t("ol_connecting"));
  guest.heard = performance.now();
  greet(guest.hostPeer);  // the host moves the seat back here and tells the other page
}

function guestClosed(msg) {
  guest.closed = true;
  const st = guest.last;
  stopRole("left");
  turns.leaveTable();
  try { localStorage.removeItem(guestKey(guest.room)); } catch { /* storage off */ }
  const review = msg.review && !msg.review.error && msg.review.frames ? msg.review : null;
  const buttons = [{ label: t("new_game"), primary: true, id: "btn-closed-new", action: () => { location.href = location.pathname; } }];
  if (review) buttons.unshift({ label: t("review_title"), id: "btn-closed-review", action: () => app.showReview(review) });
  app.showDialog(t("ol_closed_title"), [t("ol_closed_guest"), ...soFar(st)], buttons);
}

/** The guest leaves the lobby (cancel): back to the app's own first screen. */
function leaveLobby() {
  guest.closed = true;
  toHost({ t: "bye" });
  stopRole("left");
  location.href = location.pathname;
}

function askLeave() {
  app.showDialog(t("ol_leave"), [t("ol_leave_confirm")], [
    { label: t("cancel"), cancel: true, action: app.hideDialog },
    { label: t("ol_leave_yes"), primary: true, id: "btn-leave-table-yes", action: () => {
      guest.closed = true;
      toHost({ t: "bye" });
      stopRole("left");
      turns.leaveTable();
      app.showDialog(t("ol_title"), [t("ol_left_table")], [
        { label: t("new_game"), primary: true, action: () => { location.href = location.pathname; } }]);
    } },
  ]);
}
