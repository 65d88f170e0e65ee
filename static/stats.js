// The statistics screen: totals per variant and level (briscola.stats via web.py) and a chart of
// the last matches drawn as inline SVG (our own, no library).
import { esc } from "./html.js";
import { t } from "./i18n.js";

const COLS = ["matches", "won", "drawn", "lost", "deals", "deals_won", "vp", "point_difference", "average_points", "best_streak"];

/** Bars of the player's points per match, coloured (and patterned, not by colour alone) by result. */
export function chart(recent) {
  if (!recent.length) return `<p>${esc(t("stats_none"))}</p>`;
  const w = 600, h = 160, pad = 24, n = recent.length;
  const max = Math.max(120, ...recent.map((r) => r.points));
  const bw = (w - 2 * pad) / Math.max(n, 12);  // slim bars even for the first few matches
  const bars = recent.map((r, i) => {
    const bh = Math.max(2, ((h - 2 * pad) * r.points) / max);
    const x = pad + i * bw + 2, y = h - pad - bh;
    const mark = { won: "V", drawn: "P", lost: "S" }[r.result] || "";
    return `<g class="bar-${r.result}"><title>${esc(t(`stats_r_${r.result}`))}: ${r.points}</title>`
      + `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${Math.max(2, bw - 4).toFixed(1)}" height="${bh.toFixed(1)}" rx="2"/>`
      + `<text x="${(x + (bw - 4) / 2).toFixed(1)}" y="${h - 8}" text-anchor="middle">${mark}</text></g>`;
  }).join("");
  return `<svg class="stats-chart" viewBox="0 0 ${w} ${h}" role="img" aria-label="${esc(t("stats_chart"))}">`
    + `<line x1="${pad}" y1="${h - pad}" x2="${w - pad}" y2="${h - pad}" stroke="currentColor"/>${bars}</svg>`;
}

/** The body of the statistics dialog for engine stats JSON. */
export function statsHtml(stats) {
  const head = `<tr><th>${esc(t("variant"))}</th><th>${esc(t("level"))}</th>${COLS.map((c) => `<th>${esc(t(`stats_${c}`))}</th>`).join("")}</tr>`;
  const rows = stats.lines.map((l) => `<tr><td>${esc(t(`v_${l.variant}`))}</td><td>${esc(t(`l_${l.level}`))}</td>`
    + COLS.map((c) => `<td>${esc(l[c])}</td>`).join("") + "</tr>").join("");
  const table = stats.lines.length ? `<div class="stats-wrap"><table class="stats-table">${head}${rows}</table></div>` : "";
  return `${table}<h3>${esc(t("stats_chart"))}</h3>${chart(stats.recent)}`;
}
