// Pyodide memory snapshots of this build (docs/app.md, "Boot"). The engine worker's first boot makes
// one (Python started, the briscola package imported) and keeps it in Cache Storage; later visits
// restore Python from it instead of starting it again. No bytes on
// the wire: it is made in this browser, by this build's runtime (build.sh stamps BUILD), and a
// new build's service worker deletes the old one.
export const BUILD = /*BUILD*/"dev";
const CACHE = `briscola-snapshot-${BUILD}`;
// A Cache Storage key only: never fetched (no such file on the server).
const KEY = new URL(`../../snapshot-${BUILD}.bin`, import.meta.url).href;

/** What the snapshot holds besides Python itself: every module the engine and the AI import
 * (the package zip already on sys.path). */
export const SNAPSHOT_PYTHON = `
import zipfile, importlib
for _name in sorted(zipfile.ZipFile("/home/pyodide/briscola.zip").namelist()):
    _module = _name[:-3].replace("/", ".").removesuffix(".__init__")
    if _name.endswith(".py") and _module not in {"briscola.__main__", "briscola.cli", "briscola.ai.arena",
                                                 "briscola.ai.commands"}:  # command-line only
        try:
            importlib.import_module(_module)
        except ImportError:  # not for the browser: imported (and refused) when used, as before
            pass
import html, html.entities  # PyScript's own module imports them at boot
del zipfile, importlib, _name, _module
`;

async function cache() {
  if (BUILD === "dev" || !globalThis.caches) return null;  // unbuilt, or not a secure context
  try {
    return await caches.open(CACHE);
  } catch {
    return null;  // storage refused (private mode, quota)
  }
}

/** The stored snapshot (a Response: its ~30 MB are read when asked for), or null when there is none yet. */
async function storedSnapshot() {
  const c = await cache();
  return (c && await c.match(KEY).catch(() => null)) || null;
}

export async function saveSnapshot(bytes) {
  const c = await cache();
  if (c) await c.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

/** Python restored by `load` (Pyodide's loadPyodide) from this build's snapshot, or null when
 * there is none or it fails to restore (then it is dropped: the next start makes another). A
 * runtime that did not arrive (the network failed) is no fault of the snapshot: it is kept, and
 * the error thrown, for the start to be tried again (static/engine/worker.js). */
export async function restorePython(load, options, onFailure = () => {}) {
  const stored = await storedSnapshot().catch(() => null);
  if (!stored) return null;
  // Pyodide awaits the bytes only once its JS is loaded and its wasm on the way: read meanwhile.
  const bytes = stored.arrayBuffer().then((b) => new Uint8Array(b));
  bytes.then(() => performance.mark("briscola:snapshot-read"), () => {});
  try {
    const py = await sparseCopy(bytes, () => load({ ...options, _loadSnapshot: bytes }));
    performance.mark("briscola:snapshot-restored");
    return py;
  } catch (err) {
    if (unreachable(err)) throw err;
    console.warn("Python snapshot not restored, starting normally:", err);
    onFailure(String(err?.message || err));
    await dropSnapshot();
    return null;
  } finally {
    bytes.then((b) => release(b.buffer), () => {});
  }
}

/** Whether `err` says a file did not arrive (Chromium, Firefox, Safari words), not that it was bad. */
export function unreachable(err) {
  return err instanceof TypeError
    && /failed to fetch|dynamically imported module|importing a module script failed|networkerror|load failed/i
      .test(String(err.message));
}

const PAGE = 4096;

/** `restore()` (Pyodide restoring from `bytes`) with its copy into Python's memory made page by
 * page: a fresh wasm memory is zeros the system has not yet given pages for, and ~60% of a
 * snapshot's pages are zeros (the heap's free space): Pyodide's one `HEAP8.set` wrote every one,
 * so ~18 MB more stayed resident. The copy is the same (a zero page is written only where the
 * memory is not zero). `restored` says whether Pyodide's copy went through here ("sparse") or not
 * ("full": its way of restoring changed; the same memory as before). */
export async function sparseCopy(bytes, restore) {
  const own = Object.getOwnPropertyDescriptor(Int8Array.prototype, "set");
  const set = Int8Array.prototype.set;
  let sparse = false;
  let from = bytes.buffer;  // bytes, or a promise of them (then known before Pyodide, which awaits them too, copies)
  if (!from) Promise.resolve(bytes).then((b) => { from = b.buffer; }, () => {});
  Int8Array.prototype.set = function (source, offset = 0) {
    if (!from || source?.buffer !== from || this.buffer === from || offset !== 0 || source.byteLength > this.byteLength) {
      return set.call(this, source, offset);
    }
    copyPages(new Uint8Array(source.buffer, source.byteOffset, source.byteLength), new Uint8Array(this.buffer, this.byteOffset, this.byteLength));
    sparse = true;
    return undefined;
  };
  try {
    const py = await restore();
    restored = sparse ? "sparse" : "full";
    return py;
  } finally {
    if (own) Object.defineProperty(Int8Array.prototype, "set", own);
    else delete Int8Array.prototype.set;
  }
}

/** How the last restore copied the snapshot ("sparse" or "full"), for the page's console. */
export let restored = null;

function copyPages(from, to) {
  const words = (a) => (a.byteOffset % 4 === 0 ? new Int32Array(a.buffer, a.byteOffset, a.length >> 2) : null);
  const from32 = words(from), to32 = words(to);
  for (let at = 0; at < from.length; at += PAGE) {
    const end = Math.min(at + PAGE, from.length);
    if (!zeros(from, from32, at, end)) to.set(from.subarray(at, end), at);
    else if (!zeros(to, to32, at, end)) to.fill(0, at, end);  // reading a page never touched costs nothing
  }
}

/** Whether bytes[start, end) are all zero (read four at a time where `words` covers them). */
function zeros(bytes, words, start, end) {
  let i = start;
  if (words) {
    const last = Math.min(end >> 2, words.length);
    for (; i >> 2 < last; i += 4) if (words[i >> 2] !== 0) return false;
  }
  for (; i < end; i++) if (bytes[i] !== 0) return false;
  return true;
}

/** Free `buffer`'s bytes now. The snapshot's (~30 MB) are in Python's memory once it is restored,
 * but Pyodide keeps its options (the array with them) for good, and an idle worker runs no garbage
 * collection: transferred into a message that a closed channel drops, they go at once. */
function release(buffer) {
  const { port1, port2 } = new MessageChannel();
  try {
    port1.postMessage(null, [buffer]);
  } finally {
    port1.close();
    port2.close();
  }
}

/** A snapshot that failed to restore is dropped, so the next visit boots normally and makes another. */
export async function dropSnapshot() {
  if (globalThis.caches) await caches.delete(CACHE).catch(() => {});
}
