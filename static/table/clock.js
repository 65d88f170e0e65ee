// The move clock (RULES.md §3–4, docs/rules.md): the setup's choice, the countdown on the table and
// the person's time. The engine keeps the account and decides (briscola/clock.py); the page only
// measures: the person's clock runs from the moment the page takes their move until they make it,
// while the table is on screen and the tab is visible. The time goes to the engine with the move
// (the act's `ms`), with op "clock" when the tab hides (the clock stops until it shows again), and
// with op "timeout" when the countdown reaches zero (the engine then ends the match on time).
// The computer reports no time: its countdown shows what the engine says, standing still.
import { t } from "../strings/i18n.js";
import { notice } from "./notice.js";
import { seatName, viewerOf } from "./viewer.js";
import { keepClockTime, takeClockTime } from "../storage/storage.js";

export const MOVE_SECONDS = [0, 15, 30, 60];  // the setup's choices (0: no limit)
export const MATCH_MINUTES = [0, 5, 10, 20];
const LINK_MAX_S = { move: 3600, match: 24 * 3600 };  // a `?new=` link may ask for any time up to these
const LOW_MS = 5000;  // the last seconds: the countdown pulses in red, and the player is warned once

const clock = { key: null, counted: 0, since: null, state: null, fired: null, warned: null };
let hooks = null;  // app.js: {report(op, ms), refresh()}

// ------------------------------------------------------------------ the setup and links

/** The clock choices checked (anything else: no limit). */
export function vetClock(c) {
  return {
    move_s: MOVE_SECONDS.includes(Number(c.move_s)) ? Number(c.move_s) : 0,
    match_min: MATCH_MINUTES.includes(Number(c.match_min)) ? Number(c.match_min) : 0,
  };
}

/** The `format` fields of the engine's settings for the choices (none in chiamata: it has no clock). */
export function clockFormat(c) {
  if (c.variant === "chiamata") return {};
  const out = {};
  if (c.move_s > 0) out.move_ms = c.move_s * 1000;
  if (c.match_min > 0) out.match_ms = Math.round(c.match_min * 60_000);
  return out;
}

/** The choices a `?new=` link gives: `move=<seconds>` and `match=<seconds>` (whole numbers; a
 * link starts without a clock unless it asks). Returns {move_s, match_min} or {error: setting}. */
export function clockFromLink(q) {
  const out = { move_s: 0, match_min: 0 };
  for (const [name, key, per] of [["move", "move_s", 1], ["match", "match_min", 60]]) {
    if (!q.has(name)) continue;
    const s = Number(q.get(name));
    if (!/^\d{1,6}$/.test(q.get(name)) || s < 1 || s > LINK_MAX_S[name]) return { error: name };
    out[key] = s / per;
  }
  return out;
}

/** The setup's two choices, as [name, [[value, label]...], label, current] for its select(). */
export function clockFields(c) {
  const none = [0, t("clock_none")];
  return [
    ["move_s", [none, ...MOVE_SECONDS.slice(1).map((n) => [n, t("clock_seconds", { n })])], t("clock_move"), c.move_s],
    ["match_min", [none, ...MATCH_MINUTES.slice(1).map((n) => [n, t("clock_minutes", { n })])], t("clock_match"), c.match_min],
  ];
}

// ------------------------------------------------------------------ the person's time

/** What identifies the move in hand: a new position, or time the engine has charged, starts a new count. */
function keyOf(st) {
  const v = st.view, c = st.clock;
  return JSON.stringify([st.seed, st.deal_index, st.status, c.seat, c.spent, c.turn_ms, v.hand, v.trick, v.tricks.length, v.legal]);
}

const now = () => performance.now();

/** The seat of the person at this page in the position the clock follows (viewer.js). */
const mine = () => viewerOf(clock.state).seat;

/** Whole milliseconds the person has spent on the move in hand since the engine last charged them. */
export function spentMs() {
  return Math.round(clock.counted + (clock.since === null ? 0 : now() - clock.since));
}

/** The person's action with the time it took (when the person's clock runs), for the engine's "act". */
export function timed(action) {
  return clock.state?.clock?.seat === mine() ? { ...action, ms: spentMs() } : action;
}

/** The engine's newest state and whether the page waits for the person's move in it: the count
 * starts, stops or begins anew, and the countdown is drawn. */
export function trackClock(st, awaiting) {
  const key = st?.clock ? keyOf(st) : null;
  if (key !== clock.key) Object.assign(clock, { key, counted: 0, since: null });
  clock.state = st;
  chargeCarried(awaiting);
  const runs = key !== null && st.clock.seat === mine() && awaiting && document.visibilityState === "visible";
  if (runs && clock.since === null) clock.since = now();
  else if (!runs && clock.since !== null) {
    clock.counted += now() - clock.since;
    clock.since = null;
  }
  paint();
}

/** The countdown reached zero: the engine is told (once per move), and applies the timeout. */
function tick() {
  paint();
  const c = clock.state?.clock;
  if (!hooks || clock.since === null || !c || c.seat !== mine() || clock.fired === clock.key) return;
  const spent = spentMs();
  if (spent < c.left_ms) return;
  clock.fired = clock.key;
  hooks.report("timeout", Math.max(spent, c.left_ms));
}

/** The tab hides: the clock stops, and the time spent so far goes to the engine (and the save). */
function visibility() {
  if (!hooks || !clock.state?.clock) return;  // a match without a clock: nothing to stop
  hooks.refresh();  // trackClock: the count stops (or starts again)
  const c = clock.state?.clock;
  if (document.visibilityState !== "hidden" || c?.seat !== mine() || clock.fired === clock.key) return;
  const spent = spentMs();
  if (spent > 0) hooks.report(spent >= c.left_ms ? "timeout" : "clock", spent);
}

// A reload or a closed tab takes the page away before the engine can answer a report: the time
// not yet charged is kept beside the save (with the move it belongs to) and charged when the same
// move is on the table again (a save that moved on meanwhile drops it).
function carryOver() {
  const c = clock.state?.clock;
  if (c?.seat !== mine() || clock.fired === clock.key || !spentMs()) return;
  keepClockTime(clock.key, spentMs());
}

let carriedChecked = false;

/** Once the engine has the match taken up (the person to move): the time carried over the reload. */
function chargeCarried(awaiting) {
  if (carriedChecked || !awaiting || !clock.key) return;
  carriedChecked = true;
  const carried = takeClockTime();
  const c = clock.state.clock;
  if (carried?.key !== clock.key || !Number.isInteger(carried.ms) || carried.ms <= 0 || c.seat !== mine()) return;
  const ms = Math.min(carried.ms, c.left_ms);
  hooks?.report(ms >= c.left_ms ? "timeout" : "clock", ms);
}

/** A link opened in the page itself (app.js): the time of the match on the table is kept as a
 * reload keeps it, and the next match on the table is taken up as after a load. */
export function clockAnew() {
  carryOver();
  carriedChecked = false;
  trackClock(null, false);
}

export function initClock(h) {
  hooks = h;
  setInterval(tick, 200);
  document.addEventListener("visibilitychange", visibility);
  window.addEventListener("pagehide", carryOver);
}

// ------------------------------------------------------------------ the countdown

/** "0:27", "12:05", "1:00:00": what is left, rounded up to the second (zero only at zero). */
export function clockText(ms) {
  const s = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function element() {
  let el = document.getElementById("clock");
  if (!el) {  // beside the turn line ("Tocca a te"), not in its live region: a countdown is not read aloud
    const turn = document.getElementById("turn");
    if (!turn) return null;
    el = Object.assign(document.createElement("span"), { id: "clock", className: "clock", hidden: true });
    el.setAttribute("role", "timer");
    turn.after(el);
  }
  return el;
}

/** Draw the countdown of the seat whose clock runs (nothing between deals or without a clock). */
function paint() {
  const el = element();
  if (!el) return;
  const st = clock.state, c = st?.clock;
  const seat = st?.status === "playing" && c ? c.seat : null;
  if (seat == null || c.left_ms == null) {
    if (!el.hidden) el.hidden = true;
    return;
  }
  const used = seat === mine() ? spentMs() : 0;
  const left = Math.max(0, c.left_ms - used);
  // With both limits the player's own shows the match time too; the computer's stays short (its
  // turn line, "Giocatore 2 sta pensando…", is long on a phone).
  const total = seat === mine() && c.move_ms != null && c.match_ms != null ? Math.max(0, c.remaining[seat] - used) : null;
  const text = total === null ? clockText(left) : `${clockText(left)} · ${clockText(total)}`;
  const label = seat === mine()
    ? (total === null ? t("clock_you", { time: clockText(left) }) : t("clock_you_match", { time: clockText(left), total: clockText(total) }))
    : t("clock_seat", { name: seatName(viewerOf(st), seat), time: clockText(left) });
  if (el.textContent !== text) el.textContent = text;
  if (el.getAttribute("aria-label") !== label) el.setAttribute("aria-label", label);
  el.dataset.seat = String(seat);
  el.dataset.left = String(left);
  el.classList.toggle("mine", seat === mine());
  el.classList.toggle("low", seat === mine() && left <= LOW_MS);
  el.classList.toggle("paused", seat === mine() && clock.since === null);
  el.hidden = false;
  if (seat === mine() && clock.since !== null && left > 0 && left <= LOW_MS) warn();
}

/** The last seconds of the person's move, once a move: said (the notice, read aloud too), heard
 * (when sound is on: notice.js plays it) and felt (a phone vibrates, where the browser lets it). */
function warn() {
  if (clock.warned === clock.key) return;
  clock.warned = clock.key;
  const n = Math.round(LOW_MS / 1000);
  notice(() => t("clock_low", { n }), "info", { effect: "clock" });
  try { navigator.vibrate?.([120, 80, 120]); } catch { /* not allowed here */ }
}

