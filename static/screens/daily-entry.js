// What the rest of the page asks of the daily deal (daily.js, its screens and the share): they
// arrive when a day's deal, the calendar or the statistics' part is first opened, or a day's deal
// is on the table (boot/later.js). The front door's part is read here, from storage alone.
// app.js hands its hooks once (initDailyEntry); daily.js gets them on loading.
import { later } from "../boot/later.js";
import { dailySummary } from "../storage/checks.js";
import { loadDaily } from "../storage/storage.js";
import { localDay } from "./daily-view.js";

let hooks = null;
const screen = later(() => import("./daily.js").then((m) => { m.initDaily(hooks); return m; }));

/** Called once by app.js with the daily deal's hooks (daily.js initDaily). */
export function initDailyEntry(appHooks) {
  hooks = appHooks;
}

/** The stored days: {calendar (the engine's JSON, or null), summary (checked, or null)}, or {damaged}. */
export function stored() {
  const s = loadDaily();
  if (s?.damaged) return s;
  return { calendar: s?.calendar ?? null, summary: dailySummary(s?.summary) };
}

/** The front door's part: today, and the engine's summary when it speaks of today (else null: the
 * door shows no streak until the engine has said it, refreshDaily). */
export function doorDaily() {
  const today = localDay(), s = stored();
  return { today, summary: !s.damaged && s.summary?.as_of === today ? s.summary : null };
}

/** A day's deal (`from`: "door", "link"…): its result if played, else its hand. */
export const openDaily = (...args) => screen.load().then((m) => m.openDaily(...args));

/** The calendar in a dialog. */
export const openCalendar = (...args) => screen.load().then((m) => m.openCalendar(...args));

/** A day's deal ended (deal-end.js): its result. */
export const dailyEnd = () => screen.load().then((m) => m.dailyEnd());

/** The statistics' part: the streak and the calendar. */
export const dailyStats = (body) => screen.load().then((m) => m.dailyStats(body));

/** Whatever of the daily deal is on show stops (nothing is, before it is loaded). */
export function closeDaily() {
  screen.now()?.closeDaily();
}

/** The door's summary when the stored one speaks of another day (a new day): asked of the engine. */
export function refreshDaily() {
  const s = stored();
  if (s.damaged || !s.calendar || s.summary?.as_of === localDay()) return;
  screen.load().then((m) => m.refreshDaily());
}
