// The statistics screen: totals per variant and level (briscola.stats via web.py) and a chart of
// the last matches drawn as inline SVG (our own, no library). On a phone each line of the table
// becomes a card of labelled numbers (CSS), so no column scrolls out of sight.
import { esc } from "../dom/html.js";
import { hideDialog, showDialog } from "./dialogs.js";
import { startEngine } from "../engine/worker.js";
import { t } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";
import { loadStats, saveStats } from "../storage/storage.js";

const COLS = ["matches", "won", "drawn", "lost", "deals", "deals_won", "vp", "point_difference", "average_points", "best_streak",
  "average_accuracy"];
/** A column's value as shown: the accuracy (analysed deals, issue 23) as a percentage, or a dash. */
const shown = (c, v) => (c === "average_accuracy" ? (v == null ? "—" : `${num(Math.round(v))}%`) : num(v));
const LONG = { vp: "stats_vp_long", point_difference: "stats_point_difference_long" };  // no bare abbreviations

/** Bars of the player's points per match, coloured (and marked, not by colour alone) by result,
 * over a scale of points; drawn at about its on-screen size so its labels stay readable. */
export function chart(recent) {
  if (!recent.length) return `<p>${esc(t("stats_none"))}</p>`;
  const w = 340, h = 200, left = 34, right = 8, top = 24, bottom = 24, n = recent.length;
  const max = Math.max(120, ...recent.map((r) => r.points));
  const step = max > 240 ? 100 : max > 120 ? 60 : 30;
  const y = (v) => h - bottom - ((h - top - bottom) * v) / max;
  const bw = (w - left - right) / Math.max(n, 10);  // slim bars even for the first few matches
  const ticks = [];
  for (let v = 0; v <= max; v += step) {
    ticks.push(`<line x1="${left}" y1="${y(v).toFixed(1)}" x2="${w - right}" y2="${y(v).toFixed(1)}" class="grid"/>`
      + `<text x="${left - 4}" y="${(y(v) + 4).toFixed(1)}" text-anchor="end">${num(v)}</text>`);
  }
  const bars = recent.map((r, i) => {
    const bh = Math.max(2, y(0) - y(r.points));
    const x = left + i * bw + 1.5;
    const mark = t(`stats_mark_${r.result}`);
    const acc = r.accuracy == null ? "" : ` · ${t("stats_average_accuracy")} ${num(Math.round(r.accuracy / 10))}%`;
    return `<g class="bar-${r.result}"><title>${esc(t(`stats_r_${r.result}`))}: ${num(r.points)}${esc(acc)}</title>`
      + `<rect x="${x.toFixed(1)}" y="${(y(0) - bh).toFixed(1)}" width="${Math.max(2, bw - 3).toFixed(1)}" height="${bh.toFixed(1)}" rx="2"/>`
      + (bw >= 11 ? `<text x="${(x + (bw - 3) / 2).toFixed(1)}" y="${h - 8}" text-anchor="middle">${esc(mark)}</text>` : "") + "</g>";
  }).join("");
  return `<svg class="stats-chart" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(t("stats_chart"))}">`
    + `<text x="4" y="12" class="axis">${esc(t("stats_axis"))}</text>${ticks.join("")}`
    + `<line x1="${left}" y1="${y(0)}" x2="${w - right}" y2="${y(0)}" stroke="currentColor"/>${bars}</svg>`;
}

/** The body of the statistics dialog for engine stats JSON. */
export function statsHtml(stats) {
  const name = (c) => t(LONG[c] ?? `stats_${c}`);
  const head = `<tr><th scope="col">${esc(t("variant"))}</th><th scope="col">${esc(t("stats_level"))}</th>${COLS.map((c) => `<th scope="col">${esc(name(c))}</th>`).join("")}</tr>`;
  const rows = stats.lines.map((l) => `<tr><th scope="row" class="line-name">${esc(t(`v_${l.variant}`))}</th><td data-label="${esc(t("stats_level"))}">${esc(t(`l_${l.level}`))}</td>`
    + COLS.map((c) => `<td data-label="${esc(name(c))}">${esc(shown(c, l[c]))}</td>`).join("") + "</tr>").join("");
  const table = stats.lines.length ? `<div class="stats-wrap" tabindex="0" role="region" aria-label="${esc(t("stats_title"))}"><table class="stats-table"><thead>${head}</thead><tbody>${rows}</tbody></table></div>` : "";
  return `${table}<h3>${esc(t("stats_chart"))}</h3>${chart(stats.recent)}${accuracyChart(stats.recent)}`;
}

/** The accuracy of the last matches analysed (0-100%), a dot each joined by a line; none: nothing. */
export function accuracyChart(recent) {
  const points = recent.map((r, i) => [i, r.accuracy]).filter(([, a]) => a != null);
  if (!points.length) return "";
  const w = 340, h = 120, left = 42, right = 8, top = 12, bottom = 12;  // room for "100%"
  const x = (i) => left + ((w - left - right) * (i + 0.5)) / Math.max(recent.length, 10);
  const y = (a) => h - bottom - ((h - top - bottom) * a) / 1000;
  const ticks = [0, 500, 1000].map((v) => `<line x1="${left}" y1="${y(v)}" x2="${w - right}" y2="${y(v)}" class="grid"/>`
    + `<text x="${left - 4}" y="${y(v) + 4}" text-anchor="end">${num(v / 10)}%</text>`).join("");
  const line = points.map(([i, a]) => `${x(i).toFixed(1)},${y(a).toFixed(1)}`).join(" ");
  const dots = points.map(([i, a]) => `<circle cx="${x(i).toFixed(1)}" cy="${y(a).toFixed(1)}" r="3"><title>${num(Math.round(a / 10))}%</title></circle>`).join("");
  return `<h3>${esc(t("stats_accuracy_chart"))}</h3><svg class="stats-chart accuracy-chart" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(t("stats_accuracy_chart"))}">`
    + `${ticks}<polyline points="${line}" fill="none" stroke="currentColor"/>${dots}</svg>`;
}

// ------------------------------------------------------------------ the dialog

/** What the statistics take from the page: the engine's ops (answers of static/engine/api.js) and
 * the words for an error.
 * @typedef {{count: (stored: any) => Promise<any>, stats: (stored: any) => Promise<any>,
 *   reset: () => Promise<any>, explain: (error: object) => string, daily?: (body: Element) => void}} StatsPage */

/** Count a finished match into the stored statistics (a damaged store is left for the player to
 * see when he opens them). @param {StatsPage} page */
export async function countStats(page) {
  const stored = loadStats();
  if (stored?.damaged) return;
  const res = await page.count(stored);
  if (res.ok && res.result.counted) saveStats(res.result.stats);
}

/** The statistics dialog (the setup's "Statistiche"), or why they cannot be read. @param {StatsPage} page */
export async function showStats(page) {
  await startEngine();
  const stored = loadStats();
  const res = stored?.damaged ? { ok: false, error: { code: "stats_damaged", reason: stored.damaged } } : await page.stats(stored);
  const reset = () => resetStats(page);
  if (!res.ok) {
    showDialog(t("stats_title"), [page.explain(res.error)], [
      { label: t("cancel"), cancel: true, action: hideDialog },
      { label: t("stats_reset"), primary: true, id: "btn-stats-reset-yes", action: reset }]);
    return;
  }
  showDialog(t("stats_title"), [{ html: statsHtml(res.result.stats) }], [
    { label: t("stats_reset"), id: "btn-stats-reset", action: () => showDialog(t("stats_reset"), [t("stats_reset_confirm")], [
      { label: t("cancel"), cancel: true, action: () => showStats(page) },
      { label: t("stats_reset"), primary: true, id: "btn-stats-reset-yes", action: reset }]) },
    { label: t("close"), primary: true, cancel: true, action: hideDialog }]);
  document.querySelector("#dialog .dialog-card").classList.add("wide");
  page.daily?.(document.querySelector("#dialog .dialog-body"));  // the daily deal's streak and calendar (daily.js)
}

/** @param {StatsPage} page */
async function resetStats(page) {
  saveStats((await page.reset()).result?.stats);
  showStats(page);
}
