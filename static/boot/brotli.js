// The runtime's two big files on a first visit, in the engine's worker, Brotli-compressed: the wasm
// (2.74 MB instead of 3.6 MB of gzip) and the standard library, its modules stored then compressed
// as one (0.97 MB instead of a 1.41 MB zip of deflated modules, which GitHub Pages serves as is; and
// Python then imports without inflating). Fast 4G: ~1.2 s less. GitHub Pages serves no Brotli and
// Chromium's DecompressionStream has none, so a short-lived worker (unbrotli.js) decodes each file
// as it arrives, and the wasm streams into the compiler. That worker takes the decoder's memory
// with it when it ends. A later visit takes the plain files from the HTTP cache, where V8 keeps
// the wasm's compiled code, as before, or else from the service worker's precache (filled once the
// engine is up: static/app.js).

/** The files served so, by name, and their type once decoded. */
export const BROTLI = { "pyodide.asm.wasm": "application/wasm", "python_stdlib.zip": "application/zip" };

/** The response for one of BROTLI's files at `url`: from the HTTP cache or this build's precache
 * (`cacheName`) if either has it, else the Brotli copy decoded (`onBytes(n)` hears of each decoded
 * chunk), else, when that fails to start, the plain file. */
export async function runtimeResponse(url, nativeFetch, cacheName, onBytes = () => {}) {
  const cached = await fromCaches(url, nativeFetch, cacheName);
  if (cached) {
    onBytes(Number(cached.headers.get("content-length")) || 0);
    return cached;
  }
  try {
    return await decoded(`${url}.br`, BROTLI[url.split("/").pop()], onBytes);
  } catch (err) {
    console.warn("Brotli runtime not used:", err?.message || err);  // (tests look for this)
    return nativeFetch(url);
  }
}

async function fromCaches(url, nativeFetch, cacheName) {
  try {
    const res = await nativeFetch(url, { cache: "only-if-cached", mode: "same-origin" });
    if (res.ok) return res;
  } catch { /* not in the HTTP cache */ }
  try {  // evicted from the HTTP cache, or not found there (in a private window, it was not)
    if (globalThis.caches && await caches.has(cacheName)) return (await (await caches.open(cacheName)).match(url)) ?? null;
  } catch { /* storage refused */ }
  return null;
}

/** Resolves with a streaming Response once the first decoded bytes are there; rejects if the
 * decoder fails before (then nothing has been handed to the compiler and the plain file can be). */
function decoded(url, type, onBytes) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./unbrotli.js", import.meta.url), { type: "module" });
    let body = null;
    let started = false;
    const stream = new ReadableStream({ start(c) { body = c; }, cancel() { worker.terminate(); } });
    const fail = (why) => {
      worker.terminate();
      if (started) body.error(new Error(why));
      else reject(new Error(why));
    };
    worker.onmessage = ({ data }) => {
      if (data.error) { fail(data.error); return; }
      if (!started) {
        started = true;
        resolve(new Response(stream, { headers: { "Content-Type": type } }));
      }
      if (data.chunk) {
        body.enqueue(data.chunk);
        onBytes(data.chunk.length);
      }
      if (data.done) {
        body.close();
        worker.terminate();
      }
    };
    worker.onerror = (e) => fail(e.message || "the decoder's worker failed");
    worker.postMessage({ url });
  });
}
