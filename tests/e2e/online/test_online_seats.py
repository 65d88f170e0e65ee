"""One seat, one live page, and guests who go and come back (issue 20, UI-CONTRACT "Online tables"),
through the real pages over the BroadcastChannel transport (``relay=local``: one browser context).

- the invite opened again moves the seat; the page that had it says so at once and can take it back;
- a guest gone (his tab closed, or his page silent) is played by the computer, marked on every page,
  and the mark goes when he is back with his hand;
- a guest who lost his stored token is let back in by the host;
- a table that never answers is explained, and the lobby can be left.
"""

from __future__ import annotations

import secrets
from typing import Any

from conftest import close_tab
from table_support import (
    CODE,
    host_url,
    html,
    join,
    moves_until,
    open_host,
    pages,
    play_round,
    playable,
    wait_all,
)

AWAY = 'section[data-seat="{seat}"][data-away="true"]'  # the seat on the table, played by the computer



def two(new: Any, site: str, seed: int, **more: str) -> tuple[Any, Any, str]:
    host, guest = new(), new()
    invite = open_host(host, host_url(site, "classica", 2, 2, seed, **more))
    join(guest, invite)
    wait_all([host, guest], "playing")
    return host, guest, invite


def until_guest_to_move(host: Any, guest: Any) -> None:
    """The host moves when it is his turn, until it is the guest's."""
    play_round([host, guest], until=guest)


def plays_on(host: Any, guest: Any) -> None:
    """Four cards more (both people's among them: each trick has one of each): the table goes on with
    the guest's page. That a page back in its seat plays the deal to its end is shown here by
    test_a_guest_who_closes_his_tab_on_his_turn..., and over WebRTC by
    test_named_people_and_a_guest_who_drops_and_comes_back_over_webrtc."""
    moves_until([host, guest], 4)
    wait_all([host, guest], "playing")


def test_the_invite_opened_again_moves_the_seat_and_the_old_page_can_take_it_back(pages: Any, site: str) -> None:
    host, first, invite = two(pages, site, 51)
    moves_until([host, first], 2)
    second = pages()
    join(second, invite)  # the same browser: the stored token, so the same seat, now here
    assert html(second, "seat") == "1"
    first.wait_for_selector("html[data-state=elsewhere]", state="attached", timeout=10_000)
    first.wait_for_selector("#btn-take-back", timeout=10_000)
    assert playable(first) == []  # never a card that does nothing
    second.wait_for_selector("html[data-state=playing]", state="attached", timeout=30_000)
    until_guest_to_move(host, second)
    first.locator("#btn-take-back").click()
    second.wait_for_selector("html[data-state=elsewhere]", state="attached", timeout=10_000)
    assert playable(second) == []
    first.wait_for_selector("html[data-state=playing]", state="attached", timeout=30_000)
    plays_on(host, first)
    assert html(second, "state") == "elsewhere" and playable(second) == []


def test_a_guest_who_closes_his_tab_on_his_turn_is_played_by_the_computer_and_marked(pages: Any, site: str) -> None:
    """The host is told, the seat is marked on his table and the computer moves for the guest; the
    host plays on. The invite opened again (the stored token) gives the seat back with its hand, the
    mark goes on every page, and the deal is played to its end. The host-referee way (``fair=0``):
    at a fair table nobody but the guest's page can read his cards, so the table waits for him
    (test_fair_away.py)."""
    host, guest, invite = two(pages, site, 61, fair="0")
    moves_until([host, guest], 6)
    until_guest_to_move(host, guest)
    assert close_tab(guest)
    host.wait_for_selector(".toast:has-text('si è scollegato')", state="attached", timeout=20_000)
    host.wait_for_selector(AWAY.format(seat=1), state="attached", timeout=10_000)
    for _ in range(3):  # the computer moves for him, the host plays on
        host.wait_for_selector("#my-hand [data-playable=true]", timeout=30_000)
        moves_until([host], 1)
    back = pages()
    join(back, invite)
    assert html(back, "seat") == "1"
    back.wait_for_selector("html[data-state=playing]", state="attached", timeout=30_000)
    hand = back.eval_on_selector_all("#my-hand .hand-card", "els => els.map(e => e.dataset.card)")
    assert len(hand) in (2, 3) and all(CODE.fullmatch(c) for c in hand)
    for page in (host, back):
        page.wait_for_selector(AWAY.format(seat=1), state="detached", timeout=20_000)
    play_round([host, back])
    wait_all([host, back], "match-over")


def test_a_silent_guest_is_let_go_and_comes_back_by_himself(pages: Any, site: str) -> None:
    """No goodbye (a phone that lost the network): the heartbeat notices, every page marks the
    seat, and when the page speaks again it takes its seat back without a tap."""
    host, guest, _ = two(pages, site, 71)
    moves_until([host, guest], 2)
    mute = "BroadcastChannel.prototype.{0} = BroadcastChannel.prototype.{1}"
    guest.evaluate(mute.format("heard", "postMessage") + "; BroadcastChannel.prototype.postMessage = () => {}; 0")
    host.wait_for_selector(AWAY.format(seat=1), state="attached", timeout=10_000)
    guest.evaluate(mute.format("postMessage", "heard") + "; 0")  # the network is back
    host.wait_for_selector(AWAY.format(seat=1), state="detached", timeout=20_000)
    guest.wait_for_selector(AWAY.format(seat=1), state="detached", timeout=20_000)
    plays_on(host, guest)


def test_a_guest_who_lost_his_data_is_let_back_in_by_the_host(pages: Any, site: str) -> None:
    host, guest, invite = two(pages, site, 81)
    moves_until([host, guest], 2)
    assert close_tab(guest)
    host.wait_for_selector(AWAY.format(seat=1), state="attached", timeout=10_000)
    host.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('briscola:online-guest:'))"
                  ".forEach((k) => localStorage.removeItem(k))")  # the guest's token is gone
    stranger = pages()
    stranger.goto(invite)
    stranger.wait_for_selector("#lobby-status:has-text('al completo')", timeout=30_000)
    host.evaluate("document.getElementById('btn-readmit').click()")
    host.locator("#btn-readmit-1").click()
    stranger.wait_for_selector("html[data-state=playing][data-seat='1']", state="attached", timeout=30_000)
    host.wait_for_selector(AWAY.format(seat=1), state="detached", timeout=20_000)
    plays_on(host, stranger)


def test_a_table_that_never_answers_is_explained_and_the_lobby_can_be_left(pages: Any, site: str) -> None:
    guest = pages()
    guest.clock.install()
    guest.goto(f"{site}?join={secrets.token_hex(8)}&relay=local")
    guest.wait_for_selector("#lobby-status", timeout=30_000)
    guest.clock.fast_forward(21_000)
    guest.wait_for_selector("#lobby:has-text('Wi-Fi')", timeout=10_000)
    guest.locator("#btn-lobby-cancel").click()
    guest.wait_for_selector("html[data-state=setup]", state="attached", timeout=30_000)
    assert "join=" not in guest.url


def test_a_host_who_never_comes_back_lets_the_guest_go(pages: Any, site: str) -> None:
    host, guest = pages(), pages()
    guest.clock.install()  # the minute of waiting, fast-forwarded
    invite = open_host(host, host_url(site, "classica", 2, 2, 91))
    join(guest, invite)
    wait_all([host, guest], "playing")
    moves_until([host, guest], 2)
    assert close_tab(host)
    guest.wait_for_selector(".toast:has-text('si è scollegato')", state="attached", timeout=20_000)
    guest.clock.fast_forward(61_000)
    guest.locator("#btn-end-lost").click()  # the match under way ends here (counted as played: test_relay_path)
    guest.locator("#btn-ended-new").click()
    # The app's own start page (this test's browser also holds the host's saved match: it may open that).
    guest.wait_for_url(lambda url: "join=" not in url, timeout=30_000)
    guest.wait_for_selector("html:not([data-online=guest])", state="attached", timeout=30_000)


def test_the_seat_link_moves_the_seat_to_another_device(pages: Any, site: str) -> None:
    """"Su un altro dispositivo": the invite with the guest's token. Opened where no token is
    stored (another device: here the stored ones are removed first), it moves the seat there, and
    it leaves the new page's address bar at once."""
    host, phone, _ = two(pages, site, 101)
    moves_until([host, phone], 2)
    phone.evaluate("document.getElementById('btn-other-device').click()")
    link = phone.get_attribute("#seat-link", "href")
    assert "token=" in link
    phone.locator("#dialog button[data-cancel]").click()
    host.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('briscola:online-guest:'))"
                  ".forEach((k) => localStorage.removeItem(k))")
    tablet = pages()
    join(tablet, link)
    assert html(tablet, "seat") == "1" and "token=" not in tablet.url
    phone.wait_for_selector("html[data-state=elsewhere]", state="attached", timeout=10_000)
    tablet.wait_for_selector("html[data-state=playing]", state="attached", timeout=30_000)
    plays_on(host, tablet)
