// Modules the first screen and the first deal do not need (the other screens, their texts, the
// decks not in use, the online tables) arrive when the player opens them (docs/app.md, "What the
// first screen loads"), with the page's texts the first screen does without (strings/lookup.js
// textsReady: a screen never draws a key in their place). While one is on its way the page says so
// (<html data-fetching>: a bar across the top, app.css), so a tap that opens a screen never meets a
// blank or a frozen page; after a first visit the service worker has them all, and they arrive at once.
import { textsReady } from "../strings/lookup.js";

const html = document.documentElement;
let fetching = 0;

/** A module loaded on first use: `load()` starts it once and answers its promise; `now()` is the
 * module once it has arrived, else null (for questions that only matter once it is in use).
 * @template T
 * @param {() => Promise<T>} importer  e.g. `() => import("../screens/rules.js")`
 * @returns {{load: () => Promise<T>, now: () => T | null}} */
export function later(importer) {
  let promise = null, mod = null;
  const load = () => (promise ??= waiting(Promise.all([importer(), textsReady().catch(() => {})]))
    .then(([m]) => (mod = m), (err) => { promise = null; throw err; }));
  return { load, now: () => mod };
}

/** `promise`, with the page showing that something is on its way until it settles. */
export function waiting(promise) {
  if (++fetching === 1) html.dataset.fetching = "";
  const done = () => { if (--fetching === 0) delete html.dataset.fetching; };
  promise.then(done, done);
  return promise;
}
