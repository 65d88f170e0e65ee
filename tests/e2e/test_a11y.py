"""Languages and accessibility through the real page: axe-core on every screen, the language
from the browser and from the switchers, screen-reader announcements, keyboard-only play."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import BOOT_MS, ROOT, throwaway
from e2e_support import (
    MY_MOVE,
    PLAYED,
    fill_setup,
    front,
    hand,
    leave_to_setup,
    open_match,
    state,
    unfold,
    url,
    wait_move,
    wait_state,
)

from briscola.record import loads, to_link

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BAD = ("serious", "critical")


# Whether the match's save has moved on from revision `rev` (storage.js: every answer that changes
# the match is saved, before it is animated), or the deal is over.
SAVED_AFTER = ("(rev) => JSON.parse(localStorage.getItem('briscola:match')).rev > rev"
               " || document.documentElement.dataset.state !== 'playing'")


def saved_rev(page: Any) -> int:
    return page.evaluate("JSON.parse(localStorage.getItem('briscola:match')).rev")


def axe_check(page: Any, screen: str) -> None:
    """axe-core finds no serious or critical violation on what is shown now."""
    if not AXE.exists():
        pytest.fail("axe-core is missing: run ./build.sh (npm ci installs the devDependency)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text())  # the devtools' evaluation: the page's CSP stays on
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    bad = [f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes']][:4]}"
           for v in result["violations"] if v["impact"] in BAD and not _card_index_only(v)]
    assert not bad, f"{screen}: " + "\n".join(bad)


def _card_index_only(violation: dict[str, Any]) -> bool:
    """label-content-name-mismatch on a card button whose only visible text is the face's corner
    index ("3", "A", "R"): a symbol drawn on the card, which WCAG 2.5.3 (and the ACT rule axe
    follows) exempts as text expressing non-text content; the name is the card's ("Tre di coppe").
    Judged on the element itself (a card or suit button), whatever selector axe chose for it
    (a selected card is reached as ``.selected``)."""
    return violation["id"] == "label-content-name-mismatch" and all(
        re.match(r'<button[^>]*\b(data-card="\w\w"|data-suit="\w")', n["html"]) for n in violation["nodes"])


def visible_text(page: Any) -> str:
    return page.evaluate("document.body.innerText")


def labels(page: Any) -> list[str]:
    return page.eval_on_selector_all("[aria-label]:not([hidden] *)",
                                     "els => els.map(e => e.getAttribute('aria-label'))")


def test_axe_italian_screens(site, page, watch):
    page.goto(site, wait_until="commit")
    page.wait_for_selector("#loading", state="attached")
    if state(page) == "loading":  # Python takes seconds to start: the loading screen is there to check
        axe_check(page, "loading")
    wait_state(page, "setup")
    assert page.evaluate("document.documentElement.lang") == "it"
    axe_check(page, "setup (it)")
    # the corrupt-save notice
    page.evaluate("localStorage.setItem('briscola:match', '{not json')")
    page.reload()
    wait_state(page, "setup")
    page.locator("#dialog").wait_for(state="visible")
    axe_check(page, "corrupt save")
    page.locator("#dialog button.primary").click()
    # playing, the last-trick dialog, the abandon confirmation, the end of the match
    open_match(page, url(site, "classica", 2, seed=7))
    assert wait_move(page)
    axe_check(page, "playing (it)")
    for _ in range(2):
        page.locator(MY_MOVE).first.dblclick()
        assert wait_move(page)
    page.locator("#btn-last").click()
    page.locator("#dialog").wait_for(state="visible")
    axe_check(page, "last trick")
    page.locator("#dialog button.primary").click()
    page.locator("#btn-abandon").click()
    axe_check(page, "abandon confirmation")
    page.locator("#dialog button.primary").click()
    wait_state(page, "match-over")
    page.locator("#dialog").wait_for(state="visible")
    axe_check(page, "match over")
    assert not watch.errors, watch.errors


def test_axe_chiamata_auction(site, page, watch):
    open_match(page, url(site, "chiamata", 5, seed=2))
    page.wait_for_selector("#panel [data-bid], #panel [data-pass]", timeout=60_000)
    assert page.evaluate("document.activeElement.closest('#panel') !== null"), "focus moves to the bids"
    axe_check(page, "chiamata auction")
    assert not watch.errors, watch.errors


def test_axe_brisca_exchange_and_deal_over(site, page, watch):
    open_match(page, url(site, "brisca", 2, seed=3))
    checked = False
    for _ in range(60):
        if not wait_move(page):
            break
        rev = saved_rev(page)
        if page.locator("#panel [data-exchange]").count():
            if not checked:
                axe_check(page, "brisca exchange")
                checked = True
            page.locator("#panel [data-draw]").click()
        elif page.locator(MY_MOVE).count():
            page.locator(MY_MOVE).first.dblclick()
        else:
            raise AssertionError("my turn, and neither a card nor an exchange to answer")
        page.wait_for_function(SAVED_AFTER, arg=rev)  # the engine took it
    assert checked, "no exchange offered in this deal"
    assert wait_state(page, "deal-over", "match-over") == "deal-over"  # Brisca is played to two deals
    page.locator("#dialog").wait_for(state="visible")
    axe_check(page, "deal over")
    # A language switch while the summary is open words it again, in place (issue 24).
    assert page.locator("#dialog-title").inner_text() == "Fine della smazzata"
    assert re.search(r"Hai (vinto|perso) la smazzata", page.locator("#dialog .dialog-body").inner_text())
    page.evaluate("briscolaModule('strings/i18n.js').then((m) => m.chooseLanguage('es'))")
    page.wait_for_function("document.getElementById('dialog-title').textContent === 'Fin de la ronda'")
    body = page.locator("#dialog .dialog-body").inner_text()
    assert re.search(r"(Has ganado|Has perdido) la ronda", body) and "smazzata" not in body, body
    assert page.locator("#btn-next-deal").inner_text() == "Siguiente ronda"
    assert page.locator("#btn-review").inner_text() == "Repasar la mano"
    assert page.evaluate("document.activeElement.id") == "btn-next-deal"  # the focus stays on its button
    assert not watch.errors, watch.errors


# A few strings of each language that must appear, and Italian words that must not.
# The front door, a game's options (unfolded) and the settings (issue 33).
SETUP_WORDS = {"en": ["Against the computer", "With friends", "Computer level", "Play", "Pairs tournament", "Settings"],
               "es": ["Contra el ordenador", "Con amigos", "Nivel del ordenador", "Jugar", "Torneo por parejas",
                      "Ajustes"]}
GAME_WORDS = {"en": ["Players", "Match options", "Optional rules", "The computer plays fair"],
              "es": ["Jugadores", "Opciones de la partida", "Reglas opcionales", "El ordenador juega limpio"]}
SETTINGS_WORDS = {"en": ["Language", "Animations", "One tap to play"],
                  "es": ["Idioma", "Animaciones", "Un toque para jugar"]}
TABLE_WORDS = {"en": ["Last trick", "New game", "Resign"], "es": ["Última baza", "Nueva partida", "Abandonar"]}
ITALIAN = ["Giocatori", "Livello", "Gioca", "Regole", "Carte", "Ultima presa", "Abbandona", "Tocca a te", "Partita"]
CARD = {"en": r"^(Ace|Two|Three|Four|Five|Six|Seven|Knave|Knight|King) of (Coins|Cups|Clubs|Swords)$",
        "es": r"^(As|Dos|Tres|Cuatro|Cinco|Seis|Siete|Sota|Caballo|Rey) de (oros|copas|bastos|espadas)$"}


def no_italian(text: str) -> None:
    left = [w for w in ITALIAN if re.search(rf"\b{w}\b", text)]
    assert not left, (left, text)


@pytest.fixture
def browser_language(browser: Any, watch: Any, request: Any) -> Iterator[Any]:
    """A page in a cold context of the browser language `request.param`. Cold: a browser language
    is the point of its test alone (the others switch the page's language from the setup or the
    bar, in the warm Italian contexts), so warming a context for it would cost more than it saves."""
    ctx = throwaway(browser.new_context(viewport={"width": 1280, "height": 800}, locale=request.param))
    page = ctx.new_page()
    watch.attach(page)
    yield page
    ctx.close()


@pytest.mark.parametrize("browser_language", ["en-US", "es-ES"], indirect=True)
def test_language_follows_the_browser(site, browser_language, watch):
    page = browser_language
    lang = page.evaluate("navigator.language")[:2]
    page.goto(site)
    wait_state(page, "setup")
    assert page.evaluate("document.documentElement.lang") == lang
    text = visible_text(page)
    for word in SETUP_WORDS[lang]:
        assert word in text, (word, text)
    no_italian(text)
    axe_check(page, f"setup ({lang})")
    for screen, words in (("game", GAME_WORDS), ("settings", SETTINGS_WORDS)):
        front(page, screen)
        if screen == "game":
            unfold(page)
        text = visible_text(page)
        for word in words[lang]:
            assert word in text, (screen, word, text)
        no_italian(text)
        axe_check(page, f"{screen} ({lang})")
    fill_setup(page, speed="istantanea")
    front(page, "setup")
    page.locator("#start").click()  # the front door's one tap
    wait_state(page, "playing")
    assert wait_move(page)
    text = visible_text(page)
    for word in TABLE_WORDS[lang]:
        assert word in text, (word, text)
    no_italian(text + " ".join(labels(page)))
    for name in page.eval_on_selector_all("#my-hand .hand-card", "els => els.map(e => e.getAttribute('aria-label'))"):
        assert re.match(CARD[lang], name), name
    axe_check(page, f"playing ({lang})")
    page.screenshot(path=f"/tmp/briscola-table-{lang}.png")
    leave_to_setup(page)
    wait_state(page, "setup")
    page.screenshot(path=f"/tmp/briscola-setup-{lang}.png")
    assert not watch.errors, watch.errors


@pytest.mark.parametrize("browser_language", ["fr-FR"], indirect=True)
def test_other_browser_languages_get_italian(site, browser_language):
    page = browser_language
    page.goto(site)
    wait_state(page, "setup")
    assert page.evaluate("document.documentElement.lang") == "it"
    assert "Contro il computer" in visible_text(page)
    front(page, "game")
    assert "Il computer gioca pulito" in page.inner_text("#fair-play")  # said under the computer's level


def test_language_switchers(site, page, watch):
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, lang="en")  # the settings' own choice
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.evaluate("localStorage.getItem('briscola:lang')") == "en"
    text = visible_text(page)
    assert "Settings" in text and "Animations" in text
    no_italian(text)
    page.reload()  # remembered
    wait_state(page, "setup")
    text = visible_text(page)
    assert page.evaluate("document.documentElement.lang") == "en" and "Against the computer" in text
    no_italian(text)
    # from the table's bar, mid-match
    open_match(page, url(site, "classica", 2, seed=7))
    assert wait_move(page)
    page.select_option("#lang-switch", "es")
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.evaluate("localStorage.getItem('briscola:lang')") == "es"
    text = visible_text(page)
    assert "Abandonar" in text and "Última baza" in text, text
    for name in page.eval_on_selector_all("#my-hand .hand-card", "els => els.map(e => e.getAttribute('aria-label'))"):
        assert re.match(CARD["es"], name), name
    assert not watch.errors, watch.errors


def test_announcements(site, page, watch):
    open_match(page, url(site, "classica", 2, seed=7))
    assert wait_move(page)
    assert page.get_attribute("#announce", "aria-live") == "polite"
    assert page.get_attribute("#turn", "aria-live") == "polite"
    assert page.locator("#turn").inner_text() == "Tocca a te"
    code = page.locator(MY_MOVE).first.get_attribute("data-card")
    name = page.locator(f'#my-hand [data-card="{code}"]').get_attribute("aria-label")
    page.locator(f'#my-hand [data-card="{code}"]').dblclick()
    assert wait_move(page)
    said = page.locator("#announce").inner_text()
    assert re.search(rf"Hai giocato (il |l'){re.escape(name)}", said), said  # with its article
    assert re.search(r"Giulia gioca (il |l')\w+ di \w+", said), said  # the computer's seat 2, by name
    assert re.search(r"(Prendi tu la presa|Giulia prende la presa): \d+ punti", said), said
    assert not watch.errors, watch.errors


def focused(page: Any) -> dict[str, str | None]:
    return page.evaluate("""() => { const e = document.activeElement;
        return {id: e.id, card: e.dataset.card || null, playable: e.dataset.playable || null, tag: e.tagName}; }""")


def test_keyboard_only_deal(site, page, watch):
    """A whole 2-player deal with Tab, arrows and Enter only, then a new game from the keyboard."""
    open_match(page, url(site, "classica", 2, seed=11))
    plays = 0
    while wait_move(page):
        for _ in range(20):  # Tab onto a card of the hand (from wherever focus is)
            page.keyboard.press("Tab")
            if focused(page)["card"]:
                break
        else:
            raise AssertionError(f"Tab never reached the hand: {focused(page)}")
        for _ in range(4):  # arrows to a playable card
            if focused(page)["playable"] == "true":
                break
            page.keyboard.press("ArrowRight")
        card = focused(page)["card"]
        assert page.locator(f'#my-hand [data-card="{card}"]').get_attribute("aria-pressed") == "true"
        page.keyboard.press("Enter")
        page.wait_for_function(PLAYED, arg=card)
        assert card not in hand(page)
        plays += 1
    assert plays == 20 and state(page) == "match-over"
    assert focused(page)["id"] == "btn-summary-new", "focus moves into the dialog"
    page.keyboard.press("Tab")
    assert focused(page)["id"] == "btn-review", "Tab stays inside the dialog (its first button: Rivedi la smazzata)"
    page.keyboard.press("Tab")
    assert focused(page)["id"] == "btn-replay", "then Rigioca la smazzata"
    page.keyboard.press("Tab")
    assert focused(page)["id"] == "btn-rematch", "then Rivincita"
    page.keyboard.press("Tab")
    assert focused(page)["id"] == "btn-summary-new", "Tab stays inside the dialog"
    page.keyboard.press("Enter")
    wait_state(page, "setup")
    for _ in range(40):
        if focused(page)["id"] == "start":
            break
        page.keyboard.press("Tab")
    assert focused(page)["id"] == "start"
    page.keyboard.press("Enter")
    wait_state(page, "playing", timeout=BOOT_MS)
    assert not watch.errors, watch.errors


def test_an_enter_meant_for_the_table_does_not_press_a_new_dialog(site, page, watch):
    """An impatient keyboard player presses Enter twice on the last card: the second Enter lands on
    the summary that has just opened and must not press "Nuova partita" (CI saw the setup replace
    an unseen summary). After a Tab, or once the dialog has been up a moment, Enter is his again.
    The same for a double tap whose second tap lands on the dialog."""
    open_match(page, url(site, "classica", 2, seed=11))
    show = """async () => {
        const { showDialog } = await briscolaModule('screens/dialogs.js');
        window.pressed = 0;
        showDialog("Prova", ["riga"], [{ label: "Premi", primary: true, id: "btn-probe",
                                         action: () => { window.pressed += 1; } }]);
        window.shownAt = performance.now();
    }"""
    page.evaluate(show)
    assert page.evaluate("document.activeElement.id") == "btn-probe"
    page.keyboard.press("Enter")
    page.keyboard.press(" ")
    assert page.evaluate("window.pressed") == 0, "a key in the dialog's first moment pressed its button"
    page.evaluate(show)
    page.keyboard.press("Tab")  # the player moves among the buttons: his Enter counts at once
    page.keyboard.press("Enter")
    assert page.evaluate("window.pressed") == 1
    page.evaluate(show)
    # the dialog's first moment is a time (dialogs.js, GRACE_MS = 600): wait until it has passed
    page.wait_for_function("performance.now() - window.shownAt > 650")
    page.keyboard.press("Enter")
    assert page.evaluate("window.pressed") == 1
    # a double tap's second tap (click count 2) as the dialog opens under it: not an answer;
    # a first tap is, at once
    page.evaluate(show)
    box = page.locator("#btn-probe").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down(click_count=2)  # the second tap alone: the first one landed on the table
    page.mouse.up(click_count=2)
    assert page.evaluate("window.pressed") == 0, "the second tap of a double tap pressed the button"
    page.mouse.click(x, y)
    assert page.evaluate("window.pressed") == 1
    assert not watch.errors, watch.errors


# The animations running when my card shows in the trick (animate.js flies it in from the hand at
# once: the first frame after it is drawn still sees the flight).
MOVING = """(code) => document.querySelector(`.trick [data-card="${code}"]`)
  ? [document.getAnimations().length] : null"""


def test_reduced_motion(site, page, watch):
    """prefers-reduced-motion: reduce turns card movements and transitions off (normal speed); the
    page follows the preference as it changes (anim.js reads the media query at each movement)."""
    page.goto(f"{site}?new=classica&players=2&seed=7&level=principiante")  # default speed: normale
    wait_state(page, "playing")
    for motion in ("reduce", "no-preference"):
        page.emulate_media(reduced_motion=motion)
        assert wait_move(page)
        page.wait_for_selector("html[data-phase=idle]", state="attached")  # the last trick's movements over
        transition = page.evaluate("getComputedStyle(document.querySelector('#my-hand .hand-card')).transitionDuration")
        code = page.locator(MY_MOVE).first.get_attribute("data-card")
        page.locator(f'#my-hand [data-card="{code}"]').dblclick()
        moving = page.wait_for_function(MOVING, arg=code, polling="raf").json_value()[0]
        if motion == "reduce":
            assert transition == "0s" and moving == 0, (motion, transition, moving)
        else:
            assert transition != "0s" and moving > 0, (motion, transition, moving)  # the check can fail
    assert not watch.errors, watch.errors


def test_review_over_a_match_is_modal(site, page, watch):
    """A shared deal's replay opened over a match in play: Tab stays inside the replay, the arrow
    keys step the replay (not the hand underneath), and Escape gives the table back."""
    open_match(page, url(site, "classica", 2, seed=11))
    page.wait_for_selector(MY_MOVE)
    record = loads((ROOT / "tests" / "engine" / "fixtures" / "classica-2.json").read_text())
    page.goto(f"{site}?record={to_link(record)}")
    page.wait_for_selector("#review:not([hidden])", timeout=BOOT_MS)
    # The match resumed underneath; while the replay is open the hand takes no move (none shows playable).
    page.wait_for_selector("html[data-phase=idle] #my-hand .hand-card", state="attached")
    assert page.locator(MY_MOVE).count() == 0
    for _ in range(16):
        page.keyboard.press("Tab")
        assert page.evaluate("document.getElementById('review').contains(document.activeElement)"), focused(page)
    for _ in range(14):
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("document.getElementById('review').contains(document.activeElement)"), focused(page)
    page.locator("[data-go=next]").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#review", "data-step") == "2"
    assert page.locator('#my-hand [aria-pressed="true"]').count() == 0, "the hand under the replay did not move"
    page.keyboard.press("Escape")
    page.wait_for_selector("#review", state="hidden")
    page.wait_for_selector(MY_MOVE)  # the table is the player's again
    page.keyboard.press("ArrowRight")
    assert page.locator('#my-hand [aria-pressed="true"]').count() == 1, "the hand answers the keys again"
    assert not watch.errors, watch.errors
