"""Online tables through the real pages (issue 14, UI-CONTRACT "Online tables"), over the
BroadcastChannel transport (``relay=local``): the host-referee way (``fair=0``, the way a club's
fixture is dealt: the host's page referees, guests run no Python and see only their seat); the
closing of the table; the move clock. A table's default, the fair deal: test_fair_table.py.
Elsewhere: a guest who drops and comes back (test_online_seats.py), the host's reload
(test_online_webrtc.py), tables of four and five (test_online_games.py)."""

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


def table(new: Any, site: str, variant: str, players: int, people: int, seed: int, **more: str) -> list[Any]:
    """The host's page and one page per guest, every seat taken, the deal on."""
    host = new()
    invite = open_host(host, host_url(site, variant, players, people, seed, **more))
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


def test_a_whole_deal_where_the_guest_receives_only_its_own_view(pages: Any, site: str) -> None:
    """Host and guest play every card of a deal, each page for its own seat, and each ends with its own
    summary. The guest's page never starts the engine, and every state it receives is the engine's
    view of its seat at some point of the deal, holding no card that view hides (the deal replayed
    from its record, step by step, in Python)."""
    host, guest = table(pages, site, "classica", 2, 2, 11, fair="0")
    assert "fair=" not in guest.url  # the invite of a host-referee table
    assert python_requests(guest.requests) == []  # the guest's page never starts the engine
    assert play_round([host, guest]) == 40
    wait_all([host, guest], "match-over")
    # The same result on both sides of the table, each from its own seat.
    assert guest.locator("#dialog").inner_text() != host.locator("#dialog").inner_text()
    titles = [p.locator("#dialog-title").inner_text().strip() for p in (host, guest)]
    assert titles == ["Hai perso la partita", "Hai vinto la partita!"]  # the seed's deal: the guest wins
    assert python_requests(guest.requests) == []
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


def test_the_host_closes_the_table(pages: Any, site: str) -> None:
    host, guest = table(pages, site, "classica", 2, 2, 41)
    moves_until([host, guest], 3)
    host.evaluate("document.getElementById('btn-table-online').click()")
    host.locator("#btn-close-table-yes").click()
    guest.wait_for_selector("#dialog:has-text('Tavolo chiuso')", timeout=20_000)
    assert "la partita finisce qui" in guest.locator("#dialog").inner_text()
    assert "Smazzate giocate" in guest.locator("#dialog").inner_text()
    host.wait_for_selector("#dialog:has-text('Hai chiuso il tavolo')", timeout=20_000)
    # The table is left: nothing is playable any more, and the guest's bar offers no hint (issue 24).
    guest.wait_for_selector("#my-hand [data-playable=true]", state="detached", timeout=10_000)
    assert html(guest, "online") == "left"
    assert guest.locator("#btn-hint").is_hidden() and guest.locator("#btn-abandon").is_hidden()


def test_the_move_clock_runs_for_the_guest(pages: Any, site: str) -> None:
    """`move=<s>`: a guest who does not move in time loses on time, on both pages."""
    host = pages()
    invite = open_host(host, host_url(site, "classica", 2, 2, 7, move="3"))
    guest = pages()
    join(guest, invite)
    wait_all([host, guest], "playing")
    play_round([host, guest], until=guest)  # the host moves when it is his turn; the guest never does
    assert playable(guest)
    wait_all([host, guest], "match-over", timeout=20_000)
    guest.wait_for_selector("#dialog:has-text('Hai finito il tempo')", timeout=10_000)
    host.wait_for_selector("#dialog:has-text('ha finito il tempo')", timeout=10_000)
