// The deck styles' registry (docs/decks.md): each style's name, label and suit family, known at
// once; its drawing (the style's module) is loaded when the style is first used (loadDeck), but
// the Napoletane's, the default, which come with the page and stand in for a style on its way.
import napoletane from "./napoletane.js";

const W = 100, H = 150;

/** Every style, by its key (the one saved in the settings and given in a link's `style=`). */
export const STYLES = {
  napoletane: { name: "napoletane", label: { it: "Napoletane", en: "Neapolitan", es: "Napolitanas" }, suits: "italian" },
  piacentine: { name: "piacentine", label: { it: "Piacentine", en: "Piacentine", es: "Piacentinas" }, suits: "italian" },
  siciliane: { name: "siciliane", label: { it: "Siciliane", en: "Sicilian", es: "Sicilianas" }, suits: "italian" },
  toscane: { name: "toscane", label: { it: "Toscane", en: "Tuscan", es: "Toscanas" }, suits: "french" },
  bergamasche: { name: "bergamasche", label: { it: "Bergamasche", en: "Bergamo", es: "Bergamascas" }, suits: "italian" },
  francesi: { name: "francesi", label: { it: "Francesi", en: "French", es: "Francesas" }, suits: "french" },
  genovesi: { name: "genovesi", label: { it: "Genovesi", en: "Genoese", es: "Genovesas" }, suits: "french" },
  spagnole: { name: "spagnole", label: { it: "Spagnole", en: "Spanish", es: "Española" }, suits: "spanish" },
};

/** Each game's own deck until the player picks one (RULES.md §8): Brisca's Spanish (source 001),
 * Biscambiggia's Genoese (source 002), else the Napoletane. */
export const GAME_DECKS = { brisca: "spagnole", biscambiggia: "genovesi" };
export const DEFAULT_DECK = "napoletane";

// The drawings loaded so far, and how to load the others.
const DRAWINGS = { napoletane };
const IMPORTS = {
  piacentine: () => import("./piacentine.js"),
  siciliane: () => import("./siciliane.js"),
  toscane: () => import("./toscane.js"),
  bergamasche: () => import("./bergamasche.js"),
  francesi: () => import("./francesi.js"),
  genovesi: () => import("./genovesi.js"),
  spagnole: () => import("./spagnole.js"),
};
const loading = new Map();

/** A style's module as the registry loads it (its drawing the default export): the Napoletane's,
 * which come with the page, at once. */
export const deckModule = (style) => (Object.hasOwn(IMPORTS, style) ? IMPORTS[style]() : Promise.resolve({ default: napoletane }));

/** The drawing of `style` loaded (an unknown style: at once, the default is drawn). Once one has
 * arrived, `briscola:deck` is fired on the document, so that what drew the default in its place
 * draws again (app.js); the table waits for its deck before it is drawn, so that is rare.
 * @param {string} style
 * @returns {Promise<void>} */
export function loadDeck(style) {
  if (DRAWINGS[style] || !Object.hasOwn(IMPORTS, style)) return Promise.resolve();
  if (!loading.has(style)) {
    loading.set(style, IMPORTS[style]().then((m) => {
      DRAWINGS[style] = m.default;
      document.dispatchEvent(new CustomEvent("briscola:deck", { detail: style }));
    }, (err) => { loading.delete(style); throw err; }));
  }
  return loading.get(style);
}

/** Whether `style`'s drawing is here (an unknown style draws the default's: yes). */
export const deckLoaded = (style) => !!DRAWINGS[style] || !Object.hasOwn(IMPORTS, style);

const cache = new Map();

function svg(inner, cls) {
  return `<svg class="${cls}" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">${inner}</svg>`;
}

/** The style's drawing; one not loaded yet is asked for, and meanwhile the default's (not cached). */
function drawing(style) {
  if (deckLoaded(style)) return { deck: DRAWINGS[style] ?? napoletane, keep: true };
  loadDeck(style).catch(() => {});  // offline and not cached: the default stays
  return { deck: napoletane, keep: false };
}

function drawn(key, style, draw, cls) {
  if (cache.has(key)) return cache.get(key);
  const { deck, keep } = drawing(style);
  const out = svg(draw(deck), cls);
  if (keep) cache.set(key, out);
  return out;
}

/** The SVG markup of a card face (`code` like "AD") in a deck style. */
export function cardFace(code, style = "napoletane") {
  return drawn(`${style}:${code}`, style, (deck) => deck.face(code), "face");
}

/** The SVG markup of a card back in a deck style. */
export function cardBack(style = "napoletane") {
  return drawn(`back:${style}`, style, (deck) => deck.back(), "back");
}

/** The style's name in a language (for the setup screen). */
export function styleLabel(style, lang = "it") {
  const label = STYLES[style]?.label;
  return label?.[lang] ?? label?.it ?? style;
}
