"""Playing at an online table through the real pages: the host's lobby, guests joining by the invite,
and every page moving for its own seat until the deal ends.

These tests use the BroadcastChannel transport (``relay=local``, static/online/net-local.js): all the pages
are in one browser context, no network at all. With ``relay=<ws url>`` (inside the network
namespace, tests/e2e/online/online_support.py) the same helpers play over WebRTC, one context per page.

No fixed sleeps: the helpers wait on what the pages show. Every page of a table draws whose turn it
is (the seat label marked ``turn``, table.js), so the page that moves next is known and waited on;
only a decision the view keeps from the other seats (Brisca's exchange) has the pages watched in
turn until one shows it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import BOOT_MS
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

CODE = re.compile(r"\b[A2-7JQK][DCBS]\b")
ENDED = ("deal-over", "match-over")
# What a page may do for its seat now: a playable card, or a decision in the panel (decide() below).
DECISIONS = "#panel:not([hidden]) :is([data-suit], [data-pass], [data-bid], [data-draw], [data-exchange])"
ACTS = f"#my-hand [data-playable=true], {DECISIONS}"
CAN_ACT = f"{ACTS}, html:not([data-state=playing])"
# The seat a page shows to move: "over" once its deal is not being played; "hidden" when the page waits
# for a move (data-phase idle) and shows nobody to move: a decision the view keeps from the other seats
# (who may exchange the face-up trump in Brisca: briscola/view.py); false while the page is busy.
TURN = """() => {
  const html = document.documentElement;
  if (html.dataset.state !== 'playing') return 'over';
  const marked = document.querySelector('section.seat > .seat-label.turn');
  return marked ? marked.parentElement.dataset.seat : html.dataset.phase === 'idle' ? 'hidden' : false;
}"""
LOOK_MS = 2_000  # how long to watch one page for a hidden decision before another
# The page shows the turn passed on from `seat` (to another seat, or to a hidden decision: TURN), or
# its deal over, or it may act (`act`: a selector) again.
MOVED_ON = """([seat, act]) => {
  const html = document.documentElement;
  if (html.dataset.state !== 'playing' || document.querySelector(act)) return true;
  const marked = document.querySelector('section.seat > .seat-label.turn');
  return marked ? marked.parentElement.dataset.seat !== seat : html.dataset.phase === 'idle';
}"""


def watched(page: Any) -> Any:
    """``page`` with its requests and page errors recorded (``page.requests``, ``page.errors``)."""
    page.requests, page.errors = [], []
    page.on("request", lambda r: page.requests.append(r.url))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    return page


@pytest.fixture
def pages(warm: Any) -> Iterator[Any]:
    """``new()``: a watched page, all in one browser context (a test module imports this fixture): the
    first a new tab of this worker's warm context (tests/e2e/conftest.py: its storage emptied, Python
    started from the snapshot its first visit left), the others tabs beside it. None of them may end
    the test with a page error."""
    made: list[Any] = []

    def new() -> Any:
        page = warm() if not made else made[0].context.new_page()
        page.set_viewport_size({"width": 1280, "height": 800})
        made.append(watched(page))
        return page

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


def join(page: Any, invite: str, timeout: int = 30_000) -> None:
    page.goto(invite)
    page.wait_for_selector("html[data-seat]", state="attached", timeout=timeout)


def wait_all(pages: list[Any], *states: str, timeout: int = BOOT_MS) -> None:
    sel = ", ".join(f"html[data-state={s}]" for s in states)
    for p in pages:
        p.wait_for_selector(sel, state="attached", timeout=timeout)


def clicked(choice: Any) -> Any:
    """Click the element of the locator `choice`: its handle (what the page takes away once it has
    taken the decision). A panel drawn again between the handle and the click (at a fair table an
    answer of the page's engine may draw it again, the same buttons) is clicked again, anew."""
    for _ in range(10):
        el = choice.element_handle()
        try:
            el.click()
            return el
        except PlaywrightError as exc:
            if "not attached" not in str(exc):
                raise
    raise AssertionError("the panel was drawn again at every click")


def decide(page: Any) -> Any:
    """A decision in the panel (chiamata's auction and call, Brisca's exchange): the button clicked,
    or None if there is none."""
    panel = page.locator("#panel:not([hidden])")
    for choice in (panel.locator("[data-suit]").first, panel.locator("[data-pass]"), panel.locator("[data-bid]").last,
                   panel.locator("[data-draw]")):
        if choice.count():
            return clicked(choice)
    return None


def playable(page: Any) -> list[str]:
    return page.eval_on_selector_all("#my-hand [data-playable=true]", "els => els.map(e => e.dataset.card)")


def whose_turn(page: Any, timeout_ms: float) -> str:
    """The seat `page` shows to move, "over" or "hidden" (TURN)."""
    return page.wait_for_function(TURN, timeout=timeout_ms).json_value()


def hidden_mover(pages: list[Any], ref: Any, left: Callable[[], float]) -> Any:
    """The page that shows a decision `ref` does not show (the other pages first: the view keeps it
    from every seat but the one deciding). Each page is watched a little in turn: any could be it."""
    while True:
        for p in [*(p for p in pages if p is not ref), ref]:
            try:
                p.wait_for_selector(CAN_ACT, state="attached", timeout=min(LOOK_MS, left()))
                return p
            except PlaywrightTimeout:
                if left() <= 1:
                    raise


def settle(pages: list[Any], mover: Any, seat: str, left: Callable[[], float]) -> Any:
    """After `mover`'s move, the page to read the next turn from: the mover, once its table shows the
    turn passed on (or its next decision). A guest who moved just before another seat's hidden
    decision hears nothing until it is made (briscola/guests.py): then it is the page that shows
    that decision, looked for whenever the mover has kept still a while."""
    while True:
        try:
            mover.wait_for_function(MOVED_ON, arg=[seat, ACTS], timeout=min(LOOK_MS, left()))
            return mover
        except PlaywrightTimeout:
            if left() <= 1:
                raise
        deciding = [p for p in pages if p is not mover and p.locator(ACTS).count()]
        if deciding:
            return deciding[0]


def act(page: Any, target: Any, bidder: Callable[[Any], Any] | None) -> Any:
    """`page` moves for its seat, `target` being what CAN_ACT found there: a playable card (its hand's
    first) is double-clicked without Playwright's wait for a still card (UI-CONTRACT: a playable card
    plays whatever the page is doing; that wait costs ~1.5 s a move on a busy 2-core machine), else
    its panel's decision is taken. The element acted on, or None (the deal is over)."""
    kind = target.evaluate("(e) => e === document.documentElement ? 'over' : e.closest('#my-hand') ? 'card' : 'panel'")
    if kind == "card":
        target.dblclick(force=True)
        return target
    return None if kind == "over" else (bidder or decide)(page)


def play_round(pages: list[Any], timeout_s: float = 180, bidder: Any = None, moves: int | None = None,
               until: Any = None, seen: Callable[[Any], None] | None = None) -> int:
    """Every page moves for its own seat when the table says it is its turn, until every page shows
    the deal's end (or `moves` moves are made, or it is the page `until`'s turn: it does not move).
    The computer's seats are the host's engine's. At most one page at a time shows a playable card
    (one seat moves at a time); `seen(page)` is called as a page is about to play a card (its hand
    whole and playable). Returns the moves made (cards and decisions)."""
    deadline = time.monotonic() + timeout_s

    def left() -> float:  # ms
        return max((deadline - time.monotonic()) * 1000, 1)

    by_seat = {html(p, "seat"): p for p in pages}
    ref, made = pages[0], 0  # ref: the page whose drawing says who moves next
    while moves is None or made < moves:
        seat = whose_turn(ref, left())
        if seat == "over":
            wait_all(pages, *ENDED, timeout=left())
            return made
        if seat == "hidden":
            mover = hidden_mover(pages, ref, left)
            seat = html(mover, "seat")
        else:
            mover = by_seat.get(seat)
        if mover is None:  # the computer moves: wait until the turn passes on
            ref.wait_for_function(MOVED_ON, arg=[seat, ACTS], timeout=left())
            continue
        target = mover.wait_for_selector(CAN_ACT, state="attached", timeout=left())
        if mover is until and html(mover, "state") == "playing":
            return made
        others = [p for p in pages if p is not mover and playable(p)]
        assert not others, "two pages show a playable card at once"
        if seen and playable(mover):
            seen(mover)
        done = act(mover, target, bidder)
        if done is None:
            continue  # the deal ended meanwhile
        made += 1
        done.wait_for_element_state("hidden", timeout=left())  # the page took the move
        ref = settle(pages, mover, seat, left)
    return made


def moves_until(pages: list[Any], n: int) -> None:
    """Play until the people's pages have made `n` moves."""
    assert play_round(pages, moves=n) == n


def received(page: Any) -> list[dict]:
    """Every message the guest's page received from its host."""
    return page.evaluate("window.briscolaOnline.received")


def python_requests(requests: list[str]) -> list[str]:
    """Requests for the engine (Pyodide, the briscola package, PyScript): a guest's page makes none."""
    return [u for u in requests if re.search(r"pyodide|briscola\.zip|pyscript|\.py$|\.whl", u)]


# ------------------------------------------------------------------ matches of several deals

NUMBER = re.compile(r"[+\u2212-]?\d+")  # the summary writes minus as U+2212 ("−3")


def seat_of(page: Any) -> int:
    return int(html(page, "seat"))


def exchanging(page: Any) -> Any:
    """Brisca: take the face-up trump whenever the panel offers it; any other decision as decide()."""
    offer = page.locator("#panel:not([hidden]) [data-exchange]").first
    return clicked(offer) if offer.count() else decide(page)


def bidding(page: Any) -> Any:
    """Chiamata: bid the panel's first rank (the lowest bid left) while one is offered, so this seat
    goes on bidding until it wins the auction or only the 2 with points is left; else as decide()."""
    bid = page.locator("#panel:not([hidden]) [data-bid]").first
    return clicked(bid) if bid.count() else decide(page)


def summary(page: Any, timeout: int = 30_000) -> str:
    """The end-of-deal (or end-of-match) summary's text, once the dialog shows it."""
    page.wait_for_selector("#dialog:not([hidden]) #btn-next-deal, #dialog:not([hidden]) #btn-summary-new",
                           timeout=timeout)
    return page.locator("#dialog").inner_text()


def summary_numbers(page: Any) -> list[int]:
    """The summary's numbers, sorted, seat names left out ("Giocatore 2" is a name, not a figure),
    and the player's own accuracy too (a person's analysis: the host's page has one, a guest's none):
    both sides of a table show the same ones, each from its own seat."""
    summary(page)
    text = page.evaluate("""() => {  // read at once: the accuracy line changes when its analysis ends
      const all = document.getElementById('dialog').innerText;
      const own = document.querySelector('#dialog #summary-accuracy')?.innerText;
      return own ? all.replace(own, '') : all;
    }""")
    text = re.sub(r"Giocatore \d+", "", text)
    return sorted(int(n.replace("\u2212", "-")) for n in NUMBER.findall(text))


def next_deal(pages: list[Any]) -> None:
    """The host (pages[0]) starts the next deal from its summary; every guest's summary goes by itself
    and every page plays the new deal."""
    pages[0].locator("#btn-next-deal").click()
    wait_all(pages, "playing", timeout=30_000)
    for g in pages[1:]:
        g.wait_for_selector("#dialog", state="hidden", timeout=30_000)


def play_match(pages: list[Any], bidder: Any = None, max_deals: int = 8,
               timeout_s: float = 180) -> tuple[list[list[int]], list[int]]:
    """Deal after deal to the match's end (pages[0] the host's page): every page plays each deal to
    its end, the guests' summaries show the host's numbers, the host starts the next deal. Returns
    each deal's summary numbers (the last: the match's) and the people's moves in each deal."""
    deals: list[list[int]] = []
    moves: list[int] = []
    for _ in range(max_deals):
        moves.append(play_round(pages, timeout_s=timeout_s, bidder=bidder))
        wait_all(pages, *ENDED, timeout=30_000)
        numbers = [summary_numbers(p) for p in pages]
        assert all(n == numbers[0] for n in numbers), f"the summaries differ: {numbers}"
        deals.append(numbers[0])
        states = [html(p, "state") for p in pages]
        if "match-over" in states:
            wait_all(pages, "match-over", timeout=30_000)
            return deals, moves
        next_deal(pages)
    raise AssertionError(f"no match-over after {max_deals} deals")
