"""An organiser's tournament online (issue 40). The followers' standings, live through a real relay
(static/screens/club-live.js): the link shared from the organiser's phone names his room and key; a
follower's phone (a browser of its own) shows each result the organiser enters without a reload,
its address keeps the newest (a reload shows it), and after the organiser's own reload his page
sits in the same room under the same key, so the link given before still updates. A fixture played
at an online table (club-play.js): each person invited to his pair's seat, the match's result
recorded in the tournament on the organiser's phone when it ends."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import BOOT_MS
from online_support import CONNECT_MS, inside_the_namespace, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import ENDED, html, next_deal, play_round, wait_all, watched

PHONE = {"width": 360, "height": 640}
PAIRS = "Rossi – Bianchi\nVerdi – Neri\nEsposito – Russo\nFerrari – Romano"
PLAYED = "() => [...document.querySelectorAll('[data-fixture]')].filter(e => e.dataset.played === 'true').length"


@pytest.fixture
def phones(browser: Any, warm: Any) -> Iterator[Any]:  # noqa: F811
    """new(own=False): a phone's page (a tab of the warm context, Python from its snapshot; `own`: a
    browser context of its own, as another person's phone), its errors asserted at the end."""
    made: list[Any] = []
    contexts: list[Any] = []

    def new(own: bool = False) -> Any:
        if own:
            ctx = browser.new_context(viewport=PHONE, locale="it-IT", is_mobile=True, has_touch=True)
            contexts.append(ctx)
            page = ctx.new_page()
        else:
            page = warm(viewport=(PHONE["width"], PHONE["height"]))
        made.append(watched(page))
        return page

    new.extra = made.append  # a tab a test opened itself, watched: its errors asserted too
    yield new
    for p in made:
        assert not p.errors, p.errors
    for ctx in contexts:
        ctx.close()


def enter_first_open(page: Any) -> str:
    """Tap the first match still to play, say the first pair won both rounds, save; its key."""
    key = page.locator('[data-fixture][data-played=false]').first.get_attribute("data-fixture")
    page.locator(f'[data-fixture="{key}"] button').click()
    page.wait_for_selector("#cl-result-form")
    for i in range(2):
        if i >= page.locator("#cl-rows .cl-row").count():
            page.locator("#btn-cl-add-round").click()
        page.locator(f'input[name="cl-r{i}"][value="0"]').check()
    page.wait_for_selector("#cl-reading[data-ok=true]")
    page.locator("#btn-cl-save").click()
    page.wait_for_selector(f'[data-fixture="{key}"][data-played=true]', state="attached")
    return key


def played(page: Any) -> int:
    return page.evaluate(PLAYED)


def test_the_standings_link_follows_each_result_through_the_relay(phones: Any, site: str, relay: str) -> None:  # noqa: F811
    organiser = phones()
    organiser.goto(f"{site}?relay={relay}")
    organiser.wait_for_selector("html[data-state=setup][data-screen=setup]", state="attached", timeout=BOOT_MS)
    organiser.get_by_role("button", name="Organizza un torneo").click()
    organiser.fill("textarea[data-pairs]", PAIRS)
    organiser.locator("[data-organize]").click()
    organiser.wait_for_selector("[data-fixture]")
    enter_first_open(organiser)

    organiser.locator("#btn-cl-share").click()
    link = organiser.locator("#dialog [data-standings]").get_attribute("href")
    q = parse_qs(urlparse(link).query)
    assert q["relay"] == [relay] and len(q["live"]) == 1 and len(q["k"][0]) == 44, q
    assert "aggiorna da solo" in organiser.locator("#dialog").inner_text()
    organiser.locator("#dialog button[data-cancel]").click()

    follower = phones(own=True)
    follower.goto(link)
    follower.wait_for_selector("[data-follow] .cl-standings tbody tr", timeout=BOOT_MS)
    assert "aggiorna da sola" in follower.locator(".cl-at").inner_text()
    follower.locator("#cl-tab-fixtures").click()
    assert played(follower) == 1

    # A result on the organiser's phone reaches the follower's without a reload.
    key = enter_first_open(organiser)
    follower.wait_for_selector(f'[data-fixture="{key}"][data-played=true]', state="attached", timeout=CONNECT_MS)
    assert played(follower) == 2
    assert follower.locator("#cl-panel-fixtures:not([data-off])").count() == 1  # the tab the follower chose stays
    assert parse_qs(urlparse(follower.url).query)["club"] != q["club"]  # the address holds the newest
    follower.reload()
    follower.wait_for_selector("[data-follow] .cl-standings tbody tr", timeout=BOOT_MS)
    follower.locator("#cl-tab-fixtures").click()
    assert played(follower) == 2

    # The organiser's reload: the same room, the same key; the link given before still follows.
    organiser.reload()
    organiser.wait_for_selector("[data-fixture]", state="attached", timeout=BOOT_MS)
    key = enter_first_open(organiser)
    follower.wait_for_selector(f'[data-fixture="{key}"][data-played=true]', state="attached", timeout=CONNECT_MS)
    assert played(follower) == 3


def test_a_fixture_played_at_an_online_table_is_recorded_on_the_organisers_phone(phones: Any, site: str) -> None:
    """Anna (the first pair) on the organiser's phone, Lia (the second) on hers by her own invite,
    the computer in both partners' seats; single deals (a 60-60 one dealt again)."""
    organiser = phones()
    organiser.goto(f"{site}?relay=local")
    organiser.wait_for_selector("html[data-state=setup][data-screen=setup]", state="attached", timeout=BOOT_MS)
    organiser.locator("#btn-settings").click()
    organiser.locator("#setup select[name=speed]").select_option("istantanea")
    organiser.locator("#btn-settings-done").click()
    organiser.get_by_role("button", name="Organizza un torneo").click()
    organiser.fill("textarea[data-pairs]", "Anna – Marco\nLia – Ugo\nPia – Ivo\nEva – Leo")
    organiser.locator("input[name=cl-rounds][value=secca]").check()
    organiser.locator("[data-organize]").click()
    key = organiser.locator("[data-fixture]").first.get_attribute("data-fixture")
    pairs = organiser.eval_on_selector_all(f'[data-fixture="{key}"] .cl-pair', "els => els.map(e => e.textContent)")
    organiser.locator(f'[data-fixture="{key}"] button').click()
    organiser.locator("#btn-cl-play").click()
    organiser.wait_for_selector(".cl-play")
    for seat in ("cl-seat-0-1", "cl-seat-1-1"):
        organiser.locator(f'[data-computer="{seat}"]').check()
    first, second = organiser.input_value("#cl-seat-0-0"), organiser.input_value("#cl-seat-1-0")
    organiser.locator("#cl-play-where").select_option("online")
    assert "invito tutto suo" in organiser.inner_text("#cl-play-intro")
    organiser.screenshot(path="/tmp/briscola-club-online-play.png")
    organiser.locator("#cl-play-level").select_option("principiante")
    organiser.locator("#btn-cl-play-start").click()

    # The lobby: one invite, Lia's, for the seat of her pair.
    organiser.wait_for_selector("a[data-invite]", timeout=BOOT_MS)
    assert organiser.locator("#lobby-invite-for option").all_inner_texts() == [f"{second} (posto 2)"]
    invite = organiser.get_attribute("a[data-invite]", "href")
    assert "seat=1" in invite
    organiser.screenshot(path="/tmp/briscola-club-online-lobby.png")
    guest = organiser.context.new_page()
    watched(guest)
    phones.extra(guest)
    guest.goto(invite)
    guest.wait_for_selector("html[data-seat]", state="attached", timeout=CONNECT_MS)
    wait_all([organiser, guest], "playing")
    assert (html(organiser, "seat"), html(guest, "seat")) == ("0", "1")
    # The fixture deals from the table's secret seed (records.js secretSeed), not the dialog's 31 bits.
    saved = organiser.evaluate("localStorage.getItem('briscola:match')")
    assert re.search(r'seed[^0-9]{1,8}[1-9][0-9]{28}\b', saved), saved[:300]
    names = guest.eval_on_selector_all("#felt .seat-label .name", "els => els.map(e => e.textContent)")
    assert first in names

    for _ in range(4):  # (the organiser's summary says more than the guest's: the result recorded)
        play_round([organiser, guest])
        wait_all([organiser, guest], *ENDED, timeout=30_000)
        if html(organiser, "state") == "match-over":
            break
        next_deal([organiser, guest])
    wait_all([guest], "match-over", timeout=30_000)
    organiser.wait_for_selector("#dialog p:has-text('Registrato nel torneo')", timeout=30_000)
    organiser.locator("#btn-summary-new").click()
    organiser.wait_for_selector(f'html[data-screen=club] [data-fixture="{key}"][data-played=true]', state="attached")
    text = organiser.locator(f'[data-fixture="{key}"]').inner_text()
    assert all(p in text for p in pairs)
