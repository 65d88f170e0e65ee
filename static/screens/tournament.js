// The tournament screen (RULES.md §3, source 004): the player's pair against computer pairs in one
// of three shapes (briscola/tournament.py SHAPES): one group, L'Approdo's two groups of nine with
// quarter-finals, or a group of single-deal matches; then the knock-out. The engine
// (briscola/web_tournament.py) keeps the standings and the fixtures and plays the matches between
// computer pairs; this module draws them, stores the tournament (briscola:tournament) after every
// change, and hands the player's own matches to the ordinary table (app.js).
import { esc } from "./html.js";
import { engine } from "../engine/api.js";
import { hideDialog, showDialog } from "./dialogs.js";
import { addStrings, reasonText, t } from "../strings/i18n.js";
import { LEVELS } from "./setup.js";
import { loadTournament, onTournamentChange, saveNewMatch, saveTournament } from "../storage/storage.js";
import { TOURNAMENT_STRINGS } from "../strings/tournament.js";

// (Until this screen moves to the engine API's named functions: an answer's result, or its error.)
const call = async (op, arg) => { const res = await engine.ask(op, arg); return res.ok ? res.result : { error: res.error }; };

addStrings(TOURNAMENT_STRINGS);

// The shapes and the numbers of pairs the engine allows (briscola/tournament.py SHAPES), with the
// number offered first: L'Approdo's two groups of nine. A copy, because the setup is drawn before
// Python is up: tests/engine/test_page_copies.py checks it against the engine.
const SHAPES = {
  girone: { pairs: [4, 5, 6, 7, 8], first: 6 },
  due_gironi: { pairs: [8, 10, 12, 14, 16, 18], first: 18 },
  secca: { pairs: [4, 5, 6, 7, 8, 9, 10], first: 8 },
};
const $ = (id) => document.getElementById(id);
let app = null;  // app.js hooks: setScreen, startMatch(arg, op), resume(saved), openSetup, level(), saveText()
let run = 0;  // bumps when the screen is redrawn from scratch: an older playing loop stops
let endedInTournament = false;  // the match just finished belongs to the stored tournament

/** Called once by app.js with what the screen needs from the controller. */
export function initTournament(hooks) {
  app = hooks;
  // The other tab writes after each computer match: redraw at most once a frame (none while hidden).
  let queued = false;
  onTournamentChange(() => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; refresh(); });
  });
}

let drawn = null;  // what the screen shows: "form" (a new tournament) or "view" (the standings)

/** Another tab changed the tournament: standings shown here are redrawn from storage. A form
 * being filled in or an open dialog is left alone, and no second computer loop is started. */
async function refresh() {
  if (shown !== "tournament" || drawn !== "view" || !$("dialog").hidden) return;
  const stored = loadTournament();
  if (!stored?.saved) return;
  const res = await call("tournament_view", { tournament: stored.saved });
  if (!res.error && shown === "tournament" && drawn === "view") drawTournament(res.view, stored);
}


function pairName(p) {
  return p === 0 ? t("tn_you") : t("tn_pair", { n: p + 1 });
}

function stageName(f) {
  return f.stage === "group" ? t("tn_stage_group", { n: f.round + 1 }) : t(`tn_stage_${f.stage}`);
}

function announce(text) {
  const region = $("announce");
  if (!region) return;
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > 4) region.firstElementChild.remove();
}

function section() {
  let el = $("tournament");
  if (!el) {
    el = document.createElement("section");
    el.id = "tournament";
    el.className = "screen tournament";
    el.setAttribute("aria-labelledby", "tn-title");
    el.hidden = true;
    $("setup").after(el);
  }
  return el;
}

let shown = "loading";
let onTable;  // the tournament fixture of the match on the table (null: not one; undefined: not known yet)

/** app.js's setScreen shows or hides the tournament section with the others; leaving the screen
 * for another one (a match, the setup, a ?new= link at boot) means a reload does not return here. */
export function showTournamentSection(name) {
  section().hidden = name !== "tournament";
  const table = ["playing", "deal-over", "match-over"].includes(name);
  if (!table) onTable = undefined;
  else if (onTable === undefined) onTable = sessionTournament();
  tableLabel(table && onTable);
  if ((shown === "tournament" || shown === "loading") && !["tournament", "loading"].includes(name)) {
    const stored = loadTournament();
    if (stored?.screen) store({ ...stored, screen: false });
  }
  shown = name;
}

/** Whether the page was left on the tournament screen (a reload comes back to it). */
export function tournamentOnScreen() {
  const stored = loadTournament();
  return !!stored?.screen;
}

/** "Torneo · Giornata 2 · contro Coppia 5" in the table's bar during a tournament match. */
/** The opposing pair's name while a tournament match is on the table (null otherwise). */
export function opponentPairName() {
  return onTable ? pairName(onTable.opponent) : null;
}

function tableLabel(info) {
  let el = $("tn-label");
  if (!el && info) {
    el = document.createElement("span");
    el.id = "tn-label";
    document.querySelector("#table .bar .info")?.prepend(el);
  }
  if (!el) return;
  el.hidden = !info;
  if (info) el.textContent = t("tn_table_label", { stage: stageName(info), b: pairName(info.opponent) });
}

function store(stored) {
  saveTournament(stored);
}

/** Redraw keeping the focus on the same control (the screen is redrawn as results come in). */
function paint(htmlText) {
  const el = section();
  const focused = el.contains(document.activeElement) ? document.activeElement.id : null;
  el.innerHTML = htmlText;
  if (focused && $(focused)) $(focused).focus();
}

// ------------------------------------------------------------------ opening the screen

export async function openTournament() {
  hideDialog();
  app.setScreen("tournament");
  const stored = loadTournament();
  if (!stored) { drawNewForm(); return; }
  if (stored.damaged !== undefined || !stored.saved) { drawNewForm(); damaged({ reason: stored.damaged ?? "bad_shape" }); return; }
  const res = await call("tournament_view", { tournament: stored.saved });
  if (res.error) { drawNewForm(); damaged(res.error); return; }
  if (!stored.screen) store({ ...stored, screen: true });
  drawTournament(res.view, stored);
  section().querySelector("button.primary")?.focus();
  playComputers();
}

function damaged(error) {
  showDialog(t("tn_damaged_title"), [t("tn_damaged_body", { detail: reasonText(error) })],
    [{ label: t("close"), primary: true, id: "btn-tn-damaged-ok", action: hideDialog }]);
}

function leave() {
  const stored = loadTournament();
  if (stored?.saved && stored.screen) store({ ...stored, screen: false });
  app.openSetup();
}

// ------------------------------------------------------------------ a new tournament

function drawNewForm() {
  run++;  // a tournament being played behind the form stops (its results so far are saved)
  drawn = "form";
  actionsHtml = null;
  const level = LEVELS.includes(app.level()) ? app.level() : "esperto";
  const opt = (values, current, label) => values.map((v) => `<option value="${v}"${v === current ? " selected" : ""}>${esc(label(v))}</option>`).join("");
  const shapes = Object.keys(SHAPES).map((k) => `<label class="tn-shape"><input type="radio" name="tn-shape" id="tn-shape-${k}" value="${k}"${k === "girone" ? " checked" : ""}>`
    + `<span>${esc(t(`tn_shape_${k}`))}</span></label>`).join("");
  paint(`<div class="tn-inner">
    <h1 id="tn-title">${esc(t("tn_title"))}</h1>
    <p id="tn-intro">${esc(t("tn_intro"))}</p>
    <fieldset class="tn-shapes"><legend>${esc(t("tn_shape"))}</legend>${shapes}</fieldset>
    <p id="tn-about" class="tn-about" aria-live="polite"></p>
    <div class="grid">
      <label class="field"><span>${esc(t("tn_pairs"))}</span><select id="tn-pairs"></select></label>
      <label class="field"><span>${esc(t("level"))}</span><select id="tn-level">${opt(LEVELS, level, (l) => t(`l_${l}`))}</select></label>
    </div>
    <div class="tn-actions">
      <button type="button" class="primary" id="btn-tn-start">${esc(t("tn_start"))}</button>
      <button type="button" id="btn-tn-leave">${esc(t("tn_leave"))}</button>
    </div></div>`);
  const chosen = () => section().querySelector("input[name=tn-shape]:checked").value;
  const shapeChanged = () => {
    const shape = SHAPES[chosen()];
    $("tn-pairs").innerHTML = opt(shape.pairs, shape.first, String);
    $("tn-about").textContent = t(`tn_about_${chosen()}`);
  };
  for (const radio of section().querySelectorAll("input[name=tn-shape]")) radio.addEventListener("change", shapeChanged);
  shapeChanged();
  $("btn-tn-start").addEventListener("click", () => startTournament(chosen(), Number($("tn-pairs").value), $("tn-level").value));
  $("btn-tn-leave").addEventListener("click", leave);
  $("btn-tn-start").focus();
}

async function startTournament(shape, pairs, level) {
  const res = await call("tournament_new", { shape, pairs, level, seed: Math.floor(Math.random() * 2 ** 31) });
  if (res.error) { damaged(res.error); return; }
  store({ saved: res.tournament, match: null, fixture: null, screen: true });
  openTournament();
}

function confirmNew() {
  showDialog(t("tn_new"), [t("tn_new_confirm")], [
    { label: t("cancel"), cancel: true, action: hideDialog },
    { label: t("tn_new"), primary: true, id: "btn-tn-new-yes", action: () => { hideDialog(); drawNewForm(); } }]);
}

// ------------------------------------------------------------------ drawing

const GROUPS = ["A", "B"];

function standingsTable(view, rows, label) {
  // The computers' next match is being played whenever this screen shows it (playComputers).
  const now = view.next && !view.next_is_player ? [view.next.a, view.next.b] : [];
  rows = rows.map((r) => ({ ...r, in_play: r.in_play || now.includes(r.pair) }));
  const cols = ["played", "won", "lost", "standing"];
  const ties = rows.some((r) => r.tiebreak);  // the tie-break column only when a tie was broken
  const head = `<tr><th scope="col">${esc(t("tn_pos"))}</th><th scope="col">${esc(t("tn_team"))}</th>`
    + cols.map((c) => `<th scope="col"><span aria-hidden="true">${esc(t(`tn_c_${c}`))}</span><span class="sr-only">${esc(t(`tn_${c}`))}</span></th>`).join("")
    + `<th scope="col" class="tn-wide">${esc(t("tn_deals"))}</th><th scope="col" class="tn-wide">${esc(t("tn_cards"))}</th>`
    + (ties ? `<th scope="col" class="tb tn-wide">${esc(t("tn_tiebreak"))}</th>` : "") + "</tr>";
  // On a phone the deals, card points and tie-break columns fold under the pair's name (.tn-more).
  const more = (r) => `<span class="tn-more">${esc(t("tn_deals"))} ${r.deals_for}–${r.deals_against} · ${esc(t("tn_cards"))} ${r.points_for}–${r.points_against}`
    + `${ties && r.tiebreak ? ` · ${esc(t(`tn_tb_${r.tiebreak}`))}` : ""}</span>`;
  // Who is still playing: the pairs on the table now, and the pairs out of the tournament.
  const badge = (r) => (r.in_play ? ` <span class="tn-badge playing">${esc(t("tn_badge_playing"))}</span>`
    : r.out ? ` <span class="tn-badge">${esc(t("tn_badge_out"))}</span>` : "");
  const cls = (r) => [r.pair === 0 && "mine", r.out && "out", r.in_play && "playing"].filter(Boolean).join(" ");
  const body = rows.map((r, i) => `<tr class="${cls(r)}" data-pair="${r.pair}"><td>${i + 1}</td><th scope="row"><span class="tn-name">${esc(pairName(r.pair))}</span>${badge(r)}${more(r)}</th>`
    + cols.map((c) => `<td>${r[c]}</td>`).join("")
    + `<td class="tn-wide">${r.deals_for}–${r.deals_against}</td><td class="tn-wide">${r.points_for}–${r.points_against}</td>`
    + (ties ? `<td class="tb tn-wide">${r.tiebreak ? esc(t(`tn_tb_${r.tiebreak}`)) : ""}</td>` : "") + "</tr>").join("");
  return `<div class="tn-wrap" tabindex="0" role="region" aria-label="${esc(label)}"><table class="tn-standings"><caption class="sr-only">${esc(label)}</caption>`
    + `<thead>${head}</thead><tbody>${body}</tbody></table></div>`;
}

/** One table per group, in the engine's order (group A's rows, then group B's). */
function standings(view) {
  if (view.groups === 1) return `<h2>${esc(t("tn_standings"))}</h2>${standingsTable(view, view.standings, t("tn_standings"))}`;
  return GROUPS.slice(0, view.groups).map((g, i) => {
    const label = t("tn_standings_group", { g });
    return `<h2 id="tn-group-${g}">${esc(label)}</h2>${standingsTable(view, view.standings.filter((r) => r.group === i), label)}`;
  }).join("");
}

function result(f) {
  const o = f.outcome;
  const match = `${esc(pairName(f.a))} – ${esc(pairName(f.b))}`;
  if (!o) return `<span class="tn-match">${match}</span> <span class="tn-todo">${esc(t("tn_to_play"))}</span>`;
  return `<span class="tn-match">${match}</span> <span class="tn-score">${o.deals[0]}–${o.deals[1]}</span>`
    + ` <span class="tn-winner">${esc(o.winner === 0 ? t("tn_wins_you") : t("tn_wins", { name: pairName(o.winner) }))}</span>`;
}

/** The knock-out: each stage's matches with their results, or who will meet there. */
function bracket(view) {
  const stages = view.shape === "due_gironi" ? ["quarter", "semi", "final"] : ["semi", "final"];
  const place = (n, g) => (view.groups === 1 ? t("tn_place", { n }) : t("tn_place_group", { n, g }));
  const pending = {
    quarter: [[1, "A", 4, "B"], [2, "B", 3, "A"], [1, "B", 4, "A"], [2, "A", 3, "B"]].map(([n, g, m, h]) => [place(n, g), place(m, h)]),
    semi: stages[0] === "quarter" ? [[1, 2], [3, 4]].map(([x, y]) => [t("tn_quarter_winner", { n: x }), t("tn_quarter_winner", { n: y })])
      : [[place(1), place(4)], [place(2), place(3)]],
    final: [[t("tn_semi_winner", { n: 1 }), t("tn_semi_winner", { n: 2 })]],
  };
  const title = { quarter: "tn_quarters", semi: view.shape === "secca" ? "tn_semis_secca" : "tn_semis", final: "tn_final" };
  return `<div class="tn-bracket">${stages.map((stage) => {
    const games = view.fixtures.filter((f) => f.stage === stage);
    const items = games.length ? games.map((f) => `<li data-status="${f.status}">${result(f)}</li>`).join("")
      : pending[stage].map(([a, b]) => `<li>${esc(a)} – ${esc(b)}</li>`).join("");
    return `<div class="tn-stage" data-stage="${stage}"><h3>${esc(t(title[stage]))}</h3><ul>${items}</ul></div>`;
  }).join("")}</div>`;
}

/** Who is still playing: the pairs still in, and the matches of this round still to play. */
function aliveLine(view) {
  if (view.over || !view.next) return "";
  const alive = view.standings.filter((r) => !r.out).length;
  const f = view.next;
  const round = view.fixtures.filter((g) => g.stage === f.stage && g.round === f.round);
  const left = round.filter((g) => g.status !== "played").length;
  const stage = stageName(f);
  const rest = left === 1 ? t("tn_left_one", { stage }) : t("tn_left_round", { stage, left, all: round.length });
  return `<p class="tn-alive" id="tn-alive">${esc(t("tn_alive", { n: alive, total: view.pairs }))} ${esc(rest)}</p>`;
}

function rounds(view) {
  const out = [];
  for (let r = 0; r < view.rounds; r++) {
    const games = view.fixtures.filter((f) => f.stage === "group" && f.round === r);
    const group = (f) => (view.groups > 1 ? `<span class="tn-g">${esc(GROUPS[f.group])}</span> ` : "");
    out.push(`<li><h3>${esc(t("tn_stage_group", { n: r + 1 }))}</h3><ul>${games.map((f) => `<li${f.a === 0 || f.b === 0 ? ' class="mine"' : ""}>${group(f)}${result(f)}</li>`).join("")}</ul></li>`);
  }
  return `<ol class="tn-rounds">${out.join("")}</ol>`;
}

function nextLine(view, stored) {
  if (view.over) {
    const text = view.champion === 0 ? t("tn_champion_you") : t("tn_champion", { name: pairName(view.champion) });
    return `<p class="tn-champion">${esc(text)}</p>`;
  }
  const f = view.next;
  if (!view.next_is_player) {
    const out = view.player_left ? "" : `<p>${esc(t("tn_out"))}</p>`;
    return `${out}<p class="tn-status">${esc(t("tn_computer_playing", { a: pairName(f.a), b: pairName(f.b) }))}</p>`;
  }
  const key = stored.match && stored.fixture === f.index ? "tn_next_resume" : "tn_next";
  return `<p class="tn-status">${esc(t(key, { stage: stageName(f), b: pairName(f.b) }))}</p>`;
}

let actionsHtml = null;  // the buttons drawn: kept as they are while only the results change

function drawTournament(view, stored) {
  const resume = view.next && stored.match && stored.fixture === view.next.index;
  const play = view.next_is_player
    ? `<button type="button" class="primary" id="btn-tn-play">${esc(t(resume ? "tn_resume" : "tn_play_next"))}</button>` : "";
  const fresh = view.over ? `<button type="button" class="primary" id="btn-tn-new">${esc(t("tn_new"))}</button>`
    : `<button type="button" id="btn-tn-new">${esc(t("tn_new"))}</button>`;
  const actions = `${play}${fresh}<button type="button" id="btn-tn-leave">${esc(t("tn_leave"))}</button>`;
  const head = `${nextLine(view, stored)}${aliveLine(view)}`;
  const body = `${standings(view)}
    <p class="tn-legend">${esc(t("tn_abbrev"))} ${esc(t("tn_legend"))} ${esc(t("tn_legend_ties"))}</p>
    <h2>${esc(t("tn_knockout"))}</h2>
    ${bracket(view)}
    <h2>${esc(t(view.groups > 1 ? "tn_results_groups" : "tn_results"))}</h2>
    ${rounds(view)}`;
  const sub = t("tn_sub", { shape: t(`tn_name_${view.shape}`), pairs: view.pairs, level: t(`l_${view.level}`) });
  if (drawn === "view" && $("tn-body") && actionsHtml === actions) {
    // Only the results changed (a computer match was played): the buttons stay the same elements,
    // so a press on one is never lost to a redraw, nor the focus.
    $("tn-head").innerHTML = head;
    $("tn-body").innerHTML = body;
  } else {
    paint(`<div class="tn-inner">
    <h1 id="tn-title">${esc(t("tn_title"))}</h1>
    <p class="tn-sub" id="tn-sub"></p>
    <div id="tn-head">${head}</div>
    <div class="tn-actions" id="tn-actions">${actions}</div>
    <div id="tn-body">${body}</div></div>`);
    actionsHtml = actions;
    $("btn-tn-play")?.addEventListener("click", () => playNext());
    $("btn-tn-new").addEventListener("click", () => (view.over ? drawNewForm() : confirmNew()));
    $("btn-tn-leave").addEventListener("click", leave);
  }
  drawn = "view";
  $("tn-sub").textContent = sub;
  section().dataset.next = view.next ? String(view.next.index) : "";
  section().dataset.over = String(view.over);
  section().dataset.shape = view.shape;
}

// ------------------------------------------------------------------ the computer pairs' matches

/** Play the fixtures between computer pairs up to the player's next match, one per task. */
async function playComputers() {
  const mine = ++run;
  for (;;) {
    const stored = loadTournament();
    if (mine !== run || !stored?.saved || document.documentElement.dataset.screen !== "tournament") return;
    const res = await call("tournament_play_ai", { tournament: stored.saved, budget_ms: 25 });
    if (mine !== run) return;
    if (res.busy) { await new Promise((resolve) => setTimeout(resolve, 0)); continue; }
    if (res.error || !res.played) return;
    store({ ...stored, saved: res.tournament });
    const f = res.played;
    announce(t("tn_played_match", { a: pairName(f.a), b: pairName(f.b), da: f.outcome.deals[0], db: f.outcome.deals[1] }));
    drawTournament(res.view, { ...stored, saved: res.tournament });
    if (res.view.next_is_player || res.view.over) {
      if (res.view.over) announce(nextText(res.view));
      section().querySelector("button.primary")?.focus();
    }
    await new Promise((resolve) => setTimeout(resolve, 30));  // the page stays responsive
  }
}

function nextText(view) {
  return view.champion === 0 ? t("tn_champion_you") : t("tn_champion", { name: pairName(view.champion) });
}

// ------------------------------------------------------------------ the player's matches

async function playNext() {
  const stored = loadTournament();
  if (!stored?.saved) return;
  const res = await call("tournament_view", { tournament: stored.saved });
  if (res.error) { damaged(res.error); return; }
  const f = res.view.next;
  if (!f || !res.view.next_is_player) return;
  run++;  // the computer pairs' loop stops: the player's match is on the table
  if (stored.match && stored.fixture === f.index) {
    store({ ...stored, screen: false });
    saveNewMatch(stored.match);
    if (await app.resume({ text: stored.match, view: null }) === null) return;
    // the match in progress cannot be loaded: the fixture is dealt again from its seed
  }
  store({ ...stored, match: null, fixture: f.index, screen: false });  // the table's saves land here too
  const err = await app.startMatch({ tournament: stored.saved }, "tournament_match");
  if (err) damaged(err);
}

function sessionTournament(text) {
  try { return JSON.parse(text ?? app.saveText())?.meta?.tournament ?? null; } catch { return null; }
}

function ours(info, stored) {
  const tn = stored?.saved?.tournament;
  return !!(info && tn && info.seed === tn.seed && info.pairs === tn.pairs
    && (info.shape ?? "girone") === (tn.shape ?? "girone"));
}

/** app.js's persist(): the player's tournament match is also kept with the tournament. */
export function tournamentPersist(text) {
  const info = sessionTournament(text);
  if (!info) return;
  const stored = loadTournament();
  if (ours(info, stored) && stored.fixture === info.fixture) store({ ...stored, match: text });
}

/** After the summary of a finished match: a tournament match's result goes into the tournament. */
export async function tournamentMatchEnd() {
  endedInTournament = false;
  const info = sessionTournament();
  const stored = loadTournament();
  if (!info || !stored || (stored.damaged === undefined && !ours(info, stored))) return;
  const body = document.querySelector("#dialog .dialog-body");
  const res = stored.saved ? await call("tournament_record", { tournament: stored.saved })
    : { error: { reason: "bad_json" } };
  const line = document.createElement("p");
  if (res.error) {
    line.textContent = t("tn_not_recorded", { detail: reasonText(res.error) });
  } else {
    store({ saved: res.tournament, match: null, fixture: null, screen: false });
    endedInTournament = true;
    const f = res.view.fixtures[info.fixture];
    line.textContent = t("tn_recorded", { a: pairName(f.a), b: pairName(f.b), da: f.outcome.deals[0], db: f.outcome.deals[1] });
    const btn = $("btn-summary-new");
    if (btn) btn.textContent = t("tn_back");
  }
  body?.append(line);
}

/** Where the summary's button leads: back to the tournament after one of its matches. */
/** Whether the match on the table is a tournament's (its save says so): it has no rematch. */
export function tournamentMatch() {
  return sessionTournament() !== null;
}

export function backToTournament() {
  return endedInTournament;
}
