// The loading screen's progress bar while Python starts in the worker (engine/worker.js reports
// the bytes fetched so far, then the phases).
import { t } from "../strings/i18n.js";

// What the worker fetches before Python runs, uncompressed: the wasm, the standard library, the
// lock file and the briscola package. Only the bar's scale: it stops at 99% until Python is up.
const RUNTIME_BYTES = 12_400_000;

/** Show an engine progress report `p`: {loaded: bytes} or {phase}. */
export function showLoadProgress(p) {
  const bar = document.getElementById("load-progress"), text = document.getElementById("load-text");
  if (p.loaded != null) {
    const pct = Math.min(99, Math.round((p.loaded / RUNTIME_BYTES) * 100));
    bar.value = pct;
    text.textContent = t("loading_runtime", { pct });
  } else if (p.phase === "python") text.textContent = t("loading_start");
}
