// The screens between matches, one at a time in the page's <form id="setup">: the front door
// (door.js), a game's options (game-form.js) and the settings (settings.js). app.js says which is
// shown (page.screen "setup" is the front door, "game", "settings": <html data-state="setup"> for
// all three, UI-CONTRACT); this module draws it and answers its controls: every choice is
// remembered as it is made, the start buttons start a match or open an online table.
import { OP } from "../engine/api.js";
import { explain } from "../strings/explain.js";
import { textsHere, textsReady } from "../strings/i18n.js";
import { hostLink } from "../online/setup.js";
import { later, waiting } from "../boot/later.js";
import { doorHtml } from "./door.js";
import { doorDaily } from "./daily-entry.js";
import { foldToggled, renderGame } from "./game-form.js";
import { settingsHtml } from "./settings.js";
import { VARIANTS, defaultFormat, readForm, toSettings, vetChoices } from "./setup.js";

export const FRONT_SCREENS = ["setup", "game", "settings"];

// The rules dialog (and its texts) arrive when its button is first tapped.
const rules = later(() => import("./rules.js"));

/** Close the rules dialog if it is open. */
export const closeRules = () => rules.now()?.closeRules();

// The buttons of the front door and a game's options: their form is redrawn, so the listener sits
// on the document.
document.addEventListener("click", (e) => {
  const btn = e.target.closest?.("#btn-rules");
  if (!btn) return;
  const variant = btn.form?.elements.variant?.value ?? btn.dataset.variant;  // the game's options, or the door's game
  rules.load().then((m) => m.openRules(variant));
});

/** What app.js hands in: its choices (read and kept: stored, and the speed and the sound applied),
 * the screens, the match waiting behind the door, and what the buttons open.
 * @type {{choices: () => object, keep: (c: object) => void, screen: () => string, open: (name: string) => void,
 *   waiting: () => object | null, startMatch: (settings: object, op: string, from: string) => Promise<unknown>,
 *   openHost: (link: object) => void, relay: () => object | null, switchLanguage: (code: string) => void,
 *   backToTable: () => void, openTournament: () => void, openClub: () => void, showStats: () => void,
 *   openDaily: (variant: string, date: string | null) => void, openCalendar: () => void}} */
let app = null;
// The game's options: against the computer (the door's "Cambia"; every other seat the computer's)
// or with friends (who plays is chosen there: on this phone, or online).
let mode = "computer";

const form = () => document.getElementById("setup");

/** Called once by app.js: the form's listeners (the form is redrawn, its element stays). */
export function initFront(hooks) {
  app = hooks;
  const el = form();
  el.addEventListener("change", changed);
  el.addEventListener("submit", submitted);
  el.addEventListener("click", clicked);
  el.addEventListener("toggle", (e) => { if (e.target.matches?.("details.game-options")) foldToggled(e.target.open); }, true);
}

/** Draw screen `name` (one of FRONT_SCREENS) for the choices. */
export function drawFront(name, c = app.choices()) {
  const el = form();
  el.dataset.view = name;
  el.dataset.mode = mode;  // a game's options: "computer" or "friends"
  if (name === "game") renderGame(el, c, mode);
  else if (name === "settings") el.innerHTML = settingsHtml(c);
  else el.innerHTML = doorHtml(c, { waiting: app.waiting(), daily: doorDaily() });
}

/** The screen on show drawn again under the player's hand (a choice, a language): his place is
 * kept, the scroll and the focus on the same field. */
export function redrawFront(c = app.choices()) {
  const el = form();
  const top = el.querySelector(".setup-body")?.scrollTop ?? 0;
  const field = el.contains(document.activeElement) ? document.activeElement.name : null;
  drawFront(app.screen(), c);
  const body = el.querySelector(".setup-body");
  if (body) body.scrollTop = top;
  if (field) el.querySelector(`[name="${field}"]`)?.focus({ preventScroll: true });
}

function changed(e) {
  const name = e.target.name;
  if (!name) return;
  if (name === "lang") { app.switchLanguage(e.target.value); return; }
  const before = app.choices();
  const c = vetChoices(readForm(form(), before));
  if (name.startsWith("name_")) { app.keep(c); return; }  // a name: kept, without redrawing the form under the next tap
  if (c.variant !== before.variant || c.players !== before.players) {  // the table's usual match
    const { players } = VARIANTS[c.variant];
    Object.assign(c, defaultFormat(c.variant, players.includes(c.players) ? c.players : players[0]));
  }
  app.keep(c);
  redrawFront(c);
}

/** The choices with every other seat the computer's, at this device: the door's one tap and the
 * game's options against the computer (the seats chosen for friends stay remembered). */
function againstComputer(c) {
  const seats = Object.fromEntries([1, 2, 3, 4, 5].map((s) => [`who_${s}`, "computer"]));
  return { ...c, ...seats, where: "device" };
}

function submitted(e) {
  e.preventDefault();
  const from = app.screen();
  const c = vetChoices(readForm(form(), app.choices()));
  app.keep(c);
  const chosen = from === "game" && mode === "friends" ? c : againstComputer(c);
  const settings = toSettings(chosen, Math.floor(Math.random() * 2 ** 31));
  if (chosen.where === "online") {  // the lobby; its match starts once the guests are seated
    const link = hostLink(chosen, settings, app.relay());
    if (link.error) failed(link.error);
    else app.openHost(link);
    return;
  }
  app.startMatch(settings, OP.new, from).then((err) => { if (err) failed(err); });
}

/** A start refused: why, over the start button. */
function failed(err) {
  const box = form().querySelector(".form-error");
  if (!box) return;
  box.textContent = explain(err);
  box.hidden = false;
}

/** The game's options for friends: on this phone at least one other seat is a person's (else it
 * would be a match against the computer), online the people join by the invite. */
function withFriends(where) {
  const c = { ...app.choices(), where };
  const anyone = [1, 2, 3, 4, 5].some((s) => s < c.players && c[`who_${s}`] === "person");
  if (where === "device" && !anyone) c.who_1 = "person";
  app.keep(vetChoices(c));
  mode = "friends";
  app.open("game");
}

// The screens the door opens draw with the texts that come after it (lookup.js): a tap before they
// have come is answered once they have, or could not (the bar across the top meanwhile, boot/later.js).
function clicked(e) {
  if (textsHere()) answer(e);
  else waiting(textsReady()).catch(() => {}).then(() => answer(e));
}

function answer(e) {
  const button = e.target.closest?.("button");
  const id = button?.id;
  if (button?.dataset.daily) app.openDaily(button.dataset.daily, null);
  else if (id === "btn-daily-calendar") app.openCalendar();
  else if (id === "btn-stats") app.showStats();
  else if (id === "btn-tournament") app.openTournament();
  else if (id === "btn-club") app.openClub();
  else if (id === "btn-back-match") app.backToTable();
  else if (id === "btn-settings") app.open("settings");
  else if (id === "btn-game-options") { mode = "computer"; app.open("game"); }
  else if (id === "btn-pnp") withFriends("device");
  else if (id === "btn-online") withFriends("online");
  else if (id === "btn-front-back" || id === "btn-settings-done") app.open("setup");
}
