// Dialogs: end of a deal, end of the match, confirmations and the corrupt-save notice.
import { cardFace } from "./cards.js";
import { cardName, t } from "./i18n.js";
import { seatName } from "./table.js";

const box = () => document.getElementById("dialog");
let returnFocus = null;  // where focus was before the dialog opened: it goes back there

export function hideDialog() {
  const el = box();
  if (el.hidden) return;
  el.hidden = true;
  if (returnFocus?.isConnected) returnFocus.focus();
  returnFocus = null;
}

/** Tab and Shift+Tab cycle inside the open dialog (it is modal). */
function trapFocus(e) {
  if (e.key !== "Tab") return;
  const items = [...box().querySelectorAll("button:not([disabled]), a[href], input, select")];
  if (!items.length) return;
  const first = items[0], last = items[items.length - 1];
  if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
}

/** A modal box: a title, paragraphs (text, or {html}) and buttons [{label, action, primary}]. */
export function showDialog(title, lines, buttons) {
  const el = box();
  if (el.hidden) returnFocus = document.activeElement;
  el.onkeydown = trapFocus;
  el.innerHTML = `<div class="dialog-card" role="document"><h2 id="dialog-title"></h2><div class="dialog-body"></div><div class="buttons"></div></div>`;
  el.querySelector("h2").textContent = title;
  const body = el.querySelector(".dialog-body");
  for (const line of lines) {
    const p = document.createElement("p");
    if (typeof line === "string") p.textContent = line;
    else p.innerHTML = line.html;
    body.append(p);
  }
  const row = el.querySelector(".buttons");
  for (const b of buttons) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.textContent = b.label;
    if (b.primary) btn.className = "primary";
    if (b.id) btn.id = b.id;
    btn.addEventListener("click", b.action);
    row.append(btn);
  }
  el.hidden = false;
  (row.querySelector(".primary") || row.querySelector("button"))?.focus();
}

let opponents = null;  // the other side's name when it has one (a tournament pair), else null

function sideName(st, seats) {
  if (seats.includes(0)) return seats.length > 1 ? `${t("side_you")} (${seats.map(seatName).join(" + ")})` : t("you");
  return opponents ?? seats.map(seatName).join(" + ");
}

/** The end-of-deal or end-of-match summary for an engine state (`opponentName`: the other side's
 * name, e.g. a tournament pair's "Coppia 3"; by default its seats). */
export function showSummary(st, { onNext, onNew, onReview, opponentName = null }) {
  opponents = opponentName;
  const lines = [];
  const r = st.deal_result;
  if (r) {
    if (r.void) lines.push(t("deal_all_pass"));
    else {
      st.sides.forEach((side, i) => {
        if (side.length) lines.push(t("points_of", { side: sideName(st, side), pts: r.team_points[i] }));
      });
      if (r.winner != null) lines.push(t("deal_won", { side: sideName(st, st.sides[r.winner]) }));
      else lines.push(st.sides.length === 2 ? t("deal_tie") : t("deal_void"));
      if (r.ended_early) lines.push(t("ended_early"));
      if (r.scores) lines.push(t("scores", { list: r.scores.map((s, i) => `${seatName(i)} ${s > 0 ? "+" : ""}${s}`).join(", ") }));
    }
  }
  const m = st.match;
  const over = st.status === "match-over";
  if (m.abandoned_by != null) lines.push(t("abandoned", { side: seatName(m.abandoned_by) }));
  if (st.format.kind !== "punti" && !m.scores) {
    lines.push(t("deals_won", { list: m.sides.map((s, i) => `${sideName(st, s)} ${m.deal_wins[i]}`).join(", ") }));
  }
  if (m.scores && st.format.kind === "chiamata") {
    lines.push(`${t("match_score")}: ${m.scores.map((s, i) => `${seatName(i)} ${s}`).join(", ")}`);
  }
  let title = t("deal_over");
  if (over) {
    const mine = m.winner != null && m.sides[m.winner].includes(0);
    title = m.winner == null ? t("match_draw") : mine ? t("match_won") : t("match_won_by", { side: sideName(st, m.sides[m.winner]) });
    if (m.vp) lines.push(t("vp", { list: m.sides.map((s, i) => `${sideName(st, s)} ${m.vp[i]}`).join(", ") }));
    if (m.point_difference) lines.push(t("pdiff", { list: m.sides.map((s, i) => `${sideName(st, s)} ${m.point_difference[i] > 0 ? "+" : ""}${m.point_difference[i]}`).join(", ") }));
  }
  const buttons = over ? [{ label: t("new_game"), primary: true, id: "btn-summary-new", action: onNew }]
    : [{ label: t("next_deal"), primary: true, id: "btn-next-deal", action: onNext }];
  if (onReview && st.deal_result) buttons.unshift({ label: t("review_title"), id: "btn-review", action: onReview });
  showDialog(title, lines, buttons);
}

/** The last completed trick: who played what, and who took it. */
export function showLastTrick(st, style, onClose) {
  const tricks = st.view.tricks;
  const last = tricks[tricks.length - 1];
  if (!last) return;
  const n = st.view.players;
  const cards = last.cards.map((code, i) => {
    const seat = (last.leader + i) % n;
    return `<figure class="mini"><div class="card" data-card="${code}" role="img" aria-label="${cardName(code)}">${cardFace(code, style)}</div><figcaption>${seatName(seat)}</figcaption></figure>`;
  }).join("");
  showDialog(t("last_trick"), [{ html: `<span class="trick-row">${cards}</span>` },
    t("trick_taken", { name: seatName(last.winner), pts: st.trick_points[tricks.length - 1] })],
  [{ label: t("close"), primary: true, action: onClose }]);
}
