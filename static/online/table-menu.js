// What an online table adds to the table screen: its buttons in the table's menu, and the lines
// that sum the match up when the table ends.
import { t } from "../strings/i18n.js";
import { seatName, viewerOf } from "../table/viewer.js";

const $ = (id) => document.getElementById(id);

/**
 * The menu's online buttons, after "Abbandona": "Chiudi il tavolo" (`close`, the host's) or "Lascia
 * il tavolo" (`leave`, a guest's); the host's "Fai rientrare" (`readmit`) while a guest's seat is
 * played by the computer; the guest's "Su un altro dispositivo" (`moveSeat`). Each is an action, or
 * absent when the button is not there.
 */
export function showTableButtons({ close = null, leave = null, readmit = null, moveSeat = null } = {}) {
  tableButton("btn-table-online", close ?? leave, t(close ? "ol_close" : "ol_leave"));
  tableButton("btn-readmit", readmit, t("ol_readmit"));
  tableButton("btn-other-device", moveSeat, t("ol_move"));
}

function tableButton(id, action, label) {
  const old = $(id);
  if (!action) { old?.remove(); return; }
  if (old) { old.textContent = label; return; }
  const btn = Object.assign(document.createElement("button"), { type: "button", id, textContent: label });
  btn.addEventListener("click", action);
  ($("btn-table-online") ?? $("btn-abandon"))?.after(btn);
}

/** The match so far, in a line or two (for the end of the table). */
export function soFar(st) {
  const m = st?.match;
  if (!m) return [];
  const lines = [t("ol_deals_so_far", { n: m.deals_played ?? 0 })];
  const totals = m.scores ?? m.points;
  const viewer = viewerOf(st);
  if (totals?.length) lines.push(t("ol_so_far", { list: m.sides.map((s, i) => `${s.map((seat) => seatName(viewer, seat)).join(" + ")} ${totals[i]}`).join(", ") }));
  return lines;
}
