"""The followers' standings of an organiser's tournament, live through a real relay (issue 40,
static/screens/club-live.js): the link shared from the organiser's phone names his room and key; a
follower's phone (a browser of its own) shows each result the organiser enters without a reload,
its address keeps the newest (a reload shows it), and after the organiser's own reload his page
sits in the same room under the same key, so the link given before still updates."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import BOOT_MS
from online_support import CONNECT_MS, inside_the_namespace, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import watched

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
