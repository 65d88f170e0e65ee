// localStorage under keys prefixed "briscola:" (GitHub Pages shares storage between projects).
// Storage can fail: disabled (private mode), or full (other sites' data, a long history). A write
// that does not fit never deletes anything; it says "full" and the caller plays on from memory.
// The match is one key holding {rev, text, view, ahead?}: a write is atomic; the revision lets two tabs on
// the same match notice each other instead of overwriting a newer position; `view` is the table as
// the engine last described it, drawn at once on the next visit (checks.js vets it first); `ahead`
// the engine's answers to the person's next moves (briscola/ahead.py), taken before Python is up.
import { LIMITS, parseJson } from "./checks.js";

const MATCH = "briscola:match";
const PREFS = "briscola:setup";
const STATS = "briscola:stats";
const TOURNAMENT = "briscola:tournament";
const CLOCK = "briscola:clock";
const CLUB = "briscola:club";
const DAILY = "briscola:daily";
const TAP_PLAYS = "briscola:tap-plays";

let knownRev = 0;
// Where this page keeps its match: the browser's one (MATCH: the offline match, the host's) unless the
// page sits at a fair table as a guest, whose match (its own seat's side) is its table's (matchAt):
// two pages of one browser, or two tabs at two tables, each keep their own.
let matchKey = MATCH;
const tableMatch = (room, seat) => `${MATCH}:${room}:${seat}`;

/** From now on this page's match is kept at its table (`room`, this page's `seat`), or, called with
 * none, the browser's own. */
export function matchAt(room = null, seat = null) {
  const key = room === null ? MATCH : tableMatch(room, seat);
  if (key !== matchKey) knownRev = 0;
  matchKey = key;
}

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;  // storage disabled: play on without saving
  }
}

/** "ok", "full" (quota: nothing was changed) or "off" (storage disabled). */
function write(key, value) {
  try {
    localStorage.setItem(key, value);
    return "ok";
  } catch (err) {
    return err?.name === "QuotaExceededError" || err?.code === 22 ? "full" : "off";
  }
}

function storedRev() {
  const parsed = parseJson(read(matchKey) ?? "null", LIMITS.save + 100_000);
  const rev = parsed.value?.rev;
  return Number.isInteger(rev) && rev >= 0 ? rev : 0;
}

/** Whether a match is saved (damaged or not): read before the rest of the page has loaded. */
export function hasMatch() {
  return read(matchKey) !== null;
}

/** The saved match: {text, view, rev} (text may still be damaged: the engine judges), {damaged}
 * (why: "bad_json", "too_big", "too_deep", "bad_shape") or null when there is none. `browsers`: the
 * browser's own match, wherever this page keeps its (a guest's save from before matchAt: read once). */
export function loadMatch({ browsers = false } = {}) {
  const raw = read(browsers ? MATCH : matchKey);
  if (raw === null) return null;
  const { value, trouble } = parseJson(raw, LIMITS.save + 100_000);
  if (trouble) return { damaged: trouble };
  if (!value || typeof value !== "object" || typeof value.text !== "string" || !Number.isInteger(value.rev)) {
    return { damaged: "bad_shape" };
  }
  knownRev = Math.max(knownRev, value.rev);
  return { text: value.text, view: value.view ?? null, rev: value.rev, ahead: value.ahead ?? null };
}

/** Keep the engine's answers ahead (briscola/ahead.py) with the saved match whose text is `text`:
 * the same revision (they are no new position; the next save drops them). "ok", "stale" (the save
 * moved on, or another tab's), "full" or "off". */
export function keepAhead(text, ahead) {
  const raw = read(matchKey);
  const { value } = raw === null ? {} : parseJson(raw, LIMITS.save + 100_000);
  if (!value || value.text !== text || value.rev !== knownRev) return "stale";
  return write(matchKey, JSON.stringify({ ...value, ahead }));
}

function put(text, view, rev) {
  const at = matchKey === MATCH ? {} : { at: Date.now() };  // a table's: when, so that one long left goes (forgetTables)
  let result = write(matchKey, JSON.stringify({ rev, text, view, ...at }));
  if (result === "full" && view) result = write(matchKey, JSON.stringify({ rev, text, view: null, ...at }));  // the save alone may fit
  if (result === "ok") knownRev = rev;
  return result;
}

/** Save the match: "ok", "conflict" (another tab saved a newer revision: nothing written), "full" or "off". */
export function saveMatch(text, view = null) {
  const rev = storedRev();
  if (rev > knownRev) return "conflict";
  return put(text, view, Math.max(knownRev, rev) + 1);
}

/** Start afresh (a new match replaces the old one, whatever its state). */
export function saveNewMatch(text, view = null) {
  return put(text, view, Math.max(knownRev, storedRev()) + 1);
}

/** Call back when another tab writes `key` (not when it removes it). */
function onWrite(key, callback) {
  window.addEventListener("storage", (e) => {
    if (e.key === key && e.newValue !== null) callback();
  });
}

/** A stored match's revision, read off the head of its record (put writes `rev` first). */
const revOf = (raw) => /^\{"rev":(\d+)/.exec(raw ?? "")?.[1] ?? null;

/** Call back when another tab saves the match (a new revision: not when it keeps answers ahead). */
export function onOtherTab(callback) {
  window.addEventListener("storage", (e) => {
    if (e.key === MATCH && e.newValue !== null && revOf(e.newValue) !== revOf(e.oldValue)) callback();
  });
}

/** The remembered setup choices as stored (setup.js vets every field), or {}. */
export function loadSetup() {
  const { value } = parseJson(read(PREFS) ?? "{}", LIMITS.setup);
  return value && typeof value === "object" && !Array.isArray(value) ? value : {};
}

export function saveSetup(data) {
  return write(PREFS, JSON.stringify(data));
}

// Statistics (briscola.stats JSON) under their own key: a damaged value is reported by the
// engine and reset only when the player says so; no other key is ever touched.

/** The stored statistics: parsed JSON, null when there are none, or {damaged: why}. */
export function loadStats() {
  const raw = read(STATS);
  if (raw === null) return null;
  const { value, trouble } = parseJson(raw, LIMITS.stats);
  return trouble ? { damaged: trouble } : value;
}

export function saveStats(data) {
  return write(STATS, JSON.stringify(data));
}

/** A JSON object stored under `key` (at most `limit` long): null when there is none, or
 * {damaged: why} (too long, not JSON, not an object). */
function loadObject(key, limit) {
  const raw = read(key);
  if (raw === null) return null;
  const { value, trouble } = parseJson(raw, limit);
  if (trouble) return { damaged: trouble };
  return value && typeof value === "object" && !Array.isArray(value) ? value : { damaged: "bad_shape" };
}

// The tournament (tournament.js) under its own key: {saved (the engine's JSON), match (the player's
// match in progress, as save text), fixture, screen}. A damaged value is explained by the screen
// and replaced only when the player starts a new tournament; no other key is touched.

/** The stored tournament: parsed JSON, null when there is none, or {damaged: why}. */
export function loadTournament() {
  return loadObject(TOURNAMENT, LIMITS.tournament);
}

export function saveTournament(data) {
  return write(TOURNAMENT, JSON.stringify(data));
}

/** Call back when another tab changes the stored tournament. */
export function onTournamentChange(callback) {
  onWrite(TOURNAMENT, callback);
}

// An organiser's tournament (screens/club*.js) under its own key: {saved (the engine's JSON),
// screen (the page was left on it)}. A write that does not fit changes nothing (the screen keeps
// the tournament in memory and says so); a damaged value is explained and kept until replaced.

/** The stored club tournament: parsed JSON, null when there is none, or {damaged: why}. */
export function loadClub() {
  return loadObject(CLUB, LIMITS.tournament);
}

/** "ok", "full" (nothing was changed) or "off". */
export function saveClub(data) {
  return write(CLUB, JSON.stringify(data));
}

/** Call back when another tab changes the stored club tournament. */
export function onClubChange(callback) {
  onWrite(CLUB, callback);
}

// The daily deal (screens/daily.js): {calendar (the engine's JSON: the days played), summary (the
// engine's last word on it: the streak, today's games, as of a date: the front door draws it before
// Python is up)}. A damaged value is explained and replaced only when the player says so.

/** The stored daily deals: {calendar, summary}, null when there are none, or {damaged: why}. */
export function loadDaily() {
  return loadObject(DAILY, LIMITS.daily);
}

/** "ok", "full" (nothing was changed) or "off". */
export function saveDaily(data) {
  return write(DAILY, JSON.stringify(data));
}

// The clock's time not yet charged when the page went away (clock.js), beside the save with the
// move it belongs to: {key, ms}, taken back once.

/** Keep `ms` of thinking time on the move `key` (storage off or full: it is not kept). */
export function keepClockTime(key, ms) {
  write(CLOCK, JSON.stringify({ key, ms }));
}

/** The time kept by keepClockTime, removed as it is read: {key, ms} (clock.js checks both) or null. */
export function takeClockTime() {
  const raw = read(CLOCK);
  if (raw === null) return null;
  remove(CLOCK);
  return parseJson(raw, LIMITS.setup).value ?? null;
}

// How many cards the player has played with a second tap (table/input.js shows "Tocca di nuovo per
// giocarla" until he has done it a few times): a whole number.

/** The count kept by saveTapPlays (0 when there is none, or it is not a count). */
export function loadTapPlays() {
  const n = Number(read(TAP_PLAYS));
  return Number.isInteger(n) && n > 0 ? n : 0;
}

export function saveTapPlays(n) {
  return write(TAP_PLAYS, String(n));
}

// ------------------------------------------------------------------ online tables (static/online/)
// The host's table record (records.js vets it), each guest's seat per room, and the TURN server kept
// on this device (setup.js vets it). A guest's seat is kept in sessionStorage too, read first: two
// guests in one browser profile each keep theirs on reload.
const ONLINE_HOST = "briscola:online-host";
const onlineGuest = (room) => `briscola:online-guest:${room}`;
const TURN = "briscola:turn";
const CLUB_LIVE = "briscola:club-live";

/** An object stored as JSON under `text`, else null. */
function objectOf(text) {
  const { value } = parseJson(text ?? "null", LIMITS.setup);
  return value && typeof value === "object" && !Array.isArray(value) ? value : null;
}

function remove(key, store = localStorage) {
  try { store.removeItem(key); } catch { /* storage off */ }
}

export const loadOnlineHost = () => objectOf(read(ONLINE_HOST));
/** The organiser's room for the followers' live standings (screens/club-live.js vets it). */
export const loadClubLive = () => objectOf(read(CLUB_LIVE));
export const saveClubLive = (rec) => write(CLUB_LIVE, JSON.stringify(rec));
export const saveOnlineHost = (rec) => write(ONLINE_HOST, JSON.stringify(rec));
export const forgetOnlineHost = () => remove(ONLINE_HOST);

/** The guest's seat at `room` ({token, seat}): this tab's own first, else this browser's, or null. */
export function loadOnlineGuest(room) {
  let own = null;
  try { own = objectOf(sessionStorage.getItem(onlineGuest(room))); } catch { /* storage off */ }
  return own?.token != null ? own : objectOf(read(onlineGuest(room)));
}

export function saveOnlineGuest(room, seat) {
  write(onlineGuest(room), JSON.stringify(seat));
  try { sessionStorage.setItem(onlineGuest(room), JSON.stringify(seat)); } catch { /* storage off */ }
}

export const forgetOnlineGuest = (room) => remove(onlineGuest(room));

// A fair table's side of the deal in play (online/fair/table.js FairTable.stored(): its secret seed,
// the messages it accepted, the steps in flight), beside the save that holds the engine's side, one
// per room and seat: a reload resumes the deal, and without it the page cannot (its seed is gone).
// Two pages of one browser at one table (two seats) each keep their own. Before, one per room
// (`briscola:fair:<room>`): read still when it is this seat's, and moved to the seat's key.
const fairSide = (room, seat) => `briscola:fair:${room}:${seat}`;
const oldFairSide = (room) => `briscola:fair:${room}`;

function fairSideAt(key) {
  const { value, trouble } = parseJson(read(key) ?? "null", LIMITS.fair);
  return !trouble && value && typeof value === "object" && !Array.isArray(value) && value.v === 1 ? value : null;
}

/** The stored fair side of `seat` at `room`: an object, or null (none, or damaged: the deal cannot resume). */
export function loadFairSide(room, seat) {
  const own = fairSideAt(fairSide(room, seat));
  if (own) return own;
  const old = fairSideAt(oldFairSide(room));
  if (old?.page?.seat !== seat) return null;  // another seat's (another page of this browser): never ours
  if (write(fairSide(room, seat), JSON.stringify(old)) === "ok") remove(oldFairSide(room));
  return old;
}

/** "ok", "full" (nothing was changed) or "off". */
export const saveFairSide = (room, seat, data) => write(fairSide(room, seat), JSON.stringify(data));
export function forgetFairSide(room, seat) {
  remove(fairSide(room, seat));
  if (fairSideAt(oldFairSide(room))?.page?.seat === seat) remove(oldFairSide(room));
}

const TABLE_DAYS = 7;  // a guest's table untouched this long is over: its save and its side go

/** A guest's table left (closed, left, ended): its match and its fair side go. Without `room`: every
 * table's whose save was last written over TABLE_DAYS ago (`now`: the time to count from). */
export function forgetTables(room = null, seat = null, now = Date.now()) {
  if (room !== null) {
    remove(tableMatch(room, seat));
    forgetFairSide(room, seat);
    return;
  }
  let keys = [];
  try {
    for (let i = 0; i < localStorage.length; i++) keys.push(localStorage.key(i));
  } catch { /* storage off */ }
  keys = keys.filter((k) => k?.startsWith(`${MATCH}:`));
  for (const key of keys) {
    const at = parseJson(read(key) ?? "null", LIMITS.save + 100_000).value?.at;
    const [r, s] = key.slice(MATCH.length + 1).split(":");
    if (key !== matchKey && (!Number.isFinite(at) || now - at > TABLE_DAYS * 86_400_000)) forgetTables(r, Number(s));
  }
}

export const loadTurn = () => objectOf(read(TURN));
/** "ok", "full" or "off"; null forgets the server. */
export function saveTurn(turn) {
  if (turn !== null) return write(TURN, JSON.stringify(turn));
  try { localStorage.removeItem(TURN); return "ok"; } catch { return "off"; }
}

// The language the player chose (strings/lookup.js takes it only if it is one the page speaks).
const LANGUAGE = "briscola:lang";

/** The stored language code, or null. */
export function loadLanguage() {
  return read(LANGUAGE);
}

export function saveLanguage(code) {
  return write(LANGUAGE, code);
}
