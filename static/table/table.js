// Rendering the table from a display model. No game logic here: the model comes from the
// engine's view (see app.js), this file only decides where things go on screen.
import { cardBack, cardFace } from "../decks/cards.js";
import { cardName, t } from "../strings/i18n.js";
import { notice } from "./notice.js";
import { faceSvg } from "./faces.js";
import { computerSeat, seatName as nameOf, viewerOf } from "./viewer.js";

const felt = () => document.getElementById("felt");

const flat = () => typeof matchMedia === "function" && matchMedia("(max-height: 500px)").matches;

let shown = viewerOf(null);  // the viewer of the display model last drawn (selection, animations)

/** A seat's place around the table: 0 the viewer's (the bottom), then counterclockwise. */
const place = (seat, n, v) => (seat - v.seat + n) % n;

/** Angle (degrees) of a place around the table: place 0 at the bottom, then counterclockwise. */
function angle(seat, n) {
  // Six seats: the two lower side seats sit higher, leaving the bottom-left corner to the stock.
  // On a landscape phone (a short felt) they sit level with the middle, clear of the stock.
  if (n === 6 && (seat === 1 || seat === 5)) return (flat() ? 0 : 10) * (seat === 1 ? -1 : 1) + (seat === 1 ? 0 : 180);
  return -90 + (seat * 360) / n;
}

function seatPos(seat, n, v) {
  const a = (angle(place(seat, n, v), n) * Math.PI) / 180;
  return { x: 50 + 43 * Math.cos(a), y: 50 - 41 * Math.sin(a) };
}

function slotPos(seat, n, v) {
  const a = (angle(place(seat, n, v), n) * Math.PI) / 180;
  const r = n === 2 ? 1.05 : n >= 5 ? 1.2 : 1;  // 2 players: the cards stay clear of both hands
  return { x: 50 + 16 * r * Math.cos(a), y: 50 - 17 * r * Math.sin(a) };
}

function face(code, style, cls = "") {
  return `<div class="card ${cls}" data-card="${code}" role="img" aria-label="${cardName(code)}">${cardFace(code, style)}</div>`;
}

let backStyle = "napoletane";

function back(cls = "") {
  return `<div class="card back ${cls}">${cardBack(backStyle)}</div>`;
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
  const away = dm.away.includes(seat);  // online: the guest is gone, the computer plays his seat
  if (away) tags.push(t("away_tag"));
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
  return `<section class="seat${edge}" data-seat="${seat}"${awayAttr} style="--x:${x.toFixed(1)}%;--y:${y.toFixed(1)}%">
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
    const words = up ? t("trump_card", { card: cardName(dm.trump) }) : dm.trumpSuit ? t("trump", { suit: t(`suit_${dm.trumpSuit}`) }) : "";
    const suit = words ? `<span class="trump-suit">${words}</span>` : "";
    parts.push(`<div class="stock" data-stock="${dm.stock}"><div class="stock-cards">${trump}${stockBacks}${count}</div>${suit}</div>`);
  } else if (dm.trumpSuit) {
    parts.push(`<div class="stock"><span class="trump-suit">${t("trump", { suit: t(`suit_${dm.trumpSuit}`) })}</span></div>`);
  }
  const n = dm.players;
  const trick = dm.trick.map(({ seat, code }, i) => {
    const { x, y } = slotPos(seat, n, dm.viewer);
    return `<div class="slot" style="--x:${x.toFixed(1)}%;--y:${y.toFixed(1)}%;z-index:${i + 1}">${face(code, dm.style, "played")}</div>`;
  }).join("");
  const ph = dm.placeholder ? placeholderHtml(n, dm.selected, dm.viewer) : "";
  parts.push(`<div class="trick" role="group" aria-label="${t("table")}">${trick}${ph}</div>`);
  return parts;  // one element each (render's fill)
}

/** The slot where a selected card goes: a semi-transparent copy of that card shows what a tap
 * there will play (seed 000's "carta semitrasparente"). */
function placeholderHtml(n, selected, v) {
  const at = slotPos(v.seat, n, v);
  return `<button type="button" class="slot placeholder" data-role="placeholder" aria-label="${t("placeholder")}" style="--x:${at.x.toFixed(1)}%;--y:${at.y.toFixed(1)}%">${ghost(selected)}</button>`;
}

let tapHint = null;  // the card raised by a tap whose placeholder says "Tocca di nuovo per giocarla" (input.js)

function ghost(code) {
  if (!code) return "";
  const hint = code === tapHint ? `<span class="tap-hint" data-tap-hint>${t("tap_again")}</span>` : "";
  return `<span class="ghost" data-ghost="${code}">${cardFace(code, backStyle)}</span>${hint}`;
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
export function showSelection(selected, placeholder, players) {
  for (const el of document.querySelectorAll("#my-hand .hand-card")) {
    const on = el.dataset.card === selected;
    el.classList.toggle("selected", on);
    if (el.getAttribute("aria-pressed") !== String(on)) el.setAttribute("aria-pressed", String(on));
  }
  const trick = felt().querySelector(".trick");
  const ph = trick?.querySelector("[data-role=placeholder]");
  if (placeholder && !ph && trick) {
    trick.insertAdjacentHTML("beforeend", placeholderHtml(players, selected, shown));
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
  backStyle = dm.style;
  shown = dm.viewer;
  if (dm.selected !== tapHint) tapHint = null;
  const root = felt();
  fill(root, [...Array.from({ length: dm.players }, (_, s) => seatHtml(dm, s)), ...centerHtml(dm)]);
  root.dataset.players = dm.players;  // after fill: a write of render's own is not a touch (settle)
  const hand = document.getElementById("my-hand");
  fill(hand, handHtml(dm));
  hand.dataset.count = dm.hands[dm.viewer.seat].length;
  const played = document.getElementById("played");
  fill(played, dm.playedShown && dm.played.length
    ? [`<span class="label">${t("played_cards")}</span>`, ...dm.played.map((c) => face(c, dm.style, "tiny"))] : []);
  played.hidden = !dm.playedShown || !dm.played.length;
  if (focused) hand.querySelector(`[data-card="${focused}"]`)?.focus({ preventScroll: true });
  drawTurn(dm.toMove, dm.viewer);
  clearSlots();
  settle();
}

/** The turn line says who moves now, from the same model as the felt: while a card is on its way
 * (toMove null) it says nothing, so "Tocca a te" never stays over cards already played. */
function drawTurn(toMove, v) {
  const el = document.getElementById("turn");
  if (!el) return;
  const text = toMove === v.seat ? t("your_turn") : toMove != null ? t("thinking", { name: nameOf(v, toMove) }) : "";
  if (el.textContent !== text) el.textContent = text;
}

// What a card on the table must not cover: the seats' names, hands and piles, and the stock.
const OBSTACLES = ".seat-label, .seat .hand .card, .seat .pile:not(.empty) .card, .seat .pile .count, .stock .card, .stock .count, .stock .trump-suit";

function hits(r, boxes, dx, dy) {
  return boxes.some((b) => r.left + dx < b.right - 1 && b.left < r.right + dx - 1 && r.top + dy < b.bottom - 1 && b.top < r.bottom + dy - 1);
}

/** Move each card of the trick by the least that makes it cover nothing else, toward the middle
 * of the felt first: on a narrow phone the side seats' names reach the slots, placed in percent. */
export function clearSlots() {
  const root = felt();
  const slots = root.querySelectorAll(".trick .slot");
  if (!slots.length) return;
  const boxes = [...root.querySelectorAll(OBSTACLES)].map((e) => e.getBoundingClientRect()).filter((b) => b.width && b.height);
  const f = root.getBoundingClientRect();
  for (const slot of slots) {
    slot.style.removeProperty("--dx");
    slot.style.removeProperty("--dy");
    const r = slot.getBoundingClientRect();
    if (!r.width || !hits(r, boxes, 0, 0)) continue;
    const vx = f.left + f.width / 2 - (r.left + r.width / 2), vy = f.top + f.height / 2 - (r.top + r.height / 2);
    const len = Math.hypot(vx, vy) || 1;
    const ways = [[vx / len, vy / len], [0, -1], [0, 1], [-1, 0], [1, 0], [-0.7, -0.7], [0.7, -0.7], [-0.7, 0.7], [0.7, 0.7]];
    const inside = (dx, dy) => r.left + dx >= f.left && r.right + dx <= f.right && r.top + dy >= f.top && r.bottom + dy <= f.bottom;
    const move = (() => {
      for (let d = 2; d <= r.width * 1.5; d += 2) {
        for (const [ux, uy] of ways) {
          if (inside(ux * d, uy * d) && !hits(r, boxes, ux * d, uy * d)) return [ux * d, uy * d];
        }
      }
      return null;
    })();
    if (move) {
      slot.style.setProperty("--dx", `${move[0].toFixed(1)}px`);
      slot.style.setProperty("--dy", `${move[1].toFixed(1)}px`);
    }
  }
}

/** A tap on a seat's name cut short on the felt (a long name on a phone: app.css) says it whole. */
function sayWholeName(e) {
  const el = e.target.closest?.(".seat-label .name");
  if (el && el.scrollWidth > el.clientWidth) notice(el.textContent, "info", { effect: null });
}
felt().addEventListener("click", sayWholeName);

// The felt's size changes after a render too (the turn line, a panel, the window): slide again then.
if (typeof ResizeObserver === "function") new ResizeObserver(() => clearSlots()).observe(felt());
else window.addEventListener("resize", () => requestAnimationFrame(clearSlots));

/** Where a seat's cards come from or go to on screen (for animations), at the table last drawn. */
export function seatRect(seat) {
  if (seat === shown.seat) return document.getElementById("my-hand").getBoundingClientRect();
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
