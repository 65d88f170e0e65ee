// Piacentine: the Italian-suited pattern of the north (Emilia, Lombardy, Piedmont, Veneto, Liguria…).
// Tall single-headed figures, numbers 1–10 in the corners, ornate coins, knobbly crossed clubs,
// curved interlaced sabers and goblets.
import { at, bands, club, corners, figure, paper, parse, rider, sword, italianFace } from "./common.js";

const LINE = "#2b1d12", GOLD = "#e6b422", RED = "#c8102e", BLUE = "#1f4e9c", GREEN = "#3b7d2a";

// Suit signs in a box about 20 wide centred on 0,0.
const petals = Array.from({ length: 8 }, (_, i) => `<ellipse rx="1.7" ry="3.6" transform="rotate(${i * 45}) translate(0 -3.9)"/>`).join("");
const PIP = {
  D: `<circle r="10" fill="${GOLD}" stroke="${LINE}" stroke-width="1"/><circle r="8" fill="none" stroke="${RED}" stroke-width="1.3"/>` +
    `<g fill="${RED}" stroke="${LINE}" stroke-width=".4">${petals}</g><circle r="1.9" fill="${GOLD}" stroke="${LINE}" stroke-width=".5"/>`,
  C: `<path d="M-8-9.5H8Q8.5 .5 2 2.3V5.2Q5.5 6.5 6.5 10.5H-6.5Q-5.5 6.5-2 5.2V2.3Q-8.5 .5-8-9.5Z" fill="${RED}" stroke="${LINE}" stroke-width=".9"/>` +
    `<path d="M-8.2-9.5H8.2V-6.8H-8.2ZM-2.6 2.6H2.6V5H-2.6ZM-6.4 8.4H6.4V10.5H-6.4Z" fill="${GOLD}" stroke="${LINE}" stroke-width=".5"/><path d="M-4.5-4.5Q0-2 4.5-4.5" fill="none" stroke="${GOLD}" stroke-width="1"/>`,
  B: club(-5, 10, 5, -10, { w0: 3, w1: 5.2, fill: GREEN, line: LINE, knot: "#c9a227", band: RED, knots: 3 }),
  S: sword(0, 8, 3.5, 0, 0, -11, { w: 3, guard: 10, edge: BLUE, hilt: GOLD, grip: RED }),
};

const CLUB = { fill: GREEN, line: LINE, knot: "#c9a227", band: RED, w0: 4, w1: 7.4 };
const BLADE = { edge: BLUE, hilt: GOLD, grip: RED };

function ace(suit) {
  if (suit === "D") {
    const rays = Array.from({ length: 16 }, (_, i) => `<path d="M0-36 4-29H-4Z" transform="rotate(${i * 22.5})"/>`).join("");
    return `<g transform="translate(50 75)"><g fill="${RED}" stroke="${LINE}" stroke-width=".6">${rays}</g>` +
      `<circle r="29" fill="${GOLD}" stroke="${LINE}" stroke-width="1.2"/><circle r="25" fill="none" stroke="${BLUE}" stroke-width="1.5" stroke-dasharray="3 2"/>${at(0, 0, 2.2, 0, PIP.D)}</g>`;
  }
  if (suit === "C") return at(50, 80, 3.6, 0, PIP.C) + `<path d="M38 40Q50 24 62 40" fill="none" stroke="${GREEN}" stroke-width="3"/><circle cx="50" cy="30" r="4" fill="${RED}" stroke="${LINE}"/>`;
  if (suit === "B") return club(46, 134, 54, 18, { ...CLUB, w0: 7, w1: 15, knots: 6 }) + `<path d="M54 24q14-8 18 2-10 2-18-2ZM48 40q-14-8-18 2 10 2 18-2Z" fill="${GREEN}" stroke="${LINE}" stroke-width=".8"/>`;
  return sword(50, 122, 50, 75, 50, 18, { ...BLADE, w: 7, guard: 30 }) +
    `<path d="M22 60Q50 78 78 60M22 92Q50 74 78 92" fill="none" stroke="${RED}" stroke-width="3"/>` +
    `<path d="M34 18 50 8 66 18 62 24H38Z" fill="${GOLD}" stroke="${LINE}"/>`;
}

const DRESS = {
  D: { robe: RED, trim: GOLD, cape: BLUE },
  C: { robe: BLUE, trim: GOLD, cape: RED },
  B: { robe: GREEN, trim: RED, cape: GOLD },
  S: { robe: "#d98a1c", trim: BLUE, cape: RED },
};

function court(rank, suit) {
  const o = { ...DRESS[suit], line: LINE, held: PIP[suit], hatColor: GOLD, gold: GOLD, hair: "#6b3e1e" };
  const art = rank === "K" ? figure({ ...o, kind: "king", beard: "#8a5a2b" })
    : rank === "J" ? figure({ ...o, kind: "page", hose: o.cape, hatColor: o.cape })
      : rider({ ...o, cloth: o.cape, hatColor: GOLD });
  // Elongated: narrower than tall, filling the card from head to foot.
  return `<g transform="translate(${rank === "Q" ? 46 : 52} 31) scale(.92 .95)">${art}</g>`;
}

const FACE = { ace, court, club: CLUB, blade: BLADE, pip: PIP, scale: [1.45, 1.22], paper: paper(),
  corner: { x: 11, y: 21, size: 20, pipY: 11, pipScale: 0.45 } };

export default {
  name: "piacentine",
  label: { it: "Piacentine", en: "Piacentine", es: "Piacentinas" },
  suits: "italian",  // the card names' family (strings/lookup.js)
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    return paper("#fffdf6") + `<rect x="5" y="5" width="90" height="140" rx="4" fill="#a51c1c"/>` +
      bands(5, 5, 90, 140, 15, 5, "#6e0f0f", 0.7) + bands(5, 5, 90, 140, 15, 0.8, "#f3d36b", 0.9) +
      `<rect x="5" y="5" width="90" height="140" rx="4" fill="none" stroke="#f3d36b" stroke-width="1.5"/>`;
  },
};
