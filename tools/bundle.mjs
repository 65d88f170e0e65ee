// The page's modules bundled (issue 38): a phone on mobile data pays a round trip per file, and the
// first screen was some 90 modules four imports deep. esbuild bundles the page's entry modules
// (boot/early.js, app.js, and those tests import into the running page: ENTRIES) with everything
// they import; what they import on first use (decks, online tables, screens) becomes chunks of its
// own, loaded as before; each module is still one instance for the whole page (shared code goes to
// shared chunks). Run by build.sh on dist/ after the vendored libraries and before the version stamp:
//
//     node tools/bundle.mjs dist
//
// Kept as files of their own: the runtime (pyscript/, pyodide/) and the vendored libraries
// (static/vendor/), imported at run time; the workers' modules (static/boot/unbrotli.js,
// snapshot-maker.js, pyodide.mjs: a worker loads them by URL). A module's own `import.meta.url`
// still names its source file's place, so `new URL("../main.py", import.meta.url)` keeps working.
// The bundled sources are removed from dist/: no page asks for them.
import { build } from "esbuild";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";

const dist = path.resolve(process.argv[2] ?? "dist");
const site = path.join(dist, "static");
const SITE = "@briscola-site/";  // a path from dist/, made relative to each output file at the end

/** The page's entry modules (index.html's), then those the end-to-end tests import into the running
 * page (tests/e2e: a module's one instance is the page's, so each keeps its own path, a small file
 * that takes its code from the chunks the page shares). */
const ENTRIES = [
  "boot/early.js", "app.js",
  "decks/cards.js", "decks/napoletane.js", "decks/piacentine.js", "decks/siciliane.js", "decks/toscane.js", "decks/bergamasche.js",
  "decks/francesi.js", "decks/genovesi.js", "decks/spagnole.js", "dom/modal.js", "online/lobby.js",
  "online/net.js", "online/setup.js", "screens/dialogs.js", "screens/rules.js", "storage/checks.js",
  "strings/i18n.js", "table/notice.js", "table/turns.js",
];

/** The workers' own modules: loaded by URL in a worker, never bundled. */
const WORKERS = ["boot/unbrotli.js", "boot/snapshot-maker.js", "boot/pyodide.mjs"];

const posix = (p) => p.split(path.sep).join("/");

const outside = {  // the runtime and the vendored libraries: imported at run time, from their place
  name: "outside",
  setup(b) {
    b.onResolve({ filter: /(^|\/)(vendor|pyscript|pyodide)\// }, (args) => ({
      path: SITE + posix(path.relative(dist, path.resolve(args.resolveDir, args.path))), external: true,
    }));
  },
};

const metaUrl = {  // `import.meta.url` of a bundled module: its source file's URL, as before
  name: "meta-url",
  setup(b) {
    b.onLoad({ filter: /\.m?js$/ }, async (args) => {
      let text = await readFile(args.path, "utf8");
      const rel = posix(path.relative(dist, args.path));
      if (text.includes("import.meta.url")) {
        text = text.replaceAll("import.meta.url", `new URL(${JSON.stringify(SITE + rel)}, import.meta.url).href`);
      }
      return { contents: text, loader: "js" };
    });
  },
};

/** Every output's site paths made relative to the output's own folder. */
function placed(file) {
  const up = posix(path.relative(path.dirname(file.path), dist)) || ".";
  return file.text.replaceAll(SITE, `${up}/`);
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

const keep = await workerFiles();
const result = await build({
  entryPoints: ENTRIES.map((e) => path.join(site, e)),
  bundle: true, splitting: true, format: "esm", platform: "browser", target: "es2022",
  outdir: site, outbase: site, entryNames: "[dir]/[name]", chunkNames: "chunks/[hash]",
  minify: true, legalComments: "inline", logLevel: "warning", metafile: true, write: false,
  plugins: [outside, metaUrl],
});
const inputs = Object.keys(result.metafile.inputs).map((p) => path.resolve(p));
const outputs = new Set(result.outputFiles.map((f) => f.path));
const unused = inputs.filter((src) => !outputs.has(src) && !keep.has(src) && src.startsWith(site + path.sep));
for (const file of result.outputFiles) {
  await mkdir(path.dirname(file.path), { recursive: true });
  await writeFile(file.path, placed(file));
}
for (const src of unused) await rm(src);
const app = result.outputFiles.find((f) => f.path === path.join(site, "app.js"));
console.log(`bundled ${inputs.length} modules into ${result.outputFiles.length} files (static/app.js ${app.contents.length} B)`);
