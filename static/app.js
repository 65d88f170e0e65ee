// The page's controller: the first screen at once (from HTML and JavaScript alone), the screens,
// the bar and the wiring of input to the turn loop (turns.js). Python runs in a worker (engine.js)
// started right after the first paint; nothing here ever waits for it before drawing.
import { setSpeed } from "./table/anim.js";
import { allowed, cut } from "./storage/checks.js";
import { onEngineProgress, startEngine } from "./engine/worker.js";
import { LANGUAGES, cardName, chooseLanguage, hasText, language, preferredLanguage, reasonText, setLanguage, t, translatePage } from "./strings/i18n.js";
import { attachInput } from "./table/input.js";
import { fromUrl, hostFromUrl, recordLink, relayFromUrl } from "./boot/links.js";
import { changed as onlineChanged, guestLink, initOnline, onlineRole, openGuest, openHost, resumedMatch } from "./online/online.js";
import { showOnlineSection } from "./online/lobby.js";
import { hostLink } from "./online/setup.js";
import { DEFAULTS, VARIANTS, defaultFormat, readForm, renderSetup, toSettings, vetChoices } from "./screens/setup.js";
import { loadMatch, loadSetup, loadStats, onOtherTab, saveSetup, saveStats } from "./storage/storage.js";
import { me, seatName, setViewer } from "./table/table.js";
import { showPanel } from "./table/panels.js";
import { confirmLeave, hideDialog, showDialog, showLastTrick, showSummary } from "./screens/dialogs.js";
import { drawBar } from "./table/bar.js";
import { initClock, trackClock } from "./table/clock.js";
import { notice, setNoticeSound } from "./table/notice.js";
import { createSound } from "./table/sound.js";
import { openReview } from "./screens/review.js";
import { statsHtml } from "./screens/stats.js";
import * as turns from "./table/turns.js";
import { backToTournament, initTournament, openTournament, opponentPairName, showTournamentSection, tournamentMatch, tournamentMatchEnd, tournamentOnScreen, tournamentPersist } from "./screens/tournament.js";

const html = document.documentElement;
const $ = (id) => document.getElementById(id);

let choices = vetChoices({ ...DEFAULTS, ...loadSetup() });
const sound = createSound(!!choices.sound);  // off by default (setup: "Suoni")
window.briscolaSound = sound;  // tests read sound.enabled (audio cannot be heard headless)
setNoticeSound((effect) => sound.play(effect));

setLanguage(preferredLanguage());

// ------------------------------------------------------------------ screens

function setScreen(name) {
  // The UI contract's states are loading|setup|playing|deal-over|match-over: the tournament
  // screen, like the setup, is a screen between matches; data-screen tells them apart.
  html.dataset.state = name === "tournament" || name === "lobby" ? "setup" : name;  // the lobby: online.js
  html.dataset.screen = name;
  $("loading").hidden = name !== "loading";
  $("setup").hidden = name !== "setup";
  $("table").hidden = !["playing", "deal-over", "match-over"].includes(name);
  showTournamentSection(name);
  showOnlineSection(name);
  turns.refreshInput();
}

const onTable = () => ["playing", "deal-over", "match-over"].includes(html.dataset.state) && html.dataset.screen !== "tournament"
  && $("dialog").hidden && !document.querySelector(".review:not([hidden])");

function showProgress() {
  setScreen("loading");
}

onEngineProgress((p) => {
  const bar = $("load-progress"), text = $("load-text");
  const expected = 12_400_000;  // wasm + stdlib + lock + package, uncompressed
  if (p.loaded != null) {
    const pct = Math.min(99, Math.round((p.loaded / expected) * 100));
    bar.value = pct;
    text.textContent = t("loading_runtime", { pct });
  } else if (p.phase === "python") text.textContent = t("loading_start");
});

// ------------------------------------------------------------------ the bar, the turn line, the panel

/** The table's bar, turn line and decision panel; `accepting`: what the player may do now. The
 * turn line and the panel follow `st`, the newest position (the player may move in it while a step
 * animates); the bar's scores follow `shown`, the position on the table, so a trick's points count
 * when its cards are collected, not before. */
function drawChrome(st, accepting, shown = st) {
  if (!st) return;
  setViewer(st);
  html.dataset.style = choices.style;
  drawBar(shown ?? st);  // null before anything is drawn
  trackClock(turns.current(), turns.awaitingMove());  // the move clock follows the engine's newest position
  // "Tocca a te" exactly when the page takes a move; after a move, until the engine has it, nothing.
  let turn = "";
  if (st.status === "playing") {
    if (st.stand_in) turn = t("cs_line");  // chiamata: the computer plays the person's seat
    else if (accepting.length) turn = t("your_turn");
    else if (st.to_move != null && st.to_move !== me()) turn = t("thinking", { name: seatName(st.to_move) });
  }
  if ($("turn").textContent !== turn) $("turn").textContent = turn;
  showPanel({ ...st, view: { ...st.view, legal: accepting } }, { onAct: (a) => turns.take(a) });
}

/** Say it to screen readers (a polite live region; the last few lines are kept). */
function announce(text) {
  const region = $("announce");
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > 4) region.firstElementChild.remove();
}

const say = (seat, code) => announce(seat === me() ? t("ann_you_played", { card: cardName(code) }) : t("ann_played", { name: seatName(seat), card: cardName(code) }));

function sayTrick(st) {
  const i = st.view.tricks.length - 1, winner = st.view.tricks[i].winner, pts = st.trick_points?.[i] ?? 0;
  announce(winner === me() ? t("ann_trick_you", { pts }) : t("ann_trick", { name: seatName(winner), pts }));
}

/** The effect for the position reached by a step: your turn, or a deal/match won or lost. */
function stepSound(st) {
  if (st.status === "playing") {
    // A person's turn on this device (pass-and-play: the next one's, under the cover too).
    if ((st.to_move === me() || st.people?.includes(st.to_move)) && !st.ai_to_move) sound.play("turn");
    return;
  }
  const m = st.match, r = st.deal_result;
  let won = null;
  if (st.status === "match-over" && m.winner != null) won = m.sides[m.winner].includes(me());
  else if (st.status === "match-over" && m.scores) won = m.scores[me()] === Math.max(...m.scores);
  else if (r?.scores) won = r.scores[me()] > 0;
  else if (r && r.winner != null) won = st.sides[r.winner].includes(me());
  if (won != null) sound.play(won ? "win" : "lose");
}

const CHOICE_NAMES = { variant: (v) => t(`v_${v}`), level: (v) => t(`l_${v}`) };

/** An engine or page error in the player's words (the engine's own text never reaches the screen). */
function explain(error) {
  if (error.code === "bad_setting") {  // the engine (or links.js) names the setting; the words are ours
    const setting = t(error.setting === "seed" ? "seed_setting" : error.setting);
    const value = cut(error.value ?? "", 40);
    if (!error.choices?.length) return t("err_bad_number", { setting, value });
    const name = CHOICE_NAMES[error.setting] ?? String;
    return t("err_bad_setting", { setting, value, choices: error.choices.map(name).join(", ") });
  }
  const key = hasText(`err_${error.code}`) ? `err_${error.code}` : hasText(error.code) ? error.code : "err_unknown";
  return t(key, { detail: reasonText(error) });
}

// ------------------------------------------------------------------ the end of a deal or match

let summaryFor = null;

async function settled(st) {
  if (st.status === "playing" || summaryFor === st) return;
  summaryFor = st;
  setViewer(st);
  // The summary first: the statistics are counted behind it (the player sees them later).
  if (st.status === "match-over") countStats().catch(() => {});  // a dead engine: counted next time
  if (!onTable() && !$("dialog").hidden) return;
  setScreen(st.status);
  showSummary(st, {
    onNext: () => { hideDialog(); turns.command("next_deal"); },
    onNew: () => (backToTournament() ? openTournament() : openSetup()),
    onRematch: backToTournament() || tournamentMatch() || onlineRole() ? null : () => { hideDialog(); startMatch({}, "rematch"); },
    onReview: async () => showReview(await turns.ask("review")),
    opponentName: opponentPairName(),
  });
  if (st.status === "match-over") tournamentMatchEnd();
}

async function countStats() {
  const stored = loadStats();
  if (stored?.damaged) return;  // explained when the player opens the statistics
  const res = await turns.countStats(stored);
  if (!res.error && res.counted) saveStats(res.stats);
}

async function showStats() {
  await startEngine();
  const stored = loadStats();
  const res = stored?.damaged ? { error: { code: "stats_damaged", reason: stored.damaged } } : await turns.ask("stats", { stats: stored });
  if (res.error) {
    showDialog(t("stats_title"), [explain(res.error)], [
      { label: t("cancel"), cancel: true, action: hideDialog },
      { label: t("stats_reset"), primary: true, id: "btn-stats-reset-yes", action: resetStats }]);
    return;
  }
  showDialog(t("stats_title"), [{ html: statsHtml(res.stats) }], [
    { label: t("stats_reset"), id: "btn-stats-reset", action: () => showDialog(t("stats_reset"), [t("stats_reset_confirm")], [
      { label: t("cancel"), cancel: true, action: showStats },
      { label: t("stats_reset"), primary: true, id: "btn-stats-reset-yes", action: resetStats }]) },
    { label: t("close"), primary: true, cancel: true, action: hideDialog }]);
  document.querySelector("#dialog .dialog-card").classList.add("wide");
}

async function resetStats() {
  saveStats((await turns.ask("stats_reset")).stats);
  showStats();
}

/** The step-by-step replay of a deal (engine op "review"); a bad record is explained, nothing else changes. */
function showReview(answer) {
  if (answer.error) { notice(() => explain(answer.error)); return; }
  hideDialog();
  openReview(answer, {
    style: choices.style, toast: (text) => notice(text, "info"), onImport: importRecord,
    onClose: () => { summaryFor = null; const st = turns.current(); if (st && st.status !== "playing") settled(st); turns.refreshInput(); },
  });
  turns.refreshInput();
}

async function importRecord(text) {
  const link = recordLink(text, "file");
  if (link.error) { notice(() => explain(link.error)); return; }
  await startEngine();
  showReview(await turns.ask("review", link.arg));
}

// ------------------------------------------------------------------ starting and resuming

function openSetup() {
  hideDialog();
  turns.leaveTable();
  setScreen("setup");
  const st = turns.current();
  renderSetup($("setup"), choices, { resume: !!st && st.status !== "match-over" });
}

function showTable(st) {
  summaryFor = null;
  hideDialog();
  setScreen(st.status);
}

/** A new match; before Python is up the progress shows and the match starts the moment it is. */
async function startMatch(settings, op = "new") {
  if (!engineReadyNow && onlineRole() !== "guest") showProgress();
  let err;
  try {
    err = await turns.startMatch(settings, op);
  } catch {
    err = { code: "engine_failed" };
  }
  if (err) {
    openSetup();
    notice(() => explain(err));
  }
  return err;
}

async function resume(saved) {
  let err;
  try {
    err = await turns.resumeMatch(saved);
  } catch {
    err = { code: "engine_failed" };
  }
  if (err) corruptSave(err);
  else resumedMatch(turns.current());  // an online table rejoins its room
  return err;
}

function corruptSave(error) {
  setScreen("setup");
  renderSetup($("setup"), choices);
  showDialog(t("corrupt_title"), [t("corrupt_body", { detail: reasonText(error) })],
    [{ label: t("new_game"), primary: true, action: () => openSetup() }]);
}

let engineReadyNow = false;
let setupRelay = null;  // the page's own `relay=`, for online tables opened from the setup

function wire() {
  translatePage();
  const hand = $("my-hand"), felt = $("felt");
  attachInput({
    hand, felt,
    enabled: () => onTable(),
    getSelected: () => turns.selected(),
    onSelect: (code) => turns.select(code),
    onPlay: (code) => turns.take({ play: code }),
    onDrag: (code, on) => turns.drag(code, on),
  });
  // A card reached with Tab is selected, so Enter plays the card that has the focus.
  let tabbing = false;
  document.addEventListener("keydown", (e) => { tabbing = e.key === "Tab"; }, true);
  hand.addEventListener("focusin", (e) => {
    const card = e.target.closest?.(".hand-card");
    if (tabbing && card && onTable() && turns.selected() !== card.dataset.card) turns.select(card.dataset.card);
    tabbing = false;
  });
  const langSwitch = $("lang-switch");
  langSwitch.replaceChildren(...Object.entries(LANGUAGES).map(([code, name]) => Object.assign(document.createElement("option"), { value: code, lang: code, textContent: name })));
  langSwitch.value = language();
  langSwitch.addEventListener("change", () => switchLanguage(langSwitch.value));
  const form = $("setup");
  form.addEventListener("change", (e) => {
    if (e.target.name === "lang") { switchLanguage(e.target.value); return; }
    if (e.target.name?.startsWith("name_")) {  // a name: kept, without redrawing the form under the next tap
      choices = vetChoices(readForm(form, choices));
      saveSetup(choices);
      return;
    }
    const before = choices.variant, players = choices.players;
    choices = vetChoices(readForm(form, choices));
    if (choices.variant !== before || choices.players !== players) Object.assign(choices, defaultFormat(choices.variant, VARIANTS[choices.variant].players.includes(choices.players) ? choices.players : VARIANTS[choices.variant].players[0]));
    renderSetup(form, choices);
    saveSetup(choices);
    setSpeed(choices.speed);
    sound.setEnabled(choices.sound);
    showSoundButton();
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    choices = vetChoices(readForm(form, choices));
    saveSetup(choices);
    setSpeed(choices.speed);
    const failed = (err) => {
      const box = form.querySelector(".form-error");
      box.textContent = explain(err);
      box.hidden = false;
    };
    const settings = toSettings(choices, Math.floor(Math.random() * 2 ** 31));
    if (choices.where === "online") {  // the lobby; its match starts once the guests are seated
      const link = hostLink(choices, settings, setupRelay);
      if (link.error) failed(link.error);
      else openHost(link, null);
      return;
    }
    startMatch(settings).then((err) => { if (err) failed(err); });
  });
  $("btn-new").addEventListener("click", () => {
    const st = turns.current();
    if (st && st.status !== "match-over") confirmLeave(openSetup);
    else openSetup();
  });
  form.addEventListener("click", (e) => {
    if (e.target.id === "btn-stats") showStats();
    if (e.target.id === "btn-tournament") openTournament();
    if (e.target.id === "btn-back-match") turns.backToTable();
  });
  initTournament({ setScreen, startMatch, resume, openSetup, announce, level: () => choices.level, saveText: turns.saveText });
  $("btn-hint").addEventListener("click", hint);
  $("btn-sound").addEventListener("click", () => {
    choices = { ...choices, sound: !choices.sound };
    saveSetup(choices);
    sound.setEnabled(choices.sound);
    showSoundButton();
    if (choices.sound) sound.play("turn");  // a short sample, so the player hears it is on
  });
  showSoundButton();
  $("btn-last").addEventListener("click", () => {
    const st = turns.current();
    if (st) showLastTrick(st, choices.style, hideDialog);
  });
  $("btn-abandon").addEventListener("click", (e) => {
    // In chiamata nobody abandons (source 003): the computer plays the seat, or gives it back, at once.
    const mode = e.currentTarget.dataset.mode;
    if (mode === "stand-in" || mode === "take-back") { turns.command("stand_in", { on: mode === "stand-in" }); return; }
    showDialog(t("abandon"), [t("abandon_confirm")], [
      { label: t("cancel"), cancel: true, action: hideDialog },
      { label: t("yes_abandon"), primary: true, action: () => { hideDialog(); turns.command("abandon"); } },
    ]);
  });
  // A dialog over the table stops the hand taking moves, and its closing lets it again (UI-CONTRACT:
  // a card shown playable is playable): the hand's marks follow the dialog whoever opens or closes it.
  new MutationObserver(() => turns.refreshInput()).observe($("dialog"), { attributes: true, attributeFilter: ["hidden"] });
  onOtherTab(() => { if (!onlineRole() && html.dataset.screen !== "setup" && html.dataset.screen !== "tournament") turns.otherTab(); });
}

/** What campione would play here, thought out in the worker, with a reason from the position. */
async function hint() {
  const btn = $("btn-hint");
  btn.disabled = true;
  let r = null;
  try {
    r = await turns.hint();
  } catch { /* the worker is being replaced: no hint this time */ } finally {
    btn.disabled = false;
  }
  const cutting = turns.current()?.view.phase === "cut" && turns.current().cut?.seat === me();  // any place is as good
  if (!r) { notice(() => t(cutting ? "hint_cut" : "hint_none"), "info"); return; }
  const what = () => (r.action.play ? cardName(r.action.play) : r.action.exchange ? t("exchange_do") : t("hint_other"));
  notice(() => t("hint_text", { card: what(), reason: r.key ? t(`r_${r.key}`, r.params) : "" }), "hint", { hint: r.action.play || "" });
  if (r.action.play) turns.select(r.action.play);
}

/** The language switchers (setup screen and table bar) redraw whatever is on screen. */
function switchLanguage(code) {
  chooseLanguage(allowed(LANGUAGES, code, "it"));
  translatePage();
  $("lang-switch").value = language();
  if (html.dataset.screen === "setup") renderSetup($("setup"), choices);
  else turns.redraw();
}

/** The table's sound button mirrors the remembered choice (the setup's "Suoni" checkbox is the same one). */
function showSoundButton() {
  $("btn-sound").setAttribute("aria-pressed", String(!!choices.sound));
}

/** The first screen, from what the address bar and the storage say; Python is started right after. */
function firstScreen() {
  const q = new URLSearchParams(location.search);
  const relay = relayFromUrl(q);  // `/?relay=<url>`: for the tables opened from the setup too (UI-CONTRACT)
  setupRelay = relay?.error ? null : relay;
  const record = q.has("record") ? recordLink(q.get("record"), "link") : null;
  const url = fromUrl(q, choices);
  if (q.has("record") || url) history.replaceState(null, "", location.pathname + location.hash);
  const hosting = url ? null : hostFromUrl(q, choices);  // `?host=` and `?join=` links stay until the table starts
  if (hosting?.error || (q.has("join") && relayFromUrl(q)?.error)) {
    history.replaceState(null, "", location.pathname + location.hash);
    openSetup();
    notice(() => explain(hosting?.error ?? relayFromUrl(q).error));
  } else if (hosting) {
    choices = vetChoices({ ...choices, style: hosting.style, speed: hosting.speed });
    saveSetup(choices);
    setSpeed(choices.speed);
    openHost(hosting, q.toString());
  } else if (guestLink(q)) {
    openGuest(q, relayFromUrl(q));
  } else if (url?.error) {
    openSetup();
    notice(() => explain(url.error));
  } else if (url) {
    choices = vetChoices({ ...choices, style: url.style, speed: url.speed });
    saveSetup(choices);  // a link's speed and deck style stay the player's preferences
    setSpeed(choices.speed);
    startMatch(url.settings);
  } else if (tournamentOnScreen()) {
    showProgress();
    startEngine().then(() => openTournament(), () => openSetup());
  } else {
    const saved = loadMatch();
    if (saved?.damaged) corruptSave({ reason: saved.damaged });
    else if (saved) resume(saved);
    else openSetup();
  }
  if (record?.error) notice(() => explain(record.error));
  else if (record) startEngine().then(async () => showReview(await turns.ask("review", record.arg)));  // over whatever is shown
}

function boot() {
  setSpeed(choices.speed);
  wire();
  turns.initTurns({
    style: () => choices.style, drawChrome, notice, explain, sound, say, sayTrick, stepSound, settled, showTable,
    onTable, saved: tournamentPersist, changed: onlineChanged, screen: (status) => { if (html.dataset.screen !== status) setScreen(status); },
  });
  initClock({ report: (op, ms) => turns.command(op, { ms }), refresh: turns.refreshInput });
  initOnline({ setScreen, startMatch, notice, explain, showDialog, hideDialog, showReview, openSetup });
  firstScreen();
  performance.mark("briscola:first-screen");  // bench/load.py: the first screen answers a tap from here on
  // Python starts after the first paint (at once if the first screen needs it: then it has begun).
  const guest = guestLink(new URLSearchParams(location.search));  // a guest's page never starts Python
  requestAnimationFrame(() => setTimeout(() => {
    if (guest) return;  // a guest's page stays small: no Python, no precache of the whole site behind it
    const engine = startEngine().then(() => { engineReadyNow = true; }, () => {});
    if (!("serviceWorker" in navigator)) return;
    const precache = () => navigator.serviceWorker.register("./sw.js").catch(() => {});
    // A first visit's precache waits for the engine: it fetches the plain wasm and standard library
    // (the page had their Brotli copies: static/boot/brotli.js), not to share the network with the start.
    if (navigator.serviceWorker.controller) precache();
    else engine.then(precache);
  }, 0));
}

boot();
