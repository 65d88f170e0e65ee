// Numbers as the player's language writes them (issue 24): "44,5" in Italian and Spanish, "44.5"
// in English, grouped as each groups thousands. For counts and points shown to a person; never
// for a seed or a value read back by the page.
import { language } from "./lookup.js";

const formats = new Map();  // one Intl.NumberFormat per language (building one is not free)

/** `n` in the page's language, to one decimal at most (the engine's averages carry one); anything
 * not a number is shown as it is. */
export function num(n) {
  if (typeof n !== "number" || !Number.isFinite(n)) return String(n ?? "");
  // A whole number under a thousand is written alike in every language of ours (none groups it):
  // without Intl, whose first use on a page costs ~0.2 s on a phone (ICU's data), before a table.
  if (Number.isInteger(n) && Math.abs(n) < 1000 && !Object.is(n, -0)) return String(n);
  const lang = language();
  if (!formats.has(lang)) formats.set(lang, new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }));
  return formats.get(lang).format(n);
}
