"""An online table from the front door (issues 20, 33, UI-CONTRACT "Online tables"): "Online, con un
invito" -> a game's options online, the seats for people online or the computer, the start button
opening the lobby; the lobby's invite by the share sheet, its cancel button; the TURN server kept on
this device. Most tables here use ``relay=local`` (static/online/net-local.js: one browser context);
one goes over WebRTC through the local relay named in the page's own address, as two devices would."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import BOOT_MS
from online_support import CONNECT_MS, inside_the_namespace, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import html, wait_all, watched

PHONE = {"width": 360, "height": 640}
NO_SHARE = "delete Navigator.prototype.share;"  # whatever this Chromium has: a device without the sheet
SHARE = """Object.defineProperty(Navigator.prototype, 'share', {configurable: true, value(data) {
  window.__shared = {title: data.title, text: data.text, url: data.url};
  return Promise.resolve();
}});"""


@pytest.fixture
def device(browser: Any, warm: Any) -> Iterator[Any]:  # noqa: F811
    """new(ctx=None, script=NO_SHARE, own=False): a phone's page with `script` run before the page's,
    errors recorded: a tab in `ctx`; else, `own`, on a device of its own (a new context, where a
    guest's page belongs: it runs no Python); else a new tab of this worker's warm context (Python
    from its snapshot; the test's earlier warm tab is closed)."""
    made: list[Any] = []
    own_contexts: list[Any] = []

    def new(ctx: Any = None, script: str = NO_SHARE, own: bool = False) -> Any:
        if ctx is None and own:
            ctx = browser.new_context(viewport=PHONE, locale="it-IT")
            own_contexts.append(ctx)
        page = ctx.new_page() if ctx is not None else warm(viewport=(PHONE["width"], PHONE["height"]))
        page.set_viewport_size(PHONE)
        page.add_init_script(script)
        made.append(watched(page))
        return page

    yield new
    for p in made:
        assert not p.errors, p.errors
    for ctx in own_contexts:
        ctx.close()


def setup(page: Any, address: str) -> None:
    page.goto(address)
    page.wait_for_selector("html[data-state=setup][data-screen=setup]", state="attached", timeout=30_000)


def choose(page: Any, name: str, value: str) -> None:
    """A choice of the form (each one redraws it)."""
    page.select_option(f"#setup select[name={name}]", value)
    page.wait_for_selector(f"#setup select[name={name}]:has(option[value='{value}']:checked)", state="attached")


def to_online(page: Any) -> None:
    """The front door's "Online, con un invito": a game's options for an online table."""
    button = page.locator("#btn-online")
    assert "online" in button.inner_text().lower()  # UI-CONTRACT: its words say "online"
    button.click()
    page.wait_for_selector("html[data-screen=game]", state="attached")
    assert page.locator("#setup select[name=where]").input_value() == "online"


def go_online(page: Any, players: int = 3, people: tuple[int, ...] = (1,)) -> None:
    """Online, `players` at the table, the seats in `people` for people online, the rest the computer."""
    to_online(page)
    choose(page, "players", str(players))
    for s in sorted(range(1, players), key=lambda s: s not in people):  # the people first: one is always left
        choose(page, f"online_{s}", "person" if s in people else "computer")
    person = page.locator("#setup select[name=online_1] option[value=person]").inner_text()
    assert person == "Una persona online"


def open_lobby(page: Any) -> str:
    """Press the start button: the host's lobby, its invite's URL."""
    start = page.locator("#start")
    assert start.inner_text() == "Apri il tavolo online"
    start.click()
    page.wait_for_selector("a[data-invite]", timeout=30_000)
    assert html(page, "screen") == "lobby"
    return page.get_attribute("a[data-invite]", "href")


def test_a_table_opened_from_the_setup_seats_a_guest_and_starts(device: Any, site: str) -> None:
    host = device()
    setup(host, site + "?relay=local")
    go_online(host, players=4, people=(2,))  # the partner's seat online, the opponents the computer
    invite = open_lobby(host)
    assert invite.startswith(site) and "join=" in invite and "relay=local" in invite
    # A table opened from the setup is a fair one (docs/fair-deal.md "The default"), and says so.
    assert "fair=1" in invite
    assert "nessuno, nemmeno chi ha aperto il tavolo" in host.locator("#lobby [data-fair]").inner_text()
    seats = host.locator(".lobby-seats li")
    assert seats.count() == 4
    assert ["Il computer" in seats.nth(s).inner_text() for s in range(4)] == [False, True, False, True]
    assert seats.nth(2).get_attribute("data-taken") == "false"
    # Remembered like the other choices: the next setup opens online.
    stored = json.loads(host.evaluate("localStorage.getItem('briscola:setup')"))
    assert stored["where"] == "online" and (stored["online_1"], stored["online_2"]) == ("computer", "person")
    guest = device(host.context)
    guest.goto(invite)
    wait_all([host, guest], "playing")
    assert (html(host, "seat"), html(guest, "seat")) == ("0", "2")
    assert host.locator("section.seat").count() == 4


def test_online_seats_are_people_by_default_and_no_refused_table_is_offered(device: Any, site: str) -> None:
    """A newcomer's first try (issue 33): "Online, con un invito" makes the other seats people, and the
    start opens the lobby at once; the last person's seat cannot be given to the computer, so the form
    never offers a table it would refuse."""
    page = device()
    setup(page, site + "?relay=local")
    to_online(page)
    choose(page, "players", "3")
    assert [page.input_value(f"#setup select[name=online_{s}]") for s in (1, 2)] == ["person", "person"]
    choose(page, "online_1", "computer")
    assert page.locator("#setup select[name=online_2] option[value=computer]").is_disabled()
    assert not page.locator("#setup select[name=online_1] option[value=computer]").is_disabled()
    choose(page, "players", "2")
    assert page.locator("#setup select[name=online_1] option[value=computer]").is_disabled()
    assert page.locator("#setup .form-error:not([hidden])").count() == 0
    invite = open_lobby(page)
    assert "join=" in invite and page.locator(".lobby-seats li").count() == 2


def test_cancel_goes_back_to_the_setup_and_the_invite_seats_nobody(device: Any, site: str) -> None:
    host = device()
    setup(host, site + "?relay=local")
    go_online(host, players=2, people=(1,))
    invite = open_lobby(host)
    assert host.locator("#btn-lobby-cancel").inner_text() == "Annulla"
    host.locator("#btn-lobby-cancel").click()
    host.wait_for_selector("html[data-screen=setup]", state="attached", timeout=10_000)
    assert host.locator("#setup #start").is_visible() and not host.locator("#lobby").is_visible()
    # Everything said in the table's room (BroadcastChannel: relay=local), heard from a tab beside them.
    ear = device(host.context)
    ear.goto(site + "static/icons/")  # same origin, no app
    room = parse_qs(urlparse(invite).query)["join"][0]
    ear.evaluate("(room) => { window.__said = []; const ch = new BroadcastChannel(`briscola-room:${room}`);"
                 " ch.onmessage = ({data}) => window.__said.push(data); }", room)
    guest = device(host.context)
    guest.goto(invite)
    guest.wait_for_selector("#lobby-status", timeout=30_000)
    # The guest greets every second until seated; a host would answer the first hello at once.
    ear.wait_for_function("window.__said.filter((m) => m.kind === 'msg' && m.msg?.t === 'hello').length >= 3",
                          timeout=30_000)
    said = ear.evaluate("window.__said")
    assert len({m["from"] for m in said}) == 1, said  # the guest alone: nobody answered
    assert html(guest, "seat") is None and html(guest, "state") == "setup"
    assert html(host, "screen") == "setup"
    # The guest's own lobby has its way out too.
    assert guest.locator("#btn-lobby-cancel").inner_text() == "Annulla"


def test_back_in_the_host_lobby_goes_to_the_setup_as_cancel_does(device: Any, site: str) -> None:
    """The host opened the lobby from the setup: the phone's back button takes him there (the table
    is cancelled as by "Annulla"), and his invite then seats nobody."""
    host = device()
    setup(host, site + "?relay=local")
    go_online(host, players=2, people=(1,))
    invite = open_lobby(host)
    host.go_back()
    host.wait_for_selector("html[data-screen=setup]", state="attached", timeout=10_000)
    assert host.locator("#setup #start").is_visible() and not host.locator("#lobby").is_visible()
    guest = device(host.context)
    guest.goto(invite)
    guest.wait_for_selector("#lobby-status", timeout=30_000)
    guest.wait_for_timeout(3_000)  # a host would answer the first hello at once
    assert html(guest, "seat") is None and html(guest, "state") == "setup"


def test_the_share_button_sends_the_invite_where_the_device_has_a_share_sheet(device: Any, site: str) -> None:
    host = device(script=SHARE)
    setup(host, site + "?relay=local")
    go_online(host, players=2, people=(1,))
    invite = open_lobby(host)
    share = host.locator("#btn-share-invite")
    assert share.inner_text() == "Condividi l'invito"
    share.click()
    shared = host.evaluate("window.__shared ?? null")
    assert shared and shared["url"] == invite and shared["text"]
    box = share.bounding_box()
    assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 360
    other = device()  # no navigator.share: no button, the link and its copy button only
    setup(other, site + "?relay=local")
    go_online(other, players=2, people=(1,))
    open_lobby(other)
    assert other.locator("#btn-share-invite").count() == 0
    assert other.locator("#btn-copy-invite").count() == 1


def turn_fields(page: Any, url: str, user: str, password: str) -> str:
    """Type a TURN server and save it: the words the page answers with."""
    if page.locator("details.turn-server").get_attribute("open") is None:
        page.locator("details.turn-server summary").click()
    page.fill("#turn-url", url)
    page.fill("#turn-user", user)
    page.fill("#turn-pass", password)
    page.locator("#btn-turn-save").click()
    return page.locator("details.turn-server .turn-msg").inner_text()


def stored_turn(page: Any) -> Any:
    return page.evaluate("localStorage.getItem('briscola:turn')")


def test_the_turn_server_is_kept_on_this_device_and_a_bad_one_refused(device: Any, site: str) -> None:
    page = device()
    setup(page, site)
    to_online(page)
    assert page.locator("details.turn-server").get_attribute("open") is None  # folded until wanted
    said = turn_fields(page, "https://turn.example.com", "anna", "segreta")
    assert "turn:" in said and stored_turn(page) is None
    assert "nome utente e password" in turn_fields(page, "turn:turn.example.com:3478", "anna", "")
    assert stored_turn(page) is None
    said = turn_fields(page, "turns:turn.example.com:5349?transport=tcp", "anna", "segreta")
    assert "salvato" in said
    turn = {"urls": "turns:turn.example.com:5349?transport=tcp", "username": "anna", "credential": "segreta"}
    assert json.loads(stored_turn(page)) == turn
    load = "briscolaModule('online/setup.js').then((m) => m.loadTurn())"
    assert page.evaluate(load) == turn
    # Enter in a field saves it and does not open a table.
    page.fill("#turn-user", "marco")
    page.press("#turn-user", "Enter")
    page.wait_for_function("JSON.parse(localStorage.getItem('briscola:turn') ?? '{}').username === 'marco'")
    assert html(page, "screen") == "game"
    # Another choice redraws the form: the fields keep what is stored.
    choose(page, "players", "3")
    assert page.input_value("#turn-url") == turn["urls"] and page.input_value("#turn-user") == "marco"
    page.reload()
    page.wait_for_selector("html[data-state=setup][data-screen=setup]", state="attached", timeout=30_000)
    to_online(page)
    page.wait_for_selector("#turn-url", state="attached", timeout=30_000)
    assert page.input_value("#turn-pass") == "segreta"
    assert page.locator("details.turn-server").get_attribute("open") is not None  # a server kept: shown
    # All three emptied: forgotten.
    assert "tolto" in turn_fields(page, "", "", "")
    assert stored_turn(page) is None


def test_the_relay_in_the_page_address_carries_a_table_over_webrtc(device: Any, site: str, relay: str) -> None:  # noqa: F811
    """`/?relay=ws://...` (UI-CONTRACT): the table opened from its setup signals there; the guest, on
    another device (its own browser context: no BroadcastChannel between them), takes the seat."""
    host = device()
    setup(host, f"{site}?relay={relay}")
    go_online(host, players=2, people=(1,))
    invite = open_lobby(host)
    assert "relay=ws" in invite
    guest = device(own=True)
    guest.goto(invite)
    guest.wait_for_selector("html[data-seat]", state="attached", timeout=CONNECT_MS)
    wait_all([host, guest], "playing", timeout=BOOT_MS)
    assert (html(host, "seat"), html(guest, "seat")) == ("0", "1")


def test_the_lobby_says_what_to_try_when_nobody_connects(device: Any, site: str) -> None:
    """online.js sets `trouble` when no connection has formed for a while: the lobby says why, and what
    to try, instead of waiting on; its cancel button is the caller's."""
    page = device()
    setup(page, site)
    draw = """async (trouble) => {
      const lobby = await briscolaModule('online/lobby.js');
      window.__cancelled ??= 0;
      const app = {setScreen: (name) => lobby.showOnlineSection(name), notice: () => {}};
      lobby.drawLobby(app, {seats: [], status: 'x', trouble, onCancel: () => { window.__cancelled += 1; }});
    }"""
    page.evaluate(draw, True)
    words = page.locator("#lobby-trouble").inner_text()
    for tip in ("stessa rete Wi-Fi", "dati mobili", "server TURN", "un solo dispositivo"):
        assert tip in words, tip
    page.locator("#btn-lobby-cancel").click()
    assert page.evaluate("window.__cancelled") == 1
    page.evaluate(draw, False)
    assert page.locator("#lobby-trouble").count() == 0 and page.locator("#btn-lobby-cancel").count() == 1
