// The new-game screen. It offers what the rules allow (RULES.md §2–§7) and remembers the last
// choices; the engine still validates everything when the match starts.
import { DEFAULT_DECK, GAME_DECKS, STYLES, styleLabel } from "../decks/cards.js";
import { FORMATS, LEVELS, OPTIONS, REMOVABLE_TWOS, VARIANTS } from "../engine/rules-data.js";
import { allowed } from "../storage/checks.js";
import { LANGUAGES, cardName, language, t } from "../strings/i18n.js";
import { galleryButton } from "./gallery.js";
import "./rules.js";  // the rules dialog: its strings (the button below) and its button's listener
import "../table/rituals.js";  // the cut and the draw: their strings (the options below)
import { clockFields, clockFormat, vetClock } from "../table/clock.js";
import { peopleFieldset, peopleSettings, vetPeople } from "../table/pnp.js";
import { onlineFieldset, vetWhere, whereField, wireOnlineSetup } from "../online/setup.js";

export { LEVELS, VARIANTS };  // the engine's (rules-data.js is generated from the briscola package)
export const SPEEDS = ["lenta", "normale", "veloce", "istantanea"];

/** The usual match of a table (MatchFormat.default): {kind, deals}. */
export function defaultFormat(variant, players) {
  return { ...FORMATS[variant][players] };
}

export const DEFAULTS = {
  variant: "classica", players: 2, kind: "punti", deals: 1, replay_ties: false, knockout: false, ...OPTIONS,
  level: "esperto", style: DEFAULT_DECK, speed: "normale", sound: false, cut: false, draw: false, move_s: 0,
  match_min: 0, one_tap: false,
};

export { GAME_DECKS };  // each game's own deck (decks/cards.js), offered until the player picks one

/** The deck to play `variant` with: the player's choice (`style_chosen`, or a link's `style=`),
 * else the game's own deck. */
export function deckFor(c, variant = c.variant) {
  return c.style_chosen ? c.style : GAME_DECKS[variant] ?? DEFAULTS.style;
}

/** The deck select's first choice: the game's own deck (GAME_DECKS), which follows the game
 * chosen; picking it again undoes a pick (issue 24). Never a style: readForm reads it away. */
export const GAME_DECK = "game";

const FLAGS = ["replay_ties", "knockout", "vinco_subito", "carte_viste", "carte_scoperte", "mostra_carte", "sound", "cut", "draw",
  "style_chosen", "one_tap"];

/** Tables where the players choose which 2 leaves the deck (three players). */
const chooseTwo = (c) => VARIANTS[c.variant]?.choose_two.includes(c.players) ?? false;
/** The draw for seats and partners (source 001: Brisca for four). */
const drawSeats = (c) => c.variant === "brisca" && c.players === 4;

/** Choices from outside (localStorage, the form) with every field checked against what exists:
 * anything else falls back to the default (a name like "constructor" is never a choice). */
export function vetChoices(c) {
  const out = { ...DEFAULTS };
  out.variant = allowed(VARIANTS, c.variant, DEFAULTS.variant);
  const v = VARIANTS[out.variant];
  out.players = allowed(v.players, Number(c.players), v.players[0]);
  Object.assign(out, defaultFormat(out.variant, out.players));
  out.kind = allowed(v.kinds, c.kind, out.kind);
  const deals = Number(c.deals);
  if (Number.isInteger(deals) && deals >= 1 && deals <= 15) out.deals = deals;
  for (const flag of FLAGS) out[flag] = c[flag] === true;
  // Choices saved before the games had their own decks: a deck other than the old default was his.
  if (!Object.hasOwn(c, "style_chosen") && c.style !== DEFAULTS.style && Object.hasOwn(STYLES, c.style ?? "")) out.style_chosen = true;
  out.removed_two = allowed(REMOVABLE_TWOS, c.removed_two, DEFAULTS.removed_two);
  out.level = allowed(LEVELS, c.level, DEFAULTS.level);
  out.style = allowed(STYLES, c.style, DEFAULTS.style);
  out.style = deckFor(out);  // the player's choice, else the game's own deck
  out.speed = allowed(SPEEDS, c.speed, DEFAULTS.speed);
  Object.assign(out, vetClock(c));
  Object.assign(out, vetPeople(c));  // pass-and-play: who plays each seat, and their names
  Object.assign(out, vetWhere(c));  // the people on this device, or online
  return out;
}

/** Engine settings (for web.new_match) from the screen's flat choices. */
export function toSettings(c, seed) {
  const v = VARIANTS[c.variant] || VARIANTS.classica;
  const teams = v.teams.includes(c.players);
  const options = { vinco_subito: !!c.vinco_subito && c.variant !== "chiamata", carte_viste: !!c.carte_viste };
  if (teams) Object.assign(options, { carte_scoperte: !!c.carte_scoperte, mostra_carte: !!c.mostra_carte });
  if (chooseTwo(c)) options.removed_two = c.removed_two || OPTIONS.removed_two;
  const kind = v.kinds.includes(c.kind) ? c.kind : v.kinds[0];
  const twoSides = teams || c.players === 2;
  return {
    variant: c.variant, players: c.players, seed, level: c.level, ...peopleSettings(c),
    options,
    format: { kind, deals: kind === "punti" ? 1 : Number(c.deals) || 1, replay_ties: kind !== "chiamata" && !!c.replay_ties,
      knockout: twoSides && kind !== "chiamata" && !!c.knockout, ...clockFormat(c),
      ...(c.cut ? { cut: true } : {}), ...(c.draw && drawSeats(c) ? { draw: true } : {}) },
  };
}

function select(name, values, label, current, attrs = "") {
  return `<label class="field"><span>${label}</span><select name="${name}"${attrs}>${values.map(([v, text]) =>
    `<option value="${v}"${String(v) === String(current) ? " selected" : ""}>${text}</option>`).join("")}</select></label>`;
}

function check(name, current) {
  return `<label class="check"><input type="checkbox" name="${name}"${current ? " checked" : ""}> <span>${t(name)}</span></label>`;
}

let resumable = false;  // a match in progress waits behind the form: offer the way back to it

/** Draw the form for choices `c`; returns nothing (read it back with readForm). `resume` (kept
 * until told otherwise) says whether a match in progress can be taken up again. */
export function renderSetup(form, c, { resume } = {}) {
  if (resume !== undefined) resumable = resume;
  const v = VARIANTS[c.variant];
  if (!v.players.includes(c.players)) c.players = v.players[0];
  if (!v.kinds.includes(c.kind)) Object.assign(c, defaultFormat(c.variant, c.players));
  const teams = v.teams.includes(c.players);
  const twoSides = teams || c.players === 2;
  const dealChoices = c.kind === "first_to" ? [1, 2, 3, 4, 5] : c.kind === "chiamata" ? [1, 3, 5, 7, 10]
    : (v.even_smazzate.includes(c.players) ? [1, 2, 3, 4, 5, 6, 7] : [1, 3, 5, 7]);
  if (c.kind === "punti") c.deals = 1;
  else if (!dealChoices.includes(Number(c.deals))) c.deals = dealChoices[Math.min(1, dealChoices.length - 1)];
  form.innerHTML = `<div class="setup-body">
    <h1>${t("setup_title")}</h1>
    ${resumable ? `<button type="button" id="btn-back-match" class="back-match">${t("back_to_match")}</button>` : ""}
    <div class="grid">
      ${select("lang", Object.entries(LANGUAGES), t("language"), language())}
      ${select("variant", Object.keys(VARIANTS).map((k) => [k, t(`v_${k}`)]), t("variant"), c.variant)}
      ${select("players", v.players.map((n) => [n, String(n)]), t("players"), c.players)}
      ${select("kind", v.kinds.map((k) => [k, t(`f_${k}`)]), t("format"), c.kind)}
      ${c.kind === "punti" ? "" : select("deals", dealChoices.map((n) => [n, String(n)]), t("deals"), c.deals)}
      ${select("level", LEVELS.map((l) => [l, t(`l_${l}`)]), t("level"), c.level)}
      ${deckSelect(c)}
      ${galleryButton()}
      ${select("speed", SPEEDS.map((s) => [s, t(`sp_${s}`)]), t("speed"), c.speed)}
      ${check("sound", c.sound)}
      ${c.variant !== "chiamata" ? clockFields(c).map((f) => select(...f)).join("") : ""}
      ${chooseTwo(c) ? select("removed_two", REMOVABLE_TWOS.map((x) => [x, cardName(x, c.style)]), t("removed_two"), c.removed_two) : ""}
    </div>
    ${whereField(c)}
    ${c.where === "online" ? onlineFieldset(c) : peopleFieldset(c)}
    <fieldset><legend>${t("options")}</legend>
      ${c.variant !== "chiamata" ? check("vinco_subito", c.vinco_subito) : ""}
      ${check("carte_viste", c.carte_viste)}
      ${teams ? check("carte_scoperte", c.carte_scoperte) + check("mostra_carte", c.mostra_carte) : ""}
      ${c.kind !== "chiamata" && c.kind !== "punti" ? check("replay_ties", c.replay_ties) : ""}
      ${c.kind !== "chiamata" && twoSides ? check("knockout", c.knockout) : ""}
      ${check("cut", c.cut)}
      ${drawSeats(c) ? check("draw", c.draw) : ""}
    </fieldset>
    <p class="fair-play" id="fair-play">${t("fair_play")}</p>
    <div class="more"><button type="button" id="btn-stats">${t("stats_title")}</button>
    <button type="button" id="btn-tournament">${t("tn_button")}</button>
    <button type="button" id="btn-rules">${t("ru_button")}</button></div></div>
    <div class="start-bar"><p class="form-error" role="alert" hidden></p>
    <button type="submit" class="primary" id="start">${t(c.where === "online" ? "os_start" : "play")}</button></div>`;
  wireOnlineSetup(form);
}

/** The deck choice: first the game's own deck (named), then every style; the game's own is shown
 * until the player picks one. */
function deckSelect(c) {
  const lang = document.documentElement.lang;
  const own = [GAME_DECK, t("deck_game", { deck: styleLabel(GAME_DECKS[c.variant] ?? DEFAULTS.style, lang) })];
  const styles = Object.keys(STYLES).map((s) => [s, styleLabel(s, lang)]);
  // data-deck: the deck in play either way (the gallery marks it "in use").
  return select("style", [own, ...styles], t("deck_style"), c.style_chosen ? c.style : GAME_DECK, ` data-deck="${deckFor(c)}"`);
}

export function readForm(form, c) {
  const out = { ...c };
  for (const el of form.elements) {
    if (!el.name || el.name === "lang") continue;  // the language is i18n.js's own preference
    if (el.type === "checkbox") out[el.name] = el.checked;
    else if (["players", "deals", "move_s", "match_min"].includes(el.name)) out[el.name] = Number(el.value);
    else out[el.name] = el.value;
  }
  const deck = [...form.elements].find((el) => el.name === "style")?.value;
  // The game's own deck (again): no pick, the deck follows the game. Another: he picked it (the
  // select, the gallery), it stays his.
  if (deck === GAME_DECK) Object.assign(out, { style_chosen: false, style: deckFor({ ...out, style_chosen: false }) });
  else if (deck !== undefined) out.style_chosen = true;
  if (out.kind === "smazzate" && c.kind !== "smazzate") out.deals = smazzateDeals(out);
  return out;
}

/** A partita a smazzate just chosen: the table's usual one (the engine's), else the best of three
 * (one deal is the points match again: issue 24). */
function smazzateDeals(c) {
  const usual = FORMATS[c.variant]?.[c.players];
  return usual?.kind === "smazzate" ? usual.deals : 3;
}
