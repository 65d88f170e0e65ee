// The plain French deck (the international pattern), and our own back with it.
import { FRENCH, SERIF, at, frenchCourt, italianFace, lattice } from "./common.js";

// The international pattern's courts: the king of hearts' sword behind his head, the king of
// diamonds' axe, the one-eyed jacks.
const INK = "#3a2a1a", AXE = `<path d="M-21 58-22 4" stroke="${INK}" stroke-width="2.6"/><path d="M-22 6Q-32 4-33 14-27 13-22 16Z" fill="#c9ced6" stroke="${INK}" stroke-width=".7"/>`;
const BEHIND = `<path d="M22 2-24 18" stroke="${INK}" stroke-width="3.6"/><path d="M20 2.7-24 18" stroke="#d7dde6" stroke-width="2"/><path d="M18 -2 21 7" stroke="#e8b100" stroke-width="2.6" stroke-linecap="round"/>`;

const DRESS = { D: ["#c8102e", "#e8b100", "#1e4f8f"], C: ["#1e4f8f", "#e8b100", "#c8102e"], B: ["#e8b100", "#c8102e", "#1e4f8f"], S: ["#2a2a2a", "#c8102e", "#e8b100"] };

function courtFigure(rank, suit, pip) {
  const [robe, trim, other] = DRESS[suit], key = rank + suit;
  return frenchCourt(rank, { robe, trim, other, pip, line: INK, frame: "#fbf6ea", profile: ["KD", "JS", "JC"].includes(key),
    hold: key === "KD" ? AXE : key === "KC" ? "" : undefined, behind: key === "KC" ? BEHIND : "", sign: key === "KD" ? 70 : undefined });
}

const SPADE = `<circle cx="50" cy="75" r="34" fill="none" stroke="#161616" stroke-width="1.2"/><circle cx="50" cy="75" r="31" fill="none" stroke="#e8b100" stroke-width="2" stroke-dasharray="3 2.4"/>` +
  at(50, 74, 4, 0, FRENCH.S) + `<g transform="translate(50 73) scale(2.9)" fill="none" stroke="#fffdf7" stroke-width=".3">${FRENCH.S}</g>`;
const FACE = {
  ace: (suit) => (suit === "S" ? SPADE : at(50, 75, 2.6, 0, FRENCH[suit])),  // the ace of spades large and ornate
  court: (rank, suit) => courtFigure(rank, suit, FRENCH[suit]), pip: FRENCH, flip: true, scale: [1.05, 1.05],
  paper: `<rect x="1" y="1" width="98" height="148" rx="8" fill="#fffdf7" stroke="#8b8170" stroke-width="1.5"/>`, index: { A: "A", J: "J", Q: "Q", K: "K" },
  corner: (suit) => ({ x: 11, y: 17, size: 15, font: SERIF, fill: "DC".includes(suit) ? "#c8102e" : "#161616", pipY: 9, pipScale: 0.42 }),
};

// Our own back: a gold lattice on red round a "B".
const BACK = FACE.paper + `<rect x="7" y="7" width="86" height="136" rx="5" fill="#9b1c1c"/>` + lattice(7, 7, 86, 136, 12, "#d18408", 1.2) +
  `<rect x="7" y="7" width="86" height="136" rx="5" fill="none" stroke="#e8b100" stroke-width="2"/><circle cx="50" cy="75" r="14" fill="#9b1c1c" stroke="#e8b100" stroke-width="2"/>` +
  `<text x="50" y="81" font-size="17" font-family="${SERIF}" text-anchor="middle" fill="#e8b100">B</text>`;

export default {  // its name, label and suits: decks/cards.js STYLES
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    return BACK;
  },
};
