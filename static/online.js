// Online tables (issue 14; UI-CONTRACT "Online tables"). The host's page is the referee: its engine
// (the worker) holds the match and its save; each guest's page runs no Python at all and receives
// only its own seat's view (engine op "seat_state"), never a save and never another seat's cards.
//
// Host: `?host=<variant>&players=<n>&people=<k>...` opens a lobby with the invite (link and QR
// code); guests take seats 1..k-1 in the order they come, each with a random token it keeps, so the
// same invite gives the same seat back. Once every people's seat is taken the match starts (op "new"
// with `people` and `online`). A guest's move arrives as a message, is checked (size, shape, seat)
// and goes to the engine as "seat_act" through the turn loop (turns.remote), so it is saved and
// animated like any step; after every step each guest gets {played, state}. A guest who drops is
// played by the computer ("away") until he comes back; the host's reload resumes from the save and
// rejoins the room; "Chiudi il tavolo" ends the table for everyone.
//
// Guest: `?join=<room>[&relay=]`: its turn loop's engine is the host (useEngine below): "act" goes
// to the host and the answer comes back; "ai_move" (someone else moves) waits for the host's next
// step. The link stays in the address bar, so a reload takes the seat back.
//
// Messages (JSON objects, `t` their kind). Guest → host: hello {token, name}, act {action, ms?},
// clock {ms}, timeout {ms}, review. Host → guest: seat {seat, token}, lobby {seats}, full,
// state {played, dealt, state}, refused {error}, review {answer}, closed {review?}.
import { addStrings, t } from "./i18n.js";
import { ONLINE_STRINGS } from "./online-strings.js";
import { seatName } from "./table.js";
import { cleanName, myName } from "./pnp.js";
import { drawLobby as drawLobbyScreen, lobbySection, qrSvg } from "./online-lobby.js";
import * as turns from "./turns.js";

addStrings(ONLINE_STRINGS);

const HOST_KEY = "briscola:online-host";
const guestKey = (room) => `briscola:online-guest:${room}`;
const ROOM = /^[a-z0-9]{8,32}$/;
const TOKEN = /^[a-z0-9]{8,64}$/;
const MAX_MESSAGE = 4096;  // a guest's message, as JSON text
const GRACE_MS = 15_000;  // after the host's reload, a guest not back by then is played by the computer
const ACTION_FIELDS = { play: "string", exchange: "string", seat: "number", bid: "string", points: "number",
  pass: "boolean", suit: "string", draw: "boolean", cut: "number" };

const html = document.documentElement;
const $ = (id) => document.getElementById(id);
let app = null;  // app.js: {setScreen, startMatch, notice, explain, showDialog, hideDialog, showReview, openSetup, level}
let role = null;  // "host" | "guest" | null
let net = null;

export const randomId = (bytes = 10) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)),
  (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

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

/** The transport: net.js (WebRTC through public or given relays), or net-local.js (`relay=local`). */
async function openNet(room, relay) {
  const mod = relay === "local" ? await import("./net-local.js") : await import("./net.js");
  return mod.openRoom(relay && relay !== "local" ? { room, relay } : { room });
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
  addTableButton();
}

/** "Chiudi il tavolo" (host) or "Lascia il tavolo" (guest) in the table's menu. */
function addTableButton() {
  const old = $("btn-table-online");
  if (role !== "host" && role !== "guest") { old?.remove(); return; }
  const btn = old ?? document.createElement("button");
  btn.type = "button";
  btn.id = "btn-table-online";
  btn.textContent = t(role === "host" ? "ol_close" : "ol_leave");
  if (!old) {
    $("btn-abandon")?.after(btn);
    btn.addEventListener("click", () => (role === "host" ? askClose() : askLeave()));
  }
}

document.addEventListener("briscola:language", () => addTableButton());

// ------------------------------------------------------------------ the host

const host = { record: null, peers: new Map(), settings: null, grace: null };  // peers: peerId -> seat

function inviteUrl(rec) {
  const u = new URL(location.href);
  u.search = "";
  u.hash = "";
  u.searchParams.set("join", rec.room);
  if (rec.relay) u.searchParams.set("relay", rec.relay);
  return u.href;
}

function seatsOf(rec) {
  const connected = new Set(host.peers.values());
  return Array.from({ length: rec.players }, (_, s) => ({
    seat: s, kind: s === 0 ? "host" : s < rec.people ? "person" : "computer", level: rec.level,
    taken: s === 0 || !!rec.tokens[s], connected: s === 0 || connected.has(s),
    name: (s === 0 ? myName() : rec.names?.[s]) || null,
  }));
}

const send = (msg, peer) => { try { net?.send(msg, peer); } catch { /* the peer is gone */ } };

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
      drawLobby({ seats: seatsOf(rec), invite, qr: qrCache.text === invite ? qrCache.svg : "", mine: 0, status: t("ol_waiting") });
    }
  };
  draw();
  if (qrCache.text !== invite) qrSvg(invite).then((svg) => { qrCache = { text: invite, svg }; draw(); });
}

/** `?host=` (links.js hostFromUrl gave `link`): the lobby, then the match once every seat is taken.
 * The same link opened again before the start (a reload) keeps the room and the seats given. */
export async function openHost(link, query) {
  const stored = readJson(HOST_KEY);
  const k = link.settings.people.length;
  const rec = stored && !stored.started && stored.query === query && ROOM.test(stored.room) ? stored
    : { room: randomId(), relay: link.relay, query, tokens: {}, started: false };
  Object.assign(rec, { players: link.settings.players, people: k, level: link.settings.level });
  writeJson(HOST_KEY, rec);
  host.record = rec;
  host.settings = link.settings;
  markRole("host", 0);
  if (k > 1) drawHostLobby();
  await hostRoom();
  if (k === 1) startHostMatch();
}

async function hostRoom() {
  host.peers.clear();
  try {
    net = await openNet(host.record.room, host.record.relay);
  } catch {
    app.notice(() => t("ol_net_failed"), "error");
    return;
  }
  net.onMessage((msg, peer) => hostMessage(msg, peer));
  net.onPeerLeave((peer) => hostPeerLeft(peer));
}

function allSeated(rec) {
  for (let s = 1; s < rec.people; s++) if (!rec.tokens[s]) return false;
  return true;
}

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
  for (let s = 1; s < rec.people; s++) if (![...host.peers.values()].includes(s)) setAway(s, true);
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
    for (let s = 1; s < rec.people; s++) if (!here.has(s) && !cur?.away?.includes(s)) setAway(s, true);
  }, GRACE_MS);
}

function setAway(seat, on) {
  const st = turns.current();
  if (!st || st.status === "match-over" || !!st.away?.includes(seat) === on) return;
  turns.remote("away", { seat, on });
}

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
  if (msg.t === "hello") { hello(msg, peer); return; }
  const seat = host.peers.get(peer);
  if (seat == null || !rec.started) return;
  if (msg.t === "act") {
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

/** A guest greets: its seat back (its token), or the next free one, or "full". */
function hello(msg, peer) {
  const rec = host.record;
  const token = typeof msg.token === "string" && TOKEN.test(msg.token) ? msg.token : null;
  const had = host.peers.get(peer);
  if (had != null && (!token || rec.tokens[had] === token)) {  // a hello again (its seat's answer lost): the same seat
    send({ t: "seat", seat: had, token: rec.tokens[had], seats: seatsOf(rec) }, peer);
    return;
  }
  let seat = null;
  for (let s = 1; s < rec.people; s++) if (token && rec.tokens[s] === token) seat = s;
  // In the lobby, a token whose seat is here already is another person on the same browser: a seat of
  // its own. Once the match is on, it is the same guest back (its old connection not yet seen gone).
  const here = [...host.peers].some(([p, s]) => s === seat && p !== peer);
  if (seat !== null && here && !rec.started && !allSeated(rec)) seat = null;
  if (seat === null && !rec.started) {
    for (let s = 1; s < rec.people && seat === null; s++) if (!rec.tokens[s]) seat = s;
    if (seat !== null) rec.tokens[seat] = randomId(16);
  }
  if (seat === null) { send({ t: "full" }, peer); return; }
  const name = cleanName(msg.name);
  if (!rec.started && name) rec.names = { ...rec.names, [seat]: name };
  for (const [p, s] of host.peers) if (s === seat && p !== peer) host.peers.delete(p);  // the same guest, again
  host.peers.set(peer, seat);
  writeJson(HOST_KEY, rec);
  send({ t: "seat", seat, token: rec.tokens[seat], seats: seatsOf(rec) }, peer);
  if (!rec.started) {
    broadcastLobby();
    if (allSeated(rec)) startHostMatch();
    else drawHostLobby();
    return;
  }
  const st = turns.current();
  if (st?.away?.includes(seat)) {
    app.notice(() => t("ol_back", { name: seatName(seat) }), "info");
    setAway(seat, false);  // its answer goes to every guest (turns' changed hook)
  } else sendState(peer, seat, { sync: true });
}

function hostPeerLeft(peer) {
  const seat = host.peers.get(peer);
  if (seat == null) return;
  host.peers.delete(peer);
  if (!host.record.started) { broadcastLobby(); drawHostLobby(); return; }
  if (turns.current()?.status === "match-over") return;
  app.notice(() => t("ol_left", { name: seatName(seat) }), "info");
  setAway(seat, true);
}

async function sendState(peer, seat, extra) {
  const state = await turns.ask("seat_state", { seat });
  if (state.error) return;
  send({ t: "state", ...extra, state }, peer);
}

/** turns.js: the engine answered a step (or started the match): every guest gets it, seen from its seat. */
export async function changed(op, res, arg = null) {
  if (role !== "host" || !host.record?.started) return;
  if ((res.state ?? res).online === false) { stopRole(); return; }  // the host started another match, offline
  const dealt = op === "next_deal" || op === "new" || op === "rematch";
  const by = op.startsWith("seat_") ? arg?.seat : null;  // the guest whose command this answers
  for (const [peer, seat] of [...host.peers]) await sendState(peer, seat, { played: res.played ?? null, dealt, ack: seat === by });
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
  for (let s = 1; s < (rec?.people ?? 0); s++) setAway(s, true);
  const buttons = [{ label: t("new_game"), id: "btn-closed-new", action: app.openSetup },
    { label: t("ol_play_on"), primary: true, id: "btn-closed-play-on", action: app.hideDialog }];
  if (review) buttons.unshift({ label: t("review_title"), id: "btn-closed-review", action: () => app.showReview(review) });
  app.showDialog(t("ol_closed_title"), [t("ol_closed_you"), ...soFar(st)], buttons);
}

/** Leave the room. A guest's page stays a guest's (role "left"): it never takes up the browser's own
 * saved match, whatever another tab does (onlineRole). */
function stopRole(left = null) {
  clearTimeout(host.grace);
  try { net?.leave(); } catch { /* gone already */ }
  net = null;
  host.peers.clear();
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
  reviewWaiter: null, last: null, started: false, closed: false, full: false, log: [] };

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

/** `?join=<room>[&relay=]`: take a seat at the host's table. */
export async function openGuest(q, relay) {
  const room = q.get("join");
  turns.useEngine(remoteEngine);
  markRole("guest");
  if (!ROOM.test(room ?? "")) { drawLobby({ seats: [], status: t("ol_bad_link") }); return; }
  Object.assign(guest, { room, relay, token: storedToken(room) });
  drawLobby({ seats: [], status: t("ol_connecting") });
  try {
    net = await openNet(room, relay);
  } catch {
    drawLobby({ seats: [], status: t("ol_net_failed") });
    return;
  }
  const hello = (peer) => send({ t: "hello", token: guest.token, name: myName() }, peer);
  net.onPeerJoin((peer) => { if (!guest.closed) hello(peer); });
  // A hello sent as the channel opens may be lost (net.js send resolves false): greet again, to every
  // peer (other guests ignore it), until the host answers with a seat or says the table is full.
  const greet = setInterval(() => {
    if (guest.closed || guest.seat !== null || guest.full) clearInterval(greet);
    else hello();
  }, 2000);
  setTimeout(() => {  // nobody has answered: say so (and keep waiting: the host may open the table later)
    if (guest.seat === null && !guest.closed && $("lobby-status")?.textContent === t("ol_connecting")) {
      drawLobby({ seats: [], status: t("ol_no_table") });
    }
  }, 12_000);
  net.onMessage((msg, peer) => guestMessage(msg, peer));
  net.onPeerLeave((peer) => {
    if (peer !== guest.hostPeer || guest.closed) return;
    guest.hostPeer = null;
    if (guest.started) app.notice(() => t("ol_host_gone"), "info");
    else drawLobby({ seats: [], mine: guest.seat, status: t("ol_host_gone") });
  });
}

function guestMessage(msg, peer) {
  if (!msg || typeof msg !== "object" || guest.closed) return;
  if (msg.t === "seat") {
    // Only the host gives seats; once seated, only a host that knows our token is ours.
    if (guest.seat !== null && msg.token !== guest.token) return;
    if (!Number.isInteger(msg.seat) || typeof msg.token !== "string" || !TOKEN.test(msg.token)) return;
    const back = guest.hostPeer === null && guest.started;
    Object.assign(guest, { hostPeer: peer, seat: msg.seat, token: msg.token });
    keepToken(guest.room, msg.token, msg.seat);
    html.dataset.seat = String(msg.seat);
    if (back) app.notice(() => t("ol_host_back"), "info");
    if (!guest.started) drawLobby({ seats: msg.seats ?? [], mine: msg.seat, status: t("ol_waiting") });
    return;
  }
  if (msg.t === "full" && guest.seat === null) { guest.full = true; drawLobby({ seats: [], status: t("ol_full") }); return; }
  if (peer !== guest.hostPeer) return;  // everything else comes from our host only
  guest.log.push(msg);
  if (msg.t === "lobby" && !guest.started) drawLobby({ seats: msg.seats ?? [], mine: guest.seat, status: t("ol_waiting") });
  else if (msg.t === "state" && msg.state?.view) {
    deliver({ ok: true, played: msg.played ?? undefined, dealt: !!msg.dealt, ack: !!msg.ack, sync: !!msg.sync, state: msg.state });
    if (!guest.started) {
      guest.started = true;
      app.startMatch(null, "join");
    }
  } else if (msg.t === "refused") {
    deliver({ ok: false, ack: true, error: { code: String(msg.error?.code ?? "illegal").slice(0, 40) }, state: guest.last });
  } else if (msg.t === "review") {
    const w = guest.reviewWaiter;
    guest.reviewWaiter = null;
    w?.(msg.answer ?? { error: { code: "online_guest" } });
  } else if (msg.t === "closed") guestClosed(msg);
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

function askLeave() {
  app.showDialog(t("ol_leave"), [t("ol_leave_confirm")], [
    { label: t("cancel"), cancel: true, action: app.hideDialog },
    { label: t("ol_leave_yes"), primary: true, id: "btn-leave-table-yes", action: () => {
      guest.closed = true;
      stopRole("left");
      turns.leaveTable();
      app.showDialog(t("ol_title"), [t("ol_left_table")], [
        { label: t("new_game"), primary: true, action: () => { location.href = location.pathname; } }]);
    } },
  ]);
}
