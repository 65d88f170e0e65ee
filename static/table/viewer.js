// Whose table this is: the engine's viewer (`view.seat`) sits at the bottom, says "Tu" and holds
// the hand; the others are placed around from there. Seat 0 on a table played alone; in
// pass-and-play the seat that has the phone. Whatever speaks to the player or places the seats is
// handed the viewer of the state it shows (`viewerOf(st)`, or the display model's `viewer`).
import { t } from "../strings/i18n.js";

/** @typedef {{seat: number, names: (string | null)[]}} Viewer  names: the engine's (null: the default) */

const LOOKALIKE = { "&": "＆", "<": "‹", ">": "›", '"': "”" };
/** @type {WeakMap<object, Viewer>} */
const cache = new WeakMap();

/** The viewer of an engine state (or of none: seat 0 without names). @returns {Viewer} */
export function viewerOf(st) {
  if (!st) return { seat: 0, names: [] };
  let v = cache.get(st);
  if (!v) {
    // A name goes into markup and plain text alike: its few markup characters become look-alikes.
    const names = (st.names ?? []).map((x) => x && String(x).replace(/[&<>"]/g, (c) => LOOKALIKE[c]));
    v = { seat: st.view?.seat ?? 0, names };
    cache.set(st, v);
  }
  return v;
}

/** A seat's name for `viewer`: "Tu" for his own, else the engine's name or "Giocatore n". */
export function seatName(viewer, seat) {
  return seat === viewer.seat ? t("you") : viewer.names[seat] || t("seat_name", { n: seat + 1 });
}

/** `<html data-seat>` (UI-CONTRACT): the seat the page is drawn for. */
export function showSeat(viewer) {
  const html = document.documentElement;
  if (html.dataset.seat !== String(viewer.seat)) html.dataset.seat = String(viewer.seat);
}
