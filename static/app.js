// The page's controller: boot, screens, the turn loop and its animations. Rules are the
// engine's (engine.js → briscola/web.py); drawing is table.js; gestures are input.js.
import { flyFrom, flyTo, pause, setSpeed } from "./anim.js";
import { aiChoose, call, pythonReady, startAI } from "./engine.js";
import { LANGUAGES, cardName, chooseLanguage, language, preferredLanguage, setLanguage, t, translatePage } from "./i18n.js";
import { attachInput } from "./input.js";
import { DEFAULTS, LEVELS, SPEEDS, VARIANTS, defaultFormat, readForm, renderSetup, toSettings } from "./setup.js";
import { loadMatch, loadSetup, onOtherTab, saveMatch, saveNewMatch, saveSetup } from "./storage.js";
import { pileRect, render, seatName, seatRect, showSelection, stockRect, trumpRect } from "./table.js";
import { showPanel } from "./panels.js";
import { confirmLeave, hideDialog, showDialog, showLastTrick, showSummary } from "./dialogs.js";
import { drawBar } from "./bar.js";
import { notice, setNoticeSound } from "./notice.js";
import { exchangedText } from "./panels.js";
import { createSound } from "./sound.js";
import { openReview } from "./review.js";
import { statsHtml } from "./stats.js";
import { loadStats, saveStats } from "./storage.js";
import { backToTournament, initTournament, openTournament, opponentPairName, showTournamentSection, tournamentMatchEnd, tournamentOnScreen, tournamentPersist } from "./tournament.js";

const html = document.documentElement;
const $ = (id) => document.getElementById(id);

let choices = { ...DEFAULTS, ...loadSetup() };
let state = null;  // the engine's last answer for seat 0
let selected = null;
let dragging = null;
let animating = false;
let queuedPlay = null;
let generation = 0;  // bumps when the match is replaced (new, load, other tab)
const sound = createSound(!!choices.sound);  // off by default (setup: "Suoni")
window.briscolaSound = sound;  // tests read sound.enabled (audio cannot be heard headless)
setNoticeSound((effect) => sound.play(effect));

setLanguage(preferredLanguage());
trackLoading();

// ------------------------------------------------------------------ screens

function setScreen(name) {
  // The UI contract's states are loading|setup|playing|deal-over|match-over: the tournament
  // screen, like the setup, is a screen between matches; data-screen tells them apart.
  html.dataset.state = name === "tournament" ? "setup" : name;
  html.dataset.screen = name;
  $("loading").hidden = name !== "loading";
  $("setup").hidden = name !== "setup";
  $("table").hidden = !["playing", "deal-over", "match-over"].includes(name);
  showTournamentSection(name);
}

function trackLoading() {
  const bar = $("load-progress"), text = $("load-text");
  const expected = 12_400_000;  // wasm + stdlib + lock + package, uncompressed
  let loaded = 0;
  const native = window.fetch.bind(window);
  window.fetch = async (...args) => {
    const res = await native(...args);
    if (html.dataset.state !== "loading" || !res.body || !res.ok) return res;
    if (res.url.endsWith(".wasm")) {  // untouched: streamed into the compiler, its code cache kept
      loaded += Number(res.headers.get("content-length")) || 0;
      return res;
    }
    // Count the bytes on a clone: the original response goes back untouched, so the browser
    // still streams the wasm into the compiler and keeps its compiled-code cache.
    const reader = res.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        loaded += value.length;
        const pct = Math.min(99, Math.round((loaded / expected) * 100));
        bar.value = pct;
        text.textContent = t("loading_runtime", { pct });
      }
    })().catch(() => {});
    return res;
  };
  window.addEventListener("py:ready", () => { text.textContent = t("loading_start"); });
}

// ------------------------------------------------------------------ display model

function model(st, extra = {}) {
  const v = st.view, n = v.players;
  const hands = Array.from({ length: n }, (_, s) => (s === 0 ? v.hand : v.hands?.[String(s)] ?? v.hand_sizes[s]));
  const piles = new Array(n).fill(0);
  for (const tr of v.tricks) piles[tr.winner] += tr.cards.length;
  const teamOf = st.teams.length === 2 && n > 2 ? Object.fromEntries(st.teams.flatMap((team, i) => team.map((s) => [s, i]))) : null;
  const myTurnToPlay = (v.legal || []).some((a) => a.play);
  return {
    players: n, hands, piles, teamOf,
    trick: v.trick.map((code, i) => ({ seat: (v.leader + i) % n, code })),
    stock: v.stock, trump: v.trump, trumpSuit: v.trump_suit || (v.trump ? v.trump[1] : null),
    toMove: st.status === "playing" ? st.to_move : null,
    points: v.points, caller: v.caller, partner: v.partner,
    playedShown: !!v.options?.carte_viste, played: v.tricks.flatMap((tr) => tr.cards),
    playable: new Set((v.legal || []).filter((a) => a.play).map((a) => a.play)),
    style: choices.style, selected,
    placeholder: !!(selected || dragging) && st.status === "playing" && (myTurnToPlay || v.phase === "play"),
    ...extra,
  };
}

function draw(extra) {
  html.dataset.style = choices.style;
  render(model(state, extra));
  if (!performance.getEntriesByName("briscola:playable").length) performance.mark("briscola:playable");  // bench/load.py
  drawBar(state);
  showPanel(state, { onAct: humanAct });
}

function refreshSelection() {
  const m = model(state);
  showSelection(selected, m.placeholder, m.players);
}

/** Say it to screen readers (a polite live region; the last few lines are kept). */
function announce(text) {
  const region = $("announce");
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > 4) region.firstElementChild.remove();
}

function announcePlay(seat, code) {
  announce(seat === 0 ? t("ann_you_played", { card: cardName(code) }) : t("ann_played", { name: seatName(seat), card: cardName(code) }));
}

function announceTrick(st) {
  const i = st.view.tricks.length - 1, winner = st.view.tricks[i].winner, pts = st.trick_points?.[i] ?? 0;
  announce(winner === 0 ? t("ann_trick_you", { pts }) : t("ann_trick", { name: seatName(winner), pts }));
}

/** The language switchers (setup screen and table bar) redraw whatever is on screen. */
function switchLanguage(code) {
  chooseLanguage(code);
  translatePage();
  $("lang-switch").value = language();
  if (html.dataset.screen === "setup") renderSetup($("setup"), choices);
  else if (state && !animating) draw();
}

const CHOICE_NAMES = { variant: (v) => t(`v_${v}`), level: (v) => t(`l_${v}`) };

function explain(error) {
  if (error.code === "bad_setting") {  // the engine names the setting; the words are ours
    const setting = t(error.setting === "seed" ? "seed_setting" : error.setting);
    const value = error.value ?? "";
    if (!error.choices?.length) return t("err_bad_number", { setting, value });
    const name = CHOICE_NAMES[error.setting] ?? String;
    return t("err_bad_setting", { setting, value, choices: error.choices.map(name).join(", ") });
  }
  return t(`err_${error.code}`, { detail: error.detail });
}

// ------------------------------------------------------------------ animations of one step

function handMinus(hand, code) {
  return Array.isArray(hand) ? hand.filter((c) => c !== code) : Math.max(0, hand - 1);
}

async function animateStep(prev, next, played) {
  const n = prev.view.players;
  const seat = played.seat;
  if (played.play) {
    const code = played.play;
    const from = seat === 0
      ? document.querySelector(`#my-hand [data-card="${code}"]`)?.getBoundingClientRect() ?? seatRect(0)
      : (document.querySelector(`[data-hand="${seat}"] [data-card="${code}"]`) ?? null)?.getBoundingClientRect() ?? seatRect(seat);
    const completed = next.view.tricks.length > prev.view.tricks.length;
    const last = next.view.tricks[next.view.tricks.length - 1];
    const before = model(prev);
    const hands = before.hands.map((h, s) => (s === seat ? handMinus(h, code) : h));
    const trick = completed ? last.cards.map((c, i) => ({ seat: (last.leader + i) % n, code: c }))
      : next.view.trick.map((c, i) => ({ seat: (next.view.leader + i) % n, code: c }));
    render({ ...before, hands, trick, toMove: null, playable: new Set(), selected: null, placeholder: false });
    sound.play("play");
    announcePlay(seat, code);
    await flyFrom(document.querySelector(`.trick [data-card="${code}"]`), from, 320);
    if (completed) {
      announceTrick(next);
      await pause(750);
      sound.play("collect");
      const to = pileRect(last.winner);
      await Promise.all([...document.querySelectorAll(".trick .card")].map((el, i) => flyTo(el, to, 380, i * 40)));
      const piles = model(next).piles;
      render({ ...before, hands, trick: [], piles, toMove: null, playable: new Set(), selected: null, placeholder: false });
    }
  }
  await animateDraws(prev, next, played);
}

async function animateDraws(prev, next, played) {
  const shownHands = [...document.querySelectorAll("#my-hand .hand-card")].map((el) => el.dataset.card);
  const oldCounts = Array.from({ length: next.view.players }, (_, s) => (s === 0 ? shownHands.length
    : document.querySelectorAll(`[data-hand="${s}"] .card`).length));
  const stock = stockRect(), trump = trumpRect(), oldTrump = prev.view.trump;
  const exchangeFrom = played.exchange ? seatRect(played.seat) : null;
  state = next;
  draw();
  const moves = [];
  if (played.exchange) {
    moves.push(flyFrom(document.querySelector(`.stock .trump`), exchangeFrom, 420));
    notice(() => exchangedText(played.seat, played.exchange, oldTrump), "info", { effect: "exchange" });
  }
  let k = 0;
  for (const el of document.querySelectorAll("#my-hand .hand-card")) {
    if (!shownHands.includes(el.dataset.card)) {
      moves.push(flyFrom(el, el.dataset.card === oldTrump && next.view.stock === 0 ? trump : stock, 300, 90 * k++));
    }
  }
  for (let s = 1; s < next.view.players; s++) {
    const cards = [...document.querySelectorAll(`[data-hand="${s}"] .card`)];
    for (const el of cards.slice(oldCounts[s])) moves.push(flyFrom(el, stock, 300, 90 * k++));
  }
  if (moves.length > (played.exchange ? 1 : 0)) sound.play("draw");
  await Promise.all(moves);
}

async function animateDeal() {
  draw();
  const from = stockRect();
  const n = state.view.players;
  const moves = [];
  const mine = [...document.querySelectorAll("#my-hand .hand-card")];
  const others = Array.from({ length: n }, (_, s) => [...document.querySelectorAll(`[data-hand="${s}"] .card`)]);
  const rounds = Math.max(mine.length, ...others.map((o) => o.length));
  let k = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 1; i <= n; i++) {
      const s = (state.view.dealer + i) % n;
      const el = s === 0 ? mine[r] : others[s][r];
      if (el) moves.push(flyFrom(el, from, 260, 60 * k++));
    }
  }
  sound.play("draw");
  await Promise.all(moves);
}

// ------------------------------------------------------------------ the turn loop

function persist() {
  const res = call("save");
  if (res.error) return;
  if (!saveMatch(res.text)) reloadFromStorage(true);
  else tournamentPersist(res.text);
}

/** The effect for the position reached by a step: your turn, or a deal/match won or lost. */
function stepSound(st) {
  if (st.status === "playing") {
    if (st.to_move === 0 && !st.ai_to_move) sound.play("turn");
    return;
  }
  const m = st.match, r = st.deal_result;
  let won = null;
  if (st.status === "match-over" && m.winner != null) won = m.sides[m.winner].includes(0);
  else if (st.status === "match-over" && m.scores) won = m.scores[0] === Math.max(...m.scores);
  else if (r?.scores) won = r.scores[0] > 0;
  else if (r && r.winner != null) won = st.sides[r.winner].includes(0);
  if (won != null) sound.play(won ? "win" : "lose");
}

/** Count a finished match in the statistics, once (the engine marks it in the saved match). */
function countStats() {
  const stored = loadStats();
  if (stored?.damaged) return;  // explained when the player opens the statistics
  const res = call("stats_add", { stats: stored });
  if (res.error || !res.counted) return;
  saveStats(res.stats);
  persist();
}

function showStats() {
  const stored = loadStats();
  const res = stored?.damaged ? { error: { code: "stats_damaged", detail: "JSON" } } : call("stats", { stats: stored });
  if (res.error) {
    showDialog(t("stats_title"), [explain(res.error)], [
      { label: t("cancel"), action: hideDialog },
      { label: t("stats_reset"), primary: true, id: "btn-stats-reset-yes", action: resetStats }]);
    return;
  }
  showDialog(t("stats_title"), [{ html: statsHtml(res.stats) }], [
    { label: t("stats_reset"), id: "btn-stats-reset", action: () => showDialog(t("stats_reset"), [t("stats_reset_confirm")], [
      { label: t("cancel"), action: showStats },
      { label: t("stats_reset"), primary: true, id: "btn-stats-reset-yes", action: resetStats }]) },
    { label: t("close"), primary: true, action: hideDialog }]);
  document.querySelector("#dialog .dialog-card").classList.add("wide");
}

function resetStats() {
  saveStats(call("stats_reset").stats);
  showStats();
}

function after(stepped = false) {
  if (state.status === "match-over") countStats();
  if (html.dataset.state === "setup") return;  // the player left the table: the move is saved, the form stays
  if (stepped) stepSound(state);
  draw();
  if (queuedPlay) {
    const action = queuedPlay;
    queuedPlay = null;
    humanAct(action);
    return;
  }
  setScreen(state.status);
  if (state.status === "playing" && state.ai_to_move) computerTurn();
  else if (state.status !== "playing") {
    showSummary(state, { onNext: nextDeal, onNew: () => (backToTournament() ? openTournament() : openSetup()),
      onReview: () => showReview(call("review")), opponentName: opponentPairName() });
    if (state.status === "match-over") tournamentMatchEnd();
  }
}

async function computerTurn() {
  const gen = generation;
  const req = call("ai_request");
  if (!req || req.error) return;
  performance.mark("briscola:ai-start");  // bench/load.py: the longest task during AI turns
  let answer;
  try {
    [answer] = await Promise.all([aiChoose(req), pause(400)]);
  } catch {
    answer = JSON.parse(window.briscolaCall("ai_answer", JSON.stringify(req)));  // the worker failed
  }
  if (gen !== generation) return;
  const prev = state;
  const res = call("ai_act", { seat: req.seat, action: answer });
  if (!res.ok) {
    notice(() => explain(res.error));
    return;
  }
  animating = true;
  try {
    await animateStep(prev, res.state, res.played);
  } finally {
    animating = false;
  }
  performance.mark("briscola:ai-end");
  if (gen !== generation) return;
  state = res.state;
  persist();
  after(true);
}

function humanAct(action) {
  if (!state) return;
  if (animating) {
    queuedPlay = action;
    return;
  }
  const prev = state;
  const res = call("act", action);
  if (!res.ok) {
    notice(() => explain(res.error));
    return;
  }
  selected = null;
  animating = true;
  const gen = generation;
  animateStep(prev, res.state, res.played).finally(() => {
    animating = false;
    if (gen !== generation) return;  // another tab's newer position was loaded meanwhile: it wins
    state = res.state;
    persist();
    after(true);
  });
}

function nextDeal() {
  hideDialog();
  const res = call("next_deal");
  if (res.error) { notice(() => explain(res.error)); return; }
  state = res;
  persist();
  setScreen("playing");
  animating = true;
  animateDeal().finally(() => { animating = false; after(); });
}

/** What campione would play here, thought out in the AI worker, with a reason from the position. */
async function hint() {
  const req = state && call("hint_request");
  if (!req || req.error) { notice(() => t("hint_none"), "info"); return; }
  const gen = generation, before = state;
  const btn = $("btn-hint");
  btn.disabled = true;
  let answer;
  try {
    answer = await aiChoose(req);
  } catch {
    answer = JSON.parse(window.briscolaCall("ai_answer", JSON.stringify(req)));  // the worker failed
  } finally {
    btn.disabled = false;
  }
  if (gen !== generation || state !== before || answer.error) return;  // the position moved on
  const r = call("hint_reason", answer);
  if (r.error) return;
  const what = () => (r.action.play ? cardName(r.action.play) : r.action.exchange ? t("exchange_do") : t("hint_other"));
  notice(() => t("hint_text", { card: what(), reason: r.key ? t(`r_${r.key}`, r.params) : "" }), "hint", { hint: r.action.play || "" });
  if (r.action.play) { selected = r.action.play; refreshSelection(); }
}

/** The step-by-step replay of a deal (engine op "review"); a bad record is explained, nothing else changes. */
function showReview(answer) {
  if (answer.error) { notice(() => explain(answer.error)); return; }
  hideDialog();
  openReview(answer, {
    style: choices.style, toast: (text) => notice(text, "info"), onImport: importRecord,
    onClose: () => { if (state && state.status !== "playing") after(); },
  });
}

function importRecord(text) {
  let record;
  try { record = JSON.parse(text); } catch { notice(() => explain({ code: "bad_record", detail: "JSON" })); return; }
  showReview(call("review", { record }));
}

// ------------------------------------------------------------------ starting and resuming

function openSetup() {
  hideDialog();
  setScreen("setup");
  const form = $("setup");
  renderSetup(form, choices, { resume: !!state && state.status !== "match-over" });
}

function startMatch(settings, op = "new") {
  const res = call(op, settings);
  if (res.error) return res.error;
  generation++;
  state = res;
  selected = null;
  const saved = call("save");
  if (!saved.error) saveNewMatch(saved.text);
  hideDialog();
  setScreen("playing");
  animating = true;
  animateDeal().finally(() => { animating = false; after(); });
  return null;
}

function resume(text) {
  const res = call("load", text);
  if (res.error) return res.error;
  generation++;
  state = res;
  selected = null;
  setScreen(state.status);
  draw();
  after();
  return null;
}

function reloadFromStorage(fromOtherTab) {
  const saved = loadMatch();
  if (!saved || saved.corrupt) return;
  if (resume(saved.text) === null && fromOtherTab) notice(() => t("other_tab"), "info");
}

function corruptSave(detail) {
  setScreen("setup");
  renderSetup($("setup"), choices);
  showDialog(t("corrupt_title"), [t("corrupt_body", { detail })],
    [{ label: t("new_game"), primary: true, action: () => openSetup() }]);
}

function fromUrl() {
  const q = new URLSearchParams(location.search);
  if (!q.has("new")) return null;
  const variant = q.get("new");
  const c = { ...choices, variant };
  if (q.has("players")) c.players = Number(q.get("players"));
  if (VARIANTS[variant] && !VARIANTS[variant].players.includes(c.players)) c.players = VARIANTS[variant].players[0];
  Object.assign(c, defaultFormat(variant, c.players));
  if (q.has("level")) c.level = q.get("level");
  if (q.has("speed") && SPEEDS.includes(q.get("speed"))) c.speed = q.get("speed");
  if (q.has("style")) c.style = q.get("style");
  const raw = q.get("seed");  // not a whole number: passed as written, so the message can quote it
  const seed = raw === null ? Math.floor(Math.random() * 2 ** 31) : /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  const settings = toSettings(c, seed);
  if (q.has("level") && !LEVELS.includes(c.level)) settings.level = c.level;  // the engine explains
  return { c, settings };
}

async function boot() {
  translatePage();
  setScreen("loading");
  const hand = $("my-hand"), felt = $("felt");
  attachInput({
    hand, felt,
    enabled: () => html.dataset.state === "playing" && $("dialog").hidden,
    getSelected: () => selected,
    onSelect: (code) => { selected = code; if (state && !animating) refreshSelection(); },
    onPlay: (code) => { selected = code; humanAct({ play: code }); },
    onDrag: (code, on) => { dragging = on ? code : null; if (on) selected = code; if (state && !animating) refreshSelection(); },
  });
  // A card reached with Tab is selected, so Enter plays the card that has the focus.
  let tabbing = false;
  document.addEventListener("keydown", (e) => { tabbing = e.key === "Tab"; }, true);
  hand.addEventListener("focusin", (e) => {
    const card = e.target.closest?.(".hand-card");
    if (tabbing && card && html.dataset.state === "playing" && selected !== card.dataset.card) {
      selected = card.dataset.card;
      if (state && !animating) refreshSelection();
    }
    tabbing = false;
  });
  const langSwitch = $("lang-switch");
  langSwitch.innerHTML = Object.entries(LANGUAGES).map(([code, name]) => `<option value="${code}" lang="${code}">${name}</option>`).join("");
  langSwitch.value = language();
  langSwitch.addEventListener("change", () => switchLanguage(langSwitch.value));
  $("setup").addEventListener("change", (e) => {
    if (e.target.name === "lang") { switchLanguage(e.target.value); return; }
    const before = choices.variant, players = choices.players;
    choices = readForm($("setup"), choices);
    if (choices.variant !== before || choices.players !== players) Object.assign(choices, defaultFormat(choices.variant, VARIANTS[choices.variant].players.includes(choices.players) ? choices.players : VARIANTS[choices.variant].players[0]));
    renderSetup($("setup"), choices);
    saveSetup(choices);
    setSpeed(choices.speed);
    sound.setEnabled(choices.sound);
    showSoundButton();
  });
  $("setup").addEventListener("submit", (e) => {
    e.preventDefault();
    choices = readForm($("setup"), choices);
    saveSetup(choices);
    setSpeed(choices.speed);
    const err = startMatch(toSettings(choices, Math.floor(Math.random() * 2 ** 31)));
    if (err) {
      const box = $("setup").querySelector(".form-error");
      box.textContent = explain(err);
      box.hidden = false;
    }
  });
  $("btn-new").addEventListener("click", () => (state && state.status !== "match-over" ? confirmLeave(openSetup) : openSetup()));
  $("setup").addEventListener("click", (e) => { if (e.target.id === "btn-stats") showStats(); });
  $("setup").addEventListener("click", (e) => { if (e.target.id === "btn-back-match") reloadFromStorage(false); });
  $("setup").addEventListener("click", (e) => { if (e.target.id === "btn-tournament") openTournament(); });
  initTournament({ setScreen, startMatch, resume, openSetup, level: () => choices.level });
  $("btn-hint").addEventListener("click", () => hint());
  $("btn-sound").addEventListener("click", () => {
    choices = { ...choices, sound: !choices.sound };
    saveSetup(choices);
    sound.setEnabled(choices.sound);
    showSoundButton();
    if (choices.sound) sound.play("turn");  // a short sample, so the player hears it is on
  });
  showSoundButton();
  $("btn-last").addEventListener("click", () => { if (state) showLastTrick(state, choices.style, hideDialog); });
  $("btn-abandon").addEventListener("click", () => {
    showDialog(t("abandon"), [t("abandon_confirm")], [
      { label: t("cancel"), action: hideDialog },
      { label: t("yes_abandon"), primary: true, action: () => {
        hideDialog();
        generation++;
        const res = call("abandon");
        if (res.error) { notice(() => explain(res.error)); return; }
        state = res;
        persist();
        after(true);
      } },
    ]);
  });
  onOtherTab(() => { generation++; reloadFromStorage(true); });

  await pythonReady;
  setSpeed(choices.speed);
  const link = new URLSearchParams(location.search).get("record");
  if (link !== null) history.replaceState(null, "", location.pathname + location.hash);
  const url = fromUrl();
  if (url) {
    history.replaceState(null, "", location.pathname + location.hash);
    choices = { ...choices, style: url.c.style, speed: url.c.speed };
    saveSetup(choices);  // a link's speed and deck style stay the player's preferences
    setSpeed(choices.speed);
    const err = startMatch(url.settings);
    if (err) {
      openSetup();
      notice(() => explain(err));
    }
  } else if (tournamentOnScreen()) openTournament();
  else {
    const saved = loadMatch();
    if (saved?.corrupt) corruptSave("JSON");
    else if (saved) {
      const err = resume(saved.text);
      if (err) corruptSave(err.detail);
    } else openSetup();
  }
  if (link !== null) showReview(call("review", { link }));  // a shared deal opens over the saved match
  afterFirstRender();
}

/** The table's sound button mirrors the remembered choice (the setup's "Suoni" checkbox is the same one). */
function showSoundButton() {
  $("btn-sound").setAttribute("aria-pressed", String(!!choices.sound));
}

function afterFirstRender() {
  // Precache and the AI's Python start only once the page is up (both are fed by the HTTP cache).
  requestAnimationFrame(() => setTimeout(() => {
    startAI();
    if ("serviceWorker" in navigator) navigator.serviceWorker.register("./sw.js").catch(() => {});
  }, 0));
}

boot().catch((err) => {
  $("load-text").textContent = t("loading_failed", { detail: err?.message || err });
});
