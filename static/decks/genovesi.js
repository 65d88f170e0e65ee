// Genovesi: the Genoese French-suited pattern (Biscambiggia), double-headed on a slant (docs/decks.md).
import { FRENCH, SERIF, at, frenchCourt, italianFace, lattice, panel, paper } from "./common.js";

const LINE = "#1b1b1b", RED = "#c8102e", BLACK = "#161616", YELLOW = "#f0c419", GREEN = "#2e7d32";

const PIP = FRENCH;

const POS = {
  2: [[50, 34], [50, 116]], 3: [[50, 34], [50, 75], [50, 116]],
  4: [[33, 34], [67, 34], [33, 116], [67, 116]], 5: [[33, 34], [67, 34], [50, 75], [33, 116], [67, 116]],
  6: [[32, 32], [68, 32], [32, 75], [68, 75], [32, 118], [68, 118]], 7: [[30, 32], [70, 32], [50, 53.5], [30, 75], [70, 75], [30, 118], [70, 118]],
};

function ace(suit) {
  const leaf = `<path d="M0-34Q6-28 0-22-6-28 0-34Z" fill="${GREEN}"/>`;
  const wreath = Array.from({ length: 12 }, (_, i) => `<g transform="rotate(${i * 30 + 15})">${leaf}</g>`).join("");
  return `<g transform="translate(50 75)"><circle r="28" fill="none" stroke="${YELLOW}" stroke-width="3"/>${wreath}</g>` + at(50, 75, 3, 0, PIP[suit]);
}

// Clothes per suit: green where the Paris portrait has blue.
const DRESS = {
  D: [RED, YELLOW, GREEN], C: [YELLOW, RED, GREEN], B: [GREEN, YELLOW, RED], S: [BLACK, RED, YELLOW],
};

// David's harp, Charles's sword, the fante di fiori's triangular shield.
const HARP = `<path d="M-27 57V26Q-18 30-12 46V57Z" fill="none" stroke="${YELLOW}" stroke-width="2.6"/><path d="M-24 30V57M-21 33V57M-18 37V57M-15 42V57" stroke="${LINE}" stroke-width=".7"/>`;
const SWORD = `<path d="M20 58 22 0" stroke="${LINE}" stroke-width="3.6"/><path d="M20 52 22 0" stroke="#d7dde6" stroke-width="2"/><path d="M15 50H26" stroke="${YELLOW}" stroke-width="2.6" stroke-linecap="round"/>`;
const SHIELD = `<path d="M-28 30H-10L-19 52Z" fill="${YELLOW}" stroke="${LINE}"/><path d="M-24 34H-14L-19 45Z" fill="${RED}"/>`;
const HOLD = { KC: SWORD }, MORE = { KS: HARP, JB: SHIELD };

function court(rank, suit) {
  const [robe, trim, other] = DRESS[suit], key = rank + suit;
  return frenchCourt(rank, { robe, trim, other, pip: PIP[suit], line: LINE, slope: 0.3, profile: key === "KD", hold: HOLD[key], more: MORE[key] });
}

const FACE = { ace, court, pip: PIP, grid: POS, flip: true, scale: [1.2, 1.05], paper: paper(), index: { A: "A", J: "J", Q: "Q", K: "K" },
  corner: (suit) => ({ x: 9.5, y: 19, size: 17, font: SERIF, fill: "DC".includes(suit) ? RED : BLACK, pipY: 10, pipScale: 0.5 }) };

export default {  // its name, label and suits: decks/cards.js STYLES
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    return paper() + panel("#fff") + lattice(5, 5, 90, 140, 7, RED, 1.3) +
      panel("none", RED, 2) +
      `<rect x="32" y="55" width="36" height="40" rx="18" fill="#fff" stroke="${RED}" stroke-width="2"/>` + at(50, 75, 1.1, 0, PIP.C);
  },
};
