// The interpreter module PyScript loads (pyscript.toml `interpreter`). index.html also loads it
// as soon as the page is parsed, so Python starts at once, in parallel with PyScript's own start
// (its config, plugins and storage) instead of after it: loadPyodide below hands PyScript the
// Python already on its way. Python is restored from this build's memory snapshot when the
// browser keeps one (snapshot.js), and started normally otherwise or if the restore fails.
import { loadPyodide as boot, version } from "../../pyodide/pyodide.mjs";
import { restorePython } from "./snapshot.js";

export { version };

const indexURL = new URL("../../pyodide/", import.meta.url).href;
// Python's output goes to PyScript's handlers once PyScript asks for the interpreter.
const out = { stdout: (text) => console.log(text), stderr: (text) => console.error(text) };
const io = { stdout: (text) => out.stdout(text), stderr: (text) => out.stderr(text) };

async function start() {
  performance.mark("briscola:boot");
  return (await restorePython(boot, { indexURL, ...io })) || boot({ indexURL, ...io });
}

const started = start();
started.catch(() => {});  // a failed start is PyScript's to report, when it asks for Python

/** PyScript's call (its options: output handlers, and its guess of indexURL, which is this folder). */
export async function loadPyodide({ stdout, stderr, indexURL: _ignored, ...rest } = {}) {
  if (Object.keys(rest).length) throw new Error(`boot/pyodide.mjs: unexpected options ${Object.keys(rest)}`);
  if (stdout) out.stdout = stdout;
  if (stderr) out.stderr = stderr;
  return started;
}
