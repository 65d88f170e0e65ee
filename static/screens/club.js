// The organiser's tournament (issue 40; UI-CONTRACT "The club's tournament"): a real Briscola
// tournament among people run from one phone. The form takes the pairs (typed or pasted, one a
// line: `textarea[data-pairs]`) and proposes the shape their number fits; `[data-organize]` starts
// it. Then every match is a `[data-fixture]`: its result is entered (club-result.js) or it is played
// on this phone (club-play.js); the standings say why each tie went as it did; the bracket follows.
// The followers' page (`?club=<link>`) draws the same, read-only. The engine decides everything
// (briscola/web_club.py); club-store.js stores each change at once, so a reload shows it as it was.
import { esc } from "../dom/html.js";
import { addStrings, language, reasonText, t } from "../strings/i18n.js";
import { CLUB_STRINGS } from "../strings/club.js";
import { loadMatch, onClubChange } from "../storage/storage.js";
import { dialogOpen, hideDialog, showDialog } from "./dialogs.js";
import { formHtml, groupsHtml, handHtml, panelsHtml, statusLine, subtitle } from "./club-view.js";
import { openResult } from "./club-result.js";
import { openPlay, recordClubMatch } from "./club-play.js";
import { exportFile, openShare, printSheet, readFile } from "./club-share.js";
import { ask, change, club, keep, markScreen, openStored } from "./club-store.js";
import { followLive, liveRelays, showLive, stopLive } from "./club-live.js";
import { screenSection } from "../dom/screen.js";

addStrings(CLUB_STRINGS);  // the screen's texts come with it (club-entry.js loads it when first opened)

const $ = (id) => document.getElementById(id);

/** app.js's hooks: setScreen, startMatch(arg, op), resume(saved), openSetup, announce(text), level(),
 * relay() (the page's own `relay=`, or null), openHost(link) (an online table's lobby). */
let app = null;
let shown = "loading";  // the page's screen, as app.js last set it
let drawn = null;  // what the section shows: "form", "tournament", "follow"
let tab = "fixtures";
const form = { title: "", text: "", groups: 0, rounds: "tre", final: 5, draw: "random", hand: [] };
let proposal = null;  // the engine's reading of the pairs typed (op club_propose), for `proposedFor`
let proposedFor = null;

export function initClub(hooks) {
  app = hooks;
  liveRelays(() => app.relay?.() ?? null);
  onClubChange(() => {  // another tab entered a result: the stored tournament is drawn again
    if (shown === "club" && drawn === "tournament" && !dialogOpen()) openClub();
  });
}

const section = () => screenSection("club", "screen tournament club", "cl-title", (el) => el.addEventListener("click", clicked));

/** app.js's setScreen shows or hides the section with the others; leaving it for another screen
 * means a reload does not come back to it. */
export function showClubSection(name) {
  section().hidden = name !== "club";
  if (shown === "club" && !["club", "loading"].includes(name)) {
    if (drawn !== "follow") markScreen(false);
    stopLive();
    leaveFollow?.();
    leaveFollow = null;
  }
  shown = name;
}

/** Back from the screen to the setup (its button, or the browser's back: boot/back.js). */
export function leaveClub() {
  stopLive();
  if (drawn === "follow") history.replaceState(null, "", location.pathname + location.hash);
  markScreen(false);
  app.openSetup();
}

function paint(html) {
  const el = section();
  const focused = el.contains(document.activeElement) ? document.activeElement : null;
  const key = focused?.dataset.key, id = focused?.id;
  const top = el.scrollTop;
  el.innerHTML = html;
  el.scrollTop = top;
  const again = key ? el.querySelector(`.cl-fix[data-key="${key}"]`) : id ? $(id) : null;
  again?.focus({ preventScroll: true });
}

// ------------------------------------------------------------------ opening

/** The organiser's screen: the stored tournament, or the form for a new one. */
export async function openClub() {
  hideDialog();
  app.setScreen("club");
  if (drawn !== "tournament") paint(`<p class="cl-wait">${esc(t("loading"))}</p>`);
  const res = await openStored();
  if (shown !== "club") return;
  if (!res) { drawForm(); return; }
  if (!res.ok) { drawForm(); damaged(res.error); return; }
  markScreen(true);
  drawTournament();
}

function damaged(error) {
  showDialog(t("cl_damaged_title"), [t("cl_damaged_body", { detail: reasonText(error) })],
    [{ label: t("close"), primary: true, action: hideDialog }]);
}

let leaveFollow = null;  // a follower's page in the organiser's room: how it leaves
let followAt = -1;  // the minute of the tournament a follower's page shows

/** The followers' page of a `?club=` link (`q` its query): the tournament it carries, read-only, and
 * each newer one the organiser's page sends while both are open (club-live.js). */
export async function openClubFollow(link, q = new URLSearchParams()) {
  app.setScreen("club");
  drawn = "follow";
  paint(`<p class="cl-wait">${esc(t("loading"))}</p>`);
  const res = await ask("clubFollow", { link });
  if (!res.ok) {
    showDialog(t("cl_damaged_title"), [t("cl_follow_bad", { detail: reasonText(res.error) })],
      [{ label: t("cl_follow_leave"), primary: true, action: leaveClub }]);
    return;
  }
  const live = q.has("live");
  tab = "standings";
  drawFollow(res.result, live);
  if (!live || leaveFollow) return;
  leaveFollow = await followLive(q, async (text) => {
    const next = await ask("clubFollow", { link: text });
    if (!next.ok || next.result.at < followAt || drawn !== "follow" || shown !== "club") return;
    const u = new URL(location.href);
    u.searchParams.set("club", text);
    history.replaceState(null, "", u.pathname + u.search + u.hash);  // a reload shows the newest
    drawFollow(next.result, true);
  });
}

function drawFollow({ view, at: minute }, live) {
  club.view = view;
  followAt = minute;
  const at = new Date(minute * 60_000);
  const when = t("cl_follow_at", { time: at.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" }),
    date: at.toLocaleDateString(language(), { day: "numeric", month: "long" }) });
  paint(`<div class="tn-inner" data-follow>${head(view)}<p class="cl-at">${esc(when)} ${esc(t(live ? "cl_follow_live" : "cl_follow_note"))}</p>
    <div class="tn-actions cl-actions"><button type="button" id="btn-cl-print">${esc(t("cl_print"))}</button>
    <button type="button" id="btn-cl-leave">${esc(t("cl_follow_leave"))}</button></div>${panelsHtml(view, tab, false)}</div>`);
}

const head = (view) => `<h1 id="cl-title">${esc(view.title || t("cl_untitled"))}</h1><p class="tn-sub">${esc(subtitle(view))}</p>`
  + `<p class="tn-status" id="cl-status">${esc(statusLine(view))}</p>`;

// ------------------------------------------------------------------ the tournament

/** A match of this tournament saved on the table, not over: the way back to it. */
function matchOn() {
  const saved = loadMatch();
  const info = saved?.view?.club;
  if (!info || saved.view.status === "match-over" || info.seed !== club.saved?.seed) return "";
  return `<p class="cl-on">${esc(t("cl_match_on", { a: info.names[0], b: info.names[1] }))} `
    + `<button type="button" id="btn-cl-resume" class="primary">${esc(t("cl_match_resume"))}</button></p>`;
}

function drawTournament() {
  drawn = "tournament";
  const view = club.view;
  const warn = club.kept === "ok" ? "" : `<p class="cl-warn" role="alert">${esc(t(club.kept === "full" ? "cl_not_saved" : "cl_storage_off"))} `
    + `<button type="button" id="btn-cl-export-now">${esc(t("cl_export"))}</button></p>`;
  paint(`<div class="tn-inner">${head(view)}${warn}${matchOn()}
    <div class="tn-actions cl-actions">
      <button type="button" id="btn-cl-share">${esc(t("cl_share"))}</button>
      <button type="button" id="btn-cl-print">${esc(t("cl_print"))}</button>
      <button type="button" id="btn-cl-more" aria-expanded="false" aria-controls="cl-more">${esc(t("cl_more"))}</button>
      <button type="button" id="btn-cl-leave">${esc(t("tn_leave"))}</button>
      <div class="cl-more" id="cl-more" hidden>
        <button type="button" id="btn-cl-export">${esc(t("cl_export"))}</button>
        <button type="button" id="btn-cl-open">${esc(t("cl_open_file"))}</button>
        <button type="button" id="btn-cl-new">${esc(t("cl_new"))}</button>
      </div>
    </div>${panelsHtml(view, tab, true)}</div>`);
  section().dataset.stage = view.stage ?? "over";
  showLive(club.saved.seed, async () => {  // followers in the room get the tournament as it is now
    const res = await change("clubLink", { at: Math.floor(Date.now() / 60_000) });
    return res.ok ? res.result.link : null;
  });
}

/** A change the engine took: stored at once, drawn, announced. */
function kept(answer, words) {
  hideDialog();
  keep(answer, true);
  drawTournament();
  if (words) app.announce(words);
}

function showTab(name) {
  tab = name;
  for (const b of section().querySelectorAll(".cl-tab")) b.setAttribute("aria-pressed", String(b.dataset.tab === name));
  for (const p of section().querySelectorAll(".cl-panel")) p.toggleAttribute("data-off", p.dataset.panel !== name);
}

function fixture(key) {
  return club.view.fixtures.find((f) => f.key === key);
}

const actions = {
  "btn-cl-share": () => openShare(),
  "btn-cl-print": () => printSheet(),
  "btn-cl-leave": () => leaveClub(),
  "btn-cl-export": () => exportFile(),
  "btn-cl-export-now": () => exportFile(),
  "btn-cl-open": () => chooseFile(),
  "btn-cl-new": () => showDialog(t("cl_new"), [t("cl_new_confirm")], [
    { label: t("cancel"), cancel: true, action: hideDialog },
    { label: t("cl_new"), primary: true, id: "btn-cl-new-yes", action: () => { hideDialog(); drawForm(); } }]),
  "btn-cl-organize": () => organize(),
  "btn-cl-resume": () => { const saved = loadMatch(); if (saved && !saved.damaged) { markScreen(false); app.resume(saved); } },
  "btn-cl-more": (b) => {
    const open = b.getAttribute("aria-expanded") !== "true";
    b.setAttribute("aria-expanded", String(open));
    $("cl-more").hidden = !open;
  },
};

function clicked(e) {
  const b = e.target.closest("button");
  if (!b) return;
  if (b.classList.contains("cl-tab")) showTab(b.dataset.tab);
  else if (b.classList.contains("cl-fold")) {
    const open = b.getAttribute("aria-expanded") !== "true";
    b.setAttribute("aria-expanded", String(open));
    $(b.getAttribute("aria-controls")).hidden = !open;
  } else if (b.classList.contains("cl-fix")) {
    const f = fixture(b.dataset.key);
    if (f) openResult(f, { done: kept, play: f.result ? null : play });
  } else actions[b.id]?.(b);
}

function play(f) {
  openPlay(f, { start: app.startMatch, openHost: app.openHost, relay: app.relay, level: app.level(), leaving: () => markScreen(false) });
}

// ------------------------------------------------------------------ a file

function chooseFile() {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = ".json,application/json";
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    if (!file) return;
    const res = await readFile(file);
    if (!res.ok) {
      showDialog(t("cl_damaged_title"), [t("cl_file_bad", { detail: reasonText(res.error) })],
        [{ label: t("close"), primary: true, action: hideDialog }]);
      return;
    }
    const take = () => { kept(res.result); showTab(tab); };
    if (club.saved && drawn === "tournament") {
      showDialog(t("cl_open_file"), [t("cl_import_confirm")], [
        { label: t("cancel"), cancel: true, action: hideDialog },
        { label: t("cl_open_file"), primary: true, id: "btn-cl-import-yes", action: take }]);
    } else take();
  });
  input.click();
}

// ------------------------------------------------------------------ the form

function drawForm() {
  drawn = "form";
  paint(formHtml(form));
  const el = section();
  el.querySelector("#cl-pairs").addEventListener("input", (e) => { form.text = e.target.value; proposeSoon(); });
  el.querySelector("#cl-name").addEventListener("input", (e) => { form.title = e.target.value; });
  el.querySelector(".cl-form").addEventListener("change", (e) => {
    const x = e.target;
    if (x.name === "cl-groups") form.groups = Number(x.value);
    else if (x.name === "cl-rounds") form.rounds = x.value;
    else if (x.id === "cl-final") form.final = Number(x.value);
    else if (x.name === "cl-draw") form.draw = x.value;
    else if (x.dataset.hand !== undefined) form.hand[Number(x.dataset.hand)] = Number(x.value);
    else return;
    drawChoices();
  });
  propose();
}

let timer = null;
function proposeSoon() {
  clearTimeout(timer);
  timer = setTimeout(propose, 250);
}

/** The engine reads the pairs typed: how many, which shapes fit, the one proposed. */
async function propose() {
  const text = form.text;
  const res = await ask("clubPropose", { text });
  if (!res.ok || text !== form.text) return;
  const before = proposal?.names.length;
  proposal = res.result;
  proposedFor = text;
  if (!proposal.groups.includes(form.groups)) form.groups = proposal.plan.groups;
  if (before !== proposal.names.length) form.hand = proposal.names.map((_, i) => Number(i >= proposal.sizes[0]));
  if (drawn === "form") drawChoices();
}

function countLine() {
  const n = proposal.names.length, p = proposal.problem;
  if (p?.reason === "bad_names") return t("cl_line_problem", { line: p.params.line, reason: reasonText(p) });
  if (n < 4) return n === 0 ? t("cl_count_0") : n === 1 ? t("cl_count_1") : t("cl_count_few", { n });
  return p ? t("cl_count_many", { n }) : t("cl_count", { n });
}

function drawChoices() {
  if (!proposal || drawn !== "form") return;
  const n = proposal.names.length;
  $("cl-count").textContent = countLine();
  $("cl-count").dataset.ok = String(!proposal.problem);
  const focused = document.activeElement;
  $("cl-groups").innerHTML = groupsHtml(n, proposal.groups, form.groups);
  const two = form.groups === 2 && proposal.groups.includes(2);
  $("cl-draw").hidden = !two;
  $("cl-hand").innerHTML = two && form.draw === "hand" ? handHtml(proposal.names, form.hand, proposal.sizes) : "";
  if (focused?.name && !focused.isConnected) section().querySelector(`[name="${focused.name}"][value="${focused.value}"]`)?.focus();
  if (focused?.dataset?.hand !== undefined && !focused.isConnected) section().querySelector(`[data-hand="${focused.dataset.hand}"]`)?.focus();
}

function formError(error) {
  const box = $("cl-form-error");
  box.textContent = reasonText(error);
  box.hidden = false;
}

async function organize() {
  if (proposedFor !== form.text) await propose();
  if (proposal?.problem) { formError(proposal.problem); return; }
  const two = form.groups === 2;
  const arg = { text: form.text, title: form.title, plan: { groups: form.groups, rounds: form.rounds, final: form.final },
    seed: Math.floor(Math.random() * 2 ** 31), ...(two && form.draw === "hand" ? { hand: form.hand } : {}) };
  const res = await ask("clubNew", arg);
  if (!res.ok) { formError(res.error); return; }
  tab = "fixtures";
  kept(res.result);
  $("cl-title")?.focus();
}

// ------------------------------------------------------------------ the app's matches

/** After a finished match's summary: a match of the organiser's tournament goes into it. */
export function clubMatchEnd(st) {
  if (st.club && st.status === "match-over") recordClubMatch();
}
