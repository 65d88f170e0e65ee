"""The boot and the offline cache (docs/app.md, "Boot" and "PWA and offline").

Python's memory snapshot: made by the engine worker's first boot, restored by later visits.
The service worker: cache-first per build, so a network that hangs or fails
does not matter once a build is cached, and a new deploy never mixes with the build a page
started with. The build version: a hash of every file.

These tests are about a first visit and what it leaves behind (the snapshot, the offline cache), or
route the network: each has a cold context of its own (``context``), none a warm one.
"""

from __future__ import annotations

import contextlib
import importlib.util
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import DIST, ROOT, serve
from e2e_support import by_dblclick, hand, url, wait_move, wait_state

SNAPSHOT_DONE = ("performance.getEntriesByName('briscola:snapshot-saved').length"
                 " + performance.getEntriesByName('briscola:snapshot-failed').length > 0")
MARKS = "performance.getEntriesByType('mark').map((m) => m.name)"
ENGINE_READY = "performance.getEntriesByName('briscola:engine-ready').length > 0"


def _stamp_module() -> Any:
    spec = importlib.util.spec_from_file_location("stamp_build", ROOT / "tools" / "stamp_build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


stamp_build = _stamp_module()


def first_visit(page: Any, address: str) -> None:
    """A first visit that lasts long enough for its background work: precache and snapshot."""
    page.goto(address)
    wait_state(page, "playing")
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=90_000)
    page.wait_for_function(SNAPSHOT_DONE, timeout=120_000)
    assert "briscola:snapshot-saved" in page.evaluate(MARKS)


def play_one_and_get_an_answer(page: Any) -> None:
    assert wait_move(page)
    by_dblclick(page, page.locator("#my-hand [data-playable=true]").first.get_attribute("data-card"))
    assert wait_move(page)  # the computer answered: the AI worker's Python runs


def damage_the_snapshot(page: Any) -> None:
    page.evaluate("""async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('briscola-snapshot-'));
      const cache = await caches.open(name);
      const [key] = await cache.keys();
      await cache.put(key, new Response(new Uint8Array(1024)));
    }""")


WASM = "/pyodide/pyodide.asm.wasm"


@pytest.mark.snapshot
def test_a_first_visit_and_the_next_ones(site, context, page, watch):
    """A first visit's worker decodes the Brotli copies of the wasm and the standard library
    (static/boot/brotli.js); the precache fetches the plain wasm only once the engine is up; the
    next visit uses the plain files and never the copies, and starts Python from the snapshot the
    first one left (the saved match where it was). That visit plays on while the network hangs, then
    while it fails, the browser believing itself online (the cached build, reloaded). A snapshot
    that does not restore is dropped: the visit after it starts Python normally, then makes a new
    one. Each tab hears its own start only. (One first visit for all: a cold start costs a worker some 15 CPU-s.)"""
    answers: list[tuple[str, int, float, bool]] = []
    context.on("response", lambda r: answers.append(
        (r.url.split("?")[0], r.status, r.request.timing["startTime"], r.request.service_worker is not None)))
    first_visit(page, url(site, "classica", 2, seed=35))
    ready = page.evaluate("performance.timeOrigin + performance.getEntriesByName('briscola:engine-ready')[0].startTime")
    for copy in (WASM + ".br", "/pyodide/python_stdlib.zip.br"):
        assert any(u.endswith(copy) and s == 200 for u, s, _, _ in answers), (copy, answers)
    plain = [(start, by_sw) for u, s, start, by_sw in answers if u.endswith(WASM) and s == 200]
    assert plain and all(start >= ready - 5 for start, _ in plain), (ready, plain)  # after the start
    assert any(by_sw for _, by_sw in plain), plain  # the precache's
    position = hand(page)
    answers.clear()
    again = context.new_page()
    watch.attach(again)
    again.goto(site)  # the saved match, resumed
    wait_state(again, "playing")
    again.wait_for_function(ENGINE_READY, timeout=90_000)
    assert not [u for u, *_ in answers if u.endswith(".br")], answers
    assert "briscola:snapshot-restored" in again.evaluate(MARKS)
    assert "briscola:snapshot-sparse" in again.evaluate(MARKS)  # only its pages that are not zeros written
    assert "briscola:snapshot-restored" not in page.evaluate(MARKS)  # a tab hears its own start only
    assert hand(again) == position
    play_one_and_get_an_answer(again)
    assert not watch.errors, watch.errors
    play_on_without_a_network(context, again)
    # Damage the stored snapshot: the next visit must start Python normally, then make a new one.
    damage_the_snapshot(again)
    last = context.new_page()
    messages: list[str] = []
    last.on("console", lambda m: messages.append(m.text))
    last.goto(site)
    wait_state(last, "playing")
    last.wait_for_function(ENGINE_READY, timeout=90_000)
    assert "briscola:snapshot-restored" not in last.evaluate(MARKS)
    assert any("snapshot not restored" in m for m in messages), messages
    play_one_and_get_an_answer(last)
    last.wait_for_function(SNAPSHOT_DONE, timeout=120_000)
    assert "briscola:snapshot-saved" in last.evaluate(MARKS)  # a new snapshot replaces it
    assert "briscola:snapshot-saved" not in again.evaluate(MARKS)  # made beside it, in another tab


@pytest.mark.parametrize("copy", ["missing", "damaged"])
def test_without_usable_brotli_copies_the_plain_files_are_used(site, context, page, watch, copy):
    messages: list[str] = []
    page.on("console", lambda m: messages.append(m.text))
    if copy == "missing":
        context.route("**/*.br", lambda route: route.fulfill(status=404, body="not here"))
    else:
        context.route("**/*.br", lambda route: route.fulfill(status=200, body=b"\x1b\xff" * 4096))
    page.goto(url(site, "classica", 2, seed=36))
    wait_state(page, "playing")
    page.wait_for_function(ENGINE_READY, timeout=90_000)
    unused = [m for m in messages if "Brotli runtime not used" in m]
    for copy in ("pyodide.asm.wasm.br", "python_stdlib.zip.br"):
        assert any(copy in m for m in unused), (copy, messages)
    play_one_and_get_an_answer(page)
    assert not [e for e in watch.errors if "404" not in e], watch.errors  # the 404 itself is logged


def play_on_without_a_network(context: Any, page: Any) -> None:
    """A network that hangs, then one that fails: the cached build is reloaded and plays on."""
    held: list[Any] = []
    for network in ("hangs", "fails"):
        position = hand(page)
        if network == "hangs":
            context.route("**/*", lambda route: held.append(route))
        else:
            context.route("**/*", lambda route: route.abort())
        page.reload()
        wait_state(page, "playing", timeout=30_000)
        assert hand(page) == position, network
        play_one_and_get_an_answer(page)
        if network == "hangs":
            # The service worker did ask the network (its per-visit build check), and never waited for it.
            assert any(r.request.url.endswith("/sw.js") for r in held), [r.request.url for r in held]
        context.unroute("**/*")
    for route in held:
        with contextlib.suppress(Exception):  # already answered when its page went away
            route.abort()


@pytest.fixture
def own_site(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A copy of dist/ served on its own port, so a test can deploy a new build into it."""
    root = tmp_path / "site"
    shutil.copytree(DIST, root)
    base, server = serve(root)
    yield base, root
    server.shutdown()


@pytest.mark.snapshot
def test_a_new_deploy_does_not_mix_with_the_open_build(own_site, context, watch):
    base, root = own_site
    page = context.new_page()
    watch.attach(page)
    first_visit(page, url(base, "classica", 2, seed=34))
    old = re.search(r'const VERSION = "(\w+)"', (root / "sw.js").read_text()).group(1)
    # Deploy a new build: another app.js and another version (as build.sh would stamp it).
    app = root / "static" / "app.js"
    app.write_text(app.read_text() + "\nwindow.briscolaNewBuild = true;\n")
    sw = root / "sw.js"
    sw.write_text(sw.read_text().replace(old, "0123456789ab"))
    page.reload()
    wait_state(page, "playing")
    # The page, its scripts and the runtime all come from the build the page belongs to.
    assert page.evaluate("window.briscolaNewBuild") is None
    play_one_and_get_an_answer(page)
    assert not watch.errors, watch.errors


def _site_copy(tmp_path: Path) -> Path:
    dist = tmp_path / "dist"
    (dist / "static" / "boot").mkdir(parents=True)
    shutil.copy(ROOT / "static" / "sw.js", dist / "sw.js")
    shutil.copy(ROOT / "static" / "boot" / "snapshot.js", dist / "static" / "boot" / "snapshot.js")
    (dist / "index.html").write_text("<!doctype html><title>Briscola</title>")
    (dist / "briscola.zip").write_bytes(b"PK first")
    return dist


def test_the_build_version_changes_with_any_file(tmp_path):
    first = stamp_build.stamp(_site_copy(tmp_path / "a"))
    assert first == stamp_build.stamp(_site_copy(tmp_path / "b"))  # same files, same version
    changed = _site_copy(tmp_path / "c")
    (changed / "briscola.zip").write_bytes(b"PK second")
    second = stamp_build.stamp(changed)
    assert re.fullmatch(r"[0-9a-f]{12}", second) and second != first
    sw = (changed / "sw.js").read_text()
    assert f'const VERSION = "{second}";' in sw
    precache = sw.split("const PRECACHE = ")[1].split(";")[0]
    assert '"./briscola.zip"' in precache and '"./sw.js"' not in precache
    assert f'export const BUILD = "{second}";' in (changed / "static" / "boot" / "snapshot.js").read_text()


def test_the_built_site_is_stamped_consistently():
    if not (DIST / "sw.js").exists():
        pytest.skip("dist/ is not built")
    sw = (DIST / "sw.js").read_text()
    version = re.search(r'const VERSION = "(\w+)";', sw).group(1)
    assert f'export const BUILD = "{version}";' in (DIST / "static" / "boot" / "snapshot.js").read_text()
    precache = set(re.findall(r'"\./([^"]*)"', sw.split("const PRECACHE = ")[1].split(";")[0]))
    files = {p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file()}
    assert precache - {""} == {f for f in files - {"index.html", "sw.js", ".nojekyll"} if not f.endswith(".br")}
    assert "pyodide/pyodide.asm.wasm.br" in files and "pyodide/pyodide.asm.wasm" in precache
