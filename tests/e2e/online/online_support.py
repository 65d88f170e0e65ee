"""Online tables' fixtures: the local relay and a Chromium fit for WebRTC in a network namespace.

These tests run only inside ``tools/netns.sh`` (``./build.sh test`` runs them there: marker
``online``): a namespace with loopback and a veth pair, so WebRTC's candidates are the pair's
address and no packet leaves the machine's test sandbox (/work/shared/RUNTIME.md). The web server
(tests/e2e/conftest.py's ``site``) and the relay listen on 127.0.0.1 inside it.

A test module here starts with (not a conftest.py: a second one would shadow tests/e2e's)::

    from online_support import PYTESTMARK as pytestmark, browser, inside_the_namespace, relay
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import ARGS, CHROMIUM, ROOT

RELAY_URL = re.compile(r"^ws://127\.0\.0\.1:(\d+)$")
# mDNS host names (Chromium's default for host candidates) do not resolve inside the namespace.
WEBRTC_ARGS = [*ARGS, "--disable-features=WebRtcHideLocalIpsWithMdns"]


PYTESTMARK = pytest.mark.online


@pytest.fixture(autouse=True)
def inside_the_namespace() -> None:
    if os.environ.get("BRISCOLA_NETNS") != "1":
        pytest.skip("online tables' tests run inside a network namespace: ./build.sh test (tools/netns.sh)")


def start_relay() -> tuple[subprocess.Popen, str]:
    """`./build.sh relay`'s node script on a free port; its URL read from its first line."""
    proc = subprocess.Popen(["node", str(ROOT / "tools" / "relay.mjs")], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, env={**os.environ, "RELAY_PORT": "0"})
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    line = proc.stdout.readline().strip() if ready else ""
    if not RELAY_URL.match(line):
        proc.kill()
        raise RuntimeError(f"the relay did not start (first line: {line!r})")
    return proc, line


@pytest.fixture(scope="session")
def relay() -> Iterator[str]:
    """The local relay's URL, ws://127.0.0.1:<port>."""
    if os.environ.get("BRISCOLA_NETNS") != "1":
        pytest.skip("online tables' tests run inside a network namespace")
    proc, address = start_relay()
    yield address
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """The parent conftest's Chromium, with host candidates as plain addresses (not mDNS)."""
    if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
        pytest.skip("Debian chromium is not installed (./build.sh test installs it)")
    from playwright.sync_api import sync_playwright

    # Each module that imports this fixture has an instance of its own, all alive until the session
    # ends; Playwright's sync API runs once per thread: they share one Chromium, closed by the last.
    if not _SHARED:
        _SHARED["playwright"] = sync_playwright().start()
        _SHARED["browser"] = _SHARED["playwright"].chromium.launch(executable_path=CHROMIUM, args=WEBRTC_ARGS)
        _SHARED["users"] = 0
    _SHARED["users"] += 1
    yield _SHARED["browser"]
    _SHARED["users"] -= 1
    if not _SHARED["users"]:
        _SHARED.pop("browser").close()
        _SHARED.pop("playwright").stop()
        _SHARED.clear()


_SHARED: dict[str, Any] = {}


def poll(page: Any, expression: str, timeout_ms: int = 30_000) -> Any:
    """Evaluate until truthy (the page's CSP is kept, so no wait_for_function)."""
    for _ in range(timeout_ms // 50):
        value = page.evaluate(expression)
        if value:
            return value
        page.wait_for_timeout(50)
    raise AssertionError(f"still false after {timeout_ms} ms: {expression}")
