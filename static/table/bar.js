// The table's bar: the match and the deal in words, and the controls. On a phone the controls
// that are not about the cards (new game, resign, sounds, language) fold into a menu, so the bar
// keeps one row and the felt keeps its height.
import { clubLabel, joinNames, language, t, tournamentLabel } from "../strings/i18n.js";
import { notice } from "./notice.js";
import { seatName } from "./viewer.js";

const $ = (id) => document.getElementById(id);

function sideName(viewer, seats) {
  if (seats.includes(viewer.seat)) return seats.length > 1 ? t("side_you") : t("you");
  return seats.length > 1 ? t("side_them") : joinNames(seats.map((s) => seatName(viewer, s)));
}

/** A list of "name score" items, each kept whole when the line wraps (a long name cut short:
 * app.css; the felt's seat label says it whole on a tap). */
function items(list) {
  return list.map(([name, value]) => `<span class="item"><span class="who">${name}</span> <b>${value}</b></span>`).join(" · ");
}

/** The daily deal's line (screens/daily.js): "Partita del giorno · 20 novembre", and "giorno passato"
 * when it is played after its day (it counts for no streak). */
function dailyLabel({ date, late }) {
  const day = new Date(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), 12);
  const when = new Intl.DateTimeFormat(language(), { day: "numeric", month: "long" }).format(day);
  return `${t("dy_title")} · ${when}${late ? ` · ${t("dy_past_day")}` : ""}`;
}

/** Draw the bar for an engine state, as `viewer` (viewer.js) sees it. */
export function drawBar(state, viewer) {
  const v = state.view;
  const fmt = state.format;
  const m = state.match;
  const spareggio = state.deal_kind === "spareggio" ? m.deals?.[state.deal_index]?.spareggio : null;
  const dealNumber = state.practice?.deal ?? state.deal_index + 1;  // a deal played again: the match's number
  const dealName = spareggio ? t("cs_deal_spareggio", { n: spareggio }) : t("deal_n", { n: dealNumber });
  // A tournament's match: which one, against whom; a deal played again: which (screens/compare.js);
  // the daily deal: its day.
  const label = state.tournament ? tournamentLabel(state.tournament) : state.club ? clubLabel(state.club)
    : state.practice ? t("practice_label") : state.daily ? dailyLabel(state.daily) : "";
  $("tn-label").hidden = !label;
  // The daily deal is scored against the campione's play of the same cards: his hint would be his play.
  $("btn-hint").hidden = !!state.daily;
  $("tn-label").textContent = label;
  $("match-label").innerHTML = `<span class="variant">${t(`v_${v.variant}`)} · </span>${dealName}`;
  let standing = null;
  if (m.scores) standing = m.scores.map((s, i) => [seatName(viewer, i), s]);
  else if (fmt.kind !== "punti" || spareggio) standing = m.sides.map((side, i) => [sideName(viewer, side), m.deal_wins[i]]);  // spareggi count
  const secret = v.variant === "chiamata" && v.partner == null && state.status === "playing";
  const deal = secret ? null : state.sides.filter((s) => s.length).map((side) => [sideName(viewer, side), side.reduce((a, s) => a + v.points[s], 0)]);
  $("match-standing").innerHTML = standing ? `${t("match_score")}: ${items(standing)}` : "";
  $("deal-score").innerHTML = deal?.length ? `${t("deal_points")}: ${items(deal)}` : "";
  // Each seat's own points are on its name on the felt: a phone's bar leaves them out (app.css),
  // keeping a side's sum (teams, chiamata's two sides once the partner is known).
  $("deal-score").classList.toggle("per-seat", !!deal && deal.length === v.points.length);
  drawSeatButton(state, viewer);
  $("btn-last").disabled = !v.tricks.length;
}

// Outside chiamata a flag (Abbandona); in chiamata, where nobody abandons, a screen: the computer plays.
const FLAG = "M5 21V4M5 4h12l-2.5 4.5L17 13H5";
const SCREEN = "M3 5h18v11H3zM8 20h8M12 16v4";
const EXIT = "M10 17l-5-5 5-5M5 12h11M14 4h5v16h-5";

/** Abbandona, or in chiamata "Fai giocare il computer" / "Riprendo io" (the same place, in the
 * phone's menu too): `data-mode` says which (app.js acts on it). */
function drawSeatButton(state, viewer) {
  const btn = $("btn-abandon");
  const chiamata = state.view.variant === "chiamata";
  // A deal played again for practice is left, never lost: the match comes back as it was.
  const mode = state.practice ? "leave-practice" : !chiamata ? "abandon" : state.stand_in ? "take-back" : "stand-in";
  const key = { abandon: "abandon", "stand-in": "cs_stand_in", "take-back": "cs_take_back", "leave-practice": "practice_leave" }[mode];
  btn.dataset.mode = mode;
  // The stand-in is the device owner's (seat 0): another person holding the phone does not give it away.
  btn.disabled = mode === "leave-practice" ? false : chiamata ? state.status !== "playing" || viewer.seat !== 0 : state.status === "match-over";
  const label = btn.querySelector(".label");
  label.dataset.i18n = key;  // translatePage words it again in another language
  label.textContent = t(key);
  btn.querySelector("path")?.setAttribute("d", state.practice ? EXIT : chiamata ? SCREEN : FLAG);
  document.documentElement.toggleAttribute("data-stand-in", !!state.stand_in && state.status === "playing");
}

// ------------------------------------------------------------------ the phone's bar

/** On a phone the bar's words keep to two lines (app.css cuts the rest short): a tap on them says
 * them whole. */
function sayWholeBar(e) {
  const info = e.currentTarget;
  if (info.scrollHeight <= info.clientHeight + 1) return;
  const parts = [...info.children].filter((el) => !el.hidden && el.textContent.trim()).map((el) => el.textContent.trim());
  notice(parts.join(" · "), "info", { effect: null });
}

document.querySelector("#table .bar .info")?.addEventListener("click", sayWholeBar);

// ------------------------------------------------------------------ the phone's menu

/** Close the phone's menu (a link followed in place: app.js). */
export const closeMenu = () => menuOpen(false);

function menuOpen(open) {
  const btn = $("btn-menu");
  if (!btn) return;
  btn.setAttribute("aria-expanded", String(open));
  document.querySelector("#table .bar")?.classList.toggle("menu-open", open);
}

function initMenu() {
  const btn = $("btn-menu");
  if (!btn) return;
  btn.addEventListener("click", (e) => {
    e.stopPropagation();
    const open = btn.getAttribute("aria-expanded") !== "true";
    menuOpen(open);
    if (open) $("bar-more")?.querySelector("button, select")?.focus();
  });
  // Choosing an item, a tap elsewhere or Escape closes it (the language menu stays while in use).
  document.addEventListener("click", (e) => {
    if (btn.getAttribute("aria-expanded") !== "true") return;
    if (e.target.closest?.("#bar-more select, #btn-sound")) return;
    menuOpen(false);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && btn.getAttribute("aria-expanded") === "true") { menuOpen(false); btn.focus(); }
  });
  $("lang-switch")?.addEventListener("change", () => menuOpen(false));
}

initMenu();
