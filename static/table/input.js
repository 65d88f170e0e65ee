// The gestures of RULES.md §9 on the player's hand: double click; click to select and click the
// placeholder; drag onto the placeholder (mouse and touch through pointer events); click a
// selected card to deselect; keyboard (arrows or 1–9 select, Enter plays, Escape deselects).
// It only reports intents; app.js asks the engine whether they are legal.
import { modalOpen } from "../dom/modal.js";

const DRAG_START = 8;  // px of movement before a press becomes a drag

export function attachInput({ hand, felt, onSelect, onPlay, onDrag, getSelected, enabled }) {
  let press = null;  // {code, el, x, y, id, dragging}
  let swallowClick = false;

  const cardOf = (target) => target?.closest?.(".hand-card");

  hand.addEventListener("click", (e) => {
    const el = cardOf(e.target);
    if (!el || !enabled()) return;
    if (swallowClick) { swallowClick = false; return; }
    onSelect(getSelected() === el.dataset.card ? null : el.dataset.card);
  });

  hand.addEventListener("dblclick", (e) => {
    const el = cardOf(e.target);
    if (el && enabled()) onPlay(el.dataset.card);
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
      onDrag(press.code, true);
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
    if (dropped) onPlay(code);
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
      onPlay(sel);
      return;
    } else if (e.key === "Escape" && sel) {
      onSelect(null);
      return;
    }
    if (next) {
      e.preventDefault();
      onSelect(next.dataset.card);
      hand.querySelector(`[data-card="${next.dataset.card}"]`)?.focus();
    }
  });

  felt.addEventListener("click", (e) => {
    if (e.target.closest?.("[data-role=placeholder]") && enabled() && getSelected()) onPlay(getSelected());
  });
}

function overPlaceholder(felt, x, y) {
  const ph = felt.querySelector("[data-role=placeholder]");
  if (!ph) return false;
  const r = ph.getBoundingClientRect();
  const m = 24;  // forgiving drop zone
  return x >= r.left - m && x <= r.right + m && y >= r.top - m && y <= r.bottom + m;
}
