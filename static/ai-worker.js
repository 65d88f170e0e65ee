// The computer players' Python, in a worker: it boots Pyodide, loads the briscola package and
// answers one request per message (briscola.web.ai_answer). It only exchanges messages, so it
// needs no cross-origin isolation.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const ready = (async () => {
  const py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const zip = await fetch(new URL("../briscola.zip", import.meta.url));
  if (!zip.ok) throw new Error(`briscola.zip: HTTP ${zip.status}`);
  py.FS.writeFile("/home/pyodide/briscola.zip", new Uint8Array(await zip.arrayBuffer()));
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/briscola.zip')");
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
