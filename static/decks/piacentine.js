// Piacentine: the Spanish-suited pattern of the north, double-headed (docs/decks.md: each card's marks
// and their sources).
import { arm, at, bands, club, head, italianFace, panel, paper, putto, shape, stroke, sword, turn } from "./common.js";

const LINE = "#231a12", GOLD = "#f0b323", RED = "#c8102e", BLUE = "#2a5caa", GREEN = "#2f7d32", WOOD = "#8b7d3a",
  SKIN = "#f4d2b0", WHITE = "#fdfaf2";

const P = (d, fill, w) => shape(d, fill, LINE, w);

const CLUB = { fill: WOOD, line: LINE, knot: "#c9a227", band: RED, w0: 5, w1: 10, knots: 3 };
const BLADE = { edge: LINE, blade: "#bcd0ea", hilt: GOLD, grip: RED, w: 3.6, guard: 12 };

const petals = Array.from({ length: 8 }, (_, i) => `<ellipse rx="1.7" ry="3.6" fill="${i % 2 ? GREEN : RED}" transform="rotate(${i * 45}) translate(0 -3.9)"/>`).join("");
const PIP = {
  D: `<circle r="10" fill="${GOLD}" stroke="${LINE}"/><circle r="8" fill="none" stroke="${RED}" stroke-width="1.3"/>` +
    `<g stroke="${LINE}" stroke-width=".4">${petals}</g><circle r="1.9" fill="${GOLD}" stroke="${LINE}" stroke-width=".5"/>`,
  C: P("M-8-9.5H8Q8.5 .5 2 2.3V5.2Q5.5 6.5 6.5 10.5H-6.5Q-5.5 6.5-2 5.2V2.3Q-8.5 .5-8-9.5Z", RED, .9) +
    `${P("M-8.2-9.5H8.2V-6.8H-8.2ZM-2.6 2.6H2.6V5H-2.6ZM-6.4 8.4H6.4V10.5H-6.4Z", GOLD, .5)}${shape("M-4.5-4.5Q0-2 4.5-4.5", "none", GOLD)}`,
  B: club(-3, 11, 3, -10, { ...CLUB, w0: 3.6, w1: 7.6 }),
  S: sword(0, 8, 0, 0, 0, -11.5, { ...BLADE, w: 3.4, guard: 11 }),
};

/** Bastoni and spade apart, grips toward the middle (`make(x0, y0, x2, y2)`: grip to head): the 2 and
 * 3 crossed, then a row in each half, clubs fanned, blades in columns, the odd one across. */
function apart(n, make, blade) {
  if (n < 4) return make(30, 124, 70, 26) + make(70, 124, 30, 26) + (n === 3 ? make(50, 128, 50, 22) : "");
  const row = n < 6 ? [[43, 27, 33, 30], [57, 73, 67, 70]] : [[42, 25, 28, 26], [50, 50, 50, 50], [58, 75, 72, 74]];
  const half = row.map(([x, x2, bx, bx2]) => (blade ? make(bx, 59, bx2, 20) : make(x, 65, x2, 25))).join("");
  return half + turn(half) + (n % 2 ? make(30, 75, 70, 75) : "");
}

// The 5 di spade's leaves.
const LEAF = P("M0 0q5-7 12-5-3 7-12 5Z", GREEN, .5);
const LEAVES = [[-26, -2, 200], [-14, 4, 160], [0, -3, 210], [12, 4, 150], [24, -2, 200], [-20, 2, 20], [-6, -4, -20], [8, 3, 30], [20, -4, -20]]
  .map(([x, y, r]) => at(x, y, 1, r, LEAF)).join("");

function long(n, suit) {
  if (suit === "B") return apart(n, (a, b, c, d) => club(a, b, c, d, CLUB));
  const s = apart(n, (a, b, c, d) => sword(a, b, (a + c) / 2, (b + d) / 2, c, d, BLADE), true);
  return n === 5 ? at(50, 75, 1, 0, LEAVES) + s : s;
}

// The arms of Piacenza (4 di denari): a white square on red, the she-wolf on white, a city's crown.
const ARMS = `<path d="M0-15V21Q-14 17-15 3V-15Z" fill="${RED}"/><path d="M0-15H15V3Q14 17 0 21Z" fill="${WHITE}"/>` +
  `<rect x="-11.5" y="-7" width="8" height="8" fill="${WHITE}"/><path d="M2.5 4q1-5 5-6l1.5-3 1 3 2 1-1 1.5-1.5.5v6.5h-1.4v-4h-3.5v4h-1.4Z" fill="${LINE}"/>` +
  P("M-15-15H15V3Q14 17 0 21-14 17-15 3Z", "none", 1.2) +
  P("M-15-15-16-23-10-19-5-25 0-20 5-25 10-19 16-23 15-15Z", GOLD, .8);
const extra = (rank, suit) => (rank === "4" && suit === "D" ? at(50, 75, 0.66, 0, ARMS) : "");

// The aces: "la Polla", the "Fiaschei", the "Didon" and the "Diaulei".
const WING = `<path d="M-7-6-12-24Q-17-38-30-41L-28-33-36-34-32-26-40-25-35-18-42-16-36-10-42-6-34-3-37 3-27 1-27 7-17 4-8 7Z" fill="${LINE}"/>` +
  shape("M-13-14Q-22-26-29-31M-15-7Q-26-14-35-15M-15 0Q-25-3-33-2", "none", "#77736b", 1.2);
const POLLA = WING + `<g transform="scale(-1 1)">${WING}</g>` +
  `<ellipse cy="2" rx="10" ry="17" fill="${LINE}"/><path d="M-9 14-11 34-4 30 0 38 4 30 11 34 9 14Z" fill="${LINE}"/>` +
  stroke("M-6 14-15 24M6 14 15 24", LINE, 3.4, 1) +
  stroke("M-15 24-19 24M-15 24-17 28M15 24 19 24M15 24 17 28", GOLD, 1.6, 1) +
  `<path d="M-5-12Q-7-24-1-28 6-30 7-22 6-16 5-12Z" fill="${LINE}"/>` +
  `${P("M-3-27Q-10-29-13-24L-9-22Q-6-24-3-22Z", GOLD, .6)}${stroke("M-12-23l-3 2", RED, 1.3)}` +
  `<circle cx="0" cy="-24.5" r="1.3" fill="${GOLD}"/>` +
  `${P("M-8-29-11-42-4-36 0-45 4-36 11-42 8-29Z", GOLD, .8)}<circle cy="-45" r="1.6" fill="${RED}"/>`;

const FLASK = P("M-6-36H6L5-28Q22-18 20 2 18 17 6 20V26Q14 28 15 36H-15Q-14 28-6 26V20Q-18 17-20 2-22-18-5-28Z", GOLD, 1.2) +
  `${stroke("M-19-4H19M-20 5H20", RED, 3)}${shape("M-14-16Q0-8 14-16M-12 13Q0 18 12 13", "none", GREEN, 1.6)}` +
  `${P("M-8-36Q-8-46 0-48 8-46 8-36Z", RED)}<circle cy="-50" r="2.4" fill="${GOLD}" stroke="${LINE}" stroke-width=".7"/>` +
  `<circle cy="0.5" r="4" fill="${BLUE}" stroke="${LINE}" stroke-width=".7"/>${stroke("M-6 22H6", RED, 2)}`;

const STUMP = P("M-7 50-9 2Q-17-8-17-24-16-38 0-40 16-38 17-24 17-8 9 2L7 50Z", WOOD, 1.2) +
  shape("M-8-20Q-4 0-6 20M4-26Q8-4 3 14M0 20Q2 34-1 44", "none", "#5e5222", 1.4) +
  `<ellipse cy="-33" rx="11" ry="4.6" fill="#e6cf8a" stroke="${LINE}"/><ellipse cy="-33" rx="5.5" ry="2.2" fill="none" stroke="#9c7a3a"/>` +
  P("M-15-12-24-18-23-12-16-7ZM15-2 24-7 23-1 16 3ZM-8 22-15 20-14 25-8 27Z", WOOD, .8) +
  `<ellipse cx="-23.5" cy="-15" rx="1.4" ry="3" fill="#e6cf8a" stroke="${LINE}" stroke-width=".6"/><ellipse cx="23.5" cy="-4" rx="1.4" ry="3" fill="#e6cf8a" stroke="${LINE}" stroke-width=".6"/>` +
  stroke("M-8 46h16", RED, 3);

const flower = (x, y, c) => `<circle cx="${x}" cy="${y}" r="2.6" fill="${c}" stroke="${LINE}" stroke-width=".5"/>`;

function ace(suit) {
  if (suit === "D") return at(50, 76, 1.15, 0, POLLA) + at(50, 78, 1.05, 0, PIP.D);
  if (suit === "C") return at(50, 80, 1.3, 0, FLASK);
  if (suit === "B") return at(50, 78, 1.2, 0, STUMP);
  const garland = shape("M44 108Q60 96 42 84 58 72 44 60 60 48 46 36", "none", GREEN, 2) +
    [[44, 108, RED], [51, 96, GOLD], [42, 84, RED], [51, 72, GOLD], [44, 60, RED], [52, 48, GOLD], [46, 36, RED]].map(([x, y, c]) => flower(x, y, c)).join("");
  return sword(50, 114, 66, 66, 46, 16, { ...BLADE, w: 7, guard: 26 }) + garland + at(50, 128, 1, 0, putto(SKIN, LINE));
}

// Robe, trim, and a second colour (mantle, hat) per suit.
const DRESS = { D: [RED, GOLD, GREEN], C: [BLUE, GOLD, RED], B: [GREEN, GOLD, RED], S: [RED, GOLD, BLUE] };

// The re di denari's axe.
const AXE = `${stroke("M30 74 31 20", LINE, 3.2)}${stroke("M30 74 31 20", "#a0692e", 1.8)}` +
  P("M31 22Q21 20 19 30 25 29 31 33Z", "#c9ced6", .8);

/** One half of a double-headed court, drawn above the middle line (y 75) in the frame x 18–82. */
function half(rank, suit) {
  const [robe, trim, other] = DRESS[suit], rider = rank === "Q", king = rank === "K";
  const profile = king && "DB".includes(suit);
  const x0 = rider ? 44 : 33, x1 = rider ? 70 : 67, hx = (x0 + x1) / 2;
  let s = "";
  if (rider && suit === "D") {  // the horse's croup
    s += P("M21 75Q19 60 30 56 40 53 48 60 57 52 68 55 80 60 79 75Z", "#b5743a") +
      shape("M48 60Q44 66 46 75M48 60Q52 67 51 75", "none", "#3b2414", 3.4);
  } else if (rider) {  // the horse's head
    s += `<path d="M24 75 28 52Q22 50 20 46 18 41 21 38L27 30 29 23 33 28Q40 29 45 37Q50 50 49 75Z" fill="${suit === "S" ? "#f4ecd8" : "#b5743a"}" stroke="${LINE}"/>` +
      `${stroke("M33 28Q43 33 46 46L47 66", "#3b2414", 3.2, 1)}<circle cx="28" cy="35" r="1.2" fill="${LINE}"/>` +
      shape("M22 45 33 40M27 30 33 40", "none", RED, 1.4);
  }
  s += `${P(`M${x0} 75Q${x0 - 1} 57 ${x0 + 8} 53H${x1 - 8}Q${x1 + 1} 57 ${x1} 75Z`, robe)}` +
    `${P(`M${hx - 3} 53h6v22h-6ZM${x0 + 0.5} 67h${x1 - x0 - 1}v3.4h-${x1 - x0 - 1}Z`, trim, .6)}`;
  if (king) {  // mantle and ermine
    s += `${P(`M${x0 - 1} 75Q${x0 - 2} 54 ${hx - 8} 51L${hx - 5} 60 ${x0 + 5} 75ZM${x1 + 1} 75Q${x1 + 2} 54 ${hx + 8} 51L${hx + 5} 60 ${x1 - 5} 75Z`, other, .8)}` +
      `${P(`M${hx - 12} 54Q${hx} 46 ${hx + 12} 54V58Q${hx} 51 ${hx - 12} 58Z`, WHITE, .7)}` +
      `${stroke(`M${hx - 7} 53v2M${hx} 51v2M${hx + 7} 53v2`, LINE, 1.3)}`;
  } else s += `<ellipse cx="${hx}" cy="52" rx="9" ry="2.8" fill="${WHITE}" stroke="${LINE}" stroke-width=".7" stroke-dasharray="1.6 .8"/>`;  // ruff
  s += at(hx, rider ? 16 : 15, 1.24, 0, head({ skin: SKIN, line: LINE, hair: "#6b3e1e", beard: king ? "#5b3416" : undefined, profile,
    hat: king ? "crown" : rider ? "broad" : "cap", hatColor: king ? GOLD : other }));
  if (profile) s += suit === "D" ? AXE : club(30, 74, 29, 24, { ...CLUB, w0: 3.6, w1: 7 });
  s += arm(`M${x0 + 6} 56Q${x0 + 1} 62 ${x0 + 3} 68`, x0 + 3, 69, robe, LINE, SKIN);
  // The right hand raises the suit sign.
  const held = suit === "S" ? sword(0, 6, 1, -12, 0, -34, { ...BLADE, w: 3, guard: 9 })
    : suit === "B" ? (profile ? "" : club(0, 8, 0, -26, { ...CLUB, w0: 3.2, w1: 6.4 })) : at(0, -8, 0.78, 0, PIP[suit]);
  return s + arm(`M${x1 - 4} 56Q${x1 + 6} 59 ${x1 + 4} 49`, x1 + 4, 48, robe, LINE, SKIN) + at(x1 + 4, 47, 1, 0, held);
}

function court(rank, suit) {
  const h = half(rank, suit);
  return `<rect x="18" y="9" width="64" height="132" rx="2" fill="#fbf5e6" stroke="${LINE}" stroke-width="1.1"/>` + h + turn(h) +
    stroke("M18 75H82", LINE, 1.2);
}

const FACE = { ace, court, long, extra, pip: PIP, scale: [1.45, 1.22], paper: paper(),
  corner: { x: 11, y: 21, size: 20, fill: LINE, pipY: 12, pipScale: 0.5, underline: true } };

export default {  // its name, label and suits: decks/cards.js STYLES
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    return paper() + panel("#a51c1c") +
      bands(5, 5, 90, 140, 15, 5, "#6e0f0f", 0.7) + bands(5, 5, 90, 140, 15, 0.8, "#f3d36b", 0.9) +
      panel("none", "#f3d36b", 1.5);
  },
};
