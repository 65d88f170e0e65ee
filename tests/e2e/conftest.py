"""End-to-end fixtures: the built site (dist/) served on a free loopback port, Debian's chromium.

The server answers both at ``/`` and under the sub-path ``/sub/site/`` (as a GitHub Pages
project site would), from the same dist/. Every page records its requests, console errors and
page errors, so tests can check that nothing left the origin and nothing broke.

Python's first start in a browser context costs seconds; a returning visit starts it from the
snapshot the first visit left in the context's caches. So each pytest worker keeps **warm
contexts** (``warm``), one per kind (language, phone or desktop, motion...), each warmed once by a
first visit that plays a move and waits for the snapshot; a test gets a new page in one, with
localStorage emptied (a fresh player as far as the page can tell: no save, no setup, no
statistics) and its own sessionStorage (a new tab). ``page`` is such a page; a test about first
visits, the service worker, going offline or routing the network asks for ``context`` too and gets
a cold context of its own, ``page`` in it.
"""

from __future__ import annotations

import collections
import contextlib
import functools
import http.server
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api._generated import Clock

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
CHROMIUM = "/usr/bin/chromium"
# One set of flags for every test and bench. WebRTC's host candidates as plain addresses, not mDNS
# names (which do not resolve inside the online tests' network namespace, tools/netns.sh).
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run", "--disable-quic", "--disable-features=WebRtcHideLocalIpsWithMdns"]
SUB = "/sub/site/"
# Python's first start on a busy 2-core machine, or the page's own replacement of a start that
# stalled (static/engine/worker.js START_STALL_MS: 30 s, 90 s before the service worker controls
# the page; then a new start): seen twice in busy full runs, a start that reported nothing.
BOOT_MS = 150_000


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.e2e)
            # A browser test that fails is run once more (pytest-rerunfailures): in the full run's
            # load, about one in two thousand failed on a timing (a 0.12 s transition over before it
            # was looked at, a start over 12 s). The summary names it (R); failing twice fails.
            item.add_marker(pytest.mark.flaky(reruns=1))
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent / "online"):
            # An online page may hold the relay's socket after its table is gone: never kept.
            item.add_marker(pytest.mark.fresh_page)
            # All run in the namespace, beside the rest (./build.sh test): they wait on peers and
            # relays far more than they compute, so the cores the others keep busy take them too.
            item.add_marker(pytest.mark.online)


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
    # socketserver's listen backlog is 5: a page's burst of requests (the service worker's precache,
    # the runtime's early fetches, two tabs) overflowed it while the test process held the GIL, and
    # Chromium saw a connection reset: "Failed to fetch dynamically imported module" (CI, once).
    request_queue_size = 256

    def handle_error(self, request: Any, client_address: Any) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], (ConnectionError, BrokenPipeError)):  # a page closed mid-download
            super().handle_error(request, client_address)


@pytest.fixture(scope="session")
def site() -> Iterator[str]:
    """The base URL of the built site (built first if dist/ is missing)."""
    if not (DIST / "index.html").exists():
        subprocess.run([str(ROOT / "build.sh")], check=True)
    base, server = serve(DIST)
    yield base
    server.shutdown()


def serve(directory: Path) -> tuple[str, _Server]:
    """``directory`` served on a free loopback port (tests and bench/): its base URL and the server."""
    server = _Server(("127.0.0.1", 0), functools.partial(_Handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/", server


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
        self.pages: list[Any] = []
        self.console: collections.deque[str] = collections.deque(maxlen=40)  # for a failure's report

    def attach(self, page: Any) -> None:
        self.pages.append(page)
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("console", lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text[:300]}"))
        page.on("worker", lambda w: self.console.append(f"worker started: {w.url[:80]}"))
        page.on("crash", lambda _: self.console.append("the page crashed"))

    def report(self) -> str:
        """What the pages showed and said, for a failed test's report."""
        lines = []
        for page in self.pages:
            if page.is_closed():
                continue
            try:
                # bounded, unlike evaluate(): the page may be the stuck thing
                lines.append(f"{page.url}: {page.wait_for_function(PAGE_STATE, timeout=5_000).json_value()}")
            except PlaywrightError as e:
                lines.append(f"{page.url}: not readable ({e.message.splitlines()[0]})")
        return "\n".join([*lines, "console:", *self.console])


# A page's own account of where it is (UI-CONTRACT's data attributes, the notice, the dialog).
PAGE_STATE = """() => {
  const h = document.documentElement, text = (id) => document.getElementById(id)?.textContent ?? '';
  return JSON.stringify({state: h.dataset.state, screen: h.dataset.screen, phase: h.dataset.phase,
    wait: h.dataset.wait, visibility: document.visibilityState, toast: text('toast').slice(0, 200),
    dialog: text('dialog').slice(0, 200)}); }"""


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Why each browser test that was run again failed the first time (the summary names it only):
    a timing to fix, read in the run's own output."""
    for report in terminalreporter.stats.get("rerun", []):
        terminalreporter.write_sep("-", f"rerun: {report.nodeid}")
        terminalreporter.write_line("\n".join(report.longreprtext.splitlines()[-40:]))


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Any:
    report = yield
    watch = getattr(item, "funcargs", {}).get("watch")
    if report.failed and call.when == "call" and isinstance(watch, Watch):
        report.sections.append(("the pages", watch.report()))
    return report


def throwaway(ctx: Any) -> Any:
    """A cold context closed after its test: its pages make no snapshot of Python, which no later
    visit would restore from (static/engine/worker.js, MAKE_SNAPSHOT; ~4 CPU-s beside the test)."""
    ctx.add_init_script("globalThis.briscolaMakeSnapshot = false;")
    return ctx


@pytest.fixture
def context(browser: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A cold context of the test's own (first visits, offline, routes, two tabs of a fresh profile).
    It makes Python's snapshot only for a test marked ``snapshot`` (the visits after a first one)."""
    # The page follows the browser's language (navigator.languages); these tests read Italian.
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, locale="it-IT")
    if request.node.get_closest_marker("snapshot") is None:
        throwaway(ctx)
    yield ctx
    ctx.close()


@pytest.fixture
def watch() -> Watch:
    return Watch()


def close_tab(page: Any, attempts: int = 4) -> bool:
    """Close a tab, never waiting for ever: True once it is closed.

    ``page.close()`` has no timeout, and Chromium can acknowledge a close that races a navigation
    commit (a reload, the page's own update) without closing anything, so it would wait for good
    (crbug.com/536385539, microsoft/playwright#42366; it hung a whole run here). The close is sent
    again, as Playwright's proposed fix does, a few times.
    """
    if page.is_closed():
        return True
    try:
        cdp = page.context.new_cdp_session(page)
        target = cdp.send("Target.getTargetInfo")["targetInfo"]["targetId"]
        cdp.detach()
        browser_cdp = page.context.browser.new_browser_cdp_session()
    except PlaywrightError:
        return page.is_closed()
    try:
        for _ in range(attempts):
            try:
                with page.expect_event("close", timeout=2_000):
                    browser_cdp.send("Target.closeTarget", {"targetId": target})
                return True
            except PlaywrightError:
                if page.is_closed():
                    return True
        return False
    finally:
        with contextlib.suppress(PlaywrightError):
            browser_cdp.detach()


# A whole visit that leaves a returning player's start behind: the service worker in control and
# Python's snapshot saved (or given up) after the first move (static/boot/snapshot.js).
WARM_LINK = "?new=classica&players=2&seed=1&level=principiante&speed=istantanea"
WARM_DONE = ("!!navigator.serviceWorker.controller && (performance.getEntriesByName('briscola:snapshot-saved')"
             ".length + performance.getEntriesByName('briscola:snapshot-failed').length > 0)")


# A test's first `goto` of a link the page follows itself (static/app.js, followInPlace) is made in
# a page kept from an earlier test: storage emptied as a new tab finds it, then the link followed
# by the page, with Python already up (a new page would start it again: ~4 CPU-s).
# The page's own listener comes first; this one, after it, cancels a navigation the page left to
# the browser (the test then loads the link for real).
FOLLOW = """(u) => {
  if (!globalThis.navigation) return false;
  let followed = false;
  const after = (e) => {  // (the page's own replaceState calls come here too, inside it: left alone)
    if (e.destination.sameDocument) return;
    followed = e.defaultPrevented;
    if (!followed && e.cancelable) e.preventDefault();
  };
  navigation.addEventListener('navigate', after);
  localStorage.clear();
  sessionStorage.clear();
  location.assign(u);
  navigation.removeEventListener('navigate', after);
  return followed;
}"""
# What a test may do to a page that would follow it into the next test: such a page is not kept.
TAINTS = ("route", "route_from_har", "add_init_script", "emulate_media", "expose_function", "expose_binding",
          "set_extra_http_headers")


def _kept_goto(page: Any, site: str, kept: bool) -> None:
    """The page's first `goto` of a link to the site's page is followed in place (FOLLOW); any
    other, and every later one, is a real navigation. Calls in TAINTS mark the page not to keep."""
    cls = type(page)
    first, old_document = [True], [kept]

    def goto(address: str, **kw: Any) -> Any:
        was_first, first[0] = first[0], False
        if was_first and _in_place(address, site, page.url) and page.evaluate(FOLLOW, address):
            old_document[0] = False
            return None
        if old_document[0]:  # the last test's document goes first: what it saves as it goes is not this test's
            old_document[0] = False
            cls.goto(page, "about:blank")
            _clear_storage(page, site)
        return cls.goto(page, address, **kw)

    def tainting(name: str) -> Any:
        def call(*args: Any, **kw: Any) -> Any:
            page._briscola_tainted = True
            first[0] = False  # an init script or a route is for the page's real loads
            return getattr(cls, name)(page, *args, **kw)
        return call

    page.goto = goto
    for name in TAINTS:
        setattr(page, name, tainting(name))


def _clear_storage(page: Any, site: str) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": site.rstrip("/"), "storageTypes": "local_storage"})
    cdp.detach()


def _in_place(address: str, site: str, current: str) -> bool:
    """Both on the site's page: the page itself says which links it follows (FOLLOW asks it)."""
    base = urlsplit(site)
    to, now = urlsplit(address), urlsplit(current)
    same = lambda u: (u.scheme, u.netloc, u.path) == (base.scheme, base.netloc, base.path)  # noqa: E731
    return same(to) and same(now) and not to.fragment


def _marking_clocked(install: Any) -> Any:
    """Clock.install, marking its browser context: Playwright's clock is the whole context's, and a
    later page there would get fake timers and a fake ``performance`` (no marks to wait for)."""
    @functools.wraps(install)
    def marked(self: Any, *args: Any, **kw: Any) -> Any:
        self._impl_obj._browser_context._briscola_clocked = True
        return install(self, *args, **kw)
    return marked


Clock.install = _marking_clocked(Clock.install)


def _clocked(ctx: Any) -> bool:
    return getattr(ctx._impl_obj, "_briscola_clocked", False)


class WarmContexts:
    """This worker's warm contexts, one per kind of context options (the viewport is the page's),
    and in each the page the last test left, kept for the next one."""

    def __init__(self, browser: Any, site: str) -> None:
        self.browser, self.site, self.pool = browser, site, {}
        self.kept: dict[str, Any] = {}

    def context(self, **options: Any) -> Any:
        key = json.dumps(options, sort_keys=True)
        if key not in self.pool:
            ctx = self.browser.new_context(**options)
            warmed = self._warm_up(ctx)
            self.pool[key] = ctx
            if warmed is not None:  # the first test of its kind takes it (a context used once: one start)
                self.kept.setdefault(key, warmed)
        return self.pool[key]

    def _warm_up(self, ctx: Any) -> Any:
        """The warm-up's page, left at its table; None when it did not finish. Only a speed-up: a
        context whose warm-up did not finish starts Python cold (the tests still run, and judge the
        page), never a failure or a retry per test."""
        page = ctx.new_page()
        try:
            page.goto(self.site + WARM_LINK)
            page.wait_for_selector("#my-hand [data-playable=true]", state="attached", timeout=BOOT_MS)
            page.locator("#my-hand [data-playable=true]").first.dblclick()
            page.wait_for_function(WARM_DONE, timeout=60_000)
            return page
        except PlaywrightError as e:
            print(f"warm-up not finished ({e.message.splitlines()[0]}): this context starts Python cold")
            close_tab(page)
            return None

    def page(self, watch: Watch, viewport: tuple[int, int] = (1280, 800), fresh: bool = False, **options: Any) -> Any:
        """A page in the warm context of these options, as a new player's first tab: the one the
        last test left when it can be kept (its first `goto` then followed in place), else a new one."""
        key = json.dumps(options, sort_keys=True)
        ctx = self.context(**options)
        page = self.kept.pop(key, None)
        if page is not None and (fresh or not self._answers(page)):
            close_tab(page)
            page = None
        if page is None:
            if not all([close_tab(old) for old in ctx.pages]):  # the last test's tabs: none may write now
                self.pool = {k: c for k, c in self.pool.items() if c is not ctx}  # a tab that will not
                ctx = self.context(**options)  # close: that context is left alone, a new one warmed
            page = ctx.new_page()
        _clear_storage(page, self.site)
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        page._briscola_key = key
        _kept_goto(page, self.site, kept=page.url != "about:blank")
        page._briscola_tainted = fresh  # not kept after either: the next test of its kind gets no leftovers
        watch.attach(page)
        return page

    @staticmethod
    def _answers(page: Any) -> bool:
        if page.is_closed():
            return False
        try:
            page.wait_for_function("() => !!document.documentElement.dataset.state", timeout=5_000)
            return True
        except PlaywrightError:
            return False

    @staticmethod
    def _plain(page: Any) -> bool:
        """No tournament or online table left behind (their loops go on behind other screens), and
        not zoomed (a phone page was seen zoomed in after a test: the next one's boxes were off)."""
        try:
            return page.evaluate("""() => visualViewport.scale === 1
              && innerWidth === document.documentElement.clientWidth
              && !['tournament', 'lobby'].includes(document.documentElement.dataset.screen)
              && !document.documentElement.dataset.online  // (data-seat: every table's page has one)
              && !Object.keys(localStorage).some((k) => /^briscola:(tournament|online)/.test(k))""")
        except PlaywrightError:
            return False

    def done(self, page: Any) -> None:
        """After its test: the page is kept for the next test of its kind unless the test changed
        it for good (TAINTS) or it will not answer; every other tab of its context is closed."""
        ctx = page.context
        if _clocked(ctx):  # its fake clock stays: the context goes, the next test warms another
            self.pool = {k: c for k, c in self.pool.items() if c is not ctx}
            self.kept = {k: p for k, p in self.kept.items() if p.context is not ctx}
            with contextlib.suppress(PlaywrightError):
                ctx.close()
            return
        keep = not page.is_closed() and not getattr(page, "_briscola_tainted", False)
        for tab in ctx.pages:
            if tab is not page or not keep:
                close_tab(tab)  # one that will not close is dealt with by the next test in its context
        ctx.set_offline(False)
        if keep and len(ctx.pages) == 1 and self._answers(page) and self._plain(page):
            self.kept[page._briscola_key] = page
        else:
            close_tab(page)

    def close(self) -> None:
        for ctx in self.pool.values():
            ctx.close()


@pytest.fixture(scope="session")
def warm_contexts(browser: Any, site: str) -> Iterator[WarmContexts]:
    contexts = WarmContexts(browser, site)
    yield contexts
    contexts.close()


@pytest.fixture
def warm(warm_contexts: WarmContexts, watch: Watch, request: pytest.FixtureRequest) -> Iterator[Any]:
    """``warm(viewport=(w, h), locale=..., is_mobile=..., has_touch=..., reduced_motion=...)``: a
    page in a warm context of those options (below: kept for the next test, or closed, after it).
    Tests marked ``fresh_page`` get a new tab (a page opened at their size, as they measure it)."""
    opened: list[Any] = []
    fresh = request.node.get_closest_marker("fresh_page") is not None

    def make(viewport: tuple[int, int] = (1280, 800), locale: str = "it-IT", **options: Any) -> Any:
        page = warm_contexts.page(watch, viewport, fresh=fresh, locale=locale, **options)
        opened.append(page)
        return page

    yield make
    for page in opened:
        warm_contexts.done(page)


@pytest.fixture
def page(request: pytest.FixtureRequest, watch: Watch) -> Any:
    """A new page: in the test's own cold ``context`` when it asks for one, else a warm desktop page
    in Italian."""
    if "context" in request.fixturenames:
        p = request.getfixturevalue("context").new_page()
        watch.attach(p)
        return p
    return request.getfixturevalue("warm")()
