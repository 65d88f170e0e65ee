// Card movements (FLIP with the Web Animations API). Durations scale with the speed setting;
// prefers-reduced-motion or the "istantanea" speed turns movement off.
const SPEEDS = { lenta: 1.6, normale: 1, veloce: 0.5, istantanea: 0 };
let factor = 1;
const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)");

export function setSpeed(name) {
  factor = SPEEDS[name] ?? 1;
}

/** The speed's factor (0 at "istantanea"), for waits that are not movement. */
export function speedFactor() {
  return factor;
}

/** Scale a base duration (ms) by the speed; 0 when motion is off. */
export function ms(base) {
  return reduced?.matches ? 0 : base * factor;
}

/** A pause that also scales with the speed (used after a trick is complete). */
export function pause(base) {
  const d = factor === 0 ? 0 : base * factor;
  return d > 0 ? new Promise((r) => setTimeout(r, d)) : Promise.resolve();
}

function delta(el, from) {
  const to = el.getBoundingClientRect();
  const s = to.width ? from.width / to.width : 1;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  return `translate(${dx}px, ${dy}px) scale(${s})`;
}

/** Move `el` (already at its new place) in from the rectangle `from`. */
export function flyFrom(el, from, base = 320, delay = 0) {
  const duration = ms(base);
  if (!el || !from || duration === 0) return Promise.resolve();
  const anim = el.animate([{ transform: delta(el, from) }, { transform: "translate(0, 0) scale(1)" }],
    { duration, delay: ms(delay), easing: "cubic-bezier(.2,.75,.3,1)", fill: "backwards", composite: "add" });
  return anim.finished.catch(() => {});
}

/** Move `el` out towards the rectangle `to` (it is redrawn elsewhere afterwards). */
export function flyTo(el, to, base = 380, delay = 0) {
  const duration = ms(base);
  if (!el || !to || duration === 0) return Promise.resolve();
  const from = el.getBoundingClientRect();
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const anim = el.animate([{ transform: "translate(0, 0) scale(1)" },
    { transform: `translate(${dx}px, ${dy}px) scale(0.45)` }],
  { duration, delay: ms(delay), easing: "cubic-bezier(.5,0,.7,.4)", fill: "forwards", composite: "add" });
  return anim.finished.catch(() => {});
}
