// The interpreter module PyScript loads (pyscript.toml `interpreter`), in the engine's worker: the
// page has one Python, in a Web Worker (static/engine.js starts it), never on the main thread.
// Python is restored from this build's memory snapshot when the browser keeps one (snapshot.js).
// Otherwise it starts normally and, before PyScript hands it any JavaScript object, imports the
// package and keeps a snapshot of itself for the next visits (stored in the background).
// Download progress goes to the page on a BroadcastChannel (the worker's fetches are not the page's).
import { loadPyodide as boot, version } from "../../pyodide/pyodide.mjs";
import { SNAPSHOT_PYTHON, restorePython, saveSnapshot } from "./snapshot.js";

export { version };

const indexURL = new URL("../../pyodide/", import.meta.url).href;
const packageURL = new URL("../../briscola.zip", import.meta.url).href;
const channel = globalThis.BroadcastChannel ? new BroadcastChannel("briscola-boot") : null;
const tell = (data) => channel?.postMessage(data);

/** Count the bytes of the runtime's downloads for the page's progress bar. */
function countDownloads() {
  const native = globalThis.fetch.bind(globalThis);
  let loaded = 0;
  globalThis.fetch = async (...args) => {
    const res = await native(...args);
    if (!res.ok || !res.body) return res;
    if (String(res.url).endsWith(".wasm")) {  // untouched: streamed into the compiler, its code cache kept
      loaded += Number(res.headers.get("content-length")) || 0;
      tell({ loaded });
      return res;
    }
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

/** A fresh Python that keeps a snapshot of itself with the package imported (the next visits
 * start from it). A failure to snapshot changes nothing else. */
async function freshPython(options) {
  const zip = fetch(packageURL).then((res) => (res.ok ? res.arrayBuffer() : Promise.reject(new Error(`HTTP ${res.status}`))));
  const py = await boot({ ...options, _makeSnapshot: true });
  tell({ phase: "python" });
  try {
    py.FS.writeFile("/home/pyodide/briscola.zip", new Uint8Array(await zip));
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/briscola.zip')");
    py.runPython(SNAPSHOT_PYTHON);
    const bytes = py.makeMemorySnapshot();
    saveSnapshot(bytes).then(() => tell({ snapshot: "saved" }), (err) => tell({ snapshot: `not saved: ${err?.message || err}` }));
  } catch (err) {
    tell({ snapshot: `not saved: ${err?.message || err}` });
  }
  return py;
}

/** PyScript's call (its options: output handlers, and its guess of indexURL, which is this folder). */
export async function loadPyodide({ stdout, stderr, indexURL: _ignored, ...rest } = {}) {
  if (Object.keys(rest).length) throw new Error(`boot/pyodide.mjs: unexpected options ${Object.keys(rest)}`);
  tell({ phase: "start" });
  const restore = countDownloads();
  try {
    const options = { indexURL, stdout, stderr };
    const restored = await restorePython(boot, options, (why) => tell({ notRestored: why }));
    if (restored) tell({ phase: "python", restored: true });
    return restored || await freshPython(options);
  } finally {
    restore();
  }
}
