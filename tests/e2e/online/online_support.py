"""Online tables' fixtures: the local relay, and the tests' place inside a network namespace.

These tests run only inside ``tools/netns.sh`` (``./build.sh test`` runs them there: marker
``online``): a namespace with loopback and a veth pair, so WebRTC's candidates are the pair's
address and no packet leaves the machine's test sandbox (/work/shared/RUNTIME.md). The web server
(tests/e2e/conftest.py's ``site``) and the relay listen on 127.0.0.1 inside it.

A test module here starts with (not a conftest.py: a second one would shadow tests/e2e's)::

    from online_support import PYTESTMARK as pytestmark, inside_the_namespace, relay

Each pytest process (each xdist worker) has one relay on a port the system chose, whatever the
modules; its Chromium and warm contexts are conftest's (whose flags are fit for WebRTC here too).
Nothing is shared between workers.
"""

from __future__ import annotations

import os
import re
import select
import subprocess
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import ROOT

RELAY_URL = re.compile(r"^ws://127\.0\.0\.1:(\d+)$")
RELAY_START_S = 60  # node's start on a busy 2-core machine
# A page joining a room meets its peers within a second or two (trystero announces on the Nostr relay at
# once and again 0.2, 0.5 and 1.3 s later); a busy 2-core machine, two ICE gatherings and a DTLS
# handshake add their share.
CONNECT_MS = 60_000


PYTESTMARK = pytest.mark.online


@pytest.fixture(autouse=True)
def inside_the_namespace() -> None:
    if os.environ.get("BRISCOLA_NETNS") != "1":
        pytest.skip("online tables' tests run inside a network namespace: ./build.sh test (tools/netns.sh)")


def start_relay() -> tuple[subprocess.Popen, str]:
    """`./build.sh relay`'s node script on a free port; its URL read from its first line."""
    proc = subprocess.Popen(["node", str(ROOT / "tools" / "relay.mjs")], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, env={**os.environ, "RELAY_PORT": "0"})
    ready, _, _ = select.select([proc.stdout], [], [], RELAY_START_S)
    line = proc.stdout.readline().strip() if ready else ""
    if not RELAY_URL.match(line):
        proc.kill()
        raise RuntimeError(f"the relay did not start (first line: {line!r})")
    return proc, line


def stop_relay(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:  # stuck: its end is not what a test checks
        proc.kill()
        proc.wait(10)


# This process's shared things: {name: [value, users, close]}. Each module that imports a fixture
# below has an instance of its own, all alive until the session ends; they share one value, closed
# by the last.
_SHARED: dict[str, list[Any]] = {}


def shared(name: str, make: Callable[[], Any], close: Callable[[Any], None]) -> Iterator[Any]:
    if name not in _SHARED:
        _SHARED[name] = [make(), 0, close]
    _SHARED[name][1] += 1
    yield _SHARED[name][0]
    _SHARED[name][1] -= 1
    if not _SHARED[name][1]:
        value, _, close = _SHARED.pop(name)
        close(value)


@pytest.fixture(scope="session")
def relay() -> Iterator[str]:
    """The local relay's URL, ws://127.0.0.1:<port> (one per pytest process)."""
    if os.environ.get("BRISCOLA_NETNS") != "1":
        pytest.skip("online tables' tests run inside a network namespace")
    for _, address in shared("relay", start_relay, lambda started: stop_relay(started[0])):
        yield address


# The runtime (no Python needed) and the service worker (no precache beside the test), refused.
NO_ENGINE = re.compile(r"/(pyscript|pyodide)/|/sw\.js(\?|$)")


def net_page(page: Any, site: str) -> Any:
    """``page`` on the site's page with its modules but no Python: a test of static/online/net.js
    takes the page's own module with ``await briscolaModule('online/net.js')`` (the built site
    bundles the modules: static/boot/modules.js). The first screen is drawn; nothing else runs."""
    page.route(NO_ENGINE, lambda route: route.abort())
    page.goto(site)
    page.wait_for_function("typeof window.briscolaModule === 'function'")
    return page
