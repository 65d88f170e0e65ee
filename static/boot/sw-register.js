// The service worker (static/sw.js): the whole site cached, so the page opens offline and answers
// `?new=` links from the cache (UI-CONTRACT).

/** Register the service worker once the engine has started (`engine`: its start). A first visit's
 * precache waits for the engine: it fetches the plain wasm and standard library (the page had
 * their Brotli copies: static/boot/brotli.js), not to share the network with the start. */
export function registerServiceWorker(engine, onRegistered = () => {}) {
  if (!("serviceWorker" in navigator)) return;
  const precache = () => navigator.serviceWorker.register("./sw.js").then(onRegistered, () => {});
  if (navigator.serviceWorker.controller) precache();
  else engine.then(precache);
}
