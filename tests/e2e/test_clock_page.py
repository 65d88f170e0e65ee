"""The move clock through the real page (RULES.md §3–4, docs/rules.md): the setup's choice, the
countdown, a move in time, a timeout, the clock stopped while the tab is hidden, and a reload
keeping the time charged. Short clocks come from `?new=` links (`move=` and `match=` in seconds)."""

from __future__ import annotations

import json
from typing import Any

from e2e_support import (
    MY_MOVE,
    by_dblclick,
    fill_setup,
    first_playable,
    front,
    leave_to_setup,
    open_match,
    trick,
    unfold,
    url,
    wait_move,
    wait_state,
)

# The saved match (storage.js: {rev, text, view}; the text is the engine's save, with `clock`).
SAVE = "JSON.parse(JSON.parse(localStorage.getItem('briscola:match')).text)"
# Chromium headless keeps a page visible: the test sets what document.visibilityState says and
# sends the event the page listens to, as the browser does when the tab is switched.
VISIBILITY = """(hidden) => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => (hidden ? 'hidden' : 'visible')});
  Object.defineProperty(document, 'hidden', {configurable: true, get: () => hidden});
  document.dispatchEvent(new Event('visibilitychange'));
}"""


def left(page: Any) -> int:
    """What the countdown shows is left, in ms (clock.js keeps it in data-left)."""
    return int(page.get_attribute("#clock", "data-left"))


def saved_clock(page: Any) -> dict[str, Any]:
    return page.evaluate(f"{SAVE}.clock")


def wait_idle(page: Any) -> None:
    page.wait_for_selector("html[data-phase=idle]", state="attached")


def wait_left(page: Any, at_most: int) -> None:
    """Until the countdown shows at most `at_most` ms left (clock.js updates data-left every 200 ms)."""
    page.wait_for_function(f"+document.getElementById('clock').dataset.left <= {at_most}")


def test_the_countdown_runs_and_a_move_in_time_counts(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=7, move="30"))
    assert wait_move(page)
    clock = page.locator("#clock")
    assert clock.is_visible() and clock.get_attribute("data-seat") == "0" and clock.get_attribute("role") == "timer"
    first = left(page)
    assert 25_000 < first <= 30_000 and clock.inner_text() in ("0:30", "0:29", "0:28", "0:27", "0:26")
    wait_left(page, first - 1300)  # it goes down
    assert clock.get_attribute("aria-label").startswith("Il tuo tempo: 0:2")
    card = first_playable(page)
    by_dblclick(page, card)
    page.wait_for_function(f"{SAVE}.clock.spent[0] > 0")
    spent = saved_clock(page)["spent"]
    assert 1300 <= spent[0] < 30_000 and spent[1] == 0, spent  # the page measured it; the computer spends nothing
    # The computer's turn: its countdown stands still (it reports no time), then mine starts afresh.
    assert wait_move(page) and wait_state(page, "playing") == "playing"
    wait_idle(page)
    assert 25_000 < left(page) <= 30_000
    assert card not in page.eval_on_selector_all("#my-hand .hand-card", "els => els.map(e => e.dataset.card)")
    assert not watch.errors, watch.errors


def test_the_computer_clock_shows_while_it_thinks(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=7, move="20", match="600"))
    assert wait_move(page)
    assert page.locator("#clock").inner_text().endswith("· 10:00") or "9:5" in page.locator("#clock").inner_text()
    # The computer thinks some 400 ms: its countdown is read the moment it shows (a poll, even every
    # frame, can miss it on a busy machine; a MutationObserver sees every change as it is made).
    page.evaluate("""() => {
      const seen = () => { const c = document.getElementById('clock');
        return !c.hidden && c.dataset.seat === '1'
          ? [c.className, c.textContent, c.getAttribute('aria-label')] : null; };
      const watch = new MutationObserver(() => {
        const s = seen();
        if (s) { window.__theirs = s; watch.disconnect(); }
      });
      watch.observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
    }""")
    by_dblclick(page, first_playable(page))
    page.wait_for_function("() => !!window.__theirs")
    theirs = page.evaluate("window.__theirs")
    assert theirs == ["clock", "0:20", "Tempo di Giulia: 0:20"], theirs  # standing still, short, not mine
    assert not watch.errors, watch.errors


SUMMARY = {"it": "Hai finito il tempo", "en": "Your time ran out", "es": "Se te acabó el tiempo"}


def test_running_out_ends_the_match_on_time(site, warm, watch):
    page = warm(viewport=(360, 640))
    open_match(page, url(site, "classica", 2, seed=7, move="2"))
    assert wait_move(page)
    wait_state(page, "match-over", timeout=15_000)
    assert SUMMARY["it"] in page.locator("#dialog").inner_text()
    assert page.locator("#clock").is_hidden()
    saved = page.evaluate(SAVE)
    assert saved["abandoned"] == {"seat": 0, "timeout": True}, saved  # the engine applied the timeout
    assert saved["clock"]["spent"][0] >= 2000, saved
    # Saved over: a reload does not bring the match back; its summary says so in each language
    # (the language as the switchers remember it).
    for lang in SUMMARY:
        page.evaluate("(lang) => localStorage.setItem('briscola:lang', lang)", lang)
        page.reload()
        assert wait_state(page, "match-over") == "match-over"
        assert page.evaluate("document.documentElement.lang") == lang
        assert SUMMARY[lang] in page.locator("#dialog").inner_text(), lang
    assert not watch.errors, watch.errors


def test_a_hidden_tab_stops_the_clock(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=7, move="3"))
    assert wait_move(page)
    wait_idle(page)
    wait_left(page, 2200)  # some of the move's 3 s spent
    page.evaluate(VISIBILITY, True)
    page.wait_for_function(f"{SAVE}.clock.turn > 0")  # what was spent so far is charged and saved
    charged = saved_clock(page)["turn"]
    assert 500 <= charged < 3000, charged
    # Nothing must happen while hidden: a bounded wait, past the moment the move's time would run out.
    page.wait_for_timeout(3000 - charged + 500)
    assert wait_state(page, "playing") == "playing" and page.locator(MY_MOVE).count()
    assert abs(left(page) - (3000 - charged)) < 300 and "paused" in page.get_attribute("#clock", "class")
    page.evaluate(VISIBILITY, False)
    page.wait_for_selector("#clock:not(.paused)")
    page.wait_for_function(f"+document.getElementById('clock').dataset.left < {3000 - charged}")  # it runs again
    card = first_playable(page)
    by_dblclick(page, card)
    page.wait_for_function(f"{SAVE}.clock.spent[0] > {charged}")  # the move's time, after the charge
    assert wait_move(page) and wait_state(page, "playing") == "playing", "the move in time was taken"
    assert card in page.evaluate(f"{SAVE}.deals[0].map(a => a.play)")
    assert not watch.errors, watch.errors


def test_a_reload_keeps_the_time_charged(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=7, move="30"))
    assert wait_move(page)
    wait_idle(page)
    wait_left(page, 28_500)
    page.reload()  # the time not yet charged is carried over the reload (clock.js, on pagehide)
    assert wait_move(page)
    wait_idle(page)
    page.wait_for_function(f"{SAVE}.clock.turn >= 1500")
    assert left(page) <= 28_500
    wait_left(page, 27_000)
    page.evaluate(VISIBILITY, True)  # as when the player switches away before closing the tab
    page.wait_for_function(f"{SAVE}.clock.turn >= 3000")
    page.reload()
    assert wait_move(page)
    wait_idle(page)
    assert left(page) <= 27_000  # the time charged before the reload still counts
    by_dblclick(page, first_playable(page))
    page.wait_for_function(f"{SAVE}.clock.spent[0] >= 3000")
    assert not watch.errors, watch.errors


def test_the_setup_offers_and_remembers_the_clock(site, page, watch):
    """A game's options offer the clocks and say, once one is chosen, what running out of time
    costs (RULES.md §3: the match), before the match starts (issue 33)."""
    page.goto(site)
    wait_state(page, "setup")
    front(page, "game")
    unfold(page)
    labels = page.eval_on_selector_all("select[name=move_s] option", "els => els.map(e => e.textContent)")
    assert labels == ["Nessuno", "15 secondi", "30 secondi", "60 secondi"]
    assert page.locator("#clock-rule").count() == 0  # no clock, no rule to say
    fill_setup(page, move_s="15")
    assert page.locator("#clock-rule").inner_text() == "15 secondi a mossa: se il tempo scade, perdi la partita."
    fill_setup(page, match_min="5")
    assert page.locator("#clock-rule").inner_text() \
        == "15 secondi a mossa e 5 minuti per tutta la partita: se il tempo scade, perdi la partita."
    assert json.loads(page.evaluate("localStorage.getItem('briscola:setup')"))["move_s"] == 15
    page.locator("#setup details.game-options summary").click()  # folded again: the rule is still said
    assert page.locator("#clock-rule").is_visible()
    page.locator("#start").click()
    wait_state(page, "playing")
    assert wait_move(page)
    fmt = page.evaluate(f"{SAVE}.match")
    assert fmt["move_ms"] == 15_000 and fmt["match_ms"] == 300_000, fmt
    assert page.locator("#clock").inner_text().startswith("0:1")
    # The setup remembers the choice, on a load too. (The match is left from the bar, where Python
    # is up: a load of the address, then a reload while its new start was still under way, once
    # failed that start in the document going away, and once never saw it end, on busy runs.)
    leave_to_setup(page)
    wait_state(page, "setup")
    page.evaluate("localStorage.removeItem('briscola:match')")  # (kept for the setup to offer it back)
    page.reload()
    wait_state(page, "setup")
    front(page, "game")
    assert page.locator("#clock-rule").is_visible()  # said at once, the options folded
    unfold(page)
    assert page.locator("select[name=move_s]").input_value() == "15"
    assert page.locator("select[name=match_min]").input_value() == "5"
    fill_setup(page, variant="chiamata")  # chiamata has no clock
    assert page.locator("select[name=move_s]").count() == 0 and page.locator("#clock-rule").count() == 0
    assert not watch.errors, watch.errors


# The countdown's box against every other text on screen (test_layout.SCREEN's runs of text) and
# the seats, the stock and the hand (test_layout.BOXES).
CLOCK_BOX = """() => { const r = document.getElementById('clock').getBoundingClientRect();
  return {l: r.left, t: r.top, r: r.right, b: r.bottom}; }"""


def check_clock_clear(page: Any, where: str) -> None:
    from test_layout import BOXES, SCREEN, overlap

    clock = page.evaluate(CLOCK_BOX)
    own = page.locator("#clock").inner_text()
    assert clock["r"] - clock["l"] > 10 and clock["r"] <= page.viewport_size["width"], (where, clock)
    def digitless(text: str) -> str:  # the clock's own text, whatever second it shows when read
        return "".join(c for c in text if not c.isdigit())

    for text, box, _, layer in page.evaluate(SCREEN)["texts"]:
        if layer == "page" and digitless(text) != digitless(own[:24]):
            assert not overlap(clock, box), (where, "the countdown covers", text, clock, box)
    for name, box in page.evaluate(BOXES)["boxes"].items():
        assert not box or not overlap(clock, box), (where, "the countdown covers", name, clock, box)


THINKING = """(word) => {
  const clock = document.getElementById('clock'), turn = document.getElementById('turn');
  if (clock.hidden || clock.dataset.seat !== '1' || !turn.textContent.includes(word)) return false;
  const box = (r) => ({l: r.left, t: r.top, r: r.right, b: r.bottom});
  const range = document.createRange();
  range.selectNodeContents(turn);
  window.__thinking = {clock: box(clock.getBoundingClientRect()), turn: [...range.getClientRects()].map(box)};
  return true;
}"""
# The computer's turn line names it ("Giulia sta pensando…": seat 2's own name in each language).
LONG_TURN = {"it-IT": "Giulia", "en-US": "Emma", "es-ES": "Lucía"}
# The computer's turn lasts some 400 ms: a poll (even every frame, on a busy machine) can miss it.
# A MutationObserver sees every change of the turn line and the clock as it is made.
WATCH_THINKING = f"""(word) => {{
  const seen = {THINKING};
  const watch = new MutationObserver(() => {{ if (seen(word)) watch.disconnect(); }});
  watch.observe(document.body, {{subtree: true, childList: true, characterData: true, attributes: true}});
}}"""


PHONES = [{"width": 360, "height": 640}, {"width": 640, "height": 360}]


def switch_language(page: Any, lang: str) -> None:
    """The table bar's language switcher (inside the menu on a phone)."""
    if page.locator("#btn-menu").is_visible():
        page.locator("#btn-menu").click()
    page.select_option("#lang-switch", lang)
    page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=lang)


def test_the_countdown_fits_a_phone(site, warm, watch):
    """Mine with both limits beside "Tocca a te"; the computer's beside its long "is thinking" line:
    in each language, on a phone held upright and sideways (one match, its language switched from
    the bar and the phone turned)."""
    from test_layout import check, check_screen, overlap

    page = warm(viewport=(PHONES[0]["width"], PHONES[0]["height"]))
    open_match(page, url(site, "classica", 2, seed=7, move="60", match="1200"))
    assert wait_move(page)
    for locale in LONG_TURN:  # mine, at the first move
        switch_language(page, locale[:2])
        for size in PHONES:
            page.set_viewport_size(size)
            wait_idle(page)
            assert " · " in page.locator("#clock").inner_text()
            check_clock_clear(page, f"{locale} {size} mine")
            check(page, f"{locale} {size}", size)
            check_screen(page, f"{locale} {size}")
    for locale, word in LONG_TURN.items():  # the computer's, as it thinks
        switch_language(page, locale[:2])
        for size in PHONES:
            page.set_viewport_size(size)
            for _ in range(8):  # to my lead: then the computer has to answer (and think)
                assert wait_move(page)
                wait_idle(page)
                if not trick(page):
                    break
                by_dblclick(page, first_playable(page))
            assert not trick(page), "I never led"
            page.evaluate("() => { delete window.__thinking; }")
            page.evaluate(WATCH_THINKING, word)
            by_dblclick(page, first_playable(page))
            # The boxes are taken the moment the computer's line and clock show (WATCH_THINKING).
            page.wait_for_function("() => !!window.__thinking")
            seen = page.evaluate("window.__thinking")
            assert seen["turn"] and seen["clock"]["r"] <= size["width"], seen
            for box in seen["turn"]:
                assert not overlap(seen["clock"], box), (locale, size, "the countdown covers the turn line", seen)
    assert not watch.errors, watch.errors


def test_the_last_seconds_are_warned(site, warm, watch):
    """Issue 33: a countdown the player sees from the start of his move, and in its last 5 seconds a
    warning, once a move: the countdown in red, a notice (read aloud), the clock's sound (notice.js
    asks for it; sound.js plays it when sound is on) and a vibration where the browser lets one."""
    page = warm(viewport=(360, 640), is_mobile=True, has_touch=True)
    open_match(page, url(site, "classica", 2, seed=7, move="8"))
    assert wait_move(page)
    wait_idle(page)
    page.evaluate("""() => {
      window.__sounds = []; window.__vibrated = [];
      const sound = window.briscolaSound, play = sound.play.bind(sound);
      sound.play = (name) => { if (name === 'clock') window.__sounds.push(name); return play(name); };
      const vibrate = (p) => { window.__vibrated.push(p); return true; };
      Object.defineProperty(navigator, 'vibrate', {configurable: true, value: vibrate});
    }""")
    clock = page.locator("#clock")
    assert clock.is_visible() and clock.inner_text() in ("0:08", "0:07", "0:06")
    assert "low" not in (clock.get_attribute("class") or "") and not page.evaluate("window.__sounds.length")
    wait_left(page, 5000)
    page.wait_for_selector("#toast:not([hidden])")
    assert page.locator("#toast").inner_text() == "Restano 5 secondi!"
    assert "low" in clock.get_attribute("class").split()
    assert clock.evaluate("e => getComputedStyle(e).animationName") == "clock-low"
    assert page.evaluate("window.__sounds") == ["clock"] and page.evaluate("window.__vibrated.length") == 1
    wait_left(page, 3000)
    assert page.evaluate("window.__sounds") == ["clock"]  # once a move
    # A move in time: the next move starts a fresh count, and warns again only in its own last seconds.
    # (The steps' own sounds, a card played, a trick taken, are not counted.)
    by_dblclick(page, first_playable(page))
    assert wait_move(page)
    wait_idle(page)
    assert left(page) > 5000 and "low" not in clock.get_attribute("class").split()
    wait_left(page, 4900)
    page.wait_for_function("window.__sounds.length === 2")
    assert page.evaluate("window.__vibrated.length") == 2
    assert not watch.errors, watch.errors
