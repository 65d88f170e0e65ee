// The few browser globals page modules touch when they load or store something, for Node: imported
// first by a test file (an import's body runs before the next import's), so that listeners a module
// registers at load (the rules dialog's button, the notice's taps) go nowhere, the language's
// event too, and storage is a Map. Nothing here draws: the tests call functions that answer
// values or markup text.

/** A Storage over a Map (getItem's null for a missing key, as the browser's). */
class MemoryStorage {
  #items = new Map();
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(key, String(value)); }
  removeItem(key) { this.#items.delete(key); }
  clear() { this.#items.clear(); }
  get length() { return this.#items.size; }
  key(i) { return [...this.#items.keys()][i] ?? null; }
}

const ignore = () => {};
const define = (name, value) => Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });

define("document", { documentElement: { dataset: {}, lang: "" }, addEventListener: ignore, dispatchEvent: () => true });
define("window", { addEventListener: ignore });  // no matchMedia: table/anim.js asks with ?.
define("localStorage", new MemoryStorage());
define("sessionStorage", new MemoryStorage());
// engine/worker.js listens on a BroadcastChannel when it loads (the worker's boot reports), which
// would keep Node running after the tests: here, a browser without one (worker.js allows for it).
delete globalThis.BroadcastChannel;
// Node 21+ has a navigator of its own (not the page's languages): the tests say which they have.
define("navigator", { languages: ["it-IT"], language: "it-IT" });
if (typeof globalThis.CustomEvent !== "function") {  // Node 18: not a global yet
  define("CustomEvent", class extends Event {
    constructor(type, init = {}) { super(type); this.detail = init.detail ?? null; }
  });
}

// The texts the first screen does without come after it on the page (strings/lookup.js textsReady,
// asked for by app.js): here every one is merged before a test runs.
await (await import("../../static/strings/lookup.js")).textsReady();
