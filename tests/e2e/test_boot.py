"""Issue 13: nothing waits for Python. The first screen works from HTML and JavaScript alone; Python
runs in one worker, started after the first paint; a returning player's table is drawn from the
save at once and a move made before Python is up is played as soon as it is; a dead worker is
replaced and the match goes on from the save.

Python is held back by holding its wasm download (the context routes the worker's requests too);
the service worker is blocked so every request reaches the route. Those tests need cold contexts of
their own (a warm one has Python in its caches and a service worker in control); the dead engine's
test needs none and takes a warm page.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import BOOT_MS, Watch, close_tab, throwaway
from e2e_support import MY_MOVE, fill_setup, front, hand, open_match, state, url, wait_move, wait_state

ENGINE_READY = "performance.getEntriesByName('briscola:engine-ready').length > 0"
ENGINE_START = "performance.getEntriesByName('briscola:engine-start').length > 0"


class Held:
    """The runtime's wasm (plain, or the first visit's Brotli copy) held back until `release()`."""

    def __init__(self, context: Any) -> None:
        self.routes: list[Any] = []
        self.holding = True
        context.route("**/pyodide.asm.wasm*", self._route)

    def _route(self, route: Any) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        routes, self.routes = self.routes, []
        for route in routes:
            route.continue_()


@pytest.fixture
def slow(browser: Any, watch: Watch) -> Iterator[tuple[Any, Any, Held]]:
    """A first visit's cold context, the service worker blocked, Python's wasm held back."""
    ctx = throwaway(browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT",
                                        service_workers="block"))
    held = Held(ctx)
    page = ctx.new_page()
    watch.attach(page)
    yield ctx, page, held
    held.release()
    ctx.close()


def engine_ready(page: Any) -> bool:
    return page.evaluate(ENGINE_READY)


def test_the_setup_works_before_python(site, slow, watch):
    _, page, held = slow
    page.goto(site)
    wait_state(page, "setup", timeout=10_000)
    assert not engine_ready(page)
    fill_setup(page, variant="chiamata")
    assert page.locator("#setup select[name=players]").input_value() == "5"  # the form answers
    fill_setup(page, lang="en")
    assert page.evaluate("document.documentElement.lang") == "en"
    front(page, "setup")
    assert page.locator("#start").inner_text().strip() == "Play"
    assert "Briscola chiamata" in page.locator(".door-game").inner_text()  # the one tap's game
    with page.expect_request(lambda r: "pyodide.asm.wasm" in r.url, timeout=60_000):
        page.reload()  # remembered choices, still before Python
        wait_state(page, "setup", timeout=10_000)
        front(page, "game")
        assert page.locator("#setup select[name=variant]").input_value() == "chiamata"
    # Python's download has begun, and is held
    assert held.routes and not engine_ready(page)
    assert not watch.errors, watch.errors


def test_play_pressed_before_python_starts_the_match_when_it_is_ready(site, slow, watch):
    _, page, held = slow
    page.goto(site)
    wait_state(page, "setup", timeout=10_000)
    page.locator("#start").click()
    wait_state(page, "loading")  # the progress shows
    assert page.locator("#load-progress").is_visible()
    page.wait_for_function(ENGINE_START)  # Python's start has begun: it waits for the wasm held back
    assert held.routes and not engine_ready(page)
    held.release()
    wait_state(page, "playing")
    assert wait_move(page)
    assert not watch.errors, watch.errors


@pytest.mark.parametrize("ahead", [True, False], ids=["answered-ahead", "queued"])
def test_a_card_played_while_python_starts_is_played_when_it_is_up(site, slow, watch, ahead):
    """A returning player's first card, played before Python is up: taken at once with the engine's
    answer given ahead (op ahead, kept with the save: briscola/ahead.py), or, without one, queued until
    Python is up. Either way Python goes on from that move, and the card is the one played."""
    ctx, page, held = slow
    held.release()
    open_match(page, url(site, "classica", 2, seed=41))
    assert wait_move(page)
    page.wait_for_selector("html[data-phase=idle]")
    page.wait_for_function("(JSON.parse(localStorage.getItem('briscola:match')).ahead || []).length === 3")
    if not ahead:
        page.evaluate("""() => { const r = JSON.parse(localStorage.getItem('briscola:match'));
          delete r.ahead; localStorage.setItem('briscola:match', JSON.stringify(r)); }""")
    assert close_tab(page)
    held.holding = True
    again = ctx.new_page()
    watch.attach(again)
    again.goto(site)
    again.wait_for_selector("html[data-state=playing][data-phase=starting] #my-hand [data-playable=true]",
                            state="attached", timeout=10_000)  # the saved table, drawn before Python
    assert not engine_ready(again)
    code = again.locator(MY_MOVE).first.get_attribute("data-card")
    before = json.loads(again.evaluate("localStorage.getItem('briscola:match')"))
    moves = len(json.loads(before["text"])["deals"][0])
    again.locator(f'#my-hand [data-card="{code}"]').dblclick()
    again.wait_for_selector(MY_MOVE, state="detached")  # taken: no other card is offered meanwhile
    if ahead:  # on the table and saved at once, Python still held back
        newer = f"JSON.parse(localStorage.getItem('briscola:match')).rev > {before['rev']}"
        again.wait_for_function(newer, timeout=10_000)
        saved = json.loads(again.evaluate("localStorage.getItem('briscola:match')"))
        assert json.loads(saved["text"])["deals"][0][moves] == {"play": code} and saved["rev"] > before["rev"]
        assert again.evaluate("performance.getEntriesByName('briscola:move-ahead').length") == 1
    else:
        assert code in hand(again)
    assert not engine_ready(again)
    held.release()
    again.wait_for_function(ENGINE_READY, timeout=BOOT_MS)
    assert wait_move(again)  # the game goes on from the position after that card
    assert code not in hand(again)
    after = json.loads(again.evaluate("localStorage.getItem('briscola:match')"))
    played = json.loads(after["text"])["deals"][0][moves:]
    assert played[0] == {"play": code} and {"play": code} not in played[1:]  # that card, once
    assert not watch.errors, watch.errors


def test_a_dead_engine_is_replaced_and_the_match_goes_on(site, page, watch):
    page.add_init_script("globalThis.briscolaCallTimeoutMs = 4000;")  # this tab's loads only
    open_match(page, url(site, "classica", 2, seed=42))
    assert wait_move(page)
    page.wait_for_selector("html[data-phase=idle]")
    page.evaluate("document.querySelector('script[type=py][worker]').xworker.terminate()")  # the worker dies
    code = page.locator(MY_MOVE).first.get_attribute("data-card")
    page.locator(f'#my-hand [data-card="{code}"]').dblclick()
    page.wait_for_selector("#toast:not([hidden])", timeout=30_000)
    assert "riavviato" in page.inner_text("#toast")
    page.wait_for_selector("html[data-phase=idle], html:not([data-state=playing])", state="attached",
                           timeout=BOOT_MS)
    assert code not in hand(page)  # the move made while it died is made again
    assert wait_move(page)
    assert page.locator("script[type=py][worker]").count() == 1  # the dead one is gone
    assert not watch.errors, watch.errors


def test_a_start_that_hangs_is_started_again(site, browser, watch):
    """A worker whose Python never reports (its wasm held for ever here) is thrown away after the
    start's stall limit and another one starts; the player gets the table, with one worker."""
    ctx = throwaway(browser.new_context(viewport={"width": 390, "height": 844}, locale="it-IT",
                                        service_workers="block"))
    stuck: list[Any] = []

    def first_held(route: Any) -> None:
        if not stuck and route.request.resource_type == "fetch":  # the worker's, not the page's prefetch
            stuck.append(route)  # never answered: that worker's start hangs
        else:
            route.continue_()

    ctx.route("**/pyodide.asm.wasm*", first_held)
    page = ctx.new_page()
    watch.attach(page)
    # Long enough for a start on a busy machine to report between its steps (3 s once stalled
    # the replacement too: a cold start compiles its wasm without a word).
    page.add_init_script("globalThis.briscolaStartStallMs = 15000;")
    try:
        page.goto(url(site, "classica", 2, seed=43))
        page.wait_for_function(ENGINE_START)
        page.wait_for_function(ENGINE_READY, timeout=BOOT_MS)
        assert stuck  # the first start did hang on its download
        wait_state(page, "playing")
        assert wait_move(page)
        assert page.locator("script[type=py][worker]").count() == 1  # the stuck one is gone
        assert page.locator("script[type=py][worker]").get_attribute("name") != "engine-0"
        assert any("starting it again" in line for line in watch.console)
        assert not watch.errors, watch.errors
    finally:
        close_tab(page)
        ctx.close()


def test_a_link_the_page_follows_itself_keeps_its_python(site, page, watch):
    """A link to a new match opened from the page (a script, a link in it) is taken in place: the
    match on the table is let go, its answers still on their way are dropped, and Python is not
    started again. A link the page does not take in place (here `relay=`) loads it anew."""
    open_match(page, url(site, "brisca", 2, seed=44))
    assert wait_move(page)
    code = page.locator(MY_MOVE).first.get_attribute("data-card")
    page.locator(f'#my-hand [data-card="{code}"]').dblclick()  # the computer's answer is on its way
    worker = page.locator("script[type=py][worker]").get_attribute("name")
    # The document's own mark (not performance.timeOrigin: two documents were seen to share one).
    page.evaluate("window.__document = 'first'")
    page.evaluate("(u) => location.assign(u)", url(site, "chiamata", 5, seed=45))
    page.wait_for_selector("html[data-state=playing] #my-hand .hand-card:nth-child(8)", state="attached")
    assert wait_move(page)
    assert "?" not in page.url
    assert page.evaluate("window.__document") == "first", "the page was loaded again"
    assert page.locator("script[type=py][worker]").count() == 1, "Python started again"
    assert page.locator("script[type=py][worker]").get_attribute("name") == worker
    page.wait_for_selector("html[data-phase=idle]", state="attached")
    saved = json.loads(json.loads(page.evaluate("localStorage.getItem('briscola:match')"))["text"])
    assert saved["variant"] == "chiamata", "the first match's late answer was saved over the new one"
    with page.expect_event("load"):
        page.evaluate("location.assign('./?relay=local')")
    assert page.evaluate("window.__document") is None, "a link the page does not take was taken in place"
    wait_state(page, "playing")  # the saved chiamata, resumed
    assert not watch.errors, watch.errors


@pytest.mark.parametrize("button", ["Rivincita", "Rigioca la smazzata"])
def test_a_link_followed_while_a_new_match_waits_for_the_count_opens_the_link(site, page, watch, button):
    """A match over: "Rivincita" (or "Rigioca") waits for the last deal's analysis and the count
    behind it; a link followed in place meanwhile wins. The waiting start is dropped: it used to go
    on after the link's match and replace it (a rematch the new match refused: the setup)."""
    open_match(page, url(site, "classica", 2, seed=200, level="campione"))
    while wait_move(page):
        page.locator(MY_MOVE).first.dblclick()
    wait_state(page, "match-over")
    page.get_by_role("button", name=button).click()
    page.evaluate("(u) => location.assign(u)", url(site, "classica", 2, seed=3))
    wait_state(page, "playing")
    first = hand(page)
    page.wait_for_timeout(3_000)  # the count done and the waiting start's turn come and go
    assert state(page) == "playing" and hand(page) == first and "seed" not in page.url
    assert page.locator("#dialog").is_hidden()
    assert not watch.errors, watch.errors


def test_a_page_whose_modules_never_start_loads_itself_again(site, context, watch):
    """The page loaded, but its modules drew no first screen (app.js lost on the way here): the page
    loads itself once more, and the player gets the setup."""
    lost: list[str] = []

    def first_lost(route: Any) -> None:
        if not lost:
            lost.append(route.request.url)
            route.abort()
        else:
            route.continue_()

    context.route("**/static/app.js", first_lost)
    page = context.new_page()
    watch.attach(page)
    page.goto(site)
    wait_state(page, "setup", timeout=30_000)
    assert lost, "app.js was never lost"
    assert any("did not start" in line for line in watch.console)
    page.reload()  # within the minute: no second restart is needed, nor made
    wait_state(page, "setup", timeout=30_000)


def test_the_runtime_fetched_early_is_the_runtime_python_loads(site, browser):
    """static/engine/worker.js fetches the runtime's files at once on a first visit (RUNTIME), for the worker
    to find them in the HTTP cache. That list repeats names that the boot modules
    use: every file in it must exist, and Python's start must load nothing else from pyodide/ or the
    package (the wasm is the Brotli copy; python_stdlib_later.zip neither: nothing a game imports
    is in it)."""
    ctx = throwaway(browser.new_context(service_workers="block"))
    statuses: dict[str, int] = {}
    ctx.on("response", lambda r: statuses.__setitem__(r.url.split("?")[0], r.status))
    page = ctx.new_page()
    try:
        page.goto(url(site, "classica", 2, 3, speed="istantanea"))
        page.wait_for_function(ENGINE_READY, timeout=BOOT_MS)
        at_start = dict(statuses)  # later, the snapshot's own Python fetches the plain wasm
        wait_state(page, "playing")  # Python up, the deal still to come (op new, the later texts)
        for _ in range(3):  # a few tricks: the engine and the AI at work import nothing later
            assert wait_move(page)
            code = page.locator(MY_MOVE).first.get_attribute("data-card")
            page.locator(f'#my-hand [data-card="{code}"]').dblclick()
            page.wait_for_selector(f'#my-hand [data-card="{code}"]', state="detached")
        assert wait_move(page)  # the computer's answer to the last one too
        later_zip = site.rstrip("/") + "/pyodide/python_stdlib_later.zip"
        assert later_zip not in statuses, "a game imported a module of the later zip"
        # the standard library's later zip, read synchronously by the boot module in the worker
        later = [w.evaluate("""() => { if (!globalThis.briscolaStdlibLater) return null;
                                       const b = briscolaStdlibLater(); return [b.length, b[0], b[1]]; }""")
                 for w in page.workers]
        assert any(x and x[0] > 100_000 and x[1:] == [0x50, 0x4B] for x in later), later  # "PK": a zip
        statuses.pop(later_zip)  # that read, not Python's
        # the list as written in the source (the site has it bundled: tools/bundle.mjs)
        src = (Path(__file__).resolve().parents[2] / "static" / "engine" / "worker.js").read_text()
        listed = json.loads(re.search(r"const RUNTIME = (\[[^\]]*\])", src, re.S).group(1))
        base = site.rstrip("/") + "/"
        runtime = {u[len(base):]: s for u, s in at_start.items() if u.startswith(base) and (
            u[len(base):].startswith("pyodide/") or u.endswith("briscola.zip") or u[len(base):] in listed)}
        assert listed and all(runtime.get(path) == 200 for path in listed), (listed, runtime)
        missed = set(runtime) - set(listed)
        assert not missed, f"Python loads files the page does not fetch early: {missed}"
        # PyScript's page plugins are off (engine/worker.js pageConfig), and its config is inline
        off = r"/pyscript/(py-editor|py-terminal|py-game|donkey|deprecations-manager|toml)-"
        plugins = [u for u in at_start if re.search(off, u)]
        assert not plugins, f"PyScript loaded modules the page turned off: {plugins}"
    finally:
        ctx.close()


def test_python_starts_before_the_rest_of_the_page_when_the_first_screen_needs_it(site, browser, watch):
    """static/boot/early.js starts the engine while the page's other modules are still arriving when the
    first screen needs Python (a ?new= link, a saved match); the setup screen alone waits for its
    first paint."""
    ctx = throwaway(browser.new_context(service_workers="block"))
    held: list[Any] = []
    holding = [True]
    # the rest of the page held back: app.js, bundled with what only it imports (tools/bundle.mjs)
    ctx.route("**/static/app.js", lambda route: held.append(route) if holding[0] else route.continue_())
    page = ctx.new_page()
    watch.attach(page)

    def visit(address: str, python_first: bool) -> None:
        holding[0] = True
        with page.expect_request("**/static/app.js", timeout=30_000):
            page.goto(address, wait_until="commit")
        if python_first:
            page.wait_for_function(ENGINE_START)
        else:  # what must not happen: a bounded wait, while the module is held
            page.wait_for_timeout(400)
        assert page.evaluate(ENGINE_START) is python_first, (address, python_first)
        assert held, f"the module held back was never asked for ({address})"
        holding[0] = False
        while held:
            held.pop().continue_()

    try:
        visit(site, python_first=False)
        wait_state(page, "setup")
        visit(url(site, "classica", 2, 5, speed="istantanea"), python_first=True)
        wait_state(page, "playing")
        assert wait_move(page)
        page.locator(MY_MOVE).first.dblclick()
        page.wait_for_function("JSON.parse(localStorage.getItem('briscola:match') || '{}').rev > 1")
        visit(site, python_first=True)  # the saved match, resumed
        wait_state(page, "playing")
        assert wait_move(page)
        assert not watch.errors, watch.errors
    finally:
        ctx.close()
