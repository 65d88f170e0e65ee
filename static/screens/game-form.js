// A game's options, shown when the player starts a game another way than the front door's one tap:
// the game, its players and the computer's level; with friends, who plays (on this phone or
// online); folded under "Opzioni della partita" the format, the deals, the clocks, the optional
// rules, the cut, the draw and the 2 removed, each with the line that says what it does; the rule
// of the clock said before the match (RULES.md §3: running out loses it). It offers what the rules
// allow (RULES.md §2–§7); the engine still validates everything when the match starts.
import { LEVELS, REMOVABLE_TWOS, VARIANTS } from "../engine/rules-data.js";
import { esc } from "../dom/html.js";
import { cardName, t } from "../strings/i18n.js";
import "../table/rituals.js";  // the cut and the draw: their strings (the options below)
import { clockFields } from "../table/clock.js";
import { peopleFieldset, peopleOf } from "../table/pnp.js";
import { onlineFieldset, whereField, wireOnlineSetup } from "../online/setup.js";
import { chooseTwo, defaultFormat, drawSeats } from "./setup.js";
import { check, screenHead, select } from "./fields.js";

let unfolded = false;  // the options' fold stays as the player left it across the form's redraws

/** The fold was opened or closed (front.js hears its `toggle`). */
export function foldToggled(open) {
  unfolded = open;
}

const about = (key, params) => `<small class="about">${esc(t(key, params))}</small>`;

/** The deals a format offers at this table. */
function dealChoices(c, v) {
  if (c.kind === "first_to") return [1, 2, 3, 4, 5];
  if (c.kind === "chiamata") return [1, 3, 5, 7, 10];
  return v.even_smazzate.includes(c.players) ? [1, 2, 3, 4, 5, 6, 7] : [1, 3, 5, 7];
}

/** "15 secondi a mossa e 5 minuti per tutta la partita: se il tempo scade, perdi la partita." when
 * a clock is chosen (none in chiamata), else "". */
function clockRule(c, people) {
  if (c.variant === "chiamata" || !(c.move_s > 0 || c.match_min > 0)) return "";
  const parts = [c.move_s > 0 ? t("clock_per_move", { n: c.move_s }) : "", c.match_min > 0 ? t("clock_per_match", { n: c.match_min }) : ""];
  const clock = parts.filter(Boolean).join(t("and_join"));
  return `<p class="rule-line" id="clock-rule">${esc(t(people > 1 ? "clock_rule_all" : "clock_rule_you", { clock }))}</p>`;
}

/** What the fold holds, in a few words on its summary: the format, a clock, the optional rules. */
function brief(c, rules) {
  const words = [c.kind === "punti" ? t("f_punti") : `${t(`f_${c.kind}`)}: ${c.deals}`];
  if (c.variant !== "chiamata" && (c.move_s > 0 || c.match_min > 0)) words.push(t("brief_clock"));
  if (rules) words.push(t("brief_rules", { n: rules }));
  return words.join(" · ");
}

/** Draw the form for choices `c` into `form` (read it back with setup.js readForm); `mode`:
 * "computer" (every other seat the computer's) or "friends" (who plays is chosen here). */
export function renderGame(form, c, mode) {
  const v = VARIANTS[c.variant];
  if (!v.players.includes(c.players)) c.players = v.players[0];
  if (!v.kinds.includes(c.kind)) Object.assign(c, defaultFormat(c.variant, c.players));
  const teams = v.teams.includes(c.players);
  const twoSides = teams || c.players === 2;
  const deals = dealChoices(c, v);
  if (c.kind === "punti") c.deals = 1;
  else if (!deals.includes(Number(c.deals))) c.deals = deals[Math.min(1, deals.length - 1)];
  // The fold as it is now: its toggle event comes a task after a tap, and a choice made at once
  // redraws the form before it.
  const fold = form.querySelector("details.game-options");
  if (fold) unfolded = fold.open;
  const friends = mode === "friends";
  const online = friends && c.where === "online";
  const people = friends ? peopleOf(c, c.players).length : 1;
  const computer = people < c.players;  // some seat is the computer's: its level
  const level = select("level", LEVELS.map((l) => [l, t(`l_${l}`)]), t("level"), c.level);
  const checks = [
    c.variant !== "chiamata" && "vinco_subito", "carte_viste", teams && "carte_scoperte", teams && "mostra_carte",
    c.kind !== "chiamata" && c.kind !== "punti" && "replay_ties", c.kind !== "chiamata" && twoSides && "knockout", "cut",
    drawSeats(c) && "draw",
  ].filter(Boolean);
  const rules = checks.filter((name) => c[name]).length;
  form.innerHTML = `<div class="setup-body game-form">
    ${screenHead(t(friends ? "door_friends" : "door_computer"))}
    <div class="grid">
      ${select("variant", Object.keys(VARIANTS).map((k) => [k, t(`v_${k}`)]), t("variant"), c.variant)}
      ${select("players", v.players.map((n) => [n, String(n)]), t("players"), c.players)}
      ${friends ? "" : level}
    </div>
    ${friends ? whereField(c) + (online ? onlineFieldset(c) : peopleFieldset(c)) : ""}
    ${friends && computer ? `<div class="grid level">${level}</div>` : ""}
    <details class="game-options"${unfolded ? " open" : ""}><summary><span>${esc(t("game_options"))}</span>
      <small class="brief">${esc(brief(c, rules))}</small></summary>
      <div class="grid">
        <div class="field-about">${select("kind", v.kinds.map((k) => [k, t(`f_${k}`)]), t("format"), c.kind)}${about(`about_f_${c.kind}`)}</div>
        ${c.kind === "punti" ? "" : select("deals", deals.map((n) => [n, String(n)]), t("deals"), c.deals)}
        ${c.variant !== "chiamata" ? clockFields(c).map((f) => select(...f)).join("") : ""}
        ${chooseTwo(c) ? `<div class="field-about">${select("removed_two", REMOVABLE_TWOS.map((x) => [x, cardName(x, c.style)]), t("removed_two"), c.removed_two)}${about("about_removed_two")}</div>` : ""}
      </div>
      <fieldset><legend>${t("options")}</legend>${checks.map((name) => check(name, c[name], t(`about_${name}`))).join("")}</fieldset>
    </details>
    ${clockRule(c, people)}
    ${mode === "computer" ? `<p class="fair-play" id="fair-play">${t("fair_play")}</p>` : ""}
    <div class="more"><button type="button" id="btn-rules">${t("ru_button")}</button></div></div>
    <div class="start-bar"><p class="form-error" role="alert" hidden></p>
    <button type="submit" class="primary" id="start">${t(online ? "os_start" : "play")}</button></div>`;
  wireOnlineSetup(form);
}
