// The bridge to the page's one Python: a PyScript worker (static/main.py, briscola.web.call) that
// runs the engine, the computer players and the tournament's computer matches. The main thread only
// draws, animates and takes input. Messages are JSON text both ways: no Python object crosses.
//
// A worker that dies (a fatal error, or a call that never answers) is replaced by a new one; the
// callers then load the match again from its save (turns.js), with a word to the player.
import { PYSCRIPT } from "./pyscript-config.js";

// Far above the slowest real call (a long save loaded on a slow phone); tests shorten it to see a
// restart without waiting.
const CALL_TIMEOUT_MS = globalThis.briscolaCallTimeoutMs ?? 45_000;
// A test's throwaway browser profile says false: no later visit will restore from its snapshot,
// and making one is a second Python start beside the test.
const MAKE_SNAPSHOT = globalThis.briscolaMakeSnapshot ?? true;

export class EngineDown extends Error {}

let incarnation = 0;
let worker = null;  // Promise of {sync, xworker, element}
const listeners = new Set();

/** Follow the engine's start: {phase: "start"|"python"|"ready"}, {loaded: bytes}, {snapshot}. */
export function onEngineProgress(fn) {
  listeners.add(fn);
}

function tell(data) {
  for (const fn of listeners) fn(data);
}

/** A report of a start, from this page's own workers only (static/boot/pyodide.mjs `tell`): another
 * tab's start must neither keep this one's stall watch alive nor leave its marks here. */
function report(data) {
  if (data.snapshot) performance.mark(`briscola:snapshot-${data.snapshot === "saved" ? "saved" : "failed"}`);
  if (data.restored) performance.mark("briscola:snapshot-restored");
  if (data.copied === "sparse") performance.mark("briscola:snapshot-sparse");  // static/boot/snapshot.js
  if (data.notRestored) console.warn("Python snapshot not restored, starting normally:", data.notRestored);
  if (data.fresh) snapshotWanted = true;
  tell(data);
}

/** Hear a worker's boot reports (its performance marks are the worker's own). */
function hearBoot(target) {
  target.addEventListener("message", (e) => { if (e.data?.briscolaBoot) report(e.data.briscolaBoot); });
}

let snapshotWanted = false;  // the engine started without a snapshot: make one for the next visits
let snapshotMaker = null;

/** The next visits' snapshot, made by a worker of its own once the player's first move is confirmed
 * (or 8 s after the engine answers): the first visit never waits for it. */
function makeSnapshotLater() {
  const since = performance.now();
  const timer = setInterval(() => {
    if (snapshotMaker) { clearInterval(timer); return; }
    if (!performance.getEntriesByName("briscola:move-confirmed").length && performance.now() - since < 8000) return;
    clearInterval(timer);
    if (!snapshotWanted || !MAKE_SNAPSHOT) return;  // restored from one (or a throwaway profile): nothing to make
    try {
      snapshotMaker = new Worker(new URL("../boot/snapshot-maker.js", import.meta.url), { type: "module" });
      hearBoot(snapshotMaker);
      snapshotMaker.addEventListener("message", (e) => { if (e.data === "done") snapshotMaker.terminate(); });
    } catch { /* no snapshot: the next visit starts Python normally */ }
  }, 500);
}

// The worker's PyScript configuration, inline (JSON, from pyscript.toml by build.sh): a .toml would
// be fetched, and its TOML parser imported, on the page and again in the worker before Python starts.
// The interpreter by its full address (the worker's own is a blob's); pyscript.toml's is the site's.
const SITE = new URL("../../", import.meta.url);
const CONFIG = JSON.stringify({ interpreter: new URL(PYSCRIPT.interpreter, SITE).href });

/** The page's PyScript settings, read once as its core loads, for each kind of script it knows
 * (a worker's config is the worker's only): pyscript.toml's plugins (none of PyScript's editors,
 * terminals...), whose modules are then not even imported on the page's busy thread. */
function pageConfig() {
  for (const tag of ["py-config", "mpy-config"]) {
    if (document.querySelector(tag)) continue;
    const el = document.createElement(tag);
    el.textContent = JSON.stringify({ plugins: PYSCRIPT.plugins });
    document.head.append(el);
  }
}

/** The element PyScript turns into our worker (added when the engine is first needed). */
function workerScript() {
  const el = document.createElement("script");
  el.type = "py";
  el.setAttribute("worker", "");
  el.setAttribute("name", `engine-${incarnation}`);
  el.setAttribute("src", new URL("../main.py", import.meta.url).href);
  el.setAttribute("config", CONFIG);
  document.body.append(el);
  return el;
}

// What the engine's worker downloads on a first visit (the wasm and the standard library as Brotli
// copies, and their decoder: static/boot/brotli.js). PyScript and the worker take ~2 s (a phone) to
// ask for them; asked for here at once, the worker finds them in the HTTP cache (or still arriving:
// the browser hands the same download to both). Later visits have them from the service worker.
// tests/e2e/test_boot.py checks this list against what Python really loads.
const RUNTIME = ["pyodide/pyodide.asm.wasm.br", "pyodide/python_stdlib.zip.br", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.mjs",
  "pyodide/pyodide-lock.json", "briscola.zip", "static/boot/unbrotli.js", "static/vendor/brotli_dec_wasm.js",
  "static/vendor/brotli_dec_wasm_bg.wasm"];

function fetchRuntimeEarly() {
  if (navigator.serviceWorker?.controller) return;
  // A link a task: each costs ~10-15 ms of the main thread on the emulated phone as the request
  // starts, and the nine in one task were a long one (~0.15 s, issue 38) beside a first screen.
  for (const path of RUNTIME) {
    setTimeout(() => {
      const link = document.createElement("link");
      link.rel = "prefetch";
      link.fetchPriority = "high";
      link.href = new URL(`../../${path}`, import.meta.url).href;
      document.head.append(link);
    }, 0);
  }
}

// A start that shows no sign of life this long is stuck (seen about once in 250 warm starts: the
// worker up, Python never reporting): its worker is thrown away and another started. Every report
// of the start (bytes downloaded, a phase) counts as life, so a slow first download is never cut;
// a first visit's limit is longer still, as its downloads may be shared with the early fetches
// above and report nothing until those end. Tests shorten it.
const START_STALL_MS = globalThis.briscolaStartStallMs ?? (navigator.serviceWorker?.controller ? 30_000 : 90_000);
const START_TRIES = 3;

/** Rejects when the engine's start reports nothing for START_STALL_MS; `stop()` ends the watch. */
function stallWatch() {
  let last = performance.now();
  let timer;
  const alive = () => { last = performance.now(); };
  listeners.add(alive);
  const stalled = new Promise((_, reject) => {
    timer = setInterval(() => {
      if (performance.now() - last > START_STALL_MS) reject(new EngineDown("the engine's start stalled"));
    }, Math.min(1000, START_STALL_MS / 4));
  });
  stalled.catch(() => {});
  return { stalled, stop: () => { clearInterval(timer); listeners.delete(alive); } };
}

/** One worker's start: resolves when its Python answers calls; a stuck one is thrown away. */
async function startWorker(whenDefined) {
  const element = workerScript();
  const watch = stallWatch();
  try {
    await whenDefined("py");
    for (let i = 0; !element.xworker; i++) {  // PyScript picks the element up on its next mutation check
      if (i > 200) throw new EngineDown("the engine's worker did not start");
      await new Promise((r) => setTimeout(r, 10));
    }
    const xworker = element.xworker;
    hearBoot(xworker);
    await Promise.race([xworker.ready, watch.stalled]);  // main.py ran: its __export__ is on xworker.sync
    return { sync: xworker.sync, xworker, element };
  } catch (err) {
    element.xworker?.terminate();
    element.remove();
    throw err;
  } finally {
    watch.stop();
  }
}

async function boot() {
  performance.mark("briscola:engine-start");
  fetchRuntimeEarly();
  pageConfig();
  const { whenDefined } = await import("../../pyscript/core.js");
  for (let tries = 1; ; tries++) {
    try {
      const started = await startWorker(whenDefined);
      performance.mark("briscola:engine-ready");
      tell({ phase: "ready" });
      makeSnapshotLater();
      return started;
    } catch (err) {
      if (tries >= START_TRIES) throw err;
      console.warn(`The engine's start failed (${err?.message || err}); starting it again`);
      navigator.serviceWorker?.controller?.postMessage({ runtimeFailed: true });  // sw.js: the runtime from the cache
      incarnation++;
    }
  }
}

/** Start the engine (once); resolves when it answers calls. */
export function startEngine() {
  if (!worker) {
    worker = boot();
    worker.catch(() => {});
  }
  return worker.then(() => undefined);
}

/** Throw the worker away and start another (the caller loads its match again). */
export async function restartEngine() {
  const old = worker;
  worker = null;
  incarnation++;
  try {
    const w = await old;
    w?.xworker.terminate();
    w?.element.remove();
  } catch { /* it never started */ }
  return startEngine();
}

/** One engine operation: resolves with the parsed answer ({error} for input the engine refuses);
 * rejects with EngineDown when the worker is dead or does not answer. */
export async function call(op, arg = null) {
  const w = worker ?? (startEngine(), worker);
  let timer;
  try {
    const { sync } = await w.catch((err) => { throw new EngineDown(String(err?.message || err)); });
    const answer = await Promise.race([
      sync.call(op, JSON.stringify(arg)),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new EngineDown(`no answer to ${op}`)), CALL_TIMEOUT_MS); }),
    ]);
    globalThis.briscolaCalls?.push([op, JSON.stringify(arg), answer]);  // a test's record of what the engine was told (tests/e2e/online/test_fair_table.py)
    return JSON.parse(answer);
  } catch (err) {
    throw err instanceof EngineDown ? err : new EngineDown(String(err?.message || err));
  } finally {
    clearTimeout(timer);
  }
}
