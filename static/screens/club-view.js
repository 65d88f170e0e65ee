// An organiser's tournament in markup, from the engine's view (briscola/club_view.py): its
// matches, the standings with the reason of every tie-break, the bracket; the organiser's form. Pure
// functions, text in, HTML text out: club.js puts them on the page; the followers' page and the
// printed sheet are the same markup without the organiser's buttons.
import { esc } from "../dom/html.js";
import { clubStageName, joinNames, t } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";

const GROUPS = ["A", "B"];
const KNOCKOUT = ["final", "semi", "quarter"];  // the latest stage first: what is being played now

const nameOf = (view, p) => view.names[p];

/** "al meglio di 3 smazzate", "partita secca". */
export function formatWords(fmt) {
  return fmt.kind === "punti" ? t("cl_fmt_punti") : t("cl_fmt_smazzate", { n: fmt.deals });
}

/** "18 coppie · due gironi · al meglio di tre · finale al meglio di cinque smazzate". */
export function subtitle(view) {
  const { groups, rounds, final } = view.plan;
  return t("cl_sub", { pairs: view.pairs, groups: t(`cl_sub_groups_${groups}`), rounds: t(`cl_sub_rounds_${rounds}`),
    final: t(`cl_final_${final}`) });
}

/** What is being played: the matches left in the stage, or the champion. */
export function statusLine(view) {
  if (view.over) return t("cl_champion", { name: nameOf(view, view.champion) });
  const left = view.fixtures.filter((f) => f.stage === view.stage && !f.result).length;
  if (view.stage === "group") return t("cl_left_group", { left, all: view.fixtures.filter((f) => f.stage === "group").length });
  return t("cl_left_stage", { stage: t(`cl_stage_${view.stage}`), left });
}

/** A finished match in a few words: "2–1 · vince Rossi – Bianchi · 1 × 60–60 ripetuta". */
function resultWords(view, f) {
  const r = f.result;
  const parts = [`${r.deals[0]}–${r.deals[1]}`, t("cl_won_by", { name: nameOf(view, r.winner) })];
  if (r.points) parts.push(`${num(r.points[0])}–${num(r.points[1])}`);
  if (r.replayed) parts.push(t("cl_replayed", { n: r.replayed }));
  if (r.conceded != null) parts.push(t("cl_conceded", { name: nameOf(view, r.conceded) }));
  return parts;
}

/** One match: `[data-fixture]`, its two pairs' names, its result or "da giocare"; for the organiser
 * a button that opens it (`open`). */
function fixtureItem(view, f, open) {
  const group = view.groups > 1 && f.group != null ? `<span class="cl-g" aria-hidden="true">${GROUPS[f.group]}</span>` : "";
  const won = (p) => (f.result?.winner === p ? " won" : "");
  const names = `<span class="cl-pair${won(f.a)}">${esc(nameOf(view, f.a))}</span><span class="cl-vs"> ${esc(t("cl_vs"))} </span>`
    + `<span class="cl-pair${won(f.b)}">${esc(nameOf(view, f.b))}</span>`;
  const status = f.result ? `<span class="cl-result">${resultWords(view, f).map(esc).join(" · ")}</span>`
    : `<span class="cl-todo">${esc(t("cl_to_play"))}</span>`;
  const body = `${group}<span class="cl-names">${names}</span>${status}`;
  const inner = open ? `<button type="button" class="cl-fix" data-key="${esc(f.key)}">${body}</button>` : `<div class="cl-fix">${body}</div>`;
  return `<li data-fixture="${esc(f.key)}" data-played="${!!f.result}">${inner}</li>`;
}

/** The matches, by round: the knock-out's stages first (the latest on top), then the group's rounds,
 * a round all played folded away (its button unfolds it; a printed sheet shows every one). */
export function fixturesHtml(view, open) {
  let n = 0;
  const block = (title, games, folded) => {
    const id = `cl-round-${n++}`, left = games.filter((f) => !f.result).length;
    return `<div class="cl-round"><h3><button type="button" class="cl-fold" aria-expanded="${!folded}" aria-controls="${id}">`
      + `<span>${esc(title)}</span><span class="cl-count">${left ? num(left) : "✓"}</span></button></h3>`
      + `<ul class="cl-fixtures" id="${id}"${folded ? " hidden" : ""}>${games.map((f) => fixtureItem(view, f, open)).join("")}</ul></div>`;
  };
  const out = [];
  for (const stage of KNOCKOUT) {
    const games = view.fixtures.filter((f) => f.stage === stage);
    if (games.length) out.push(block(`${t(`cl_stage_${stage}`)} · ${formatWords(games[0].format)}`, games, false));
  }
  const group = view.fixtures.filter((f) => f.stage === "group");
  const rounds = Math.max(...group.map((f) => f.round)) + 1;
  for (let r = 0; r < rounds; r++) {
    const games = group.filter((f) => f.round === r);
    out.push(block(clubStageName({ stage: "group", round: r }), games, view.stage !== "group" || games.every((f) => f.result)));
  }
  return out.join("");
}

/** A tie-break step in words: "davanti a Rossi – Bianchi per lo scontro diretto"; the pairs are not
 * named again when the step before was among the same ones (`prev`). */
function stepWords(view, s, prev) {
  const names = joinNames(s.with.map((p) => nameOf(view, p)));
  if (s.rule === "diff" && prev && String(prev.with) === String(s.with)) return t(`cl_why_${s.by}_short`);
  if (s.rule === "h2h") return t(s.ahead ? "cl_why_h2h_ahead" : "cl_why_h2h_behind", { name: names });
  if (s.rule === "mini") {
    if (s.split === false) return t("cl_why_mini_level", { names });
    return s.points === 1 ? t("cl_why_mini_one", { names }) : t("cl_why_mini", { names, n: s.points });
  }
  return t(`cl_why_${s.by}`, { names });
}

function standingsTable(view, rows, label) {
  const cols = ["played", "won", "lost", "standing"];
  const head = `<tr><th scope="col">${esc(t("tn_pos"))}</th><th scope="col">${esc(t("tn_team"))}</th>`
    + cols.map((c) => `<th scope="col"><span aria-hidden="true">${esc(t(`tn_c_${c}`))}</span><span class="sr-only">${esc(t(`tn_${c}`))}</span></th>`).join("")
    + `<th scope="col" class="tn-wide">${esc(t("tn_deals"))}</th><th scope="col" class="tn-wide">${esc(t("tn_cards"))}</th></tr>`;
  const deals = (r) => `${r.deals_for}–${r.deals_against}`, cards = (r) => `${num(r.points_for)}–${num(r.points_against)}`;
  const body = rows.map((r, i) => {
    const why = r.reasons.map((s, i) => `<span class="cl-why">${esc(stepWords(view, s, r.reasons[i - 1]))}</span>`).join("");
    const more = `<span class="tn-more">${esc(t("tn_deals"))} ${deals(r)} · ${esc(t("tn_cards"))} ${cards(r)}</span>`;
    return `<tr class="${r.out ? "out" : ""}" data-pair="${r.pair}"><td>${i + 1}</td><th scope="row">`
      + `<span class="tn-name">${esc(nameOf(view, r.pair))}</span>${r.out ? ` <span class="tn-badge">${esc(t("tn_badge_out"))}</span>` : ""}`
      + `${more}${why}</th>`
      + cols.map((c) => `<td>${num(r[c])}</td>`).join("")
      + `<td class="tn-wide">${deals(r)}</td><td class="tn-wide">${cards(r)}</td></tr>`;
  }).join("");
  return `<div class="tn-wrap" tabindex="0" role="region" aria-label="${esc(label)}"><table class="tn-standings cl-standings">`
    + `<caption class="sr-only">${esc(label)}</caption><thead>${head}</thead><tbody>${body}</tbody></table></div>`;
}

/** Every group's table, then what the columns and the tie-breaks mean. */
export function standingsHtml(view) {
  const tables = view.standings.map(({ group, rows }) => {
    const label = view.groups > 1 ? t("tn_standings_group", { g: GROUPS[group] }) : t("tn_standings");
    return `<h2 id="cl-group-${GROUPS[group]}">${esc(label)}</h2>${standingsTable(view, rows, label)}`;
  }).join("");
  return `${tables}<p class="tn-legend">${esc(t("tn_abbrev"))} ${esc(t("cl_legend"))}</p>`;
}

/** Who will meet in a knock-out match not drawn yet: a place in a group, or an earlier match's winner. */
function seedName(s) {
  if (s.winner_of) return t(`tn_${s.winner_of}_winner`, { n: s.n });
  return s.group === null ? t("tn_place", { n: s.place }) : t("tn_place_group", { n: s.place, g: GROUPS[s.group] });
}

/** The knock-out, stage by stage: drawn matches with their results, or who will meet there. */
export function bracketHtml(view) {
  const stages = view.knockout.map(({ stage, pending }) => {
    const games = view.fixtures.filter((f) => f.stage === stage);
    const items = games.length ? games.map((f) => fixtureItem(view, f, false)).join("")
      : pending.map(([a, b]) => `<li class="cl-pending">${esc(seedName(a))} – ${esc(seedName(b))}</li>`).join("");
    return `<div class="tn-stage cl-stage" data-stage="${stage}"><h3>${esc(t(`cl_stage_${stage}`))}</h3><ul class="cl-fixtures">${items}</ul></div>`;
  }).join("");
  const champion = view.over ? `<p class="tn-champion">${esc(statusLine(view))}</p>` : "";
  return `${champion}<div class="tn-bracket cl-bracket">${stages}</div>`;
}

/** The three panels (matches, standings, bracket); `tab` the one shown on screen (print shows all). */
export function panelsHtml(view, tab, open) {
  const tabs = ["fixtures", "standings", "bracket"].map((k) => `<button type="button" class="cl-tab" id="cl-tab-${k}" data-tab="${k}"`
    + ` aria-pressed="${k === tab}">${esc(t(`cl_tab_${k}`))}</button>`).join("");
  const panel = (k, html) => `<section class="cl-panel" id="cl-panel-${k}" data-panel="${k}"${k === tab ? "" : " data-off"}`
    + ` aria-labelledby="cl-tab-${k}">${html}</section>`;
  return `<div class="cl-tabs" role="group">${tabs}</div>`
    + panel("standings", standingsHtml(view))
    + panel("bracket", `<h2 class="cl-print-only">${esc(t("cl_tab_bracket"))}</h2>${bracketHtml(view)}`)
    + panel("fixtures", `<h2 class="cl-print-only">${esc(t("cl_print_fixtures"))}</h2>${fixturesHtml(view, open)}`);
}

// ------------------------------------------------------------------ the organiser's form

const radio = (name, value, checked, label, disabled = false) => `<label class="tn-shape"><input type="radio" name="${name}" value="${value}"`
  + `${checked ? " checked" : ""}${disabled ? " disabled" : ""}><span>${esc(label)}</span></label>`;

/** The new tournament's form; `f`: what it holds ({title, text, groups, rounds, final, draw}). */
export function formHtml(f) {
  const finals = [5, 3, 1].map((n) => `<option value="${n}"${n === f.final ? " selected" : ""}>${esc(t(`cl_final_${n}`))}</option>`).join("");
  return `<div class="tn-inner cl-form">
    <h1 id="cl-title">${esc(t("cl_title_new"))}</h1>
    <p>${esc(t("cl_intro"))}</p>
    <label class="field"><span>${esc(t("cl_name_label"))}</span><input type="text" id="cl-name" maxlength="60" autocomplete="off"`
    + ` value="${esc(f.title)}" placeholder="${esc(t("cl_name_placeholder"))}"></label>
    <label class="field" for="cl-pairs"><span>${esc(t("cl_pairs_label"))}</span></label>
    <textarea id="cl-pairs" data-pairs rows="9" spellcheck="false" autocomplete="off" aria-describedby="cl-pairs-hint cl-count"`
    + ` placeholder="${esc(t("cl_pairs_placeholder"))}">${esc(f.text)}</textarea>
    <p class="cl-hint" id="cl-pairs-hint">${esc(t("cl_pairs_hint"))}</p>
    <p class="cl-count-line" id="cl-count" aria-live="polite"></p>
    <fieldset id="cl-groups"><legend>${esc(t("cl_groups_legend"))}</legend></fieldset>
    <fieldset><legend>${esc(t("cl_rounds_legend"))}</legend>
      ${radio("cl-rounds", "tre", f.rounds === "tre", t("cl_rounds_tre"))}${radio("cl-rounds", "secca", f.rounds === "secca", t("cl_rounds_secca"))}
      <label class="field"><span>${esc(t("cl_final_label"))}</span><select id="cl-final">${finals}</select></label>
    </fieldset>
    <fieldset id="cl-draw" hidden><legend>${esc(t("cl_draw_legend"))}</legend>
      ${radio("cl-draw", "random", f.draw !== "hand", t("cl_draw_random"))}${radio("cl-draw", "hand", f.draw === "hand", t("cl_draw_hand"))}
      <div id="cl-hand"></div>
    </fieldset>
    <p class="tn-legend">${esc(t("cl_rule_note"))}</p>
    <p class="form-error" id="cl-form-error" role="alert" hidden></p>
    <div class="tn-actions">
      <button type="button" class="primary" id="btn-cl-organize" data-organize>${esc(t("cl_organize"))}</button>
      <button type="button" id="btn-cl-open">${esc(t("cl_open_file"))}</button>
      <button type="button" id="btn-cl-leave">${esc(t("tn_leave"))}</button>
    </div></div>`;
}

/** The form's choice of groups for `n` pairs (`allowed`: the engine's), the chosen one checked. */
export function groupsHtml(n, allowed, chosen) {
  return `<legend>${esc(t("cl_groups_legend"))}</legend>` + [1, 2].map((g) => radio("cl-groups", g, g === chosen,
    t(`cl_groups_${g}`) + (allowed.includes(g) || !n ? "" : ` ${t("cl_groups_off", { n })}`), n > 0 && !allowed.includes(g))).join("");
}

/** Groups by hand: each pair with its group (A or B), and how many each holds (`sizes`: the engine's). */
export function handHtml(names, hand, sizes) {
  const a = hand.filter((g) => g === 0).length;
  const rows = names.map((name, i) => `<li><span class="cl-hand-name">${esc(name)}</span><select data-hand="${i}"`
    + ` aria-label="${esc(t("cl_hand_pair", { name }))}">${GROUPS.map((g, k) => `<option value="${k}"${hand[i] === k ? " selected" : ""}>${g}</option>`).join("")}`
    + "</select></li>").join("");
  return `<p class="cl-hint" aria-live="polite">${esc(t("cl_hand_count", { a, b: names.length - a, sizes: sizes.join(" + ") }))}</p><ul class="cl-hand">${rows}</ul>`;
}
