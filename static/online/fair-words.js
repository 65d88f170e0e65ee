// A fair table's words at the table and in the lobby (docs/fair-deal.md): who plays the computer's
// seats ("Giulia: il computer gioca dal telefono di Anna"), a deal that does not add up with its
// culprit named ("La smazzata non torna: Anna ha mostrato una carta che non aveva"), a person who
// did not come back, a person watching a deal the computer plays for him. From the engine's state
// (`fair.plays`, the names) and a fault ({seat, why}: page.js's, check.js's or the engine's
// deal_mismatch); no rule decided here.
import { FAIR_PAGES } from "../engine/rules-data.js";
import { t } from "../strings/i18n.js";
import { plainName, viewerOf } from "../table/viewer.js";

// The faults a page, the end-of-deal check or the engine names (docs/fair-deal.md, "What every page checks").
const WHY = new Set(["bad_message", "replayed", "false_key", "repeated_card", "false_shuffle", "false_share", "false_show",
  "not_held", "unread", "illegal", "not_his", "not_awaited", "false_complaint", "no_reveal", "no_shuffle"]);

/** "La smazzata non torna: …": `fault` {seat, why}, its seat a person's (the page that did it), or null. */
export function mismatchText(st, fault) {
  const named = WHY.has(fault?.why) && Number.isInteger(fault?.seat);
  const why = named ? t(`fair_why_${fault.why}`, { name: plainName(viewerOf(st), fault.seat) }) : t("fair_why_unknown");
  return t("fair_mismatch", { why });
}

/** One line for each seat the computer plays, saying whose phone plays it (none for a person's own seat). */
export function playsTexts(st) {
  const plays = st?.fair?.plays;
  if (!Array.isArray(plays)) return [];
  const viewer = viewerOf(st);
  return plays.flatMap((page, seat) => {
    if (page === seat) return [];
    const who = plainName(viewer, seat);
    return [page === viewer.seat ? t("fair_plays_you", { seat: who }) : t("fair_plays", { seat: who, name: plainName(viewer, page) })];
  });
}

/** The person at `seat` did not come back: the deal is dealt again with the computer in his seat. */
export const goneText = (st, seat) => t("fair_gone", { name: plainName(viewerOf(st), seat) });

/** This page's person watches the deal in play (the computer plays his seat on another page), or null. */
export function watchText(st) {
  const plays = st?.fair?.plays;
  return Array.isArray(plays) && st.status === "playing" && !plays.includes(viewerOf(st).seat) ? t("fair_watch") : null;
}

/**
 * Which person's page will play each seat of a fair table of `variant` for `players` whose people's
 * pages at the table are `present` (the host's, seat 0, always): the engine's word on who may play
 * each seat, in its order (briscola/fair_session.py seat_pages), the first present. Null for a table
 * the engine does not know.
 */
export function pagesFor(variant, players, present) {
  const pages = FAIR_PAGES[variant]?.[String(players)];
  return pages ? pages.map((may) => may.find((p) => p === 0 || present.includes(p)) ?? 0) : null;
}
