// Service worker: the whole site precached once the page is up (build.sh writes the list and
// the version), then served from the cache, offline too. Navigations with a query string
// (?new=...) are answered with the cached page (ignoreSearch).
const VERSION = /*VERSION*/"dev";
const PRECACHE = /*PRECACHE*/[];
const CACHE = `briscola-${VERSION}`;

self.addEventListener("install", (event) => {
  // Plain addAll: the page has just fetched these, so they come from the HTTP cache.
  event.waitUntil(caches.open(CACHE).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("briscola-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      return (await cache.match(req, { ignoreSearch: true }))
        || (await cache.match(new URL("./", self.registration.scope).href))
        || fetch(req);
    })());
    return;
  }
  // Online, the browser's HTTP cache serves the files: responses from it keep V8's compiled-code
  // cache for the wasm and the big JS (from this cache they were recompiled on every visit, about
  // 2 s more here), and a response passed on by the worker loses it too. Offline, the precache answers.
  if (self.navigator.onLine) return;
  event.respondWith(caches.open(CACHE).then((c) => c.match(req)).then((hit) => hit || fetch(req)));
});
