// The analysis of the player's moves (issue 23; the engine's op "analysis", briscola/web_analysis.py):
// run in the worker a slice at a time once a deal is over, so a move or the next deal asked
// meanwhile waits one slice at most; drawn as the deal's accuracy in the summary and as the costliest
// moments, each with a sentence, in the review. Nothing here decides what a card was worth: the
// engine says it, with the facts the sentence is worded from.
import { esc } from "../dom/html.js";
import { cardName, t, theCard } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";

const SLICE_MS = 25;  // one call's work: what a move asked meanwhile may wait
const KEPT = 8;  // finished analyses kept by key (a review opened again shows them at once)

const done = new Map();  // key -> the engine's analysis JSON (null: it failed)
const queued = new Map();  // key -> the promise of an analysis waiting or running (one runs at a time)
let tail = Promise.resolve();  // the last analysis queued: the next one starts after it
let generation = 0;  // bumped by stopAnalysis: every analysis queued before it ends with nothing

const html = document.documentElement;
const mark = (value) => { if (html.dataset.analysis !== value) html.dataset.analysis = value; };

/** The key of a finished deal of the match on the table, as a state shows it at the deal's end. */
export function dealKey(st) {
  return `deal:${st.seed}:${st.deal_index}:${JSON.stringify(st.view.tricks)}`;
}

/** Whether the table's deal gets an analysis: the device's one person at seat 0, a deal played, and
 * not by the computer for him (chiamata's stand-in). */
export function analysable(st, role) {
  return !!st?.deal_result && !st.deal_result.void && role !== "guest" && (st.viewer ?? 0) === 0 && !st.stand_in
    && (st.online || (st.people?.length ?? 1) === 1) && st.view.tricks.length > 0;
}

/**
 * The analysis of `arg` ({deal, seed, points} of the match, or {record, seat}) under `key`:
 * resolves with the engine's analysis JSON, or null when it could not be made (the engine gone, a
 * refusal) or was stopped. One runs at a time, the others wait their turn (a quick player's next
 * deal ends before the last one's analysis: both are made). `onSave(res)` gets an answer that
 * changed the match (the deal's figures).
 */
export function analyse(api, key, arg, onSave = () => {}) {
  if (done.has(key)) return Promise.resolve(done.get(key));
  if (queued.has(key)) return queued.get(key);
  const gen = generation;
  const promise = tail.then(() => run(api, key, arg, onSave, gen));
  tail = promise.catch(() => null);
  queued.set(key, promise);
  mark("running");
  promise.finally(() => {
    if (queued.get(key) === promise) queued.delete(key);
    if (gen === generation && !queued.size) mark("done");
  });
  return promise;
}

async function run(api, key, arg, onSave, gen) {
  for (;;) {
    if (gen !== generation) return null;
    let res;
    try {
      res = await api.analysis({ ...arg, budget_ms: SLICE_MS });
    } catch {
      return null;  // the engine is down: the turn loop starts another; the analysis is let go
    }
    if (gen !== generation) return null;
    if (!res.ok) return remember(key, null);
    if (res.save) onSave(res);
    if (res.result.done) return remember(key, res.result.analysis);
    await new Promise((resolve) => { setTimeout(resolve, 0); });  // the page's own calls go first
  }
}

/** Stop every analysis waiting or running (a new match: the deals they name are no longer the engine's). */
export function stopAnalysis() {
  generation++;
  queued.clear();
  mark("");
}

function remember(key, analysis) {
  done.set(key, analysis);
  while (done.size > KEPT) done.delete(done.keys().next().value);
  return analysis;
}

const pct = (x) => num(Math.round(x));

/** A part's params as a sentence says them: cards with their article ("l'Asso di bastoni"), numbers
 * in the language's digits. */
function worded(params) {
  const out = {};
  for (const [k, v] of Object.entries(params ?? {})) out[k] = k === "card" || k === "played" ? theCard(v) : num(v);
  return out;
}

/** "Presa 7. Hai regalato all'avversario l'Asso di bastoni: 11 punti. Il Campione avrebbe giocato il
 * Quattro di coppe: …": the engine's parts (briscola/moments.py), what happened first, worded. */
export function momentText(m) {
  return [t("analysis_head", { n: m.trick }), ...(m.said ?? []).map((p) => t(`analysis_${p.key}`, worded(p.params)))].join(" ");
}

/** The deal's accuracy in words ("Precisione in questa smazzata: 87% · Punti regalati: 6"), or why
 * there is none; the points given away where the analysis has them (a deal's kept figures do not). */
export function accuracyText(analysis) {
  if (!analysis) return t("analysis_failed");
  const given = analysis.given_away == null ? "" : ` · ${t("analysis_given_away", { pts: num(analysis.given_away) })}`;
  return (analysis.accuracy == null ? t("analysis_no_choice") : t("analysis_deal_accuracy", { pct: pct(analysis.accuracy) })) + given;
}

// ------------------------------------------------------------------ the summary's line

/** A line in the open summary: "analysing…", then the deal's accuracy (and the match's, at its end,
 * from `matchAccuracy()` read once the deal's figures are in). Re-worded on a language switch. */
export function summaryLine(body, pending, matchAccuracy = () => null) {
  if (!body) return;
  const line = document.createElement("p");
  line.id = "summary-accuracy";
  body.append(line);
  accuracyLine(line, pending, () => {
    const whole = matchAccuracy();
    return whole != null ? ` · ${t("analysis_match_accuracy", { pct: pct(whole) })}` : "";
  });
}

/** The element `line` says "analysing…" until `pending` resolves, then the deal's accuracy (and
 * `more()` after it); its `data-analysis` says which. Re-worded on a language switch. */
export function accuracyLine(line, pending, more = () => "") {
  let analysis;
  let ready = false;
  const draw = () => {
    if (!line.isConnected) { document.removeEventListener("briscola:language", draw); return; }
    line.dataset.analysis = ready ? (analysis ? "done" : "failed") : "running";
    line.textContent = ready ? accuracyText(analysis) + more() : t("analysis_running");
  };
  document.addEventListener("briscola:language", draw);
  draw();
  pending.then((a) => { analysis = a; ready = true; draw(); });
}

// ------------------------------------------------------------------ the review's panel

let panel = null;  // {el, analysis, ready, go, step}: the review's, while it is open

function drawPanel() {
  if (!panel?.el.isConnected) { panel = null; return; }
  const { el, analysis, ready } = panel;
  el.dataset.analysis = !ready ? "running" : analysis ? "done" : "failed";
  if (!ready || !analysis) {
    el.innerHTML = `<p class="muted">${esc(ready ? t("analysis_failed") : t("analysis_running"))}</p>`;
    return;
  }
  const moments = analysis.costly.map((i) => analysis.moves[i]);
  const list = moments.map((m) => `<li><button type="button" class="moment" data-moment="${m.index}" data-lost="${m.lost}"`
    + ` aria-label="${esc(`${t("analysis_show")}: ${momentText(m)}`)}">${esc(momentText(m))}</button></li>`).join("");
  el.innerHTML = `<p class="accuracy">${esc(accuracyText(analysis))}</p>`
    + (moments.length ? `<h3>${esc(t("analysis_title"))}</h3><ol class="moments">${list}</ol>`
      : analysis.moves.length ? `<p>${esc(t("analysis_none"))}</p>` : "");
  for (const b of el.querySelectorAll("[data-moment]")) b.addEventListener("click", () => showMoment(Number(b.dataset.moment)));
  markStep(panel.step);
}

document.addEventListener("briscola:language", () => { if (panel) drawPanel(); });

/** The review at a moment's decision, scrolled up to it: on a phone the list is below the hands. */
function showMoment(step) {
  if (!panel) return;
  panel.go(step);
  panel.el.closest(".review-card")?.querySelector(".review-trump")?.scrollIntoView({ block: "start" });
}

/** The review's analysis in `el`: "analysing…" until `pending` resolves, then the accuracy and the
 * costliest moments, each a button that steps the review to that move (`go(step)`). */
export function reviewPanel(el, pending, go) {
  const mine = { el, analysis: null, ready: false, go, step: 0 };
  panel = mine;
  drawPanel();
  pending.then((a) => {
    if (panel !== mine) return;
    Object.assign(mine, { analysis: a, ready: true });
    drawPanel();
  });
}

/** The costly moment the review's step `step` shows, if one: its decision (the step before the move,
 * `at: "before"`) or the move and what followed (`at: "after"`). */
export function momentAt(step) {
  const moments = panel?.el.isConnected ? panel.analysis?.costly.map((i) => panel.analysis.moves[i]) ?? [] : [];
  const m = moments.find((x) => x.index === step || x.index + 1 === step);
  return m ? { moment: m, at: m.index === step ? "before" : "after" } : null;
}

/** The review shows step `step`: the moment decided there (or played just before) is marked and said
 * below the hands. */
export function markStep(step) {
  if (!panel?.el.isConnected) return;
  panel.step = step;
  const here = momentAt(step);
  for (const b of panel.el.querySelectorAll("[data-moment]")) b.setAttribute("aria-current", String(here?.moment.index === Number(b.dataset.moment)));
  const card = panel.el.closest(".review-card");
  const note = card?.querySelector(".review-moment");
  if (note) {
    note.hidden = !here;
    note.textContent = here ? momentText(here.moment) : "";
  }
  markCards(card, here?.at === "before" ? here.moment : null);
}

/** At a moment's decision, the hand the player chose from shows the card played and the Campione's. */
function markCards(card, m) {
  for (const el of card?.querySelectorAll(".review-hands [data-mark]") ?? []) {
    el.removeAttribute("data-mark");
    el.removeAttribute("data-mark-label");
    el.setAttribute("aria-label", cardName(el.dataset.card));
  }
  if (!m) return;
  const hand = card.querySelector(`.review-seat[data-seat="${panel.analysis.seat}"]`);
  for (const [code, mark] of [[m.played, "played"], [m.best, "best"]]) {
    const el = hand?.querySelector(`.card[data-card="${code}"]`);
    if (!el) continue;
    const label = t(`review_mark_${mark}`);
    el.dataset.mark = mark;
    el.dataset.markLabel = label;
    el.setAttribute("aria-label", `${cardName(code)} (${label})`);
  }
}
