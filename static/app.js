// The page's controller: the first screen at once (from HTML and JavaScript alone), the screens,
// and the wiring of input and of the table's hooks to the turn loop (table/turns.js). Python runs in a worker (engine/worker.js)
// started right after the first paint; nothing here ever waits for it before drawing.
import { setSpeed } from "./table/anim.js";
import { explain } from "./strings/explain.js";
import { allowed } from "./storage/checks.js";
import { onEngineProgress, startEngine } from "./engine/worker.js";
import { LANGUAGES, chooseLanguage, language, preferredLanguage, reasonText, setLanguage, t, textsReady, translatePage } from "./strings/i18n.js";
import { attachInput } from "./table/input.js";
import { MATCH_LINK_KEYS, dailyFromUrl, fromUrl, hostFromUrl, recordLink, relayFromUrl } from "./boot/links.js";
import { changed as onlineChanged, guestLink, initOnline, onlineRole, openGuest, openHost, resumedMatch } from "./online/online.js";
import { cancelLobby, showOnlineSection } from "./online/lobby.js";
import { DEFAULTS, deckFor, vetChoices } from "./screens/setup.js";
import { FRONT_SCREENS, closeRules, drawFront, initFront, redrawFront } from "./screens/front.js";
import { loadMatch, loadSetup, onOtherTab, saveSetup } from "./storage/storage.js";
import { announce, drawChrome, say, sayTrick } from "./table/chrome.js";
import { clearDialog, confirmLeave, dialogOpen, hideDialog, showDialog, showLastTrick } from "./screens/dialogs.js";
import { closeMenu } from "./table/bar.js";
import { guardHistory, initBack } from "./boot/back.js";
import { offerNewBuild, watchNewBuild } from "./boot/new-build.js";
import { clockAnew, initClock } from "./table/clock.js";
import { clearNotice, notice, setNoticeSound } from "./table/notice.js";
import { createSound, stepEffect } from "./table/sound.js";
import { initHint } from "./table/hint.js";
import { showLoadProgress } from "./boot/progress.js";
import { registerServiceWorker } from "./boot/sw-register.js";
import "./boot/modules.js";  // briscolaModule(name): the browser tests' way to the page's own modules
import { stopAnalysis } from "./screens/analysis-view.js";
import {
  closeCompare, closeReview, compareOpen, countNow, endPractice, forgetSummary, initDealEnd, letMatchGo, openStats, reviewOpen, settled, showReview,
} from "./screens/deal-end.js";
import * as turns from "./table/turns.js";
import { OP } from "./engine/api.js";
import { loadDeck } from "./decks/cards.js";
import { initTournamentEntry, leaveTournament, openTournament, showTournamentSection, tournamentOnScreen, tournamentPersist } from "./screens/tournament-entry.js";
import { clubOnScreen, initClubEntry, leaveClub, openClub, openClubFollow, showClubSection } from "./screens/club-entry.js";
import { closeDaily, initDailyEntry, openCalendar, openDaily, refreshDaily } from "./screens/daily-entry.js";

const html = document.documentElement;
const $ = (id) => document.getElementById(id);

let choices = vetChoices({ ...DEFAULTS, ...loadSetup() });
const sound = createSound(!!choices.sound);  // off by default (setup: "Suoni")
window.briscolaSound = sound;  // tests read sound.enabled (audio cannot be heard headless)
setNoticeSound((effect) => sound.play(effect));

setLanguage(preferredLanguage());

// ------------------------------------------------------------------ screens

/** The page's own state, kept here and handed on, never read back from the DOM.
 * @type {{screen: string, elsewhere: boolean}}  screen: loading|setup (the front door)|game|settings|tournament|lobby|
 * playing|deal-over|match-over;
 * elsewhere: an online guest's seat went to another page (online says so: seatElsewhere) */
const page = { screen: "loading", elsewhere: false };

const TABLE_SCREENS = ["playing", "deal-over", "match-over"];

let shownOnce = false;  // the first screen: nothing has scrolled yet (setting scrollTop lays the page out)

function setScreen(name) {
  // Every screen opens at its top: a section kept from an earlier visit keeps its scroll otherwise.
  if (page.screen !== name && shownOnce) for (const el of $("app").querySelectorAll(".screen, .setup-body")) el.scrollTop = 0;
  shownOnce = true;
  page.screen = name;
  page.elsewhere = false;
  // The UI contract's states are loading|setup|playing|deal-over|match-over: the front door, a
  // game's options, the settings, the tournaments and the lobby (online.js) are screens between
  // matches; data-screen tells them apart.
  const between = FRONT_SCREENS.includes(name) || ["tournament", "lobby", "club"].includes(name);
  html.dataset.state = between ? "setup" : name;
  html.dataset.screen = name;
  $("loading").hidden = name !== "loading";
  $("setup").hidden = !FRONT_SCREENS.includes(name);
  $("table").hidden = !TABLE_SCREENS.includes(name);
  showTournamentSection(name);
  showClubSection(name);
  showOnlineSection(name);
  turns.refreshInput();
  guardHistory();  // a match on the table: the back button stays in the app (boot/back.js)
  offerNewBuild();  // a new build waiting is offered between deals only (boot/new-build.js)
}

/** An online guest's seat went to another page: the table stays drawn beneath online's dialog but
 * takes no move, `<html data-state="elsewhere">` (UI-CONTRACT), until a screen replaces it. */
function seatElsewhere() {
  page.elsewhere = true;
  html.dataset.state = "elsewhere";
}

/** The table is on screen with nothing over it: the hand takes moves. */
const onTable = () => TABLE_SCREENS.includes(page.screen) && !page.elsewhere && !dialogOpen() && !reviewOpen() && !compareOpen();

function showProgress() {
  setScreen("loading");
}

onEngineProgress(showLoadProgress);

/** The deck to draw `variant` with: the player's choice, else the game's own (setup.js deckFor).
 * Kept in <html data-style> too, which the card names (strings/lookup.js) and the rituals read. */
function tableDeck(variant = turns.current()?.view.variant) {
  const deck = deckFor(choices, variant);
  html.dataset.style = deck;
  return deck;
}

/** The deck `variant` is drawn with, here before the table is drawn with it (decks/cards.js: a
 * style's drawing is loaded on first use). Never refuses: a deck that cannot load (offline, not
 * yet cached) leaves the default drawn in its place. */
const deckReady = (variant) => loadDeck(deckFor(choices, variant)).catch(() => {});

/** The texts the first screen does without (strings/lookup.js), here before a table or a screen is
 * drawn with them. Never refuses: if they cannot come (offline on a first visit), nothing would. */
const texts = () => textsReady().catch(() => {});

/** The effect for the position reached by a step (sound.js says which). */
function stepSound(st) {
  const effect = stepEffect(st);
  if (effect) sound.play(effect);
}

/** A record file opened from the review: its replay, or why it cannot be read. */
async function importRecord(text) {
  const link = recordLink(text, "file");
  if (link.error) { notice(() => explain(link.error)); return; }
  await startEngine();
  showReview(await turns.tableEngine().review(link.arg));
}

// ------------------------------------------------------------------ starting and resuming

/** A screen between matches (front.js): the front door unless told another (a button's action
 * hands in its event). */
function openSetup(name) {
  if (!FRONT_SCREENS.includes(name)) name = "setup";
  hideDialog();
  turns.leaveTable();
  setScreen(name);
  drawFront(name);
}

function showTable(st) {
  forgetSummary();
  hideDialog();
  setScreen(st.status);
}

/** A new match; before Python is up the progress shows and the match starts the moment it is. */
// Each start takes the next number. A start still waiting for the last match's count (countNow: its
// last deal is being analysed, seconds on a phone) when a newer start or a link followed in place
// came is dropped: it would replace the newer match (a rematch refused by the new one: the setup).
let startToken = 0;

async function startMatch(settings, op = OP.new, from = "setup") {
  const token = ++startToken;
  await Promise.all([countNow(), deckReady(settings?.variant ?? turns.current()?.view.variant), texts()]);
  if (token !== startToken) return null;
  stopAnalysis();  // the deals of the match on the table are no longer the engine's
  if (!engineReadyNow && onlineRole() !== "guest") showProgress();
  let err;
  try {
    err = await turns.startMatch(settings, op);
  } catch {
    err = { code: "engine_failed" };
  }
  if (err) {
    openSetup(from);  // the screen it was started from (a game's options say why over their button)
    notice(() => explain(err));
  }
  return err;
}

async function resume(saved) {
  let err;
  try {
    await Promise.all([deckReady(saved.view?.view?.variant), texts()]);
    err = await turns.resumeMatch(saved);
  } catch {
    err = { code: "engine_failed" };
  }
  if (err) corruptSave(err);
  else resumedMatch(turns.current());  // an online table rejoins its room
  return err;
}

function corruptSave(error) {
  openSetup();
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
    oneTap: () => choices.one_tap,
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
  $("btn-new").addEventListener("click", leaveTable);
  initFront({
    choices: () => choices, keep, screen: () => page.screen, open: openSetup, relay: () => setupRelay, switchLanguage,
    waiting: () => { const st = turns.current(); return st && st.status !== "match-over" ? st : null; },
    startMatch, openHost: (link) => openHost(link, null), backToTable: () => turns.backToTable(), openTournament, openClub,
    showStats: () => countNow().then(openStats), openDaily, openCalendar: () => openCalendar(),
  });
  initDailyEntry({ startMatch, resume, openSetup, showProgress, tableDeck, importRecord, onDoor: () => page.screen === "setup",
    redrawDoor: () => { if (page.screen === "setup") redrawFront(); } });
  initTournamentEntry({ setScreen, startMatch, resume, openSetup, announce, level: () => choices.level });
  initClubEntry({ setScreen, startMatch, resume, openSetup, announce, level: () => choices.level, relay: () => setupRelay,
    openHost: (link) => openHost(link, null) });
  initHint($("btn-hint"));
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
    if (st) showLastTrick(st, tableDeck(st.view.variant), hideDialog);
  });
  $("btn-abandon").addEventListener("click", (e) => {
    // In chiamata nobody abandons (source 003): the computer plays the seat, or gives it back, at once.
    const mode = e.currentTarget.dataset.mode;
    if (mode === "stand-in" || mode === "take-back") { turns.command(OP.standIn, { on: mode === "stand-in" }); return; }
    if (mode === "leave-practice") { endPractice(); return; }
    showDialog(t("abandon"), [t("abandon_confirm")], [
      { label: t("cancel"), cancel: true, action: hideDialog },
      { label: t("yes_abandon"), primary: true, action: () => { hideDialog(); turns.command(OP.abandon); } },
    ]);
  });
  // A dialog over the table stops the hand taking moves, and its closing lets it again (UI-CONTRACT:
  // a card shown playable is playable): the hand's marks follow the dialog whoever opens or closes it.
  new MutationObserver(() => turns.refreshInput()).observe($("dialog"), { attributes: true, attributeFilter: ["hidden"] });
  // A deck drawn in the default's place while its own was on its way (decks/cards.js): drawn again.
  document.addEventListener("briscola:deck", (e) => { if (TABLE_SCREENS.includes(page.screen) && e.detail === tableDeck()) turns.redraw(); });
  onOtherTab(() => { if (!onlineRole() && !FRONT_SCREENS.includes(page.screen) && !["tournament", "club"].includes(page.screen)) turns.otherTab(); });
}

/** "Nuova partita": a match in progress asks first (it stays saved). */
function leaveTable() {
  const st = turns.current();
  if (st && st.status !== "match-over") confirmLeave(openSetup);
  else openSetup();
}

/** A match on the table and not over: the back button asks before it leaves (boot/back.js). */
const midMatch = () => ["playing", "deal-over"].includes(page.screen) && !page.elsewhere && turns.current()?.status !== "match-over";

/** No trick under way and no table of other people's: a reload now loses nothing (boot/new-build.js). */
const betweenDeals = () => !onlineRole() && [...FRONT_SCREENS, "deal-over", "match-over"].includes(page.screen);

/** The language switchers (setup screen and table bar) redraw whatever is on screen. */
function switchLanguage(code) {
  chooseLanguage(allowed(LANGUAGES, code, "it"));
  translatePage();
  $("lang-switch").value = language();
  if (FRONT_SCREENS.includes(page.screen)) redrawFront();
  else turns.redraw();
}

/** Choices made on a screen between matches: kept, remembered, and the speed and the sound follow. */
function keep(c) {
  choices = c;
  saveSetup(choices);
  setSpeed(choices.speed);
  sound.setEnabled(choices.sound);
  showSoundButton();
}

/** The table's sound button mirrors the remembered choice (the settings' "Suoni" checkbox is the same one). */
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
  const daily = url ? null : dailyFromUrl(q, choices);  // `?daily=<variant>&date=`: that day's deal (UI-CONTRACT)
  if (q.has("record") || url || daily) history.replaceState(null, "", location.pathname + location.hash);
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
  } else if (url?.error || daily?.error) {
    openSetup();
    notice(() => explain((url ?? daily).error));
  } else if (daily) {
    choices = vetChoices({ ...choices, ...(daily.chosen ? { style: daily.style, style_chosen: true } : {}), speed: daily.speed });
    saveSetup(choices);
    setSpeed(choices.speed);
    openDaily(daily.variant, daily.date, "link");
  } else if (url) {
    choices = vetChoices({ ...choices, ...(url.chosen ? { style: url.style, style_chosen: true } : {}), speed: url.speed });
    saveSetup(choices);  // a link's speed and deck style stay the player's preferences
    setSpeed(choices.speed);
    startMatch(url.settings);
  } else if (q.has("club")) {  // a followers' link to an organiser's tournament: kept in the address (a reload shows it again)
    showProgress();
    openClubFollow(q.get("club"), q);
  } else if (clubOnScreen()) {
    showProgress();
    startEngine().then(() => openClub(), () => openSetup());
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
  else if (record) Promise.all([startEngine(), texts()]).then(async () => showReview(await turns.tableEngine().review(record.arg)));  // over whatever is shown
}

// ------------------------------------------------------------------ links opened in the page

// The links a page opens in place (the Navigation API): a new match, a deal to replay, or the page
// itself (only MATCH_LINK_KEYS). Online tables (and the tournament screen, whose computer matches
// run behind it) load the page anew, as without the API.

/** A link to this page that the page follows itself (a script's `location.assign`, a link in it):
 * taken as a load takes it, without starting Python again. The match on the table is let go (its
 * save stays, as a reload leaves it) and every choice is read again from storage. */
function followInPlace(e) {
  if (!e.cancelable || e.destination.sameDocument || e.navigationType === "traverse" || e.navigationType === "reload" || e.formData || e.downloadRequest !== null) return;
  const dest = new URL(e.destination.url);
  if (dest.origin !== location.origin || dest.pathname !== location.pathname) return;
  if ([...new URLSearchParams(dest.search).keys()].some((k) => !MATCH_LINK_KEYS.has(k))) return;
  if (onlineRole() || ["tournament", "lobby", "club"].includes(page.screen)) return;
  e.preventDefault();
  history.replaceState(null, "", dest.pathname + dest.search + dest.hash);
  performance.mark("briscola:link-in-place");
  setScreen("loading");  // what was on screen goes at once, as on a load
  closeDaily();
  turns.dropMatch();
  letMatchGo();  // the match let go is counted when it is next taken up, as after a reload
  startToken++;  // and a start still waiting for its count is dropped
  stopAnalysis();
  clockAnew();
  if (reviewOpen()) closeReview();
  closeCompare();
  closeRules();
  closeMenu();
  hideDialog();
  clearNotice();
  forgetSummary();
  choices = vetChoices({ ...DEFAULTS, ...loadSetup() });
  setLanguage(preferredLanguage());
  translatePage();
  $("lang-switch").value = language();
  sound.setEnabled(!!choices.sound);
  showSoundButton();
  setSpeed(choices.speed);
  performance.clearMarks("briscola:move-confirmed");
  document.activeElement?.blur?.();
  window.scrollTo(0, 0);
  firstScreen();
}

function boot() {
  setSpeed(choices.speed);
  deckReady(loadMatch()?.view?.view?.variant);  // the deck a saved match or the player's choice is drawn with, from now
  wire();
  initDealEnd({ setScreen, onTable, startMatch, openSetup, tableDeck, importRecord, offerNewBuild });
  turns.initTurns({
    style: () => tableDeck(), drawChrome: (c) => drawChrome(c, tableDeck, turns.take), notice, explain, sound, say, sayTrick, stepSound, settled, showTable,
    onTable, saved: tournamentPersist, clearDialog, changed: onlineChanged, screen: (status) => { if (page.screen !== status) setScreen(status); },
  });
  initClock({ report: (op, ms) => turns.command(op, { ms }), refresh: turns.refreshInput });
  initOnline({ setScreen, seatElsewhere, startMatch, notice, explain, showDialog, hideDialog, showReview, openSetup });
  firstScreen();
  globalThis.navigation?.addEventListener("navigate", followInPlace);
  // Back mid-match asks as "Nuova partita" does; a guest (who has no "Nuova partita") just stays.
  // The host's lobby was opened from the setup: back goes there, as its "Annulla" (a guest came by
  // a link: back takes him back where he came from).
  initBack({ midMatch, askLeave: () => { if (onlineRole() !== "guest") leaveTable(); },
    menuOpen: () => $("btn-menu")?.getAttribute("aria-expanded") === "true", closeMenu,
    onScreen: () => ["tournament", "club", "game", "settings"].includes(page.screen) || (page.screen === "lobby" && onlineRole() === "host"),
    leaveScreen: () => ({ lobby: cancelLobby, club: leaveClub, tournament: leaveTournament }[page.screen] ?? openSetup)() });
  performance.mark("briscola:first-screen");  // bench/load.py: the first screen answers a tap from here on
  // The texts the first screen does without, asked for in a task of their own (a request's start is
  // ~60 ms of a phone's main thread); the hidden table's labels worded on arrival.
  setTimeout(() => texts().then(() => translatePage()), 0);
  globalThis.briscolaStarted = true;  // boot/restart.js: the modules ran (a test's fake clock may hide marks)
  // Python starts after the first paint (at once if the first screen needs it: then it has begun).
  const guest = guestLink(new URLSearchParams(location.search));  // a guest's page never starts Python
  requestAnimationFrame(() => setTimeout(() => {
    // A guest's page stays small: no precache of the whole site behind it; Python only at a fair table (guest.js).
    if (guest) return;
    registerServiceWorker(startEngine().then(() => { engineReadyNow = true; refreshDaily(); }, () => {}),
      (reg) => watchNewBuild(reg, betweenDeals));
  }, 0));
}

boot();
