// Drawing the felt, the hand and the cards played from a display model (model.js). No game logic
// here, and nothing around the felt (the bar, the turn line, the panel: chrome.js): only where
// things go on screen.
import { cardBack, cardFace } from "../decks/cards.js";
import { cardName, t } from "../strings/i18n.js";
import { notice } from "./notice.js";
import { faceSvg } from "./faces.js";
import { clearSlots, layoutTrick, place, seatPos } from "./geometry.js";
import { computerSeat, seatName as nameOf, viewerOf } from "./viewer.js";

const felt = () => document.getElementById("felt");

/** The display model last drawn: its viewer (animations), its seats (the trick is sized for them:
 * geometry.js) and its deck style (a selection's ghost drawn between two renders). */
let lastModel = null;
const styleNow = () => lastModel?.style ?? "napoletane";

function face(code, style, cls = "") {
  return `<div class="card ${cls}" data-card="${code}" role="img" aria-label="${cardName(code)}">${cardFace(code, style)}</div>`;
}

function back(cls = "") {
  return `<div class="card back ${cls}">${cardBack(styleNow())}</div>`;
}

function seatHtml(dm, seat) {
  const n = dm.players;
  const v = dm.viewer;
  const { x, y } = seatPos(seat, n, v);
  const hand = dm.hands[seat];
  const tags = [];
  if (dm.caller === seat) tags.push(t("caller_tag"));
  if (dm.partner === seat && seat !== dm.caller) tags.push(t("partner_tag"));
  const mine = v.seat;
  if (dm.teamOf && seat !== mine && dm.teamOf[seat] === dm.teamOf[mine]) tags.push(t("partner_tag"));
  const away = dm.away.includes(seat);  // online: the guest is gone, the computer plays his seat (a fair table: or waits for him)
  if (away) tags.push(t(dm.waited.includes(seat) ? "away_wait_tag" : "away_tag"));
  const turn = dm.toMove === seat ? " turn" : "";
  const name = nameOf(v, seat);  // whole in the markup: app.css cuts a long one short, a tap says it (sayWholeName)
  const mark = computerSeat(v, seat) ? faceSvg(seat) : "";  // the computer's players: a face of their own
  const label = `<div class="seat-label${turn}">${mark}<span class="name" title="${name}">${name}</span>${tags.map((x) => `<span class="tag">${x}</span>`).join("")}<span class="pts" title="${t("deal_points")}">${dm.points[seat]}</span></div>`;
  const pileWords = !dm.teamPiles ? t("pile_of", { name: nameOf(v, seat), n: dm.piles[seat] })
    : t(dm.teamOf?.[seat] === dm.teamOf?.[mine] ? "pile_ours" : "pile_theirs", { n: dm.piles[seat] });
  const pile = dm.piles[seat] ? `<div class="pile${dm.teamPiles ? " team-pile" : ""}" data-pile="${seat}" role="img" aria-label="${pileWords}">${back("small")}<span class="count">${dm.piles[seat]}</span></div>`
    : `<div class="pile empty" data-pile="${seat}"></div>`;
  const awayAttr = away ? ' data-away="true"' : "";
  if (seat === mine) return `<section class="seat me" data-seat="${seat}"${awayAttr}>${label}${pile}</section>`;
  const cards = Array.isArray(hand)
    ? hand.map((c) => face(c, dm.style, "small")).join("")
    : Array.from({ length: hand }, () => back("small")).join("");
  const count = Array.isArray(hand) ? hand.length : hand;
  // A seat at an edge is anchored to it: centred on its point, it would reach out of the felt
  // (under the bar at the top, off the screen at the sides).
  const edge = x < 25 ? " edge-left" : x > 75 ? " edge-right" : y < 20 ? " edge-top" : "";
  return `<section class="seat${edge}" data-seat="${seat}" data-place="${place(seat, n, v)}"${awayAttr} style="--x:${x.toFixed(1)}%;--y:${y.toFixed(1)}%">
    ${label}<div class="hand" data-hand="${seat}" role="group" aria-label="${t("hand_of", { name: nameOf(v, seat), n: count })}">${cards}</div>${pile}</section>`;
}

function centerHtml(dm) {
  const parts = [];
  if (dm.cutDeck) {  // before the deal: the whole deck, waiting for the cut
    parts.push(`<div class="stock cut-deck" data-deck="${dm.cutDeck}" role="img" aria-label="${t("cut_deck", { n: dm.cutDeck })}">`
      + `<div class="stock-cards"><div class="stock-pile">${back("stack")}</div><span class="count">${dm.cutDeck}</span></div></div>`);
  } else if (dm.stock > 0 || dm.trump) {
    // The face-up trump lies upright beside the stock, its corner index in view (a card on its
    // side shows its index sideways: a 6 reads as a 9); its label names the whole card.
    const stockBacks = dm.stock > 1 ? `<div class="stock-pile">${back("stack")}</div>` : "";
    const up = dm.stock > 0 && dm.trump;
    const trump = up ? face(dm.trump, dm.style, "trump") : "";
    const count = dm.stock > 0 ? `<span class="count" role="img" aria-label="${t("stock_left", { n: dm.stock })}">${dm.stock}</span>` : "";
    // "Briscola: Quattro di quadri" on two lines at most: the card's name is kept whole (app.css).
    const what = (text) => `<span class="what">${text}</span>`;
    const words = up ? t("trump_card", { card: what(cardName(dm.trump)) })
      : dm.trumpSuit ? t("trump", { suit: what(t(`suit_${dm.trumpSuit}`)) }) : "";
    const suit = words ? `<span class="trump-suit">${words}</span>` : "";
    parts.push(`<div class="stock" data-stock="${dm.stock}"><div class="stock-cards">${trump}${stockBacks}${count}</div>${suit}</div>`);
  } else if (dm.trumpSuit) {
    parts.push(`<div class="stock"><span class="trump-suit">${t("trump", { suit: t(`suit_${dm.trumpSuit}`) })}</span></div>`);
  }
  const n = dm.players;
  // Each card at its seat's slot (placed and sized by geometry.js), later ones over earlier ones.
  const trick = dm.trick.map(({ seat, code }, i) => `<div class="slot" data-place="${place(seat, n, dm.viewer)}" style="z-index:${i + 1}">`
    + `${face(code, dm.style, "played")}</div>`).join("");
  const ph = dm.placeholder ? placeholderHtml(dm.selected) : "";
  parts.push(`<div class="trick" role="group" aria-label="${t("table")}">${trick}${ph}</div>`);
  return parts;  // one element each (render's fill)
}

/** The slot where a selected card goes: a semi-transparent copy of that card shows what a tap
 * there will play (seed 000's "carta semitrasparente"). */
function placeholderHtml(selected) {
  return `<button type="button" class="slot placeholder" data-role="placeholder" data-place="0" aria-label="${t("placeholder")}">${ghost(selected)}</button>`;
}

let tapHint = null;  // the card raised by a tap whose placeholder says "Tocca di nuovo per giocarla" (input.js)

function ghost(code) {
  if (!code) return "";
  const hint = code === tapHint ? `<span class="tap-hint" data-tap-hint>${t("tap_again")}</span>` : "";
  return `<span class="ghost" data-ghost="${code}">${cardFace(code, styleNow())}</span>${hint}`;
}

/** The placeholder of `code`, raised by a tap, says that a second tap plays it (null: it says nothing). */
export function showTapHint(code) {
  if (tapHint === code) return;
  tapHint = code;
  const ph = felt().querySelector("[data-role=placeholder]");
  const shownCode = ph?.querySelector(".ghost")?.dataset.ghost;
  if (ph && shownCode) ph.innerHTML = ghost(shownCode);
}

/** Show a selection without redrawing (a redraw between the two clicks would break a double click). */
export function showSelection(selected, placeholder) {
  for (const el of document.querySelectorAll("#my-hand .hand-card")) {
    const on = el.dataset.card === selected;
    el.classList.toggle("selected", on);
    if (el.getAttribute("aria-pressed") !== String(on)) el.setAttribute("aria-pressed", String(on));
  }
  const trick = felt().querySelector(".trick");
  const ph = trick?.querySelector("[data-role=placeholder]");
  if (placeholder && !ph && trick) {
    trick.insertAdjacentHTML("beforeend", placeholderHtml(selected));
    clearSlots();
  } else if (!placeholder && ph) ph.remove();
  else if (ph && ph.querySelector(".ghost")?.dataset.ghost !== (selected ?? undefined)) ph.innerHTML = ghost(selected);
  if (!selected) tapHint = null;
}

function handHtml(dm) {  // one button a card (render's fill)
  return dm.hands[dm.viewer.seat].map((code, i) => {
    const playable = dm.playable.has(code);
    const sel = dm.selected === code;
    return `<button type="button" class="card hand-card${sel ? " selected" : ""}" data-card="${code}" data-index="${i + 1}"
      data-playable="${playable}" aria-pressed="${sel}" aria-label="${cardName(code)}">${cardFace(code, dm.style)}</button>`;
  });
}

// What render() last put in each of its containers, and a watch on everything done to them since.
const drawn = new Map();  // element -> {parts, touched, watch: MutationObserver}

/** `el` shows `parts` (markup strings of one element each). A part
 * the same as last time, in a container nothing has touched since (no mutation, no animation), is
 * left as it is: a redraw of the same position (every answer of the engine) or of one card more on
 * the trick no longer makes hundreds of SVG nodes of garbage, which an idle phone keeps for a long
 * while (~7 MB in bench/load.py's game). Touched at all, the container is redrawn as before. */
/** An animation a script started (a card flown: it may hold the element where it left it), not a
 * CSS transition or animation of the stylesheet's (a hovered card's lift), which the same markup
 * drawn again keeps as it is. */
function scripted(animation) {
  return !(animation instanceof CSSTransition) && !(animation instanceof CSSAnimation);
}

function fill(el, parts) {
  let seen = drawn.get(el);
  if (!seen) {
    seen = { parts: null, touched: false, watch: null };
    seen.watch = new MutationObserver(() => { seen.touched = true; });
    seen.watch.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
    drawn.set(el, seen);
  }
  const touched = seen.touched || seen.watch.takeRecords().length > 0 || el.getAnimations({ subtree: true }).some(scripted);
  const old = seen.parts;
  seen.parts = parts;
  seen.touched = false;
  if (touched || !old || old.length !== parts.length || el.children.length !== parts.length) {
    el.innerHTML = parts.join("");
  } else {
    const children = [...el.children];
    parts.forEach((html, i) => { if (html !== old[i]) children[i].outerHTML = html; });
  }
}

/** Forget what render() itself just did to its containers (only later changes count as touches):
 * its records are still queued (an observer hears of them after the current task). */
function settle() {
  for (const seen of drawn.values()) seen.watch.takeRecords();
}

/** Draw the display model. Keeps keyboard focus on the same card across redraws. */
export function render(dm) {
  const focused = document.activeElement?.closest?.(".hand-card")?.dataset.card;
  lastModel = dm;
  if (dm.selected !== tapHint) tapHint = null;
  const root = felt();
  fill(root, [...Array.from({ length: dm.players }, (_, s) => seatHtml(dm, s)), ...centerHtml(dm)]);
  root.dataset.players = dm.players;  // after fill: a write of render's own is not a touch (settle)
  const hand = document.getElementById("my-hand");
  fill(hand, handHtml(dm));
  hand.dataset.count = dm.hands[dm.viewer.seat].length;
  hand.style.setProperty("--n", String(Math.max(1, dm.hands[dm.viewer.seat].length)));  // app.css overlaps a long hand
  const played = document.getElementById("played");
  fill(played, dm.playedShown && dm.played.length
    ? [`<span class="label">${t("played_cards")}</span>`, ...dm.played.map((c) => face(c, dm.style, "tiny"))] : []);
  played.hidden = !dm.playedShown || !dm.played.length;
  if (focused) hand.querySelector(`[data-card="${focused}"]`)?.focus({ preventScroll: true });
  layoutTrick(dm.players);
  clearSlots();
  settle();
}

/** A tap on a seat's name cut short on the felt (a long name on a phone: app.css) says it whole. */
function sayWholeName(e) {
  const el = e.target.closest?.(".seat-label .name");
  if (el && el.scrollWidth > el.clientWidth) notice(el.textContent, "info", { effect: null });
}
felt().addEventListener("click", sayWholeName);

// The felt's size changes after a render too (the turn line, a panel, the window): the trick is
// sized and placed again then.
const relayout = () => {
  if (!lastModel) return;
  layoutTrick(lastModel.players);
  clearSlots();
};
if (typeof ResizeObserver === "function") new ResizeObserver(relayout).observe(felt());
else window.addEventListener("resize", () => requestAnimationFrame(relayout));

/** Where a seat's cards come from or go to on screen (for animations), at the table last drawn. */
export function seatRect(seat) {
  if (seat === (lastModel?.viewer ?? viewerOf(null)).seat) return document.getElementById("my-hand").getBoundingClientRect();
  const hand = felt().querySelector(`[data-hand="${seat}"]`);
  const last = hand?.lastElementChild;
  return (last || hand || felt()).getBoundingClientRect();
}

export function pileRect(seat) {
  return felt().querySelector(`[data-pile="${seat}"]`)?.getBoundingClientRect() ?? felt().getBoundingClientRect();
}

export function stockRect() {
  const el = felt().querySelector(".stock-pile, .stock .trump, .stock");
  if (el) return el.getBoundingClientRect();
  const r = felt().getBoundingClientRect();
  return new DOMRect(r.left + r.width / 2 - 20, r.top + r.height / 2 - 30, 40, 60);
}

export function trumpRect() {
  return felt().querySelector(".stock .trump")?.getBoundingClientRect() ?? stockRect();
}
