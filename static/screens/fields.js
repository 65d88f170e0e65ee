// The fields of the screens between matches (the front door, a game's options, the settings): a
// labelled select and a checkbox, each a 44 px target (app.css), a checkbox with the line that
// says what it does under its label. Markup as text: the labels are our own words (strings/).
import { esc } from "../dom/html.js";
import { t } from "../strings/i18n.js";

/** A labelled select `name` of `values` ([value, text] pairs), `current` selected; `attrs` more
 * attributes of the select. */
export function select(name, values, label, current, attrs = "") {
  return `<label class="field"><span>${label}</span><select name="${name}"${attrs}>${values.map(([v, text]) =>
    `<option value="${v}"${String(v) === String(current) ? " selected" : ""}>${text}</option>`).join("")}</select></label>`;
}

/** A checkbox `name` labelled t(name), and under its label `about`, what it does (a line), if given. */
export function check(name, current, about = "") {
  const line = about ? `<small class="about">${esc(about)}</small>` : "";
  return `<label class="check"><input type="checkbox" name="${name}"${current ? " checked" : ""}>`
    + ` <span>${t(name)}${line}</span></label>`;
}

/** A screen's title with the way back to the front door before it (front.js answers the button). */
export function screenHead(title) {
  return `<header class="screen-head"><button type="button" id="btn-front-back" class="back"`
    + ` aria-label="${esc(t("back"))}"><span aria-hidden="true">‹</span></button><h1>${esc(title)}</h1></header>`;
}
