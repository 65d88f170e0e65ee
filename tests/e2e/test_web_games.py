"""Whole games through the real page, with every input gesture of RULES.md §9: one whole game of
each variant, its cards played by every gesture in turn (double click, select + placeholder, drag,
keyboard), so every gesture plays through a whole game of two, four, five and six seats."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

import pytest
from e2e_support import (
    by_dblclick,
    by_drag,
    by_keyboard,
    by_placeholder,
    hand,
    open_match,
    play_out,
    start_from_setup,
    state,
    url,
    wait_move,
    wait_state,
)

GESTURES = [by_dblclick, by_placeholder, by_drag, by_keyboard]


def in_turn(start: int) -> list[Any]:
    """Every gesture in turn from the `start`-th: each game ends its hand (one card left) with
    another gesture (classica-4 the placeholder, brisca-2 the keyboard, the others drag or double
    click)."""
    return GESTURES[start:] + GESTURES[:start]


def only_same_origin(base: str, requests: list[str]) -> None:
    origin = urlparse(base).netloc
    outside = [r for r in requests if not r.startswith(("data:", "blob:")) and urlparse(r).netloc != origin]
    assert not outside, outside


def exchange(page: Any) -> str:
    """Brisca's decision: take the trump with the 7 (or the 2) when offered; the face-up trump is
    then the card given, and it has left the hand."""
    button = page.locator("#panel [data-exchange]").first
    give = button.get_attribute("data-exchange")
    button.click()
    page.wait_for_selector(f'.stock .trump[data-card="{give}"]', state="attached")
    assert give not in hand(page)
    return give


@pytest.mark.parametrize(("variant", "players", "seed", "plays", "start"), [
    ("brisca", 2, 3, 20, 0),  # two players, with the trump exchange (offered in this deal)
    ("classica", 4, 11, 10, 0),  # two teams: the result is named for the player's side
    ("biscambiggia", 6, 5, 6, 1),  # six seats, 36 cards
])
def test_whole_game_every_gesture(site, page, watch, variant, players, seed, plays, start):
    open_match(page, url(site, variant, players, seed=seed))
    assert "?" not in page.url, "the ?new= query must be removed once the match has started"
    assert page.evaluate("document.documentElement.lang") == "it"
    given: list[str] = []
    decide = (lambda p: given.append(exchange(p))) if variant == "brisca" else None
    assert play_out(page, in_turn(start), panel=decide) == plays  # every card of mine
    if variant == "brisca":
        assert given, "no exchange offered in this deal"
    assert state(page) in ("deal-over", "match-over")
    assert page.locator("#dialog h2").inner_text()
    if players == 4:
        assert "Avete" in page.locator("#dialog").inner_text()  # team result, said to the player's side
    assert not watch.errors, watch.errors
    only_same_origin(site, watch.requests)


def test_deselect_and_illegal_attempt(site, page, watch):
    open_match(page, url(site, "chiamata", 5, seed=5))
    code = hand(page)[0]
    card = page.locator(f'#my-hand [data-card="{code}"]')
    card.click()
    assert card.get_attribute("aria-pressed") == "true"
    card.click()
    assert card.get_attribute("aria-pressed") == "false"
    # During the auction no card may be played: the engine refuses and the page says why.
    card.dblclick()
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    assert "asta" in toast.inner_text().lower() or "turno" in toast.inner_text().lower()
    assert code in hand(page)
    assert not watch.errors, watch.errors


def test_chiamata_deal_through_the_auction(site, page, watch):
    """Chiamata's whole deal: the auction, the suit to call, then eight cards by every gesture."""
    open_match(page, url(site, "chiamata", 5, seed=2))
    seen_auction = []

    def decide(p):
        panel = p.locator("#panel")
        seen_auction.append(panel.inner_text())
        if p.locator("#panel [data-suit]").count():
            p.locator("#panel [data-suit]").first.click()
        elif p.locator("#panel [data-bid]").count():
            p.locator("#panel [data-bid]").last.click()  # the lowest rank on offer: bid boldly
        else:
            p.locator("#panel [data-pass]").click()

    assert play_out(page, in_turn(1), panel=decide) == 8
    assert seen_auction, "the auction controls never appeared"
    assert state(page) in ("deal-over", "match-over")
    text = page.locator("#dialog").inner_text()
    assert "Punteggi" in text or "passato" in text
    if state(page) == "deal-over":
        page.locator("#btn-next-deal").click()
        wait_state(page, "playing")
        assert len(hand(page)) == 8
    assert not watch.errors, watch.errors


def test_carte_viste_shows_played_cards(site, page, watch):
    page.goto(site)
    wait_state(page, "setup")
    start_from_setup(page, speed="istantanea", carte_viste=True)
    wait_state(page, "playing")
    assert page.locator("#played").is_hidden()
    for _ in range(3):
        assert wait_move(page)
        by_dblclick(page, page.locator("#my-hand [data-playable=true]").first.get_attribute("data-card"))
    assert wait_move(page)
    shown = page.eval_on_selector_all("#played [data-card]", "els => els.map(e => e.dataset.card)")
    assert len(shown) >= 4 and len(shown) % 2 == 0, shown  # whole tricks, both players' cards
    assert not watch.errors, watch.errors


def test_last_trick(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=7))
    assert page.locator("#btn-last").is_disabled()
    for _ in range(2):
        assert wait_move(page)
        by_dblclick(page, page.locator("#my-hand [data-playable=true]").first.get_attribute("data-card"))
    assert wait_move(page)
    page.locator("#btn-last").click()
    dialog = page.locator("#dialog")
    dialog.wait_for(state="visible")
    assert dialog.locator("[data-card]").count() == 2
    took = dialog.inner_text()
    assert ("L'ha presa " in took or "L'hai presa tu" in took) and "punti" in took, took
    dialog.locator("button.primary").click()
    assert dialog.is_hidden()
    assert not watch.errors, watch.errors
