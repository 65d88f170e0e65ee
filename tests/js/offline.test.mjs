// The offline start's two judgements: the service worker lets the runtime come from the network only
// while the latest check said the network serves this build (sw.js), and a snapshot whose restore
// failed because the runtime did not arrive is kept, the start tried again (boot/snapshot.js).
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { describe, test } from "node:test";
import vm from "node:vm";
import { restorePython, unreachable } from "../../dist/static/boot/snapshot.js";

/** Cache Storage over Maps: enough for snapshot.js and sw.js. */
function memoryCaches(entries = {}) {
  const stores = new Map(Object.entries(entries).map(([name, items]) => [name, new Map(Object.entries(items))]));
  const open = async (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const items = stores.get(name);
    const key = (req) => (typeof req === "string" ? req : req.url);
    return {
      match: async (req) => (items.has(key(req)) ? new Response(items.get(key(req))) : undefined),
      put: async (req, res) => { items.set(key(req), new Uint8Array(await res.arrayBuffer())); },
    };
  };
  return { stores, open, keys: async () => [...stores.keys()], delete: async (name) => stores.delete(name) };
}

describe("snapshot.js restorePython", () => {
  const build = async () => (await readFile(new URL("../../dist/static/boot/snapshot.js", import.meta.url), "utf8"))
    .match(/export const BUILD = "(\w+)"/)[1];

  /** restorePython over a stored snapshot: what it answered or threw, what it reported, what stayed stored. */
  async function withSnapshot(load) {
    const name = `briscola-snapshot-${await build()}`;
    const key = new URL(`../../dist/snapshot-${await build()}.bin`, import.meta.url).href;
    const storage = memoryCaches({ [name]: { [key]: new Uint8Array([1, 2, 3]) } });
    globalThis.caches = storage;
    const failures = [];
    try {
      return { py: await restorePython(load, {}, (why) => failures.push(why)), failures, kept: storage.stores.has(name) };
    } catch (err) {
      return { thrown: err, failures, kept: storage.stores.has(name) };
    } finally {
      delete globalThis.caches;
    }
  }

  test("a runtime that did not arrive: the error goes up, the snapshot stays", async () => {
    const load = async () => { throw new TypeError("Failed to fetch dynamically imported module: http://x/pyodide/pyodide.asm.mjs"); };
    const { thrown, failures, kept } = await withSnapshot(load);
    assert.ok(unreachable(thrown));
    assert.deepEqual(failures, []);  // not reported as a snapshot that does not restore
    assert.ok(kept);
  });

  test("a snapshot that does not restore is dropped and reported", async () => {
    const load = async () => { throw new Error("Snapshot build id mismatch"); };
    const { py, failures, thrown, kept } = await withSnapshot(load);
    assert.equal(thrown, undefined);
    assert.equal(py, null);
    assert.deepEqual(failures, ["Snapshot build id mismatch"]);
    assert.ok(!kept);
  });

  test("unreachable knows each browser's words and nothing else", () => {
    for (const message of ["Failed to fetch", "error loading dynamically imported module: x",
                           "Importing a module script failed.", "NetworkError when attempting to fetch resource.", "Load failed"]) {
      assert.ok(unreachable(new TypeError(message)), message);
    }
    assert.ok(!unreachable(new Error("Failed to fetch")));  // a TypeError only, as fetch's
    assert.ok(!unreachable(new TypeError("Cannot read properties of undefined")));
    assert.ok(!unreachable(new RangeError("Failed to fetch")));
  });
});

/** dist/sw.js in a context of its own: its fetch events answered or passed to the browser. */
async function serviceWorker(network) {
  const source = await readFile(new URL("../../dist/sw.js", import.meta.url), "utf8");
  const version = source.match(/const VERSION = "(\w+)"/)[1];
  const listeners = {};
  const scope = "https://cards.example/briscola/";
  const cache = { [`briscola-${version}`]: { [`${scope}pyodide/pyodide.asm.mjs`]: new Uint8Array([7]) } };
  const self = {
    addEventListener: (type, fn) => { listeners[type] = fn; },
    registration: { scope, active: {} },
    location: { origin: "https://cards.example" },
  };
  const context = { self, caches: memoryCaches(cache), fetch: network, URL, Response, Request, Date, JSON, console };
  vm.runInNewContext(source, context);
  const fetchEvent = (url, mode = "cors") => {
    let answered = null;
    listeners.fetch({ request: { method: "GET", url: scope + url, mode }, respondWith: (p) => { answered = p; } });
    return answered;  // null: the browser fetches it itself
  };
  const sameBuild = () => Promise.resolve(new Response(source));
  return { fetchEvent, sameBuild, message: (data) => listeners.message({ data }) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("sw.js: the runtime from the network only on the latest check's word", () => {
  test("a check that said so lets the browser fetch the runtime itself", async () => {
    const sw = await serviceWorker(() => sw.sameBuild());
    sw.fetchEvent("", "navigate");
    await settle();
    assert.equal(sw.fetchEvent("pyodide/pyodide.asm.mjs"), null);
  });

  test("an earlier check that answers late does not speak over a later one that failed", async () => {
    const answers = [];
    const sw = await serviceWorker(() => new Promise((resolve, reject) => answers.push({ resolve, reject })));
    sw.fetchEvent("", "navigate");  // this check hangs...
    sw.fetchEvent("", "navigate");  // ...this one fails...
    answers[1].reject(new TypeError("Failed to fetch"));
    await settle();
    answers[0].resolve(await sw.sameBuild());  // ...and the first one answers after it
    await settle();
    const answered = sw.fetchEvent("pyodide/pyodide.asm.mjs");
    assert.ok(answered, "the runtime must come from the cache");
    assert.deepEqual([...new Uint8Array(await (await answered).arrayBuffer())], [7]);
  });

  test("a page whose runtime failed takes the network's word back", async () => {
    let answer;
    const sw = await serviceWorker(() => new Promise((resolve) => { answer = resolve; }));
    sw.fetchEvent("", "navigate");
    sw.message({ runtimeFailed: true });
    answer(await sw.sameBuild());
    await settle();
    assert.ok(sw.fetchEvent("pyodide/pyodide.asm.mjs"));
  });
});
