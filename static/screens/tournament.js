// The tournament screen (RULES.md §3, source 004): the player's pair against computer pairs in one
// of three shapes (briscola/tournament.py SHAPES): one group, L'Approdo's two groups of nine with
// quarter-finals, or a group of single-deal matches; then the knock-out. The engine
// (briscola/web_tournament.py) holds the tournament, keeps the standings and the fixtures and plays
// the matches between computer pairs. This module is the screen: it puts the markup of
// tournament-view.js on the page, answers its buttons, and hands the player's own matches to the
// ordinary table (app.js); tournament-loop.js talks to the engine and to storage.
import { addDialogLine, dialogOpen, hideDialog, showDialog } from "./dialogs.js";
import { reasonText, t } from "../strings/i18n.js";
import { loadTournament, onTournamentChange } from "../storage/storage.js";
import { championText, formHtml, pairsOptions, playedText, tournamentHtml, tournamentParts } from "./tournament-view.js";
import { handOver, keepMatch, newScreen, playComputers, playNext, recordMatch, startTournament, storeWith, viewStored } from "./tournament-loop.js";
import { screenSection } from "../dom/screen.js";

const $ = (id) => document.getElementById(id);
let screen = null;  // the one Screen (tournament-loop.js), made when app.js hands its hooks over

/** Called once by app.js with what the screen needs from the controller. */
export function initTournament(hooks) {
  screen = newScreen(hooks);
  // The other tab writes after each computer match: redraw at most once a frame (none while hidden).
  let queued = false;
  onTournamentChange(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; refresh(screen); });
  });
}

/** Another tab changed the tournament: standings shown here are redrawn from storage (the engine
 * is handed that one). A form being filled in or an open dialog is left alone, and no second
 * computer loop is started. */
async function refresh(tn) {
  if (tn.shown !== "tournament" || tn.drawn !== "view" || dialogOpen()) return;
  const stored = loadTournament();
  if (!stored?.saved) return;
  const res = await handOver(tn, stored);
  if (res.ok && tn.shown === "tournament" && tn.drawn === "view") draw(tn, res.result.view, stored);
}

const section = () => screenSection("tournament", "screen tournament", "tn-title");

/** app.js's setScreen shows or hides the tournament section with the others; leaving the screen
 * for another one (a match, the setup, a ?new= link at boot) means a reload does not return here. */
export function showTournamentSection(name) {
  const tn = screen;
  section().hidden = name !== "tournament";
  if ((tn.shown === "tournament" || tn.shown === "loading") && !["tournament", "loading"].includes(name)) {
    if (loadTournament()?.screen) storeWith({ screen: false });
  }
  tn.shown = name;
}

/** Redraw keeping the focus on the same control (the screen is redrawn as results come in). */
function paint(htmlText) {
  const el = section();
  const focused = el.contains(document.activeElement) ? document.activeElement.id : null;
  el.innerHTML = htmlText;
  if (focused && $(focused)) $(focused).focus();
}

// ------------------------------------------------------------------ opening the screen

export async function openTournament() {
  const tn = screen;
  hideDialog();
  tn.app.setScreen("tournament");
  const stored = loadTournament();
  if (!stored) { drawForm(tn); return; }
  if (stored.damaged !== undefined || !stored.saved) { drawForm(tn); damaged({ reason: stored.damaged ?? "bad_shape" }); return; }
  if (tn.drawn) {  // what was drawn before may be out of date: nothing until the engine answers
    tn.drawn = tn.actions = null;
    section().replaceChildren();
  }
  const res = await viewStored(tn, stored);
  if (!res.ok) { drawForm(tn); damaged(res.error); return; }
  if (!stored.screen) storeWith({ screen: true });
  draw(tn, res.result.view, stored);
  section().querySelector("button.primary")?.focus({ preventScroll: true });  // the screen opens at its top
  playOn(tn);
}

function damaged(error) {
  showDialog(t("tn_damaged_title"), [t("tn_damaged_body", { detail: reasonText(error) })],
    [{ label: t("close"), primary: true, id: "btn-tn-damaged-ok", action: hideDialog }]);
}

function leave(tn) {
  if (loadTournament()?.screen) storeWith({ screen: false });
  tn.app.openSetup();
}

/** Back from the tournament screen to the setup, as its "leave" button does (the browser's back
 * button: boot/back.js). The tournament stays saved. */
export function leaveTournament() {
  leave(screen);
}

// ------------------------------------------------------------------ a new tournament

function drawForm(tn) {
  tn.run++;  // a tournament being played behind the form stops (its results so far are saved)
  tn.drawn = "form";
  tn.actions = null;
  paint(formHtml(tn.app.level()));
  const chosen = () => section().querySelector("input[name=tn-shape]:checked").value;
  const shapeChanged = () => {
    $("tn-pairs").innerHTML = pairsOptions(chosen());
    $("tn-about").textContent = t(`tn_about_${chosen()}`);
  };
  for (const radio of section().querySelectorAll("input[name=tn-shape]")) radio.addEventListener("change", shapeChanged);
  shapeChanged();
  $("btn-tn-start").addEventListener("click", async () => {
    const res = await startTournament(tn, { shape: chosen(), pairs: Number($("tn-pairs").value), level: $("tn-level").value });
    if (res.ok) openTournament();
    else damaged(res.error);
  });
  $("btn-tn-leave").addEventListener("click", () => leave(tn));
  $("btn-tn-start").focus({ preventScroll: true });  // the form opens at its top, its title in sight
}

function confirmNew(tn) {
  showDialog(t("tn_new"), [t("tn_new_confirm")], [
    { label: t("cancel"), cancel: true, action: hideDialog },
    { label: t("tn_new"), primary: true, id: "btn-tn-new-yes", action: () => { hideDialog(); drawForm(tn); } }]);
}

// ------------------------------------------------------------------ the standings

function draw(tn, view, stored) {
  const parts = tournamentParts(view, !!(view.next && stored.match && stored.fixture === view.next.index));
  if (tn.drawn === "view" && $("tn-body") && tn.actions === parts.actions) {
    // Only the results changed (a computer match was played): the buttons stay the same elements,
    // so a press on one is never lost to a redraw, nor the focus.
    $("tn-head").innerHTML = parts.head;
    $("tn-body").innerHTML = parts.body;
  } else {
    paint(tournamentHtml(parts));
    tn.actions = parts.actions;
    $("btn-tn-play")?.addEventListener("click", async () => {
      const err = await playNext(tn);
      if (err) damaged(err);
    });
    $("btn-tn-new").addEventListener("click", () => (view.over ? drawForm(tn) : confirmNew(tn)));
    $("btn-tn-leave").addEventListener("click", () => leave(tn));
  }
  tn.drawn = "view";
  $("tn-sub").textContent = parts.sub;
  section().dataset.next = view.next ? String(view.next.index) : "";
  section().dataset.over = String(view.over);
  section().dataset.shape = view.shape;
}

/** The computer pairs play up to the player's next match, each result drawn and announced. */
function playOn(tn) {
  return playComputers(tn, ({ played, view }, stored) => {
    tn.app.announce(playedText(played));
    draw(tn, view, stored);
    if (view.next_is_player || view.over) {
      if (view.over) tn.app.announce(championText(view));
      section().querySelector("button.primary")?.focus({ preventScroll: true });
    }
  });
}

// ------------------------------------------------------------------ the player's matches

/** turns.js saved the match (`text`, at state `st`): a tournament's match is also kept with the
 * tournament (the engine's state says which match it is). */
export function tournamentPersist(text, st) {
  if (st?.tournament) keepMatch(screen, st.tournament, text);
}

/** After the summary of a finished match: a tournament match's result goes into the tournament. */
export async function tournamentMatchEnd(st) {
  screen.ended = false;
  const res = st.tournament ? await recordMatch(screen, st.tournament) : null;
  if (!res) return;
  if (!res.ok) {
    addDialogLine(() => t("tn_not_recorded", { detail: reasonText(res.error) }));  // words: a language switch re-words it
    return;
  }
  addDialogLine(() => playedText(res.result.fixture, "tn_recorded"), { id: "btn-summary-new", label: () => t("tn_back") });
}

/** Where the summary's button leads: back to the tournament after one of its matches. */
export function backToTournament() {
  return screen.ended;
}
