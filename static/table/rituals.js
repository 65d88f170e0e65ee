// The table's rituals on the page (issue 12, item 6; docs/rules.md "The rituals"): the cut — the
// panel where the player chooses where to cut, and a short animation of the deck parting, the
// lower part going on top — and the draw for seats, shown once at the start of the match. The
// engine decides everything (who cuts, the range, the draw); this file only draws what it says.
import { ms, speedFactor } from "./anim.js";
import { cardBack, cardFace } from "../decks/cards.js";
import { cardName, t } from "../strings/i18n.js";
import { seatName, viewerOf } from "./viewer.js";
import { closeModal, modalBox, openModal } from "../dom/modal.js";

const style = () => document.documentElement.dataset.style || "napoletane";

// ------------------------------------------------------------------ the cut

/** The panel's body during a deal's cut phase: the controls when the player cuts now (`legal`, the
 * engine's `{cut: N}` actions), else who is cutting. */
export function cutPanel(st, legal) {
  const cut = st.cut;
  if (!cut) return "";
  const ats = legal.filter((a) => a.cut != null).map((a) => a.cut);
  const viewer = viewerOf(st);
  if (cut.seat !== viewer.seat) return `<p class="cut-wait">${t("cut_waiting", { name: seatName(viewer, cut.seat) })}</p>`;
  if (!ats.length) return "";
  const lo = Math.min(...ats), hi = Math.max(...ats), mid = Math.round((lo + hi) / 2);
  return `<h2 id="cut-title">${t("cut_you")}</h2>
    <div class="cut-choose" data-cards="${cut.cards}">
      <button type="button" class="cut-step" data-cut-step="-1" aria-label="${t("cut_less")}">−</button>
      <input type="range" name="cut" min="${lo}" max="${hi}" step="1" value="${mid}" aria-labelledby="cut-title"
        aria-valuetext="${t("cut_lift_short", { n: mid })}">
      <button type="button" class="cut-step" data-cut-step="1" aria-label="${t("cut_more")}">+</button>
    </div>
    <p class="cut-says" aria-hidden="true">${t("cut_lift", { n: mid, rest: cut.cards - mid })}</p>
    <div class="buttons"><button type="button" class="primary" data-cut>${t("cut_do")}</button></div>`;
}

function sayLift(panel) {
  const range = panel.querySelector("input[name=cut]");
  if (!range) return;
  const n = Number(range.value), cards = Number(panel.querySelector(".cut-choose").dataset.cards);
  range.setAttribute("aria-valuetext", t("cut_lift_short", { n }));
  panel.querySelector(".cut-says").textContent = t("cut_lift", { n, rest: cards - n });
}

/** The cut panel's controls: the slider and its − / + buttons move the place, "Taglia qui" (or
 * Enter on the slider) cuts there. Returns whether `button` was one of them. */
export function cutClick(button, panel, onAct) {
  const range = panel.querySelector("input[name=cut]");
  if (!range) return false;
  if (button.dataset.cutStep) {
    range.value = String(Number(range.value) + Number(button.dataset.cutStep));
    sayLift(panel);
    return true;
  }
  if (!button.hasAttribute("data-cut")) return false;
  onAct({ cut: Number(range.value) });
  return true;
}

/** The slider's own events (its words follow it; Enter cuts). */
export function wireCut(panel, onAct) {
  panel.oninput = (e) => { if (e.target.name === "cut") sayLift(panel); };
  panel.onkeydown = (e) => {
    if (e.key !== "Enter" || e.target.name !== "cut") return;
    e.preventDefault();
    onAct({ cut: Number(e.target.value) });
  };
}

/** What the table hears after a cut, as `viewer` (viewer.js) hears it. */
export function cutText(viewer, played) {
  return played.seat === viewer.seat ? t("cut_done_you", { n: played.cut }) : t("cut_done", { name: seatName(viewer, played.seat), n: played.cut });
}

/** The deck parts: the lifted top packet slides aside, the lower part goes on top of it, and the
 * deck comes back whole. Nothing at the "istantanea" speed (or with reduced motion). */
export async function animateCut(at, cards) {
  const deck = document.querySelector("#felt .stock .stock-cards");
  const pile = deck?.querySelector(".stock-pile");
  const span = ms(900);
  if (!pile || !span) return;
  const r = pile.getBoundingClientRect();
  const packet = (n, z) => {
    const el = document.createElement("div");
    el.className = "cut-packet";
    el.innerHTML = `${cardBack(style())}<span class="count">${n}</span>`;
    Object.assign(el.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px`, zIndex: z });
    document.body.append(el);
    return el;
  };
  const lower = packet(cards - at, 40), upper = packet(at, 41);
  deck.style.visibility = "hidden";
  const dx = r.width * 1.15;
  const move = (el, frames) => el.animate(frames, { duration: span / 3, easing: "ease-in-out", fill: "forwards" }).finished.catch(() => {});
  try {
    await move(upper, [{ transform: "none" }, { transform: `translate(${dx}px, -6px)` }]);  // the top part lifted aside
    lower.style.zIndex = "42";
    await move(lower, [{ transform: "none" }, { transform: `translate(${dx}px, -10px)` }]);  // the lower part on top
    for (const count of [upper, lower].map((el) => el.querySelector(".count"))) count.hidden = true;  // whole again
    await Promise.all([move(upper, [{ transform: `translate(${dx}px, -6px)` }, { transform: "none" }]),
      move(lower, [{ transform: `translate(${dx}px, -10px)` }, { transform: "none" }])]);
  } finally {
    lower.remove();
    upper.remove();
    deck.style.visibility = "";
  }
}

// ------------------------------------------------------------------ the draw for seats

const AREAS = { 2: ["bottom", "top"], 3: ["bottom", "right", "left"], 4: ["bottom", "right", "top", "left"] };

function drawSeat(viewer, draw, seat, n, partner) {
  const cards = draw.rounds.map((round) => round.find((d) => d.seat === seat)?.card).filter(Boolean);
  const tags = [];
  if (seat === draw.dealer) tags.push(t("draw_dealer_tag"));
  if (seat === partner) tags.push(t("partner_tag"));
  const faces = cards.map((c, i) => `<div class="card${i ? " again" : ""}" data-card="${c}" role="img" aria-label="${cardName(c)}${i ? ` (${t("draw_again")})` : ""}">${cardFace(c, style())}</div>`).join("");
  return `<div class="draw-seat" data-seat="${seat}" style="grid-area:${AREAS[n]?.[(seat - viewer.seat + n) % n] ?? "auto"}">
    <span class="draw-name"><span class="name">${seatName(viewer, seat)}</span>${tags.map((x) => `<span class="tag">${x}</span>`).join("")}</span>
    <div class="draw-cards">${faces}</div></div>`;
}

let closing = null;  // closes the draw on screen, if any

/** Show the draw of `st.draw` (who drew what, who deals, who plays with whom) over the felt, until
 * the player closes it or it closes itself; resolves then. */
export function showDraw(st) {
  const draw = st.draw, n = st.view.players;
  closing?.();
  const viewer = viewerOf(st);
  const partner = n === 4 ? (viewer.seat + 2) % 4 : null;  // the draw seats the person's partner opposite him
  const lines = [n === 4 ? t("draw_rule") : "",
    draw.dealer === viewer.seat ? t("draw_dealer_you") : t("draw_dealer", { name: seatName(viewer, draw.dealer) }),
    partner != null ? t("draw_partner", { name: seatName(viewer, partner) }) : ""].filter(Boolean);
  const box = modalBox("draw-show", "draw-show veil", "draw-title");
  box.innerHTML = `<div class="draw-card"><h2 id="draw-title">${t("draw_title")}</h2>
    <div class="draw-grid" data-players="${n}">${Array.from({ length: n }, (_, s) => drawSeat(viewer, draw, s, n, partner)).join("")}</div>
    <div class="draw-words">${lines.map((l) => `<p>${l}</p>`).join("")}</div>
    <button type="button" class="primary" id="btn-draw-ok">${t("draw_start")}</button></div>`;
  document.body.append(box);  // not in #table: a modal inside a hidden screen would block an unseen page
  const button = box.querySelector("button");
  // Information, not motion: it stays readable at every speed (two seconds at the fastest).
  const life = Math.max(2000, 6000 * speedFactor());
  return new Promise((resolve) => {
    const close = () => {
      if (closing !== close) return;
      closing = null;
      closeModal(box);
      box.remove();
      resolve();
    };
    closing = close;
    button.addEventListener("click", close);
    openModal(box, { onEscape: close });
    button.focus({ preventScroll: true });
    setTimeout(close, life);
  });
}
