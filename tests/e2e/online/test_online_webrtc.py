"""Online tables over WebRTC through the local relay (inside the network namespace: ./build.sh test
runs these there), each page in a browser context of its own as on separate devices: a whole deal
host vs guest through the host's reload, and the people named as their setups say with a guest who
drops and comes back to his seat.

The host's page is a tab of this worker's warm context (Python from its snapshot); each guest's is
a context of its own (a guest's page runs no Python). Every page plays at instant speed: these
tests are about the transport, not the animations."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from conftest import BOOT_MS, close_tab
from online_support import CONNECT_MS, inside_the_namespace, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import host_url, html, join, moves_until, open_host, play_round, wait_all, watched

VIEWPORT = {"width": 1000, "height": 750}


def setup_script(**choices: str) -> str:
    """A script that keeps these setup choices on the device (over what it already keeps)."""
    return (f"localStorage.setItem('briscola:setup', JSON.stringify({{...JSON.parse(localStorage.getItem("
            f"'briscola:setup') || '{{}}'), ...{json.dumps(choices)}}}))")


@pytest.fixture
def devices(browser: Any, warm: Any) -> Iterator[Any]:  # noqa: F811
    """``host(name)``: the host's page (warm); ``guest(name, ctx)``: a guest's page, on a device of its
    own unless `ctx` is given. Requests and errors recorded; no page may end with an error."""
    made: list[Any] = []
    own: list[Any] = []

    def host(name: str | None = None) -> Any:
        page = warm(viewport=(VIEWPORT["width"], VIEWPORT["height"]))
        page.add_init_script(setup_script(speed="istantanea", **({"name_0": name} if name else {})))
        made.append(watched(page))
        return page

    def guest(name: str | None = None, ctx: Any = None) -> Any:
        if ctx is None:
            ctx = browser.new_context(viewport=VIEWPORT, locale="it-IT")
            ctx.add_init_script(setup_script(speed="istantanea", **({"name_0": name} if name else {})))
            own.append(ctx)
        made.append(watched(ctx.new_page()))
        return made[-1]

    yield SimpleNamespace(host=host, guest=guest)
    for p in made:
        assert not p.errors, p.errors
    for ctx in own:
        ctx.close()


def seated(host: Any, guest: Any, site: str, relay: str, seed: int) -> str:  # noqa: F811
    """Host and guest at a table of classica for two, the deal on: the invite."""
    invite = open_host(host, host_url(site, "classica", 2, 2, seed, relay=relay))
    assert f"relay={relay.replace(':', '%3A').replace('/', '%2F')}" in invite or f"relay={relay}" in invite
    join(guest, invite, timeout=CONNECT_MS)
    wait_all([host, guest], "playing")
    assert html(host, "seat") == "0" and html(guest, "seat") == "1"
    return invite


def test_a_whole_deal_over_webrtc_through_the_hosts_reload(devices: Any, site: str, relay: str) -> None:  # noqa: F811
    """Every card of a deal goes over the data channels, and the host's reload (a new peer in the
    room, the match resumed from its save and its side of the fair deal from its storage) does not
    stop it: the guest plays on with him, every card played once."""
    host, guest = devices.host(), devices.guest()
    seated(host, guest, site, relay, 31)
    assert host.locator("a[data-invite]").count() == 0  # the lobby is gone with the deal on
    moves_until([host, guest], 5)
    host.reload()
    host.wait_for_selector("html[data-state=playing][data-online=host]", state="attached", timeout=BOOT_MS)
    assert 5 + play_round([host, guest]) == 40
    wait_all([host, guest], "match-over")


def test_named_people_and_a_guest_who_drops_and_comes_back_over_webrtc(devices: Any, site: str, relay: str) -> None:  # noqa: F811
    """Each device sends the name its setup remembers ("Il tuo nome"): both tables show them. The
    guest's tab closed, the host is told; the same device opens the invite again and has its seat
    (the same token) and plays the deal to its end."""
    host, guest = devices.host("Anna"), devices.guest("Marco")
    invite = seated(host, guest, site, relay, 21)
    host.wait_for_selector("section.seat[data-seat='1']:has-text('Marco')", state="attached", timeout=30_000)
    guest.wait_for_selector("section.seat[data-seat='0']:has-text('Anna')", state="attached", timeout=30_000)
    moves_until([host, guest], 4)
    assert close_tab(guest)
    host.wait_for_selector(".toast:has-text('si è scollegato')", state="attached", timeout=60_000)
    back = devices.guest(ctx=guest.context)  # the same device: the same token, the same seat
    join(back, invite, timeout=CONNECT_MS)
    assert html(back, "seat") == "1"
    back.wait_for_selector("html[data-state=playing]", state="attached", timeout=CONNECT_MS)
    play_round([host, back])
    wait_all([host, back], "match-over")
