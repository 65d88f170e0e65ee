// The interpreter module PyScript loads (its config's `interpreter`, static/engine/worker.js), in the
// engine's worker: the page has one Python, in a Web Worker, never on the main thread.
// Python is restored from this build's memory snapshot when the browser keeps one (snapshot.js).
// Otherwise it starts normally, and the snapshot for the next visits is made apart, by another
// worker (makeSnapshot, static/boot/snapshot-maker.js), once the engine answers.
// Download progress goes to the page that started this worker, as messages to it (the worker's
// fetches are not the page's); never on a channel every tab of the site hears.
import { loadPyodide as boot, version } from "../../pyodide/pyodide.mjs";
import { BUILD, SNAPSHOT_PYTHON, restorePython, restored as copied, saveSnapshot } from "./snapshot.js";
import { BROTLI, runtimeResponse } from "./brotli.js";

export { version };

const indexURL = new URL("../../pyodide/", import.meta.url).href;
const packageURL = new URL("../../briscola.zip", import.meta.url).href;
const inWorker = typeof WorkerGlobalScope !== "undefined" && globalThis instanceof WorkerGlobalScope;
const tell = (data) => { if (inWorker) globalThis.postMessage({ briscolaBoot: data }); };
const laterURL = new URL("../../pyodide/python_stdlib_later.zip", import.meta.url).href;

/** The standard library's modules no start imports (tools/compile_bytecode.mjs), for static/main.py's
 * finder: read synchronously, as an import must be (a worker may). Throws when it cannot be had. */
globalThis.briscolaStdlibLater = () => {
  const req = new XMLHttpRequest();
  req.open("GET", laterURL, false);
  req.responseType = "arraybuffer";
  req.send();
  if (req.status !== 200) throw new Error(`python_stdlib_later.zip: HTTP ${req.status}`);
  return new Uint8Array(req.response);
};

/** Count the bytes of the runtime's downloads for the page's progress bar. */
function countDownloads() {
  const native = globalThis.fetch.bind(globalThis);
  let loaded = 0;
  globalThis.fetch = async (...args) => {
    if (Object.hasOwn(BROTLI, String(args[0]).split("/").pop())) {  // the wasm streams into the compiler as it arrives
      return runtimeResponse(String(args[0]), native, `briscola-${BUILD}`, (n) => { loaded += n; tell({ loaded }); });
    }
    const res = await native(...args);
    if (!res.ok || !res.body) return res;
    const reader = res.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        loaded += value.length;
        tell({ loaded });
      }
    })().catch(() => {});
    return res;
  };
  return () => { globalThis.fetch = native; };
}

/** Make this build's snapshot, apart from the engine (static/boot/snapshot-maker.js runs this in
 * a worker of its own once the engine is up, so a first visit never waits for it): a fresh
 * Python, the package imported, its memory kept in Cache Storage. Resolves when it is stored. */
export async function makeSnapshot() {
  try {
    const zip = fetchPackage();
    const py = await boot({ indexURL, _makeSnapshot: true });
    py.FS.writeFile("/home/pyodide/briscola.zip", new Uint8Array(await zip));
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/briscola.zip')");
    py.runPython(SNAPSHOT_PYTHON);
    await saveSnapshot(py.makeMemorySnapshot());
    tell({ snapshot: "saved" });
  } catch (err) {
    tell({ snapshot: `not saved: ${err?.message || err}` });
  }
}

/** The package's zip, asked for at once (PyScript's [files] would ask only once Python is up). */
function fetchPackage() {
  const zip = fetch(packageURL).then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(`briscola.zip: HTTP ${res.status}`))));
  zip.catch(() => {});
  return zip;
}

/** PyScript's call (its options: output handlers, and its guess of indexURL, which is this folder). */
export async function loadPyodide({ stdout, stderr, indexURL: _ignored, ...rest } = {}) {
  if (Object.keys(rest).length) throw new Error(`boot/pyodide.mjs: unexpected options ${Object.keys(rest)}`);
  tell({ phase: "start" });
  const restore = countDownloads();
  try {
    const zip = fetchPackage();  // beside the runtime's files and the snapshot, not after them
    const options = { indexURL, stdout, stderr };
    const restored = await restorePython(boot, options, (why) => tell({ notRestored: why }));
    const py = restored ?? await boot(options);
    py.FS.writeFile("/home/pyodide/briscola.zip", new Uint8Array(await zip));  // main.py puts it on sys.path
    // copied: "sparse" (less memory) or "full"; fresh: the page has a snapshot made apart, once the engine is up
    tell(restored ? { phase: "python", restored: true, copied } : { phase: "python", fresh: true });
    return py;
  } finally {
    restore();
  }
}
