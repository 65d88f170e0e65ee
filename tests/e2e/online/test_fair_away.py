"""A fair table's people who go (issue 36, docs/fair-deal.md "A person gone"): each person's page on
a device of its own, over the local relay inside the network namespace (test_fair_table.py's way).
A person whose page is gone is marked away on every page, as at a host-referee table, while the
table waits for his keys; back, the mark goes. A person whose move clock runs out loses on time on
every page."""

from __future__ import annotations

from typing import Any

from conftest import close_tab
from fair_support import RECORD, checked, devices, faults  # noqa: F401
from online_support import CONNECT_MS, inside_the_namespace, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import host_url, join, open_host, play_round, wait_all
from test_fair_shapes import seated

AWAY = 'section[data-seat="{seat}"][data-away="true"]'  # the seat on the table, marked away (test_online_seats.py's)


def test_a_person_whose_tab_closed_is_marked_away_on_every_page_until_he_is_back(devices: Any, site: str,
                                                                                 relay: str) -> None:  # noqa: F811
    """Three people at classica for three: the third's tab closes mid-deal. The host's page says he
    went and that the table waits for him; both other pages mark his seat, "assente" (nobody plays
    it yet: his cards are his page's). His invite opened again on his device takes his seat back:
    the mark goes on every page and the deal goes on from where it was."""
    host, first, third = seated(devices, site, relay, "classica", 3, 3, 23)
    invite = third.url  # (the invite stays in his address bar)
    assert play_round([host, first, third], moves=3, timeout_s=180) == 3
    assert close_tab(third)
    host.wait_for_selector(".toast:has-text('si è scollegato')", state="attached", timeout=20_000)
    for page in (host, first):
        page.wait_for_selector(AWAY.format(seat=2) + " .tag:has-text('assente')", state="attached", timeout=20_000)
    back = third.context.new_page()  # his device: his seat's token and his side of the deal kept
    back.add_init_script(RECORD)
    join(back, invite, timeout=CONNECT_MS)
    wait_all([back], "playing")
    for page in (host, first, back):
        page.wait_for_selector(AWAY.format(seat=2), state="detached", timeout=30_000)
    assert play_round([host, first, back], moves=3, timeout_s=180) == 3


def test_a_person_whose_move_clock_runs_out_loses_on_time_on_every_page(devices: Any, site: str,
                                                                        relay: str) -> None:  # noqa: F811
    """`move=<s>` at a fair table: the guest never moves. His own page (the one that runs his clock)
    times him out, and every page applies it as a step: he loses on time on both pages, as at a
    host-referee table (test_online_tables.py), the deal checked as far as it was played."""
    host, guest = devices.host(), devices.guest()
    invite = open_host(host, host_url(site, "classica", 2, 2, 7, relay=relay, move="5") + "&fair")
    join(guest, invite, timeout=CONNECT_MS)
    wait_all([host, guest], "playing")
    play_round([host, guest], until=guest)  # the host moves when it is his turn; the guest never does
    wait_all([host, guest], "match-over", timeout=60_000)
    guest.wait_for_selector("#dialog:has-text('Hai finito il tempo')", timeout=30_000)
    host.wait_for_selector("#dialog:has-text('ha finito il tempo')", timeout=30_000)
    for page in (host, guest):
        said = page.evaluate("window.briscolaNotices")
        assert not faults(said), said


def test_a_guest_who_lost_his_data_is_let_back_in_by_the_host(devices: Any, site: str, relay: str) -> None:  # noqa: F811
    """"Fai rientrare" at a fair table: the guest's tab closed, and he comes back on a device with
    nothing of the table (no token, no keys): the table is full for him until the host lets him into
    the away seat. His page is given the match as every page may know it, the deal in play is dealt
    again with him in, and it is played through and checked on both pages."""
    host, guest = devices.host(), devices.guest()
    invite = open_host(host, host_url(site, "classica", 2, 2, 81, relay=relay) + "&fair")
    join(guest, invite, timeout=CONNECT_MS)
    wait_all([host, guest], "playing")
    assert play_round([host, guest], moves=2, timeout_s=180) == 2
    assert close_tab(guest)
    host.wait_for_selector(AWAY.format(seat=1), state="attached", timeout=20_000)
    stranger = devices.guest(1)  # another device: nothing of the table
    stranger.goto(invite)
    stranger.wait_for_selector("#lobby-status:has-text('al completo')", timeout=CONNECT_MS)
    host.evaluate("document.getElementById('btn-readmit').click()")
    host.locator("#btn-readmit-1").click()
    stranger.wait_for_selector("html[data-state=playing][data-seat='1']", state="attached", timeout=CONNECT_MS)
    host.wait_for_selector(AWAY.format(seat=1), state="detached", timeout=20_000)
    play_round([host, stranger], timeout_s=240)
    checked([host, stranger])
