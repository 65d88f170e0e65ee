// The rules and how to play on this page (issue 13): a modal dialog opened by the setup screen's
// "Regole" button, for the game chosen in the form; a select in the dialog reads the others.
// Plain JavaScript and the page's own strings, nothing from Python, so it works from the first
// paint. The texts are in rules-text.js; the card tables are built here from the engine's data
// (rules-data.js, generated from the briscola package), so the order and the points shown are the engine's.
import { VARIANTS } from "../engine/rules-data.js";
import { DEFAULT_DECK, GAME_DECKS, STYLES } from "../decks/cards.js";
import { esc } from "../dom/html.js";
import { closeModal, focusBack, modalBox, openModal } from "../dom/modal.js";
import { addStrings, deckText, t } from "../strings/i18n.js";
import { RULES_STRINGS } from "../strings/rules-text.js";

addStrings(RULES_STRINGS);  // this dialog's texts come with it (front.js loads it when its button is tapped)

const GAMES = Object.keys(VARIANTS);

// Chiamata's scores per deal (RULES.md §7): caller / partner / each opponent.
const SCORES = [
  ["ru_score_r1", "+2 / +1 / −1", "−2 / −1 / +1"],
  ["ru_score_r2", "+4 / +2 / −2", "−4 / −2 / +2"],
  ["ru_score_r3", "+6 / +3 / −3", "−2 / −1 / +1"],
  ["ru_score_r4", "+4 / — / −2", "−4 / — / +2"],
];

const MATCH_END = ["m_vp", "m_pdiff", "m_abandon"];
const TEAM_OPTIONS = ["options_intro", "o_vinco", "o_viste", "o_scoperte", "o_mostra", "o_cut", "o_clock"];

/** Each game's sections in reading order: [topic, text keys (without "ru_")]. */
const SECTIONS = {
  classica: [
    ["intro", ["classica_intro"]], ["cards", ["cards"]], ["deal", ["classica_deal"]], ["play", ["play"]],
    ["draw", ["draw"]], ["win", ["classica_win"]],
    ["match", ["classica_match", "m_punti", "m_smazzate", "m_first_to", "m_replay", "m_knockout", ...MATCH_END]],
    ["options", TEAM_OPTIONS],
  ],
  brisca: [
    ["intro", ["brisca_intro"]], ["cards", ["cards", "brisca_cards"]], ["deal", ["brisca_deal"]], ["play", ["play"]],
    ["draw", ["draw"]], ["exchange", ["brisca_exchange"]], ["win", ["brisca_win"]],
    ["match", ["brisca_match", "m_first_to", "m_punti", "m_smazzate", "m_replay", "m_knockout", ...MATCH_END]],
    ["options", [...TEAM_OPTIONS, "o_draw"]],
  ],
  biscambiggia: [
    ["intro", ["bisc_intro"]], ["cards", ["bisc_cards"]], ["deal", ["bisc_deal"]], ["play", ["play"]],
    ["draw", ["draw"]], ["win", ["bisc_win"]],
    ["match", ["bisc_match", "m_first_to", "m_smazzate", "m_punti", "m_replay", "m_knockout", ...MATCH_END]],
    ["options", TEAM_OPTIONS],
  ],
  chiamata: [
    ["intro", ["chiamata_intro"]], ["cards", ["cards"]], ["deal", ["chiamata_deal"]], ["auction", ["chiamata_auction"]],
    ["call", ["chiamata_call"]], ["play", ["chiamata_play"]], ["win", ["chiamata_win"]],
    ["score", ["chiamata_score"]], ["match", ["chiamata_match"]], ["options", ["options_intro", "o_viste_five", "o_cut"]],
  ],
};

/** How to play on this page: the same for every game, plus chiamata's auction controls. */
function pageSections(game) {
  return [["gestures", game === "chiamata" ? ["gestures", "chiamata_page"] : ["gestures"]],
    ["keys", ["keys"]], ["bar", ["bar"]], ["save", ["save"]]];
}

// The page's own labels, quoted by the texts as {name}: a button is named as the page shows it.
const LABELS = ["hint", "last_trick", "new_game", "abandon", "sound", "language", "menu", "back_to_match",
  "review_title", "stats_title", "tn_button", "options", "exchange_do", "exchange_skip", "bid_pass", "bid_points",
  "bid_points_go", "bid_choose", "f_punti", "f_smazzate", "f_first_to", "f_chiamata", "replay_ties", "knockout",
  "l_campione", "cut", "draw", "clock_move", "clock_match"];

const labels = () => Object.fromEntries(LABELS.map((k) => [k, t(k)]));

/** The court cards as the deck `style` names them, for the texts: {rank_Q} "donna" in a list,
 * {bid_Q} "la donna" in a sentence (the table of ranks says the same words). */
const courtWords = (style) => Object.fromEntries([..."KQJ"].flatMap((r) => [
  [`rank_${r}`, deckText(`rank_${r}`, style).toLowerCase()], [`bid_${r}`, deckText(`bid_${r}`, style)]]));

/** The deck `game` is played with from the setup: the player's pick (the form's deck select), else
 * the game's own. Its family's words name the cards in the rules (issue 24: no "Donna" in the table
 * beside "cavallo" in the text). */
export function rulesDeck(game) {
  const picked = globalThis.document?.querySelector?.("#setup select[name=style]")?.value;
  return Object.hasOwn(STYLES, picked ?? "") ? picked : GAME_DECKS[game] ?? DEFAULT_DECK;
}

/** Escaped text with **bold**. */
const inline = (text) => esc(text).replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");

/** A text of rules-text.js as markup: a paragraph a line, "- " lines gathered into lists. */
export function textHtml(text) {
  let html = "", items = [];
  const flush = () => { if (items.length) html += `<ul>${items.map((i) => `<li>${inline(i)}</li>`).join("")}</ul>`; items = []; };
  for (const line of text.split("\n")) {
    if (line.startsWith("- ")) { items.push(line.slice(2)); continue; }
    flush();
    if (line.trim()) html += `<p>${inline(line)}</p>`;
  }
  flush();
  return html;
}

/** The game's trick order, high to low, its ranks named as deck `style` names them: the cards that
 * score, then the blanks (lisci), worth nothing. */
function cardsTable(game, style) {
  const { order, points } = VARIANTS[game];
  const rows = [...order].filter((r) => points[r]).map((r) => `<tr data-rank="${r}"><th scope="row">${esc(deckText(`rank_${r}`, style))}</th><td>${points[r]}</td></tr>`);
  const blanks = [...order].filter((r) => !points[r]).join(", ");
  rows.push(`<tr data-rank="blanks"><th scope="row">${blanks}</th><td>0</td></tr>`);
  return `<table class="rules-table rules-ranks"><caption>${esc(t("ru_cards_caption"))}</caption>`
    + `<thead><tr><th scope="col">${esc(t("ru_col_card"))}</th><th scope="col">${esc(t("ru_col_points"))}</th></tr></thead>`
    + `<tbody>${rows.join("")}</tbody></table>`;
}

function scoreTable() {
  const rows = SCORES.map(([key, win, lose]) => `<tr><th scope="row">${esc(t(key))}</th><td>${win}</td><td>${lose}</td></tr>`);
  return `<table class="rules-table rules-scores"><thead><tr><th scope="col">${esc(t("ru_score_case"))}</th>`
    + `<th scope="col">${esc(t("ru_score_win"))}</th><th scope="col">${esc(t("ru_score_lose"))}</th></tr></thead>`
    + `<tbody>${rows.join("")}</tbody></table>${textHtml(t("ru_cappotto"))}`;
}

function sectionHtml(game, [topic, keys], params, style) {
  let body = textHtml(keys.map((k) => t(`ru_${k}`, params)).join("\n"));
  if (topic === "cards") body += cardsTable(game, style);
  if (topic === "score") body += scoreTable();
  return `<section data-topic="${topic}"><h3 id="rules-h-${topic}" tabindex="-1">${esc(t(`ru_h_${topic}`))}</h3>${body}</section>`;
}

/** The rules of `game` and how to play on this page, as markup, the cards named as deck `style`
 * names them. */
export function rulesHtml(game, style = rulesDeck(game)) {
  const params = { ...labels(), ...courtWords(style) };
  const rules = SECTIONS[game].map((s) => sectionHtml(game, s, params, style)).join("");
  const page = pageSections(game).map((s) => sectionHtml(game, s, params, style)).join("");
  return `<p class="rules-jump"><button type="button" data-jump="gestures">${esc(t("ru_jump"))}</button></p>`
    + `${rules}<div class="rules-page">${page}</div>`;
}

// ------------------------------------------------------------------ the dialog

let dialog = null;
let game = "classica";
let returnFocus = null;

function fill() {
  dialog.innerHTML = `<header class="rules-head"><h2 id="rules-title">${esc(t("ru_title"))}</h2>`
    + `<label class="rules-pick"><span>${esc(t("variant"))}</span><select id="rules-variant">`
    + GAMES.map((g) => `<option value="${g}"${g === game ? " selected" : ""}>${esc(t(`v_${g}`))}</option>`).join("")
    + `</select></label></header>`
    + `<div id="rules-body" class="rules-body" tabindex="0" role="region" aria-label="${esc(t(`v_${game}`))}">${rulesHtml(game)}</div>`
    + `<footer class="rules-foot"><button type="button" class="primary" id="rules-close">${esc(t("close"))}</button></footer>`;
  dialog.dataset.game = game;
}

/** Open the rules of `variant` (one of the setup's games; anything else shows classica). */
export function openRules(variant) {
  game = GAMES.includes(variant) ? variant : "classica";
  if (dialog) { fill(); return; }
  returnFocus = document.activeElement;
  dialog = modalBox("rules", "rules-dialog");
  fill();
  dialog.addEventListener("change", (e) => {
    if (e.target.id !== "rules-variant") return;
    game = e.target.value;
    fill();
    dialog.querySelector("#rules-variant").focus();
  });
  dialog.addEventListener("click", (e) => {
    if (e.target.closest("#rules-close")) closeRules();
    const jump = e.target.closest("[data-jump]");
    if (jump) {
      const heading = dialog.querySelector(`#rules-h-${jump.dataset.jump}`);
      heading.scrollIntoView({ block: "start" });
      heading.focus({ preventScroll: true });
    }
  });
  dialog.addEventListener("close", () => {  // Escape (the dialog's cancel) and the close button both end here
    dialog.remove();
    dialog = null;
    focusBack(returnFocus, "btn-rules");
    returnFocus = null;
  });
  document.body.append(dialog);
  openModal(dialog, { onEscape: closeRules, tabbable: "select, button, [tabindex='0']" });
  dialog.querySelector("#rules-body").focus();  // the text first: arrows and Page Down scroll it at once
}

export function closeRules() {
  if (dialog) closeModal(dialog);
}

/** The language switch re-words an open dialog. Called once, when this module loads. */
function init() {
  document.addEventListener("briscola:language", () => {
    if (!dialog) return;
    const inSelect = document.activeElement?.id === "rules-variant";
    fill();
    dialog.querySelector(inSelect ? "#rules-variant" : "#rules-body").focus();
  });
}

init();
