// Siciliane: the Spanish-suited pattern of Sicily (docs/decks.md).
import { SANS, at, bands, club, head, panel, paper, rider, sword, figure, italianFace, upright } from "./common.js";

const LINE = "#1a1410", ORANGE = "#f0a020", BLUE = "#22409a", GREEN = "#2f8a3a", RED = "#c0172c", YELLOW = "#f7d038";

const star = `<path d="M0-7 1.9-2.6 6.6-2.8 3-.2 4.4 5.6 0 2.6-4.4 5.6-3-.2-6.6-2.8-1.9-2.6Z" fill="${RED}" stroke="${LINE}" stroke-width=".6"/>`;
const PIP = {
  D: `<circle r="10" fill="${ORANGE}" stroke="${LINE}" stroke-width="1.4"/><circle r="7.6" fill="${YELLOW}" stroke="${LINE}" stroke-width=".8"/>` +
    `<circle r="8.8" fill="none" stroke="${GREEN}" stroke-width="1" stroke-dasharray="2 1.5"/>${star}`,
  C: `<path d="M-9-7Q-9 3 0 3 9 3 9-7Z" fill="${ORANGE}" stroke="${LINE}" stroke-width="1.2"/><path d="M-10-9.5H10V-6.5H-10Z" fill="${BLUE}" stroke="${LINE}" stroke-width="1"/>` +
    `<path d="M-1.8 3H1.8L2.6 7.2H-2.6ZM-7 10.5Q-7 7 0 7 7 7 7 10.5Z" fill="${GREEN}" stroke="${LINE}" stroke-width="1"/><circle cy="-2" r="2" fill="${RED}"/>`,
  B: club(-5.5, 10, 5.5, -10, { w0: 3.2, w1: 4.6, fill: ORANGE, line: LINE, knot: RED, band: BLUE, knots: 2 }),
  S: sword(0, 8, 3.8, 0, 0, -11, { w: 3, guard: 11, edge: LINE, blade: "#9cc3e6", hilt: ORANGE, grip: RED }),
};

// The marked numerals: the Trinacria (3 di denari), the king's portrait (2), the chariot (5), the
// arms of Savoy (4 di coppe) and the ship (6).
const TRINACRIA = `<circle r="10" fill="${YELLOW}" stroke="${LINE}" stroke-width="1.2"/>` +
  [0, 120, 240].map((a) => `<path transform="rotate(${a})" d="M0-2.6V-7.4L4.2-8.6" fill="none" stroke="${RED}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`).join("") +
  `<circle r="3.2" fill="#f4cfa8" stroke="${LINE}" stroke-width=".7"/>`;

const KING = `<circle r="10" fill="${YELLOW}" stroke="${LINE}" stroke-width="1.2"/>` +
  at(0, -9.5, 0.6, 0, head({ profile: true, skin: "#f4cfa8", line: LINE, hair: "#3b2314", beard: "#3b2314" }));
const BIGA = `<circle r="10" fill="${YELLOW}" stroke="${LINE}" stroke-width="1.2"/>` +
  `<path d="M-7 3Q-7-2-2-2H3L5-6 7-5 6 0Q6 3 4 3L4.5 7M-6 3-6.5 7M-1 3-.5 7M2 3 3 7" fill="${RED}" stroke="${LINE}" stroke-width=".8"/>` +
  `<circle cx="-6" cy="1" r="3.4" fill="none" stroke="${LINE}" stroke-width="1.1"/>`;
const SAVOY = `<path d="M-8-9H8V1Q8 8 0 11-8 8-8 1Z" fill="${RED}" stroke="${LINE}" stroke-width="1.1"/><path d="M0-9V10M-8-2H8" stroke="#fff" stroke-width="3"/>` +
  `<path d="M-8-9-9-15-4-12 0-16 4-12 9-15 8-9Z" fill="${YELLOW}" stroke="${LINE}" stroke-width=".7"/>`;
const SHIP = `<path d="M-11 4H11L7 9H-7Z" fill="${RED}" stroke="${LINE}" stroke-width=".8"/><path d="M0 4V-12" stroke="${LINE}" stroke-width="1.2"/>` +
  `<path d="M1-11Q8-5 1 2ZM-1-9Q-7-4-1 2Z" fill="#fff" stroke="${LINE}" stroke-width=".7"/><path d="M-14 11Q-7 8 0 11 7 14 14 11" fill="none" stroke="${BLUE}" stroke-width="1.4"/>`;
function extra(rank, suit) {
  if (suit === "D") return rank === "2" ? [44, 106].map((y) => at(50, y, 1.45, 0, KING)).join("") : rank === "3" ? at(50, 75, 1.4, 0, TRINACRIA) : rank === "5" ? at(50, 75, 1.4, 0, BIGA) : "";
  if (suit === "C") return rank === "4" ? at(50, 75, 1.3, 0, SAVOY) : rank === "6" ? at(50, 75, 0.65, 0, SHIP) : "";
  return "";
}

// Short straight swords and cudgels apart, as on the Spanish-type packs.
function long(n, suit) {
  return upright(n, suit === "B" ? (a, b, c, d) => club(a, b, c, d, { ...CLUB, w0: 5, w1: 9.6 })
    : (a, b, c, d) => sword(a, b, (a + c) / 2, (b + d) / 2, c, d, { ...BLADE, w: 3.8, guard: 13 }), n > 5 ? 14 : 17);
}


// The court's base says its rank, whatever the suit.
const BASE = { J: RED, Q: YELLOW, K: GREEN };

const CLUB = { w0: 3.6, w1: 5.6, fill: ORANGE, line: LINE, knot: RED, band: BLUE, knots: 3 };
const BLADE = { edge: LINE, blade: "#9cc3e6", hilt: ORANGE, grip: RED, w: 3.2 };

function ace(suit) {
  if (suit === "D") {
    return `<circle cx="50" cy="75" r="33" fill="${BLUE}" stroke="${LINE}" stroke-width="1.5"/><circle cx="50" cy="75" r="29" fill="none" stroke="${YELLOW}" stroke-width="1.2" stroke-dasharray="4 2"/>` +
      at(50, 75, 2.5, 0, PIP.D);
  }
  if (suit === "C") {
    // A Greek wedding vase.
    return `<path d="M30 56Q30 46 40 45M70 56Q70 46 60 45M40 45V38M60 45V38" fill="none" stroke="${LINE}" stroke-width="3.4"/>` +
      `<path d="M28 60Q26 92 44 98V112Q36 114 34 122H66Q64 114 56 112V98Q74 92 72 60Q50 52 28 60Z" fill="${ORANGE}" stroke="${LINE}" stroke-width="1.4"/>` +
      `<path d="M28.5 66Q50 60 71.5 66V74Q50 68 28.5 74Z" fill="${LINE}"/><path d="M31 70h4v-3h4v3h4v-3h4v3h4v-3h4v3h4v-3h4v3h4" fill="none" stroke="${ORANGE}" stroke-width="1.2"/>` +
      `<path d="M34 60Q40 44 50 43 60 44 66 60Q50 54 34 60Z" fill="${BLUE}" stroke="${LINE}" stroke-width="1.2"/><circle cx="50" cy="40" r="3.5" fill="${YELLOW}" stroke="${LINE}"/>` +
      `<path d="M36 84Q50 92 64 84" fill="none" stroke="${GREEN}" stroke-width="2.4"/><path d="M44 104H56" stroke="${LINE}" stroke-width="2"/>`;
  }
  if (suit === "B") {
    return club(44, 134, 56, 18, { ...CLUB, w0: 8, w1: 14, knots: 5 }) +
      `<path d="M30 60Q50 52 70 60M30 96Q50 88 70 96" fill="none" stroke="${BLUE}" stroke-width="3.4" stroke-linecap="round"/>`;
  }
  // The scimitar through a crown, between laurels.
  const leaves = Array.from({ length: 5 }, (_, i) => {
    const t = 0.15 + i * 0.17, x = 30 - 8 * t * t + 4 * t, y = 116 - 58 * t;
    return `<ellipse cx="${(x - 3.6).toFixed(1)}" cy="${y.toFixed(1)}" rx="4.2" ry="1.9" transform="rotate(-35 ${(x - 3.6).toFixed(1)} ${y.toFixed(1)})"/>` +
      `<ellipse cx="${(x + 3.4).toFixed(1)}" cy="${(y - 2).toFixed(1)}" rx="4.2" ry="1.9" transform="rotate(35 ${(x + 3.4).toFixed(1)} ${(y - 2).toFixed(1)})"/>`;
  }).join("");
  const branch = `<path d="M34 120Q24 92 32 56" fill="none" stroke="${GREEN}" stroke-width="1.6"/><g fill="${GREEN}" stroke="${LINE}" stroke-width=".4">${leaves}</g>`;
  const crown = `<path d="M34 52 32 36 40 44 45 32 50 42 55 32 60 44 68 36 66 52Z" fill="${YELLOW}" stroke="${LINE}" stroke-linejoin="round"/>` +
    `<rect x="33.5" y="49" width="33" height="6" rx="1" fill="${YELLOW}" stroke="${LINE}"/><circle cx="50" cy="52" r="1.6" fill="${RED}"/><circle cx="40" cy="52" r="1.3" fill="${BLUE}"/><circle cx="60" cy="52" r="1.3" fill="${BLUE}"/>`;
  return branch + `<g transform="matrix(-1 0 0 1 100 0)">${branch}</g>` + sword(50, 124, 70, 72, 44, 18, { ...BLADE, w: 7, guard: 30 }) + crown;
}

const DRESS = {
  D: { robe: BLUE, trim: ORANGE, cape: RED, niche: "#fbe3b5" },
  C: { robe: RED, trim: YELLOW, cape: BLUE, niche: "#d8e6f5" },
  B: { robe: GREEN, trim: ORANGE, cape: RED, niche: "#f7d4c4" },
  S: { robe: ORANGE, trim: BLUE, cape: GREEN, niche: "#dcefd2" },
};

function court(rank, suit) {
  const d = DRESS[suit];
  const o = { ...d, line: LINE, held: PIP[suit], hatColor: YELLOW, gold: YELLOW, hair: "#3b2314", skin: "#f4cfa8" };
  const art = rank === "K" ? figure({ ...o, kind: "king", beard: "#3b2314" })
    : rank === "J" ? figure({ ...o, kind: "lady", cape: undefined, hair: "#5a3012" })
      : rider({ ...o, horse: "#b8b4aa", mane: "#4a4640", cloth: d.cape });  // the grey "sceccu"
  // An arched niche with a tiled floor.
  const niche = `<path d="M20 138V44Q20 22 50 22 80 22 80 44V138Z" fill="${d.niche}" stroke="${LINE}" stroke-width="1.2"/>` +
    `<path d="M20 128H80V138H20Z" fill="${BASE[rank]}" stroke="${LINE}" stroke-width="1"/><path d="M30 128v10M40 128v10M50 128v10M60 128v10M70 128v10" stroke="${rank === "Q" ? ORANGE : YELLOW}" stroke-width="1.2"/>`;
  return niche + `<g transform="translate(${rank === "Q" ? 46 : 50} 33) scale(.9 .83)">${art}</g>`;
}

const FACE = { ace, court, extra, long, pip: PIP, scale: [1.4, 1.2], paper: paper("#fffaf0", "#5a4a3a"),
  corner: { x: 10.5, y: 21, size: 20, font: SANS, weight: 800, fill: LINE, pipY: 11, pipScale: 0.45 } };

export default {  // its name, label and suits: decks/cards.js STYLES
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    return paper("#fffaf0", "#5a4a3a") + panel(BLUE) +
      bands(5, 5, 90, 140, 12, 4, "#14285f", 0.8) + bands(5, 5, 90, 140, 12, 0.9, ORANGE, 0.9) +
      panel("none", ORANGE, 1.5);
  },
};
