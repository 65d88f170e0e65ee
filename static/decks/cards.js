// Cards drawn as SVG by us. A deck style is a small object {name, label, suits, face(code), back()}
// (docs/decks.md); add one to STYLES and it appears in the setup screen.
import bergamasche from "./bergamasche.js";
import { frenchCourt, parse } from "./common.js";
import genovesi from "./genovesi.js";
import napoletane from "./napoletane.js";
import piacentine from "./piacentine.js";
import siciliane from "./siciliane.js";
import spagnole from "./spagnole.js";
import toscane from "./toscane.js";

const W = 100, H = 150;

// The French suit signs, drawn in a 20×20 box centred on 0,0.
const FRENCH_PIPS = {
  D: `<path d="M0-10L7.5 0 0 10-7.5 0Z" fill="#c8102e"/>`,
  C: `<path d="M0 9.5C-11 1-10.5-9.5-5-9.5-2-9.5-.6-7.5 0-5.6.6-7.5 2-9.5 5-9.5 10.5-9.5 11 1 0 9.5Z" fill="#c8102e"/>`,
  B: `<g fill="#161616"><circle cy="-5" r="4.4"/><circle cx="-5" cy="2" r="4.4"/><circle cx="5" cy="2" r="4.4"/><path d="M0-1 2.2 9.8H-2.2Z"/></g>`,
  S: `<path d="M0-10C3.5-4.5 10-1.5 7.6 4.2 5.8 7.6 2 6.6.8 4.4 1.2 7 2.2 8.8 3.6 10H-3.6C-2.2 8.8-1.2 7-.8 4.4-2 6.6-5.8 7.6-7.6 4.2-10-1.5-3.5-4.5 0-10Z" fill="#161616"/>`,
};

const PIP_LAYOUT = {
  A: [[50, 75]],
  2: [[50, 42], [50, 108]],
  3: [[50, 36], [50, 75], [50, 114]],
  4: [[32, 42], [68, 42], [32, 108], [68, 108]],
  5: [[32, 42], [68, 42], [50, 75], [32, 108], [68, 108]],
  6: [[32, 38], [68, 38], [32, 75], [68, 75], [32, 112], [68, 112]],
  7: [[32, 38], [68, 38], [50, 56], [32, 75], [68, 75], [32, 112], [68, 112]],
};

const FRENCH_INDEX = { A: "A", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", J: "J", Q: "Q", K: "K" };

// The courts of the international pattern sold today, double-headed: the king of hearts with his
// sword behind his head, the king of diamonds in profile with an axe, the one-eyed jacks of spades
// and hearts (docs/decks.md).
const INK = "#3a2a1a", AXE = `<path d="M-21 58-22 4" stroke="${INK}" stroke-width="2.6"/><path d="M-22 6Q-32 4-33 14-27 13-22 16Z" fill="#c9ced6" stroke="${INK}" stroke-width=".7"/>`;
const BEHIND = `<path d="M22 2-24 18" stroke="${INK}" stroke-width="3.6"/><path d="M20 2.7-24 18" stroke="#d7dde6" stroke-width="2"/><path d="M18 -2 21 7" stroke="#e8b100" stroke-width="2.6" stroke-linecap="round"/>`;

function courtFigure(rank, suit, pip) {
  const red = suit === "D" || suit === "C", key = rank + suit;
  const [robe, other] = red ? ["#c8102e", "#1e4f8f"] : ["#1e4f8f", "#c8102e"];
  return frenchCourt(rank, { robe, trim: "#e8b100", other, pip, line: INK, frame: "#fbf6ea", profile: ["KD", "JS", "JC"].includes(key),
    hold: key === "KD" ? AXE : key === "KC" ? "" : undefined, behind: key === "KC" ? BEHIND : "", sign: key === "KD" ? 70 : undefined });
}

// The plain French deck (the Napoletane has its own module, napoletane.js).
const francesi = {
  name: "francesi",
  label: { it: "Francesi", en: "French", es: "Francesas" },
  suits: "french",  // the card names' family (strings/lookup.js)
  face(code) {
    const [rank, suit] = parse(code);  // a bad code is a clear error, never a blank card
    const pip = FRENCH_PIPS[suit];
    const color = suit === "D" || suit === "C" ? "#c8102e" : "#161616";
    const corner = (x, y, rot) => `<g transform="translate(${x} ${y}) rotate(${rot})">
        <text x="0" y="0" font-size="15" font-weight="700" font-family="Georgia, 'DejaVu Serif', serif" text-anchor="middle" fill="${color}">${FRENCH_INDEX[rank]}</text>
        <g transform="translate(0 9) scale(0.42)">${pip}</g></g>`;
    let middle;
    if ("JQK".includes(rank)) middle = courtFigure(rank, suit, pip);
    // The ace of spades, large and ornate, as the pack's own mark.
    else if (rank === "A") middle = suit === "S" ? `<circle cx="50" cy="75" r="34" fill="none" stroke="#161616" stroke-width="1.2"/><circle cx="50" cy="75" r="31" fill="none" stroke="#e8b100" stroke-width="2" stroke-dasharray="3 2.4"/><g transform="translate(50 74) scale(4)">${pip}</g><g transform="translate(50 73) scale(2.9)" fill="none" stroke="#fffdf7" stroke-width=".3">${pip}</g>`
      : `<g transform="translate(50 75) scale(2.6)">${pip}</g>`;
    // The pips of the lower half point down, as on every printed French card (and the Genovesi).
    else middle = PIP_LAYOUT[rank].map(([x, y]) => `<g transform="translate(${x} ${y}) scale(1.05)${y > 75 ? " rotate(180)" : ""}">${pip}</g>`).join("");
    return `<rect x="1" y="1" width="98" height="148" rx="8" fill="#fffdf7" stroke="#8b8170" stroke-width="1.5"/>
        ${middle}${corner(11, 17, 0)}${corner(89, 133, 180)}`;
  },
};

export const STYLES = {
  napoletane,
  piacentine,
  siciliane,
  toscane,
  bergamasche,
  francesi,
  genovesi,
  spagnole,
};

/** Each game's own deck, the one it is played with until the player picks another (RULES.md §8:
 * the deck is a display choice): Brisca's Spanish deck (source 001), Biscambiggia's Genoese (source
 * 002); any other game the Napoletane. The setup offers it (screens/setup.js), the rules name its cards. */
export const GAME_DECKS = { brisca: "spagnole", biscambiggia: "genovesi" };
export const DEFAULT_DECK = "napoletane";

// The back: a gold lattice on red, kept inside its frame (a nested <svg> clips it; no id needed).
const BACK = `<rect x="1" y="1" width="98" height="148" rx="8" fill="#fffdf7" stroke="#8b8170" stroke-width="1.5"/>
  <rect x="7" y="7" width="86" height="136" rx="5" fill="#9b1c1c"/>
  <path d="M7 7h86v136H7z" fill="none"/>
  <svg x="7" y="7" width="86" height="136" viewBox="7 7 86 136"><g stroke="#e8b100" stroke-width="1.2" opacity=".7">${Array.from({ length: 13 }, (_, i) => `<path d="M${-40 + i * 12} 143 ${40 + i * 12} 7M${-40 + i * 12} 7 ${40 + i * 12} 143"/>`).join("")}</g></svg>
  <rect x="7" y="7" width="86" height="136" rx="5" fill="none" stroke="#e8b100" stroke-width="2"/>
  <circle cx="50" cy="75" r="14" fill="#9b1c1c" stroke="#e8b100" stroke-width="2"/>
  <text x="50" y="81" font-size="17" font-family="Georgia, 'DejaVu Serif', serif" text-anchor="middle" fill="#e8b100">B</text>`;

const cache = new Map();

function svg(inner, cls) {
  return `<svg class="${cls}" viewBox="0 0 ${W} ${H}" aria-hidden="true" focusable="false">${inner}</svg>`;
}

/** The SVG markup of a card face (`code` like "AD") in a deck style. */
export function cardFace(code, style = "napoletane") {
  const key = `${style}:${code}`;
  if (!cache.has(key)) cache.set(key, svg((STYLES[style] || STYLES.napoletane).face(code), "face"));
  return cache.get(key);
}

/** The SVG markup of a card back in a deck style (styles without their own use ours). */
export function cardBack(style = "napoletane") {
  const key = `back:${style}`;
  if (!cache.has(key)) cache.set(key, svg(STYLES[style]?.back?.() ?? BACK, "back"));
  return cache.get(key);
}

/** The style's name in a language (for the setup screen). */
export function styleLabel(style, lang = "it") {
  const label = STYLES[style]?.label;
  return label?.[lang] ?? label?.it ?? style;
}
