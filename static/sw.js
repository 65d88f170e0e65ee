// Service worker: the whole site precached once the page is up, then served cache-first from one
// cache per build, online and offline (docs/app.md, "PWA and offline"). build.sh writes the list
// and the version (a hash of every file), so a page and the files it loads always come from the
// same build, and the network is never waited for once a build is cached (a network that hangs
// or fails while the browser believes it is online does not matter). Navigations with a query
// string (?new=...) are answered with the cached page (ignoreSearch).
//
// One exception, for speed: the runtime's wasm and its 1.2 MB JS are left to the browser's HTTP
// cache when the network has just confirmed it serves this very build. Only responses the
// browser fetches itself keep V8's compiled code for them; from Cache Storage (or passed on by
// this worker) Python ran ~0.4 s slower per visit here, compiling wasm functions again.
const VERSION = /*VERSION*/"dev";
const PRECACHE = /*PRECACHE*/[];
const CACHE = `briscola-${VERSION}`;
const SNAPSHOT = `briscola-snapshot-${VERSION}`;  // Python's memory snapshot (static/boot/snapshot.js)

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // First install: the page has just fetched these, so plain requests fill the cache from the
    // HTTP cache (the first visit is not downloaded twice). An update revalidates each file, so
    // the HTTP cache cannot slip a previous build's file into this build's cache.
    const mode = self.registration.active ? "no-cache" : "default";
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: mode })));
  })());
  // No skipWaiting: an open page keeps the build it started with until every tab of it is closed.
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("briscola-") && key !== CACHE && key !== SNAPSHOT) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// When the network last said it serves this build: each navigation asks for sw.js past the HTTP
// cache and reads its version. No answer yet, an error, or another build: everything comes from
// this build's cache.
// Only the latest check may say so: an earlier one that hung, then answered, speaks of a network
// that a later navigation (or a page whose runtime failed) no longer trusts.
let sameBuildOnline = 0;
let checks = 0;
const RUNTIME = /\/pyodide\/pyodide\.asm\.(wasm|mjs)$/;

function checkNetwork() {
  sameBuildOnline = 0;
  const asked = Date.now();
  const check = ++checks;
  fetch(new URL("./sw.js", self.registration.scope), { cache: "no-store" })
    .then((res) => (res.ok ? res.text() : ""))
    .then((text) => {
      if (check === checks && text.includes(`const VERSION = ${JSON.stringify(VERSION)};`)) sameBuildOnline = asked;
    }, () => {});
}

// A page whose engine could not load the runtime (the network failed after it said it serves this
// build) says so before it starts the engine again: from then on the runtime comes from the cache.
self.addEventListener("message", (event) => {
  if (event.data?.runtimeFailed) { sameBuildOnline = 0; checks++; }
  // The player took the new build between deals (static/boot/new-build.js): this waiting worker
  // takes over now; that page loads again, its match saved.
  if (event.data?.takeOver) self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  if (req.mode === "navigate") checkNetwork();
  else if (RUNTIME.test(new URL(req.url).pathname) && Date.now() - sameBuildOnline < 60_000) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = req.mode === "navigate"
      ? (await cache.match(req, { ignoreSearch: true })) || (await cache.match(new URL("./", self.registration.scope).href))
      : await cache.match(req);
    return hit || fetch(req);
  })());
});
