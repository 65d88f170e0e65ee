"""L'Approdo's tournament on screen (issue 12 item 1, source 004) through the real page on a
360 x 640 phone: the three shapes to choose from, two groups of nine, the computers' matches of a
round played in the engine's worker while the page answers a click within a second, the standings
and the line of who is still playing updated as results come in, the quarter-finals in the
bracket, nothing off screen or under a button; and in a tournament match the partner's cards
turned face up when the stock runs out."""

from __future__ import annotations

import time
from typing import Any

import pytest
from e2e_support import MY_MOVE, by_dblclick, fill_setup, first_playable, front, hand, wait_move, wait_state
from test_a11y import axe_check
from test_layout import check_screen

SHOT = "/tmp/briscola-tournament-shapes-{}.png"  # looked at by eye
PHONE = {"width": 360, "height": 640}

# The standings, the head lines and the pairs marked as playing, read in one go (one redraw).
SNAPSHOT = """() => ({
  head: document.getElementById('tn-head')?.innerText ?? '',
  tables: [...document.querySelectorAll('.tn-standings')].map((t) => t.tBodies[0].rows.length),
  played: [...document.querySelectorAll('.tn-standings tbody tr')].map((tr) => Number(tr.children[2].textContent)),
  playing: [...document.querySelectorAll('.tn-standings tr.playing')].map((tr) => tr.dataset.pair),
})"""


@pytest.fixture
def phone(warm: Any) -> Any:
    """A 360 x 640 page (the page reads no touch capability: taps are clicks to it)."""
    return warm(viewport=(PHONE["width"], PHONE["height"]))


def open_form(page: Any, site: str) -> None:
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, speed="istantanea")  # the player's matches: no waiting
    front(page, "setup")
    page.locator("#setup select[name=level]").select_option("principiante")
    page.locator("#btn-tournament").click()
    wait_state(page, "tournament")
    page.wait_for_selector("#tn-shape-due_gironi")


def pairs_offered(page: Any) -> list[int]:
    return [int(v) for v in page.eval_on_selector_all("#tn-pairs option", "os => os.map(o => o.value)")]


def test_the_shapes_are_offered_with_their_numbers_of_pairs(site, phone):
    page = phone
    open_form(page, site)
    labels = page.eval_on_selector_all(".tn-shape", "ls => ls.map(l => l.innerText.trim())")
    assert labels == ["Girone unico (4–8 coppie)",
                      "Come all'Approdo: due gironi da nove coppie, poi quarti, semifinali e finale "
                      "al meglio di cinque",
                      "Partita secca: girone di partite a una smazzata"]
    intro = page.inner_text("#tn-intro")
    assert "60 a 60" in intro and "mostri le carte" in intro
    assert pairs_offered(page) == [4, 5, 6, 7, 8] and "semifinale" in page.inner_text("#tn-about")
    page.locator("#tn-shape-secca").check()
    assert pairs_offered(page) == list(range(4, 11)) and "smazzata sola" in page.inner_text("#tn-about")
    page.locator("#tn-shape-due_gironi").check()
    assert pairs_offered(page) == [8, 10, 12, 14, 16, 18] and page.locator("#tn-pairs").input_value() == "18"
    assert "quarti" in page.inner_text("#tn-about")
    page.screenshot(path=SHOT.format("picker"))
    check_screen(page, "360 shape picker")
    axe_check(page, "tournament shape picker")
    radio = page.locator(".tn-shape").nth(1).bounding_box()
    assert radio["height"] >= 44 and radio["x"] + radio["width"] <= PHONE["width"]


def test_two_groups_of_nine_play_their_computer_matches_while_the_page_answers(site, phone):
    page = phone
    open_form(page, site)
    page.locator("#tn-shape-due_gironi").check()
    page.locator("#btn-tn-start").click()
    page.wait_for_selector("#tournament[data-shape=due_gironi] #tn-body")
    assert page.inner_text("#tn-sub").startswith("Due gironi · 18 coppie")
    first = page.evaluate(SNAPSHOT)
    assert first["tables"] == [9, 9]
    assert page.inner_text("#tn-group-A") == "Classifica del girone A"
    assert page.inner_text("#tn-group-B") == "Classifica del girone B"
    # Nine pairs a group: the player's pair sits out the first round, the computers play its eight.
    assert "Il computer gioca" in first["head"] and "In gara: 18 coppie su 18." in first["head"]
    assert "Giornata 1" in first["head"]
    assert len(first["playing"]) == 2 and "0" not in first["playing"]
    stages = page.eval_on_selector_all(
        ".tn-stage", "ss => ss.map(s => [s.dataset.stage, s.querySelectorAll('li').length])")
    assert stages == [["quarter", 4], ["semi", 2], ["final", 1]]
    assert "1ª del girone A – 4ª del girone B" in page.inner_text(".tn-stage[data-stage=quarter]")

    # While the computers play, a click is handled: the confirm dialog opens with their matches still
    # in play (not once they are over), and closes again. (How fast, on a phone: bench/, not a test.)
    answered = []
    seen = [first]
    deadline = time.monotonic() + 120
    while not page.locator("#btn-tn-play").count() and time.monotonic() < deadline:
        if len(answered) < 3:
            page.locator("#btn-tn-new").click()
            page.wait_for_selector("#btn-tn-new-yes", timeout=10_000)
            answered.append(bool(page.evaluate(SNAPSHOT)["playing"]) and not page.locator("#btn-tn-play").count())
            page.keyboard.press("Escape")
            page.wait_for_selector("#dialog", state="hidden", timeout=10_000)
        seen.append(page.evaluate(SNAPSHOT))
        # the next result (or the player's turn): the screen redrawn from what was just read
        page.wait_for_function(f"(was) => JSON.stringify(({SNAPSHOT})()) !== JSON.stringify(was)"
                               " || !!document.getElementById('btn-tn-play')", arg=seen[-1], timeout=120_000)
    assert answered and answered[0], answered  # the first click, at the round's start, answered in play

    # The round ends at the player's match; the standings and the line follow every result.
    page.wait_for_selector("#btn-tn-play", timeout=120_000)
    last = page.evaluate(SNAPSHOT)
    assert sum(last["played"]) == 16 and last["tables"] == [9, 9]
    assert "Giornata 2: 8 partite su 8 ancora da giocare." in last["head"]
    assert "Prossima partita: Giornata 2, contro Coppia" in last["head"]
    assert last["playing"] == []
    progress = [sum(s["played"]) for s in seen] + [16]
    assert progress == sorted(progress) and any(0 < n < 16 for n in progress), progress
    lines = {s["head"].split("Giornata 1: ")[-1] for s in seen if "Giornata 1: " in s["head"]}
    assert len(lines) > 1, lines  # the matches left in the round count down
    assert page.locator(".tn-rounds li li").count() == 72  # every group match listed, A's and B's

    check_screen(page, "360 two groups")
    axe_check(page, "tournament in two groups")
    page.screenshot(path=SHOT.format("groups"))
    page.locator("#tn-group-B").scroll_into_view_if_needed()
    page.screenshot(path=SHOT.format("group-b"))
    check_screen(page, "360 group B")
    page.locator(".tn-bracket").scroll_into_view_if_needed()
    page.screenshot(path=SHOT.format("bracket"))
    check_screen(page, "360 bracket")
    right = page.evaluate("Math.max(...[...document.querySelectorAll('.tn-standings th, .tn-standings td')]"
                          ".filter(e => e.getBoundingClientRect().width).map(e => e.getBoundingClientRect().right))")
    assert right <= PHONE["width"], f"standings reach {right:.0f} px"

    # A reload comes back to the same tournament, both groups as they were.
    page.reload()
    page.wait_for_selector("#tournament[data-shape=due_gironi] #btn-tn-play", timeout=60_000)
    assert page.evaluate(SNAPSHOT)["played"] == last["played"]


def faces(page: Any, seat: int) -> int:
    """How many of a seat's cards the page shows face up (a face carries its code)."""
    return page.locator(f'.seat[data-seat="{seat}"] .hand .card[data-card]').count()


def test_partners_show_each_other_their_cards_when_the_stock_ends(site, phone):
    """Source 004: "al termine del mazzo, i compagni si scambiano le carte per qualche istante"."""
    page = phone
    open_form(page, site)
    page.locator("#tn-shape-secca").check()
    page.locator("#tn-pairs").select_option("4")
    page.locator("#btn-tn-start").click()
    page.locator("#btn-tn-play").click()
    wait_state(page, "playing")
    for _ in range(12):
        assert wait_move(page), "the deal ended before the stock did"
        if page.locator(".stock[data-stock]:not([data-stock=\"0\"])").count() == 0:
            break
        assert faces(page, 2) == 0, "the partner's cards shown before the stock ran out"
        code = first_playable(page)
        by_dblclick(page, code)
        page.wait_for_selector(f'#my-hand [data-card="{code}"]', state="detached")
    else:
        raise AssertionError("the stock did not run out")
    assert page.locator(MY_MOVE).count() > 0
    assert faces(page, 2) == len(hand(page)) or faces(page, 2) == len(hand(page)) - 1  # partner may have played
    assert faces(page, 2) > 0 and faces(page, 1) == 0 and faces(page, 3) == 0
    page.screenshot(path=SHOT.format("partner-shown"))
