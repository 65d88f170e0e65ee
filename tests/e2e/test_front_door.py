"""The first minute (issue 33), on a touch phone (360 x 640): the front door is a game (one tap on
"Gioca" reaches a playable card, on Principiante for a first visit), the settings are a screen of
their own and remembered, a friendly deal ends without tournament paperwork while a format that
scores victory points says them, and every screen opens at its top."""

from __future__ import annotations

import json
from typing import Any

from e2e_support import (
    MY_MOVE,
    by_dblclick,
    fill_setup,
    front,
    leave_to_setup,
    open_match,
    play_out,
    start_from_setup,
    state,
    unfold,
    url,
    wait_state,
)

PHONE = {"viewport": (360, 640), "is_mobile": True, "has_touch": True}


def prefs(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("localStorage.getItem('briscola:setup')") or "{}")


def test_one_tap_on_the_front_door_reaches_a_playable_card(site, warm, watch):
    """A first visit: the door offers the computer on Principiante with the game it will start, and
    one tap on "Gioca" is all it takes to hold a playable card; nothing on the way speaks of Python."""
    page = warm(**PHONE)
    page.goto(site)
    wait_state(page, "setup")
    assert page.evaluate("document.documentElement.dataset.screen") == "setup"
    assert page.locator("#setup select[name=level]").input_value() == "principiante"
    assert page.locator(".door-game").inner_text().startswith("Briscola classica")
    for words in ("Contro il computer", "Con gli amici", "Torneo a coppie", "Statistiche", "Regole", "Impostazioni"):
        assert page.get_by_text(words, exact=True).first.is_visible(), words
    assert page.locator("#btn-back-match").count() == 0  # no match waiting: nothing to continue
    assert "Python" not in page.evaluate("document.body.innerText")
    page.locator("#start").tap()  # the one tap
    page.wait_for_selector(MY_MOVE, state="attached", timeout=150_000)
    assert state(page) == "playing"
    assert "Python" not in page.locator("#load-text").inner_text()  # the loading line speaks of the cards
    # A card shown playable is played (UI-CONTRACT): the match is really under way.
    code = page.locator(MY_MOVE).first.get_attribute("data-card")
    by_dblclick(page, code)
    page.wait_for_function("(c) => !document.querySelector(`#my-hand [data-card=\"${c}\"]`)", arg=code)
    # The door now offers the match back, first of all.
    leave_to_setup(page)
    wait_state(page, "setup")
    back = page.locator("#btn-back-match")
    assert back.is_visible() and "Briscola classica" in back.inner_text()
    back.tap()
    wait_state(page, "playing")
    assert not watch.errors, watch.errors


def test_the_settings_are_a_screen_of_their_own_and_remembered(site, warm, watch):
    page = warm(**PHONE)
    page.goto(site)
    wait_state(page, "setup")
    front(page, "settings")
    assert not page.locator("#setup input[name=one_tap]").is_checked()  # two taps play a card, at first
    fill_setup(page, style="siciliane", speed="veloce", sound=True, one_tap=True)
    assert {k: prefs(page)[k] for k in ("style", "speed", "sound", "one_tap")} \
        == {"style": "siciliane", "speed": "veloce", "sound": True, "one_tap": True}
    page.locator("#btn-settings-done").tap()
    wait_state(page, "setup")
    assert page.evaluate("document.documentElement.dataset.screen") == "setup"
    page.reload()
    wait_state(page, "setup")
    front(page, "settings")
    form = page.locator("#setup")
    assert form.locator("select[name=style]").input_value() == "siciliane"
    assert form.locator("select[name=speed]").input_value() == "veloce"
    assert form.locator("input[name=sound]").is_checked() and form.locator("input[name=one_tap]").is_checked()
    fill_setup(page, lang="es")  # the language too, the screen worded again at once
    assert page.locator("#setup h1").inner_text() == "Ajustes"
    assert page.get_by_text("Un toque para jugar").is_visible()
    page.reload()
    wait_state(page, "setup")
    assert page.evaluate("document.documentElement.lang") == "es" and page.locator("#start").inner_text() == "Jugar"
    fill_setup(page, lang="it")
    assert not watch.errors, watch.errors


def test_a_friendly_deal_ends_without_victory_points_a_smazzate_match_with_them(site, warm, watch):
    """The summary says who won and by how much; VP and the point difference in tens only where the
    format scores them (the engine's match result says so: briscola/match_format.py scores_vp)."""
    page = warm(**PHONE)
    open_match(page, url(site, "classica", 2, seed=9))
    assert play_out(page, [by_dblclick]) > 0
    wait_state(page, "match-over")
    page.wait_for_selector("#btn-summary-new")
    text = page.locator("#dialog").inner_text()
    assert "la smazzata" in text and ("Hai vinto" in text or "Hai perso" in text or "pari" in text), text
    for paperwork in ("Punti vittoria", "Differenza punti", "decine"):
        assert paperwork not in text, text
    page.locator("#btn-summary-new").tap()
    wait_state(page, "setup")
    start_from_setup(page, speed="istantanea", kind="smazzate", deals="1")  # a partita a smazzate of one deal
    wait_state(page, "playing")
    assert play_out(page, [by_dblclick]) > 0
    wait_state(page, "match-over")
    page.wait_for_selector("#btn-summary-new")
    text = page.locator("#dialog").inner_text()
    assert "Punti vittoria: Tu " in text and "Differenza punti, in decine: Tu " in text, text
    assert not watch.errors, watch.errors


SCROLLS = """() => [...document.querySelectorAll('#app .screen, #app .setup-body')]
  .filter((e) => e.getClientRects().length).map((e) => e.scrollTop)
  .concat(document.scrollingElement.scrollTop)"""


def scroll_door(page: Any) -> None:
    """The front door scrolled to its end (a match waiting makes it taller than the phone)."""
    body = page.locator("#setup .setup-body")
    body.evaluate("b => { b.scrollTop = b.scrollHeight; }")
    assert body.evaluate("b => b.scrollTop") > 0, "the door should scroll on a 360 x 640 phone here"


def at_its_top(page: Any, title: str) -> None:
    assert set(page.evaluate(SCROLLS)) == {0}, page.evaluate(SCROLLS)
    box = page.locator(title).bounding_box()
    assert box and box["y"] >= 0, (title, box)


def test_every_screen_opens_at_its_top(site, warm, watch):
    """Opened from a door scrolled to its end, the settings, a game's options and the tournament
    open at their top, their title in sight; the tournament too when it was left scrolled. A screen
    drawn again under the player's hand (a choice) keeps his place."""
    page = warm(**PHONE)
    open_match(page, url(site, "classica", 2, seed=3))  # a match waiting: the door offers it back
    leave_to_setup(page)
    wait_state(page, "setup")
    for button, screen in (("#btn-settings", "settings"), ("#btn-game-options", "game"), ("#btn-pnp", "game")):
        scroll_door(page)
        page.locator(button).tap()
        page.wait_for_selector(f"html[data-screen={screen}]", state="attached")
        at_its_top(page, "#setup h1")
        page.locator("#setup .setup-body").evaluate("b => { b.scrollTop = b.scrollHeight; }")
        page.locator("#btn-front-back").tap()
        wait_state(page, "setup")
        at_its_top(page, "#setup h1")  # and the door again at its top
    for _ in range(2):
        scroll_door(page)
        page.locator("#btn-tournament").tap()
        page.wait_for_selector("#btn-tn-start")
        at_its_top(page, "#tn-title")  # the start button has the focus, the title stays in sight
        assert page.evaluate("document.activeElement.id") == "btn-tn-start"
        page.locator("#tournament").evaluate("t => { t.scrollTop = t.scrollHeight; }")  # left scrolled
        page.locator("#btn-tn-leave").tap()
        wait_state(page, "setup")
    # Drawn again under the player's hand (a choice changed), a screen keeps his place and his focus.
    front(page, "game")
    unfold(page)
    body = page.locator("#setup .setup-body")
    body.evaluate("b => { b.scrollTop = b.scrollHeight; }")
    kind = page.locator("#setup select[name=kind]")
    kind.scroll_into_view_if_needed()
    kind.focus()
    top = body.evaluate("b => b.scrollTop")
    assert top > 0
    kind.select_option("smazzate")
    page.wait_for_selector("#setup select[name=deals]")
    assert body.evaluate("b => b.scrollTop") == top and page.evaluate("document.activeElement.name") == "kind"
    assert not watch.errors, watch.errors
