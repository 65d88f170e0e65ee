// The controls that are not cards: the chiamata auction (bids, pass, raise with the 2), the suit
// of the called card, and the Brisca trump exchange. They show only the engine's legal actions.
// The auction stays the same height however long it runs: each seat's last call is written on
// its name on the felt, the panel says the highest call, and the whole list folds away.
import { cardFace } from "../decks/cards.js";
import { VARIANTS } from "../engine/rules-data.js";
import { cardName, t, theCard } from "../strings/i18n.js";
import { cutClick, cutPanel, wireCut } from "./rituals.js";
import { seatName, viewerOf } from "./viewer.js";

const RANK_ORDER = VARIANTS.chiamata.order;  // the bids' buttons, highest rank first

/** A call as the table hears it: "il tre", "il due a 65", "passa" (the controls' own words). */
export function callWords(c) {
  if (c.pass) return t("passed");
  return c.points ? t("bid_2_points", { points: c.points }) : t(`bid_${c.bid}`);
}

function auctionHead(v, viewer) {
  const calls = v.auction || [];
  const best = [...calls].reverse().find((c) => !c.pass);
  const top = !best ? t("auction_none") : best.seat === viewer.seat ? t("auction_best_you", { bid: callWords(best) })
    : t("auction_best", { name: seatName(viewer, best.seat), bid: callWords(best) });
  if (!calls.length) return `<p class="auction-top"><b>${t("auction")}</b> · ${top}</p>`;
  const items = calls.map((c) => `<li><b>${seatName(viewer, c.seat)}</b>: ${callWords(c)}</li>`).join("");
  return `<details class="auction-log"><summary><b>${t("auction")}</b> · ${top}</summary>`
    + `<ol aria-label="${t("auction_all")}">${items}</ol></details>`;
}

/** During the auction each seat's label shows its last call instead of its (still zero) points. */
function markCalls(v) {
  if (v.phase !== "auction" && v.phase !== "call") return;
  const last = {};
  for (const c of v.auction || []) last[c.seat] = c;
  for (const [seat, c] of Object.entries(last)) {
    const pts = document.querySelector(`#felt .seat[data-seat="${seat}"] .pts`);
    if (!pts) continue;
    pts.textContent = callWords(c);
    pts.classList.add("call");
    pts.classList.toggle("passed", !!c.pass);
    pts.removeAttribute("title");
  }
}

/** The contract during play and at the end: "Giocatore 3 chiama il Due di coppe: gli servono 73 punti". */
export function contractText(st) {
  const v = st.view;
  const target = st.contract?.target ?? st.deal_result?.target;
  if (v.caller == null || !v.called || target == null) return "";
  const card = theCard(v.called), viewer = viewerOf(st);
  return v.caller === viewer.seat ? t("contract_you", { card, target }) : t("contract", { name: seatName(viewer, v.caller), card, target });
}

function chiamataInfo(st) {
  const v = st.view;
  if (v.variant !== "chiamata" || !v.called) return "";
  const bits = [contractText(st), v.trump_suit ? t("trump", { suit: t(`suit_${v.trump_suit}`) }) : ""];
  const viewer = viewerOf(st), me = viewer.seat;
  if (v.partner != null) {
    if (v.partner === v.caller) bits.push(v.caller === me ? t("alone_you") : t("alone", { name: seatName(viewer, v.caller) }));
    else bits.push(v.partner === me ? t("partner_you") : t("partner_is", { name: seatName(viewer, v.partner) }));
  }
  return `<p class="called">${bits.filter(Boolean).join(" · ")}</p>`;
}

function bidControls(legal) {
  const ranks = legal.filter((a) => a.bid && a.points == null).sort((a, b) => RANK_ORDER.indexOf(a.bid) - RANK_ORDER.indexOf(b.bid));
  const raises = legal.filter((a) => a.bid && a.points != null).map((a) => a.points);
  let body = "";
  if (ranks.length) {
    body += `<div class="bids" role="group" aria-labelledby="bid-label"><span id="bid-label" class="bid-label">${t("bid_choose")}:</span>`
      + ranks.map((a) => `<button type="button" data-bid="${a.bid}">${t(`rank_${a.bid}`)}</button>`).join("") + "</div>";
  }
  body += `<div class="buttons raise-row">`;
  if (raises.length) {
    const lo = Math.min(...raises), hi = Math.max(...raises);
    const options = Array.from({ length: hi - lo + 1 }, (_, i) => `<option value="${lo + i}">${lo + i}</option>`).join("");
    body += `<label class="raise">${t("bid_points")} <select name="points">${options}</select></label><button type="button" data-raise>${t("bid_points_go")}</button>`;
  }
  if (legal.some((a) => a.pass)) body += `<button type="button" data-pass>${t("bid_pass")}</button>`;
  return `${body}</div>`;
}

/** Draw the panel for the current state; `onAct(action)` sends a record-syntax action. */
export function showPanel(st, { onAct }) {
  const panel = document.getElementById("panel");
  const v = st.view;
  const legal = v.legal || [];
  let body = "";
  markCalls(v);
  if (v.phase === "auction") {
    body += auctionHead(v, viewerOf(st));
    if (legal.length) body += bidControls(legal);
  } else if (v.phase === "call" && legal.length) {
    const best = [...v.auction].reverse().find((c) => c.bid);
    body += `<h2>${t("call_suit")}</h2><div class="buttons suits">`;
    body += legal.map((a) => {
      const code = `${best.bid}${a.suit}`;
      return `<button type="button" class="suit" data-suit="${a.suit}" aria-label="${cardName(code)}">${cardFace(code, document.documentElement.dataset.style || "napoletane")}<span>${t(`suit_${a.suit}`)}</span></button>`;
    }).join("");
    body += "</div>";
  } else if (v.phase === "exchange" && legal.length) {
    const ex = legal.filter((a) => a.exchange);
    body += `<div class="buttons">`;
    for (const a of ex) {
      body += `<p>${t("exchange_q", { card: theCard(a.exchange), trump: theCard(v.trump) })}</p>`;
      body += `<button type="button" class="primary" data-exchange="${a.exchange}">${t("exchange_do")}</button>`;
    }
    body += `<button type="button" data-draw>${t("exchange_skip")}</button></div>`;
  } else if (v.phase === "cut") {
    body = cutPanel(st, legal);
  } else {
    body = chiamataInfo(st);
  }
  if (panel.dataset.body === body) return;  // unchanged: keep focus and input values
  const open = panel.querySelector(".auction-log")?.open;
  panel.dataset.body = body;
  panel.innerHTML = body;
  panel.hidden = !body;
  if (open) panel.querySelector(".auction-log")?.setAttribute("open", "");
  // A decision to take: focus its first control unless the player is busy elsewhere (keyboard play).
  const active = document.activeElement;
  const first = panel.querySelector("input[type=range]") ?? panel.querySelector("button");
  if (legal.length && first && (!active || active === document.body || active.closest("#my-hand, #panel"))) {
    first.focus({ preventScroll: true });
  }
  wireCut(panel, onAct);
  panel.onclick = (e) => {
    const b = e.target.closest("button");
    if (!b || cutClick(b, panel, onAct)) return;
    if (b.dataset.bid) onAct({ bid: b.dataset.bid });
    else if (b.hasAttribute("data-raise")) onAct({ bid: "2", points: Number(panel.querySelector("[name=points]").value) });
    else if (b.hasAttribute("data-pass")) onAct({ pass: true });
    else if (b.dataset.suit) onAct({ suit: b.dataset.suit });
    else if (b.dataset.exchange) onAct({ exchange: b.dataset.exchange, seat: v.seat ?? 0 });
    else if (b.hasAttribute("data-draw")) onAct({ draw: true });
  };
}

/** Empty the panel: the next person's is drawn afresh (the auction list folded, nothing chosen). */
export function clearPanel() {
  const panel = document.getElementById("panel");
  panel.replaceChildren();
  panel.dataset.body = "";
  panel.hidden = true;
}

/** The notice after a Brisca exchange: "Hai scambiato il Sette di denari con il Re di denari"
 * (`viewer`: viewer.js). */
export function exchangedText(viewer, seat, gave, took) {
  const params = { gave: cardName(gave), took: cardName(took) };
  return seat === viewer.seat ? t("exchanged_you", params) : t("exchanged", { name: seatName(viewer, seat), ...params });
}
