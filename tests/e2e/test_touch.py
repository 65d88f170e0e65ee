"""Issue 33, the table's first minute on a touch phone (RULES.md §9): the first tap raises a card and
shows where it goes ("Tocca di nuovo per giocarla", the first few times), a second tap plays it, a
tap on another card raises that one, a tap elsewhere lowers it; "Un tocco per giocare" plays at the
first tap; the mouse's gestures stay as they were. No card plays, or shows as playable, while a
step is still on its way to the screen (the pause after a trick, the draws, the deal), and "Tocca a
te" shows only once the hand is the player's. Every page here is a touch phone (has_touch,
is_mobile, 360 x 640) and taps with the touchscreen."""

from __future__ import annotations

import json
from typing import Any

from e2e_support import (
    MY_MOVE,
    PLAYED,
    by_dblclick,
    by_drag,
    by_placeholder,
    first_playable,
    hand,
    state,
    trick,
    url,
    wait_move,
    wait_state,
)

PHONE = {"viewport": (360, 640), "is_mobile": True, "has_touch": True}
HINT = {"it": "Tocca di nuovo per giocarla", "en": "Tap again to play it", "es": "Toca otra vez para jugarla"}
RAISED = "#my-hand [aria-pressed=true]"
PLACEHOLDER = "[data-role=placeholder]"


def card(code: str) -> str:
    return f'#my-hand [data-card="{code}"]'


def tap(page: Any, code: str) -> None:
    """A finger's tap on the card's visible part (its left edge: a long hand overlaps)."""
    page.locator(card(code)).tap(position={"x": 12, "y": 40})


def idle(page: Any) -> None:
    page.wait_for_selector("html[data-phase=idle], html:not([data-state=playing])", state="attached", timeout=60_000)


def open_on_phone(warm: Any, site: str, link: str, setup: dict[str, Any] | None = None) -> Any:
    """A touch phone at the table of `link`; `setup`: the remembered choices it starts with (the
    link is followed by the page itself, which reads them again, as a load does)."""
    page = warm(**PHONE)
    page.goto(site)
    wait_state(page, "setup", "playing", "deal-over", "match-over")
    page.evaluate("(s) => localStorage.setItem('briscola:setup', s)", json.dumps(setup or {}))
    page.evaluate("(u) => location.assign(u)", link)
    page.wait_for_function("() => !location.search", timeout=30_000)  # the link is taken (and removed)
    wait_state(page, "playing")
    assert wait_move(page)
    idle(page)
    return page


def test_tap_raises_a_card_and_a_second_tap_plays_it(site, warm, watch):
    page = open_on_phone(warm, site, url(site, "classica", 2, seed=7))
    a, b = page.eval_on_selector_all(MY_MOVE, "els => els.map(e => e.dataset.card)")[:2]
    tap(page, a)
    # Raised, its placeholder on the table with its ghost, and the hint on it; nothing played.
    assert page.locator(card(a)).get_attribute("aria-pressed") == "true"
    assert page.locator(f"{PLACEHOLDER} [data-ghost='{a}']").count() == 1
    assert page.locator(f"{PLACEHOLDER} [data-tap-hint]").inner_text() == HINT["it"]
    page.wait_for_timeout(600)  # (long after a double tap would have been)
    assert a in hand(page) and a not in trick(page)
    # Another card: that one goes up instead, the first comes down; the hint follows it.
    tap(page, b)
    assert page.locator(card(b)).get_attribute("aria-pressed") == "true"
    assert page.locator(card(a)).get_attribute("aria-pressed") == "false"
    assert page.locator(f"{PLACEHOLDER} [data-ghost='{b}']").count() == 1
    assert page.locator(f"{PLACEHOLDER} [data-tap-hint]").count() == 1
    # A tap on the felt, away from the cards: it comes down, the placeholder goes.
    felt = page.locator("#felt").bounding_box()
    page.touchscreen.tap(felt["x"] + felt["width"] - 30, felt["y"] + felt["height"] * 0.35)
    assert page.locator(RAISED).count() == 0 and page.locator(PLACEHOLDER).count() == 0
    assert a in hand(page) and b in hand(page)
    # Up again, and a second tap plays it (once: the page takes one move).
    tap(page, b)
    tap(page, b)
    page.wait_for_function(PLAYED, arg=b)
    assert b not in hand(page) and a in hand(page)
    idle(page)
    assert saved_plays(page).count(b) == 1
    assert not watch.errors, watch.errors


def saved_plays(page: Any) -> list[str]:
    """The cards played in the saved match's deal, in order."""
    raw = page.evaluate("localStorage.getItem('briscola:match')")
    data = json.loads(json.loads(raw)["text"])
    return [step["play"] for step in data["deals"][-1] if isinstance(step, dict) and "play" in step]


def test_the_hint_shows_the_first_few_times(site, warm, watch):
    """"Tocca di nuovo per giocarla" until the player has played three cards with a second tap;
    then a tap raises the card without it (kept on the device: a new match does not bring it back)."""
    page = open_on_phone(warm, site, url(site, "classica", 2, seed=5))
    for n in range(3):
        assert wait_move(page)
        idle(page)
        code = first_playable(page)
        tap(page, code)
        assert page.locator(f"{PLACEHOLDER} [data-tap-hint]").count() == 1, n
        tap(page, code)
        page.wait_for_function(PLAYED, arg=code)
    assert page.evaluate("localStorage.getItem('briscola:tap-plays')") == "3"
    assert wait_move(page)
    idle(page)
    code = first_playable(page)
    tap(page, code)
    assert page.locator(card(code)).get_attribute("aria-pressed") == "true"
    assert page.locator(f"{PLACEHOLDER} [data-ghost='{code}']").count() == 1
    assert page.locator("[data-tap-hint]").count() == 0
    assert not watch.errors, watch.errors


def test_one_tap_plays_at_once(site, warm, watch):
    """The setting "Un tocco per giocare" (choices.one_tap): the first tap plays the card."""
    page = open_on_phone(warm, site, url(site, "classica", 2, seed=7), setup={"one_tap": True})
    code = first_playable(page)
    tap(page, code)
    page.wait_for_function(PLAYED, arg=code)
    assert code not in hand(page)
    assert page.locator("[data-tap-hint]").count() == 0
    assert not watch.errors, watch.errors


def test_the_mouse_keeps_its_gestures_on_a_touch_phone(site, warm, watch):
    """RULES.md §9 with a mouse, unchanged: a click selects (and does not play), a click on the
    selected card deselects, a click on the felt leaves it selected; double click, the placeholder
    and a drag each play."""
    page = open_on_phone(warm, site, url(site, "classica", 2, seed=11))
    code = first_playable(page)
    page.locator(card(code)).click()
    page.wait_for_timeout(500)
    assert page.locator(card(code)).get_attribute("aria-pressed") == "true" and code in hand(page)
    assert page.locator("[data-tap-hint]").count() == 0  # the hint is a tap's
    felt = page.locator("#felt").bounding_box()
    page.mouse.click(felt["x"] + felt["width"] - 30, felt["y"] + felt["height"] * 0.35)
    assert page.locator(card(code)).get_attribute("aria-pressed") == "true"
    page.locator(card(code)).click()
    assert page.locator(card(code)).get_attribute("aria-pressed") == "false"
    for gesture in (by_dblclick, by_placeholder, by_drag, by_dblclick):
        assert wait_move(page)
        idle(page)
        code = first_playable(page)
        gesture(page, code)
        page.wait_for_function(PLAYED, arg=code)
        assert code not in hand(page), gesture.__name__
    assert not watch.errors, watch.errors


# Every frame, what the screen shows: whether a hand card is marked playable, the cards on the
# trick, whether a card of the hand or the trick is still moving, and the turn line.
SAMPLE = """() => {
  window.__frames = [];
  const moving = (sel) => [...document.querySelectorAll(sel)].some((e) => e.getAnimations()
    .some((a) => a.playState === 'running' && !(a instanceof CSSTransition) && !(a instanceof CSSAnimation)));
  const look = () => {
    window.__frames.push({
      playable: document.querySelectorAll('#my-hand [data-playable=true]').length,
      trick: document.querySelectorAll('.trick .card[data-card]').length,
      handMoving: moving('#my-hand .hand-card'), trickMoving: moving('.trick .card'),
      turn: document.getElementById('turn').textContent, phase: document.documentElement.dataset.phase,
    });
    if (window.__frames.length < 5000) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def test_nothing_plays_until_the_draw_has_landed(site, warm, watch):
    """Slow animations: at every frame of the deal's start and of a few tricks (my card, the
    computer's answer, the pause on the full trick, the collection, the draws), no hand card is
    shown playable while a card still moves or a full trick is on the table, and "Tocca a te" shows
    only with a playable hand. Taps during the pause after a trick play nothing: the tapped card is
    still in hand when the table comes back to the player."""
    page = warm(**PHONE)
    page.goto(site)
    wait_state(page, "setup", "playing", "deal-over", "match-over")
    page.evaluate(SAMPLE)
    slow = url(site, "classica", 2, seed=7).replace("speed=istantanea", "speed=lenta")
    page.evaluate("(u) => location.assign(u)", slow)
    page.wait_for_function("() => !location.search", timeout=30_000)
    wait_state(page, "playing")
    for _ in range(4):
        assert wait_move(page)
        idle(page)
        page.locator(card(first_playable(page))).dblclick()
        # The trick full on the table (the pause before it is collected, after my card whoever
        # led): a card tapped twice is neither shown playable nor played.
        page.wait_for_function("document.querySelectorAll('.trick .card[data-card]').length === 2", timeout=20_000)
        target = hand(page)[0]
        assert page.locator(card(target)).get_attribute("data-playable") == "false"
        tap(page, target)
        tap(page, target)
        assert page.locator(RAISED).count() == 0
        idle(page)
        assert state(page) == "playing" and target in hand(page), "a tap in the pause after a trick played a card"
        assert target not in saved_plays(page)
    frames = page.evaluate("window.__frames")
    assert len(frames) > 100
    for f in frames:
        if f["playable"]:
            assert not f["handMoving"] and not f["trickMoving"], ("playable while cards move", f)
            assert f["trick"] < 2, ("playable with a full trick on the table", f)
        if f["turn"] == "Tocca a te":
            assert f["playable"] and not f["handMoving"], ("'Tocca a te' over cards still flying", f)
    assert any(f["handMoving"] for f in frames), "the deal's and the draws' flights were seen"
    assert not watch.errors, watch.errors
