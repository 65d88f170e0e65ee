// Pass-and-play: several people at one device. The setup says which seats people play (seat 0 is
// always the device's owner) and by which names; the engine keeps who plays and whose view it is.
// Between two people's turns the page covers the table until the next person says they have the
// phone (turns.js asks for their view only then): until that tap no hand is on the page at all.
import { esc } from "../dom/html.js";
import { NAME_CHARS } from "../engine/rules-data.js";
import { closeModal, modalBox, openModal } from "../dom/modal.js";
import { t } from "../strings/i18n.js";
import { clearNotice } from "./notice.js";
import { clearPanel } from "./panels.js";
import { seatName } from "./viewer.js";
import { loadSetup } from "../storage/storage.js";

const SEATS = 6;

/** A name as the engine takes it (trimmed, 1..NAME_CHARS characters (the engine's, rules-data.js),
 * no control characters), or "". */
export function cleanName(x) {
  const name = typeof x === "string" ? x.replace(/[\u0000-\u001f\u007f]/g, "").trim() : "";
  return [...name].slice(0, NAME_CHARS).join("");
}

/** The device owner's name as the setup remembers it ("Il tuo nome"), or "" (online tables send it). */
export function myName() {
  try {
    return cleanName(loadSetup()?.name_0);
  } catch {
    return "";
  }
}

/** The remembered seat choices, checked: `who_<s>` ("person" | "computer") and `name_<s>`. */
export function vetPeople(c) {
  const out = {};
  for (let s = 0; s < SEATS; s++) {
    if (s > 0) out[`who_${s}`] = c[`who_${s}`] === "person" ? "person" : "computer";
    out[`name_${s}`] = cleanName(c[`name_${s}`]);
  }
  return out;
}

/** The seats people play at a table of `players` (seat 0 always). */
export function peopleOf(c, players) {
  return Array.from({ length: players }, (_, s) => s).filter((s) => s === 0 || c[`who_${s}`] === "person");
}

/** Op `new`'s `people` and `names` when anyone but the owner plays (else nothing: a table alone). */
export function peopleSettings(c) {
  const people = peopleOf(c, c.players);
  if (people.length < 2) return {};
  const names = Array.from({ length: c.players }, (_, s) => (people.includes(s) && c[`name_${s}`]) || null);
  return { people, names };
}

/** The name field of seat `s` (seat 0: the device owner's own, which online guests see too). */
export function nameField(c, s) {
  const label = s === 0 ? t("pnp_name_yours") : t("pnp_name_of", { n: s + 1 });
  return `<label class="field pnp-name"><span aria-hidden="true">${t("pnp_name")}</span>`
    + `<input type="text" name="name_${s}" value="${esc(c[`name_${s}`] ?? "")}" maxlength="${NAME_CHARS}" autocomplete="off"`
    + ` spellcheck="false" placeholder="${esc(t("seat_name", { n: s + 1 }))}" aria-label="${esc(label)}"></label>`;
}

/** The setup's "Chi gioca": for each seat a person at this device or the computer, and a name. */
export function peopleFieldset(c) {
  const rows = Array.from({ length: c.players }, (_, s) => {
    if (s === 0) return `<div class="pnp-seat" data-pnp-seat="0"><span class="pnp-who">${t("pnp_seat_you")}</span>${nameField(c, 0)}</div>`;
    const person = c[`who_${s}`] === "person";
    const options = [["computer", t("pnp_computer")], ["person", t("pnp_person")]]
      .map(([v, text]) => `<option value="${v}"${(v === "person") === person ? " selected" : ""}>${text}</option>`).join("");
    return `<div class="pnp-seat" data-pnp-seat="${s}"><label class="field"><span>${t("pnp_seat", { n: s + 1 })}</span>`
      + `<select name="who_${s}">${options}</select></label>${person ? nameField(c, s) : ""}</div>`;
  }).join("");
  const note = peopleOf(c, c.players).length > 1 ? `<p class="pnp-note">${t("pnp_level_note")}</p>` : "";
  return `<fieldset class="pnp"><legend>${t("pnp_legend")}</legend>${rows}${note}</fieldset>`;
}

// ------------------------------------------------------------------ the screen between two people

/** The person to move when it is not the one who has the phone (the engine's
 * viewer), else null. Their view is asked for only once they say they have it (op "view"). */
export function handoffTo(st) {
  // (An online table's other people play on their own devices: the host's page never covers.)
  if (!st || st.status !== "playing" || st.ai_to_move || st.to_move == null || st.online) return null;
  return st.to_move !== (st.view.seat ?? 0) && (st.people ?? [0]).includes(st.to_move) ? st.to_move : null;
}

let covering = null;  // the seat the cover waits for, or null

/** Cover the table for `seat` (a person other than `viewer`, the one who has the phone): the table's hands
 * leave the page, and `onReady` runs when that person taps the button; as the cover goes up,
 * everything of the previous person's turn goes too (`forget`: what the caller keeps of it, the
 * selected card). Drawing it again for the same seat changes nothing (a redraw must not steal the
 * focus, restart anything, or take away a notice given since, e.g. another tab's). */
export function cover(viewer, seat, onReady, forget = () => {}) {
  for (const id of ["my-hand", "felt", "played"]) {
    const el = document.getElementById(id);
    if (el) el.replaceChildren();
  }
  document.documentElement.dataset.handoff = String(seat);
  if (covering === seat && document.getElementById("handoff")) return;
  covering = seat;
  clearTurn(forget);
  showCover(seatName(viewer, seat), seat, onReady);
}

/** What the previous person left on screen: a notice (a hint names a card of their hand), a dialog
 * (the last trick, a question they were asked), the panel (the auction list they unfolded), the
 * selected card (`forget`: the caller's own, the dialog among them). The next person starts from
 * a clean table. */
function clearTurn(forget) {
  forget();
  clearNotice();
  clearPanel();
}

function showCover(name, seat, onReady) {
  const old = document.getElementById("handoff");
  if (old) { closeModal(old); old.remove(); }
  const box = modalBox("handoff", "handoff veil");
  box.setAttribute("aria-describedby", "handoff-words");
  box.innerHTML = `<div class="handoff-card"><h2 id="handoff-title">${t("pnp_pass", { name })}</h2>
    <p id="handoff-words">${t("pnp_hidden", { name })}</p>
    <button type="button" class="primary" id="btn-handoff" data-seat="${seat}">${t("pnp_ready", { name })}</button></div>`;
  document.body.append(box);
  openModal(box);  // Escape does nothing: only the next person's tap takes the cover away
  const button = box.querySelector("button");
  button.addEventListener("click", () => onReady());  // a second tap meanwhile: turns.js has it pending
  button.focus({ preventScroll: true });
}

/** Take the cover away (the person has the phone, or the table is left). */
export function uncover() {
  covering = null;
  const box = document.getElementById("handoff");
  if (box) { closeModal(box); box.remove(); }
  delete document.documentElement.dataset.handoff;
}
