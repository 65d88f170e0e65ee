// The briscola package inside the pinned Pyodide under Node.js, for the tests that compare it with
// CPython (tests/engine/pyodide_support.py starts it once and sends it programs in turn).
//
//   node tools/pyodide_run.mjs ROOT
//
// Loads Pyodide once (the slow part: seconds), copies ROOT/briscola into its file system, then reads
// one JSON line per program on stdin: a Python source string. Each program runs in a fresh global
// namespace and sets RESULT (a string); the answer is one JSON line on stdout, {"result": RESULT}
// or {"error": the Python traceback}.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { createInterface } from "node:readline";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [root] = process.argv.slice(2);
if (!root) {
  console.error("usage: node tools/pyodide_run.mjs ROOT");
  process.exit(2);
}

const py = await loadPyodide();
const walk = (dir) => readdirSync(dir).flatMap((n) => {
  const p = join(dir, n);
  return statSync(p).isDirectory() ? (n === "__pycache__" ? [] : walk(p)) : (p.endsWith(".py") ? [p] : []);
});
for (const file of walk(join(root, "briscola"))) {
  const target = "/home/pyodide/" + relative(root, file);
  py.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  py.FS.writeFile(target, readFileSync(file));
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  let answer;
  const scope = py.toPy({});
  try {
    py.runPython(JSON.parse(line), { globals: scope });
    answer = { result: scope.get("RESULT") };
  } catch (err) {
    answer = { error: String(err) };
  } finally {
    scope.destroy();
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
