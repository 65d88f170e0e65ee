// The display model table.js draws, from the engine's state for its viewer (`view.seat`) and the page's own bits:
// the deck style, the selected or dragged card, and the cards the page takes a play for now.
import { viewerOf } from "./viewer.js";

/** `st` is the engine's answer; `ui` = {style, selected, dragging, playable: Set of codes}. The
 * model's `viewer` is the seat it is drawn for (viewer.js). */
export function model(st, ui) {
  const v = st.view, n = v.players;
  const hands = Array.from({ length: n }, (_, s) => (s === (v.seat ?? 0) ? v.hand : v.hands?.[String(s)] ?? v.hand_sizes[s]));
  const piles = new Array(n).fill(0);
  for (const tr of v.tricks) piles[pileHolder(st, tr.winner)] += tr.cards.length;
  const teamOf = st.teams.length === 2 && n > 2 ? Object.fromEntries(st.teams.flatMap((team, i) => team.map((s) => [s, i]))) : null;
  const myTurnToPlay = (v.legal || []).some((a) => a.play);
  return {
    viewer: viewerOf(st), players: n, hands, piles, teamOf,
    trick: v.trick.map((code, i) => ({ seat: (v.leader + i) % n, code })),
    stock: v.stock, trump: v.trump, trumpSuit: v.trump_suit || (v.trump ? v.trump[1] : null),
    toMove: st.status === "playing" ? st.to_move : null,
    points: v.points, caller: v.caller, partner: v.partner,
    playedShown: !!v.options?.carte_viste, played: v.tricks.flatMap((tr) => tr.cards),
    teamPiles: !!st.team_piles, away: st.away ?? [], waited: waited(st), cutDeck: v.phase === "cut" && st.cut ? st.cut.cards : 0,
    playable: ui.playable, style: ui.style, selected: ui.selected,
    placeholder: !!(ui.selected || ui.dragging) && st.status === "playing" && (myTurnToPlay || v.phase === "play"),
  };
}

/** A fair table's away seats still played from their own page: the table waits for it (their
 * person's keys are there), nobody plays them yet (docs/fair-deal.md). */
const waited = (st) => (st.fair?.plays ? (st.away ?? []).filter((s) => st.fair.plays[s] === s) : []);

/** The seat whose pile a trick taken by `winner` goes to: Biscambiggia in teams keeps one pile per
 * team, held by the first of the team to take a trick (the engine's `team_piles`). */
export function pileHolder(st, winner) {
  const side = st.team_piles ? st.teams.findIndex((team) => team.includes(winner)) : -1;
  return side >= 0 ? st.team_piles[side] ?? winner : winner;
}

/** The hand without one card (a list of codes, or a count for a hidden hand). */
export function handMinus(hand, code) {
  return Array.isArray(hand) ? hand.filter((c) => c !== code) : Math.max(0, hand - 1);
}
