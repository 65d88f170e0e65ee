// The daily deal (issue 39, UI-CONTRACT "Daily deal"): one deal a day of each game for two, the
// same cards for everyone (the engine derives them from the date: briscola/daily.py), against the
// campione, played once. Opened again, a day shows its result (its review a tap away), never a
// fresh hand; a past day can be played, marked so, and counts for no streak.
//
// The day's deal is a match like any other (saved under the match key: a reload resumes it). A
// match in progress when it is opened rides inside its save and comes back when it ends (op
// daily_done gives it back: stored here, the table lets the daily go, "Torna alla partita" puts it
// on the table). The result: the player's points beside the campione's with the same cards from
// the same seat (op daily_duplicate, a slice at a time), then the analysis as after any deal, the
// text and image to share (daily-share.js), the calendar and the streak (daily-view.js).
import { OP, engine } from "../engine/api.js";
import { startEngine } from "../engine/worker.js";
import { esc } from "../dom/html.js";
import { explain } from "../strings/explain.js";
import { t } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";
import { loadMatch, saveDaily, saveNewMatch } from "../storage/storage.js";
import { notice } from "../table/notice.js";
import * as turns from "../table/turns.js";
import { hideDialog, showDialog } from "./dialogs.js";
import { openReview } from "./review.js";
import { accuracyText, analyse } from "./analysis-view.js";
import { calendarHtml, campioneText, compareText, localDay, longDate, outcomeText, summaryLine } from "./daily-view.js";
import { shareResult, shareText } from "./daily-share.js";
import { stored } from "./daily-entry.js";

const SLICE_MS = 50;  // one call of the campione's play: a move at least

/** What app.js hands in: the start of a match (turns.startMatch through its progress and errors),
 * the resume of a saved one, the screens, the table's deck, a record file's import, the door's redraw.
 * @type {{startMatch: (settings: object, op: string, from: string) => Promise<unknown>, resume: (saved: object) => Promise<unknown>,
 *   openSetup: () => void, showProgress: () => void, tableDeck: (variant: string) => string,
 *   importRecord: (text: string) => Promise<void>, onDoor: () => boolean, redrawDoor: () => void}} */
let app = null;

export function initDaily(hooks) {
  app = hooks;
}

const failed = (error) => notice(() => explain(error));

/** A damaged calendar: said, with its reason, and cleared only when the player says so. */
function damaged(error) {
  const clear = () => showDialog(t("dy_reset"), [t("dy_reset_confirm")], [
    { label: t("cancel"), cancel: true, action: hideDialog },
    { label: t("dy_reset"), primary: true, id: "btn-daily-reset-yes", action: () => { saveDaily({ calendar: null, summary: null }); hideDialog(); app.redrawDoor(); } }]);
  showDialog(t("dy_title"), [explain(error)], [
    { label: t("close"), cancel: true, action: hideDialog },
    { label: t("dy_reset"), id: "btn-daily-reset", action: clear }]);
}

function refused(error, from) {
  if (from === "link") app.openSetup();
  if (error.code === "daily_damaged") damaged(error);
  else failed(error);
}

/** Open `variant`'s deal of `date` (null: today's), from the door, the calendar or a link: its
 * result when it was played; the match when it is the saved one (a reload, or another daily still
 * to end first); else the day's deal starts, the match in progress set aside inside it. */
export async function openDaily(variant, date = null, from = "door") {
  run++;
  const today = localDay(), s = stored();
  if (s.damaged) { refused({ code: "daily_damaged", reason: s.damaged }, from); return; }
  if (from === "link") app.showProgress();
  const saved = loadMatch();
  const arg = { variant, date: date ?? today, today, calendar: s.calendar, saved: saved?.text ?? null };
  let res;
  try {
    await startEngine();
    res = await engine.dailyDay(arg);
  } catch {
    res = { ok: false, error: { code: "engine_failed" } };
  }
  if (!res.ok) { refused(res.error, from); return; }
  const { status } = res.result;
  if (status === "played") {
    if (from === "link") app.openSetup();
    showResult(res.result.day, { after: "door" });
  } else if (status === "resume") {
    const other = res.result.daily;
    await app.resume(saved);
    if (other.variant !== arg.variant || other.date !== arg.date) failed({ code: "daily_resume" });
  } else {
    app.startMatch(arg, OP.dailyStart, "setup");
  }
}

/** The day's deal is over (deal-end.js settled): into the calendar, the match set aside given back,
 * the result shown. */
export async function dailyEnd() {
  const s = stored();
  if (s.damaged) { damaged({ code: "daily_damaged", reason: s.damaged }); return; }
  let res;
  try {
    res = await engine.dailyDone({ calendar: s.calendar, today: localDay() });
  } catch {
    return;  // the engine is gone: the turn loop loads the match again, and its end comes back here
  }
  if (!res.ok) { refused(res.error); return; }
  const note = saveDaily({ calendar: res.result.calendar, summary: res.result.summary }) === "ok" ? null : t("dy_not_saved");
  let aside = false;
  if (res.save && saveNewMatch(res.save, res.state.status === "playing" ? res.state : null) === "ok") {
    turns.dropMatch();  // the daily is let go: the match set aside is the saved one again
    aside = true;
  }
  showResult(res.result.day, { after: "play", aside, note });
}

// ------------------------------------------------------------------ the result

let run = 0;  // bumped whenever the result shown is left: its campione's play and redraws stop
/** The result on show: the day (the engine's), the campione's points or his play's progress, the
 * analysis (undefined while it runs), where it was opened from, whether a match was given back. */
let shown = null;

/** The day's result in a dialog: its points beside the campione's, the outcome, the accuracy, the
 * text to share ([data-share]); the campione plays the day if he has not yet, then the analysis. */
function showResult(day, { after, aside = false, note = null }) {
  const mine = ++run;
  shown = { day, campione: day.campione, progress: null, duplicateFailed: false, analysis: undefined, after, aside, note,
    copied: null, mine };
  drawResult();
  const played = day.campione == null ? duplicate(day, mine) : Promise.resolve();
  shown.pending = played.then(() => analyse(engine, `record:0:${JSON.stringify(day.record)}`, { record: day.record, seat: 0 }));
  shown.pending.then((a) => { if (mine === run) { shown.analysis = a; refresh(); } });
}

function resultLines() {
  const { day } = shown;
  const when = `${t(`v_${day.variant}`)} · ${longDate(day.date)}${day.late ? ` · ${t("dy_late")}` : ""}`;
  const won = day.tricks.filter(Boolean).length;
  return [
    { html: `<span class="daily-when">${esc(when)}</span>` },
    { html: `<span class="daily-score"><strong data-points="${day.points}">${esc(num(day.points))}</strong> — `
      + `<span id="daily-campione"></span></span>` },
    outcomeText(day),
    { html: `<span id="daily-compare"></span>` },
    { html: `<span id="daily-accuracy"></span>` },
    { html: `<span class="daily-share" data-share aria-describedby="daily-tricks"></span>`
      + `<span id="daily-tricks" class="sr-only">${esc(t("dy_tricks", { won: num(won), lost: num(day.tricks.length - won) }))}</span>` },
    { html: `<span id="daily-said" role="status"></span>` },
    ...(shown.note ? [shown.note] : []),
  ];
}

function resultButtons() {
  return [
    { label: t(navigator.share ? "dy_share" : "dy_copy"), primary: true, id: "btn-daily-share", action: share },
    { label: t("review_title"), id: "btn-daily-review", action: review },
    { label: t("dy_calendar"), id: "btn-daily-calendar-open", action: () => openCalendar({ back: drawResult }) },
    { label: shown.aside ? t("back_to_match") : t("close"), cancel: true, id: "btn-daily-close", action: leave },
  ];
}

function drawResult() {
  if (!shown || shown.mine !== run) return;
  const words = () => [t("dy_title"), resultLines(), resultButtons()];
  showDialog(...words(), words);
  document.querySelector("#dialog .dialog-card")?.classList.add("daily-result");
  refresh();
}

document.addEventListener("briscola:language", () => refresh());  // after the dialog's own words (dialogs.js)

/** The parts that change as the campione plays and the analysis ends (and after a language switch). */
function refresh() {
  if (!shown || shown.mine !== run) return;
  const at = (sel) => document.querySelector(`#dialog ${sel}`);
  const state = shown.campione != null ? "done" : shown.duplicateFailed ? "failed" : "running";
  const campione = at("#daily-campione");
  if (!campione) return;
  campione.textContent = campioneText(shown);
  campione.dataset.duplicate = state;
  at("#daily-compare").textContent = compareText(shown);
  const accuracy = at("#daily-accuracy");
  accuracy.dataset.analysis = shown.analysis === undefined ? "running" : shown.analysis ? "done" : "failed";
  accuracy.textContent = shown.analysis === undefined ? t("analysis_running") : accuracyText(shown.analysis);
  const text = at("[data-share]");
  text.textContent = shareText(shown.day, shown.campione);
  text.dataset.duplicate = state;
  const said = at("#daily-said");
  said.replaceChildren();
  if (shown.copied?.text) said.append(shown.copied.text);
  if (shown.copied?.image) {
    const a = Object.assign(document.createElement("a"), { href: shown.copied.image.url, download: shown.copied.image.name,
      textContent: t("dy_image"), className: "daily-image" });
    said.append(" ", a);
  }
}

/** The campione plays the day from the player's seat, a slice at a time (the page's calls between),
 * while its result is shown; his points go into the calendar. */
async function duplicate(day, mine) {
  const arg = { variant: day.variant, date: day.date, budget_ms: SLICE_MS };
  for (;;) {
    if (mine !== run) return;
    let res;
    try {
      res = await engine.dailyDuplicate(arg);
    } catch {
      res = { ok: false };
    }
    if (mine !== run) return;
    if (!res.ok) { shown.duplicateFailed = true; refresh(); return; }
    if (res.result.done) break;
    shown.progress = res.result.progress;
    refresh();
    await new Promise((resolve) => { setTimeout(resolve, 0); });
  }
  const s = stored();  // once more with the calendar (the engine has the points): they are kept in it
  const res = await engine.dailyDuplicate({ ...arg, calendar: s.damaged ? null : s.calendar }).catch(() => null);
  if (res?.ok && res.result.calendar && !s.damaged) saveDaily({ calendar: res.result.calendar, summary: s.summary });
  if (mine !== run || !res?.ok) return;
  shown.campione = res.result.campione;
  refresh();
}

async function share() {
  const { day, campione } = shown;
  await shareResult(day, campione, (text, image) => {
    if (shown?.day !== day) return;
    if (shown.copied?.image) URL.revokeObjectURL(shown.copied.image.url);
    shown.copied = { text, image };
    refresh();
  });
}

async function review() {
  const { day, mine } = shown;
  const res = await engine.review({ record: day.record }).catch(() => ({ ok: false, error: { code: "engine_failed" } }));
  if (mine !== run) return;
  if (!res.ok) { failed(res.error); return; }
  hideDialog();
  openReview(res.result, {
    analysis: shown.pending, style: app.tableDeck(day.variant), viewer: { seat: 0, names: [] },
    toast: (text) => notice(text, "info"), onImport: app.importRecord, onClose: drawResult,
  });
}

/** The result is left: after the day's deal, back to the match set aside (on its table) or to the
 * front door; opened from the door, the door again. */
function leave() {
  const { after, aside } = shown;
  closeDaily();
  hideDialog();
  if (after !== "play") return;
  const saved = loadMatch();
  if (aside && saved && !saved.damaged) app.resume(saved);
  else app.openSetup();
}

/** Whatever of the daily deal is on show stops (a link followed in the page replaces it). */
export function closeDaily() {
  run++;
  if (shown?.copied?.image) URL.revokeObjectURL(shown.copied.image.url);
  shown = null;
}

// ------------------------------------------------------------------ the calendar and the streak

/** The engine's word on the stored days (summary, marks, first day), the summary kept for the door. */
async function calendarNow() {
  const s = stored();
  if (s.damaged) return { ok: false, error: { code: "daily_damaged", reason: s.damaged } };
  await startEngine();
  const res = await engine.dailyCalendar({ calendar: s.calendar, today: localDay() });
  if (res.ok && s.calendar) saveDaily({ calendar: s.calendar, summary: res.result.summary });
  return res;
}

/** Month after month, each day played marked; a day picked shows its games, each a button that opens
 * its deal. `section` holds the calendar (its clicks answered here); `cal` the engine's word. */
function wireCalendar(section, cal) {
  section.addEventListener("click", (e) => {
    const b = e.target.closest?.("button");
    if (!b || !section.contains(b) || b.disabled) return;
    if (b.dataset.calMonth) redrawCalendar(section, Object.assign(cal, { month: b.dataset.calMonth, picked: null }), `[data-cal-month="${b.dataset.calMonth}"]`);
    else if (b.dataset.calDay) redrawCalendar(section, Object.assign(cal, { picked: b.dataset.calDay }), ".cal-pick button");
    else if (b.dataset.daily) { hideDialog(); openDaily(b.dataset.daily, b.dataset.date); }
  });
}

function redrawCalendar(section, cal, focus) {
  section.querySelector(".daily-cal").outerHTML = calendarHtml(cal);
  (section.querySelector(focus) ?? section.querySelector(".cal-day:not([disabled])"))?.focus();
}

/** The calendar in a dialog (the door's "Calendario", the result's), back to the result when `back`. */
export async function openCalendar({ back = null } = {}) {
  let res;
  try {
    res = await calendarNow();
  } catch {
    res = { ok: false, error: { code: "engine_failed" } };
  }
  if (!res.ok) { refused(res.error); return; }
  const cal = { ...res.result, today: localDay(), month: null, picked: null };
  const words = () => [t("dy_calendar"), [{ html: summaryLine(cal.summary) + calendarHtml(cal) }],
    [{ label: back ? t("back") : t("close"), cancel: true, id: "btn-daily-calendar-close", action: back ?? hideDialog }]];
  showDialog(...words(), words);
  document.querySelector("#dialog .dialog-card")?.classList.add("daily-calendar");
  wireCalendar(document.querySelector("#dialog .dialog-body"), cal);
}

/** The statistics' part: the streak and the calendar, under the matches' figures (`body`: the
 * statistics dialog's). */
export async function dailyStats(body) {
  const section = document.createElement("section");
  section.className = "daily-stats";
  section.setAttribute("aria-labelledby", "stats-daily");
  const res = await calendarNow().catch(() => ({ ok: false, error: { code: "engine_failed" } }));
  if (!body.isConnected) return;
  const cal = res.ok ? { ...res.result, today: localDay(), month: null, picked: null } : null;
  section.innerHTML = `<h3 id="stats-daily">${esc(t("dy_title"))}</h3>`
    + (cal ? summaryLine(cal.summary) + calendarHtml(cal) : `<p>${esc(explain(res.error))}</p>`);
  body.append(section);
  if (cal) wireCalendar(section, cal);
}

/** The door's summary when the stored one speaks of another day (a new day): the engine's, then the
 * door drawn again if it is on show. */
export async function refreshDaily() {
  const s = stored();
  if (s.damaged || !s.calendar || s.summary?.as_of === localDay()) return;
  const res = await calendarNow().catch(() => null);
  if (res?.ok && app.onDoor()) app.redrawDoor();
}
