// The deck gallery (issue 24): every style's 40 cards, one style at a time, opened by a button
// beside the setup's deck choice (settings.js, which loads this module when it is first tapped),
// so a player chooses a deck by seeing it. A native modal <dialog>
// (dom/modal.js); the faces are the styles' own (decks/cards.js) and each is named as the page
// names it with that deck ("Donna di cuori" with the Genovesi). "Play with this deck" sets the
// setup's deck select and tells the form, as if the player had picked it there.
import { STYLES, cardFace, loadDeck, styleLabel } from "../decks/cards.js";
import { waiting } from "../boot/later.js";
import { esc } from "../dom/html.js";
import { CARDS } from "../engine/rules-data.js";
import { closeModal, focusBack, modalBox, openModal } from "../dom/modal.js";
import { cardName, language, t } from "../strings/i18n.js";

const NAMES = Object.keys(STYLES);
// The 40 codes by suit, each suit's ranks in order: a suit fills two rows of five on a phone.
const CODES = [...CARDS.suits].flatMap((suit) => [...CARDS.ranks].map((rank) => rank + suit));

let dialog = null;
let shown = NAMES[0];
let returnFocus = null;

const deckSelect = () => document.querySelector("#setup select[name=style]");

/** The dialog's frame: the title, the arrows and the live deck name, the grid, the buttons. */
function frame() {
  dialog.innerHTML = `<header class="gallery-head"><h2 id="gallery-title">${esc(t("gallery_title"))}</h2>`
    + `<div class="gallery-nav"><button type="button" id="gallery-prev" aria-label="${esc(t("gallery_prev"))}">‹</button>`
    + `<p id="gallery-name" aria-live="polite"></p>`
    + `<button type="button" id="gallery-next" aria-label="${esc(t("gallery_next"))}">›</button></div></header>`
    + `<div id="gallery-cards" class="gallery-cards" tabindex="0" role="region"></div>`
    + `<footer class="gallery-foot"><p class="gallery-in-use">${esc(t("gallery_in_use"))}</p>`
    + `<button type="button" class="primary" id="gallery-choose">${esc(t("gallery_choose"))}</button>`
    + `<button type="button" id="gallery-close">${esc(t("gallery_close"))}</button></footer>`;
}

/** The shown style in the frame: its name (said by the live region), its 40 faces, and the choice
 * (or the note that the form has it already). */
function fill() {
  const label = styleLabel(shown, language());
  const count = t("gallery_count", { n: NAMES.indexOf(shown) + 1, total: NAMES.length });
  dialog.querySelector("#gallery-name").innerHTML = `<strong>${esc(label)}</strong> <span>${esc(count)}</span>`;
  const grid = dialog.querySelector("#gallery-cards");
  grid.setAttribute("aria-label", label);
  grid.innerHTML = CODES.map((code) => `<div class="gallery-card" data-card="${code}" role="img"`
    + ` aria-label="${esc(cardName(code, shown))}">${cardFace(code, shown)}</div>`).join("");
  grid.scrollTop = 0;
  const chosen = deckSelect()?.dataset.deck === shown;  // the deck in play, the game's own or picked
  const choose = dialog.querySelector("#gallery-choose");
  if (chosen && document.activeElement === choose) dialog.querySelector("#gallery-next").focus();  // it goes
  choose.hidden = chosen;
  dialog.querySelector(".gallery-in-use").hidden = !chosen;
  dialog.dataset.style = shown;
}

/** Show the style `step` places away, wrapping round. */
function turn(step) {
  shown = NAMES[(NAMES.indexOf(shown) + step + NAMES.length) % NAMES.length];
  fill();
}

/** Make the shown style the setup's deck: the select changes and the form hears of it (app.js). */
function choose() {
  const select = deckSelect();
  if (select) {
    select.value = shown;  // another deck than the form's (the button is hidden for that one)
    select.dispatchEvent(new Event("change", { bubbles: true }));
  }
  closeGallery();
}

/** Open the gallery on `style` (the setup's deck; anything unknown shows the first). */
export function openGallery(style) {
  shown = NAMES.includes(style) ? style : NAMES[0];
  if (dialog) { fill(); return; }
  returnFocus = document.activeElement;
  dialog = modalBox("gallery", "gallery-dialog");
  frame();
  fill();
  dialog.addEventListener("click", (e) => {
    const id = e.target.closest?.("button")?.id;
    if (id === "gallery-prev") turn(-1);
    else if (id === "gallery-next") turn(1);
    else if (id === "gallery-choose") choose();
    else if (id === "gallery-close") closeGallery();
  });
  dialog.addEventListener("keydown", (e) => {  // the arrows leaf through the decks
    if (e.key === "ArrowLeft" || e.key === "ArrowRight") {
      e.preventDefault();
      turn(e.key === "ArrowLeft" ? -1 : 1);
    }
  });
  dialog.addEventListener("close", () => {  // Escape and the buttons both end here
    dialog.remove();
    dialog = null;
    focusBack(returnFocus, "btn-gallery");
    returnFocus = null;
  });
  document.body.append(dialog);
  openModal(dialog, { onEscape: closeGallery, tabbable: "button, [tabindex='0']" });
  dialog.querySelector("#gallery-next").focus();
}

export function closeGallery() {
  if (dialog) closeModal(dialog);
}

/** The gallery on the setup's deck, once every deck's drawing has come (each loaded on first use,
 * decks/cards.js), so leafing never waits: the settings' button (settings.js). */
export function showGallery() {
  const style = deckSelect()?.dataset.deck;
  const open = () => openGallery(style);
  return waiting(Promise.all(NAMES.map(loadDeck))).then(open, open);
}

/** The language switch re-wording an open gallery. Called once, when this module loads. */
function init() {
  document.addEventListener("briscola:language", () => {
    if (!dialog) return;
    frame();
    fill();
    dialog.querySelector("#gallery-next").focus();
  });
}

init();
