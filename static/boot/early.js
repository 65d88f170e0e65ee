// The first module the page runs: when the first screen will need Python (a `?new=`, `?daily=`,
// `?record=` or `?host=` link, or a saved match to resume), the engine starts here, before the page's other
// modules have arrived (on a phone their waterfall takes ~1 s), so the runtime's bytes start
// arriving that much sooner. The setup screen alone waits for the first paint (app.js), and a
// guest's page starts it only at a fair table, once its lobby is drawn (online/guest.js).
import { startEngine } from "../engine/worker.js";
import { hasMatch } from "../storage/storage.js";

const q = new URLSearchParams(location.search);
if (!q.has("join") && (q.has("new") || q.has("daily") || q.has("record") || q.has("host") || hasMatch())) {
  startEngine();
  import("../strings/later-texts.js");  // and the table's texts (strings/lookup.js textsReady takes this module up)
}
