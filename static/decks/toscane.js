// Toscane: the French-suited Tuscan pattern, single-headed courts in a frame line (docs/decks.md).
import { SERIF, at, figure, italianFace, panel, paper } from "./common.js";

const LINE = "#2a1d14", RED = "#c0272d", DARK = "#7d1216", BLACK = "#1c1c1c", OCHRE = "#d9a21b",
  BLUE = "#2a4a8c", GREEN = "#4f7a32", CREAM = "#fbf5e6", PARCH = "#f4e7c4";

const PIP = {
  D: `<path d="M0-10.8 7.2 0 0 10.8-7.2 0Z" fill="${RED}" stroke="${DARK}" stroke-width=".8"/>`,
  C: `<path d="M0 10C-6 4.5-10 .5-10-4-10-8-7-10.4-4.6-10.4-2.4-10.4-.8-9 0-7 .8-9 2.4-10.4 4.6-10.4 7-10.4 10-8 10-4 10 .5 6 4.5 0 10Z" fill="${RED}" stroke="${DARK}" stroke-width=".8"/>`,
  B: `<g fill="${BLACK}"><circle cy="-5.2" r="4.6"/><circle cx="-5.4" cy="1.4" r="4.6"/><circle cx="5.4" cy="1.4" r="4.6"/><path d="M-1 0-3 10.2H3L1 0Z"/></g>`,
  S: `<path d="M0-10.5C2-6 10-2.5 9 2.8 8.2 7 3 7.4 1.2 4.2L2.8 10.2H-2.8L-1.2 4.2C-3 7.4-8.2 7-9 2.8-10-2.5-2-6 0-10.5Z" fill="${BLACK}"/>`,
};

/** The Florentine lily. */
const LILY = `<path d="M0-10C2.2-7 2.6-3.6 1-.6H4C5.6-3.4 9-3.8 10-1 10.6 1.6 8.4 3.6 5.6 2.6 6.2 4.8 4.4 6.6 1.2 5.2V7H3.2V9H-3.2V7H-1.2V5.2C-4.4 6.6-6.2 4.8-5.6 2.6-8.4 3.6-10.6 1.6-10-1-9-3.8-5.6-3.4-4-.6H-1C-2.6-3.6-2.2-7 0-10Z" fill="${RED}" stroke="${DARK}" stroke-width=".6"/>`;

// The courts' tokens, round 0,0 (the raised right hand).
const TOKEN = {
  scroll: `<path d="M-7-10H5Q8-10 8-7V9H-4Q-7 9-7 6Z" fill="${PARCH}" stroke="${LINE}" stroke-width=".8"/><path d="M-4-5h9M-4-1.5h9M-4 2h9M-4 5.5h6" stroke="${LINE}" stroke-width=".6"/><circle cx="-4" cy="9" r="2.4" fill="${RED}" stroke="${LINE}" stroke-width=".5"/>`,
  book: `<path d="M-8-9 0-7 8-9V9L0 11-8 9Z" fill="${RED}" stroke="${LINE}" stroke-width=".8"/><path d="M-6.5-7 0-5.4 6.5-7V7L0 8.6-6.5 7Z" fill="${PARCH}" stroke="${LINE}" stroke-width=".5"/><path d="M0-5.4V8.6" stroke="${LINE}" stroke-width=".7"/>`,
  shield: `<path d="M-9-10H9V0Q9 8 0 12-9 8-9 0Z" fill="#fff" stroke="${LINE}" stroke-width="1"/>${at(0, 0, 0.62, 0, LILY)}`,
  wreath: `<circle r="7" fill="none" stroke="${GREEN}" stroke-width="2.4"/><circle r="7" fill="none" stroke="#9bc36a" stroke-width="2.4" stroke-dasharray="1.4 2.2"/><path d="M-2 7 0 12 2 7" fill="${RED}"/>`,
  flower: `<path d="M0 2V14" stroke="${GREEN}" stroke-width="1.4"/><path d="M0 8Q5 5 6 8 3 10 0 8Z" fill="${GREEN}"/><circle r="4.6" fill="${RED}" stroke="${DARK}" stroke-width=".7"/><circle r="2" fill="${OCHRE}"/>`,
  fan: `<path d="M0 6-9-5Q0-11 9-5Z" fill="${OCHRE}" stroke="${LINE}" stroke-width=".8"/><path d="M0 6-5-7M0 6 0-8M0 6 5-7" stroke="${LINE}" stroke-width=".5"/>`,
  orb: `<circle cy="2" r="6.5" fill="${OCHRE}" stroke="${LINE}" stroke-width=".8"/><path d="M-6.5 2H6.5M0-4.5V-11M-3-8.5H3" stroke="${LINE}" stroke-width="1.2"/>`,
  sword: `<path d="M0 10V-13" stroke="${LINE}" stroke-width="3.4"/><path d="M0 6V-13" stroke="#d7dde6" stroke-width="2"/><path d="M-5 6H5" stroke="${OCHRE}" stroke-width="2.4" stroke-linecap="round"/>`,
  halberd: `<path d="M0-12V88" stroke="${LINE}" stroke-width="2.2"/><path d="M0-16 2-11H-2ZM0-9Q8-11 8-4 4-6 0-5Z" fill="#c9ced6" stroke="${LINE}" stroke-width=".7"/>`,
};
const HELD = {
  K: { D: "scroll", C: "scroll", B: "orb", S: "sword" },
  Q: { D: "fan", C: "flower", B: "wreath", S: "flower" },
  J: { D: "halberd", C: "halberd", B: "book", S: "shield" },
};

// Clothes per suit; the fante di picche, the "gobbo nero", in black.
const DRESS = {
  D: { robe: RED, trim: OCHRE, cape: BLUE },
  C: { robe: BLUE, trim: OCHRE, cape: RED },
  B: { robe: GREEN, trim: OCHRE, cape: RED },
  S: { robe: "#3a3a3a", trim: OCHRE, cape: GREEN },
};

function court(rank, suit) {
  const kind = rank === "K" ? "king" : rank === "Q" ? "lady" : "page", d = DRESS[suit];
  const o = { ...d, kind, line: LINE, hatColor: OCHRE, gold: OCHRE, hair: "#5a3418", held: TOKEN[HELD[rank][suit]], heldScale: 0.9,
    mantle: kind === "lady" ? undefined : d.cape, cape: kind === "page" ? undefined : d.cape };
  if (kind === "king") Object.assign(o, { beard: "#5a3418", ermine: true, mantle: "#f7f1e3" });
  if (kind === "page") Object.assign(o, { hat: "beret", hatColor: d.cape, hose: suit === "S" ? BLACK : d.cape });
  return `<rect x="20" y="10" width="60" height="130" fill="${CREAM}" stroke="${LINE}" stroke-width=".9"/>` +
    `<path d="M20.5 131H79.5V139.5H20.5Z" fill="#e3d3a8"/>` +
    `<g transform="translate(49 20) scale(.86 .95)">${figure(o)}</g>` + at(72, 19, 0.6, 0, PIP[suit]);
}

/** The aces: a large sign in a double oval between two lilies. */
function ace(suit) {
  return `<ellipse cx="50" cy="75" rx="31" ry="44" fill="none" stroke="${OCHRE}" stroke-width="3"/>` +
    `<ellipse cx="50" cy="75" rx="27" ry="40" fill="none" stroke="${LINE}" stroke-width=".8"/>` +
    at(50, 24, 0.6, 0, LILY) + at(50, 126, 0.6, 180, LILY) + at(50, 75, 2.35, 0, PIP[suit]);
}

const FACE = { ace, court, pip: PIP, scale: [1.25, 1.05], paper: paper("#fffcf3"), index: { A: "A", J: "J", Q: "Q", K: "K" },
  corner: (suit) => ({ x: 10.5, y: 21, size: 19, font: SERIF, fill: suit === "D" || suit === "C" ? RED : BLACK, pipY: 11, pipScale: 0.48 }) };

export default {  // its name, label and suits: decks/cards.js STYLES
  face(code) {
    return italianFace(code, FACE);
  },
  back() {
    let lilies = "";
    for (let row = 0; row < 9; row++) {
      for (let col = 0; col < (row % 2 ? 4 : 5); col++) lilies += at(14 + col * 18 + (row % 2) * 9, 15 + row * 15, 0.55, 0, LILY);
    }
    return paper("#fffcf3") + panel("#fff") + lilies +
      panel("none", RED, 2) +
      `<rect x="8" y="8" width="84" height="134" rx="3" fill="none" stroke="${RED}" stroke-width=".7"/>`;
  },
};
