// Napoletane: the Spanish-suited pattern of the south, our default (docs/decks.md).
import { SERIF, at, bands, club, f, figure, italianFace, panel, paper, putto, rider, sword, upright } from "./common.js";

const LINE = "#1d1a16", GOLD = "#f2b20f", RED = "#d0202e", GREEN = "#2f8a3a", BLUE = "#1f5fb4", WOOD = "#b9783a";
const SUIT_BASE = { D: GOLD, C: RED, B: GREEN, S: BLUE };

// The denaro's star.
const star = (r, k) => Array.from({ length: 16 }, (_, i) => {
  const a = (i * Math.PI) / 8, q = i % 2 ? r * k : r;
  return `${f(Math.sin(a) * q)} ${f(-Math.cos(a) * q)}`;
}).join("L");
const STAR = `M${star(6.4, 0.5)}Z`;
const CUDGEL = { fill: WOOD, line: LINE, knot: "#7a4a1e", w0: 4.4, w1: 9, knots: 4 };
const BLADE = { edge: LINE, blade: "#b9d3ee", hilt: GOLD, grip: RED, w: 4.2, guard: 12 };
const PIP = {
  D: `<circle r="10" fill="${GOLD}" stroke="${LINE}" stroke-width="1.1"/><circle r="8" fill="none" stroke="${RED}" stroke-width="1.4"/>` +
    `<path d="${STAR}" fill="${RED}" stroke="${LINE}" stroke-width=".5"/><circle r="1.8" fill="${GOLD}"/>`,
  C: `<path d="M-9-9.5H9Q9.5 0 2.2 2.6V5Q6.5 6.4 7 10.5H-7Q-6.5 6.4-2.2 5V2.6Q-9.5 0-9-9.5Z" fill="${GOLD}" stroke="${LINE}" stroke-width="1"/>` +
    `<path d="M-8.8-6.4H8.8M-7.6-2.6H7.6" stroke="${RED}" stroke-width="1.8"/><circle cy="3.8" r="1.8" fill="${BLUE}" stroke="${LINE}" stroke-width=".5"/>`,
  B: club(-3, 11, 3, -10, { ...CUDGEL, knots: 3 }),
  S: sword(0, 8, 2.5, -1, 0, -11.5, { ...BLADE, w: 3.6, guard: 11 }),
};

// A short blade from its hilt at (x,y0) to its point at (x,y2), bowed a little.
const blade = (x, y0, y2, bow = 0, o = BLADE) => sword(x, y0, x + bow, (y0 + y2) / 2, x, y2, o);
const bow = (x, y) => at(x, y, 1, 0, `<path d="M0 0-9-6-8 5ZM0 0 9-6 8 5ZM0 0-5 12M0 0 5 12" fill="${RED}" stroke="${RED}" stroke-width="2" stroke-linejoin="round"/><circle r="2.6" fill="${RED}" stroke="${LINE}" stroke-width=".6"/>`);
const flower = (x, y) => at(x, y, 1, 0, `<g fill="${GOLD}" stroke="${LINE}" stroke-width=".6">${[0, 72, 144, 216, 288].map((r) => `<ellipse rx="2.4" ry="4" transform="rotate(${r}) translate(0 -3.6)"/>`).join("")}</g><circle r="2" fill="${RED}"/>`);

// The 5 di spade's vignette: a piper and a fox.
const VIGNETTE = `<path d="M-17 10H17" stroke="${GREEN}" stroke-width="3" stroke-linecap="round"/>` +
  `<path d="M-12 9V0Q-12-4-9-4-6-4-6 0V9Z" fill="${RED}" stroke="${LINE}" stroke-width=".6"/><circle cx="-9" cy="-7" r="2.6" fill="#f3cfae" stroke="${LINE}" stroke-width=".6"/>` +
  `<path d="M-7-6 0-3" stroke="${LINE}" stroke-width="1.1"/>` +
  `<path d="M2 8Q2 2 8 2H13L15-1 16 3Q16 7 12 8ZM3 6Q-3 6-3 1" fill="#d2691e" stroke="${LINE}" stroke-width=".6"/>`;

/** Spade apart in rows, hilts down; the 2 and 3 crossed under a red bow. */
function spade(n) {
  if (n < 4) {
    return sword(30, 122, 50, 69, 70, 28, BLADE) + sword(70, 122, 50, 69, 30, 28, BLADE) +
      (n === 3 ? blade(50, 126, 24) : "") + bow(50, 72);
  }
  const row = (xs, y0, y2, o) => xs.map((x) => blade(x, y0, y2, x < 50 ? -4 : x > 50 ? 4 : 0, o)).join("");
  if (n === 4) return row([26, 74], 66, 22) + row([26, 74], 126, 82) + flower(50, 46) + flower(50, 74) + flower(50, 102);
  if (n === 5) return row([24, 50, 76], 66, 22) + row([24, 76], 126, 82) + at(50, 104, 1, 0, VIGNETTE);
  if (n === 6) return row([24, 50, 76], 66, 22) + row([24, 50, 76], 126, 82);
  return row([21, 40, 60, 79], 66, 22, { ...BLADE, w: 3.8, guard: 9 }) + row([26, 50, 74], 126, 82);
}

// The 3 di bastoni's mask.
const MASK = `<ellipse rx="11" ry="12" fill="#f3cfae" stroke="${LINE}" stroke-width="1"/>` +
  `<path d="M-11-3Q-12-14 0-14 12-14 11-3 6-9 0-8-6-9-11-3Z" fill="${RED}" stroke="${LINE}" stroke-width=".7"/>` +
  `<circle cx="-4" cy="-2" r="1.5" fill="${LINE}"/><circle cx="4" cy="-2" r="1.5" fill="${LINE}"/>` +
  `<path d="M0 4Q-6 2-16 7M0 4Q6 2 16 7M0 4Q-6 5-15 11M0 4Q6 5 15 11" fill="none" stroke="${LINE}" stroke-width="1.1"/>` +
  `<path d="M-3 8Q0 10 3 8" fill="none" stroke="${RED}" stroke-width="1.2"/>`;

/** Bastoni: the 2 crossed, the 3 meeting at the mask, more standing apart. */
function bastoni(n) {
  if (n < 4) {
    const o = { ...CUDGEL, w0: 6.4, w1: 12.4, knots: 4 };
    return club(32, 124, 68, 26, o) + club(68, 124, 32, 26, o) + (n === 3 ? club(50, 128, 50, 22, o) + at(50, 75, 1, 0, MASK) : "");
  }
  return upright(n, (a, b, c, d) => club(a, b, c, d, { ...CUDGEL, w0: 6, w1: 11.6, knots: 3 }));
}

// The asso di denari's double-headed eagle.
const wing = `<path d="M-6-8Q-26-30-40-18-34-14-38-6-30-6-34 4-26 2-28 12-18 6-8 10Z" fill="${LINE}"/>` +
  `<path d="M-12-10Q-24-22-32-15M-14-4Q-26-10-30-2M-14 2Q-22 0-24 8" fill="none" stroke="#6d6a64" stroke-width="1.2"/>`;
const head = `<path d="M-4-14Q-6-26-12-30-17-31-19-27L-24-25-18-23Q-14-22-12-18-12-12-10-8Z" fill="${LINE}"/>` +
  `<path d="M-19-27-25-26-19-23Z" fill="${GOLD}"/><circle cx="-14" cy="-26" r="1.1" fill="${GOLD}"/>`;
const EAGLE = wing + `<g transform="scale(-1 1)">${wing}</g>` + head + `<g transform="scale(-1 1)">${head}</g>` +
  `<path d="M-9 30 0 50 9 30Z" fill="${LINE}"/><path d="M-12 28-18 40M12 28 18 40" stroke="${LINE}" stroke-width="3" stroke-linecap="round"/>`;

function ace(suit) {
  if (suit === "D") return at(50, 70, 1, 0, EAGLE) + at(50, 84, 2.15, 0, PIP.D);
  if (suit === "C") {
    return at(50, 86, 3.1, 0, PIP.C) + `<path d="M24 56Q26 36 50 32 74 36 76 56Z" fill="${BLUE}" stroke="${LINE}" stroke-width="1.2"/>` +
      `<path d="M34 56V44M42 56V40M50 56V38M58 56V40M66 56V44" stroke="${GOLD}" stroke-width="2"/>` +
      `<path d="M46 32Q50 18 54 32Z" fill="${GOLD}" stroke="${LINE}" stroke-width="1"/><path d="M50 15v11M46.5 19h7" stroke="${LINE}" stroke-width="1.8"/>`;
  }
  if (suit === "B") {
    return club(44, 136, 56, 18, { ...CUDGEL, w0: 9, w1: 18, knots: 6 }) +
      `<path d="M58 30q14-10 20 0-12 4-20 0ZM46 48q-14-10-20 0 12 4 20 0ZM57 70q12-6 16 2-10 2-16-2Z" fill="${GREEN}" stroke="${LINE}" stroke-width=".8"/>`;
  }
  const flowers = [[30, 96, RED], [26, 106, GOLD], [28, 116, RED], [70, 96, GOLD], [74, 106, RED], [72, 116, GOLD]]
    .map(([x, y, c]) => `<circle cx="${x}" cy="${y}" r="3" fill="${c}" stroke="${LINE}" stroke-width=".6"/>`).join("");
  return sword(50, 110, 62, 64, 48, 14, { ...BLADE, w: 7.5, guard: 30 }) + bow(50, 94) +
    `<path d="M42 96Q26 100 28 120M58 96Q74 100 72 120" fill="none" stroke="${GREEN}" stroke-width="2.4"/>` + flowers +
    at(50, 126, 1.05, 0, putto("#f3cfae", LINE));
}

// Robe, trim and a second colour (mantle, hose, saddle cloth) per suit.
const DRESS = {
  D: { robe: RED, trim: GOLD, second: BLUE },
  C: { robe: BLUE, trim: GOLD, second: RED },
  B: { robe: RED, trim: GOLD, second: GREEN },
  S: { robe: GREEN, trim: GOLD, second: BLUE },
};
const HORSE = { D: "#f4ecd8", C: "#a0522d", B: "#f4ecd8", S: "#4a3020" };

// The fante di spade's branch; the cavallo di spade's turban; the fante's long hair.
const BRANCH = `<path d="M-17 56Q-22 40-20 18" fill="none" stroke="#5a3a1a" stroke-width="1.6"/>` +
  `<path d="M-19 44q-8-2-9-8 7 1 9 8ZM-20 34q7-3 9-9-8 1-9 9ZM-20 26q-7-3-8-9 7 1 8 9Z" fill="${GREEN}" stroke="${LINE}" stroke-width=".6"/>`;
const TURBAN = `<path d="M-9 11Q-11-1 0-2 11-1 9 11 0 6-9 11Z" fill="#f6f2e8" stroke="${LINE}" stroke-width=".9"/>` +
  `<path d="M-8 7Q0 2 8 7" fill="none" stroke="${RED}" stroke-width="1.6"/><circle cy="1" r="1.8" fill="${RED}"/>`;
const LOCKS = `<path d="M-9 15Q-11 4 0 3 11 4 9 15L11 31Q5 28 0 30-5 28-11 31Z" fill="#5a3418"/>`;

function court(rank, suit) {
  const o = { ...DRESS[suit], line: LINE, held: PIP[suit], heldScale: 1.2, hatColor: GOLD, gold: GOLD, hair: "#4a2a12", skin: "#f3cfae" };
  let art;
  // Only the re wears a mantle, long to his feet: a re even upside down.
  if (rank === "K") art = figure({ ...o, kind: "king", beard: "#4a2a12", cape: o.second, mantle: o.second, ermine: true });
  else if (rank === "J") {
    const s = suit === "S";
    art = LOCKS + figure({ ...o, kind: "page", hose: o.second, hatColor: o.second, held: s ? "" : o.held }) +
      (s ? sword(23, 46, 25, 80, 23, 116, { ...BLADE, w: 3 }) + BRANCH : "");
  } else if (suit === "S") {  // the Moor
    art = rider({ ...o, horse: HORSE.S, mane: LINE, cloth: o.second, hat: "none", skin: "#9a6440", held: "" }) +
      TURBAN + sword(23, 46, 40, 34, 30, 8, { ...BLADE, w: 3 });
  } else art = rider({ ...o, horse: HORSE[suit], mane: "#5a3418", cloth: o.second, hat: "broad", hatColor: o.second });
  // The platform in the suit's colour.
  const base = `<path d="M22 121H76L79 131H19Z" fill="${SUIT_BASE[suit]}" stroke="${LINE}" stroke-width="1.1"/>`;
  return base + `<g transform="translate(${rank === "Q" ? 47 : 51} 17) scale(.88 .9)">${art}</g>`;
}

const FACE = { ace, court, long: (n, suit) => (suit === "B" ? bastoni(n) : spade(n)), pip: PIP, scale: [1.45, 1.2], paper: paper(),
  corner: { x: 11, y: 21, size: 20, font: SERIF, fill: LINE, pipY: 12, pipScale: 0.5, underline: true } };

export default {  // its name, label and suits: decks/cards.js STYLES
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    return paper() + panel("#b3161c") +
      bands(5, 5, 90, 140, 12, 4.5, "#1d1a16", 0.55) + bands(5, 5, 90, 140, 12, 0.7, "#fff", 0.6) +
      `<ellipse cx="50" cy="75" rx="18" ry="22" fill="#b3161c" stroke="${GOLD}" stroke-width="2"/>` + at(50, 75, 1.3, 0, PIP.D) +
      panel("none", GOLD, 1.5);
  },
};
