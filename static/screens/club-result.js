// A match's result as the organiser enters or corrects it: round by round, who won each (or its
// card points), a 60–60 round marked as replayed, a pair's withdrawal. The engine says what it means
// as it is typed (op club_read: "Vince Rossi – Bianchi, 2 a 1", or why it cannot be) and takes it
// (op club_result): a change that redraws the bracket is confirmed first.
import { esc } from "../dom/html.js";
import { clubStageName, reasonText, t } from "../strings/i18n.js";
import { hideDialog, showDialog } from "./dialogs.js";
import { formatWords } from "./club-view.js";
import { change, club } from "./club-store.js";

/** The form's state: the fixture, how rounds are told, and what each mode holds. */
let entry = null;

const nameOf = (p) => club.view.names[p];

/** Rounds as the engine tells them, split into the two modes' values. */
function fromResult(result) {
  const winners = [], points = [];
  for (const r of result?.rounds ?? []) {
    if (r.points) {
      points.push([String(r.points[0]), String(r.points[1])]);
      winners.push(r.points[0] === r.points[1] ? "tie" : String(Number(r.points[1] > r.points[0])));
    } else {
      winners.push(r.winner === null ? "tie" : String(r.winner));
      points.push(["", ""]);
    }
  }
  return { winners, points };
}

/** The score sheet: a row per round, a column per pair (and one for a 60–60 round, void and replayed),
 * a tick in each row, or in points mode each pair's points. */
function rowsHtml() {
  const { f, mode, winners, points } = entry;
  const pairs = [f.a, f.b].map(nameOf);
  const cols = mode === "points" ? pairs : [...pairs, t("cl_tie")];
  const head = `<tr><th scope="col"><span class="sr-only">${esc(t("cl_round"))}</span></th>${cols.map((c) => `<th scope="col">${esc(c)}</th>`).join("")}</tr>`;
  const rows = Array.from({ length: entry.rows }, (_, i) => {
    const n = i + 1;
    const cell = (k) => {
      const label = esc(t("cl_pick", { name: cols[k], n }));
      if (mode === "points") {
        return `<td><input type="number" inputmode="numeric" min="0" max="120" data-round="${i}" data-side="${k}"`
          + ` value="${esc(points[i]?.[k] ?? "")}" aria-label="${label}"></td>`;
      }
      const value = k === 2 ? "tie" : String(k);
      return `<td><label class="cl-cell"><input type="radio" name="cl-r${i}" value="${value}" data-round="${i}"`
        + `${winners[i] === value ? " checked" : ""} aria-label="${label}"></label></td>`;
    };
    return `<tr class="cl-row"><th scope="row">${esc(t("cl_round_short", { n }))}</th>${cols.map((_, k) => cell(k)).join("")}</tr>`;
  }).join("");
  return `<table class="cl-sheet" data-mode="${mode}"><thead>${head}</thead><tbody>${rows}</tbody></table>`;
}

function formHtml() {
  const { f, mode } = entry;
  const modes = ["winner", "points"].map((m) => `<label class="cl-pick"><input type="radio" name="cl-mode" value="${m}"`
    + `${m === mode ? " checked" : ""}><span>${esc(t(`cl_mode_${m}`))}</span></label>`).join("");
  const conceded = ["", "0", "1"].map((v) => `<option value="${v}"${entry.conceded === v ? " selected" : ""}>`
    + `${esc(v === "" ? t("cl_conceded_none") : t("cl_conceded_by", { name: nameOf([f.a, f.b][Number(v)]) }))}</option>`).join("");
  return `<form class="cl-result" id="cl-result-form" novalidate>
    <p class="cl-result-sub">${esc(t("cl_result_sub", { stage: clubStageName(f), format: formatWords(f.format) }))}</p>
    <fieldset class="cl-modes"><legend>${esc(t("cl_mode_legend"))}</legend>${modes}</fieldset>
    <p class="cl-reading" id="cl-reading" aria-live="polite"></p>
    <div id="cl-rows">${rowsHtml()}</div>
    <button type="button" id="btn-cl-add-round">${esc(t("cl_add_round"))}</button>
    <label class="field"><span>${esc(t("cl_conceded_label"))}</span><select id="cl-conceded">${conceded}</select></label></form>`;
}

/** What the form says, as the engine takes it: the rounds given (blank ones left out), a withdrawal. */
function typed() {
  const rounds = [];
  for (let i = 0; i < entry.rows; i++) {
    if (entry.mode === "winner") {
      const w = entry.winners[i];
      if (w) rounds.push({ winner: w === "tie" ? null : Number(w) });
      continue;
    }
    const [a, b] = (entry.points[i] ?? ["", ""]).map((v) => String(v).trim());
    const value = (v) => (v === "" ? null : Number.isInteger(Number(v)) ? Number(v) : v);  // the engine refuses what is not a number
    if (a !== "" || b !== "") rounds.push({ points: [value(a), value(b)] });
  }
  return { rounds, ...(entry.conceded === "" ? {} : { conceded: Number(entry.conceded) }) };
}

let reading = 0;  // the newest reading asked for: an older answer is dropped

async function read() {
  const mine = ++reading;
  const res = await change("clubRead", { fixture: entry.f.key, result: typed() });
  const line = document.getElementById("cl-reading");
  if (mine !== reading || !line) return;
  if (!res.ok) {
    line.textContent = typed().rounds.length ? reasonText(res.error) : "";
    line.dataset.ok = "false";
    return;
  }
  const r = res.result;
  const first = r.winner === entry.f.a ? 0 : 1;  // the winner's rounds first: "2 a 1"
  const [a, b] = [r.deals[first], r.deals[1 - first]];
  line.textContent = t("cl_reading_win", { name: nameOf(r.winner), a, b }) + (r.replayed ? ` ${t("cl_replayed", { n: r.replayed })}.` : "");
  line.dataset.ok = "true";
}

function redrawRows() {
  document.getElementById("cl-rows").innerHTML = rowsHtml();
  read();
}

function wire(form) {
  form.addEventListener("submit", (e) => e.preventDefault());
  form.addEventListener("input", (e) => {
    const el = e.target;
    if (el.name === "cl-mode") { entry.mode = el.value; redrawRows(); return; }
    if (el.id === "cl-conceded") entry.conceded = el.value;
    else if (el.dataset.side !== undefined) {
      const i = Number(el.dataset.round);
      entry.points[i] = entry.points[i] ?? ["", ""];
      entry.points[i][Number(el.dataset.side)] = el.value;
    } else if (el.dataset.round !== undefined) entry.winners[Number(el.dataset.round)] = el.value;
    read();
  });
  form.querySelector("#btn-cl-add-round").addEventListener("click", () => { entry.rows++; redrawRows(); });
}

/**
 * The result dialog of fixture `f` (the engine's view of it). `done(answer, words)` keeps a change
 * the engine took (`words`: what to announce); `play(f)`, when the match has no result yet, puts
 * it on this phone's table instead.
 */
export function openResult(f, { done, play }) {
  const { winners, points } = fromResult(f.result);
  entry = { f, mode: points.some((p) => p[0] !== "") ? "points" : "winner", winners, points, conceded: "",
    rows: Math.max(f.format.kind === "punti" ? 1 : f.format.deals, winners.length) };
  if (f.result?.conceded != null) entry.conceded = String(f.result.conceded === f.a ? 0 : 1);
  const title = `${nameOf(f.a)} ${t("cl_vs")} ${nameOf(f.b)}`;
  const save = async (result) => {
    const res = await change("clubResult", { fixture: f.key, result });
    if (!res.ok) {
      const line = document.getElementById("cl-reading");
      if (line) line.textContent = reasonText(res.error);
      return;
    }
    const r = res.result.view.fixtures.find((g) => g.key === f.key)?.result;
    const words = r ? t("cl_saved_announce", { a: nameOf(f.a), b: nameOf(f.b), da: r.deals[0], db: r.deals[1] })
      : t("cl_cleared_announce", { a: nameOf(f.a), b: nameOf(f.b) });
    if (res.result.stale.length) confirmStale(res.result, () => done(res.result, words));
    else done(res.result, words);
  };
  const buttons = [{ label: t("cancel"), cancel: true, action: hideDialog }];
  if (f.result) buttons.unshift({ label: t("cl_clear"), id: "btn-cl-clear", action: () => save(null) });
  else if (play) buttons.unshift({ label: t("cl_play"), id: "btn-cl-play", action: () => play(f) });
  buttons.unshift({ label: t("cl_save"), primary: true, id: "btn-cl-save", action: () => save(typed()) });
  showDialog(title, [{ html: formHtml() }], buttons);
  const form = document.getElementById("cl-result-form");
  wire(form);
  read();
  form.querySelector("input")?.focus();
}

/** A change that redraws the knock-out drops results entered there: said, and confirmed. */
function confirmStale(answer, go) {
  const names = club.view.names;
  const list = answer.stale.map((s) => `${names[s.pairs[0]]} – ${names[s.pairs[1]]}`).join("; ");
  showDialog(t("cl_stale_title"), [t("cl_stale_body", { list })], [
    { label: t("cancel"), cancel: true, action: hideDialog },
    { label: t("cl_stale_yes"), primary: true, id: "btn-cl-stale-yes", action: go }]);
}
