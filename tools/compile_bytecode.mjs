// Precompiled bytecode for Python's first start in the page (build.sh runs it with Node, on the
// very Pyodide the page uses, so the bytecode is that Python's own).
//
//   node tools/compile_bytecode.mjs dist/pyodide/python_stdlib.zip dist/briscola.zip dist/pyodide/python_stdlib_later.zip
//
// Pyodide's standard library ships as source: every visit without a memory snapshot compiled the
// ~200 modules Python imports at start (measured: most of a cold start here). This rewrites both
// zips in place:
// - in python_stdlib.zip, every module imported by Pyodide's start, PyScript's module and the
//   briscola package becomes an unchecked hash-based .pyc (PEP 552) compiled with docstrings and
//   asserts stripped (-OO), replacing its source to stay within the first-visit budget; a few
//   packages no card game in a page imports are dropped unless something above imports them (mail,
//   HTTP and URL clients, ctypes, tar, pickle, CSV, ...);
// - the other modules (sources: ~0.26 MB a first visit does not need) go to python_stdlib_later.zip,
//   which static/main.py fetches the first time one of them is imported; their names are listed in
//   python_stdlib.zip as LATER_LIST;
// - briscola.zip gets a .pyc (-OO too: its asserts only narrow types) next to each module
//   (source kept for tracebacks): the engine and the AI start in the same worker.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [stdlibZip, packageZip, laterZip] = process.argv.slice(2);
if (!stdlibZip || !packageZip || !laterZip) {
  console.error("usage: node tools/compile_bytecode.mjs STDLIB_ZIP PACKAGE_ZIP LATER_ZIP");
  process.exit(2);
}

const py = await loadPyodide({ stdLibURL: stdlibZip });
py.FS.writeFile("/tmp/stdlib.zip", readFileSync(stdlibZip));
py.FS.writeFile("/tmp/briscola.zip", readFileSync(packageZip));
py.runPython(`
import importlib, importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

# What a page imports: Pyodide's start (already in sys.modules), PyScript's own module's imports,
# and every module of the package (the command-line ones too: a few more is harmless).
import base64, html, html.entities, io, json  # PyScript's module, at boot
sys.path.insert(0, "/tmp/briscola.zip")
for name in zipfile.ZipFile("/tmp/briscola.zip").namelist():
    module = name[:-3].replace("/", ".").removesuffix(".__init__")
    if name.endswith(".py") and module != "briscola.__main__":
        importlib.import_module(module)
imported = set(sys.modules)
page_modules = {m for m in imported if m.startswith("briscola")}  # the engine and the AI share one worker

NEVER = ("email", "http", "urllib", "ctypes", "tarfile", "_pyio", "difflib", "pickle", "pickletools",
         "ipaddress", "optparse", "configparser", "tomllib", "plistlib", "socketserver", "wave", "uuid",
         "mimetypes", "csv", "cmd", "concurrent", "logging", "_ast_unparse", "compileall", "pkgutil")


def module_of(path):
    return path[:-3].replace("/", ".").removesuffix(".__init__")


def pyc(source, path, optimize):
    code = compile(source, path, "exec", dont_inherit=True, optimize=optimize)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)


LATER_LIST = "_briscola_later.txt"  # static/main.py reads it: the modules in the later zip
later = {}  # name in the later zip -> source


def rewrite(path, entry):
    with zipfile.ZipFile(path) as src:
        items = [(info, src.read(info)) for info in src.infolist()]
    kept = [(name, payload, info.date_time) for info, data in items for name, payload in entry(info.filename, data)]
    files = [name for name, _, _ in kept if not name.endswith("/")]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name, payload, when in kept:
            # a folder left empty (its modules all dropped or later) would import as an empty
            # namespace package instead of the later zip's
            if name.endswith("/") and not any(f.startswith(name) for f in files):
                continue
            out.writestr(zipfile.ZipInfo(name, when), payload, zipfile.ZIP_DEFLATED)


def stdlib_entry(name, data):
    if not name.endswith(".py"):
        return [(name, data)]
    module = module_of(name)
    if module in imported:
        return [(name + "c", pyc(data, name, 2))]
    if module.split(".")[0] in NEVER:
        return []
    later[name] = data
    return []


def write_later(path, stdlib):
    """The later zip, and its list of modules in the standard library's zip (for main.py's finder)."""
    when = (2020, 1, 1, 0, 0, 0)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for name, data in sorted(later.items()):
            out.writestr(zipfile.ZipInfo(name, when), data, zipfile.ZIP_DEFLATED)
    names = "".join(f"{module}\\n" for module in sorted({module_of(name) for name in later}))
    with zipfile.ZipFile(stdlib, "a", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        out.writestr(zipfile.ZipInfo(LATER_LIST, when), names, zipfile.ZIP_DEFLATED)


def package_entry(name, data):
    if not name.endswith(".py") or module_of(name) not in page_modules:
        return [(name, data)]
    return [(name, data), (name + "c", pyc(data, name, 2))]


rewrite("/tmp/stdlib.zip", stdlib_entry)
rewrite("/tmp/briscola.zip", package_entry)
write_later("/tmp/later.zip", "/tmp/stdlib.zip")
`);
writeFileSync(stdlibZip, py.FS.readFile("/tmp/stdlib.zip"));
writeFileSync(packageZip, py.FS.readFile("/tmp/briscola.zip"));
writeFileSync(laterZip, py.FS.readFile("/tmp/later.zip"));
