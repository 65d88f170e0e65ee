// Spanish baraja (Castilian pattern) for Brisca: the frame broken by the pintas, sota, caballo and rey
// numbered 10, 11 and 12 (docs/decks.md).
import { SERIF, at, club, figure, italianFace, lattice, paper, rider, sword, upright } from "./common.js";

const LINE = "#231a12", GOLD = "#f2b705", RED = "#d2232a", BLUE = "#1d4f9c", GREEN = "#3f8f3a", WOOD = "#c98a45";

const rays = Array.from({ length: 12 }, (_, i) => `<path d="M0-5.8 1-3.6H-1Z" transform="rotate(${i * 30})"/>`).join("");
const PIP = {
  D: `<circle r="10" fill="${GOLD}" stroke="#9a4a00" stroke-width="1.3"/><circle r="7.4" fill="none" stroke="#9a4a00" stroke-width=".8"/>` +
    `<circle r="3.4" fill="${RED}" stroke="#9a4a00" stroke-width=".6"/><g fill="#9a4a00">${rays}</g>`,
  C: `<path d="M-8-10H8Q9-1 3 2.4L1.8 6Q6 7 6.5 10.5H-6.5Q-6 7-1.8 6L-3 2.4Q-9-1-8-10Z" fill="${GOLD}" stroke="#9a4a00" stroke-width="1"/>` +
    `<path d="M-8.2-7H8.2M-7-2.5H7" stroke="${RED}" stroke-width="1.6"/><path d="M-2.8 3.4H2.8" stroke="${BLUE}" stroke-width="1.4"/>`,
  B: club(0, 10.5, 0, -9, { w0: 3.6, w1: 7.6, fill: WOOD, line: LINE, knot: GREEN, knots: 3 }),
  S: sword(0, 7.5, 0, 0, 0, -11.5, { w: 3, guard: 11, edge: LINE, blade: "#7fb2e5", hilt: GOLD, grip: RED }),
};

const BASTO = { w0: 5, w1: 10, fill: WOOD, line: LINE, knot: GREEN, knots: 4 };
const ESPADA = { edge: LINE, blade: "#7fb2e5", hilt: GOLD, grip: RED, w: 3.6, guard: 13 };

/** Espadas: straight swords; 2 and 3 crossed, more in a crossed lattice of straight blades. */
function espadas(n) {
  const pairs = Math.floor(n / 2), span = pairs === 1 ? 20 : 14;
  let s = "";
  for (let i = 0; i < pairs; i++) {
    const dx = (i - (pairs - 1) / 2) * 16;
    const [y0, y2] = i % 2 ? [28, 122] : [122, 28];
    s += sword(50 + dx - span, y0, 50 + dx, 75, 50 + dx + span, y2, ESPADA) + sword(50 + dx + span, y0, 50 + dx, 75, 50 + dx - span, y2, ESPADA);
  }
  return s + (n % 2 ? sword(50, 124, 50, 75, 50, 26, ESPADA) : "");
}

/** Bastos: knobbly cudgels; 2 and 3 crossed, more standing apart like pips. */
const bastos = (n) => upright(n, (a, b, c, d) => club(a, b, c, d, n < 4 ? BASTO : { ...BASTO, w0: 4.4, w1: 8.6, knots: 3 }), n > 5 ? 13 : 17);

function ace(suit) {
  if (suit === "D") {
    const sun = Array.from({ length: 24 }, (_, i) => `<path d="M0-40 3-31H-3Z" transform="rotate(${i * 15})"/>`).join("");
    return `<g transform="translate(50 75)"><g fill="${GOLD}" stroke="#9a4a00" stroke-width=".6">${sun}</g>${at(0, 0, 3.1, 0, PIP.D)}</g>`;
  }
  if (suit === "C") return at(50, 76, 3.4, 0, PIP.C) + `<path d="M40 36Q50 28 60 36" fill="none" stroke="${RED}" stroke-width="2.4"/>`;
  if (suit === "B") return club(40, 132, 60, 20, { ...BASTO, w0: 9, w1: 18, knots: 6 });
  return sword(50, 124, 50, 75, 50, 20, { ...ESPADA, w: 7.5, guard: 34 }) +
    `<path d="M28 54Q50 40 72 54Q50 66 28 54Z" fill="none" stroke="${GREEN}" stroke-width="2.4"/>`;
}

const DRESS = {
  D: { robe: RED, trim: GOLD, cape: BLUE },
  C: { robe: BLUE, trim: GOLD, cape: RED },
  S: { robe: GREEN, trim: GOLD, cape: RED },
  B: { robe: RED, trim: GREEN, cape: GOLD },
};

// The sota in red hose; the caballo rearing, to the left for oros and copas; the reyes bearded but
// for the younger ones of oros and copas.
function court(rank, suit) {
  const o = { ...DRESS[suit], line: LINE, held: PIP[suit], heldScale: 1, hatColor: GOLD, gold: GOLD, hair: "#2e1b0e", skin: "#f3cfae" };
  const left = "DC".includes(suit);
  if (rank === "K") return at(51, 35, 1, 0, `<g transform="scale(.86 .83)">${figure({ ...o, kind: "king", beard: left ? undefined : "#2e1b0e" })}</g>`);
  if (rank === "J") return at(51, 35, 1, 0, `<g transform="scale(.86 .83)">${figure({ ...o, kind: "page", hat: "broad", hatColor: o.cape, hose: RED })}</g>`);
  const art = rider({ ...o, horse: "#8a5a34", mane: "#2e1b0e", cloth: o.cape, hat: "broad", hatColor: o.cape });
  return at(left ? 56 : 44, 44, 1, 0, `<g transform="${left ? "scale(-.84 .8)" : "scale(.84 .8)"} rotate(-14 -18 116)">${art}</g>`);
}

/** The frame line with its pintas: none for oros, 1 copas, 2 espadas, 3 bastos. */
function frame(suit) {
  const gaps = { D: 0, C: 1, S: 2, B: 3 }[suit], x0 = 6, x1 = 94, g = 5, step = 9;
  const start = 50 - ((gaps - 1) * step) / 2;
  const edge = (y) => {
    let d = `M${x0} ${y}`;
    for (let i = 0; i < gaps; i++) { const c = start + i * step; d += `H${c - g / 2}M${c + g / 2} ${y}`; }
    return `${d}H${x1}`;
  };
  return `<path d="${edge(6)}${edge(144)}M6 6V144M94 6V144" fill="none" stroke="${LINE}" stroke-width="1.6"/>`;
}

const FACE = { ace, court, long: (n, suit) => (suit === "S" ? espadas(n) : bastos(n)), pip: PIP, scale: [1.45, 1.25],
  paper: (suit) => paper("#fffefa", "#9a9080") + frame(suit), index: { A: 1, J: 10, Q: 11, K: 12 },
  corner: { x: 14.5, y: 26, size: 19, font: SERIF, fill: LINE, bare: true } };

export default {  // its name, label and suits: decks/cards.js STYLES
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    return paper("#fffefa", "#9a9080") + `<rect x="6" y="6" width="88" height="138" rx="3" fill="${BLUE}"/>` +
      lattice(6, 6, 88, 138, 9, "#8fb3e8", 1) +
      `<ellipse cx="50" cy="75" rx="22" ry="30" fill="${BLUE}" stroke="#fff" stroke-width="2"/>` + at(50, 75, 1.5, 0, PIP.D) +
      `<rect x="6" y="6" width="88" height="138" rx="3" fill="none" stroke="#fff" stroke-width="2"/>`;
  },
};
