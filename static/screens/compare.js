// "Rigioca la smazzata", its end: both plays of the deal side by side (op replay_compare,
// briscola/practice.py), trick by trick with the points of each, then back to the match or again.
// On a phone (narrower than two columns fit) a toggle shows one play at a time; wider, both.
import { cardFace } from "../decks/cards.js";
import { cardName, t } from "../strings/i18n.js";
import { seatName } from "../table/viewer.js";
import { trickTaken } from "./dialogs.js";
import { closeModal, modalBox, openModal } from "../dom/modal.js";
import { accuracyLine } from "./analysis-view.js";

const LINES = ["first", "replay"];
const el = () => document.getElementById("compare");

/** The player's side's points in a line, and how the deal went for it: "won", "lost", "tied" or
 * "unfinished" (a practice lost on time). */
export function outcome(line) {
  const pts = line.mine == null ? 0 : line.team_points[line.mine];
  const how = !line.over ? "unfinished" : line.winner == null ? "tied" : line.winner === line.mine ? "won" : "lost";
  return { pts, how };
}

/** The first trick (0-based) whose cards differ between the two plays, or null if none does. */
export function splitAt(first, replay) {
  const n = Math.max(first.tricks.length, replay.tricks.length);
  for (let i = 0; i < n; i++) {
    if (JSON.stringify(first.tricks[i]?.cards) !== JSON.stringify(replay.tricks[i]?.cards)) return i;
  }
  return null;
}

/** What the replay gave against the first play, in a sentence. */
export function verdict(data) {
  const diff = outcome(data.replay).pts - outcome(data.first).pts;
  return diff > 0 ? t("practice_more", { n: diff }) : diff < 0 ? t("practice_less", { n: -diff }) : t("practice_same");
}

function heading(name, line) {
  const { pts, how } = outcome(line);
  return `${t(name)} · ${t("practice_points", { pts })}, ${t(`practice_${how}`)}`;
}

function card(code, style, mine) {
  return `<span class="card${mine ? " mine" : ""}" data-card="${code}" role="img" aria-label="${cardName(code)}">${cardFace(code, style)}</span>`;
}

function trickRow(trick, i, split, opts) {
  const n = opts.players;
  const cards = trick.cards.map((c, k) => card(c, opts.style, (trick.leader + k) % n === opts.viewer.seat)).join("");
  const mark = i === split ? `<span class="compare-split">${t("practice_split")}</span>` : "";
  return `<li data-trick="${i + 1}"${i === split ? " data-split" : ""}>${mark}<span class="compare-n">${t("practice_trick", { n: i + 1 })}</span>`
    + `<span class="compare-cards">${cards}</span><span class="compare-took">${trickTaken(opts.viewer, trick.winner, trick.points)}</span></li>`;
}

function lineHtml(name, line, split, opts) {
  const key = name === "first" ? "practice_first" : "practice_again";
  const rows = line.tricks.map((tr, i) => trickRow(tr, i, split, opts)).join("") || `<li>${t("practice_none")}</li>`;
  return `<section class="compare-line" data-line="${name}" data-points="${outcome(line).pts}" aria-label="${t(key)}">
    <h3>${heading(key, line)}</h3>
    <p class="compare-accuracy"${opts.analyses ? "" : " hidden"}></p>
    <ol class="compare-tricks">${rows}</ol>
    <button type="button" data-go="review" data-line="${name}">${t("practice_review")}</button>
  </section>`;
}

/** Show one play (the toggle; on a wide screen both stay shown). */
function choose(box, name) {
  box.dataset.line = name;
  for (const b of box.querySelectorAll(".compare-switch [data-line]")) b.setAttribute("aria-pressed", String(b.dataset.line === name));
}

/** Whether the comparison is open. */
export const compareOpen = () => !!el() && !el().hidden;

export function closeCompare() {
  const box = el();
  if (box) closeModal(box);
}

/**
 * Open the comparison for an answer of op replay_compare.
 * @param {object} data  {deal, variant, players, first, replay}: each line {tricks, team_points, mine, winner, review}
 * @param {{style: string, viewer: object, onRetry: () => void, onBack: () => void, onReview: (review: object, name: string) => void,
 *   analyses?: {first: Promise<object|null>, replay: Promise<object|null>}}} opts
 *   `viewer`: whose names (viewer.js); `onReview`: the step-by-step review of one play, "first" or
 *   "replay" (the comparison is closed meanwhile: the caller opens it again after); `analyses`: the
 *   player's moves of each play analysed (analysis-view.js), each play's accuracy shown under it
 */
export function openCompare(data, opts) {
  let box = el();
  if (!box) {
    box = modalBox("compare", "review veil");
    document.body.append(box);
  }
  const o = { ...opts, players: data.players };
  const split = splitAt(data.first, data.replay);
  const toggle = LINES.map((name) => {
    const { pts, how } = outcome(data[name]);
    const key = name === "first" ? "practice_first" : "practice_again";
    return `<button type="button" data-line="${name}" aria-pressed="false">${t(key)}<b>${t("practice_points", { pts })}</b><small>${t(`practice_${how}`)}</small></button>`;
  }).join("");
  box.innerHTML = `<div class="review-card compare-card">
    <h2 id="compare-title">${t("practice_title")}</h2>
    <p class="compare-verdict" aria-live="polite">${verdict(data)}</p>
    <div class="compare-switch">${toggle}</div>
    <div class="compare-lines">${LINES.map((name) => lineHtml(name, data[name], split, o)).join("")}</div>
    <div class="buttons">
      <button type="button" data-go="retry">${t("practice_retry")}</button>
      <button type="button" data-go="back" class="primary">${t("back_to_match")}</button>
    </div>
  </div>`;
  for (const b of box.querySelectorAll(".compare-switch [data-line]")) b.addEventListener("click", () => choose(box, b.dataset.line));
  for (const b of box.querySelectorAll("[data-go=review]")) {
    b.addEventListener("click", () => { closeCompare(); opts.onReview(data[b.dataset.line].review, b.dataset.line); });
  }
  for (const name of LINES) {
    if (opts.analyses) accuracyLine(box.querySelector(`[data-line=${name}] .compare-accuracy`), opts.analyses[name]);
  }
  box.querySelector("[data-go=retry]").addEventListener("click", () => { closeCompare(); opts.onRetry(); });
  box.querySelector("[data-go=back]").addEventListener("click", () => { closeCompare(); opts.onBack(); });
  choose(box, "replay");
  openModal(box, { onEscape: () => { closeCompare(); opts.onBack(); } });
  box.querySelector("[data-go=back]").focus({ preventScroll: true });  // the verdict and the toggle stay in sight
}
