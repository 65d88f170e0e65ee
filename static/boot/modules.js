// The page's modules by name, for the browser tests: `await briscolaModule("table/turns.js")` is
// that module's one instance, the running page's. The built site bundles the modules (tools/bundle.mjs),
// so no module has a file of its own to import by URL; a test that imported one would get a second
// instance, or nothing. Those the first screen loads anyway are here at once; the others are the
// page's own loaders (the same chunk, so the same instance), run on first use as the page runs them.
import * as checks from "../storage/checks.js";
import * as i18n from "../strings/i18n.js";
import * as modal from "../dom/modal.js";
import * as dialogs from "../screens/dialogs.js";
import * as notice from "../table/notice.js";
import * as turns from "../table/turns.js";
import * as cards from "../decks/cards.js";
import * as lobby from "../online/lobby.js";
import * as onlineSetup from "../online/setup.js";

const now = (module) => async () => module;

/** @type {Record<string, () => Promise<object>>} */
const MODULES = {
  "storage/checks.js": now(checks),
  "strings/i18n.js": now(i18n),
  "dom/modal.js": now(modal),
  "screens/dialogs.js": now(dialogs),
  "table/notice.js": now(notice),
  "table/turns.js": now(turns),
  "decks/cards.js": now(cards),
  "online/lobby.js": now(lobby),
  "online/setup.js": now(onlineSetup),
  "online/net.js": () => import("../online/net.js"),
  "screens/rules.js": () => import("../screens/rules.js"),
  ...Object.fromEntries(Object.keys(cards.STYLES).map((style) => [`decks/${style}.js`, () => cards.deckModule(style)])),
};

/**
 * The module of static/`name` as the page runs it.
 * @param {string} name e.g. "table/turns.js"
 * @returns {Promise<object>}
 */
export function briscolaModule(name) {
  const load = Object.hasOwn(MODULES, name) ? MODULES[name] : null;
  return load ? load() : Promise.reject(new Error(`briscolaModule: no module ${name}`));
}

globalThis.briscolaModule = briscolaModule;
