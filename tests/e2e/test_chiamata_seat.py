"""Chiamata: nobody abandons (source 003), the computer plays your seat instead, through the real
page; and the summaries that name the spareggi (source 000)."""

from __future__ import annotations

import json
import random
from typing import Any

from conftest import BOOT_MS
from e2e_support import MY_MOVE, by_dblclick, open_match, state, url, wait_move, wait_state

from briscola.actions import Action, Bid, Pass, Play
from briscola.match import Match, MatchFormat
from briscola.save import load_match, save_match
from briscola.variants import Rules

SEAT_BUTTON = "#btn-abandon"
STAND_IN = "html[data-stand-in]"


def saved(page: Any) -> dict:
    """The match as the page saved it (the engine's save text, parsed)."""
    return json.loads(json.loads(page.evaluate("localStorage.getItem('briscola:match')"))["text"])


def seat0_actions(page: Any) -> list[Action]:
    """Seat 0's actions in the deal being played, read off the saved match replayed by the engine."""
    text = json.loads(page.evaluate("localStorage.getItem('briscola:match')"))["text"]
    return [a for seat, a in load_match(text).deal.history if seat == 0]


def played(actions: list[Action]) -> int:
    return sum(isinstance(a, Play) for a in actions)


# The saved match's meta, read in the page (storage.js keeps {rev, text, view}; text is the engine's save).
META = "JSON.parse(JSON.parse(localStorage.getItem('briscola:match')).text).meta"


def wait_saved_stand_in(page: Any, on: bool) -> None:
    """Until the save says the computer plays my seat (on) or that it is mine (off)."""
    page.wait_for_function(f"{META}.stand_in === true" if on else f"!('stand_in' in {META})")


def wait_hand_below(page: Any, cards: int, timeout: int = 60_000) -> None:
    """Until my hand has fewer cards: seat 0 has played (saved before it is drawn: turns.js)."""
    page.wait_for_function(f"document.querySelectorAll('#my-hand .hand-card').length < {cards}", timeout=timeout)


def test_the_computer_plays_my_seat_and_gives_it_back(site, page, watch):
    open_match(page, url(site, "chiamata", 5, seed=3))  # seed 3: seat 0 opens the auction
    assert wait_move(page)
    button = page.locator(SEAT_BUTTON)
    assert button.get_attribute("data-mode") == "stand-in"
    assert button.inner_text().strip() == "Fai giocare il computer"
    assert not seat0_actions(page)
    button.click()  # no confirmation: the computer takes the seat at once
    page.wait_for_selector(STAND_IN, state="attached")
    assert page.locator("#dialog").is_hidden()
    assert "Il computer gioca al posto tuo" in page.locator("#turn").inner_text()
    assert button.inner_text().strip() == "Riprendo io"
    # the computer bids (or passes) for me, then plays my cards; the page offers me none
    wait_hand_below(page, 8)
    assert played(seat0_actions(page)) >= 1
    assert isinstance(seat0_actions(page)[0], Bid | Pass)
    assert saved(page)["meta"]["stand_in"] is True
    button.click()  # "Riprendo io": at once
    page.wait_for_selector(f"html:not([data-stand-in]) {SEAT_BUTTON}[data-mode=stand-in]", state="attached")
    assert "stand_in" not in saved(page)["meta"]
    # a reload gives the seat back as saved: mine
    page.reload()
    wait_state(page, "playing", "deal-over")
    if wait_move(page):  # my turn again (seat 0 has eight cards to play): the seat is mine
        # idle: the engine's own position, not the table drawn from the save while Python starts
        page.wait_for_selector("html[data-phase=idle]", state="attached", timeout=BOOT_MS)
        assert page.locator(STAND_IN).count() == 0
        assert page.locator(SEAT_BUTTON).get_attribute("data-mode") == "stand-in"
        mine = played(seat0_actions(page))
        cards = page.locator("#my-hand .hand-card").count()
        by_dblclick(page, page.locator(MY_MOVE).first.get_attribute("data-card"))
        wait_hand_below(page, cards)
        assert played(seat0_actions(page)) == mine + 1
    # on again, and a reload keeps it
    if state(page) == "playing":
        button.click()
        wait_saved_stand_in(page, True)
        page.reload()
        wait_state(page, "playing", "deal-over")
        # The engine's position says so once Python is up, unless the computer has played the last
        # tricks out by then (a busy machine): reaching the deal's end with no move of mine says it too.
        page.wait_for_selector(f"{STAND_IN}, html[data-state=deal-over]", state="attached", timeout=BOOT_MS)
        if state(page) == "playing":
            assert page.locator(SEAT_BUTTON).get_attribute("data-mode") == "take-back"
    wait_state(page, "deal-over", timeout=120_000)  # the computer plays the deal out for me
    assert page.locator("#dialog").is_visible()
    assert not watch.errors, watch.errors


def test_the_phone_menu_offers_it(site, warm, watch):
    page = warm(viewport=(360, 640))
    # At the slowest speed: the computer, given the seat, must not play the whole deal out before
    # the menu is opened again (at istantanea a quiet machine did).
    open_match(page, f"{site}?new=chiamata&players=5&seed=3&level=principiante&speed=lenta")
    assert wait_move(page)
    page.locator("#btn-menu").click()
    item = page.locator(SEAT_BUTTON)
    assert item.is_visible() and item.inner_text().strip() == "Fai giocare il computer"
    item.click()
    page.wait_for_selector(STAND_IN, state="attached")
    page.locator("#btn-menu").click()
    assert item.is_visible() and item.inner_text().strip() == "Riprendo io"
    item.click()
    page.wait_for_selector(f"html:not([data-stand-in]) {SEAT_BUTTON}[data-mode=stand-in]", state="attached")
    assert not watch.errors, watch.errors


def test_abandon_is_unchanged_in_classica(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=12))
    assert wait_move(page)
    button = page.locator(SEAT_BUTTON)
    assert button.get_attribute("data-mode") == "abandon" and button.inner_text().strip() == "Abbandona"
    button.click()
    page.locator("#dialog button.primary").click()  # the confirmation, as before
    wait_state(page, "match-over")
    page.wait_for_selector("#dialog:not([hidden]) >> text=abbandonato")  # the summary
    assert not watch.errors, watch.errors


# ------------------------------------------------------------------ the spareggi in words

def _tied(deal, last_side: int | None = None) -> bool:
    return deal.team_points() == [60, 60] and (
        last_side is None or deal.rules.team_of(deal.tricks[-1].winner) == last_side)


def _play_to(match: Match, want, seed: int) -> None:
    """Random legal playouts (on copies) until one ends as ``want`` says; then play it."""
    rng = random.Random(seed)
    for _ in range(50_000):
        d = match.deal.copy()
        start = len(d.history)
        while not d.over:
            d.apply(rng.choice(d.legal_actions()))
        if want(d):
            for _, action in d.history[start:]:
                match.apply(action)
            return
    raise AssertionError("no playout reached the wanted end")


def _decided_on_the_last_trick() -> Match:
    """A one-deal match with spareggi: 60-60, then three spareggi 60-60, the last trick of the
    third taken by seat 0 (the person), who loses the match."""
    fmt = MatchFormat("punti", knockout=True)
    m = Match.new(Rules.make("classica", 2), fmt, seed=11, meta={"level": "principiante"})
    for i in range(4):
        if i:
            m.next_deal()
        _play_to(m, (lambda d: _tied(d, 0)) if i == 3 else _tied, seed=i)
    assert m.over and m.result().decided_by == "last_trick"
    return m


def test_the_summary_names_the_spareggi_and_the_last_trick(site, page, watch):
    text = save_match(_decided_on_the_last_trick())
    page.goto(site)
    wait_state(page, "setup", "playing", "match-over")
    stored = json.dumps({"rev": 1, "text": text, "view": None})
    page.evaluate(f"localStorage.setItem('briscola:match', {json.dumps(stored)})")
    page.reload()
    wait_state(page, "match-over")
    page.wait_for_selector("#dialog:not([hidden]) >> text=Punti vittoria")
    summary = page.locator("#dialog").inner_text()
    assert "Hai perso la partita" in summary
    assert "Era il terzo e ultimo spareggio." in summary
    assert "Anche il terzo spareggio è finito pari" in summary and "l'hai fatta tu" in summary
    assert "Smazzate vinte, spareggi compresi: Tu 0, Giulia 0" in summary
    assert "Spareggio 3" in page.locator("#match-label").inner_text()
    assert "Tu 0" in page.locator("#match-standing").inner_text()  # one deal, but the spareggi count
    assert not watch.errors, watch.errors
