// A short-lived module worker (started by static/engine/worker.js after a fresh start of the engine, once it
// answers): it makes this build's Python snapshot for the next visits, then ends. Apart from the
// engine, so the first visit's table never waits for it.
import { makeSnapshot } from "./pyodide.mjs";

makeSnapshot().finally(() => {
  postMessage("done");
  close();
});
