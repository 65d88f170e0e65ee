// The player's choices for a new match, as the screens between matches take them (front.js: the
// front door, a game's options, the settings) and remember them: each checked against what the
// rules allow (RULES.md §2–§7), and turned into the engine's settings; the engine still validates
// everything when the match starts.
import { DEFAULT_DECK, GAME_DECKS, STYLES } from "../decks/cards.js";
import { FORMATS, LEVELS, OPTIONS, REMOVABLE_TWOS, VARIANTS } from "../engine/rules-data.js";
import { allowed } from "../storage/checks.js";
import { clockFormat, vetClock } from "../table/clock.js";
import { peopleSettings, vetPeople } from "../table/pnp.js";
import { vetWhere } from "../online/setup.js";

export { LEVELS, VARIANTS };  // the engine's (rules-data.js is generated from the briscola package)
export const SPEEDS = ["lenta", "normale", "veloce", "istantanea"];

/** The usual match of a table (MatchFormat.default): {kind, deals}. */
export function defaultFormat(variant, players) {
  return { ...FORMATS[variant][players] };
}

export const DEFAULTS = {
  variant: "classica", players: 2, kind: "punti", deals: 1, replay_ties: false, knockout: false, ...OPTIONS,
  level: "principiante", style: DEFAULT_DECK, speed: "normale", sound: false, cut: false, draw: false, move_s: 0,
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
export const chooseTwo = (c) => VARIANTS[c.variant]?.choose_two.includes(c.players) ?? false;
/** The draw for seats and partners (source 001: Brisca for four). */
export const drawSeats = (c) => c.variant === "brisca" && c.players === 4;

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
