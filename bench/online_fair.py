"""The fair table on the emulated phone (issue 36, docs/fair-deal.md "Speed"): bench/online.py --fair.

Five people at chiamata for five (the host and four guests), each page a phone of its own (a browser
context: 360 x 640, touch, DevTools CPU throttle 4x; all five in one Chromium on this machine, so
their work adds up on its cores: an upper bound), over the local relay in the network namespace.
The same table is played the host-referee way (`&fair=0`: the host's page deals, the guests run no
Python) and the fair way; the difference is what the fair deal adds.

Figures, from marks each page takes itself (Date.now(), one machine's clock):
- ``deal start s``: the host asks for the second deal (its summary's button) to every page showing
  its eight cards (the fair way: the keys, the joint shuffle, every hand's shares, each read).
- ``end check s``: on each page, from its deal no longer played (``html[data-state]`` leaves
  ``playing``: the last card is in) to its summary shown (the fair way: every seed revealed, the deck
  rebuilt and checked, the engine's replay); the slowest page, and the median page.
- ``first hands s``: from the last guest's seat to every page showing its first hand (the fair way
  includes every guest's Python start).

``--fair-start`` (``start_figures``): a guest's Python start at a fair table, started as he opens
the invite (after the lobby's first paint) against as the match starts (``briscolaWarmGuest =
false``, the way before). Three people at chiamata for five, three phones: the host's, a guest who
waits in the lobby ``LINGER_S`` for the last one (people do not arrive together), and the last
guest. From each guest's navigation to his lobby shown (``#lobby`` visible: it must come at once
either way), and from the last guest's seat (the match starts by itself: the host's start) to each
guest's first hand.
"""

from __future__ import annotations

import statistics
import time
from typing import Any
from urllib.parse import quote

from table_support import bidding, play_round

PEOPLE = 5
HAND = 8  # chiamata's hand: every card is dealt at the deal's start
PHONE = {"viewport": {"width": 360, "height": 640}, "is_mobile": True, "has_touch": True, "locale": "it-IT"}
CPU_SLOWDOWN = 4
# Each page's own marks: its deal over, its summary shown, its whole hand shown (once a deal each).
MARKS = """window.__marks = { over: [], summary: [], dealt: [] };
setInterval(() => {
  const m = window.__marks, html = document.documentElement, st = html.dataset.state;
  if (st === 'playing' && !m.playing) Object.assign(m, { playing: true, summed: false, full: false });
  if (st && st !== 'playing' && m.playing) { m.playing = false; m.over.push(Date.now()); }
  if (!m.playing && m.over.length && !m.summed
      && document.querySelector('#dialog:not([hidden]) :is(#btn-next-deal, #btn-summary-new)')) {
    m.summed = true;
    m.summary.push(Date.now());
  }
  if (m.playing && !m.full && document.querySelectorAll('#my-hand [data-card]').length >= HAND) {
    m.full = true;
    m.dealt.push(Date.now());
  }
}, 10);""".replace("HAND", str(HAND))


def phone(browser: Any) -> Any:
    """A page on a phone of its own: its context, its CPU slowed down."""
    ctx = browser.new_context(**PHONE)
    ctx.add_init_script(MARKS)
    page = ctx.new_page()
    ctx.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    return page


def table_url(base: str, relay: str, fair: bool) -> str:
    return (f"{base}?host=chiamata&players={PEOPLE}&people={PEOPLE}&level=principiante&speed=istantanea"
            f"&relay={quote(relay, safe='')}{'' if fair else '&fair=0'}")


def marks(page: Any) -> dict[str, list[int]]:
    return page.evaluate("window.__marks")


def wait_marks(pages: list[Any], kind: str, count: int, timeout_s: float = 600) -> list[int]:
    """Each page's `count`-th mark of `kind` (ms since the epoch), once every page has it."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        got = [marks(p)[kind] for p in pages]
        if all(len(g) >= count for g in got):
            return [g[count - 1] for g in got]
        pages[0].wait_for_timeout(50)
    raise TimeoutError(f"not every page marked {kind} #{count}")


def fair_run(browser: Any, base: str, relay: str, fair: bool) -> dict[str, float] | None:
    """One table of five phones, one way: its first hands, its first deal's end check, its second
    deal's start."""
    pages = [phone(browser) for _ in range(PEOPLE)]
    try:
        host = pages[0]
        host.goto(table_url(base, relay, fair))
        invite = host.wait_for_selector("[data-invite]", state="attached", timeout=180_000).get_attribute("href")
        for guest in pages[1:]:
            guest.goto(invite)
            guest.wait_for_selector("html[data-seat]", state="attached", timeout=180_000)
        seated = time.time() * 1000
        first = wait_marks(pages, "dealt", 1)
        play_round(pages, timeout_s=1500, bidder=bidding)
        over, summary = wait_marks(pages, "over", 1), wait_marks(pages, "summary", 1)
        checks = [(s - o) / 1000 for o, s in zip(over, summary, strict=True)]
        if host.evaluate("document.documentElement.dataset.state") != "deal-over":
            return None
        asked = host.evaluate("Date.now()")
        host.locator("#btn-next-deal").click()
        dealt = wait_marks(pages, "dealt", 2)
        return {"first hands s": (max(first) - seated) / 1000, "end check s (slowest page)": max(checks),
                "end check s (median page)": statistics.median(checks), "deal start s": (max(dealt) - asked) / 1000}
    finally:
        for p in pages:
            p.context.close()


def fair_figures(browser: Any, base: str, relay: str, runs: int, show: Any) -> None:
    """Both ways, `runs` tables each, and what the fair deal adds to a deal's start."""
    for fair in (False, True):
        got = [r for r in (fair_run(browser, base, relay, fair) for _ in range(runs)) if r is not None]
        way = "the fair deal" if fair else "the host-referee way"
        if got:
            show(f"five phones (4x CPU) at chiamata, {way}", got)
        else:
            print(f"\nfive phones at chiamata, {way}: not measured")


LINGER_S = 15  # a guest waits this long in the lobby for the last one
LOBBY = "() => { const l = document.getElementById('lobby'); return !!l && !l.hidden; }"


def start_run(browser: Any, base: str, relay: str, warm: bool) -> dict[str, float]:
    """One fair table of three phones: each guest's lobby shown, and his first hand after the start."""
    url = (f"{base}?host=chiamata&players={PEOPLE}&people=3&level=principiante&speed=istantanea"
           f"&relay={quote(relay, safe='')}")
    pages = [phone(browser) for _ in range(3)]
    try:
        if not warm:
            for p in pages[1:]:
                p.add_init_script("window.briscolaWarmGuest = false;")
        host, early, last = pages
        host.goto(url)
        invite = host.wait_for_selector("[data-invite]", state="attached", timeout=180_000).get_attribute("href")
        lobby = []
        for guest in (early, last):
            if guest is last:
                guest.wait_for_timeout(LINGER_S * 1000)
            went = time.monotonic()
            guest.goto(invite, wait_until="commit")
            guest.wait_for_function(LOBBY, timeout=180_000, polling=20)
            lobby.append(time.monotonic() - went)
            guest.wait_for_selector("html[data-seat]", state="attached", timeout=180_000)
        seated = time.time() * 1000
        first = wait_marks(pages, "dealt", 1)
        return {"lobby shown s (first guest)": lobby[0], "lobby shown s (last guest)": lobby[1],
                "first hand s (guest who waited)": (first[1] - seated) / 1000,
                "first hand s (last guest)": (first[2] - seated) / 1000,
                "first hands s (every page)": (max(first) - seated) / 1000}
    finally:
        for p in pages:
            p.context.close()


def start_figures(browser: Any, base: str, relay: str, runs: int, show: Any) -> None:
    """A guest's Python start at a fair table: as the match starts (before) and as he opens the invite."""
    for warm in (False, True):
        way = "as he opens the invite" if warm else "as the match starts (before)"
        show(f"three phones (4x CPU) at a fair table, a guest's Python started {way}",
             [start_run(browser, base, relay, warm) for _ in range(runs)])
