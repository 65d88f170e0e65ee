// The online table's lobby screen (UI-CONTRACT "Online tables"): the invite (link, QR code), the
// seats and who sits in them, and a status line. It draws what online.js tells it; it decides
// nothing about who gets which seat.
import { esc } from "./html.js";
import { t } from "./i18n.js";
import { cleanName } from "./pnp.js";

const $ = (id) => document.getElementById(id);

/** The lobby's section (made on first use, beside the app's other screens). */
export function lobbySection() {
  let el = $("lobby");
  if (!el) {
    el = document.createElement("section");
    el.id = "lobby";
    el.className = "screen setup lobby";
    el.hidden = true;
    $("app").append(el);
  }
  return el;
}

/** Show or hide the lobby with the app's screens (app.js setScreen). */
export function showOnlineSection(name) {
  const el = $("lobby");
  if (el) el.hidden = name !== "lobby";
}

/** The QR code of `text` as SVG markup, or "" (no QR code without the transport module: the link is there). */
export async function qrSvg(text) {
  try {
    const mod = await import("./net.js");
    return typeof mod.qrSvg === "function" ? await mod.qrSvg(text) : "";
  } catch {
    return "";
  }
}

function seatLine(s, mine) {
  let what;
  if (s.kind === "computer") what = t("ol_seat_computer", { level: t(`l_${s.level}`) });
  else if (s.seat === mine) what = t(s.kind === "host" ? "ol_seat_host" : "ol_seat_me");
  else if (s.kind === "host") what = t("ol_seat_host_other");
  else what = !s.taken ? t("ol_seat_free") : s.connected ? t("ol_seat_joined") : t("ol_seat_gone");
  const who = typeof s.name === "string" && s.name ? ` · ${cleanName(s.name)}` : "";
  return `<li data-lobby-seat="${s.seat}" data-taken="${!!s.taken}">${esc(t("ol_seat", { n: s.seat + 1 }) + who)}: ${esc(what)}</li>`;
}

/** Draw the lobby. `app`: {setScreen, notice}; seats: [{seat, kind: "host"|"person"|"computer",
 * taken, connected, name?, level}]; `invite` (the host's page) the link to send. */
export function drawLobby(app, { seats, invite = null, qr = "", mine = null, status = "" }) {
  const el = lobbySection();
  el.innerHTML = `<div class="setup-body"><h1>${esc(t("ol_title"))}</h1>
    ${invite ? `<p>${esc(t("ol_invite"))}</p>
      <p class="invite"><a data-invite href="${esc(invite)}">${esc(invite)}</a></p>
      <p><button type="button" id="btn-copy-invite">${esc(t("ol_copy"))}</button></p>
      ${qr ? `<div class="invite-qr" role="img" aria-label="${esc(t("ol_qr_label"))}">${qr}</div>` : ""}` : ""}
    ${mine !== null && !invite ? `<p id="lobby-seat">${esc(t("ol_your_seat", { n: mine + 1 }))}</p>` : ""}
    ${seats.length ? `<h2>${esc(t("ol_seats"))}</h2><ul class="lobby-seats">${seats.map((s) => seatLine(s, mine)).join("")}</ul>` : ""}
    <p id="lobby-status" aria-live="polite">${esc(status)}</p></div>`;
  el.querySelector("#btn-copy-invite")?.addEventListener("click", () => {
    navigator.clipboard?.writeText(invite).then(() => app.notice(() => t("ol_copied"), "info"), () => {});
  });
  app.setScreen("lobby");
}
