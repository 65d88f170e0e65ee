// The animations of one step of play, from the position on screen to the engine's next one: a card
// to its trick slot, a pause, the trick to the winner's pile, the draws from the stock, the Brisca
// exchange; and the deal itself. They only draw: the controller (turns.js) decides what happens and
// passes `ui`: {render(dm), model(st), draw(st), sound, say(viewer, seat, code), sayTrick(st), notice(text)}.
import { flyFrom, flyTo, pause } from "./anim.js";
import { handMinus, pileHolder } from "./model.js";
import { exchangedText } from "./panels.js";
import { animateCut, cutText, showDraw } from "./rituals.js";
import { pileRect, seatRect, stockRect, trumpRect } from "./table.js";
import { viewerOf } from "./viewer.js";

const still = { toMove: null, selected: null, placeholder: false };

function handCardRect(viewer, seat, code) {
  const sel = seat === viewer.seat ? `#my-hand [data-card="${code}"]` : `[data-hand="${seat}"] [data-card="${code}"]`;
  return document.querySelector(sel)?.getBoundingClientRect() ?? seatRect(seat);
}

/** Animate `played` (the engine's {seat, play|exchange|...}) from `prev` to `next`; ends with `next` drawn. */
export async function animateStep(prev, next, played, ui) {
  const n = prev.view.players;
  const seat = played.seat, viewer = viewerOf(prev);
  if (played.cut != null) {  // the deck parts, then the cards are dealt from the cut deck
    if (seat !== viewer.seat) ui.notice(() => cutText(viewer, played), "info", { effect: null });
    await animateCut(played.cut, prev.cut?.cards ?? 40);
    await animateDeal(next, ui);
    return;
  }
  if (played.play) {
    const code = played.play;
    const from = handCardRect(viewer, seat, code);
    const completed = next.view.tricks.length > prev.view.tricks.length;
    const last = next.view.tricks[next.view.tricks.length - 1];
    const before = ui.model(prev);
    const hands = before.hands.map((h, s) => (s === seat ? handMinus(h, code) : h));
    const trick = completed ? last.cards.map((c, i) => ({ seat: (last.leader + i) % n, code: c }))
      : next.view.trick.map((c, i) => ({ seat: (next.view.leader + i) % n, code: c }));
    ui.render({ ...before, ...still, hands, trick });
    ui.sound.play("play");
    ui.say(viewer, seat, code);
    await flyFrom(document.querySelector(`.trick [data-card="${code}"]`), from, 320);
    if (completed) {
      ui.sayTrick(next);
      await pause(750);
      ui.sound.play("collect");
      const to = pileRect(pileHolder(next, last.winner));
      await Promise.all([...document.querySelectorAll(".trick .card")].map((el, i) => flyTo(el, to, 380, i * 40)));
      ui.render({ ...before, ...still, hands, trick: [], piles: ui.model(next).piles });
    }
  }
  await animateDraws(prev, next, played, ui);
}

async function animateDraws(prev, next, played, ui) {
  const viewer = viewerOf(next);
  const shownHands = [...document.querySelectorAll("#my-hand .hand-card")].map((el) => el.dataset.card);
  const oldCounts = Array.from({ length: next.view.players }, (_, s) => (s === viewer.seat ? shownHands.length
    : document.querySelectorAll(`[data-hand="${s}"] .card`).length));
  const stock = stockRect(), trump = trumpRect(), oldTrump = prev.view.trump;
  const exchangeFrom = played.exchange ? seatRect(played.seat) : null;
  ui.draw(next);
  const moves = [];
  if (played.exchange) {
    moves.push(flyFrom(document.querySelector(".stock .trump"), exchangeFrom, 420));
    // The engine's record of the exchange says what was taken: the position drawn before may show no
    // face-up card (seen at a fair table's Brisca, test_fair_shapes: its cause not found yet).
    const swap = next.view.exchanges?.at(-1);
    const took = swap?.seat === played.seat && swap.gave === played.exchange ? swap.took : oldTrump;
    if (took) ui.notice(() => exchangedText(viewer, played.seat, played.exchange, took), "info", { effect: "exchange" });
  }
  let k = 0;
  for (const el of document.querySelectorAll("#my-hand .hand-card")) {
    if (!shownHands.includes(el.dataset.card)) {
      moves.push(flyFrom(el, el.dataset.card === oldTrump && next.view.stock === 0 ? trump : stock, 300, 90 * k++));
    }
  }
  for (let s = 0; s < next.view.players; s++) {
    if (s === viewer.seat) continue;
    const cards = [...document.querySelectorAll(`[data-hand="${s}"] .card`)];
    for (const el of cards.slice(oldCounts[s])) moves.push(flyFrom(el, stock, 300, 90 * k++));
  }
  if (moves.length > (played.exchange ? 1 : 0)) ui.sound.play("draw");
  await Promise.all(moves);
}

/** Deal `st`'s hands from the stock, one card at a time in dealing order; `st` is drawn first. */
export async function animateDeal(st, ui) {
  if (st.draw && st.deal_index === 0 && (st.view.phase === "cut" || !st.format.cut)) {
    // The match's start (before the cut, if any): the table empty, the players' draw shown over it.
    const dm = ui.model(st);
    ui.render({ ...dm, hands: dm.hands.map((h) => (Array.isArray(h) ? [] : 0)), toMove: null });
    await showDraw(st);
  }
  ui.draw(st);
  if (st.view.phase === "cut") return;  // nothing is dealt before the cut: the deck waits beside the table
  const from = stockRect();
  const n = st.view.players;
  const moves = [];
  const mine = [...document.querySelectorAll("#my-hand .hand-card")];
  const others = Array.from({ length: n }, (_, s) => [...document.querySelectorAll(`[data-hand="${s}"] .card`)]);
  const rounds = Math.max(mine.length, ...others.map((o) => o.length));
  let k = 0;
  for (let r = 0; r < rounds; r++) {
    for (let i = 1; i <= n; i++) {
      const s = (st.view.dealer + i) % n;
      const el = s === viewerOf(st).seat ? mine[r] : others[s][r];
      if (el) moves.push(flyFrom(el, from, 260, 60 * k++));
    }
  }
  ui.sound.play("draw");
  await Promise.all(moves);
}
