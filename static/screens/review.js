// "Rivedi la smazzata": a step-by-step replay of a whole deal with every hand shown, from
// briscola.review.frames (web.py op "review"), and the deal's record as a file or a link.
import { cardFace } from "../decks/cards.js";
import { cardName, t, theCard } from "../strings/i18n.js";
import { seatName as nameFor } from "../table/viewer.js";
import { trickTaken } from "./dialogs.js";
import { closeModal, modalBox, openModal } from "../dom/modal.js";
import { markStep, reviewPanel } from "./analysis-view.js";

let data = null;   // the engine's answer: {players, record, link, frames}
let step = 0;
let timer = null;
let onClose = null;
let style = "napoletane";
let viewer = { seat: 0, names: [] };  // whose replay it is ("Tu"): the table's viewer (viewer.js)
const seatName = (seat) => nameFor(viewer, seat);
let returnFocus = null;  // where focus was before the replay opened: it goes back there on close

const el = () => document.getElementById("review");

function card(code) {
  return `<div class="card" data-card="${code}" role="img" aria-label="${cardName(code)}">${cardFace(code, style)}</div>`;
}

function actionText(a) {
  if (!a) return t("review_start");
  const who = seatName(a.seat);
  if (a.play) return a.seat === viewer.seat ? t("review_play_you", { card: theCard(a.play) }) : t("review_play", { name: who, card: theCard(a.play) });
  if (a.exchange) return a.seat === viewer.seat ? t("review_exchange_you", { card: theCard(a.exchange) }) : t("review_exchange", { name: who, card: theCard(a.exchange) });
  return a.seat === viewer.seat ? t("review_other_you") : t("review_other", { name: who });
}

function draw() {
  const f = data.frames[step];
  const n = data.players;
  const hands = f.hands.map((h, s) => `<div class="review-seat" data-seat="${s}"><span class="who">${seatName(s)} · ${f.points[s]}</span>`
    + `<span class="trick-row">${h.map(card).join("")}</span></div>`).join("");
  // A play that completes a trick: show the whole trick and who took it (the table is empty after).
  const done = !f.trick.length && f.action?.play && f.last_trick?.cards.includes(f.action.play) ? f.last_trick : null;
  const shown = done ? { cards: done.cards, leader: done.leader } : { cards: f.trick, leader: f.leader };
  const trick = shown.cards.map((c, i) => `<figure class="mini">${card(c)}<figcaption>${seatName((shown.leader + i) % n)}</figcaption></figure>`).join("")
    + (done ? `<span class="muted">${trickTaken(viewer, done.winner, done.points)}</span>` : "");
  const box = el();
  box.querySelector(".review-step").textContent = t("review_step", { n: step, total: data.frames.length - 1 });
  box.querySelector(".review-action").textContent = actionText(f.action);
  box.querySelector(".review-hands").innerHTML = hands;
  box.querySelector(".review-trick").innerHTML = trick || `<span class="muted">${t("review_empty_trick")}</span>`;
  box.querySelector(".review-trump").textContent = f.trump ? t("trump", { suit: t(`suit_${f.trump_suit}`) }) + ` (${cardName(f.trump)}) · ${t("stock_left", { n: f.stock })}` : "";
  box.querySelector("[data-go=prev]").disabled = step === 0;
  box.querySelector("[data-go=next]").disabled = step === data.frames.length - 1;
  box.dataset.step = String(step);
  markStep(step);
}

function go(to) {
  step = Math.max(0, Math.min(data.frames.length - 1, to));
  draw();
}

function auto() {
  if (timer) { stop(); return; }
  el().querySelector("[data-go=auto]").textContent = t("review_pause");
  timer = setInterval(() => {
    if (step >= data.frames.length - 1) stop();
    else go(step + 1);
  }, 700);
}

function stop() {
  clearInterval(timer);
  timer = null;
  const b = el()?.querySelector("[data-go=auto]");
  if (b) b.textContent = t("review_auto");
}

/** Arrows step through the deal (Escape closes it: modal.js). */
function keys(e) {
  if (!data || el().hidden) return;
  if (e.target.closest?.("input[type=text]")) return;  // the link field keeps its arrows
  if (e.key === "ArrowRight") { stop(); go(step + 1); e.preventDefault(); }
  else if (e.key === "ArrowLeft") { stop(); go(step - 1); e.preventDefault(); }
}

/** Download the record as a .json file (RECORD.md). */
function download() {
  const blob = new Blob([JSON.stringify(data.record, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = `briscola-${data.variant}-${Date.now()}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** The link that opens this deal's review (?record=...). */
export function recordLink(link) {
  const u = new URL(location.href);
  u.search = `?record=${link}`;
  u.hash = "";
  return u.href;
}

/** Whether the replay is open. */
export const reviewOpen = () => !!el() && !el().hidden;

export function closeReview() {
  stop();
  const box = el();
  if (box) closeModal(box);
  data = null;
  if (returnFocus?.isConnected) returnFocus.focus();
  returnFocus = null;
  if (onClose) onClose();
}

/** Open the replay for an engine answer of op "review", as `opts.viewer` (viewer.js) sees it; `toast` shows short messages;
 * `opts.analysis`, a promise of the player's moves analysed (analysis-view.js), marks the costliest. */
export function openReview(answer, opts) {
  ({ onClose, style, viewer = { seat: 0, names: [] } } = opts);
  if (!data) returnFocus = document.activeElement;
  data = answer;
  step = 0;
  let box = el();
  if (!box) {
    box = modalBox("review", "review veil");
    document.body.append(box);
    document.addEventListener("keydown", keys);
  }
  box.innerHTML = `<div class="review-card">
    <h2 id="review-title">${t("review_title")}</h2>
    <p class="review-trump"></p>
    <div class="review-hands"></div>
    <div class="review-trick trick-row"></div>
    <p><strong class="review-step"></strong> · <span class="review-action" aria-live="polite"></span></p>
    <p class="review-moment" hidden></p>
    <div class="review-analysis" aria-live="polite"${opts.analysis ? "" : " hidden"}></div>
    <div class="buttons">
      <button type="button" data-go="prev">◀ ${t("review_prev")}</button>
      <button type="button" data-go="auto">${t("review_auto")}</button>
      <button type="button" data-go="next" class="primary">${t("review_next")} ▶</button>
    </div>
    <div class="buttons">
      <button type="button" data-go="file">${t("review_download")}</button>
      <button type="button" data-go="link">${t("review_link")}</button>
      <label class="file-button"><span>${t("review_import")}</span><input type="file" accept=".json,application/json" data-go="import"></label>
      ${opts.onReplay ? `<button type="button" data-go="replay">${t("practice_replay")}</button>` : ""}
      <button type="button" data-go="close">${t("close")}</button>
    </div>
    <p class="review-link" hidden><input type="text" readonly aria-label="${t("review_link")}"></p>
  </div>`;
  box.querySelector("[data-go=prev]").addEventListener("click", () => { stop(); go(step - 1); });
  box.querySelector("[data-go=next]").addEventListener("click", () => { stop(); go(step + 1); });
  box.querySelector("[data-go=auto]").addEventListener("click", auto);
  box.querySelector("[data-go=close]").addEventListener("click", closeReview);
  box.querySelector("[data-go=replay]")?.addEventListener("click", () => { const go = opts.onReplay; onClose = null; closeReview(); go(); });
  box.querySelector("[data-go=file]").addEventListener("click", download);
  box.querySelector("[data-go=link]").addEventListener("click", () => {
    const p = box.querySelector(".review-link");
    const input = p.querySelector("input");
    input.value = recordLink(data.link);
    p.hidden = false;
    input.select();
    navigator.clipboard?.writeText(input.value).then(() => opts.toast(t("review_link_copied")), () => {});
  });
  box.querySelector("[data-go=import]").addEventListener("change", async (e) => {
    const file = e.target.files?.[0];
    if (!file) return;
    opts.onImport(await file.text());
  });
  openModal(box, { onEscape: closeReview, tabbable: "button:not([disabled]), input" });
  if (opts.analysis) reviewPanel(box.querySelector(".review-analysis"), opts.analysis, (to) => { stop(); go(to); });
  draw();
  box.querySelector("[data-go=next]").focus();
}
