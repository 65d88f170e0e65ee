// The controls that are not cards: the chiamata auction (bids, pass, raise with the 2), the suit
// of the called card, and the Brisca trump exchange. They show only the engine's legal actions.
import { cardFace } from "./cards.js";
import { cardName, t } from "./i18n.js";
import { seatName } from "./table.js";

const RANK_ORDER = "A3KQJ76542";

function auctionLog(v) {
  if (!v.auction || !v.auction.length) return "";
  const items = v.auction.map((c) => `<li><b>${seatName(c.seat)}</b>: ${c.pass ? t("passed") : t("bid_rank", { rank: t(`rank_${c.bid}`) }) + (c.points ? ` ${c.points}` : "")}</li>`);
  return `<ol class="auction-log" aria-label="${t("auction")}">${items.join("")}</ol>`;
}

function chiamataInfo(st) {
  const v = st.view;
  if (v.variant !== "chiamata" || !v.called) return "";
  const target = st.deal_result?.target;
  const bits = [t("called_card", { card: cardName(v.called) })];
  if (v.caller != null) bits.unshift(`${seatName(v.caller)} ${t("caller_tag")}${target ? ` (${target})` : ""}`);
  if (v.partner != null) bits.push(v.partner === v.caller ? t("alone", { name: seatName(v.caller) }) : t("partner_is", { name: seatName(v.partner) }));
  return `<p class="called">${bits.join(" · ")}</p>`;
}

/** Draw the panel for the current state; `onAct(action)` sends a record-syntax action. */
export function showPanel(st, { onAct }) {
  const panel = document.getElementById("panel");
  const v = st.view;
  const legal = v.legal || [];
  let body = "";
  if (v.phase === "auction") {
    body += `<h2>${t("auction")}</h2>${auctionLog(v)}`;
    if (legal.length) {
      const ranks = legal.filter((a) => a.bid && a.points == null).sort((a, b) => RANK_ORDER.indexOf(a.bid) - RANK_ORDER.indexOf(b.bid));
      const raises = legal.filter((a) => a.bid && a.points != null).map((a) => a.points);
      body += `<p>${t("auction_you")}</p><div class="buttons">`;
      body += ranks.map((a) => `<button type="button" data-bid="${a.bid}">${t("bid_rank", { rank: t(`rank_${a.bid}`) })}</button>`).join("");
      if (raises.length) {
        const lo = Math.min(...raises), hi = Math.max(...raises);
        body += `<label class="raise">${t("bid_points")} <input type="number" name="points" min="${lo}" max="${hi}" value="${lo}"></label><button type="button" data-raise>${t("bid_points_go")}</button>`;
      }
      if (legal.some((a) => a.pass)) body += `<button type="button" data-pass>${t("bid_pass")}</button>`;
      body += "</div>";
    }
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
      body += `<p>${t("exchange_q", { card: cardName(a.exchange), trump: cardName(v.trump) })}</p>`;
      body += `<button type="button" class="primary" data-exchange="${a.exchange}">${t("exchange_do")}</button>`;
    }
    body += `<button type="button" data-draw>${t("exchange_skip")}</button></div>`;
  } else {
    body = chiamataInfo(st);
  }
  if (panel.dataset.body === body) return;  // unchanged: keep focus and input values
  panel.dataset.body = body;
  panel.innerHTML = body;
  panel.hidden = !body;
  // A decision to take: focus its first control unless the player is busy elsewhere (keyboard play).
  const active = document.activeElement;
  if (legal.length && panel.querySelector("button") && (!active || active === document.body || active.closest("#my-hand, #panel"))) {
    panel.querySelector("button").focus();
  }
  panel.onclick = (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    if (b.dataset.bid) onAct({ bid: b.dataset.bid });
    else if (b.hasAttribute("data-raise")) onAct({ bid: "2", points: Number(panel.querySelector("[name=points]").value) });
    else if (b.hasAttribute("data-pass")) onAct({ pass: true });
    else if (b.dataset.suit) onAct({ suit: b.dataset.suit });
    else if (b.dataset.exchange) onAct({ exchange: b.dataset.exchange, seat: 0 });
    else if (b.hasAttribute("data-draw")) onAct({ draw: true });
  };
}
