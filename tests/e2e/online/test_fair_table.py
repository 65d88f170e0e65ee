"""A fair table through the real pages (issue 36, docs/fair-deal.md): a `?host=...&fair` link, the
host's page and a guest's, each on a device of its own (a browser context: its own storage), over
the local relay inside the network namespace. Every person's page shuffles the deck with the others
and runs its own engine; no page holds the deck, the host's included.

Each page's record of what it was told: ``window.briscolaHeard`` (every message its transport
delivered it, static/online/room.js) and ``window.briscolaCalls`` (every engine op it asked and the
engine's answer, static/engine/worker.js), both kept only where a test sets them."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import BOOT_MS
from online_support import CONNECT_MS, inside_the_namespace, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import ENDED, host_url, html, join, open_host, play_round, summary_numbers, wait_all, watched

VIEWPORT = (1000, 750)
# What the page keeps of what it was told (above), and every notice it showed.
RECORD = """window.briscolaHeard = []; window.briscolaCalls = []; window.briscolaNotices = [];
let shown = null;
setInterval(() => {
  const said = document.getElementById('toast')?.textContent;
  if (said && said !== shown) window.briscolaNotices.push(said);
  shown = said;
}, 100);"""
CODE = re.compile(r"\b[A2-7JQK][DCBS]\b")
CARDS = [rank + suit for suit in "DCBS" for rank in "A234567JQK"]  # the table's cards in the engine's order
HAND = "() => [...document.querySelectorAll('#my-hand [data-card]')].map((e) => e.dataset.card)"
# Everything the page was told or keeps: its storage (but its person's setup choices, whose "removed_two"
# names a card), the messages it was sent, its engine's ops and answers.
KNOWN = """() => JSON.stringify([Object.entries(localStorage).filter(([k]) => k !== 'briscola:setup'),
  window.briscolaHeard, window.briscolaCalls])"""
SAY = """import(new URL('/static/table/notice.js', document.baseURI).href)
  .then((m) => m.notice('la smazzata non torna: prova', 'info'))"""
PLAYABLE_HAND = """() => {  // the hand, read at a moment it may be played from
  const cards = [...document.querySelectorAll('#my-hand [data-card]')];
  return cards.some((e) => e.dataset.playable === 'true') ? cards.map((e) => e.dataset.card) : null;
}"""
FACE_UP = "() => document.querySelector('.stock [data-card]')?.dataset.card ?? null"

def checked(pages: list[Any]) -> None:
    """Both pages sum the deal up alike, and neither ever said the deal did not add up (nor dealt it
    again): the end check passed on both."""
    wait_all(pages, *ENDED, timeout=60_000)
    numbers = [summary_numbers(p) for p in pages]
    assert numbers[0] == numbers[1]
    for p in pages:
        said = p.evaluate("window.briscolaNotices")
        assert not faults(said), said


def faults(notices: list[str]) -> list[str]:
    """The notices that say a deal did not add up, or is dealt again."""
    return [n for n in notices if re.search("non torna|rigioca", n)]


@pytest.fixture
def devices(warm: Any) -> Iterator[Any]:
    """``host()``, ``guest()``: the host's page and the guest's, each in a warm context of its own
    (both run Python at a fair table; distinct contexts: distinct storage). Requests and errors
    recorded; no page may end with an error."""
    made: list[Any] = []

    def open_page(**options: Any) -> Any:
        page = warm(viewport=VIEWPORT, **options)
        page.add_init_script(RECORD)
        made.append(watched(page))
        return page

    yield SimpleNamespace(host=lambda: open_page(), guest=lambda: open_page(timezone_id="Europe/Rome"))
    for p in made:
        assert not p.errors, p.errors


def fair_table(host: Any, guest: Any, site: str, relay: str, seed: int) -> float:  # noqa: F811
    """Host and guest at a fair table of classica for two, each page showing its first hand: the
    seconds from the guest's seat to both hands shown."""
    invite = open_host(host, host_url(site, "classica", 2, 2, seed, relay=relay) + "&fair")
    join(guest, invite, timeout=CONNECT_MS)
    start = time.monotonic()
    wait_all([host, guest], "playing")
    for p in (host, guest):
        p.wait_for_function(f"({HAND})().length === 3", timeout=BOOT_MS)
    return time.monotonic() - start


def codes_in(value: Any) -> set[str]:
    """The card codes in `value` (JSON: its text inside strings read too), but for the table's list of
    its cards (every page's engine names them all in its order: `fair.cards`): it says nothing."""
    if isinstance(value, str):
        try:
            inner = json.loads(value)
        except ValueError:
            return set(CODE.findall(value))
        return codes_in(inner) if isinstance(inner, dict | list) else set(CODE.findall(value))
    if isinstance(value, dict):
        return set().union(*(codes_in(k) | codes_in(v) for k, v in value.items()))
    if isinstance(value, list):
        if value == CARDS:
            return set()
        return set().union(*(codes_in(v) for v in value))
    return set()


def unread_by_host(host: Any, guest: Any, face_up: str | None) -> None:
    """No card of the guest's hand (but the face-up trump he may have drawn, which every page saw)
    is in anything the host's page keeps or was told. (The hand is read while the guest may play:
    whole, not waiting for a card he draws to be read.)"""
    hand = set(guest.wait_for_function(PLAYABLE_HAND, timeout=60_000).json_value()) - {face_up}
    known = codes_in(json.loads(host.evaluate(KNOWN)))
    assert not hand & known, f"the host's page knows the guest's cards {hand & known}"


def test_a_whole_fair_deal_the_host_never_reads_the_guests_hand(devices: Any, site: str, relay: str) -> None:  # noqa: F811
    """Host and guest play a whole deal at a fair table; whenever the guest is to play, no card in his
    hand is in the host's storage, in a message the host's page was sent, or in what its engine was
    told or answered. The deal's end check passes on both pages, whose summaries agree."""
    host, guest = devices.host(), devices.guest()
    took = fair_table(host, guest, site, relay, 7)
    print(f"the first hands shown {took:.1f} s after the guest's seat")
    face_up = host.evaluate(FACE_UP)
    assert face_up and face_up == guest.evaluate(FACE_UP)
    host.evaluate(SAY)  # the notices are recorded: a fault said would be seen
    host.wait_for_function("window.briscolaNotices.includes('la smazzata non torna: prova')", timeout=10_000)
    assert faults(host.evaluate("window.briscolaNotices")) == ["la smazzata non torna: prova"]
    host.evaluate("window.briscolaNotices = []")
    moves = looks = 0
    while moves < 40:
        moves += play_round([host, guest], until=guest, timeout_s=120)  # the host's moves, up to the guest's turn
        if moves == 40:
            break
        unread_by_host(host, guest, face_up)
        looks += 1
        moves += play_round([host, guest], moves=1, timeout_s=120)
    assert looks == 20
    start = time.monotonic()
    checked([host, guest])
    print(f"the deal's end checked and summed up {time.monotonic() - start:.1f} s after the last card")


def test_same_seed_deals_differently_and_a_fair_deal_goes_on_through_both_pages_reloads(devices: Any, site: str,
                                                                                        relay: str) -> None:  # noqa: F811
    """Two tables opened by the same host link with the same `seed=` deal different first hands (with
    people at the table, `seed=` does not decide the cards: UI-CONTRACT). Mid-deal the guest's page is
    reloaded, then the host's: each resumes its own side of the deal from its storage, and the deal
    ends checked on both pages."""
    host, guest = devices.host(), devices.guest()
    fair_table(host, guest, site, relay, 5)
    first = [sorted(p.evaluate(HAND)) for p in (host, guest)]
    fair_table(host, guest, site, relay, 5)  # the same link again: a new table
    again = [sorted(p.evaluate(HAND)) for p in (host, guest)]
    assert first[0] != again[0] and first[1] != again[1], (first, again)
    moves = play_round([host, guest], moves=30, timeout_s=120)
    for page in (guest, host):
        page.reload()
        page.wait_for_selector("html[data-state=playing]", state="attached", timeout=BOOT_MS)
        moves += play_round([host, guest], moves=2, timeout_s=120)
        if page is guest:  # (the host's notices go with its reload: read now)
            said = host.evaluate("window.briscolaNotices")
            assert not faults(said), said
    moves += play_round([host, guest], timeout_s=120)
    assert moves == 40
    checked([host, guest])
