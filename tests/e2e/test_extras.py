"""Sound, hints, review, records and statistics through the real page (issue 5)."""

from __future__ import annotations

import json

from e2e_support import by_dblclick, hand, open_match, play_out, state, url, wait_move, wait_state


def open_setup(page, site: str) -> None:
    page.goto(site)
    wait_state(page, "setup")


def sound_enabled(page) -> bool:
    return page.evaluate("window.briscolaSound.enabled")


def test_sound_setting_persists_and_play_goes_on(site, page, watch):
    open_setup(page, site)
    box = page.locator("#setup input[name=sound]")
    assert not box.is_checked() and not sound_enabled(page)  # off by default
    box.check()
    assert sound_enabled(page)
    page.locator("#setup select[name=speed]").select_option("istantanea")
    saved = json.loads(page.evaluate("localStorage.getItem('briscola:setup')"))
    assert saved["sound"] is True
    page.reload()
    wait_state(page, "setup")
    assert page.locator("#setup input[name=sound]").is_checked() and sound_enabled(page)
    page.locator("#start").click()
    wait_state(page, "playing")
    assert play_out(page, [by_dblclick]) > 0  # every effect fires along the way without breaking play
    assert state(page) in ("deal-over", "match-over")
    # Turning it off is remembered too.
    page.locator("#btn-summary-new, #btn-next-deal").first.click()
    if state(page) != "setup":
        page.locator("#btn-new").click()
    wait_state(page, "setup")
    page.locator("#setup input[name=sound]").uncheck()
    assert not sound_enabled(page)
    assert json.loads(page.evaluate("localStorage.getItem('briscola:setup')"))["sound"] is False
    assert not watch.errors, watch.errors


def test_hint_suggests_a_legal_card_with_a_reason(site, page, watch):
    open_match(page, url(site, "classica", 4, seed=11))
    for _ in range(3):
        assert wait_move(page)
        page.locator("#btn-hint").click()
        page.wait_for_selector("#toast[data-hint]:not([hidden])", timeout=60_000)
        code = page.get_attribute("#toast", "data-hint")
        text = page.inner_text("#toast")
        assert text.startswith("Campione giocherebbe ") and ": " in text, text
        assert code in hand(page)
        assert page.locator(f'#my-hand [data-card="{code}"]').get_attribute("data-playable") == "true"
        assert page.locator(f'#my-hand [data-card="{code}"]').get_attribute("aria-pressed") == "true"
        page.evaluate("delete document.getElementById('toast').dataset.hint")
        page.locator("[data-role=placeholder]").click()
        for _ in range(200):
            if code not in hand(page):
                break
            page.wait_for_timeout(25)
        assert code not in hand(page)
    assert not watch.errors, watch.errors
