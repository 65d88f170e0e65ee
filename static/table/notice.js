// Short messages for the player: errors, information (an exchange, another tab) and hints. A
// message is kept as words (a function of the language), so a language switch re-words the one
// on screen. On the table it sits in the page's flow just above the turn line, so it covers
// neither the bar nor a seat; on a screen without the table it floats at the top.

const LIFE = { error: 4500, info: 4000, hint: 9000 };  // ms on screen

let words = null;  // () => string: the message shown now
let timer = 0;
let play = () => {};

const box = () => document.getElementById("toast");

/** How notices sound (app.js passes its sound player): `fn(effect)`. */
export function setNoticeSound(fn) {
  play = fn;
}

/** Show `text` (a string, or a function returning it in the current language) as a notice of
 * `kind` error|info|hint. `effect` is the sound (errors sound "error" unless told otherwise);
 * `hint` is the card a hint names (kept in data-hint for the page and its tests). */
export function notice(text, kind = "error", { effect = kind === "error" ? "error" : null, hint = null } = {}) {
  if (effect) play(effect);
  const el = box();
  if (!el) return;
  place(el);
  words = typeof text === "function" ? text : () => text;
  el.dataset.kind = kind;
  if (hint !== null) el.dataset.hint = hint;
  else delete el.dataset.hint;
  el.textContent = words();
  el.hidden = false;
  clearTimeout(timer);
  timer = setTimeout(hideNotice, LIFE[kind] ?? LIFE.info);
}

export function hideNotice() {
  clearTimeout(timer);
  const el = box();
  if (el) el.hidden = true;
  words = null;
}

/** Hide the notice and forget its words and the card it named (the phone goes to another person:
 * a hint names a card of the hand that leaves with its holder). */
export function clearNotice() {
  hideNotice();
  const el = box();
  if (!el) return;
  el.textContent = "";
  delete el.dataset.kind;
  delete el.dataset.hint;
}

/** On the table: in the flow above the turn line; elsewhere: floating at the top of the screen. */
function place(el) {
  const table = document.getElementById("table");
  const turn = document.getElementById("turn");
  if (table && !table.hidden && turn) {
    if (el.nextElementSibling !== turn) turn.before(el);
    el.classList.remove("floating");
  } else {
    if (el.parentElement !== document.body) document.body.append(el);
    el.classList.add("floating");
  }
}

document.addEventListener("briscola:language", () => {
  const el = box();
  if (words && el && !el.hidden) el.textContent = words();
});
// A tap on a notice puts it away.
document.addEventListener("click", (e) => { if (e.target.closest?.("#toast")) hideNotice(); });
