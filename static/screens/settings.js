// The settings: how the page looks and answers, whatever the game (the language, the cards, the
// animations, the sounds, one tap to play a card). Each choice is remembered as it is made
// (front.js); the deck gallery opens beside the deck choice.
import { GAME_DECKS, STYLES, styleLabel } from "../decks/cards.js";
import { LANGUAGES, language, t } from "../strings/i18n.js";
import { esc } from "../dom/html.js";
import { later } from "../boot/later.js";
import { DEFAULTS, GAME_DECK, SPEEDS, deckFor } from "./setup.js";
import { check, screenHead, select } from "./fields.js";

// The deck gallery arrives when its button is first tapped (the form is redrawn, so the listener
// sits on the document).
const gallery = later(() => import("./gallery.js"));
document.addEventListener("click", (e) => {
  if (e.target.closest?.("#btn-gallery")) gallery.load().then((m) => m.showGallery());
});

/** The button that opens the deck gallery, beside the deck choice. */
const galleryButton = () => `<button type="button" id="btn-gallery" class="gallery-open">${esc(t("gallery_open"))}</button>`;

/** The deck choice: first the game's own deck (named), then every style; the game's own is shown
 * until the player picks one. */
function deckSelect(c) {
  const lang = language();
  const own = [GAME_DECK, t("deck_game", { deck: styleLabel(GAME_DECKS[c.variant] ?? DEFAULTS.style, lang) })];
  const styles = Object.keys(STYLES).map((s) => [s, styleLabel(s, lang)]);
  // data-deck: the deck in play either way (the gallery marks it "in use").
  return select("style", [own, ...styles], t("deck_style"), c.style_chosen ? c.style : GAME_DECK, ` data-deck="${deckFor(c)}"`);
}

/** The settings screen's markup for choices `c`. */
export function settingsHtml(c) {
  return `<div class="setup-body settings">
    ${screenHead(t("settings_title"))}
    <div class="grid">
      ${select("lang", Object.entries(LANGUAGES), t("language"), language())}
      ${deckSelect(c)}
      ${galleryButton()}
      ${select("speed", SPEEDS.map((s) => [s, t(`sp_${s}`)]), t("speed"), c.speed)}
    </div>
    ${check("sound", c.sound)}
    ${check("one_tap", c.one_tap, t("about_one_tap"))}</div>
    <div class="start-bar"><button type="button" class="primary" id="btn-settings-done">${t("settings_done")}</button></div>`;
}
