"""Issue 11, row by row: impatient and careless players, a full storage, hostile links and saves.

Each test is one row of the issue's table (rows 9 and 10, the command line, are in
tests/engine/test_cli_input.py). The page must never stick, never undo a move, never show a
developer's message, never render markup from storage, and word every refusal in the player's
language.
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

import pytest
from conftest import BOOT_MS
from e2e_support import (
    MY_MOVE,
    by_dblclick,
    fill_setup,
    front,
    hand,
    open_match,
    play_out,
    start_from_setup,
    state,
    stored_save,
    trick,
    unfold,
    url,
    wait_move,
    wait_state,
)

from briscola.save import _digest, load_match

DEEP = "[" * 8000 + "]" * 8000


def saved_progress(page: Any) -> int:
    raw = page.evaluate("localStorage.getItem('briscola:match')")
    data = json.loads(json.loads(raw)["text"])
    return sum(len(d) for d in data["deals"]) + len(data["deals"])


def saved_plays(page: Any) -> list[str]:
    raw = page.evaluate("localStorage.getItem('briscola:match')")
    data = json.loads(json.loads(raw)["text"])
    return [step["play"] for step in data["deals"][-1] if isinstance(step, dict) and "play" in step]


def idle(page: Any, timeout_ms: int = 30_000) -> str:
    """Wait until the table waits for the player (or the deal is over); returns data-state."""
    page.wait_for_selector("html[data-phase=idle], html:not([data-state=playing])", state="attached",
                           timeout=timeout_ms)
    return state(page)


def center(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def toast(page: Any) -> str:
    page.wait_for_selector("#toast:not([hidden])", timeout=15_000)
    return page.inner_text("#toast")


def link(site: str, query: str) -> str:
    return f"{site}?{query}"


# A tab's table as drawn: my hand and the trick.
TABLE = """() => JSON.stringify([[...document.querySelectorAll('#my-hand .hand-card')].map((e) => e.dataset.card),
                              [...document.querySelectorAll('.trick .card[data-card]')].map((e) => e.dataset.card)])"""


def wait_same_table(tab: Any, like: Any, timeout: int = 10_000) -> None:
    """Until `tab` draws the hand and the trick `like` draws (it follows the other tab's save)."""
    want = like.evaluate(TABLE)
    tab.wait_for_function(f"(want) => ({TABLE})() === want", arg=want, timeout=timeout)


# ---------------------------------------------------------------- row 1: double clicks in flight

def test_a_second_double_click_while_the_first_card_flies(site, page, watch):
    open_match(page, link(site, "new=classica&players=2&seed=7&level=principiante&speed=veloce"))
    for _ in range(8):
        if not wait_move(page, timeout=20_000):
            break
        idle(page)
        cards = page.eval_on_selector_all(MY_MOVE, "els => els.map(e => e.dataset.card)")
        if len(cards) < 2:
            break
        before = saved_progress(page)
        first, second = cards[0], cards[1]
        # Where the player saw the second card: he taps there while the first flies (the hand may be
        # redrawn under his finger meanwhile, which is the point).
        second_at = center(page, f'#my-hand [data-card="{second}"]')
        page.mouse.dblclick(*center(page, f'#my-hand [data-card="{first}"]'))
        page.wait_for_selector("html[data-phase=busy]", state="attached")  # the first is being taken: flying
        page.mouse.dblclick(*second_at)
        assert idle(page) in ("playing", "deal-over", "match-over")  # never stuck on "thinking"
        assert saved_progress(page) > before
        plays = saved_plays(page)
        assert first in plays  # the first valid move won
        # The second is dropped while the first flies; it is played only if the table had already come
        # back to the player (the trick collected), and then after the first, as a move of its own.
        if second in plays:
            assert plays.index(second) > plays.index(first)
        if state(page) != "playing":
            break
        assert first not in hand(page)
        assert (second in hand(page)) != (second in plays)
    assert not watch.errors, watch.errors


# ---------------------------------------------------------------- row 2: a full storage

FILL = """() => {  // other sites' data up to the last few hundred characters of the quota
  let i = 0;
  for (const size of [200000, 10000, 300]) {
    const chunk = "x".repeat(size);
    try { for (;;) localStorage.setItem("other-site:" + i++, chunk); } catch (e) { i--; }
  }
  return i;
}"""


def test_a_full_storage_keeps_the_match_going(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=11))
    assert wait_move(page)
    idle(page)
    # Full to the last few hundred characters, the match's own save included (with it in place, a
    # save without the table drawn beside it would still fit: the app tries that first).
    page.evaluate("localStorage.removeItem('briscola:match')")
    page.evaluate(FILL)
    others = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('other-site:')).length")
    assert others > 0
    plays = 0
    for _ in range(4):
        assert wait_move(page)
        code = page.locator(MY_MOVE).first.get_attribute("data-card")
        page.locator(f'#my-hand [data-card="{code}"]').dblclick()
        if plays == 0:
            assert "memoria del browser è piena" in toast(page)  # said once, in words
        plays += 1
        idle(page)
        assert code not in hand(page)  # the move stays made: nothing jumps back
        assert "altra scheda" not in page.inner_text("#toast")  # a failed save is not "another tab"
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('other-site:')).length") == others
    # Room again: the next move is saved.
    page.evaluate("() => Object.keys(localStorage).filter((k) => k.startsWith('other-site:'))"
                  ".forEach((k) => localStorage.removeItem(k))")
    assert page.evaluate("localStorage.getItem('briscola:match')") is None  # nothing was saved meanwhile
    assert wait_move(page)
    code = page.locator(MY_MOVE).first.get_attribute("data-card")
    page.locator(f'#my-hand [data-card="{code}"]').dblclick()
    idle(page)
    assert code in saved_plays(page) and len(saved_plays(page)) >= 2 * plays + 1  # all, not the last alone
    assert not watch.errors, watch.errors


# ---------------------------------------------------------------- rows 3 and 14: two tabs

def test_two_tabs_play_the_same_match_without_freezing(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=13))
    assert wait_move(page)
    other = page.context.new_page()  # a second tab of the same browser (closed with the first)
    watch.attach(other)
    other.goto(site)
    wait_state(other, "playing")
    for tab in (page, other, page, other):
        assert wait_move(tab, timeout=20_000)
        idle(tab)
        code = tab.locator(MY_MOVE).first.get_attribute("data-card")
        tab.locator(f'#my-hand [data-card="{code}"]').dblclick()
        idle(tab)
        for t in (page, other):  # both tabs come to the same position, neither stuck on "thinking"
            assert wait_move(t, timeout=20_000)
        wait_same_table(other if tab is page else page, tab)
        assert hand(page) == hand(other) and trick(page) == trick(other)
    assert not watch.errors, watch.errors


def test_another_tab_saves_while_this_one_boots(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=14))
    assert wait_move(page)
    other = page.context.new_page()  # a second tab of the same browser (closed with the first)
    watch.attach(other)
    other.goto(site, wait_until="commit")
    page.locator(MY_MOVE).first.dblclick()  # this tab saves while the other one starts
    idle(page)
    wait_state(other, "playing")
    assert wait_move(other, timeout=30_000)
    wait_same_table(other, page)
    assert hand(other) == hand(page)
    assert not watch.errors, watch.errors


# ---------------------------------------------------------------- rows 4, 5, 16: links
# Every name an object has, and any other value, is vetted by boot/links.js, screens/setup.js and
# strings/lookup.js: tests/js/ tries each on those functions; here one goes through the page.

def test_a_link_with_a_style_that_does_not_exist(site, page, watch):
    style = "__proto__"  # tests/js/links.test.mjs: "a style that does not exist is the remembered one"
    open_match(page, link(site, f"new=classica&players=2&seed=7&level=principiante&speed=istantanea&style={style}"))
    assert wait_move(page)
    assert page.locator("#my-hand .hand-card svg").count() == 3  # cards drawn in a real style
    remembered = json.loads(page.evaluate("localStorage.getItem('briscola:setup')"))
    assert remembered["style"] == "napoletane"
    page.reload()
    wait_state(page, "playing")
    assert page.locator("#my-hand .hand-card svg").count() == 3
    assert not watch.errors, watch.errors


# (id, the link's query, the language the player chose (None: the browser's Italian), what the
# message says). Every refused link's words in the three languages: tests/js/strings.test.mjs
# (explain); which links are refused and with which error: tests/js/links.test.mjs (fromUrl).
REFUSED_LINKS = [
    ("no-such-game", "new=__proto__&players=2&seed=7", None, ["Impostazioni non valide", "«__proto__»"]),
    ("classica-for-nine", "new=classica&players=9&seed=7&level=esperto", "es",
     ["Ajustes no válidos — Briscola clásica se juega con 2, 3 o 4 jugadores, no con 9."]),
]


@pytest.mark.parametrize(("query", "lang", "words"), [r[1:] for r in REFUSED_LINKS],
                         ids=[r[0] for r in REFUSED_LINKS])
def test_a_link_to_a_game_that_does_not_exist(site, page, watch, query, lang, words):
    """Issue 24: a ?new= link to a game, or a number of players, that the engine does not have is
    said in the player's language over the setup screen, at once (no waiting for Python, never
    stuck loading); it never starts another game in its place, and the saved match is left as it
    was: a reload takes it up again."""
    open_match(page, url(site, "classica", 2, seed=15))
    assert wait_move(page)
    by_dblclick(page, page.locator(MY_MOVE).first.get_attribute("data-card"))
    idle(page)
    if lang:  # the language the player chose on an earlier visit (storage.js)
        page.evaluate("(code) => localStorage.setItem('briscola:lang', code)", lang)
    saved = stored_save(page)
    page.goto(link(site, query))
    wait_state(page, "setup", timeout=15_000)
    text = toast(page)
    assert all(w in text for w in words), text
    assert "?" not in page.url and page.locator("#setup #start").is_visible()
    assert stored_save(page) == saved
    page.reload()
    wait_state(page, "playing")
    assert stored_save(page) == saved
    assert not watch.errors, watch.errors


def take_the_trump(page: Any) -> None:
    """A Brisca exchange offered: take the face-up card (the panel's first button)."""
    page.locator("#panel button[data-exchange], #panel button[data-draw]").first.click()


def saved_match(page: Any) -> Any:
    return load_match(json.loads(page.evaluate("localStorage.getItem('briscola:match')"))["text"])


def test_brisca_for_three_from_a_link(site, page, watch):
    """Issue 24: ?new=brisca&players=3 starts Brisca for three (not a game for two): two other
    seats, 39 cards, a whole deal of 13 tricks played to the end, 120 points in all."""
    open_match(page, url(site, "brisca", 3, seed=4))
    assert page.locator(".seat:not(.me)").count() == 2
    assert play_out(page, [by_dblclick], panel=take_the_trump) == 13
    wait_state(page, "deal-over", "match-over")
    match = saved_match(page)
    assert (match.rules.name, match.rules.players, len(match.rules.deck)) == ("brisca", 3, 39)
    assert len(match.deal.tricks) == 13 and sum(match.deal.points) == 120
    assert not watch.errors, watch.errors


def test_brisca_for_three_from_the_setup(site, page, watch):
    """Issue 24: the setup offers 3 players for Brisca (the engine's variant data) and, as for
    classica, the 2 that leaves the deck; the match starts with that choice."""
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, variant="brisca")
    unfold(page)
    players = page.eval_on_selector_all("select[name=players] option", "os => os.map((o) => o.value)")
    assert players == ["2", "3", "4"]
    assert page.locator("select[name=removed_two]").count() == 0  # two players: no 2 leaves
    start_from_setup(page, speed="istantanea", players="3", removed_two="2D", level="principiante")
    wait_state(page, "playing")
    assert wait_move(page)
    assert page.locator(".seat:not(.me)").count() == 2 and len(hand(page)) == 3
    idle(page)
    rules = saved_match(page).rules
    assert (rules.name, rules.players, rules.removed) == ("brisca", 3, ("2D",))
    assert not watch.errors, watch.errors


def test_any_whole_number_is_a_seed(site, page, watch):
    """A seed past JavaScript's precision reaches the engine whole (as text). Which seeds the link
    takes, and which travel as numbers: tests/js/links.test.mjs; the engine's side:
    tests/engine/test_outside_data.py test_any_whole_number_is_a_seed."""
    seed = "98765432109876543210"
    open_match(page, link(site, f"new=classica&players=2&seed={seed}&level=principiante&speed=istantanea"))
    assert wait_move(page)
    idle(page)
    text = json.loads(page.evaluate("localStorage.getItem('briscola:match')"))["text"]
    assert load_match(text).seed == int(seed)
    assert not watch.errors, watch.errors


# ---------------------------------------------------------------- rows 6, 7, 8, 11, 13: storage from outside

def deep_link() -> str:
    return base64.urlsafe_b64encode(zlib.compress(DEEP.encode(), 9)).decode().rstrip("=")


def test_deep_json_in_a_record_link_is_explained(site, page, watch):
    page.goto(link(site, f"record={deep_link()}"))
    wait_state(page, "setup", timeout=15_000)
    assert "non valida" in toast(page)
    page.locator("#start").click()  # Python is alive and well
    wait_state(page, "playing")
    assert wait_move(page)
    assert not watch.errors, watch.errors


def test_deep_json_in_an_imported_record_is_explained(site, page, watch, tmp_path):
    open_match(page, url(site, "classica", 2, seed=15))
    assert play_out(page, [by_dblclick]) > 0
    page.locator("#btn-review").click()
    bad = tmp_path / "deep.json"
    bad.write_text('{"record":' + DEEP + "}")
    page.locator("#review [data-go=import]").set_input_files(str(bad))
    assert "non valida" in toast(page)
    assert not watch.errors, watch.errors


@pytest.mark.parametrize("key", ["briscola:match", "briscola:stats", "briscola:tournament", "briscola:setup"])
def test_deep_json_in_storage_is_damaged_not_fatal(site, page, watch, key):
    page.goto(site)
    wait_state(page, "setup")
    value = json.dumps({"rev": 1, "text": DEEP, "view": None}) if key == "briscola:match" else DEEP
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    page.reload()
    if key == "briscola:match":
        page.wait_for_selector("#dialog:not([hidden])", timeout=BOOT_MS)
        assert "danneggiato" in page.inner_text("#dialog").lower()
        page.locator("#dialog button.primary").click()
    wait_state(page, "setup")
    if key == "briscola:stats":
        page.locator("#btn-stats").click()
        page.wait_for_selector("#dialog:not([hidden])", timeout=BOOT_MS)
        assert "danneggiate" in page.inner_text("#dialog")
        page.keyboard.press("Escape")
    if key == "briscola:tournament":
        page.locator("#btn-tournament").click()
        page.wait_for_selector("#dialog:not([hidden])", timeout=BOOT_MS)
        assert "danneggiato" in page.inner_text("#dialog").lower()
        page.locator("#dialog button.primary").click()
        page.locator("#btn-tn-leave").click()
        wait_state(page, "setup")
    page.locator("#start").click()  # the engine still answers
    wait_state(page, "playing")
    assert wait_move(page)
    assert page.evaluate("([k]) => localStorage.getItem(k)", [key]) is not None or key == "briscola:match"
    assert not watch.errors, watch.errors


def test_remembered_setup_naming_a_game_that_does_not_exist(site, page, watch):
    variant = "__proto__"  # tests/js/setup.test.mjs: "a remembered game that does not exist is classica..."
    page.goto(site)
    wait_state(page, "setup")
    page.evaluate("(v) => localStorage.setItem('briscola:setup', JSON.stringify({variant: v, players: 9, level: 'x'}))",
                  variant)
    page.reload()
    wait_state(page, "setup")
    assert page.locator("#setup select[name=level]").input_value() == "principiante"  # the door's level: the first
    front(page, "game")
    assert page.locator("#setup select[name=variant]").input_value() == "classica"
    page.locator("#start").click()
    wait_state(page, "playing")
    assert not watch.errors, watch.errors


MARKUP = '<img src="/markup-was-rendered.png" id="injected">'


def test_markup_in_stored_values_is_never_rendered(site, page, watch):
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(site)
    wait_state(page, "setup")
    stats = {"format": "briscola-stats/1", "lines": [{"variant": MARKUP, "level": MARKUP}], "recent": [MARKUP]}
    page.evaluate("(s) => localStorage.setItem('briscola:stats', s)", json.dumps(stats))
    tour = {"saved": {"tournament": {"format": MARKUP}, "level": MARKUP}, "match": MARKUP, "fixture": MARKUP,
            "screen": False}
    page.evaluate("(s) => localStorage.setItem('briscola:tournament', s)", json.dumps(tour))
    page.reload()
    wait_state(page, "setup")
    page.locator("#btn-stats").click()
    page.wait_for_selector("#dialog:not([hidden])", timeout=BOOT_MS)
    assert page.locator("#injected").count() == 0
    page.keyboard.press("Escape")
    page.locator("#btn-tournament").click()
    page.wait_for_selector("#dialog:not([hidden])", timeout=BOOT_MS)
    assert page.locator("#injected").count() == 0
    assert not any("markup-was-rendered" in r for r in requests)
    assert not watch.errors, watch.errors


def test_a_huge_value_makes_a_short_message(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=16))
    assert wait_move(page)
    idle(page)
    stored = json.loads(page.evaluate("localStorage.getItem('briscola:match')"))
    data = json.loads(stored["text"])
    data["variant"] = "x" * 1_000_000
    stored["text"] = json.dumps(data)
    stored["view"] = None
    page.evaluate("(s) => localStorage.setItem('briscola:match', s)", json.dumps(stored))
    page.reload()
    page.wait_for_selector("#dialog:not([hidden])", timeout=BOOT_MS)
    assert len(page.inner_text("#dialog")) < 400
    assert not watch.errors, watch.errors


def test_a_remembered_language_that_does_not_exist(site, page, watch):
    value = "__proto__"  # tests/js/strings.test.mjs: "a remembered language that does not exist..."
    page.goto(site)
    wait_state(page, "setup")
    page.evaluate("(v) => localStorage.setItem('briscola:lang', v)", value)
    page.reload()
    wait_state(page, "setup")
    assert page.evaluate("document.documentElement.lang") == "it"  # this browser speaks Italian
    labels = page.eval_on_selector_all("#lang-switch option", "os => os.map(o => o.textContent)")
    assert labels == ["Italiano", "English", "Español"]
    assert not watch.errors, watch.errors


# ---------------------------------------------------------------- rows 12 and 15: damaged saves

def reseal(stored: dict[str, Any], change: Any) -> str:
    data = json.loads(stored["text"])
    change(data)
    data["digest"] = _digest(data)
    return json.dumps({**stored, "text": json.dumps(data), "view": None})


DAMAGED_WORDS = {"it": "è stata modificata", "es": "se modificó", "en": "changed"}


def test_a_damaged_save_is_explained_in_the_players_language(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=17))
    assert wait_move(page)
    idle(page)
    stored = json.loads(page.evaluate("localStorage.getItem('briscola:match')"))
    data = json.loads(stored["text"])
    data["seed"] = data["seed"] + 1  # altered by hand: the digest no longer matches
    stored["text"] = json.dumps(data)
    for lang, words in DAMAGED_WORDS.items():  # the player's language as the switchers remember it
        page.evaluate("([s, lang]) => { localStorage.setItem('briscola:match', s);"
                      " localStorage.setItem('briscola:lang', lang); }", [json.dumps(stored), lang])
        page.reload()
        page.wait_for_selector("#dialog:not([hidden])", timeout=BOOT_MS)
        assert page.evaluate("document.documentElement.lang") == lang
        text = page.inner_text("#dialog")
        assert words in text.lower() or words in text, (lang, text)
        assert "digest" not in text
        assert lang == "en" or "the saved match" not in text.lower()  # no English inside the translation
    assert not watch.errors, watch.errors


def test_a_resealed_save_with_a_bad_level_is_refused(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=18))
    assert wait_move(page)
    idle(page)
    stored = json.loads(page.evaluate("localStorage.getItem('briscola:match')"))
    page.evaluate("(s) => localStorage.setItem('briscola:match', s)",
                  reseal(stored, lambda d: d["meta"].update(level="grandmaster")))
    page.reload()
    page.wait_for_selector("#dialog:not([hidden])", timeout=BOOT_MS)
    assert "danneggiato" in page.inner_text("#dialog").lower()
    assert not watch.errors, watch.errors
