"""PyScript entry, in the engine's worker (static/engine/worker.js): the briscola package (one zip,
imported in place) answers the page's operations, JSON text in and out (briscola.web.call).

The standard library's modules that no start imports are not in python_stdlib.zip but in
python_stdlib_later.zip (tools/compile_bytecode.mjs), ~0.26 MB a first visit does not download:
`LaterStdlib` fetches it the first time one of them is imported."""

import os
import sys
import zipfile
import zipimport
from collections.abc import Callable
from importlib.machinery import ModuleSpec

LATER_LIST = "_briscola_later.txt"  # in python_stdlib.zip: the modules python_stdlib_later.zip holds


class LaterStdlib:
    """A meta path finder (after the usual ones) for the modules listed in `names`: the first time
    one is imported, `fetch()` gives the later zip's bytes, kept at `path`; the spec comes from it.

    >>> finder = LaterStdlib({"calendar"}, fetch=lambda: open("later.zip", "rb").read())
    >>> sys.meta_path.append(finder)  # then `import calendar` fetches the zip once
    """

    def __init__(self, names: set[str], fetch: Callable[[], bytes], path: str = "/lib/python_stdlib_later.zip") -> None:
        self.names, self.fetch, self.path, self.fetched = frozenset(names), fetch, path, False

    def find_spec(self, fullname: str, path: object = None, target: object = None) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        if not self.fetched:
            with open(self.path, "wb") as f:
                f.write(self.fetch())
            self.fetched = True
        package = fullname.rpartition(".")[0].replace(".", "/")
        return zipimport.zipimporter(f"{self.path}/{package}" if package else self.path).find_spec(fullname)


def later_names() -> set[str]:
    """The names LATER_LIST gives, from the standard library's zip on sys.path (none when unbuilt)."""
    for entry in sys.path:
        if entry.endswith(".zip") and os.path.isfile(entry):
            with zipfile.ZipFile(entry) as z:
                if LATER_LIST in z.namelist():
                    return set(z.read(LATER_LIST).decode().split())
    return set()


def fetch_later() -> bytes:
    """The later zip, read synchronously by the boot module (static/boot/pyodide.mjs): a worker may."""
    import js  # the worker's global scope (Pyodide)

    return js.briscolaStdlibLater().to_bytes()


if __name__ == "__main__":  # PyScript runs this file as __main__; tests import the finder alone
    if not any(isinstance(f, LaterStdlib) for f in sys.meta_path):
        sys.meta_path.append(LaterStdlib(later_names(), fetch_later))
    _ZIP = os.path.abspath("briscola.zip")
    if _ZIP not in sys.path:  # a memory snapshot already has it
        sys.path.insert(0, _ZIP)

    from briscola.web import call  # noqa: F401  (exported to the page below)

__export__ = ["call"]
