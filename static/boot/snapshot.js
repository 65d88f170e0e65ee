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

/** The snapshot's bytes, or null when there is none yet. */
export async function readSnapshot() {
  const c = await cache();
  const hit = c && await c.match(KEY).catch(() => null);
  return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
}

export async function saveSnapshot(bytes) {
  const c = await cache();
  if (c) await c.put(KEY, new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }));
}

/** Python restored by `load` (Pyodide's loadPyodide) from this build's snapshot, or null when
 * there is none or it fails to restore (then it is dropped: the next start makes another). */
export async function restorePython(load, options, onFailure = () => {}) {
  const bytes = await readSnapshot().catch(() => null);
  if (!bytes) return null;
  performance.mark("briscola:snapshot-read");
  try {
    const py = await load({ ...options, _loadSnapshot: bytes });
    performance.mark("briscola:snapshot-restored");
    return py;
  } catch (err) {
    console.warn("Python snapshot not restored, starting normally:", err);
    onFailure(String(err?.message || err));
    await dropSnapshot();
    return null;
  }
}

/** A snapshot that failed to restore is dropped, so the next visit boots normally and makes another. */
export async function dropSnapshot() {
  if (globalThis.caches) await caches.delete(CACHE).catch(() => {});
}
