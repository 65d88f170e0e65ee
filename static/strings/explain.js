// An engine or page error in the player's words: the engine names what went wrong (a code, the
// setting, the value, the choices), the page words it (tests/js/strings.test.mjs).
import { cut } from "../storage/checks.js";
import { VARIANTS } from "../engine/rules-data.js";
import { hasText, language, reasonText, t } from "./lookup.js";

const CHOICE_NAMES = { variant: (v) => t(`v_${v}`), level: (v) => t(`l_${v}`) };

/** An engine or page error in the player's words (the engine's own text never reaches the screen). */
export function explain(error) {
  if (error.code === "bad_setting") {  // the engine (or links.js) names the setting; the words are ours
    const setting = t(error.setting === "seed" ? "seed_setting" : error.setting);
    const value = cut(error.value ?? "", 40);
    if (!error.choices?.length) return t("err_bad_number", { setting, value });
    if (error.setting === "players" && VARIANTS[error.variant]) {  // "Brisca is played by 2, 3 or 4 players, not 5"
      const choices = new Intl.ListFormat(language(), { type: "disjunction" }).format(error.choices.map(String));
      return t("err_bad_players", { game: t(`v_${error.variant}`), value, choices });
    }
    const name = CHOICE_NAMES[error.setting] ?? String;
    return t("err_bad_setting", { setting, value, choices: error.choices.map(name).join(", ") });
  }
  const key = hasText(`err_${error.code}`) ? `err_${error.code}` : hasText(error.code) ? error.code : "err_unknown";
  return t(key, { detail: reasonText(error) });
}
