"""A fair table through the real pages (issue 36, docs/fair-deal.md): a `?host=...&fair` link, the
host's page and a guest's, each on a device of its own (a browser context: its own storage), over
the local relay inside the network namespace. Every person's page shuffles the deck with the others
and runs its own engine; no page holds the deck, the host's included.

Each page's record of what it was told: ``window.briscolaHeard`` (every message its transport
delivered it, static/online/room.js) and ``window.briscolaCalls`` (every engine op it asked and the
engine's answer, static/engine/worker.js), both kept only where a test sets them."""

from __future__ import annotations

import json
import time
from typing import Any

from conftest import BOOT_MS
from fair_support import FACE_UP, HAND, PLAYABLE_HAND, RECORD, SAY, checked, devices, faults, known_by  # noqa: F401
from online_support import CONNECT_MS, inside_the_namespace, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import host_url, join, open_host, pages, play_round, wait_all  # noqa: F401


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


def unread_by_host(host: Any, guest: Any, face_up: str | None) -> None:
    """No card of the guest's hand (but the face-up trump he may have drawn, which every page saw)
    is in anything the host's page keeps or was told. (The hand is read while the guest may play:
    whole, not waiting for a card he draws to be read.)"""
    hand = set(guest.wait_for_function(PLAYABLE_HAND, timeout=60_000).json_value()) - {face_up}
    known = known_by(host)
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


# What one browser keeps of a fair table's pages: each seat's side of the deal (its seed) and match.
KEPT = """() => Object.fromEntries(Object.entries(localStorage)
  .filter(([k]) => k.startsWith('briscola:fair:') || k.startsWith('briscola:match'))
  .map(([k, v]) => [k, JSON.parse(v)]))"""


def test_two_pages_of_one_browser_each_keep_their_own_side_through_their_reloads(pages: Any, site: str) -> None:  # noqa: F811
    """Host and guest in one browser (one storage: `relay=local`, every page a tab of one context): each
    page keeps its side of the deal and its match under its own seat's keys (the guest's match apart
    from the browser's, which stays the host's), so each reload resumes its own page's deal, its own
    seed, and the deal ends checked on both."""
    host, guest = pages(), pages()
    for p in (host, guest):
        p.add_init_script(RECORD)
    fair_table(host, guest, site, "local", 9)
    moves = play_round([host, guest], moves=6, timeout_s=120)
    kept = host.evaluate(KEPT)
    room = next(k for k in kept if k.startswith("briscola:fair:")).split(":")[2]
    sides = {s: kept[f"briscola:fair:{room}:{s}"] for s in (0, 1)}
    assert [sides[s]["page"]["seat"] for s in (0, 1)] == [0, 1]
    assert sides[0]["page"]["seed"] != sides[1]["page"]["seed"]
    assert f"briscola:fair:{room}" not in kept  # (the old key, one per room)
    assert kept["briscola:match"]["view"]["view"]["seat"] == 0  # the host's: the browser's own match
    assert kept[f"briscola:match:{room}:1"]["view"]["view"]["seat"] == 1  # the guest's, at its table
    for page in (guest, host):
        page.reload()
        page.wait_for_selector("html[data-state=playing]", state="attached", timeout=BOOT_MS)
        moves += play_round([host, guest], moves=2, timeout_s=120)
        if page is guest:
            said = host.evaluate("window.briscolaNotices")
            assert not faults(said), said
    back = host.evaluate(KEPT)
    for s in (0, 1):
        assert back[f"briscola:fair:{room}:{s}"]["page"]["seed"] == sides[s]["page"]["seed"], "its own seed, reloaded"
    moves += play_round([host, guest], timeout_s=120)
    assert moves == 40
    checked([host, guest])
    print(json.dumps({k: len(json.dumps(v)) for k, v in host.evaluate(KEPT).items()}))
