// Genovesi: the Genoese French-suited pattern used in Liguria for Biscambiggia. ♦ quadri = D,
// ♥ cuori = C, ♣ fiori = B, ♠ picche = S. Double-headed courts in a frame cut by a slanting line
// (re, donna, fante), corner indices K/Q/J (as the Ligurian rules name them: fante J, donna Q, re K),
// bottom-half pips upside down.
import { SERIF, at, corners, frenchCourt, lattice, paper, parse } from "./common.js";

const LINE = "#1b1b1b", RED = "#c8102e", BLACK = "#161616", YELLOW = "#f0c419", GREEN = "#2e7d32";

const PIP = {
  D: `<path d="M0-10.5 7.4 0 0 10.5-7.4 0Z" fill="${RED}"/>`,
  C: `<path d="M0 9.5C-11 1-10.5-9.5-5-9.5-2-9.5-.6-7.5 0-5.6.6-7.5 2-9.5 5-9.5 10.5-9.5 11 1 0 9.5Z" fill="${RED}"/>`,
  B: `<g fill="${BLACK}"><circle cy="-5" r="4.4"/><circle cx="-5" cy="2" r="4.4"/><circle cx="5" cy="2" r="4.4"/><path d="M0-1 2.4 10H-2.4Z"/></g>`,
  S: `<path d="M0-10C3.5-4.5 10-1.5 7.6 4.2 5.8 7.6 2 6.6.8 4.4 1.2 7 2.2 8.8 3.6 10H-3.6C-2.2 8.8-1.2 7-.8 4.4-2 6.6-5.8 7.6-7.6 4.2-10-1.5-3.5-4.5 0-10Z" fill="${BLACK}"/>`,
};

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

// Clothes per suit: green where the French portrait has blue, as on the Genoese packs (Mistry's
// collection, "Belgium-Genoese").
const DRESS = {
  D: [RED, YELLOW, GREEN], C: [GREEN, RED, YELLOW], B: [GREEN, YELLOW, RED], S: [BLACK, RED, YELLOW],
};

// The portrait's tokens: David's harp by the re di picche, Charles's sword for the re di cuori,
// Caesar in profile for the re di quadri, and the fante di fiori's triangular shield, the mark of
// this pattern (where the Paris portrait has an oval one).
const HARP = `<path d="M-27 57V26Q-18 30-12 46V57Z" fill="none" stroke="${YELLOW}" stroke-width="2.6"/><path d="M-24 30V57M-21 33V57M-18 37V57M-15 42V57" stroke="${LINE}" stroke-width=".7"/>`;
const SWORD = `<path d="M20 58 22 0" stroke="${LINE}" stroke-width="3.6"/><path d="M20 52 22 0" stroke="#d7dde6" stroke-width="2"/><path d="M15 50H26" stroke="${YELLOW}" stroke-width="2.6" stroke-linecap="round"/>`;
const SHIELD = `<path d="M-28 30H-10L-19 52Z" fill="${YELLOW}" stroke="${LINE}"/><path d="M-24 34H-14L-19 45Z" fill="${RED}"/>`;
const HOLD = { KC: SWORD }, MORE = { KS: HARP, JB: SHIELD };

function court(rank, suit) {
  const [robe, trim, other] = DRESS[suit], key = rank + suit;
  return frenchCourt(rank, { robe, trim, other, pip: PIP[suit], line: LINE, slope: 0.3, profile: key === "KD", hold: HOLD[key], more: MORE[key] });
}

const INDEX = { A: "A", J: "J", Q: "Q", K: "K" };

export default {
  name: "genovesi",
  label: { it: "Genovesi", en: "Genoese", es: "Genovesas" },
  suits: "french",  // the card names' family (strings/lookup.js)
  face(code) {
    const [rank, suit] = parse(code);
    let mid;
    if (rank === "A") mid = ace(suit);
    else if ("JQK".includes(rank)) mid = court(rank, suit);
    else mid = POS[rank].map(([x, y]) => at(x, y, rank > 5 ? 1.05 : 1.2, y > 75 ? 180 : 0, PIP[suit])).join("");
    const ink = suit === "D" || suit === "C" ? RED : BLACK;
    return paper() + mid + corners(INDEX[rank] ?? rank, PIP[suit], { x: 9.5, y: 19, size: 17, font: SERIF, fill: ink, pipY: 10, pipScale: 0.5 });
  },
  back() {
    return paper() + `<rect x="5" y="5" width="90" height="140" rx="4" fill="#fff"/>` + lattice(5, 5, 90, 140, 7, RED, 1.3) +
      `<rect x="5" y="5" width="90" height="140" rx="4" fill="none" stroke="${RED}" stroke-width="2"/>` +
      `<rect x="32" y="55" width="36" height="40" rx="18" fill="#fff" stroke="${RED}" stroke-width="2"/>` + at(50, 75, 1.1, 0, PIP.C);
  },
};
