// Dialogs: end of a deal, end of the match, confirmations and the corrupt-save notice.
import { cardFace } from "../decks/cards.js";
import { cardName, joinNames, t, theCard } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";
import { plainName, seatName, viewerOf } from "../table/viewer.js";
import { closeModal, openModal } from "../dom/modal.js";

const box = () => document.getElementById("dialog");
let returnFocus = null;  // where focus was before the dialog opened: it goes back there
// An Enter or Space that comes within GRACE_MS of a dialog opening, before the player has moved
// in it, was meant for the table (the last card's Enter, pressed twice): it must not press the
// dialog's first button ("Nuova partita" would leave the summary unseen). The same for the second
// click of a double click.
const GRACE_MS = 600;
let openedAt = 0;
let moved = false;  // the player has moved among the buttons (Tab): his Enter is an answer at once
const justOpened = () => performance.now() - openedAt < GRACE_MS;

export function hideDialog() {
  const el = box();
  if (el.hidden) return;
  closeModal(el);
  if (returnFocus?.isConnected) returnFocus.focus();
  returnFocus = null;
}

/** Whether a dialog is open (a screen redrawn behind it leaves it alone). */
export function dialogOpen() {
  return !box().hidden;
}

// The open dialog's words made again in the language of the moment, for a language switch while
// it is open (issue 24): `reword` () => [title, lines, buttons] as showDialog takes them (null: a
// dialog that keeps its words), and the lines added under it since (addDialogLine).
let reword = null;
let added = [];

/** A text given as words (a function of the language) or as a string. */
const say = (x) => (typeof x === "function" ? x() : x);

/** A line added to the open dialog's text (e.g. the tournament's word under a match's summary),
 * and a new label for one of its buttons (`relabel`: {id, label}) when given. The text and the
 * label may be functions that word them: a language switch words them again. */
export function addDialogLine(text, relabel = null) {
  const line = document.createElement("p");
  line.textContent = say(text);
  box().querySelector(".dialog-body")?.append(line);
  added.push({ line, text, relabel });
  relabelButton(relabel);
}

function relabelButton(relabel) {
  const button = relabel && document.getElementById(relabel.id);
  if (button && box().contains(button)) button.textContent = say(relabel.label);
}

/** Word the open dialog again (its title, lines and buttons, then the lines added under it), in
 * place: the focus stays on its button, a box added into it (a new build's offer) stays. */
function rewordDialog() {
  const el = box();
  if (el.hidden || !reword) return;
  const [title, lines, buttons] = reword();
  el.querySelector("h2").textContent = title;
  const body = el.querySelector(".dialog-body");
  body.replaceChildren(...lines.map(paragraph), ...added.map((a) => a.line));
  for (const a of added) a.line.textContent = say(a.text);
  const shown = [...el.querySelectorAll(".buttons > button")];
  buttons.forEach((b, i) => { if (shown[i]) shown[i].textContent = b.label; });
  for (const a of added) relabelButton(a.relabel);
}

document.addEventListener("briscola:language", rewordDialog);

/** Close the dialog and forget what it said, without giving the focus back (the phone goes to
 * another person: the cover takes the focus). */
export function clearDialog() {
  const el = box();
  closeModal(el);
  el.replaceChildren();
  returnFocus = null;
}

/** Enter or Space in the dialog's first moment was meant for the table (see GRACE_MS); Tab means
 * the player moves among its buttons. */
function graceKeys(e) {
  if ((e.key === "Enter" || e.key === " ") && !moved && justOpened()) {
    e.preventDefault();
    return;
  }
  if (e.key === "Tab") moved = true;
}

/** Escape presses the dialog's "cancel" or "close" button, where it has one (a dialog that needs
 * an answer has none). */
function pressCancel() {
  box().querySelector("button[data-cancel]")?.click();
}

/** One of a dialog's paragraphs: text, or {html}. */
function paragraph(line) {
  const p = document.createElement("p");
  if (typeof line === "string") p.textContent = line;
  else p.innerHTML = line.html;
  return p;
}

/** The modal dialog (#dialog, a native <dialog>): a title, paragraphs (text, or {html}) and buttons
 * [{label, action, primary, cancel}]. `words`, when given, makes them again (() => [title, lines,
 * buttons]): a language switch while the dialog is open words it again. */
export function showDialog(title, lines, buttons, words = null) {
  const el = box();
  if (el.hidden) returnFocus = document.activeElement;
  el.onkeydown = graceKeys;
  el.onkeyup = (e) => {  // a button's Space presses it on key up: the same grace
    if (e.key === " " && !moved && justOpened()) e.preventDefault();
  };
  el.innerHTML = `<div class="dialog-card" role="document"><h2 id="dialog-title"></h2><div class="dialog-body"></div><div class="buttons"></div></div>`;
  el.querySelector("h2").textContent = title;
  el.querySelector(".dialog-body").append(...lines.map(paragraph));
  reword = words;
  added = [];
  const row = el.querySelector(".buttons");
  for (const b of buttons) {
    const btn = document.createElement("button");
    btn.type = "button";
    btn.textContent = b.label;
    if (b.primary) btn.className = "primary";
    if (b.id) btn.id = b.id;
    if (b.cancel) btn.dataset.cancel = "";
    btn.addEventListener("click", (e) => {
      // The second tap of a double tap begun on the table, as the dialog opened under it: not his
      // answer (a first tap, detail 1, always is).
      if (e.detail > 1 && justOpened()) return;
      b.action(e);
    });
    row.append(btn);
  }
  openModal(el, { onEscape: pressCancel });
  openedAt = performance.now();
  moved = false;
  (row.querySelector(".primary") || row.querySelector("button"))?.focus();
}

let opponents = null;  // the other side's name when it has one (a tournament pair), else null
let you = 0;  // the seat the summary speaks to ("Hai vinto"), or null: several people share the screen
let viewer = viewerOf(null);  // the summary's state's viewer (viewer.js)

/** Several people at this device (pass-and-play): the phone ends in anyone's hands, so a summary
 * names everyone. An online table has one person a page: there it speaks to "Tu". */
const sharedScreen = (st) => !st.online && (st.people?.length ?? 1) > 1;

/** A seat's name in a summary: "Tu" for the one person at the screen, everyone else by name. */
function nameOf(seat) {
  return you !== null ? seatName(viewer, seat) : plainName(viewer, seat);
}

function sideName(st, seats) {
  if (seats.includes(you)) return seats.length > 1 ? `${t("side_you")} (${joinNames(seats.map(nameOf))})` : t("you");
  return opponents ?? joinNames(seats.map(nameOf));
}

/** "Anna ha vinto la smazzata, 64 a 56" (`key`; its `_pl` form when a side of several won). */
function namedWin(key, seats, a, b) {
  return t(seats.length > 1 ? `${key}_pl` : key, { side: joinNames(seats.map(nameOf)), a, b });
}

const signed = (n) => (n > 0 ? `+${num(n)}` : n < 0 ? `−${num(-n)}` : "0");

/** Who won the deal and why, in a sentence that speaks to the player. */
function dealLines(st) {
  const r = st.deal_result;
  if (r.void) return [t("deal_all_pass")];
  if (r.scores) return chiamataLines(st);
  const lines = [];
  const sides = st.sides;
  const mine = sides.findIndex((s) => s.includes(you));
  const team = sides[mine]?.length > 1;
  if (sides.length === 2 && r.winner == null) lines.push(t("deal_tie_pts"));
  else if (sides.length === 2 && mine >= 0) {
    const a = r.team_points[mine], b = r.team_points[1 - mine];
    if (r.winner === mine) lines.push(t(team ? "deal_won_us" : "deal_won_you", { a, b }));
    else lines.push(t(team ? "deal_lost_us" : "deal_lost_you", { a, b }));
  } else if (sides.length === 2) {
    lines.push(namedWin("pnp_deal_won", sides[r.winner], r.team_points[r.winner], r.team_points[1 - r.winner]));
  } else {
    if (r.winner == null) lines.push(t("deal_void"));
    else if (r.winner === mine) lines.push(team ? t("deal_won_us", { a: r.team_points[mine], b: Math.max(...r.team_points.filter((_, i) => i !== mine)) })
      : t("deal_won_you_many", { pts: r.team_points[mine] }));
    else lines.push(t("deal_won_by", { side: sideName(st, sides[r.winner]), pts: r.team_points[r.winner] }));
    sides.forEach((side, i) => {
      if (side.length) lines.push(t("points_of", { side: sideName(st, side), pts: r.team_points[i] }));
    });
  }
  if (r.ended_early) lines.push(t("ended_early"));
  return lines;
}

/** Chiamata: the contract and what the caller's side made ("chiamava il due a 73: ne ha fatti 87"). */
function chiamataLines(st) {
  const r = st.deal_result, v = st.view;
  const caller = v.caller, partner = v.partner, i = you;
  const lines = [];
  if (caller != null && v.called) {
    const alone = partner === caller;
    const params = { name: nameOf(caller), card: theCard(v.called), target: r.target, pts: r.team_points[0] };
    const key = caller === i ? (alone ? "contract_end_you_alone" : "contract_end_you") : alone ? "contract_end_alone" : "contract_end";
    lines.push(t(key, params));
    const won = r.winner === 0;  // the caller's side is side 0
    const role = caller === i ? "_you" : partner === i ? "_partner" : "";
    lines.push(t(`${won ? "contract_won" : "contract_lost"}${role}`));
  }
  lines.push(t("scores", { list: r.scores.map((s, i) => `${nameOf(i)} ${signed(s)}`).join(", ") }));
  return lines;
}

/** The end-of-deal or end-of-match summary for an engine state (`opponentName`: the other side's
 * name, e.g. a tournament pair's "Coppia 3"; by default its seats). */
export function showSummary(st, { onNext, onNew, onReview, onRematch = null, onReplay = null, opponentName = null }) {
  opponents = opponentName;
  viewer = viewerOf(st);
  you = sharedScreen(st) ? null : viewer.seat;
  const words = () => summaryWords(st, { onNext, onNew, onReview, onRematch, onReplay });
  showDialog(...words(), words);
}

/** The summary's title, lines and buttons, in the language of the moment. */
function summaryWords(st, { onNext, onNew, onReview, onRematch, onReplay }) {
  const lines = st.deal_result ? dealLines(st).filter(Boolean) : [];
  const m = st.match;
  const over = st.status === "match-over";
  const left = m.decided_by === "timeout" ? "time_out" : "abandoned";  // time_out: clock-strings.js
  if (m.abandoned_by != null) lines.push(m.abandoned_by === you ? t(`${left}_you`) : t(left, { side: nameOf(m.abandoned_by) }));
  const spareggio = st.deal_kind === "spareggio" ? m.deals?.[st.deal_index]?.spareggio : null;
  if (spareggio && st.deal_result) lines.unshift(t(`cs_spareggio_${spareggio}`));
  const anySpareggio = m.deals?.some((d) => d.kind === "spareggio");
  if ((st.format.kind !== "punti" || anySpareggio) && !m.scores) {  // spareggi count as deals won (source 000)
    const list = m.sides.map((s, i) => `${sideName(st, s)} ${m.deal_wins[i]}`).join(", ");
    lines.push(t(anySpareggio ? "cs_deals_won" : "deals_won", { list }));
  }
  if (m.scores && st.format.kind === "chiamata") {
    lines.push(`${t("match_score")}: ${m.scores.map((s, i) => `${nameOf(i)} ${signed(s)}`).join(", ")}`);
  }
  let title = spareggio ? t("cs_spareggio_over") : t("deal_over");
  if (over) {
    const decided = decidedLine(st);
    if (decided) lines.push(decided);
    const mineIdx = m.sides.findIndex((s) => s.includes(you));
    title = matchTitle(st, mineIdx);
    // VP and the point difference in tens only where the format scores them (the engine says:
    // briscola/match_result.py vp_scored); a friendly deal ends with who won and by how much.
    if (m.vp_scored && m.vp) lines.push(t("vp", { list: m.sides.map((s, i) => `${sideName(st, s)} ${m.vp[i]}`).join(", ") }));
    if (m.vp_scored && m.point_difference) {
      let text = t("pdiff", { list: m.sides.map((s, i) => `${sideName(st, s)} ${signed(m.point_difference[i])}`).join(", ") });
      if (m.sides.length === 2 && m.abandoned_by == null && m.points?.length === 2) {
        const first = Math.max(mineIdx, 0);  // the viewer's side first; at a shared screen, as listed
        const a = m.points[first], b = m.points[1 - first];
        text += ` (${t("pdiff_real", { a, b, real: Math.abs(a - b) })})`;
      }
      lines.push(text);
    }
  }
  const buttons = over ? [{ label: t("new_game"), primary: true, id: "btn-summary-new", action: onNew }]
    : [{ label: t("next_deal"), primary: true, id: "btn-next-deal", action: onNext }];
  // The same opponents again, the deal passing on (source 000); a tournament match has none.
  if (over && onRematch) buttons.unshift({ label: t("rematch"), id: "btn-rematch", action: onRematch });
  if (onReplay && st.deal_result) buttons.unshift({ label: t("practice_replay"), id: "btn-replay", action: onReplay });  // compare.js
  if (onReview && st.deal_result) buttons.unshift({ label: t("review_title"), id: "btn-review", action: onReview });
  return [title, lines, buttons];
}

/** The match's end in a few words: "Hai vinto la partita!", or at a shared screen who won by name. */
function matchTitle(st, mineIdx) {
  const m = st.match;
  const team = m.sides[mineIdx]?.length > 1;
  if (m.winner == null) return t("match_draw");
  if (m.winner === mineIdx) return t(team ? "match_won_us" : "match_won");
  if (mineIdx >= 0 && m.sides.length === 2) return t(team ? "match_lost_us" : "match_lost");
  const score = matchScore(m);
  if (score) return namedWin("pnp_match_won", m.sides[m.winner], ...score);
  return t("match_won_by", { side: sideName(st, m.sides[m.winner]) });
}

/** Two sides' score, the winner's first, when the deals decided the match: a match of one deal by
 * its points, a longer one by the deals won. Else (an abandon, a spareggio) none. */
function matchScore(m) {
  if (m.sides.length !== 2 || m.decided_by !== "deals") return null;
  const score = m.deals_played === 1 ? m.points : m.deal_wins;
  return [score[m.winner], score[1 - m.winner]];
}

/** How a match was decided when a spareggio decided it: by its points, or, the third one tied, by
 * who took its last trick (that side loses, source 000). */
function decidedLine(st) {
  const m = st.match;
  if (m.decided_by === "spareggio") return t("cs_decided_spareggio");
  if (m.decided_by !== "last_trick") return null;
  const seat = m.deals?.[m.deals.length - 1]?.last_trick;
  if (seat == null) return null;
  if (seat === you) return t("cs_last_trick_you");
  const ours = m.sides.some((s) => s.includes(you) && s.includes(seat));
  return t(ours ? "cs_last_trick_us" : "cs_last_trick_other", { name: nameOf(seat) });
}

/** Before "Nuova partita" leaves a match in progress: the match stays saved, and the setup screen
 * offers the way back ("Torna alla partita"). `onLeave` goes to the setup. */
export function confirmLeave(onLeave) {
  const words = () => [t("leave_title"), [t("leave_body")], [
    { label: t("leave_stay"), id: "btn-new-no", cancel: true, action: hideDialog },
    { label: t("new_game"), primary: true, id: "btn-new-yes", action: onLeave }]];
  showDialog(...words(), words);
}

/** "L'hai presa tu: 11 punti" or "L'ha presa Giocatore 2: 11 punti", as `viewer` (viewer.js) hears it. */
export function trickTaken(viewer, seat, pts) {
  return seat === viewer.seat ? t("trick_taken_you", { pts }) : t("trick_taken", { name: seatName(viewer, seat), pts });
}

/** The last completed trick: who played what, and who took it. */
export function showLastTrick(st, style, onClose) {
  const tricks = st.view.tricks;
  const last = tricks[tricks.length - 1];
  if (!last) return;
  const n = st.view.players, viewer = viewerOf(st);
  const words = () => {
    const cards = last.cards.map((code, i) => {
      const seat = (last.leader + i) % n;
      return `<figure class="mini"><div class="card" data-card="${code}" role="img" aria-label="${cardName(code, style)}">${cardFace(code, style)}</div><figcaption>${seatName(viewer, seat)}</figcaption></figure>`;
    }).join("");
    return [t("last_trick"), [{ html: `<span class="trick-row">${cards}</span>` },
      trickTaken(viewer, last.winner, st.trick_points[tricks.length - 1])],
    [{ label: t("close"), primary: true, cancel: true, action: onClose }]];
  };
  showDialog(...words(), words);
}
