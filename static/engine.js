// The bridge to Python. The engine on the main thread (briscola/web.py through PyScript) answers
// quick questions; the computer players think in a Web Worker with its own Python, so their
// search never blocks the page (no main-thread task longer than a few ms during AI turns).
export const pythonReady = new Promise((resolve) => {
  if (window.briscolaCall) resolve();
  else window.addEventListener("briscola:ready", () => resolve(), { once: true });
});

/** One engine operation; returns the parsed answer ({error} on bad input). */
export function call(op, arg = null) {
  return JSON.parse(window.briscolaCall(op, JSON.stringify(arg)));
}

let worker = null;
let nextId = 1;
const pending = new Map();

function fail(reason) {
  for (const p of pending.values()) p.reject(new Error(reason));
  pending.clear();
  worker = null;
}

/** Boot the AI worker (after the first render, so it does not compete with the first load). */
export function startAI() {
  if (worker) return;
  worker = new Worker(new URL("./ai-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    if (e.data.snapshot) {  // the worker's first boot kept Python's memory for the next visits
      performance.mark(`briscola:snapshot-${e.data.snapshot === "saved" ? "saved" : "failed"}`);
      return;
    }
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.error) p.reject(new Error(e.data.error));
    else p.resolve(JSON.parse(e.data.answer));
  };
  worker.onerror = (e) => fail(e.message || "the AI worker stopped");
}

/** The computer's action for an `ai_request` (record-syntax JSON). */
export function aiChoose(request) {
  startAI();
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, request: JSON.stringify(request) });
  });
}
