"""Online tables over WebRTC through the local relay (inside the network namespace: ./build.sh test
runs these there), each page in a browser context of its own as on separate devices: a whole deal
host vs guest, a guest who drops and comes back to his seat, and the host's reload."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from online_support import browser, inside_the_namespace, relay  # noqa: F401
from table_support import host_url, html, join, moves_until, open_host, play_round, python_requests, wait_all, watched


@pytest.fixture
def device(browser: Any) -> Iterator[Any]:  # noqa: F811
    """A new page on a device of its own (its own storage), its requests and errors recorded."""
    made: list[Any] = []

    def new(ctx: Any = None) -> Any:
        ctx = ctx or browser.new_context(viewport={"width": 1000, "height": 750}, locale="it-IT")
        p = watched(ctx.new_page())
        made.append(p)
        return p

    yield new
    for p in made:
        assert not p.errors, p.errors
    for ctx in {p.context for p in made}:
        ctx.close()


def seated(device: Any, site: str, relay: str, seed: int) -> tuple[Any, Any, str]:  # noqa: F811
    host = device()
    invite = open_host(host, host_url(site, "classica", 2, 2, seed, relay=relay))
    assert f"relay={relay.replace(':', '%3A').replace('/', '%2F')}" in invite or f"relay={relay}" in invite
    guest = device()
    join(guest, invite)
    wait_all([host, guest], "playing")
    assert html(host, "seat") == "0" and html(guest, "seat") == "1"
    return host, guest, invite


def test_a_whole_deal_over_webrtc(device: Any, site: str, relay: str) -> None:  # noqa: F811
    host, guest, _ = seated(device, site, relay, 7)
    assert host.locator("a[data-invite]").count() == 0  # the lobby is gone with the deal on
    assert play_round([host, guest]) == 40
    wait_all([host, guest], "match-over")
    assert python_requests(guest.requests) == []


def test_a_guest_drops_and_comes_back_over_webrtc(device: Any, site: str, relay: str) -> None:  # noqa: F811
    host, guest, invite = seated(device, site, relay, 21)
    ctx = guest.context
    moves_until([host, guest], 4)
    guest.close()
    host.wait_for_selector(".toast:has-text('si è scollegato')", state="attached", timeout=60_000)
    back = device(ctx)  # the same device: the same token, the same seat
    join(back, invite)
    assert html(back, "seat") == "1"
    back.wait_for_selector("html[data-state=playing]", state="attached", timeout=60_000)
    play_round([host, back])
    wait_all([host, back], "match-over")


def test_the_host_reloads_over_webrtc(device: Any, site: str, relay: str) -> None:  # noqa: F811
    host, guest, _ = seated(device, site, relay, 31)
    moves_until([host, guest], 5)
    host.reload()
    host.wait_for_selector("html[data-state=playing][data-online=host]", state="attached", timeout=90_000)
    play_round([host, guest])
    wait_all([host, guest], "match-over")


def test_the_people_are_named_as_their_setups_say(device: Any, browser: Any, site: str, relay: str) -> None:  # noqa: F811
    """Each device sends the name its setup remembers ("Il tuo nome"): the lobby and both tables show them."""
    def named(name: str) -> Any:
        ctx = browser.new_context(viewport={"width": 1000, "height": 750}, locale="it-IT")
        ctx.add_init_script(f"localStorage.setItem('briscola:setup', JSON.stringify({{name_0: '{name}'}}))")
        return device(ctx)

    host, guest = named("Anna"), named("Marco")
    invite = open_host(host, host_url(site, "classica", 2, 2, 41, relay=relay))
    join(guest, invite)
    wait_all([host, guest], "playing")
    host.wait_for_selector("section.seat[data-seat='1']:has-text('Marco')", state="attached", timeout=30_000)
    guest.wait_for_selector("section.seat[data-seat='0']:has-text('Anna')", state="attached", timeout=30_000)
