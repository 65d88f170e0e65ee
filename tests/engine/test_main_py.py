"""static/main.py's finder for the standard library's later zip (issue 13): the modules no start
imports are fetched, once, the first time one of them is imported (the browser half, the
synchronous read, is checked in tests/e2e/test_boot.py)."""

from __future__ import annotations

import importlib.util
import io
import sys
import types
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

MAIN = Path(__file__).resolve().parents[2] / "static" / "main.py"
LATER = {"zz_later_mod.py": "WHO = 'top'\n", "zz_later_pkg/__init__.py": "WHO = 'package'\n",
         "zz_later_pkg/sub.py": "WHO = 'sub'\n", "json/zz_later_sub.py": "WHO = 'json sub'\n"}
NAMES = {"zz_later_mod", "zz_later_pkg", "zz_later_pkg.sub", "json.zz_later_sub"}


def zip_of(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return out.getvalue()


@pytest.fixture
def main_py() -> Any:
    spec = importlib.util.spec_from_file_location("briscola_page_main", MAIN)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # not __main__: the package is not imported, nothing installed
    return module


@pytest.fixture
def clean() -> Iterator[None]:
    finders = list(sys.meta_path)
    yield
    sys.meta_path[:] = finders
    for name in NAMES:
        sys.modules.pop(name, None)


def test_a_later_module_is_fetched_once_and_imported(main_py, clean, tmp_path):
    fetched = []
    later = str(tmp_path / "later.zip")
    sys.meta_path.append(main_py.LaterStdlib(NAMES, fetch=lambda: fetched.append(1) or zip_of(LATER), path=later))
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("zz_not_later")  # not listed: nothing fetched for it
    assert fetched == []
    assert importlib.import_module("zz_later_mod").WHO == "top"
    assert importlib.import_module("zz_later_pkg.sub").WHO == "sub"
    assert importlib.import_module("zz_later_pkg").WHO == "package"
    assert importlib.import_module("json.zz_later_sub").WHO == "json sub"  # its package is the main zip's
    assert fetched == [1]


def test_a_failed_fetch_is_an_import_error_and_is_tried_again(main_py, clean, tmp_path):
    calls = []

    def fetch() -> bytes:
        calls.append(1)
        if len(calls) == 1:
            raise OSError("offline")
        return zip_of(LATER)

    sys.meta_path.append(main_py.LaterStdlib(NAMES, fetch=fetch, path=str(tmp_path / "later.zip")))
    with pytest.raises(OSError):
        importlib.import_module("zz_later_mod")
    assert importlib.import_module("zz_later_mod").WHO == "top"


def test_the_names_come_from_the_standard_librarys_zip(main_py, tmp_path, monkeypatch):
    stdlib = tmp_path / "python314.zip"
    stdlib.write_bytes(zip_of({"os.py": "", main_py.LATER_LIST: "calendar\nencodings.utf_16\n"}))
    monkeypatch.setattr(sys, "path", [str(tmp_path / "briscola.zip"), str(stdlib), *sys.path])
    assert main_py.later_names() == {"calendar", "encodings.utf_16"}
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(stdlib)])
    assert main_py.later_names() == set()  # unbuilt: nothing later


def test_fetch_later_asks_the_boot_module(main_py, monkeypatch):
    class Bytes:
        def to_bytes(self) -> bytes:
            return b"PK\x05\x06"

    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(briscolaStdlibLater=lambda: Bytes()))
    assert main_py.fetch_later() == b"PK\x05\x06"
