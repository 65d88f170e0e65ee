// The setup's online table (issue 20): where the people play ("on this device" is pass-and-play,
// pnp.js; "online" opens a table they join by an invite), which seats are people online, and an
// optional TURN server kept on this device, for networks where two devices never reach each other
// directly. app.js hands hostLink's answer to online.js openHost; the host decides nothing else here.
import { esc } from "../dom/html.js";
import { t } from "../strings/i18n.js";
import { nameField } from "../table/pnp.js";
import { loadTurn as loadStoredTurn, saveTurn } from "../storage/storage.js";

// A TURN server's URL (RFC 7065): turn:host[:port][?transport=udp|tcp], turns: likewise.
const TURN_URL = /^turns?:[\w.\-[\]:]{1,200}(\?transport=(udp|tcp))?$/i;
const LOGIN = /^[^\u0000-\u001f\u007f]{1,256}$/;  // a user name or a password, as typed

const SEATS = 6;

/** The remembered choices of where the people play: "device" (pass-and-play) or "online", and who
 * plays each seat online (`online_<s>`: a person unless the computer was chosen: whoever opens an
 * online table means to play with people). */
export function vetWhere(c) {
  const out = { where: c.where === "online" ? "online" : "device" };
  for (let s = 1; s < SEATS; s++) out[`online_${s}`] = c[`online_${s}`] === "computer" ? "computer" : "person";
  return out;
}

/** The seats online for people, the host's (0) first; never the host alone (fewer players than before
 * may have left only the computer's seats: then seat 2 is a person's, as the form shows it). */
function onlinePeople(c) {
  const people = Array.from({ length: c.players }, (_, s) => s).filter((s) => s === 0 || c[`online_${s}`] !== "computer");
  return people.length > 1 || c.players < 2 ? people : [0, 1];
}

/** The select "Dove si gioca": its "online" option leads to the lobby (UI-CONTRACT). */
export function whereField(c) {
  const options = [["device", t("os_here")], ["online", t("os_online")]]
    .map(([v, text]) => `<option value="${v}"${v === c.where ? " selected" : ""}>${esc(text)}</option>`).join("");
  return `<div class="grid where"><label class="field"><span>${esc(t("os_where"))}</span>`
    + `<select name="where">${options}</select></label></div>`;
}

function seatRow(c, s, people) {
  if (s === 0) return `<div class="pnp-seat" data-online-seat="0"><span class="pnp-who">${esc(t("os_seat_you"))}</span>${nameField(c, 0)}</div>`;
  const person = people.includes(s);
  // The last person's seat cannot go to the computer: the form never offers a table it would refuse.
  const last = person && people.length === 2;
  const options = [["computer", t("pnp_computer")], ["person", t("os_person")]]
    .map(([v, text]) => `<option value="${v}"${(v === "person") === person ? " selected" : ""}${v === "computer" && last ? " disabled" : ""}>${esc(text)}</option>`).join("");
  return `<div class="pnp-seat" data-online-seat="${s}"><label class="field"><span>${esc(t("pnp_seat", { n: s + 1 }))}</span>`
    + `<select name="online_${s}">${options}</select></label></div>`;
}

/** The online "Chi gioca": seat 0 is the host (with the name guests will see), each other seat a
 * person online or the computer; then the TURN server. No guest's name here: guests send theirs. */
export function onlineFieldset(c) {
  const people = onlinePeople(c);
  const rows = Array.from({ length: c.players }, (_, s) => seatRow(c, s, people)).join("");
  return `<fieldset class="pnp online-seats"><legend>${esc(t("pnp_legend"))}</legend>${rows}`
    + `<p class="pnp-note">${esc(t("os_note"))}</p></fieldset>${turnFields()}`;
}

/** What online.js openHost takes, from the setup's choices and their engine settings; {error} when
 * no seat is a person's (an online table of one is the computer's table). */
export function hostLink(c, settings, relays) {
  const people = onlinePeople(c);
  if (people.length < 2) return { error: { code: "online_nobody" } };
  const { names, ...rest } = settings;  // pass-and-play's names: online, each guest sends his own
  return { settings: { ...rest, people, online: true }, relay: relays, style: c.style, speed: c.speed };
}

// ------------------------------------------------------------------ the TURN server

/** A TURN server as RTCIceServer takes it ({urls, username, credential}), or null. */
function vetTurn(v) {
  if (!v || typeof v !== "object") return null;
  const { urls, username, credential } = v;
  if (typeof urls !== "string" || !TURN_URL.test(urls)) return null;
  if (typeof username !== "string" || !LOGIN.test(username) || typeof credential !== "string" || !LOGIN.test(credential)) return null;
  return { urls, username, credential };
}

/** The TURN server kept on this device, or null (none, storage off, or not one any more). */
export function loadTurn() {
  return vetTurn(loadStoredTurn());
}

/** Keep what was typed (all three empty: forget it). {ok: key} or {error: key} of the words to show. */
export function keepTurn(url, username, credential) {
  url = url.trim();
  if (!url && !username && !credential) return saveTurn(null) === "ok" ? { ok: "os_turn_cleared" } : { error: "os_turn_no_storage" };
  if (!TURN_URL.test(url)) return { error: "os_turn_bad_url" };
  const turn = vetTurn({ urls: url, username, credential });
  if (!turn) return { error: "os_turn_login" };  // the browser refuses a turn: URL without both
  return saveTurn(turn) === "ok" ? { ok: "os_turn_saved" } : { error: "os_turn_no_storage" };
}

let turnOpen = false;  // the fold stays open across the form's redraws

function turnFields() {
  const stored = loadTurn(), turn = stored ?? { urls: "", username: "", credential: "" };
  const input = (id, key, value, type = "text") => `<label class="field"><span>${esc(t(key))}</span>`
    + `<input id="${id}" type="${type}" value="${esc(value)}" autocomplete="off" spellcheck="false"></label>`;
  // The fields have ids, no names: readForm leaves them out of the setup's choices.
  return `<details class="turn-server"${turnOpen || stored ? " open" : ""}><summary>${esc(t("os_advanced"))}</summary>`
    + `<p class="pnp-note"><strong>${esc(t("os_turn"))}</strong> ${esc(t("os_turn_help"))}</p>`
    + input("turn-url", "os_turn_url", turn.urls) + input("turn-user", "os_turn_user", turn.username)
    + input("turn-pass", "os_turn_pass", turn.credential, "password")
    + `<button type="button" id="btn-turn-save">${esc(t("os_turn_save"))}</button>`
    + `<p class="turn-msg" role="status"></p></details>`;
}

/** Listeners of the TURN fields just drawn into `form` (each redraw makes new elements). */
export function wireOnlineSetup(form) {
  const box = form.querySelector("details.turn-server");
  if (!box) return;
  const save = () => {
    const value = (id) => form.querySelector(`#${id}`).value;
    const res = keepTurn(value("turn-url"), value("turn-user"), value("turn-pass"));
    const msg = box.querySelector(".turn-msg");
    msg.textContent = t(res.ok ?? res.error);
    msg.classList.toggle("form-error", !!res.error);
  };
  box.addEventListener("toggle", () => { turnOpen = box.open; });
  // Not a choice: app.js's form listener would redraw the form under the next field.
  box.addEventListener("change", (e) => e.stopPropagation());
  box.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && e.target.tagName === "INPUT") { e.preventDefault(); save(); }  // not the form's submit
  });
  box.querySelector("#btn-turn-save").addEventListener("click", save);
}
