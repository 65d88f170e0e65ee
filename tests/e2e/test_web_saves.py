"""Saved matches: reload mid-trick, offline, corrupt saves, two tabs, abandon, the setup screen."""

from __future__ import annotations

import json
from urllib.parse import urlparse

import pytest
from conftest import SUB
from e2e_support import (
    by_dblclick,
    fill_setup,
    front,
    hand,
    leave_to_setup,
    open_match,
    play_out,
    state,
    trick,
    unfold,
    url,
    wait_move,
    wait_state,
)


def play_first(page) -> None:
    """Double-click my first playable card and wait until it has left my hand."""
    code = page.locator("#my-hand [data-playable=true]").first.get_attribute("data-card")
    by_dblclick(page, code)
    page.wait_for_selector(f'#my-hand [data-card="{code}"]', state="detached")


def reach_mid_trick(page) -> None:
    """Play until the computer has led and it is my turn to answer (a trick half played)."""
    for _ in range(25):
        assert wait_move(page)
        if len(trick(page)) == 1:
            return
        play_first(page)
    raise AssertionError("the computer never led")


def test_reload_mid_trick_resumes(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=7))
    reach_mid_trick(page)
    before = (hand(page), trick(page), page.locator(".stock .count").inner_text())
    page.reload()
    wait_state(page, "playing")
    assert wait_move(page)
    assert (hand(page), trick(page), page.locator(".stock .count").inner_text()) == before
    assert play_out(page, [by_dblclick]) > 0
    assert state(page) == "match-over"
    page.reload()
    assert wait_state(page, "match-over") == "match-over"  # a finished match stays finished
    assert not watch.errors, watch.errors


@pytest.mark.snapshot  # the reload offline as a player's: from the snapshot when it is made in time
def test_reload_offline(site, context, page, watch):
    """A first visit (a cold context of its own: the service worker installs and caches now) that
    goes offline: a reload resumes the match, a new ?new= link opens, Python loads in the worker."""
    open_match(page, url(site, "classica", 2, seed=21))
    assert wait_move(page)
    play_first(page)
    assert wait_move(page)
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=20_000)
    position = (hand(page), trick(page))
    context.set_offline(True)
    page.reload()
    wait_state(page, "playing")
    assert wait_move(page)
    assert (hand(page), trick(page)) == position
    # A shared ?new= link opens offline too (the service worker ignores the query).
    page.goto(url(site, "classica", 2, seed=22))
    wait_state(page, "playing")
    assert wait_move(page)
    play_first(page)
    assert wait_move(page)  # the computer answered: its worker's Python loaded offline
    context.set_offline(False)
    assert not [e for e in watch.errors if "ERR_INTERNET_DISCONNECTED" not in e], watch.errors


def test_corrupt_save_offers_a_new_game(site, page, watch):
    page.goto(site)
    wait_state(page, "setup")
    page.evaluate("localStorage.setItem('briscola:match', '{not json'); localStorage.setItem('other:key', 'keep')")
    page.reload()
    wait_state(page, "setup")
    dialog = page.locator("#dialog")
    dialog.wait_for(state="visible")
    assert "danneggiato" in dialog.inner_text()
    assert page.evaluate("localStorage.getItem('other:key')") == "keep"
    assert page.evaluate("localStorage.getItem('briscola:match')") == "{not json"  # kept until a new game
    dialog.locator("button.primary").click()
    page.locator("#start").click()
    wait_state(page, "playing")
    assert page.evaluate("localStorage.getItem('other:key')") == "keep"
    assert not [e for e in watch.errors if "pageerror" in e], watch.errors


def test_tampered_save_is_refused(site, page):
    open_match(page, url(site, "classica", 2, seed=4))
    assert wait_move(page)
    saved = json.loads(page.evaluate("localStorage.getItem('briscola:match')"))
    match = json.loads(saved["text"])
    match["seed"] = match["seed"] + 1  # other deals: the digest no longer matches
    saved["text"] = json.dumps(match)
    page.evaluate(f"localStorage.setItem('briscola:match', {json.dumps(json.dumps(saved))})")
    page.reload()
    page.locator("#dialog").wait_for(state="visible")
    assert "danneggiato" in page.locator("#dialog").inner_text()
    assert state(page) == "setup"


SAME = """document.querySelectorAll('#my-hand .hand-card').length === {n}
  && [...document.querySelectorAll('#my-hand .hand-card')].map(e => e.dataset.card).join() === {hand}
  && [...document.querySelectorAll('.trick .card[data-card]')].map(e => e.dataset.card).join() === {trick}"""


def test_two_tabs_share_one_match(site, page):
    """A second tab of the same browser (the warm page's own context) opens on the match, and a move
    in either tab shows in the other."""
    open_match(page, url(site, "classica", 2, seed=8))
    assert wait_move(page)
    other = page.context.new_page()
    other.goto(site)
    wait_state(other, "playing")
    assert wait_move(other)
    assert hand(other) == hand(page)
    for actor, watcher in ((page, other), (other, page)):
        play_first(actor)
        assert wait_move(actor)
        mine, table = hand(actor), trick(actor)
        watcher.wait_for_function(SAME.format(n=len(mine), hand=json.dumps(",".join(mine)),
                                              trick=json.dumps(",".join(table))), timeout=5_000)
        assert (hand(watcher), trick(watcher)) == (mine, table)


def test_abandon(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=12))
    assert wait_move(page)
    page.locator("#btn-abandon").click()
    page.locator("#dialog button.primary").click()
    wait_state(page, "match-over")
    page.wait_for_selector("#dialog:not([hidden]) >> text=abbandonato")  # the summary, not the question
    text = page.locator("#dialog").inner_text()
    assert "Hai perso la partita" in text
    assert "Punti vittoria" not in text  # a friendly points match scores no VP (issue 33)
    page.reload()
    assert wait_state(page, "match-over") == "match-over"
    assert not watch.errors, watch.errors


def test_setup_remembers_choices(site, page, watch):
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, speed="istantanea", variant="brisca", players="4", level="campione", vinco_subito=True)
    page.locator("#start").click()
    wait_state(page, "playing")
    assert page.locator("#felt .seat").count() == 4
    page.reload()
    wait_state(page, "playing")  # the match resumes, not the setup screen
    leave_to_setup(page)
    wait_state(page, "setup")
    assert page.locator("select[name=level]").input_value() == "campione"  # the front door's level
    assert "Brisca" in page.locator(".door-game").inner_text()  # the game its one tap starts
    front(page, "game")
    unfold(page)
    assert page.locator("select[name=variant]").input_value() == "brisca"
    assert page.locator("select[name=players]").input_value() == "4"
    assert page.locator("input[name=vinco_subito]").is_checked()
    assert not watch.errors, watch.errors


@pytest.mark.snapshot  # the snapshot's own Python loads from the sub-path too
def test_sub_path(site, context, page, watch):
    """A first visit to the site under a project sub-path (a cold context: Python downloaded, not
    started from a snapshot the root's visits left, so its files are checked too)."""
    base = site.rstrip("/") + SUB
    open_match(page, url(base, "classica", 2, seed=7))
    assert urlparse(page.url).path == SUB
    assert wait_move(page)
    play_first(page)
    assert wait_move(page)
    paths = [urlparse(r).path for r in watch.requests if r.startswith("http")]
    assert paths and all(p.startswith(SUB) for p in paths), [p for p in paths if not p.startswith(SUB)]
    assert not watch.errors, watch.errors


def test_phone_portrait_touch(site, warm):
    page = warm(viewport=(390, 844), is_mobile=True, has_touch=True)
    open_match(page, url(site, "classica", 4, seed=3))
    assert wait_move(page)
    assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    controls = ("#btn-hint", "#btn-last", "#btn-menu", "#btn-new", "#btn-abandon", "#btn-sound", "#lang-switch")
    for sel in ("#my-hand .hand-card >> nth=-1", *controls):  # every control of the bar is on screen
        if sel == "#btn-new":  # the ones not about the cards are in the bar's menu on a phone
            page.locator("#btn-menu").click()
        box = page.locator(sel).bounding_box()
        assert page.locator(sel).is_visible() and box, sel
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] + box["height"] <= 844, (sel, box)
    page.keyboard.press("Escape")  # the menu folds away
    code = page.locator("#my-hand [data-playable=true]").first.get_attribute("data-card")
    card = page.locator(f'#my-hand [data-card="{code}"]').bounding_box()
    cdp = page.context.new_cdp_session(page)
    x, y = card["x"] + card["width"] / 2, card["y"] + card["height"] / 2

    def touch(kind, px, py):
        points = [] if kind == "touchEnd" else [{"x": px, "y": py}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x, y)
    touch("touchMove", x, y - 20)
    touch("touchMove", x, y - 40)
    target = page.locator("[data-role=placeholder]").bounding_box()
    touch("touchMove", target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
    touch("touchEnd", 0, 0)
    page.wait_for_selector(f'#my-hand [data-card="{code}"]', state="detached")
    cdp.detach()
    page.screenshot(path="/tmp/briscola-phone.png")


@pytest.mark.parametrize(("query", "words"), [
    ("classica&players=9&seed=1&level=imbattibile",
     ["Livello del computer", "«imbattibile»", "Principiante, Esperto, Campione"]),
    ("tressette&seed=1", ["Gioco", "«tressette»", "Briscola classica, Brisca (spagnola)"]),
    ("classica&seed=abc", ["«abc»", "numero intero"]),
])
def test_bad_link_explained(site, page, watch, query, words):
    """A hand-edited ?new= link: the setup screen, and a message in the player's language that
    names the setting, quotes the value and lists the choices (no engine English)."""
    page.goto(f"{site}?new={query}&speed=istantanea")
    wait_state(page, "setup")
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    text = toast.inner_text()
    assert all(w in text for w in words), text
    assert "unknown" not in text and "must be" not in text, text
    assert "?" not in page.url
    assert not [e for e in watch.errors if "pageerror" in e], watch.errors
