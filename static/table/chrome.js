// What is drawn around the felt, from what the turn loop hands over (turns.js TurnChrome): the bar,
// the turn line (this is its one writer), the decision panel, the move clock; and the lines said to
// screen readers as the table moves.
import { t, theCard } from "../strings/i18n.js";
import { drawBar } from "./bar.js";
import { trackClock } from "./clock.js";
import { showPanel } from "./panels.js";
import { seatName, showSeat, viewerOf } from "./viewer.js";

/** The bar, the turn line and the decision panel. The turn line and the panel follow `st`, the
 * newest position (the player may move in it while a step animates); the bar's scores follow
 * `shown`, the position on the table, so a trick's points count when its cards are collected.
 * `deck(variant)` sets the deck the table is drawn with (app.js); `take` hands an action to the loop.
 * @param {import("./turns.js").TurnChrome} chrome
 * @param {(variant: string) => string} deck
 * @param {(action: object) => void} take */
export function drawChrome({ st, shown, accepting, latest, awaiting }, deck, take) {
  const viewer = viewerOf(st);
  showSeat(viewer);
  deck(st.view.variant);
  drawBar(shown, viewer);
  trackClock(latest, awaiting);  // the move clock follows the engine's newest position
  const text = turnLine(st, viewer, accepting);
  const el = document.getElementById("turn");
  if (el.textContent !== text) el.textContent = text;
  showPanel({ ...st, view: { ...st.view, legal: accepting } }, { onAct: take });
}

/** "Tocca a te" exactly when the page takes a move; after a move, until the engine has it, nothing;
 * "Anna sta pensando" while another seat moves. */
function turnLine(st, viewer, accepting) {
  if (st.status !== "playing") return "";
  if (st.stand_in) return t("cs_line");  // chiamata: the computer plays the person's seat
  if (accepting.length) return t("your_turn");
  return st.to_move != null && st.to_move !== viewer.seat ? t("thinking", { name: seatName(viewer, st.to_move) }) : "";
}

/** Say it to screen readers (a polite live region; the last few lines are kept). */
export function announce(text) {
  const region = document.getElementById("announce");
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > 4) region.firstElementChild.remove();
}

/** "Hai giocato l'Asso di denari" or "Anna ha giocato ...", as `viewer` (viewer.js) hears it. */
export const say = (viewer, seat, code) => announce(seat === viewer.seat ? t("ann_you_played", { card: theCard(code) })
  : t("ann_played", { name: seatName(viewer, seat), card: theCard(code) }));

/** "Prendi tu la presa: 11 punti" or "Anna prende la presa ...": the trick just taken in `st`. */
export function sayTrick(st) {
  const i = st.view.tricks.length - 1, winner = st.view.tricks[i].winner, pts = st.trick_points?.[i] ?? 0;
  const viewer = viewerOf(st);
  announce(winner === viewer.seat ? t("ann_trick_you", { pts }) : t("ann_trick", { name: seatName(viewer, winner), pts }));
}
