// The gestures of RULES.md §9 on the player's hand. With a mouse: double click; click to select and
// click the placeholder; drag onto the placeholder; click a selected card to deselect. On a touch
// screen, as in every phone card game: the first tap raises the card and shows its placeholder
// ("Tocca di nuovo per giocarla", the first few times), a second tap on it plays it, a tap on
// another card raises that one, a tap elsewhere lowers it; with the setting "Un tocco per giocare"
// (`oneTap`) the first tap plays. Dragging works with both. Keyboard: arrows or 1–9 select, Enter
// plays, Escape deselects. Touch and mouse are told apart by the pointer events' `pointerType`: a
// touch tap's click (the browser's, after the pointer events) is the tap, taken once.
// It only reports intents; app.js asks the engine whether they are legal.
import { modalOpen } from "../dom/modal.js";
import { loadTapPlays, saveTapPlays } from "../storage/storage.js";
import { showTapHint } from "./table.js";

const DRAG_START = 8;  // px of movement before a press becomes a drag
const HINTED_PLAYS = 3;  // cards played with a second tap before the hint stops showing

/** `oneTap()`: the player's choice "Un tocco per giocare" (touch only: a mouse keeps §9's gestures). */
export function attachInput({ hand, felt, onSelect, onPlay, onDrag, getSelected, enabled, oneTap = () => false }) {
  let press = null;  // {code, el, x, y, id, dragging}
  let swallowClick = false;
  let pointer = "mouse";  // the last press's pointerType: whether the click that follows is a tap
  let tapRaised = null;  // the card a tap raised (a second tap on it, or on its placeholder, plays it)

  const cardOf = (target) => target?.closest?.(".hand-card");
  // (a click from the keyboard, detail 0, is no tap whatever pressed last)
  const touch = (e) => e.detail !== 0 && (e.pointerType || pointer) === "touch";
  const select = (code, byTap = false) => {
    tapRaised = byTap ? code : null;
    onSelect(code);
    showTapHint(byTap && loadTapPlays() < HINTED_PLAYS ? code : null);
  };
  const play = (code) => {
    if (tapRaised === code) {  // played with a second tap: the hint has done its job once more
      const n = loadTapPlays();
      if (n < HINTED_PLAYS) saveTapPlays(n + 1);
    }
    tapRaised = null;
    onPlay(code);
  };

  // Every press, wherever it lands, says what the click after it will be (capture: before any handler).
  document.addEventListener("pointerdown", (e) => { pointer = e.pointerType; }, true);

  hand.addEventListener("click", (e) => {
    const el = cardOf(e.target);
    if (!el || !enabled()) return;
    if (swallowClick) { swallowClick = false; return; }
    const code = el.dataset.card;
    if (!touch(e)) {
      select(getSelected() === code ? null : code);
      return;
    }
    // A tap: a card the page does not take now (not the player's turn, a step still animating) is
    // neither raised nor played; whatever was raised goes down (UI-CONTRACT: nothing promised that
    // would be ignored).
    if (el.dataset.playable !== "true") {
      if (getSelected()) select(null);
    } else if (oneTap() || getSelected() === code) play(code);
    else select(code, true);
  });

  hand.addEventListener("dblclick", (e) => {
    const el = cardOf(e.target);
    if (!el || !enabled() || touch(e)) return;  // two taps: the taps themselves played it
    play(el.dataset.card);
  });

  hand.addEventListener("pointerdown", (e) => {
    const el = cardOf(e.target);
    if (!el || !enabled() || (e.pointerType === "mouse" && e.button !== 0)) return;
    press = { code: el.dataset.card, el, x: e.clientX, y: e.clientY, id: e.pointerId, dragging: false };
  });

  window.addEventListener("pointermove", (e) => {
    if (!press || e.pointerId !== press.id) return;
    const dx = e.clientX - press.x, dy = e.clientY - press.y;
    if (!press.dragging && Math.hypot(dx, dy) < DRAG_START) return;
    if (!press.dragging) {
      press.dragging = true;
      try { press.el.setPointerCapture(e.pointerId); } catch { /* already released */ }
      tapRaised = null;
      onDrag(press.code, true);
      showTapHint(null);
      press.el = hand.querySelector(`[data-card="${press.code}"]`) || press.el;  // redrawn by onDrag
      press.el.classList.add("dragging");
    }
    e.preventDefault();
    press.el.style.transform = `translate(${dx}px, ${dy}px)`;
    const over = overPlaceholder(felt, e.clientX, e.clientY);
    felt.querySelector("[data-role=placeholder]")?.classList.toggle("hover", over);
  });

  const release = (e) => {
    if (!press || e.pointerId !== press.id) return;
    const { code, el, dragging } = press;
    press = null;
    if (!dragging) return;
    swallowClick = true;
    setTimeout(() => { swallowClick = false; }, 0);
    const dropped = e.type === "pointerup" && overPlaceholder(felt, e.clientX, e.clientY);
    el.classList.remove("dragging");
    el.style.transform = "";
    onDrag(code, false);
    if (dropped) play(code);
  };
  window.addEventListener("pointerup", release);
  window.addEventListener("pointercancel", release);

  document.addEventListener("keydown", (e) => {
    if (!enabled() || e.altKey || e.ctrlKey || e.metaKey) return;
    if (modalOpen()) return;  // a box on top has the keys
    if (e.target.closest?.("input, select, textarea, .panel")) return;
    const cards = [...hand.querySelectorAll(".hand-card")];
    if (!cards.length) return;
    const sel = getSelected();
    const i = cards.findIndex((c) => c.dataset.card === sel);
    let next = null;
    if (e.key === "ArrowRight" || e.key === "ArrowDown") next = cards[(i + 1) % cards.length];
    else if (e.key === "ArrowLeft" || e.key === "ArrowUp") next = cards[(i <= 0 ? cards.length : i) - 1];
    else if (/^[1-9]$/.test(e.key) && cards[Number(e.key) - 1]) next = cards[Number(e.key) - 1];
    else if (e.key === "Enter" && sel) {
      e.preventDefault();
      play(sel);
      return;
    } else if (e.key === "Escape" && sel) {
      select(null);
      return;
    }
    if (next) {
      e.preventDefault();
      select(next.dataset.card);
      hand.querySelector(`[data-card="${next.dataset.card}"]`)?.focus();
    }
  });

  felt.addEventListener("click", (e) => {
    if (e.target.closest?.("[data-role=placeholder]") && enabled() && getSelected()) play(getSelected());
  });

  // A tap anywhere else on the table (the felt, the empty part of the hand, the turn line) lowers a
  // raised card; a control (the bar, a panel, a dialog) keeps it.
  document.addEventListener("click", (e) => {
    if (!touch(e) || !getSelected() || !enabled()) return;
    if (!e.target.closest?.("#table") || e.target.closest?.(".hand-card, [data-role=placeholder], button, select, a, input, summary, .bar, .panel")) return;
    select(null);
  });
}

function overPlaceholder(felt, x, y) {
  const ph = felt.querySelector("[data-role=placeholder]");
  if (!ph) return false;
  const r = ph.getBoundingClientRect();
  const m = 24;  // forgiving drop zone
  return x >= r.left - m && x <= r.right + m && y >= r.top - m && y <= r.bottom + m;
}
