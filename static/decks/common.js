// Drawing helpers shared by the deck styles: faces in a 100×150 viewBox, numbers rounded.
import { CARDS } from "../engine/rules-data.js";

export const RANKS = CARDS.ranks, SUITS = CARDS.suits;  // the engine's (rules-data.js)
export const SERIF = "Georgia,'DejaVu Serif','Times New Roman',serif";
export const SANS = "'Helvetica Neue',Arial,'DejaVu Sans',sans-serif";

/** An outlined shape: the path `d` filled, drawn round in `line` (`w` wide, else 1). */
export const shape = (d, fill, line, w) => `<path d="${d}" fill="${fill}" stroke="${line}"${w ? ` stroke-width="${w}"` : ""}/>`;

/** A line along the path `d`, `w` wide (`round` ends). */
export const stroke = (d, color, w, round) => `<path d="${d}" fill="none" stroke="${color}" stroke-width="${w}"${round ? ' stroke-linecap="round"' : ""}/>`;

/** The French suit signs, 20 wide round 0,0. */
export const FRENCH = {
  D: `<path d="M0-10.5 7.4 0 0 10.5-7.4 0Z" fill="#c8102e"/>`,
  C: `<path d="M0 9.5C-11 1-10.5-9.5-5-9.5-2-9.5-.6-7.5 0-5.6.6-7.5 2-9.5 5-9.5 10.5-9.5 11 1 0 9.5Z" fill="#c8102e"/>`,
  B: `<g fill="#161616"><circle cy="-5" r="4.4"/><circle cx="-5" cy="2" r="4.4"/><circle cx="5" cy="2" r="4.4"/><path d="M0-1 2.4 10H-2.4Z"/></g>`,
  S: `<path d="M0-10C3.5-4.5 10-1.5 7.6 4.2 5.8 7.6 2 6.6.8 4.4 1.2 7 2.2 8.8 3.6 10H-3.6C-2.2 8.8-1.2 7-.8 4.4-2 6.6-5.8 7.6-7.6 4.2-10-1.5-3.5-4.5 0-10Z" fill="#161616"/>`,
};

/** Round for compact markup. */
export const f = (n) => Math.round(n * 10) / 10;

/** A card code ("AD") split; a bad one is a clear error, never a blank card. */
export function parse(code) {
  const r = String(code)[0], s = String(code)[1];
  if (String(code).length !== 2 || !RANKS.includes(r) || !SUITS.includes(s)) {
    throw new Error(`unknown card code "${code}": expected a rank of ${RANKS} then a suit of ${SUITS}`);
  }
  return [r, s];
}

/** Markup drawn round 0,0 placed at x,y, scaled by s and turned r degrees. */
export function at(x, y, s, r, inner) {
  return `<g transform="translate(${f(x)} ${f(y)})${r ? ` rotate(${f(r)})` : ""}${s !== 1 ? ` scale(${s})` : ""}">${inner}</g>`;
}

/** Markup turned half round the card centre. */
export const turn = (inner) => `<g transform="rotate(180 50 75)">${inner}</g>`;

/** A back's panel: filled, or its frame line. */
export const panel = (fill, edge, w) => `<rect x="5" y="5" width="90" height="140" rx="4" fill="${fill}"${edge ? ` stroke="${edge}" stroke-width="${w}"` : ""}/>`;

/** The card blank. */
export const paper = (fill = "#fffdf6", edge = "#8b8170") =>
  `<rect x="1" y="1" width="98" height="148" rx="7" fill="${fill}" stroke="${edge}" stroke-width="1.5"/>`;

/** Corner indices, large for phones, with the suit sign below; `underline` bars 6 and 9 (a turned briscola). */
export function corners(label, pip, o = {}) {
  const { x = 11, y = 21, size = 20, fill = "#222", font = SERIF, pipY = 12, pipScale = 0.42, weight = 700, stretch = 1, underline,
    halo = "#fffdf7" } = o;
  const sx = String(label).length > 1 ? stretch * 0.72 : stretch;
  // A rim of paper: the index reads over a robe or a hilt.
  const rim = halo ? ` stroke="${halo}" stroke-width="2.6" stroke-linejoin="round" paint-order="stroke"` : "";
  const txt = `<text x="0" y="0" font-size="${size}" font-weight="${weight}" font-family="${font}" text-anchor="middle" fill="${fill}"${rim}${sx !== 1 ? ` transform="scale(${sx} 1)"` : ""}${String(label).length > 1 ? ' letter-spacing="-1"' : ""}>${label}</text>`;
  const bar = underline && (label == 6 || label == 9) ? stroke("M-4.6 2.6h9.2", fill, 1.8) : "";
  const one = at(x, y, 1, 0, txt + bar + (pip ? at(0, pipY, pipScale, 0, pip) : ""));
  return one + turn(one);
}

/** Unit vector and normal of a segment. */
function dir(x1, y1, x2, y2) {
  const dx = x2 - x1, dy = y2 - y1, l = Math.hypot(dx, dy) || 1;
  return [dx / l, dy / l, -dy / l, dx / l, l];
}

/** A knobbly club from its grip (x1,y1) to its head (x2,y2). */
export function club(x1, y1, x2, y2, o = {}) {
  const { w0 = 3.4, w1 = 6.4, fill = "#6b8e23", line = "#2d3a12", knot = fill, band, knots = 4 } = o;
  const [ux, uy, nx, ny] = dir(x1, y1, x2, y2);
  const p = (t, side, w) => {
    const cx = x1 + (x2 - x1) * t, cy = y1 + (y2 - y1) * t;
    return `${f(cx + nx * side * w / 2)} ${f(cy + ny * side * w / 2)}`;
  };
  let out = `<path d="M${p(0, 1, w0)}L${p(1, 1, w1)}L${p(1, -1, w1)}L${p(0, -1, w0)}Z" fill="${fill}" stroke="${line}" stroke-width=".9" stroke-linejoin="round"/>`;
  out += `<circle cx="${f(x2)}" cy="${f(y2)}" r="${f(w1 / 2)}" fill="${fill}" stroke="${line}" stroke-width=".9"/>`;
  for (let i = 0; i < knots; i++) {
    const t = 0.2 + (0.7 * i) / Math.max(1, knots - 1), side = i % 2 ? 1 : -1, w = w0 + (w1 - w0) * t;
    const cx = x1 + (x2 - x1) * t + nx * side * w / 2, cy = y1 + (y2 - y1) * t + ny * side * w / 2;
    out += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(w * 0.32)}" fill="${knot}" stroke="${line}" stroke-width=".7"/>`;
  }
  if (band) {
    const t = 0.12, cx = x1 + (x2 - x1) * t, cy = y1 + (y2 - y1) * t, w = w0 + 1.2;
    out += `<path d="M${f(cx + nx * w / 2 - ux * 1.3)} ${f(cy + ny * w / 2 - uy * 1.3)}l${f(-nx * w)} ${f(-ny * w)}l${f(ux * 2.6)} ${f(uy * 2.6)}l${f(nx * w)} ${f(ny * w)}Z" fill="${band}"/>`;
  }
  return out;
}

/** A sword from its hilt (x0,y0) curving by (cx,cy) to its point (x2,y2). */
export function sword(x0, y0, cx, cy, x2, y2, o = {}) {
  const { blade = "#cfd8e3", edge = "#1f3f7a", hilt = "#d9a400", grip = "#a12a1e", w = 3.6, guard = 12 } = o;
  const [bx, by, gnx, gny] = dir(cx, cy, x0, y0), [tx, ty, tnx, tny] = dir(cx, cy, x2, y2);
  const d = `M${f(x0)} ${f(y0)}Q${f(cx)} ${f(cy)} ${f(x2 - tx * 3)} ${f(y2 - ty * 3)}`;
  const tip = `M${f(x2 - tx * 4 + tnx * w / 2)} ${f(y2 - ty * 4 + tny * w / 2)}L${f(x2)} ${f(y2)}L${f(x2 - tx * 4 - tnx * w / 2)} ${f(y2 - ty * 4 - tny * w / 2)}Z`;
  const g = guard / 2;
  return shape(d, "none", edge, f(w + 1.6)) +
    shape(tip, blade, edge, .8) +
    shape(d, "none", blade, f(w)) +
    `${stroke(`M${f(x0 + gnx * g)} ${f(y0 + gny * g)}L${f(x0 - gnx * g)} ${f(y0 - gny * g)}`, edge, 4.4, 1)}` +
    `${stroke(`M${f(x0 + gnx * g)} ${f(y0 + gny * g)}L${f(x0 - gnx * g)} ${f(y0 - gny * g)}`, hilt, 2.6, 1)}` +
    `${stroke(`M${f(x0)} ${f(y0)}l${f(bx * 7)} ${f(by * 7)}`, edge, 3.6)}` +
    `${stroke(`M${f(x0)} ${f(y0)}l${f(bx * 7)} ${f(by * 7)}`, grip, 2)}` +
    `<circle cx="${f(x0 + bx * 8.5)}" cy="${f(y0 + by * 8.5)}" r="2.4" fill="${hilt}" stroke="${edge}" stroke-width=".8"/>`;
}

/** Pip centres (1–7). */
export const GRID = {
  1: [[50, 75]],
  2: [[50, 44], [50, 106]],
  3: [[50, 38], [50, 75], [50, 112]],
  4: [[31, 44], [69, 44], [31, 106], [69, 106]],
  5: [[31, 42], [69, 42], [50, 75], [31, 108], [69, 108]],
  6: [[31, 40], [69, 40], [31, 75], [69, 75], [31, 110], [69, 110]],
  // The 7's top row clear of the corner's sign (it would read as an 8th pip).
  7: [[31, 37], [69, 37], [50, 56], [31, 75], [69, 75], [31, 113], [69, 113]],
};

/** An arm ending in a hand. */
export function arm(d, hx, hy, cloth, line, skin) {
  return stroke(d, line, 7.4, 1) +
    stroke(d, cloth, 5.6, 1) +
    `<circle cx="${hx}" cy="${hy}" r="3" fill="${skin}" stroke="${line}" stroke-width=".8"/>`;
}

/** Headgear for a head at 0,15. */
export function hat(kind, c, line) {
  switch (kind) {
    case "crown": return `${shape("M-8 9-9.5-3-4.5 3 0-5 4.5 3 9.5-3 8 9Z", c, line, .9)}<circle cy="-5" r="1.6" fill="#c8102e"/>`;
    case "cap": return `${shape("M-10 10Q-10 0 0 0 10 0 11 9Z", c, line, .9)}${stroke("M6 2Q16-9 22-3", line, 2.6, 1)}${stroke("M6 2Q16-9 22-3", "#fff", 1.2, 1)}`;
    case "broad": return `${shape("M-15 9Q0 4 15 9 9 11 0 10-9 11-15 9Z", c, line, .9)}${shape("M-8 8Q-7-2 0-2 7-2 8 8Z", c, line, .9)}${stroke("M5 1Q14-8 19 0", "#fff", 2, 1)}`;
    case "tiara": return shape("M-7 7-5 1-2 5 0 0 2 5 5 1 7 7Z", c, line, .8);
    case "beret": return `${shape("M-12 9Q-14-1 0-2 14-1 12 9 0 5-12 9Z", c, line, .9)}${stroke("M-4-1Q-12-10-20-6", line, 3, 1)}${stroke("M-4-1Q-12-10-20-6", "#fff", 1.6, 1)}`;
    case "helm": return `${shape("M-8 12Q-9-1 0-2 9-1 8 12L5 8H-5Z", c, line, .9)}${stroke("M0-2Q4-12 12-10", "#c8102e", 2.4, 1)}`;
    default: return "";
  }
}

/** A head at 0,15: hair, beard, hat; `profile` turns it left. */
export function head(o) {
  const { skin = "#f6d7b8", line = "#2b1d12", hair = "#6b3e1e", beard, hat: hk, hatColor = "#e0a800", woman, profile } = o;
  const back = woman
    ? shape("M-9 15Q-10 3 0 3 10 3 9 15L11 33H-11Z", hair, line, .8)
    : shape("M-8.5 16Q-9.5 4 0 4 9.5 4 8.5 16L8 22H-8Z", hair, line, .8);
  const face = profile
    ? shape("M5 8Q7 15 6 22Q3 24-2 23L-3 20-5.5 19.5-4 18.2-5.5 17.4-4.2 16.6-7 15-4.8 11Q-4 7 0 6.5Z", skin, line, .9) +
      `<path d="M-4.8 11Q-2 5 4 7.5 7 11 6 16 3 11-4.8 11Z" fill="${hair}"/><circle cx="-2" cy="13.6" r=".95" fill="${line}"/>` +
      (beard ? shape("M-3.6 19.5Q-4 27 1 29 6 27 6 20 2 22-3.6 19.5Z", beard, line, .7) : "")
    : `<ellipse cy="15" rx="6.8" ry="8.2" fill="${skin}" stroke="${line}" stroke-width=".9"/>` +
      `<path d="M-6.6 12Q-5 6 0 6.5 5 6 6.6 12 4 8.5 0 9-4 8.5-6.6 12Z" fill="${hair}"/>` +
      `<circle cx="-2.6" cy="14" r=".95" fill="${line}"/><circle cx="2.6" cy="14" r=".95" fill="${line}"/>` +
      shape("M0 15v3.2h1M-1.8 20.6h3.6", "none", line, .7) +
      (beard ? shape("M-6.6 16Q-6 27 0 29 6 27 6.6 16 4 22 0 22-4 22-6.6 16Z", beard, line, .7) : "");
  return back + `<rect x="-3" y="21" width="6" height="8" fill="${skin}"/>` + face +
    (woman ? `<circle cx="-3.6" cy="18" r="1.4" fill="#f29b9b"/><circle cx="3.6" cy="18" r="1.4" fill="#f29b9b"/>` : "") +
    hat(hk, hatColor, line);
}

/** A standing figure (x -30..30, y -10..120): kind "king", "page" or "lady", `held` up in its right
 * hand, a `mantle` (with `ermine`). */
export function figure(o) {
  const { kind, robe, trim, cape, mantle, ermine, hose = trim, line = "#2b1d12", skin = "#f6d7b8", held = "", heldScale = 0.85, gold = "#e0a800" } = o;
  const long = kind !== "page";
  let s = "";
  if (cape) s += `${shape(`M-12 27-31 ${long ? 117 : 98}H31L12 27Z`, cape, line, .9)}`;
  if (!long) {
    s += shape("M-9 78V112h6V78ZM3 78V112h6V78Z", hose, line, .9);
    s += `<path d="M-3 112h-9.5q-1 4 1 4.5H-3ZM3 112h9.5q1 4-1 4.5H3Z" fill="${line}"/>`;
  }
  const body = kind === "lady"
    ? "M-10 27Q-17 29-17 42L-29 117H29L17 42Q17 29 10 27Z"
    : long ? "M-11 27Q-19 29-20 40L-25 117H25L20 40Q19 29 11 27Z" : "M-11 27Q-19 29-20 40L-23 80H23L20 40Q19 29 11 27Z";
  s += shape(body, robe, line, 1);
  s += `${shape(`M-3.5 28h7v${long ? 89 : 52}h-7Z`, trim, line, .6)}`;
  s += `${shape(`M${long ? -20.6 : -20.4} 52h${long ? 41.2 : 40.8}v4.5h-${long ? 41.2 : 40.8}Z`, trim, line, .6)}`;
  s += long ? shape("M-26 110H26l.7 7h-53.4Z", trim, line, .6) : shape("M-22.6 74H22.6l.4 6h-46Z", trim, line, .6);
  s += shape("M-11 27 0 36 11 27", "none", trim, 3);
  if (mantle) {
    s += shape("M-11 26Q-24 28-25 46-12 53 0 48 12 53 25 46 24 28 11 26L0 34Z", mantle, line, .9);
    if (ermine) s += stroke("M-18 40v2.4M-9 45v2.4M0 41v2.4M9 45v2.4M18 40v2.4M-13 33v2.4M13 33v2.4", line, 1.4);
  }
  if (kind === "king") {
    s += `${stroke("M-21 24V104", line, 3.2)}${stroke("M-21 24V104", gold, 1.8)}<circle cx="-21" cy="22" r="3.2" fill="${gold}" stroke="${line}" stroke-width=".8"/>`;
    s += arm("M-14 31Q-22 36-21 56", -21, 57, robe, line, skin);
  } else {
    s += arm("M-14 31Q-21 42-17 55", -17, 56, robe, line, skin);
  }
  s += head({ ...o, woman: kind === "lady", hat: o.hat ?? (kind === "king" ? "crown" : kind === "page" ? "cap" : "tiara") });
  s += arm("M14 31Q23 37 23 50", 23, 51, robe, line, skin);
  if (held) s += at(23, 38, heldScale, 0, held);
  return s;
}

/** A rider, framed as figure(). */
export function rider(o) {
  const { robe, trim, horse = "#f2ead8", mane = "#7a5a3a", cloth = trim, line = "#2b1d12", skin = "#f6d7b8", held = "", heldScale = 0.8 } = o;
  let s = stroke("M-27 68Q-40 74-37 98", mane, 4, 1);
  s += shape("M-27 70Q-31 58-17 57H12Q20 55 24 42L28 30Q33 23 39 28L44 38Q44 44 38 45L33 50 31 62Q33 76 25 82L27 116H21L17 86H-12L-15 116H-21L-22 84Q-31 82-27 70Z", horse, line, 1.1);
  s += `<path d="M-21 116h6v2h-7ZM21 116h6v2h-7Z" fill="${line}"/>`;
  s += `${shape("M25 41Q29 27 37 27", "none", mane, 3.5)}<circle cx="37" cy="33" r="1.2" fill="${line}"/>`;
  s += shape("M-12 56H14L12 78H-10Z", cloth, line, .8);
  s += stroke("M38 40 30 46", line, 1);
  s += shape("M-11 27Q-18 29-18 40L-16 62H16L18 40Q18 29 11 27Z", robe, line, 1);
  s += `${shape("M-11 27 0 36 11 27", "none", trim, 3)}<path d="M-16.6 52h33.2v4h-33.2Z" fill="${trim}"/>`;
  s += `${shape("M-3 60 4 86h7L5 60Z", robe, line, .9)}<path d="M3 86h10l1 3H3Z" fill="${line}"/>`;
  s += head({ ...o, hat: o.hat ?? "helm" });
  s += arm("M-13 31Q-20 40-14 50", -14, 51, robe, line, skin);
  s += arm("M13 31Q22 34 23 46", 23, 47, robe, line, skin);
  if (held) s += at(23, 35, heldScale, 0, held);
  return s;
}

/** A double-headed French court, its middle line rising by `slope`; `hold` replaces the rank's token,
 * `more` adds to it, `behind` goes under the bust. */
export function frenchCourt(rank, o) {
  const { robe, trim, other, pip, line, slope = 0, profile, behind = "", sign = rank === "J" ? 70 : 29, frame = "#fbf6ea" } = o;
  const low = (x) => f((57.5 + (50 - x) * slope) / 0.92);
  const woman = rank === "Q", gold = "#f0c419";
  let s = behind + `${shape(`M-22 ${low(29.8)}Q-22 30-10 27H10Q22 30 22 ${low(70.2)}Z`, robe, line)}` +
    `${shape("M-10 27 0 40 10 27", trim, line, .8)}${shape("M-16 44Q0 52 16 44", "none", trim, 3)}`;
  const tokens = {
    K: `${stroke("M18 56 24 1", line, 3)}${stroke("M18 56 24 1", gold, 1.6)}<circle cx="24.2" r="3" fill="${gold}" stroke="${line}" stroke-width=".7"/>`,
    Q: shape("M-14 30Q0 24 14 30L12 34Q0 28-12 34Z", other, line, .6) +
      `<path d="M16 50Q20 36 24 30" stroke="#2e7d32" stroke-width="1.6"/><circle cx="24" cy="28" r="3.4" fill="#c8102e" stroke="${line}" stroke-width=".6"/>`,
    J: `${stroke("M-20 56-23 6", line, 2.4)}${shape("M-23 6-26-2-20-2Z", "#c9ced6", line, .7)}${stroke("M-26 9-19 7", line, 2)}`,
  };
  if (rank === "K") s += shape("M-22 40Q-12 26 0 34 12 26 22 40L22 36Q12 22 0 30-12 22-22 36Z", "#fff", line, .6);
  s += (o.hold ?? tokens[rank]) + (o.more ?? "");
  s += head({ line, skin: "#f6d7b8", hair: woman ? "#8a4b16" : "#4a2a12", woman, profile, beard: rank === "K" ? "#6b4a2a" : undefined,
    hat: { K: "crown", Q: "tiara", J: "cap" }[rank], hatColor: rank === "J" ? other : gold });
  const half = at(50, 17.5, 0.92, 0, s) + at(sign, 30, 0.7, 0, pip);
  const y0 = f(75 + 32 * slope), y1 = f(75 - 32 * slope);
  return `<rect x="18" y="12" width="64" height="126" fill="${frame}" stroke="${line}" stroke-width="1.2"/>` +
    half + turn(half) + `<path d="M18 ${y0}L82 ${y1}" stroke="${line}"/>`;
}

/** A winged putto, arms raised (aces of spade). */
export const putto = (skin, line) => shape("M-2-4Q-14-14-16-2-10-4-6 2ZM2-4Q14-14 16-2 10-4 6 2Z", "#fff", line, .7) +
  `${shape("M-6 0Q-7 14 0 15 7 14 6 0Z", skin, line, .8)}<circle cy="-6" r="5.5" fill="${skin}" stroke="${line}" stroke-width=".8"/>` +
  `<path d="M-5.5-8Q-4-13 0-12 4-13 5.5-8 2-10 0-9-2-10-5.5-8Z" fill="#c98a2c"/><circle cx="-2" cy="-6" r=".8" fill="${line}"/><circle cx="2" cy="-6" r=".8" fill="${line}"/>` +
  stroke("M-6 2-4-6M6 2 4-6", skin, 2.4, 1);

/** A back's tartan bands. */
export function bands(x, y, w, h, step, width, color, opacity = 1) {
  let d = "";
  for (let i = x + step / 2; i < x + w; i += step) d += `M${f(i)} ${y}v${h}`;
  for (let j = y + step / 2; j < y + h; j += step) d += `M${x} ${f(j)}h${w}`;
  return `<path d="${d}" stroke="${color}" stroke-width="${width}" opacity="${opacity}"/>`;
}

/** A back's diagonal lattice (a frame drawn over it hides the ends). */
export function lattice(x, y, w, h, step, color, width = 1) {
  let d = "";
  for (let i = -h; i < w; i += step) {
    const a = Math.max(0, -i), b = Math.min(h, w - i);
    d += `M${f(x + i + a)} ${f(y + a)}L${f(x + i + b)} ${f(y + b)}`;
    d += `M${f(x + w - i - a)} ${f(y + a)}L${f(x + w - i - b)} ${f(y + b)}`;
  }
  return shape(d, "none", color, width);
}

/** A northern baton, smooth and banded with round caps, in club()'s place. */
export function baton(x1, y1, x2, y2, o = {}) {
  const { w = 4.4, fill = "#2f5fa7", band = "#c62d1f", cap = "#e9b824", line = "#1a1a1a", bands: k = 3 } = o;
  const [ux, uy, , , l] = dir(x1, y1, x2, y2), d = `M${f(x1)} ${f(y1)}L${f(x2)} ${f(y2)}`;
  let b = "";
  for (let i = 1; i <= k; i++) {
    const t = (l * i) / (k + 1);
    b += `M${f(x1 + ux * (t - 1.3))} ${f(y1 + uy * (t - 1.3))}l${f(ux * 2.6)} ${f(uy * 2.6)}`;
  }
  const end = (x, y) => `<circle cx="${f(x)}" cy="${f(y)}" r="${f(w * 0.7)}" fill="${cap}" stroke="${line}" stroke-width=".8"/>`;
  return `${stroke(d, line, f(w + 1.6))}${stroke(d, fill, w)}` +
    stroke(b, band, w) + end(x1, y1) + end(x2, y2);
}

/** Northern bastoni crossed in a lattice, the odd one upright (`draw`: club or baton). */
export function crossedClubs(n, o, draw = club) {
  const pairs = Math.floor(n / 2), span = pairs === 1 ? 24 : 18;
  let s = "";
  for (let i = 0; i < pairs; i++) {
    const dx = (i - (pairs - 1) / 2) * 17;
    s += draw(50 + dx - span, 124, 50 + dx + span, 27, o) + draw(50 + dx + span, 124, 50 + dx - span, 27, o);
  }
  return s + (n % 2 ? draw(50, 127, 50, 24, o) : "");
}

/** Northern spade: curved sabers crossing into nested ovals, the odd one straight. */
export function interlacedSwords(n, o) {
  const pairs = Math.floor(n / 2);
  let s = "";
  for (let i = 0; i < pairs; i++) {
    const b = pairs === 1 ? 26 : 15 + i * 11, e = 5 + i * 3, y0 = 125 - i * 4, y2 = 25 + i * 4;
    s += sword(50 + e, y0, 50 - 2 * b, 75, 50 + e, y2, o) + sword(50 - e, y0, 50 + 2 * b, 75, 50 - e, y2, o);
  }
  return s + (n % 2 ? sword(50, 126, 50, 75, 50, 24, o) : "");
}

/** Spanish-type bastoni or spade apart on the grid, the 2 and 3 crossed (`make`: grip to head). */
export function upright(n, make, h = n > 5 ? 14 : 18) {
  if (n < 4) return make(32, 124, 68, 26) + make(68, 124, 32, 26) + (n > 2 ? make(50, 128, 50, 22) : "");
  return GRID[n].map(([x, y]) => {
    const t = x < 50 ? -4 : x > 50 ? 4 : 0;
    return make(x - t, y + h, x + t, y - h);
  }).join("");
}

/** Corner numbers of the Italian-suited decks. */
export const ITALIAN_INDEX = { A: 1, J: 8, Q: 9, K: 10 };

/**
 * A face from a deck's parts: ace(suit), court(rank, suit), pip, scale (to the 5, then 6–7), paper
 * and corner (or functions of the suit; `bare`: no sign in the corner), index; bastoni and spade by `long(n, suit)`, or club
 * and blade options (crossed, interlaced; `staff`), else pips (on `grid`; `flip` turns the lower
 * half's); `extra(rank, suit)` over a numeral.
 */
export function italianFace(code, deck) {
  const [rank, suit] = parse(code);
  let mid;
  if (rank === "A") mid = deck.ace(suit);
  else if ("JQK".includes(rank)) mid = deck.court(rank, suit);
  else if (deck.long && "BS".includes(suit)) mid = deck.long(+rank, suit);
  else if (suit === "B" && deck.club) mid = crossedClubs(+rank, deck.club, deck.staff);
  else if (suit === "S" && deck.blade) mid = interlacedSwords(+rank, deck.blade);
  else mid = (deck.grid ?? GRID)[rank].map(([x, y]) => at(x, y, deck.scale[rank > 5 ? 1 : 0], deck.flip && y > 75 ? 180 : 0, deck.pip[suit])).join("");
  if (deck.extra && !"AJQK".includes(rank)) mid += deck.extra(rank, suit);
  const [paper, corner] = [deck.paper, deck.corner].map((v) => (typeof v === "function" ? v(suit) : v));
  return paper + mid + corners((deck.index ?? ITALIAN_INDEX)[rank] ?? rank, corner.bare ? "" : deck.pip[suit], corner);
}
