// The bar's "Suggerimento": what campione would play here, thought out in the worker, with a
// reason from the position, in a notice; the card it names is selected (Enter plays it).
import { t, theCard } from "../strings/i18n.js";
import { notice } from "./notice.js";
import * as turns from "./turns.js";
import { viewerOf } from "./viewer.js";

/** The hint button `btn` asks for a hint (disabled while the worker thinks). */
export function initHint(btn) {
  btn.addEventListener("click", () => hint(btn));
}

async function hint(btn) {
  btn.disabled = true;
  let r = null;
  try {
    r = await turns.hint();
  } catch { /* the worker is being replaced: no hint this time */ } finally {
    btn.disabled = false;
  }
  const st = turns.current();
  const cutting = st?.view.phase === "cut" && st.cut?.seat === viewerOf(st).seat;  // any place is as good
  if (!r) { notice(() => t(cutting ? "hint_cut" : "hint_none"), "info"); return; }
  const what = () => (r.action.play ? theCard(r.action.play) : r.action.exchange ? t("exchange_do") : t("hint_other"));
  notice(() => t("hint_text", { card: what(), reason: r.key ? t(`r_${r.key}`, r.params) : "" }), "hint", { hint: r.action.play || "" });
  if (r.action.play) turns.select(r.action.play);
}
