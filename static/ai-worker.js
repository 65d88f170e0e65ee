// The computer players' Python, in a worker: it boots Pyodide, loads the briscola package and
// answers one request per message (briscola.web.ai_answer). It only exchanges messages, so it
// needs no cross-origin isolation. Its first boot in a browser also makes the memory snapshot
// that later visits start from (boot/snapshot.js), here and on the page.
import { loadPyodide } from "../pyodide/pyodide.mjs";
import { SNAPSHOT_PYTHON, restorePython, saveSnapshot } from "./boot/snapshot.js";

const indexURL = new URL("../pyodide/", import.meta.url).href;

const ready = (async () => {
  const zip = fetch(new URL("../briscola.zip", import.meta.url)).then((res) => {
    if (!res.ok) throw new Error(`briscola.zip: HTTP ${res.status}`);
    return res.arrayBuffer();
  });
  const restored = await restorePython(loadPyodide, { indexURL });
  // A fresh start: made with _makeSnapshot, so the state right after the imports can be kept.
  const py = restored || await loadPyodide({ indexURL, _makeSnapshot: true });
  // The package file is needed either way: modules imported later read it (the file system is
  // not part of a snapshot).
  py.FS.writeFile("/home/pyodide/briscola.zip", new Uint8Array(await zip));
  if (!restored) {
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/briscola.zip')");
    const failed = (err) => self.postMessage({ snapshot: `not saved: ${err?.message || err}` });
    try {
      py.runPython(SNAPSHOT_PYTHON);
      // Stored in the background: the first answer does not wait for the 30 MB write.
      saveSnapshot(py.makeMemorySnapshot()).then(() => self.postMessage({ snapshot: "saved" }), failed);
    } catch (err) {
      failed(err);
    }
  }
  return py.pyimport("briscola.web").ai_answer;
})();

self.onmessage = async (e) => {
  const { id, request } = e.data;
  try {
    const answer = (await ready)(request);
    self.postMessage({ id, answer });
  } catch (err) {
    self.postMessage({ id, error: String(err?.message || err) });
  }
};
