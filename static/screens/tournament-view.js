// The tournament screen's markup, made from the engine's answer (briscola/web_tournament.py view):
// the new-tournament form, the standings, the knock-out and the results. Pure functions: text in,
// HTML text out; the screen (tournament.js) puts it on the page.
import { esc } from "../dom/html.js";
import { pairName, stageName, t } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";
import { LEVELS, TOURNAMENTS } from "../engine/rules-data.js";

// The shapes and the numbers of pairs the engine allows (rules-data.js: briscola/tournament.py
// SHAPES), with the number offered first: L'Approdo's two groups of nine.
const FIRST = { girone: 6, due_gironi: 18, secca: 8 };
export const SHAPES = Object.fromEntries(Object.entries(TOURNAMENTS).map(([k, s]) => [k, { pairs: s.pairs, first: FIRST[k] }]));
const GROUPS = ["A", "B"];

/** A finished fixture in one line, for the announcements and the summary of the player's match. */
export function playedText(f, key = "tn_played_match") {
  return t(key, { a: pairName(f.a), b: pairName(f.b), da: f.outcome.deals[0], db: f.outcome.deals[1] });
}

export function championText(view) {
  return view.champion === 0 ? t("tn_champion_you") : t("tn_champion", { name: pairName(view.champion) });
}

const options = (values, current, label) => values.map((v) => `<option value="${v}"${v === current ? " selected" : ""}>${esc(label(v))}</option>`).join("");

/** The numbers of pairs a shape may have, its usual one chosen. */
export function pairsOptions(shape) {
  return options(SHAPES[shape].pairs, SHAPES[shape].first, String);
}

/** The new-tournament form, the setup's level offered. */
export function formHtml(level) {
  const chosen = LEVELS.includes(level) ? level : "esperto";
  const shapes = Object.keys(SHAPES).map((k) => `<label class="tn-shape"><input type="radio" name="tn-shape" id="tn-shape-${k}" value="${k}"${k === "girone" ? " checked" : ""}>`
    + `<span>${esc(t(`tn_shape_${k}`))}</span></label>`).join("");
  return `<div class="tn-inner">
    <h1 id="tn-title">${esc(t("tn_title"))}</h1>
    <p id="tn-intro">${esc(t("tn_intro"))}</p>
    <fieldset class="tn-shapes"><legend>${esc(t("tn_shape"))}</legend>${shapes}</fieldset>
    <p id="tn-about" class="tn-about" aria-live="polite"></p>
    <div class="grid">
      <label class="field"><span>${esc(t("tn_pairs"))}</span><select id="tn-pairs"></select></label>
      <label class="field"><span>${esc(t("level"))}</span><select id="tn-level">${options(LEVELS, chosen, (l) => t(`l_${l}`))}</select></label>
    </div>
    <div class="tn-actions">
      <button type="button" class="primary" id="btn-tn-start">${esc(t("tn_start"))}</button>
      <button type="button" id="btn-tn-leave">${esc(t("tn_leave"))}</button>
    </div></div>`;
}

function standingsTable(view, rows, label) {
  // The computers' next match is being played whenever this screen shows it (the loop plays it).
  const now = view.next && !view.next_is_player ? [view.next.a, view.next.b] : [];
  rows = rows.map((r) => ({ ...r, in_play: r.in_play || now.includes(r.pair) }));
  const cols = ["played", "won", "lost", "standing"];
  const ties = rows.some((r) => r.tiebreak);  // the tie-break column only when a tie was broken
  const head = `<tr><th scope="col">${esc(t("tn_pos"))}</th><th scope="col">${esc(t("tn_team"))}</th>`
    + cols.map((c) => `<th scope="col"><span aria-hidden="true">${esc(t(`tn_c_${c}`))}</span><span class="sr-only">${esc(t(`tn_${c}`))}</span></th>`).join("")
    + `<th scope="col" class="tn-wide">${esc(t("tn_deals"))}</th><th scope="col" class="tn-wide">${esc(t("tn_cards"))}</th>`
    + (ties ? `<th scope="col" class="tb tn-wide">${esc(t("tn_tiebreak"))}</th>` : "") + "</tr>";
  // On a phone the deals, card points and tie-break columns fold under the pair's name (.tn-more).
  const more = (r) => `<span class="tn-more">${esc(t("tn_deals"))} ${r.deals_for}–${r.deals_against} · ${esc(t("tn_cards"))} ${num(r.points_for)}–${num(r.points_against)}`
    + `${ties && r.tiebreak ? ` · ${esc(t(`tn_tb_${r.tiebreak}`))}` : ""}</span>`;
  // Who is still playing: the pairs on the table now, and the pairs out of the tournament.
  const badge = (r) => (r.in_play ? ` <span class="tn-badge playing">${esc(t("tn_badge_playing"))}</span>`
    : r.out ? ` <span class="tn-badge">${esc(t("tn_badge_out"))}</span>` : "");
  const cls = (r) => [r.pair === 0 && "mine", r.out && "out", r.in_play && "playing"].filter(Boolean).join(" ");
  const body = rows.map((r, i) => `<tr class="${cls(r)}" data-pair="${r.pair}"><td>${i + 1}</td><th scope="row"><span class="tn-name">${esc(pairName(r.pair))}</span>${badge(r)}${more(r)}</th>`
    + cols.map((c) => `<td>${num(r[c])}</td>`).join("")
    + `<td class="tn-wide">${r.deals_for}–${r.deals_against}</td><td class="tn-wide">${num(r.points_for)}–${num(r.points_against)}</td>`
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

/** Who will meet in a knock-out match not drawn yet, as the engine says: a place in the group
 * standings, or the winner of an earlier stage's match. */
function seedName(s) {
  if (s.winner_of) return t(`tn_${s.winner_of}_winner`, { n: s.n });
  return s.group === null ? t("tn_place", { n: s.place }) : t("tn_place_group", { n: s.place, g: GROUPS[s.group] });
}

/** The knock-out: each stage's matches with their results, or who will meet there. */
function bracket(view) {
  const title = { quarter: "tn_quarters", semi: view.shape === "secca" ? "tn_semis_secca" : "tn_semis", final: "tn_final" };
  return `<div class="tn-bracket">${view.knockout.map(({ stage, pending }) => {
    const games = view.fixtures.filter((f) => f.stage === stage);
    const items = games.length ? games.map((f) => `<li data-status="${f.status}">${result(f)}</li>`).join("")
      : pending.map(([a, b]) => `<li>${esc(seedName(a))} – ${esc(seedName(b))}</li>`).join("");
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

function nextLine(view, resume) {
  if (view.over) return `<p class="tn-champion">${esc(championText(view))}</p>`;
  const f = view.next;
  if (!view.next_is_player) {
    const out = view.player_left ? "" : `<p>${esc(t("tn_out"))}</p>`;
    return `${out}<p class="tn-status">${esc(t("tn_computer_playing", { a: pairName(f.a), b: pairName(f.b) }))}</p>`;
  }
  return `<p class="tn-status">${esc(t(resume ? "tn_next_resume" : "tn_next", { stage: stageName(f), b: pairName(f.b) }))}</p>`;
}

/** The standings screen in its parts: `head` (what comes next), `actions` (the buttons: kept as
 * they are while only the results change), `body` and `sub`. `resume`: the player's next match
 * is already under way (kept with the tournament). */
export function tournamentParts(view, resume) {
  const play = view.next_is_player
    ? `<button type="button" class="primary" id="btn-tn-play">${esc(t(resume ? "tn_resume" : "tn_play_next"))}</button>` : "";
  const fresh = `<button type="button"${view.over ? ' class="primary"' : ""} id="btn-tn-new">${esc(t("tn_new"))}</button>`;
  return {
    head: `${nextLine(view, resume)}${aliveLine(view)}`,
    actions: `${play}${fresh}<button type="button" id="btn-tn-leave">${esc(t("tn_leave"))}</button>`,
    body: `${standings(view)}
    <p class="tn-legend">${esc(t("tn_abbrev"))} ${esc(t("tn_legend"))} ${esc(t("tn_legend_ties"))}</p>
    <h2>${esc(t("tn_knockout"))}</h2>
    ${bracket(view)}
    <h2>${esc(t(view.groups > 1 ? "tn_results_groups" : "tn_results"))}</h2>
    ${rounds(view)}`,
    sub: t("tn_sub", { shape: t(`tn_name_${view.shape}`), pairs: view.pairs, level: t(`l_${view.level}`) }),
  };
}

/** The standings screen's frame, its parts inside. */
export function tournamentHtml(parts) {
  return `<div class="tn-inner">
    <h1 id="tn-title">${esc(t("tn_title"))}</h1>
    <p class="tn-sub" id="tn-sub"></p>
    <div id="tn-head">${parts.head}</div>
    <div class="tn-actions" id="tn-actions">${parts.actions}</div>
    <div id="tn-body">${parts.body}</div></div>`;
}
