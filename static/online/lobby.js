// The online table's lobby screen (UI-CONTRACT "Online tables"): the invite (share sheet, link, QR
// code), the seats and who sits in them, a status line, what to try when nobody connects, and the
// way out. It draws what online.js tells it; it decides nothing about who gets which seat.
import { esc } from "../dom/html.js";
import { t } from "../strings/i18n.js";
import { cleanName } from "../table/pnp.js";

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

let cancelShown = null;  // what the lobby's cancel button does, while the lobby is drawn with one

/** The lobby's way out, as its cancel button takes it (the back button: app.js); false if it has none. */
export function cancelLobby() {
  if (typeof cancelShown !== "function" || $("lobby")?.hidden !== false) return false;
  cancelShown();
  return true;
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

/** A fair table's computer seat: whose phone reads its cards and plays it (`from`, a person's seat). */
function fromText(from, mine, seats) {
  const name = typeof seats[from]?.name === "string" ? cleanName(seats[from].name) : "";
  if (from === mine) return t("fair_lobby_from_you");
  if (name) return t("fair_lobby_from", { name });
  return from === 0 ? t("fair_lobby_from_host") : t("fair_lobby_from_seat", { n: from + 1 });
}

/** One seat: its number, who sits there (a name when known) and how that seat is doing. */
function seatLine(s, mine, seats) {
  const name = typeof s.name === "string" ? cleanName(s.name) : "";
  let who, what;
  if (s.kind === "computer") {
    [who, what] = [t("ol_computer"), t("ol_level", { level: t(`l_${s.level}`) })];
    if (Number.isInteger(s.from)) what = `${what} · ${fromText(s.from, mine, seats)}`;
  } else if (!s.taken) [who, what] = [t("ol_free"), t("ol_free_wait")];
  else {
    if (s.seat === mine) who = name ? t("ol_you_named", { name }) : t("ol_you");
    else who = name || t(s.kind === "host" ? "ol_host" : "ol_guest");
    if (s.kind === "host" && s.seat === mine) what = t("ol_opened_you");
    else if (s.kind === "host") what = t(name ? "ol_opened" : "ol_here");  // no name: "who" says it already
    else what = t(!s.connected ? "ol_gone" : s.how === "relay" ? "ol_here_relay" : s.how === "direct" ? "ol_here_direct" : "ol_here");
  }
  const free = s.kind !== "computer" && !s.taken;
  const how = s.kind === "person" && s.connected && (s.how === "direct" || s.how === "relay") ? ` data-how="${s.how}"` : "";
  const from = s.kind === "computer" && Number.isInteger(s.from) ? ` data-from="${s.from}"` : "";
  return `<li data-lobby-seat="${s.seat}" data-taken="${!!s.taken}"${how}${from}${free ? ' class="free"' : ""}>`
    + `<span class="seat-n">${esc(t("ol_seat", { n: s.seat + 1 }))}</span>`
    + `<span class="seat-who">${esc(who)}</span><span class="seat-what">${esc(what)}</span></li>`;
}

/** The invite: the system's share sheet where the device has one, the link to copy, the QR code. */
function inviteHtml(invite, qr) {
  const share = typeof navigator.share === "function"
    ? `<button type="button" class="primary" id="btn-share-invite">${esc(t("ol_share"))}</button>` : "";
  return `<p>${esc(t("ol_invite"))}</p>
    <p class="invite"><a data-invite href="${esc(invite)}">${esc(invite)}</a></p>
    <p class="invite-actions">${share}<button type="button" id="btn-copy-invite">${esc(t("ol_copy"))}</button></p>
    ${qr ? `<div class="invite-qr" role="img" aria-label="${esc(t("ol_qr_label"))}">${qr}</div>` : ""}`;
}

/** At a table that seats people by name (a club's fixture): whose invite is shown, each free seat's
 * person to pick (his own link: it seats him where his pair plays). */
function pickHtml({ seats, pick }) {
  const options = seats.map((s) => `<option value="${s.seat}"${s.seat === pick ? " selected" : ""}>`
    + `${esc(t("ol_invite_for", { name: cleanName(s.name) || t("ol_seat", { n: s.seat + 1 }), n: s.seat + 1 }))}</option>`).join("");
  return `<label class="field lobby-pick"><span>${esc(t("ol_invite_pick"))}</span><select id="lobby-invite-for">${options}</select></label>`;
}

/** Why nobody connects yet, and what to try: said plainly instead of waiting on forever. */
function troubleHtml() {
  const tips = ["ol_trouble_wifi", "ol_trouble_other", "ol_trouble_turn", "ol_trouble_local"];
  return `<div class="lobby-trouble" id="lobby-trouble"><h2>${esc(t("ol_trouble_title"))}</h2>
    <p>${esc(t("ol_trouble_why"))}</p><ul>${tips.map((k) => `<li>${esc(t(k))}</li>`).join("")}</ul>
    <p>${esc(t("ol_trouble_still"))}</p></div>`;
}

function wireInvite(el, app, invite) {
  el.querySelector("#btn-share-invite")?.addEventListener("click", () => {
    // Closing the sheet without sharing rejects (AbortError): nothing to say.
    navigator.share({ title: t("ol_title"), text: t("ol_share_text"), url: invite }).catch(() => {});
  });
  el.querySelector("#btn-copy-invite")?.addEventListener("click", () => {
    const pick = () => getSelection()?.selectAllChildren(el.querySelector("a[data-invite]"));  // copy it by hand
    if (!navigator.clipboard) { pick(); return; }
    navigator.clipboard.writeText(invite).then(() => app.notice(() => t("ol_copied"), "info"), pick);
  });
}

/** Draw the lobby (host and guest alike). `app`: {setScreen, notice}; `fair`: a fair table (the
 * lobby says what that promises, docs/fair-deal.md); `invites` (a table that seats
 * people by name): {seats: [{seat, name}] free, pick, onPick(seat)}; seats: [{seat, kind:
 * "host"|"person"|"computer", taken, connected, how? ("direct" | "relay": how that person reaches the
 * host), name?, level}]; `invite` (the host's page) the link
 * to send; `onCancel` what the cancel button does (no button without it); `trouble`: no peer
 * connection has formed for a while, so the page says why and what to try. */
export function drawLobby(app, { seats, invite = null, invites = null, qr = "", mine = null, status = "", onCancel = null, trouble = false, fair = false }) {
  const el = lobbySection();
  const focused = el.contains(document.activeElement) ? document.activeElement.id : "";  // redraws keep the focus
  const cancel = typeof onCancel === "function";
  cancelShown = cancel ? onCancel : null;
  el.innerHTML = `<div class="setup-body"><h1>${esc(t("ol_title"))}</h1>
    ${fair ? `<p class="lobby-fair" data-fair>${esc(t("fair_lobby_promise"))}</p>` : ""}
    ${invites?.seats.length ? pickHtml(invites) : ""}
    ${invite ? inviteHtml(invite, qr) : ""}
    ${mine !== null && !invite ? `<p id="lobby-seat">${esc(t("ol_your_seat", { n: mine + 1 }))}</p>` : ""}
    ${seats.length ? `<h2>${esc(t("ol_seats"))}</h2><ul class="lobby-seats">${seats.map((s) => seatLine(s, mine, seats)).join("")}</ul>` : ""}
    <p id="lobby-status" aria-live="polite">${esc(status)}</p>
    ${trouble ? troubleHtml() : ""}</div>
    ${cancel ? `<div class="start-bar"><button type="button" id="btn-lobby-cancel">${esc(t("ol_cancel"))}</button></div>` : ""}`;
  if (invite) wireInvite(el, app, invite);
  el.querySelector("#lobby-invite-for")?.addEventListener("change", (e) => invites.onPick(Number(e.target.value)));
  if (cancel) el.querySelector("#btn-lobby-cancel").addEventListener("click", () => onCancel());
  app.setScreen("lobby");
  if (focused) document.getElementById(focused)?.focus({ preventScroll: true });
}
