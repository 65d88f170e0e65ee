// The page's modules bundled (issue 38): a phone on mobile data pays a round trip per file, and the
// first screen was some 90 modules four imports deep. Rollup bundles the page's entry modules
// (boot/early.js, app.js: ENTRIES) with everything they import; what they import on first use
// (decks, online tables, screens) becomes chunks of its own, loaded as before. Rollup, not
// esbuild's splitting: a module that a chunk loaded on first use shares with app.js stays in
// app.js (it is there already when the chunk comes), where esbuild made a shared chunk of each
// such set, 16 files more before the first screen. esbuild then minifies every file.
// Run by build.sh on dist/ after the vendored libraries and before the version stamp:
//
//     node tools/bundle.mjs dist
//
// Kept as files of their own: the runtime (pyscript/, pyodide/) and the vendored libraries
// (static/vendor/), imported at run time; the workers' modules (static/boot/unbrotli.js,
// snapshot-maker.js, pyodide.mjs: a worker loads them by URL). A module's own `import.meta.url`
// still names its source file's place, so `new URL("../main.py", import.meta.url)` keeps working.
// The bundled sources are removed from dist/: no page asks for them.
import { build, transform } from "esbuild";
import { rollup } from "rollup";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const dist = path.resolve(process.argv[2] ?? "dist");
const site = path.join(dist, "static");
const SITE = "@briscola-site/";  // a path from dist/, made relative to each output file at the end

/** The page's entry modules (index.html's). A browser test reaches a module's one instance, the
 * page's, through `briscolaModule(name)` (static/boot/modules.js), not by its file. */
const ENTRIES = ["boot/early.js", "app.js"];

/** The workers' own modules: loaded by URL in a worker, never bundled. */
const WORKERS = ["boot/unbrotli.js", "boot/snapshot-maker.js", "boot/pyodide.mjs"];

const OUTSIDE = /(^|\/)(vendor|pyscript|pyodide)\//;  // the runtime and the vendored libraries
const posixOf = (p) => p.split(path.sep).join("/");

/** esbuild's resolver for the workers' files: the runtime and vendored libraries left out. */
const outside = {
  name: "outside",
  setup(b) {
    b.onResolve({ filter: OUTSIDE }, (args) => ({ path: args.path, external: true }));
  },
};

/** Rollup's: the runtime and the vendored libraries imported at run time, from their place; and
 * a bundled module's `import.meta.url`, its source file's URL as before. */
const sitePaths = {
  name: "site-paths",
  resolveId(id, importer) {
    if (!importer || !OUTSIDE.test(id)) return null;
    return { id: SITE + posixOf(path.relative(dist, path.resolve(path.dirname(importer), id))), external: true };
  },
  transform(code, id) {
    if (!code.includes("import.meta.url")) return null;
    const here = JSON.stringify(SITE + posixOf(path.relative(dist, id)));
    return { code: code.replaceAll("import.meta.url", `new URL(${here}, import.meta.url).href`), map: null };
  },
};

/** An output's site paths made relative to its own folder. */
function placed(file, code) {
  const up = posixOf(path.relative(path.dirname(path.join(site, file)), dist)) || ".";
  return code.replaceAll(SITE, `${up}/`);
}

/** The files a worker's modules import (kept in dist/ as they are). */
async function workerFiles() {
  const r = await build({
    entryPoints: WORKERS.map((w) => path.join(site, w)), bundle: true, write: false, format: "esm",
    outdir: path.join(dist, ".workers"), metafile: true, logLevel: "error",
    plugins: [outside],
  });
  return new Set(Object.keys(r.metafile.inputs).map((p) => path.resolve(p)));
}

/** index.html asks for the chunks its entries import beside the entries, not once an entry has been
 * read: on the emulated phone the shared chunk was asked for ~0.3 s after app.js had come, app.js's
 * parse in between. (Only those: over HTTP/1.1's six connections, more would hold the entries back.) */
async function preload(html, files) {
  const ours = new Set(files.map((o) => o.fileName));  // not the runtime's or a vendored library's
  const entries = files.filter((o) => o.type === "chunk" && o.isEntry);
  const chunks = [...new Set(entries.flatMap((o) => o.imports))].filter((c) => ours.has(c)).sort();
  const text = await readFile(html, "utf8"), last = text.lastIndexOf('<script type="module"');
  const at = text.indexOf("\n", last) + 1;
  if (last < 0 || at <= 0) throw new Error("index.html: no module script to put the preloads after");
  const links = chunks.map((c) => `<link rel="modulepreload" href="./static/${c}">\n`).join("");
  await writeFile(html, text.slice(0, at) + links + text.slice(at));
}

const keep = await workerFiles();
const bundle = await rollup({
  input: Object.fromEntries(ENTRIES.map((e) => [e.replace(/\.js$/, ""), path.join(site, e)])),
  plugins: [sitePaths],
  onwarn(warning, warn) { if (warning.code !== "CIRCULAR_DEPENDENCY") warn(warning); },
});
const { output } = await bundle.generate({
  format: "es", entryFileNames: "[name].js", chunkFileNames: "chunks/[hash].js", hoistTransitiveImports: false,
});
await bundle.close();
const inputs = new Set(output.flatMap((o) => (o.type === "chunk" ? Object.keys(o.modules) : [])).filter((id) => !id.startsWith("\0")));
const files = new Set(output.map((o) => path.join(site, o.fileName)));
const unused = [...inputs].filter((src) => !files.has(src) && !keep.has(src) && src.startsWith(site + path.sep));
let appBytes = 0;
for (const o of output) {
  if (o.type !== "chunk") continue;
  const { code } = await transform(placed(o.fileName, o.code), {
    format: "esm", target: "es2022", minify: true, legalComments: "inline", logLevel: "warning",
  });
  await mkdir(path.dirname(path.join(site, o.fileName)), { recursive: true });
  await writeFile(path.join(site, o.fileName), code);
  if (o.fileName === "app.js") appBytes = code.length;
}
for (const src of unused) await rm(src);
await preload(path.join(dist, "index.html"), output);
console.log(`bundled ${inputs.size} modules into ${output.length} files (static/app.js ${appBytes} B)`);
