// The front door: the first screen, the ways to play as big choices. Continue the match in progress;
// play the computer (one tap starts a match with the last choices, the level changed in place); play
// with friends (on this phone, or online with an invite); the daily deal (daily.js); the tournament. Under them the player's
// progress in one line (the statistics a tap away), the rules, the organiser's tournament among
// people (club.js, UI-CONTRACT "The club's tournament") and the settings. Markup only: front.js
// answers the buttons (their ids), app.js says what to draw.
import { DAILY, LEVELS } from "../engine/rules-data.js";
import { esc } from "../dom/html.js";
import { t, tournamentLabel } from "../strings/i18n.js";
import { num } from "../strings/numbers.js";
import { loadStats } from "../storage/storage.js";
import { select } from "./fields.js";
import { longDate, streakText } from "./daily-view.js";

/** What the door is told besides the choices: the match waiting behind it (a state), or null; the
 * daily deal's day and the engine's summary of it (null until the engine has said it for today).
 * @typedef {{waiting: object | null, daily: {today: string, summary: object | null}}} DoorInfo */

/** "Continua la partita", with which match it is ("Briscola classica · Smazzata 2"). */
function continueChoice(c, { waiting }) {
  if (!waiting) return "";
  const label = waiting.tournament ? tournamentLabel(waiting.tournament)
    : waiting.daily ? `${t("dy_title")} · ${t(`v_${waiting.daily.variant}`)}`
      : `${t(`v_${waiting.view.variant}`)} · ${t("deal_n", { n: (waiting.practice?.deal ?? waiting.deal_index + 1) })}`;
  return `<button type="button" id="btn-back-match" class="door-choice door-continue primary">`
    + `<strong>${esc(t("back_to_match"))}</strong><small>${esc(label)}</small></button>`;
}

/** The game the one tap starts, in words: "Briscola classica", then "2 giocatori · una smazzata". */
function gameLine(c) {
  const deals = c.kind === "punti" ? t("door_one_deal") : c.kind === "first_to" ? `${t("f_first_to")} ${c.deals}`
    : `${t("deals")}: ${c.deals}`;
  return `<strong>${esc(t(`v_${c.variant}`))}</strong><small>${esc(`${t("door_players", { n: c.players })} · ${deals}`)}</small>`;
}

/** Play the computer: the game the one tap starts, the level to change in place, the tap itself. */
function computerChoice(c) {
  return `<section class="door-choice door-computer" aria-labelledby="door-computer">
    <h2 id="door-computer">${esc(t("door_computer"))}</h2>
    <div class="door-game"><span>${gameLine(c)}</span>
      <button type="button" id="btn-game-options" class="door-small">${esc(t("door_change"))}</button></div>
    ${select("level", LEVELS.map((l) => [l, t(`l_${l}`)]), t("level"), c.level)}
    <p class="form-error" role="alert" hidden></p>
    <button type="submit" class="primary" id="start">${esc(t("play"))}</button>
  </section>`;
}

/** Play with friends: on this phone (pass-and-play) or online, with an invite (UI-CONTRACT: its words say "online"). */
function friendsChoice() {
  return `<section class="door-choice door-friends" aria-labelledby="door-friends">
    <h2 id="door-friends">${esc(t("door_friends"))}</h2>
    <div class="door-row"><button type="button" id="btn-pnp">${esc(t("door_here"))}</button>
      <button type="button" id="btn-online">${esc(t("os_online"))}</button></div>
  </section>`;
}

/** The daily deal: today's date, a button per game (played: a tick and the points), the streak and
 * the calendar a tap away (daily.js answers them: data-daily, #btn-daily-calendar). */
function dailyChoice(c, { daily }) {
  const s = daily.summary;
  const games = DAILY.variants.map((v) => {
    const played = !!s && Object.hasOwn(s.today, v);
    const pts = played && s.today[v] != null ? num(s.today[v]) : "";
    // The name is the words shown (a screen reader hears "Classica, giocata, 32 punti", not the tick).
    const said = played ? t(pts ? "dy_game_played" : "dy_on_time", { pts }) : "";
    const how = played ? `<span aria-hidden="true">✓ ${esc(pts)}</span><span class="sr-only">${esc(said)}</span>` : esc(t("dy_to_play"));
    return `<button type="button" data-daily="${v}" data-played="${played}">`
      + `<span>${esc(t(`dy_short_${v}`))}</span><small>${how}</small></button>`;
  }).join("");
  return `<section class="door-choice door-daily" aria-labelledby="door-daily">
    <h2 id="door-daily">${esc(t("dy_title"))} <small>${esc(longDate(daily.today))}</small></h2>
    <div class="daily-games">${games}</div>
    <button type="button" id="btn-daily-calendar" class="door-line"><strong${s ? ` data-streak="${s.streak}"` : ""}>`
    + `${esc(s ? streakText(s) : t("dy_calendar"))}</strong><span>${s ? esc(t("dy_calendar")) : ""}</span>`
    + `<span class="chevron" aria-hidden="true">›</span></button>
  </section>`;
}

function tournamentChoice() {
  return `<button type="button" id="btn-tournament" class="door-choice">`
    + `<strong>${esc(t("tn_button"))}</strong><small>${esc(t("door_tournament"))}</small></button>`;
}

// The ways to play, in this order. The open tables ("Tavoli aperti", UI-CONTRACT) take their place
// here, after playing with friends: a function of the choices and the DoorInfo that returns its
// .door-choice markup.
const CHOICES = [continueChoice, computerChoice, friendsChoice, dailyChoice, tournamentChoice];

/** The matches counted so far (the engine's statistics as stored), or null when there are none
 * or they cannot be read (the statistics dialog says why). */
function played() {
  const stats = loadStats();
  if (!Array.isArray(stats?.lines)) return null;
  const count = (key) => stats.lines.reduce((sum, l) => sum + (Number.isSafeInteger(l?.[key]) && l[key] > 0 ? l[key] : 0), 0);
  const matches = count("matches");
  return matches ? { matches, won: count("won") } : null;
}

/** The player's progress in one line, a button that opens the statistics. */
function progressLine() {
  const p = played();
  const line = p ? t("door_progress", { n: num(p.matches), won: num(p.won) }) : t("stats_none");
  return `<button type="button" id="btn-stats" class="door-line"><strong>${esc(t("stats_title"))}</strong>`
    + `<span>${esc(line)}</span><span class="chevron" aria-hidden="true">›</span></button>`;
}

/** The front door's markup for choices `c`. @param {DoorInfo} info */
export function doorHtml(c, info) {
  return `<div class="setup-body door">
    <header class="door-head"><h1>${esc(t("title"))}</h1>
      <button type="button" id="btn-settings" class="door-small">${esc(t("settings_title"))}</button></header>
    ${CHOICES.map((choice) => choice(c, info)).join("")}
    ${progressLine()}
    <div class="more"><button type="button" id="btn-rules" data-variant="${esc(c.variant)}">${esc(t("ru_button"))}</button>
      <button type="button" id="btn-club">${esc(t("cl_button"))}</button></div>
  </div>`;
}
