// The page's one modal mechanism: a native <dialog> opened with showModal(), so the rest of the page
// is inert and the focus starts inside, for free. Every modal box (the dialogs, the review, the
// rules, the pass-and-play cover, the draw for seats) opens and closes through here.
//
// Escape (or a phone's "back") is a close request: the browser would close the dialog, which must
// instead do what the box's own "close" or "cancel" button does (`onEscape`), and nothing at all
// for a box that needs an answer. A close request the browser will not let the page refuse (a
// second Escape with no click between) closes the dialog anyway: then `onEscape` runs and a box
// still wanted opens again, so no Escape ever leaves the page stuck or skips an answer.
// A closed box also carries `hidden` (tests and the page ask `#dialog:not([hidden])`).

/** @typedef {{wanted: boolean, onEscape: (() => void) | null, tabbable: string}} ModalState */

/** @type {WeakMap<HTMLDialogElement, ModalState>} */
const states = new WeakMap();

const TABBABLE = "button:not([disabled]), a[href], input:not([type=hidden]), select, textarea, [tabindex='0']";

/** A new modal box, not yet in the document: a <dialog> named by its title element (`title`).
 * @param {string} id @param {string} className @param {string} [title] the title's id */
export function modalBox(id, className, title = `${id}-title`) {
  const box = document.createElement("dialog");
  box.id = id;
  box.className = className;
  box.setAttribute("aria-labelledby", title);
  return box;
}

/** Open `el` (a <dialog> in the document) as a modal, or keep it open with new options.
 * @param {HTMLDialogElement} el
 * @param {{onEscape?: (() => void) | null, tabbable?: string}} [opts] `onEscape`: what Escape
 *   does (null: nothing, an answer is needed); `tabbable`: the elements Tab cycles through. */
export function openModal(el, { onEscape = null, tabbable = TABBABLE } = {}) {
  let s = states.get(el);
  if (!s) {
    s = { wanted: false, onEscape: null, tabbable };
    states.set(el, s);
    el.addEventListener("cancel", onCancel);
    el.addEventListener("close", onClose);
    el.addEventListener("keydown", cycleTab);
  }
  Object.assign(s, { wanted: true, onEscape, tabbable });
  el.hidden = false;
  if (!el.open && el.isConnected) el.showModal();
}

/** Close `el` (nothing if it is closed). */
/** The focus back where it was before a box opened (`from`), or on the element `fallbackId` when
 * that is gone (a redrawn form has a new button) or was the page itself (a tap focuses nothing). */
export function focusBack(from, fallbackId) {
  const back = from?.isConnected && from !== document.body ? from : document.getElementById(fallbackId);
  back?.focus();
}

export function closeModal(el) {
  const s = states.get(el);
  if (s) s.wanted = false;
  if (el.open) el.close();
  el.hidden = true;
}

/** Whether a modal box is open over the page (the table's keys then leave it alone). */
export function modalOpen() {
  return document.querySelector("dialog[open]") !== null;
}

/** @param {Event} e */
function onCancel(e) {
  const s = states.get(/** @type {HTMLDialogElement} */ (e.currentTarget));
  if (!e.cancelable) return;  // the browser closes it: onClose answers
  e.preventDefault();
  s?.onEscape?.();
}

/** @param {Event} e */
function onClose(e) {
  const el = /** @type {HTMLDialogElement} */ (e.currentTarget);
  // Open again already: the event is an earlier closing's (it comes a task later), not a close
  // request for the box now shown (back twice quickly: the trick's box closed, the question opened).
  if (el.open) return;
  const s = states.get(el);
  if (!s?.wanted) return;  // closed by closeModal
  s.onEscape?.();
  if (s.wanted && !el.open && el.isConnected) el.showModal();
  else if (!s.wanted) el.hidden = true;
}

/** Tab and Shift+Tab cycle inside the box (a modal <dialog> lets Tab leave for the browser's own
 * controls). @param {KeyboardEvent} e */
function cycleTab(e) {
  if (e.key !== "Tab" || e.defaultPrevented) return;
  const el = /** @type {HTMLDialogElement} */ (e.currentTarget);
  const items = [...el.querySelectorAll(states.get(el)?.tabbable ?? TABBABLE)]
    .filter((x) => x.getClientRects().length || /** @type {HTMLInputElement} */ (x).type === "file");
  if (!items.length) return;
  const first = /** @type {HTMLElement} */ (items[0]), last = /** @type {HTMLElement} */ (items[items.length - 1]);
  const inside = el.contains(document.activeElement);
  if (e.shiftKey && (!inside || document.activeElement === first)) { e.preventDefault(); last.focus(); }
  else if (!e.shiftKey && (!inside || document.activeElement === last)) { e.preventDefault(); first.focus(); }
}
