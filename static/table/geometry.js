// Where things go on the felt: the seats around it, and the trick in its middle, its cards as large
// as the room between the seats, the stock and the player's name allows (up to a hand card's width).
// table.js draws; this file only measures and places. The felt's CSS variables (app.css): --pw the
// played cards' width, --s<place>x / --s<place>y each slot's middle, in px from the felt's corner.

const felt = () => document.getElementById("felt");

const flat = () => typeof matchMedia === "function" && matchMedia("(max-height: 500px)").matches;

/** A seat's place around the table: 0 the viewer's (the bottom), then counterclockwise. */
export const place = (seat, n, v) => (seat - v.seat + n) % n;

/** Angle (degrees) of a place around the table: place 0 at the bottom, then counterclockwise. */
function angle(p, n) {
  // Six seats: the two lower side seats sit higher, leaving the bottom-left corner to the stock.
  // On a landscape phone (a short felt) they sit level with the middle, clear of the stock.
  if (n === 6 && (p === 1 || p === 5)) return (flat() ? 0 : 10) * (p === 1 ? -1 : 1) + (p === 1 ? 0 : 180);
  return -90 + (p * 360) / n;
}

/** A seat's point on the felt, in percent (app.css raises the side seats of an upright phone). */
export function seatPos(seat, n, v) {
  const a = (angle(place(seat, n, v), n) * Math.PI) / 180;
  return { x: 50 + 43 * Math.cos(a), y: 50 - 41 * Math.sin(a) };
}

// ------------------------------------------------------------------ the trick

const MIN_W = 36;  // px: the smallest played card (chiamata on a landscape phone)
const STEP = 2;  // px: the sizes tried, largest first
// What the trick's slots keep clear of when they are sized: the seats' names and hands, the stock,
// the viewer's name. (Capture piles come and go during a deal: clearSlots slides a card off one.)
const SIZING = ".seat-label, .seat:not(.me) .hand, .stock";
// ... and what a card on the table must not cover at all.
const OBSTACLES = ".seat-label, .seat .hand .card, .seat .pile:not(.empty) .card, .seat .pile .count, .stock";

/** Each place's offset from the trick's middle (screen axes, y down), in card widths. Two
 * players' cards cross a little, as on a real table; on a wide felt (a phone on its side) they lie
 * side by side. More players' cards lie round the middle, the ring stretched `sx` sideways and
 * `sy` from top to bottom (a short felt: squeezed, the cards overlap more). */
function directions(n, wide, [sx, sy]) {
  if (n === 2) return wide ? [[-0.62, 0.15], [0.62, -0.15]] : [[-0.2, 0.45], [0.2, -0.45]];
  const reach = n >= 5 ? 0.52 : 0.62;  // many cards: a tighter ring (they may overlap, as on a table)
  return Array.from({ length: n }, (_, p) => {
    const a = (angle(p, n) * Math.PI) / 180;
    return [sx * reach * Math.cos(a), -sy * reach * Math.sin(a)];
  });
}

const box = (e) => e.getBoundingClientRect();
// An obstacle's box: hits() forgives a pixel (a name's padding), the stock's tray none (grown by it).
const obstacle = (e) => {
  const b = box(e), g = e.matches(".stock") ? 1 : 0;
  return { left: b.left - g, right: b.right + g, top: b.top - g, bottom: b.bottom + g, width: b.width, height: b.height };
};
const hits = (r, boxes) => boxes.some((b) => r.l < b.right - 1 && b.left < r.r - 1 && r.t < b.bottom - 1 && b.top < r.b - 1);

let last = { key: "", vars: null };

/** Size and place the trick of `n` seats: the largest cards (a hand card's width at most) whose
 * every slot, the viewer's included, lies inside the felt and clear of the seats, the stock and
 * the names, with the trick's middle moved up or down to where they fit (the middle first). The
 * same table (felt, seats, stock) keeps its sizes without a search. */
export function layoutTrick(n) {
  const root = felt();
  const f = box(root);
  if (!f.width || !f.height) return;
  const boxes = [...root.querySelectorAll(SIZING)].map(obstacle).filter((b) => b.width && b.height);
  const handCard = document.querySelector("#my-hand .hand-card");
  const cap = Math.max(MIN_W, Math.min(handCard?.offsetWidth || f.width / 4, f.width / 2.2));
  const wide = f.width > f.height * 1.35;
  // Cards on the trick: to 8 px (a name's points growing a digit would resize the cards under the
  // player's eyes; clearSlots slides a card off it). An empty trick is sized to the pixel.
  const q = root.querySelector(".trick .slot:not(.placeholder)") ? (x) => Math.round(x / 8) : Math.round;
  const key = JSON.stringify([n, wide, Math.round(f.width), Math.round(f.height), Math.round(cap),
    boxes.map((b) => [q(b.left - f.left), q(b.top - f.top), q(b.width), q(b.height)])]);
  if (key !== last.key) {
    // A wide felt tries the ring round, then wider and flatter: the largest cards win (a tie, the rounder ring).
    const shapes = wide && n > 2 ? [[1, 1], [1.4, 0.65], [1.25, 0.4]] : [[1, 1]];
    let best = null;
    for (const shape of shapes) {
      const got = fit(f, boxes, cap, directions(n, wide, shape), wide);
      if (!best || got.w > best.w + STEP) best = got;
    }
    last = { key, vars: best.vars };
  }
  for (const [name, value] of Object.entries(last.vars)) {
    if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
  }
}

function fit(f, boxes, cap, dirs, wide) {
  const spans = (w, cy, cx = f.left + f.width / 2) => dirs.map(([ux, uy]) => {
    const x = cx + ux * w, y = cy + uy * w * 1.5;
    return { x, y, l: x - w / 2, r: x + w / 2, t: y - w * 0.75, b: y + w * 0.75 };
  });
  const inside = (s) => s.l >= f.left + 2 && s.r <= f.right - 2 && s.t >= f.top + 2 && s.b <= f.bottom - 2;
  let best = null;
  for (let w = Math.floor(cap); w >= MIN_W && !best; w -= STEP) {
    // The middle of the felt first, then a little higher and lower in turn.
    // (A wide felt has room to the sides too: the middle moves left or right of the player's name.)
    for (const side of wide ? [0, -0.6, 0.6, -1.2, 1.2] : [0]) {
      for (let i = 0; i <= f.height / 4 && !best; i++) {
        const d = (i % 2 ? 1 : -1) * Math.ceil(i / 2) * 4;
        const slots = spans(w, f.top + f.height / 2 + d, f.left + f.width / 2 + side * w);
        if (slots.every(inside) && !slots.some((s) => hits(s, boxes))) best = { w, slots };
      }
    }
  }
  best ??= { w: MIN_W, slots: spans(MIN_W, f.top + f.height / 2) };
  const vars = { "--pw": `${best.w}px` };
  best.slots.forEach((s, p) => {
    vars[`--s${p}x`] = `${(s.x - f.left).toFixed(1)}px`;
    vars[`--s${p}y`] = `${(s.y - f.top).toFixed(1)}px`;
  });
  return { w: best.w, vars };
}

/** Move each card of the trick by the least that makes it cover nothing else, toward the middle
 * of the felt first: a capture pile that came after the trick was sized, a seat's long name. */
export function clearSlots() {
  const root = felt();
  const slots = root.querySelectorAll(".trick .slot");
  if (!slots.length) return;
  const boxes = [...root.querySelectorAll(OBSTACLES)].map(obstacle).filter((b) => b.width && b.height);
  const f = box(root);
  for (const slot of slots) {
    slot.style.removeProperty("--dx");
    slot.style.removeProperty("--dy");
    const r = box(slot);
    const at = (dx, dy) => ({ l: r.left + dx, r: r.right + dx, t: r.top + dy, b: r.bottom + dy });
    if (!r.width || !hits(at(0, 0), boxes)) continue;
    const vx = f.left + f.width / 2 - (r.left + r.width / 2), vy = f.top + f.height / 2 - (r.top + r.height / 2);
    const len = Math.hypot(vx, vy) || 1;
    const ways = [[vx / len, vy / len], [0, -1], [0, 1], [-1, 0], [1, 0], [-0.7, -0.7], [0.7, -0.7], [-0.7, 0.7], [0.7, 0.7]];
    const inside = (dx, dy) => r.left + dx >= f.left && r.right + dx <= f.right && r.top + dy >= f.top && r.bottom + dy <= f.bottom;
    const move = (() => {
      for (let d = 2; d <= r.width * 1.5; d += 2) {
        for (const [ux, uy] of ways) {
          if (inside(ux * d, uy * d) && !hits(at(ux * d, uy * d), boxes)) return [ux * d, uy * d];
        }
      }
      return null;
    })();
    if (move) {
      slot.style.setProperty("--dx", `${move[0].toFixed(1)}px`);
      slot.style.setProperty("--dy", `${move[1].toFixed(1)}px`);
    }
  }
}
