// Genovesi: the Genoese French-suited pattern used in Liguria for Biscambiggia. ♦ quadri = D,
// ♥ cuori = C, ♣ fiori = B, ♠ picche = S. Double-headed courts in a frame (re, donna, fante), corner
// indices K/Q/J (as the Ligurian rules name them: fante J, donna Q, re K), bottom-half pips upside down.
import { SERIF, at, corners, head, lattice, paper, parse, turn } from "./common.js";

const LINE = "#1b1b1b", RED = "#c8102e", BLACK = "#161616", BLUE = "#1f4e9c", YELLOW = "#f0c419", GREEN = "#2e7d32";

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

// Clothes per suit, so the twelve courts differ as on the printed deck.
const DRESS = {
  D: [RED, YELLOW, BLUE], C: [BLUE, RED, YELLOW], B: [GREEN, YELLOW, RED], S: [BLACK, RED, YELLOW],
};

/** One half of a double-headed court: a bust from the head down to the waist, drawn above y=75. */
function bust(rank, suit) {
  const [robe, trim, other] = DRESS[suit];
  const o = { line: LINE, skin: "#f6d7b8", hair: rank === "Q" ? "#8a4b16" : "#4a2a12", woman: rank === "Q" };
  let s = `<path d="M-22 58Q-22 30 -10 27H10Q22 30 22 58Z" fill="${robe}" stroke="${LINE}" stroke-width="1"/>` +
    `<path d="M-10 27 0 40 10 27" fill="${trim}" stroke="${LINE}" stroke-width=".8"/><path d="M-16 44Q0 52 16 44" fill="none" stroke="${trim}" stroke-width="3"/>`;
  if (rank === "K") {
    s += `<path d="M-22 40Q-12 26 0 34 12 26 22 40L22 36Q12 22 0 30-12 22-22 36Z" fill="#fff" stroke="${LINE}" stroke-width=".6"/>` +
      `<path d="M18 56 24 1" stroke="${LINE}" stroke-width="3"/><path d="M18 56 24 1" stroke="${YELLOW}" stroke-width="1.6"/><circle cx="24.2" cy="0" r="3" fill="${YELLOW}" stroke="${LINE}" stroke-width=".7"/>`;
    s += head({ ...o, beard: "#6b4a2a", hat: "crown", hatColor: YELLOW });
  } else if (rank === "Q") {
    s += `<path d="M-14 30Q0 24 14 30L12 34Q0 28-12 34Z" fill="${other}" stroke="${LINE}" stroke-width=".6"/>` +
      `<path d="M16 50Q20 36 24 30" stroke="${GREEN}" stroke-width="1.6"/><circle cx="24" cy="28" r="3.4" fill="${RED}" stroke="${LINE}" stroke-width=".6"/>`;
    s += head({ ...o, hat: "tiara", hatColor: YELLOW });
  } else {
    s += `<path d="M-20 56-23 6" stroke="${LINE}" stroke-width="2.4"/><path d="M-23 6-26-2-20-2Z" fill="#c9ced6" stroke="${LINE}" stroke-width=".7"/><path d="M-26 9-19 7" stroke="${LINE}" stroke-width="2"/>`;
    s += head({ ...o, hat: "cap", hatColor: other });
  }
  // The suit sign beside the head, as on the printed courts.
  return `<g transform="translate(50 17.5) scale(.92)">${s}</g>` + at(rank === "J" ? 70 : 29, 30, 0.7, 0, PIP[suit]);
}

function court(rank, suit) {
  const half = bust(rank, suit);
  return `<rect x="18" y="12" width="64" height="126" fill="#fbf6ea" stroke="${LINE}" stroke-width="1.2"/>` +
    half + turn(half) + `<path d="M18 75H82" stroke="${LINE}" stroke-width="1"/>`;
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
