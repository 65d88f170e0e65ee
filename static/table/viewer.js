// Whose table this is: the engine's viewer (`view.seat`) sits at the bottom, says "Tu" and holds
// the hand; the others are placed around from there. Seat 0 on a table played alone; in
// pass-and-play the seat that has the phone. Whatever speaks to the player or places the seats is
// handed the viewer of the state it shows (`viewerOf(st)`, or the display model's `viewer`).
// The computer's seats have names of their own (strings/table.js `cpu_<seat>`, in the page's
// language) and faces (faces.js): presentation only, so the engine and the records keep null there.
import { t } from "../strings/i18n.js";
import { FACES } from "./faces.js";

/** @typedef {{seat: number, names: (string | null)[], people: number[] | null}} Viewer
 * names: the engine's (null: the default); people: the seats people play (null: not known) */

const LOOKALIKE = { "&": "＆", "<": "‹", ">": "›", '"': "”" };
/** @type {WeakMap<object, Viewer>} */
const cache = new WeakMap();

/** The viewer of an engine state (or of none: seat 0 without names). @returns {Viewer} */
export function viewerOf(st) {
  if (!st) return { seat: 0, names: [], people: null };
  let v = cache.get(st);
  if (!v) {
    // A name goes into markup and plain text alike: its few markup characters become look-alikes.
    const names = (st.names ?? []).map((x) => x && String(x).replace(/[&<>"]/g, (c) => LOOKALIKE[c]));
    v = { seat: st.view?.seat ?? 0, names, people: Array.isArray(st.people) ? st.people : null };
    cache.set(st, v);
  }
  return v;
}

/** Whether the computer plays `seat` (its own player, not a person's seat it stands in for). */
export function computerSeat(viewer, seat) {
  return !!viewer.people && !viewer.people.includes(seat) && seat >= 1 && seat <= FACES;
}

/** A seat's name for `viewer`: "Tu" for his own, else `plainName`. */
export function seatName(viewer, seat) {
  return seat === viewer.seat ? t("you") : plainName(viewer, seat);
}

/** A seat's name, never "Tu": the engine's, the computer's own ("Giulia"), or "Giocatore n". */
export function plainName(viewer, seat) {
  return viewer.names[seat] || (computerSeat(viewer, seat) ? t(`cpu_${seat}`) : t("seat_name", { n: seat + 1 }));
}

/** `<html data-seat>` (UI-CONTRACT): the seat the page is drawn for. */
export function showSeat(viewer) {
  const html = document.documentElement;
  if (html.dataset.seat !== String(viewer.seat)) html.dataset.seat = String(viewer.seat);
}
