// The daily deal's markup (screens/daily.js answers it): dates as the player's language writes
// them, the result's lines, the streak's line and the calendar of the days played. Markup only,
// from what the engine said (briscola/daily.py: the day's result, the summary, the marks).
import { DAILY } from "../engine/rules-data.js";
import { esc } from "../dom/html.js";
import { language, t } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";

/** The page's own date, YYYY-MM-DD: the player's day, as his clock says (the engine has none). */
export function localDay(d = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** A YYYY-MM-DD day as a Date at its noon (no time zone moves it to another day). */
const dateOf = (day) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)), 12);

const formats = new Map();
function fmt(options) {
  const key = `${language()}:${JSON.stringify(options)}`;
  if (!formats.has(key)) formats.set(key, new Intl.DateTimeFormat(language(), options));
  return formats.get(key);
}

/** "venerdì 27 novembre" ("Friday, November 27", "viernes, 27 de noviembre"), as Intl writes it but
 * from the texts: the door shows it, and a page's first Intl format costs ~0.2 s on a phone (ICU's data). */
export function longDate(day) {
  const d = dateOf(day);
  return t("door_date", { weekday: t(`weekday_${d.getDay()}`), day: d.getDate(), month: t(`month_${d.getMonth() + 1}`) });
}
/** "27/11/2026" (en "11/27/2026"). */
export const shortDate = (day) => fmt({ day: "numeric", month: "numeric", year: "numeric" }).format(dateOf(day));
const monthName = (month) => fmt({ month: "long", year: "numeric" }).format(dateOf(`${month}-01`));

/** The streak in words: "Serie: 3 giorni", or none yet. */
export function streakText(summary) {
  const n = summary?.streak ?? 0;
  return n === 0 ? t("dy_streak_none") : n === 1 ? t("dy_streak_one") : t("dy_streak", { n: num(n) });
}

/** The line of symbols for the tricks won and lost (the share's: no card in it). */
export const WON = "🟩", LOST = "⬛";
export const trickLine = (tricks) => tricks.map((won) => (won ? WON : LOST)).join("");

/** How the day's deal went against the opponent, in a sentence. */
export function outcomeText(day) {
  if (day.gave_up) return t("dy_gave_up", { pts: num(day.points) });
  const key = { won: "dy_won", lost: "dy_lost", drawn: "dy_drawn" }[day.outcome];
  return t(key, { pts: num(day.points), opp: num(day.opponent) });
}

/** The campione's points with the same cards, or how far his play is, or why there are none. */
export function campioneText(shown) {
  if (shown.campione != null) return t("dy_campione", { pts: num(shown.campione) });
  if (shown.duplicateFailed) return t("dy_campione_failed");
  const p = shown.progress;
  return t("dy_campione_running", { n: num(p?.played ?? 0), total: num(p?.total ?? 40) });
}

/** The player's points against the campione's, in a sentence (none until the campione has played). */
export function compareText(shown) {
  if (shown.campione == null) return "";
  const diff = shown.day.points - shown.campione;
  return diff > 0 ? t("dy_more", { n: num(diff) }) : diff < 0 ? t("dy_less", { n: num(-diff) }) : t("dy_same");
}

// ------------------------------------------------------------------ the calendar

const monthOf = (day) => day.slice(0, 7);
function shiftMonth(month, by) {
  const d = new Date(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 + by, 1, 12);
  return localDay(d).slice(0, 7);
}

/** The games played on `day` in words, for a day's name read aloud. */
function playedWords(marks) {
  const games = Object.entries(marks ?? {});
  if (!games.length) return t("dy_none");
  return games.map(([v, m]) => `${t(`v_${v}`)}: ${t(m === "late" ? "dy_late" : "dy_on_time")}`).join("; ");
}

/** One month's days: each a button (from the first daily deal to today) with a dot per game played,
 * filled when played on its day; the picked day's games below, each one to open. `cal`: {summary,
 * marks, first_day, today, month, picked}. */
export function calendarHtml(cal) {
  const { marks, first_day: first, today } = cal;
  const month = cal.month ?? monthOf(today);
  const start = dateOf(`${month}-01`);
  const lead = (start.getDay() + 6) % 7;  // weeks start on Monday
  const days = new Date(start.getFullYear(), start.getMonth() + 1, 0).getDate();
  const monday = new Date(2024, 0, 1, 12);  // a Monday: the weekdays' names from it
  const head = Array.from({ length: 7 }, (_, i) => {
    const d = new Date(monday.getFullYear(), 0, 1 + i, 12);
    return `<span class="cal-wd" aria-hidden="true">${esc(fmt({ weekday: "narrow" }).format(d))}</span>`;
  }).join("");
  const cells = [...Array(lead).fill('<span class="cal-gap"></span>')];
  for (let n = 1; n <= days; n++) {
    const day = `${month}-${String(n).padStart(2, "0")}`;
    const open = day >= first && day <= today;
    const games = marks[day] ?? {};
    const dots = Object.values(games).map((m) => `<span class="cal-dot ${m === "late" ? "late" : "on-time"}"></span>`).join("");
    const label = `${longDate(day)}: ${playedWords(games)}`;
    cells.push(`<button type="button" class="cal-day${day === today ? " today" : ""}" data-cal-day="${day}"`
      + ` aria-pressed="${day === cal.picked}" aria-label="${esc(label)}"${open ? "" : " disabled"}>`
      + `<span aria-hidden="true">${num(n)}</span><span class="cal-dots" aria-hidden="true">${dots}</span></button>`);
  }
  const prev = shiftMonth(month, -1), next = shiftMonth(month, 1);
  const nav = (to, key, sign, ok) => `<button type="button" class="cal-nav" data-cal-month="${to}" aria-label="${esc(t(key))}"`
    + `${ok ? "" : " disabled"}>${sign}</button>`;
  return `<div class="daily-cal" data-month="${month}">
    <div class="cal-head">${nav(prev, "dy_prev_month", "‹", prev >= monthOf(first))}<h3>${esc(monthName(month))}</h3>`
    + `${nav(next, "dy_next_month", "›", next <= monthOf(today))}</div>
    <div class="cal-grid">${head}${cells.join("")}</div>
    <p class="cal-legend"><span><span class="cal-dot on-time"></span>${esc(t("dy_on_time"))}</span>
      <span><span class="cal-dot late"></span>${esc(t("dy_late"))}</span></p>
    ${cal.picked ? pickedHtml(cal.picked, marks[cal.picked] ?? {}, today) : ""}
  </div>`;
}

/** The picked day: its games, each a button that opens that day's deal (played: its result). */
function pickedHtml(day, games, today) {
  const buttons = DAILY.variants.map((v) => {
    const mark = games[v];
    const state = mark ? t(mark === "late" ? "dy_late" : "dy_on_time") : t("dy_to_play");
    const how = mark ? `<span aria-hidden="true">✓</span><span class="sr-only">${esc(state)}</span>` : esc(state);
    return `<button type="button" data-daily="${v}" data-date="${day}">`
      + `<span>${esc(t(`dy_short_${v}`))}</span><small>${how}</small></button>`;
  }).join("");
  return `<div class="cal-pick"><p><strong>${esc(longDate(day))}</strong>${day < today ? ` · ${esc(t("dy_past"))}` : ""}</p>
    <div class="daily-games">${buttons}</div></div>`;
}

/** The streak, the longest and the days played, in a line. */
export function summaryLine(summary) {
  return `<p class="daily-streak" data-streak="${summary?.streak ?? 0}">${esc(streakText(summary))}`
    + ` · ${esc(t("dy_best", { n: num(summary?.best ?? 0) }))} · ${esc(t("dy_days", { n: num(summary?.days ?? 0) }))}</p>`;
}
