"""Pass-and-play on one phone (issue 14): people's seats chosen in the setup, the screen that hides
the table while the phone goes from one person to the next, and the table drawn from the view of
whoever has it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import BOOT_MS
from e2e_support import PLAYED, fill_setup, hand, start_from_setup, state, wait_state

COVER = "#btn-handoff"
MOVE = "#my-hand [data-playable=true]"
ANY = f"html:not([data-state=playing]), {MOVE}, {COVER}"


@pytest.fixture
def phone(warm: Any) -> Any:
    """A phone-sized page (360×640), in Italian."""
    return warm(viewport=(360, 640))


def seat(page: Any) -> int:
    return int(page.evaluate("document.documentElement.dataset.seat"))


def cards_on_page(page: Any) -> set[str]:
    """Every card on the page but the face-up trump, which every seat sees (and the last draw gives
    to one of them)."""
    return set(page.eval_on_selector_all("[data-card]:not(.stock [data-card])", "els => els.map(e => e.dataset.card)"))


def start(page: Any, base: str, players: int, people: dict[int, str], owner: str = "Anna", **checks: bool) -> None:
    """A new match from the front door's "Con gli amici · Su questo telefono": `people` maps seats
    (besides 0) to names, the other seats are the computer's."""
    page.goto(base)
    wait_state(page, "setup")
    form = page.locator("#setup")
    who = {f"who_{s}": "person" if s in people else "computer" for s in range(1, players)}
    fill_setup(page, "device", speed="istantanea", variant="classica", players=str(players), **who, **checks)
    if len(people) < players - 1:
        form.locator("select[name=level]").select_option("principiante")
    for s, name in people.items():
        form.get_by_label(f"Nome di chi gioca al posto {s + 1}").fill(name)
    form.get_by_label("Il tuo nome").fill(owner)
    form.locator("#start").click()
    wait_state(page, "playing")


def wait_any(page: Any) -> str:
    """Wait for my move, the cover or the end of the deal; say which."""
    page.wait_for_selector(ANY, state="attached", timeout=60_000)
    if state(page) != "playing":
        return "over"
    return "cover" if page.locator(COVER).count() else "move"


def take_phone(page: Any) -> int:
    """The person the cover names taps it: checked hidden before, shown after. Returns the seat."""
    button = page.locator(COVER)
    who = int(button.get_attribute("data-seat"))
    assert who != seat(page), "the cover is for someone else than who has the phone"
    assert page.locator("#my-hand .hand-card").count() == 0, "a hand stays on the page behind the cover"
    hidden = cards_on_page(page)
    button.click()
    page.wait_for_selector(f"html[data-seat='{who}']:not([data-handoff]) {MOVE}", state="attached", timeout=60_000)
    mine = set(hand(page))
    assert mine and not (mine & hidden), f"cards of seat {who} were on the page before the tap: {mine & hidden}"
    return who


def play_one(page: Any) -> None:
    code = page.locator(MOVE).first.get_attribute("data-card")
    page.locator(f'#my-hand [data-card="{code}"]').dblclick()
    page.wait_for_function(PLAYED, arg=code, timeout=5000)


def ask_hint(page: Any) -> str:
    """Ask for a hint on my turn: the notice names a card of my hand, picked. Returns the card."""
    page.locator("#btn-hint").click()
    page.wait_for_selector("#toast[data-hint]:not([hidden])", timeout=60_000)
    code = page.get_attribute("#toast", "data-hint")
    assert page.locator(f'#my-hand [data-card="{code}"]').get_attribute("aria-pressed") == "true"
    return code


def no_trace_of_a_turn(page: Any) -> None:
    """Nothing of the previous person's turn on the page: no notice (not even its words), no dialog,
    no card picked, no ghost of one in the trick."""
    toast = page.locator("#toast")
    assert toast.is_hidden() and toast.text_content() == "" and toast.get_attribute("data-hint") is None
    assert page.locator("#dialog").is_hidden() and page.locator("#dialog").text_content() == ""
    assert page.locator(".hand-card[aria-pressed=true], .selected, .ghost").count() == 0


def summary_names_the_winner(page: Any) -> None:
    """At a pass-and-play table nobody is "Tu" in the match's summary: the phone is in anyone's hands."""
    page.wait_for_selector("#btn-summary-new", timeout=60_000)
    title = page.locator("#dialog-title").inner_text()
    body = page.locator("#dialog .dialog-body").inner_text()
    won = re.fullmatch(r"(Anna|Marco) ha vinto la partita, (\d+) a (\d+)", title)
    if title != "Partita pari":  # 60 a 60: nobody to name
        assert won and int(won[2]) > int(won[3]), title
        assert f"{won[1]} ha vinto la smazzata, {won[2]} a {won[3]}." in body, body
    assert "Punti vittoria" not in body, body  # a friendly deal: who won and by how much (issue 33)
    assert not re.search(r"\b(Tu|Voi|Hai|Avete)\b", f"{title}\n{body}"), f"{title}\n{body}"


def test_two_people_play_a_deal_through_the_cover(site, phone, watch):
    """A deal from both seats, the cover between them; the summary names the winner."""
    page = phone
    start(page, site, 2, {1: "Marco"})
    assert page.locator("#setup").is_hidden()
    plays = {0: 0, 1: 0}
    covers = 0
    for _ in range(200):
        what = wait_any(page)
        if what == "over":
            break
        if what == "cover":
            name = "Marco" if page.locator(COVER).get_attribute("data-seat") == "1" else "Anna"
            assert page.locator("#handoff h2").inner_text() == f"Passa il telefono a {name}"
            take_phone(page)
            covers += 1
            continue
        me = seat(page)
        assert page.locator(".seat.me .name").inner_text() == "Tu"
        other = page.locator(f'#felt .seat[data-seat="{1 - me}"] .name').inner_text()
        assert other == ("Marco" if me == 0 else "Anna")
        play_one(page)
        plays[me] += 1
    assert state(page) == "match-over"
    assert plays == {0: 20, 1: 20}  # the whole deal, each person from their own seat
    assert covers >= 2
    summary_names_the_winner(page)
    assert not watch.errors, watch.errors


def test_reload_behind_the_cover_keeps_it(site, phone, watch):
    page = phone
    start(page, site, 2, {1: "Marco <b>&</b>"})  # a name is text, never markup
    marco = "Marco ‹b›＆‹/b›"
    for _ in range(10):  # until someone must hand the phone on
        if wait_any(page) == "cover":
            break
        play_one(page)
    who = int(page.locator(COVER).get_attribute("data-seat"))
    if who == 1:
        assert page.locator("#handoff h2").inner_text() == f"Passa il telefono a {marco}"
    page.reload()
    page.wait_for_selector(COVER, state="attached", timeout=BOOT_MS)
    assert int(page.locator(COVER).get_attribute("data-seat")) == who
    assert page.locator("#my-hand .hand-card").count() == 0
    assert take_phone(page) == who
    if who == 0:
        assert page.locator('#felt .seat[data-seat="1"] .name').inner_text() == marco
    assert page.locator("#felt b, #handoff b").count() == 0
    # The person who has the phone now reloads: the table comes back as theirs, no cover.
    before = hand(page)
    page.reload()
    page.wait_for_selector(f"html[data-seat='{who}'] {MOVE}", state="attached", timeout=BOOT_MS)
    assert page.locator(COVER).count() == 0
    assert sorted(hand(page)) == sorted(before)
    assert not watch.errors, watch.errors


def test_carte_scoperte_shows_the_viewers_partner(site, phone, watch):
    """Four at the table, two people on opposite sides: each sees his own partner's cards."""
    page = phone
    start(page, site, 4, {1: "Marco"}, carte_scoperte=True)
    seen = set()
    for _ in range(40):
        what = wait_any(page)
        if what == "over" or seen == {0, 1}:
            break
        if what == "cover":
            take_phone(page)
            continue
        me = seat(page)
        partner, opponents = (me + 2) % 4, [(me + 1) % 4, (me + 3) % 4]
        assert page.locator(f'[data-hand="{partner}"] .card[data-card]').count() > 0
        for s in opponents:
            assert page.locator(f'[data-hand="{s}"] .card[data-card]').count() == 0
        assert "compagno" in page.locator(f'#felt .seat[data-seat="{partner}"] .seat-label').inner_text()
        seen.add(me)
        play_one(page)
    assert seen == {0, 1}
    assert not watch.errors, watch.errors


def test_alone_against_the_computer_nothing_changes(site, phone, watch):
    """The setup's default: every other seat the computer's (by its own name), seat 0's table as ever."""
    page = phone
    start(page, site, 2, {}, owner="")
    for _ in range(30):
        if wait_any(page) == "over":
            break
        assert page.locator(COVER).count() == 0
        assert seat(page) == 0 and page.locator('#felt .seat[data-seat="1"] .name').inner_text() == "Giulia"
        play_one(page)
    assert state(page) == "match-over"
    assert not watch.errors, watch.errors


def test_axe_on_the_seats_and_the_cover(site, phone, watch):
    """The setup's seats and the cover are labelled and reachable (axe-core, at 360×640)."""
    from test_a11y import axe_check

    page = phone
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, "device", players="4", who_1="computer", who_2="person", who_3="computer")
    assert page.get_by_label("Nome di chi gioca al posto 3").is_visible()
    assert page.get_by_label("Nome di chi gioca al posto 2").count() == 0  # the computer's seat: no name
    for el in page.locator(".pnp select, .pnp input").all():
        assert el.bounding_box()["height"] >= 44
    axe_check(page, "setup with people's seats")
    start_from_setup(page, "device", speed="istantanea")
    wait_state(page, "playing")
    for _ in range(20):
        if wait_any(page) == "cover":
            break
        play_one(page)
    assert page.evaluate("document.activeElement.id") == "btn-handoff"
    axe_check(page, "the cover")
    assert not watch.errors, watch.errors


def test_a_hint_leaves_with_the_person_who_asked(site, phone, watch):
    """A hint names a card of its asker's hand: it goes when the cover goes up, and the next person
    finds nothing of it once they have the phone."""
    page = phone
    start(page, site, 2, {1: "Marco"})
    hinted = None
    for _ in range(20):  # a hint on every turn, until one is followed by the cover
        what = wait_any(page)
        assert what != "over"
        if what == "cover" and hinted:
            break
        if what == "cover":
            take_phone(page)
            continue
        hinted = (seat(page), ask_hint(page))
        play_one(page)
    who, code = hinted
    assert int(page.locator(COVER).get_attribute("data-seat")) != who
    no_trace_of_a_turn(page)
    take_phone(page)
    assert code not in hand(page)
    no_trace_of_a_turn(page)
    assert not watch.errors, watch.errors
