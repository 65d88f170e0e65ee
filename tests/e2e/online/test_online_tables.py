"""Online tables through the real pages (issue 14, UI-CONTRACT "Online tables"), over the
BroadcastChannel transport (``relay=local``): the host's page referees, guests run no Python and see
only their seat; drops, the host's reload and the closing of the table."""

from __future__ import annotations

import dataclasses
from typing import Any

from table_support import (
    CODE,
    ENDED,
    host_url,
    html,
    join,
    moves_until,
    open_host,
    pages,
    play_round,
    playable,
    python_requests,
    received,
    wait_all,
)

from briscola.record import parse_record, replay
from briscola.view import view_of, view_to_json


def table(new: Any, site: str, variant: str, players: int, people: int, seed: int) -> list[Any]:
    """The host's page and one page per guest, every seat taken, the deal on."""
    host = new()
    invite = open_host(host, host_url(site, variant, players, people, seed))
    assert "join=" in invite and "relay=local" in invite and invite.startswith(site)
    assert html(host, "state") == "setup"  # the lobby: the match waits for its people
    guests = []
    for _ in range(people - 1):
        g = new()
        join(g, invite)
        guests.append(g)
    everyone = [host, *guests]
    wait_all(everyone, "playing")
    assert [html(p, "seat") for p in everyone] == [str(s) for s in range(people)]
    return everyone


def test_host_and_guest_play_a_whole_briscola_deal(pages: Any, site: str) -> None:
    host, guest = table(pages, site, "classica", 2, 2, 7)
    assert python_requests(guest.requests) == []  # the guest's page never starts the engine
    moves = play_round([host, guest], force=True)
    assert moves == 40
    wait_all([host, guest], "match-over")
    # The same result on both sides of the table, each from its own seat.
    assert guest.locator("#dialog").inner_text() != host.locator("#dialog").inner_text()
    assert python_requests(guest.requests) == []


def test_the_guest_receives_only_its_own_view(pages: Any, site: str) -> None:
    """Every state a guest receives is the engine's view of its seat at some point of the deal, and
    holds no card that view hides (the deal replayed from its record, step by step, in Python)."""
    host, guest = table(pages, site, "classica", 2, 2, 11)
    play_round([host, guest], force=True)
    wait_all([host, guest], "match-over")
    guest.locator("#btn-review").click()  # the deal's record, from the host (all hands are public now)
    guest.wait_for_selector(".review:not([hidden])", timeout=30_000)
    log = received(guest)
    record = parse_record(next(m for m in log if m["t"] == "review")["answer"]["record"])
    views = [view_to_json(view_of(replay(dataclasses.replace(record, actions=record.actions[:i])), 1))
             for i in range(len(record.actions) + 1)]
    states = [m for m in log if m["t"] == "state"]
    assert len(states) >= 40
    for msg in states:
        view = msg["state"]["view"]
        assert view["seat"] == 1 and view in views, "a state that is not the engine's view of the guest's seat"
        assert "save" not in msg["state"] and "save" not in msg
        visible = set(CODE.findall(str(view)))
        if msg["state"].get("deal_result"):
            visible |= set(CODE.findall(str(msg["state"]["deal_result"])))  # the deal is over: hands are shown
        assert set(CODE.findall(str(msg))) <= visible
    # Not vacuous: the same check sees the host's hand in seat 0's view.
    host_view = view_to_json(view_of(replay(dataclasses.replace(record, actions=())), 0))
    assert host_view not in views and not set(CODE.findall(str(host_view))) <= set(CODE.findall(str(views[0])))


def test_classica_for_four_with_two_people(pages: Any, site: str) -> None:
    host, guest = table(pages, site, "classica", 4, 2, 5)
    moves = play_round([host, guest], force=True)
    assert moves == 20  # the two people's cards; the computer plays the other 20
    wait_all([host, guest], *ENDED)


def test_chiamata_for_five_with_three_people(pages: Any, site: str) -> None:
    everyone = table(pages, site, "chiamata", 5, 3, 3)
    play_round(everyone, timeout_s=300, force=True)
    wait_all(everyone, "deal-over")
    # The next deal starts when the host's does: the guests' summaries go by themselves.
    host = everyone[0]
    host.locator("#btn-next-deal").click()
    wait_all(everyone, "playing")
    for g in everyone[1:]:
        g.wait_for_selector("#dialog", state="hidden", timeout=30_000)
        assert html(g, "state") == "playing"


def test_a_guest_drops_and_gets_his_seat_back(pages: Any, site: str) -> None:
    host, guest = table(pages, site, "classica", 2, 2, 21)
    invite = guest.url  # the guest's page keeps the invite in its address bar
    moves_until([host, guest], 6)
    guest.close()
    # The computer plays the guest's seat: the host plays on alone.
    host.wait_for_selector(".toast:has-text('si è scollegato')", state="attached", timeout=20_000)
    for _ in range(3):
        host.wait_for_selector("#my-hand [data-playable=true]", timeout=30_000)
        host.locator("#my-hand [data-playable=true]").first.dblclick()
        host.wait_for_timeout(200)
    back = pages()
    join(back, invite)
    assert html(back, "seat") == "1"
    back.wait_for_selector("html[data-state=playing]", state="attached", timeout=30_000)
    hand = back.eval_on_selector_all("#my-hand .hand-card", "els => els.map(e => e.dataset.card)")
    assert len(hand) in (2, 3) and all(CODE.fullmatch(c) for c in hand)
    play_round([host, back], force=True)
    wait_all([host, back], "match-over")


def test_the_host_reloads_and_the_guest_plays_on(pages: Any, site: str) -> None:
    host, guest = table(pages, site, "classica", 2, 2, 31)
    moves_until([host, guest], 5)
    host.reload()
    host.wait_for_selector("html[data-state=playing][data-online=host]", state="attached", timeout=90_000)
    play_round([host, guest], force=True)
    wait_all([host, guest], "match-over")


def test_the_host_closes_the_table(pages: Any, site: str) -> None:
    host, guest = table(pages, site, "classica", 2, 2, 41)
    moves_until([host, guest], 3)
    host.evaluate("document.getElementById('btn-table-online').click()")
    host.locator("#btn-close-table-yes").click()
    guest.wait_for_selector("#dialog:has-text('Tavolo chiuso')", timeout=20_000)
    assert "la partita finisce qui" in guest.locator("#dialog").inner_text()
    assert "Smazzate giocate" in guest.locator("#dialog").inner_text()
    host.wait_for_selector("#dialog:has-text('Hai chiuso il tavolo')", timeout=20_000)
    for _ in range(40):  # the table is left: nothing is playable any more
        if not playable(guest):
            break
        guest.wait_for_timeout(50)
    assert playable(guest) == []


def test_the_move_clock_runs_for_the_guest(pages: Any, site: str) -> None:
    """`move=<s>`: a guest who does not move in time loses on time, on both pages."""
    host = pages()
    invite = open_host(host, host_url(site, "classica", 2, 2, 7, move="3"))
    guest = pages()
    join(guest, invite)
    wait_all([host, guest], "playing")
    for _ in range(400):  # the host moves when it is his turn; the guest never does
        if playable(guest):
            break
        if playable(host):
            host.locator("#my-hand [data-playable=true]").first.dblclick()
        host.wait_for_timeout(50)
    assert playable(guest)
    wait_all([host, guest], "match-over", timeout=20_000)
    guest.wait_for_selector("#dialog:has-text('Hai finito il tempo')", timeout=10_000)
    host.wait_for_selector("#dialog:has-text('ha finito il tempo')", timeout=10_000)
