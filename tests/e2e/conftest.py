"""End-to-end fixtures: the built site (dist/) served on a free loopback port, Debian's chromium.

The server answers both at ``/`` and under the sub-path ``/sub/site/`` (as a GitHub Pages
project site would), from the same dist/. Every page records its requests, console errors and
page errors, so tests can check that nothing left the origin and nothing broke.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic"]
SUB = "/sub/site/"
BOOT_MS = 90_000  # Python's first start on a busy 2-core machine


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".webmanifest": "application/manifest+json",
                      ".br": "application/octet-stream"}  # as GitHub Pages: bytes, no Content-Encoding

    def translate_path(self, path: str) -> str:
        if path.startswith(SUB):
            path = "/" + path[len(SUB):]
        return super().translate_path(path)

    def log_message(self, *args: Any) -> None:  # quiet
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionError, BrokenPipeError)):  # a page closed mid-download
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The base URL of the built site (built first if dist/ is missing)."""
    if not (DIST / "index.html").exists():
        subprocess.run([str(ROOT / "build.sh")], check=True)
    handler = functools.partial(_Handler, directory=str(DIST))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
        pytest.skip("Debian chromium is not installed (./build.sh test installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


class Watch:
    """What one page did: requests, console errors, page errors."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self.errors: list[str] = []

    def attach(self, page: Any) -> None:
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    # The page follows the browser's language (navigator.languages); these tests read Italian.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="it-IT")
    yield ctx
    ctx.close()


@pytest.fixture
def watch() -> Watch:
    return Watch()


@pytest.fixture
def page(context: Any, watch: Watch) -> Any:
    p = context.new_page()
    watch.attach(p)
    return p
