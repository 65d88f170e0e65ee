// The lookup: the language the page speaks (chosen, remembered, announced) and the text of a key
// in it, its {placeholders} filled; cards, names and refusals worded as a sentence says them.
// The texts are the tables beside this file, one concern a file, all in one layout (`key: "text",`
// a line, a long text continued by `+ "text"` lines), each in Italian, English and Spanish with
// the same keys: tests/engine/string_tables.py reads them all.
import { STYLES } from "../decks/cards.js";
import { loadLanguage, saveLanguage } from "../storage/storage.js";
import { CARDS_STRINGS } from "./cards.js";
import { DOOR_STRINGS } from "./door.js";
import { ERRORS_STRINGS } from "./errors.js";
import { OPTIONS_STRINGS } from "./options.js";
import { PAGE_STRINGS } from "./page.js";
import { SETUP_STRINGS } from "./setup.js";
import { TABLE_STRINGS } from "./table.js";

/** The languages offered, each named in itself (the switcher shows these names in every language). */
export const LANGUAGES = { it: "Italiano", en: "English", es: "Español" };

/** Every text by language and key: the tables merged (no key is in two of them). The first screen's
 * are here at once; the others arrive after it (textsReady), or with the screen that uses them. */
const STRINGS = { it: {}, en: {}, es: {} };
for (const table of [PAGE_STRINGS, SETUP_STRINGS, DOOR_STRINGS, TABLE_STRINGS, CARDS_STRINGS, ERRORS_STRINGS, OPTIONS_STRINGS]) {
  addStrings(table);
}

/** A table that comes with the screen that uses it, added when that screen's module loads (the
 * rules' texts, screens/rules.js; the club's, club.js): the first screen does without it (boot/later.js). */
export function addStrings(table) {
  for (const [code, texts] of Object.entries(table)) Object.assign(STRINGS[code], texts);
}

let later = null, laterHere = false;

/** The texts the first screen does without (later-texts.js: the table's, the other screens'), merged
 * once arrived: asked for as the page starts, awaited by whatever draws with them before it draws (a
 * key is never shown in their place). Refused if the chunk cannot come (offline on a first visit);
 * asked for again on the next call. On arrival the page's words are redrawn as on a language change. */
export function textsReady() {
  later ??= import("./later-texts.js").then(({ LATER_TABLES }) => {
    for (const table of LATER_TABLES) addStrings(table);
    laterHere = true;
    globalThis.document?.dispatchEvent(new CustomEvent("briscola:language", { detail: lang }));
  }, (err) => { later = null; throw err; });
  return later;
}

/** Whether every text has arrived (textsReady has settled). */
export const textsHere = () => laterHere;

let lang = "it";

const known = (code) => typeof code === "string" && Object.hasOwn(LANGUAGES, code);

export function setLanguage(code) {
  const before = lang;
  lang = known(code) ? code : "it";
  document.documentElement.lang = lang;
  // What is on screen outside a redraw (a notice, the bar) re-words itself on this event.
  if (before !== lang) document.dispatchEvent(new CustomEvent("briscola:language", { detail: lang }));
}

export function language() {
  return lang;
}

/** The player's choice if remembered, else the first of the browser's languages we have, else Italian. */
export function preferredLanguage() {
  const saved = loadLanguage();
  if (known(saved)) return saved;
  for (const tag of navigator.languages?.length ? navigator.languages : [navigator.language || ""]) {
    const code = String(tag).slice(0, 2).toLowerCase();
    if (known(code)) return code;
  }
  return "it";
}

/** Switch to `code` and remember it (storage off or full: for this visit only). */
export function chooseLanguage(code) {
  setLanguage(code);
  saveLanguage(lang);
}

/** Whether `key` has a text (in Italian at least). */
export function hasText(key) {
  return Object.hasOwn(STRINGS.it, key);
}

/** The text of `key` in the current language (else the Italian, else the key itself), its
 * {placeholders} filled from `params` (one missing stays as written). */
export function t(key, params = {}) {
  return fill(deckKey(key), params);
}

/** The deck in play: <html data-style> (app.js keeps it to the table's deck). */
function deckInPlay() {
  return globalThis.document?.documentElement.dataset.style || "napoletane";
}

const DECK_KEY = /^(rank|suit|card_the|bid)_/;

/** A card word's key for `style`: the "_fr" word when the deck has French suits and that word
 * exists ("suit_C" → "suit_C_fr", cuori); any other key is itself. So every text naming a suit or
 * a rank (the trump line, the auction's bids) follows the deck without knowing of it. */
function deckKey(key, style = deckInPlay()) {
  if (!DECK_KEY.test(key) || STYLES[style]?.suits !== "french" || key.endsWith("_fr")) return key;
  return hasText(`${key}_fr`) ? `${key}_fr` : key;
}

/** A card word's text (`rank_Q`, `bid_J`) in the words of deck `style`, not the deck in play:
 * the rules name the cards of the game they show ("la donna" with the Genoese deck). */
export function deckText(key, style) {
  return fill(deckKey(key, style));
}

function fill(key, params = {}) {
  const s = (Object.hasOwn(STRINGS[lang], key) ? STRINGS[lang][key] : null) ?? (hasText(key) ? STRINGS.it[key] : key);
  return s.replace(/\{(\w+)\}/g, (_, k) => (Object.hasOwn(params, k) ? String(params[k]) : `{${k}}`));
}

/** Why data from outside was refused (briscola.errors.REASONS; the page's own checks use the same codes). */
export function reasonText(error) {
  const key = `reason_${error?.reason}`;
  return t(hasText(key) ? key : "reason_invalid", error?.params ?? {});
}

/** "Asso di spade": a card's name from its code ("AS") in the words of deck `style` (by default
 * the deck in play): "Donna di cuori" with a French-suited deck. */
export function cardName(code, style = deckInPlay()) {
  return fill("card_name", { rank: fill(deckKey(`rank_${code[0]}`, style)), suit: fill(deckKey(`suit_${code[1]}`, style)) });
}

/** A card with its article, as said in a sentence: "il Due di coppe", "l'Asso di spade", "la Donna
 * di cuori", "la Sota de oros" (the article follows the rank's word, so the deck too). */
export function theCard(code, style = deckInPlay()) {
  const key = deckKey(`card_the_${code[0]}`, style);
  return fill(hasText(key) ? key : "card_the", { card: cardName(code, style) });
}

/** "Giocatore 2 e Giocatore 4": names joined as a sentence says them. */
export function joinNames(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")}${t("and_join")}${names[names.length - 1]}`;
}
