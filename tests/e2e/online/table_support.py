"""Playing at an online table through the real pages: the host's lobby, guests joining by the invite,
and every page moving for its own seat until the deal ends.

These tests use the BroadcastChannel transport (``relay=local``, static/online/net-local.js): all the pages
are in one browser context, no network at all. With ``relay=<ws url>`` (inside the network
namespace, tests/e2e/online/online_support.py) the same helpers play over WebRTC, one context per page.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import BOOT_MS

CODE = re.compile(r"\b[A2-7JQK][DCBS]\b")
ENDED = ("deal-over", "match-over")


def watched(page: Any) -> Any:
    """``page`` with its requests and page errors recorded (``page.requests``, ``page.errors``)."""
    page.requests, page.errors = [], []
    page.on("request", lambda r: page.requests.append(r.url))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


@pytest.fixture
def pages(context: Any) -> Iterator[Any]:
    """``new()``: a watched page in the test's browser context (a test module imports this
    fixture); none of them may end the test with a page error."""
    made: list[Any] = []

    def new() -> Any:
        made.append(watched(context.new_page()))
        return made[-1]

    yield new
    for p in made:
        assert not p.errors, p.errors


def host_url(base: str, variant: str, players: int, people: int, seed: int, relay: str = "local",
             level: str = "principiante", **more: str) -> str:
    extra = "".join(f"&{k}={v}" for k, v in more.items())
    return (f"{base}?host={variant}&players={players}&people={people}&seed={seed}&level={level}"
            f"&speed=istantanea&relay={relay}{extra}")


def html(page: Any, key: str) -> str | None:
    return page.evaluate(f"document.documentElement.dataset.{key} ?? null")


def open_host(page: Any, address: str) -> str:
    """The host's page with its lobby: the invite's full URL (the `<a data-invite>`'s href)."""
    page.goto(address)
    page.wait_for_selector("a[data-invite]", timeout=BOOT_MS)
    return page.get_attribute("a[data-invite]", "href")


def join(page: Any, invite: str) -> None:
    page.goto(invite)
    page.wait_for_selector("html[data-seat]", state="attached", timeout=30_000)


def wait_all(pages: list[Any], *states: str, timeout: int = BOOT_MS) -> None:
    sel = ", ".join(f"html[data-state={s}]" for s in states)
    for p in pages:
        p.wait_for_selector(sel, state="attached", timeout=timeout)


def decide(page: Any) -> bool:
    """A decision in the panel (chiamata's auction and call, Brisca's exchange): made; False if none."""
    panel = "#panel:not([hidden])"
    if page.locator(f"{panel} [data-suit]").count():
        page.locator(f"{panel} [data-suit]").first.click()
    elif page.locator(f"{panel} [data-pass]").count():
        page.locator(f"{panel} [data-pass]").click()
    elif page.locator(f"{panel} [data-bid]").count():
        page.locator(f"{panel} [data-bid]").last.click()
    elif page.locator(f"{panel} [data-draw]").count():
        page.locator(f"{panel} [data-draw]").click()
    else:
        return False
    return True


def playable(page: Any) -> list[str]:
    return page.eval_on_selector_all("#my-hand [data-playable=true]", "els => els.map(e => e.dataset.card)")


def play_round(pages: list[Any], timeout_s: float = 180, bidder: Any = None, force: bool = False) -> int:
    """Every page moves for its own seat whenever it may, until every page shows the deal's end.
    At most one page at a time shows a playable card (one seat moves at a time). Returns the moves.
    `force`: double-click without Playwright's wait for a still card (UI-CONTRACT: a playable card
    plays whatever the page is doing); that wait costs ~1.5 s a move on a busy 2-core machine."""
    moves = 0
    start = time.monotonic()
    while time.monotonic() - start < timeout_s:
        states = [html(p, "state") for p in pages]
        if all(s in ENDED for s in states):
            return moves
        movers = [p for p in pages if playable(p)]
        assert len(movers) <= 1, "two pages show a playable card at once"
        for p in pages:
            cards = playable(p)
            if cards:
                p.locator(f'#my-hand [data-card="{cards[0]}"]').dblclick(force=force)
                moves += 1
            elif (bidder or decide)(p):
                moves += 1
            else:
                continue
            p.wait_for_timeout(60)
        pages[0].wait_for_timeout(40)
    raise AssertionError(f"the deal did not end: {[html(p, 'state') for p in pages]}")


def received(page: Any) -> list[dict]:
    """Every message the guest's page received from its host."""
    return page.evaluate("window.briscolaOnline.received")


def python_requests(requests: list[str]) -> list[str]:
    """Requests for the engine (Pyodide, the briscola package, PyScript): a guest's page makes none."""
    return [u for u in requests if re.search(r"pyodide|briscola\.zip|pyscript|\.py$|\.whl", u)]


def moves_until(pages: list[Any], n: int) -> None:
    """Play until the people's pages have made `n` moves."""
    made = 0
    for _ in range(2000):
        for p in pages:
            cards = playable(p)
            if cards and made < n:
                p.locator(f'#my-hand [data-card="{cards[0]}"]').dblclick()
                made += 1
                p.wait_for_timeout(80)
        if made >= n:
            return
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"{made} moves of {n}")


# ------------------------------------------------------------------ matches of several deals

NUMBER = re.compile(r"[+\u2212-]?\d+")  # the summary writes minus as U+2212 ("−3")


def seat_of(page: Any) -> int:
    return int(html(page, "seat"))


def exchanging(page: Any) -> bool:
    """Brisca: take the face-up trump whenever the panel offers it; any other decision as decide()."""
    offer = page.locator("#panel:not([hidden]) [data-exchange]")
    if offer.count():
        offer.first.click()
        return True
    return decide(page)


def bidding(page: Any) -> bool:
    """Chiamata: bid the panel's first rank (the lowest bid left) while one is offered, so this seat
    goes on bidding until it wins the auction or only the 2 with points is left; else as decide()."""
    bids = page.locator("#panel:not([hidden]) [data-bid]")
    if bids.count():
        bids.first.click()
        return True
    return decide(page)


def summary(page: Any, timeout: int = 30_000) -> str:
    """The end-of-deal (or end-of-match) summary's text, once the dialog shows it."""
    page.wait_for_selector("#dialog:not([hidden]) #btn-next-deal, #dialog:not([hidden]) #btn-summary-new",
                           timeout=timeout)
    return page.locator("#dialog").inner_text()


def summary_numbers(page: Any) -> list[int]:
    """The summary's numbers, sorted, seat names left out ("Giocatore 2" is a name, not a figure):
    both sides of a table show the same ones, each from its own seat."""
    text = re.sub(r"Giocatore \d+", "", summary(page))
    return sorted(int(n.replace("\u2212", "-")) for n in NUMBER.findall(text))


def next_deal(pages: list[Any]) -> None:
    """The host (pages[0]) starts the next deal from its summary; every guest's summary goes by itself
    and every page plays the new deal."""
    pages[0].locator("#btn-next-deal").click()
    wait_all(pages, "playing", timeout=30_000)
    for g in pages[1:]:
        g.wait_for_selector("#dialog", state="hidden", timeout=30_000)


def play_match(pages: list[Any], bidder: Any = None, max_deals: int = 8, timeout_s: float = 180) -> list[list[int]]:
    """Deal after deal to the match's end (pages[0] the host's page): every page plays each deal to
    its end, the guests' summaries show the host's numbers, the host starts the next deal. Returns
    each deal's summary numbers (the last: the match's)."""
    deals: list[list[int]] = []
    for _ in range(max_deals):
        play_round(pages, timeout_s=timeout_s, bidder=bidder, force=True)
        wait_all(pages, *ENDED, timeout=30_000)
        numbers = [summary_numbers(p) for p in pages]
        assert all(n == numbers[0] for n in numbers), f"the summaries differ: {numbers}"
        deals.append(numbers[0])
        states = [html(p, "state") for p in pages]
        if "match-over" in states:
            wait_all(pages, "match-over", timeout=30_000)
            return deals
        next_deal(pages)
    raise AssertionError(f"no match-over after {max_deals} deals")
