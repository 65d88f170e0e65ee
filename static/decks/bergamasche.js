// Bergamasche: the Italian-suited pattern of Bergamo, double-headed on a slant (docs/decks.md).
import { SERIF, arm, at, baton, f, head, italianFace, lattice, panel, paper, sword, turn } from "./common.js";

const LINE = "#161310", YELLOW = "#f0c02f", RED = "#c8321f", BLUE = "#2c5aa0", GREEN = "#3d7a3a", SKIN = "#f5d6b6";

const BATON = { w: 4.2, fill: BLUE, band: RED, cap: YELLOW, line: LINE, bands: 3 };
const BLADE = { edge: LINE, blade: "#b4c6dd", hilt: YELLOW, grip: BLUE };

const PIP = {
  D: `<circle r="10" fill="${YELLOW}" stroke="${LINE}" stroke-width="1"/><circle r="8.6" fill="none" stroke="${LINE}" stroke-width=".9" stroke-dasharray="1 1.6"/>` +
    `<circle r="6.6" fill="${BLUE}" stroke="${LINE}" stroke-width=".6"/><g fill="${YELLOW}" stroke="${LINE}" stroke-width=".4"><circle cx="3" r="2.6"/><circle cx="-3" r="2.6"/><circle cy="3" r="2.6"/><circle cy="-3" r="2.6"/></g><circle r="1.8" fill="${RED}"/>`,
  C: `<path d="M-8.5-10H8.5L6.4-2.6Q4.6 1.4 1.6 1.8V4.4H-1.6V1.8Q-4.6 1.4-6.4-2.6Z" fill="${YELLOW}" stroke="${LINE}" stroke-width=".9"/>` +
    `<path d="M-7.8-6.8H7.8" stroke="${RED}" stroke-width="2.2"/><path d="M-3 4.4H3L4.2 7H-4.2Z" fill="${BLUE}" stroke="${LINE}" stroke-width=".7"/><path d="M-4.2 7H4.2L7.4 10.5H-7.4Z" fill="${YELLOW}" stroke="${LINE}" stroke-width=".8"/>`,
  B: baton(-5, 10, 5, -10, { ...BATON, w: 3.4, bands: 2 }),
  S: sword(0, 8, 4, 0, 0, -11, { ...BLADE, w: 3, guard: 10 }),
};

/** The mace of the courts of bastoni, up from the hand at 0,0. */
const MACE = baton(0, 10, 0, -16, { ...BATON, w: 3.2, bands: 1 }) + `<path d="M-6-15 0-27 6-15 0-11Z" fill="${YELLOW}" stroke="${LINE}" stroke-width=".8"/><path d="M0-27V-11M-6-15H6" stroke="${RED}" stroke-width="1"/>`;

function ace(suit) {
  if (suit === "D") {
    return `<path d="M50 32 87 75 50 118 13 75Z" fill="${RED}" stroke="${LINE}"/><path d="M50 40 80 75 50 110 20 75Z" fill="none" stroke="${YELLOW}" stroke-width="1.4"/>` +
      `<circle cx="50" cy="75" r="27" fill="${YELLOW}" stroke="${LINE}" stroke-width="1.2"/>` + at(50, 75, 2.3, 0, PIP.D);
  }
  if (suit === "C") {
    // The cup under the blindfolded cupid, quarter circles above.
    const q = `<path d="M22 6H36A14 14 0 0 1 22 20Z" fill="${BLUE}" stroke="${LINE}" stroke-width=".6"/><path d="M22 6H30A8 8 0 0 1 22 14Z" fill="${YELLOW}"/>`;
    return q + `<g transform="matrix(-1 0 0 1 100 0)">${q}</g>` + at(50, 98, 3, 0, PIP.C) +
      `<path d="M47 52Q30 34 24 50 34 48 38 58ZM53 52Q70 34 76 50 66 48 62 58Z" fill="${BLUE}" stroke="${LINE}" stroke-width=".8"/>` +
      `<path d="M42 67Q42 50 50 50 58 50 58 67Z" fill="${SKIN}" stroke="${LINE}" stroke-width=".9"/>` +
      at(50, 28, 0.9, 0, head({ skin: SKIN, line: LINE, hair: "#b07a2a" })) + `<path d="M43.6 40.4H56.4" stroke="${RED}" stroke-width="2.6"/>`;
  }
  if (suit === "B") {
    const fist = `<path d="M-7 2-34 18-28 30-3 12Z" fill="${RED}" stroke="${LINE}"/><path d="M-9 0-3 11" stroke="${YELLOW}" stroke-width="4"/>` +
      `<rect x="-6" y="-8" width="15" height="16" rx="5" fill="${SKIN}" stroke="${LINE}"/><path d="M-6-3.5H6M-6 0H6M-6 3.5H6" stroke="${LINE}" stroke-width=".7"/>` +
      `<path d="M7-8Q13-6 10 2" fill="${SKIN}" stroke="${LINE}" stroke-width=".9"/>`;
    return baton(34, 128, 66, 18, { ...BATON, w: 8, bands: 5 }) + at(43.5, 95, 1, 16, fist) +
      `<path d="M14 62Q30 54 50 62 70 70 86 62L86 76Q70 84 50 76 30 68 14 76Z" fill="#fbf3dc" stroke="${LINE}"/>` +
      `<text x="50" y="72.6" font-size="8.4" font-weight="700" font-family="${SERIF}" text-anchor="middle" fill="${RED}" transform="rotate(4 50 72)">VINCERAI</text>`;
  }
  return `<circle cx="50" cy="75" r="26" fill="none" stroke="${GREEN}" stroke-width="4"/><circle cx="50" cy="75" r="26" fill="none" stroke="#8cc06a" stroke-width="2.4" stroke-dasharray="2 3"/>` +
    `<path d="M50 101 40 96 42 108ZM50 101 60 96 58 108Z" fill="${RED}" stroke="${LINE}" stroke-width=".8"/>` +
    sword(50, 124, 64, 75, 50, 18, { ...BLADE, w: 7, guard: 28 });
}

/** The marked numerals: a flower in the 2 di spade, a crown in the 3, the Margì in the 4. */
function extra(rank, suit) {
  if (suit !== "S") return "";
  if (rank === "2") return at(50, 75, 1.6, 0, PIP.D.slice(PIP.D.indexOf("<g")));
  if (rank === "3") return `<path d="M39 82 37 66 44 72 50 62 56 72 63 66 61 82Z" fill="${YELLOW}" stroke="${LINE}"/><path d="M39 78H61" stroke="${RED}" stroke-width="2"/>`;
  if (rank === "4") return at(50, 60, 0.85, 0, head({ woman: true, skin: SKIN, line: LINE, hair: "#6b3a16" }));
  return "";
}

const DRESS = { D: [RED, YELLOW, BLUE], C: [BLUE, YELLOW, RED], B: [YELLOW, RED, BLUE], S: [GREEN, YELLOW, RED] };
const cut = (x) => f(80 - ((x - 18) * 10) / 64); // the slanting middle line, y at x

/** One half of a double-headed court, drawn above the slanting middle line. */
function half(rank, suit) {
  const [robe, trim, other] = DRESS[suit];
  const rider = rank === "Q", x0 = rider ? 48 : 30, x1 = rider ? 73 : 70, hx = (x0 + x1) / 2;
  let s = "";
  if (rider) { // the horse's head
    s += `<path d="M30 ${cut(30)}L32 52Q28 50 25 47Q21 44 23 39L30 30 32 23 36 28Q42 29 47 37Q52 50 51 ${cut(51)}Z" fill="#d9a066" stroke="${LINE}"/>` +
      `<path d="M36 28Q46 33 49 46L50 62" fill="none" stroke="#3b2414" stroke-width="3.4" stroke-linecap="round"/><circle cx="31" cy="35" r="1.3" fill="${LINE}"/>` +
      `<circle cx="24.6" cy="42" r=".9" fill="${LINE}"/><path d="M25 45 36 40M30 30 36 40" fill="none" stroke="${RED}" stroke-width="1.4"/>`;
  }
  s += `<path d="M${x0 + 3} ${cut(x0 + 3)}Q${x0 - 1} 54 ${x0 + 9} 51H${x1 - 9}Q${x1 + 1} 54 ${x1 - 3} ${cut(x1 - 3)}Z" fill="${robe}" stroke="${LINE}"/>` +
    `<path d="M${hx - 6} 51 ${hx} 59 ${hx + 6} 51" fill="${trim}" stroke="${LINE}" stroke-width=".8"/><path d="M${x0 + 2} 68Q${hx} 63 ${x1 - 2} 68" fill="none" stroke="${trim}" stroke-width="3"/>`;
  if (rank === "K") { // an ermine collar
    s += `<path d="M${x0 + 1} 57Q${hx} 47 ${x1 - 1} 57V61Q${hx} 51 ${x0 + 1} 61Z" fill="#fff" stroke="${LINE}" stroke-width=".7"/>` +
      `<path d="M${x0 + 6} 55v2M${hx - 6} 52v2M${hx + 6} 52v2M${x1 - 6} 55v2" stroke="${LINE}" stroke-width="1.3"/>`;
  }
  const lx = x0 + 4, ly = cut(lx);
  s += arm(`M${x0 + 6} 55Q${x0} 62 ${lx} ${ly - 4}`, lx, ly - 3, other, LINE, SKIN);
  if (rank === "J" && suit === "S") { // the second sword's hilt
    s += `<path d="M${lx} ${ly - 6}v-6" stroke="${LINE}" stroke-width="3.4"/><path d="M${lx} ${ly - 6}v-6" stroke="${BLUE}" stroke-width="2"/>` +
      `<circle cx="${lx}" cy="${ly - 13}" r="2.6" fill="${YELLOW}" stroke="${LINE}" stroke-width=".8"/>`;
  }
  s += at(hx, rider ? 23 : 20, rider ? 1.2 : 1.25, 0, head({ skin: SKIN, line: LINE, hair: "#5b3416", beard: rank === "K" ? "#5b3416" : undefined,
    hat: rank === "K" ? "crown" : rider ? "helm" : "cap", hatColor: rank === "J" ? other : YELLOW }));
  const held = suit === "B" ? MACE : suit === "S" ? sword(0, 6, 6, -16, 2, -36, { ...BLADE, w: 3, guard: 10 }) : at(0, -9, 1, 0, PIP[suit]);
  return s + arm(`M${x1 - 5} 55Q${x1 + 3} 57 ${x1 + 1} 63`, x1 + 1, 64, other, LINE, SKIN) + at(x1 + 1, 61, 0.85, 0, held);
}

function court(rank, suit) {
  const h = half(rank, suit);
  // Narrowed (x 21–79) so the frame stands clear of the corner numbers.
  return `<g transform="translate(50 0) scale(.91 1) translate(-50 0)"><rect x="18" y="8" width="64" height="134" fill="#fbf5e4" stroke="${LINE}" stroke-width="1.1"/>` + h + turn(h) +
    `<path d="M18 80 82 70" stroke="${LINE}" stroke-width="1.2"/></g>`;
}

const FACE = { ace, court, extra, club: BATON, staff: baton, blade: BLADE, pip: PIP, scale: [1.45, 1.22], paper: paper("#fffdf5"),
  corner: { x: 11, y: 21, size: 20, fill: "#1d2f5e", pipY: 11.5, pipScale: 0.45, underline: true } };

export default {  // its name, label and suits: decks/cards.js STYLES
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    return paper("#fffdf5") + panel(YELLOW) + lattice(5, 5, 90, 140, 10, BLUE, 1.2) +
      panel("none", RED, 2.4) +
      `<rect x="9" y="9" width="82" height="132" rx="3" fill="none" stroke="${BLUE}" stroke-width="1"/>`;
  },
};
