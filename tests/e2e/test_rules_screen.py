"""The rules screen (issue 13) through the real page: the setup's "Regole" button opens the rules
of the game chosen in the form, in the page's language; each game's text says what makes it that
game; a language switch re-words it; keyboard, axe-core, phones; and it needs no Python.

The page's language is the setup's choice here (one page reads all three); the browser's own
language sets it in test_it_needs_no_python (and test_a11y)."""

from __future__ import annotations

from typing import Any

from conftest import throwaway
from e2e_support import fill_setup, front, wait_state
from test_a11y import axe_check

SHOT = "/tmp/briscola-rules-{}.png"  # looked at by eye, like the other screens' shots
TOUCH = 44
PHONES = [(360, 640), (390, 844), (844, 390)]
TITLE = {"it": "Regole del gioco", "en": "Rules of the game", "es": "Reglas del juego"}
BUTTON = {"it": "Regole", "en": "Rules", "es": "Reglas"}
# The rules' sections in reading order, then how to play on this page (the same for every game).
PAGE = ["gestures", "keys", "bar", "save"]
TOPICS = {
    "classica": ["intro", "cards", "deal", "play", "draw", "win", "match", "options"],
    "brisca": ["intro", "cards", "deal", "play", "draw", "exchange", "win", "match", "options"],
    "biscambiggia": ["intro", "cards", "deal", "play", "draw", "win", "match", "options"],
    "chiamata": ["intro", "cards", "deal", "auction", "call", "play", "win", "score", "match", "options"],
}
# The rank table (RULES.md §1, §6): Biscambiggia's 7 is second and its 3 a blank.
ORDER = {"classica": ["A", "3", "K", "Q", "J", "blanks"], "brisca": ["A", "3", "K", "Q", "J", "blanks"],
         "biscambiggia": ["A", "7", "K", "Q", "J", "blanks"], "chiamata": ["A", "3", "K", "Q", "J", "blanks"]}
# What each game's text must say, by topic, in each language: its essentials.
ESSENTIALS = {
    "classica": {
        "it": {"draw": ["Chi prende per primo pesca per primo"], "deal": ["In tre si toglie un due"],
               "match": ["Partita a punti", "spareggio", "punti vittoria (PV)", "differenza punti"],
               "options": ["Vinco subito", "Carte viste", "Carte scoperte a coppie", "Mostra le carte al compagno"]},
        "en": {"draw": ["Whoever takes the trick draws first"], "match": ["play-off", "victory points (VP)"]},
        "es": {"draw": ["Quien gana la baza roba primero"], "match": ["desempate", "puntos de victoria (PV)"]},
    },
    "brisca": {
        "it": {"exchange": ["7 di briscola", "2 di briscola", "ultimo giro di pesca"], "deal": ["alza il mazzo"],
               "win": ["60 a 60 si annulla"]},
        "en": {"exchange": ["7 of trumps", "2 of trumps", "last drawing round"]},
        "es": {"exchange": ["7 de triunfo", "2 de triunfo", "última vuelta de robo"]},
    },
    "biscambiggia": {
        "it": {"cards": ["il 7 è la seconda carta", "il 3 è un liscio"], "deal": ["in sei si tolgono tutti i due"],
               "intro": ["trionfo", "pozzo"]},
        "en": {"cards": ["the 7 is the second card", "the 3 is a blank"]},
        "es": {"cards": ["el 7 es la segunda carta", "el 3 es una blanca"]},
    },
    "chiamata": {
        "it": {"auction": ["più bassa dell'ultima", "quattro su cinque hanno passato", "da 62 in su"],
               "call": ["quel seme diventa la briscola", "lo si scopre quando gioca quella carta", "chiamare in mano"],
               "win": ["il 60 a 60 va al chiamante"], "score": ["+6 / +3 / −3", "Cappotto"],
               "options": ["Carte viste"]},
        "en": {"auction": ["lower than the last", "62 or more"], "call": ["call your own card"]},
        "es": {"auction": ["más baja que la anterior", "de 62 en adelante"], "call": ["llamar una carta propia"]},
    },
}
# How to play on this page: every gesture of RULES.md §9 and the keyboard.
GESTURES = {
    "it": ["doppio clic", "segnaposto semitrasparente", "trascinala", "deselezionare"],
    "en": ["double-click", "semi-transparent placeholder", "drag it", "deselect"],
    "es": ["doble clic", "hueco semitransparente", "arrástrala", "deseleccionar"],
}
KEYS = {"it": ["Frecce", "Invio", "Esc"], "en": ["Arrow keys", "Enter", "Escape"], "es": ["Flechas", "Intro", "Esc"]}
BAR = {"it": ["Suggerimento", "Ultima presa", "Abbandona", "Nuova partita"],
       "en": ["Hint", "Last trick", "Resign", "New game"],
       "es": ["Sugerencia", "Última baza", "Abandonar", "Nueva partida"]}


# The text's box: its scroll sizes, the page's width, and anything in it wider than it.
MEASURE = """() => {
  const b = document.getElementById('rules-body'), right = b.getBoundingClientRect().right;
  const wide = [...b.querySelectorAll('*')].filter((e) => e.getBoundingClientRect().right > right + 1);
  return {sh: b.scrollHeight, ch: b.clientHeight, sw: b.scrollWidth, cw: b.clientWidth,
          page: document.documentElement.scrollWidth,
          wide: wide.map((e) => e.tagName + ' ' + e.textContent.slice(0, 20))};
}"""


def open_setup(page: Any, site: str) -> None:
    page.goto(site)
    wait_state(page, "setup")


def choose_language(page: Any, lang: str) -> None:
    """The settings' language choice (a game's options and their Regole button follow it)."""
    fill_setup(page, lang=lang)
    front(page, "game")


def open_rules(page: Any, variant: str) -> None:
    """Choose the game in a game's options, then press their Regole button."""
    fill_setup(page, variant=variant)
    page.locator("#btn-rules").click()
    page.wait_for_selector("#rules[open]")


def settle(page: Any) -> None:
    """Wait until the rules' text stops scrolling."""
    page.wait_for_function("""() => new Promise((done) => {
      const b = document.getElementById('rules-body'), at = b.scrollTop;
      setTimeout(() => done(b.scrollTop === at), 150);
    })""")


def topics(page: Any) -> list[str]:
    return page.eval_on_selector_all("#rules-body section", "els => els.map(e => e.dataset.topic)")


def section_text(page: Any, topic: str) -> str:
    return page.locator(f'#rules-body section[data-topic="{topic}"]').inner_text()


def check_game(page: Any, variant: str, lang: str) -> None:
    """The dialog shows `variant`'s rules and how to play on this page, in `lang`."""
    assert page.locator("#rules").get_attribute("data-game") == variant
    assert page.locator("#rules-variant").input_value() == variant
    assert page.locator("#rules-title").inner_text() == TITLE[lang]
    assert topics(page) == TOPICS[variant] + PAGE
    assert page.eval_on_selector_all(".rules-ranks tbody tr", "els => els.map(e => e.dataset.rank)") == ORDER[variant]
    body = page.locator("#rules-body").inner_text()
    assert "{" not in body and "**" not in body, "a label or a bold mark left unfilled"
    for topic, phrases in ESSENTIALS[variant].get(lang, {}).items():
        text = section_text(page, topic)
        for phrase in phrases:
            assert phrase in text, (variant, lang, topic, phrase)
    gestures = section_text(page, "gestures")
    for phrase in GESTURES[lang]:
        assert phrase in gestures, (lang, phrase)
    for phrase in KEYS[lang]:
        assert phrase in section_text(page, "keys"), (lang, phrase)
    for label in BAR[lang]:
        assert label in section_text(page, "bar"), (lang, label)


def test_the_button_opens_the_chosen_games_rules_in_the_pages_language(site, page, watch):
    open_setup(page, site)
    for lang in ("it", "en", "es"):
        if lang != "it":
            choose_language(page, lang)
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("#btn-rules").inner_text() == BUTTON[lang]
        for variant in ("biscambiggia", "chiamata", "brisca", "classica"):
            open_rules(page, variant)
            check_game(page, variant, lang)
            page.locator("#rules-close").click()
            page.wait_for_selector("#rules", state="detached")
        # the dialog's own choice reads the others without leaving it
        open_rules(page, "classica")
        page.locator("#rules-variant").select_option("chiamata")
        check_game(page, "chiamata", lang)
        assert page.locator("#rules-variant").evaluate("e => e === document.activeElement")
        assert page.locator("#setup select[name=variant]").input_value() == "classica"  # the form is untouched
        page.locator("#rules-close").click()
        page.wait_for_selector("#rules", state="detached")
    assert not watch.errors, watch.errors


def test_chiamata_score_table(site, page):
    """RULES.md §7's table as shown: caller / partner / each opponent, won and lost."""
    open_setup(page, site)
    open_rules(page, "chiamata")
    rows = page.eval_on_selector_all(
        ".rules-scores tbody tr", "trs => trs.map(tr => [...tr.querySelectorAll('td')].map(td => td.textContent))")
    assert rows == [["+2 / +1 / −1", "−2 / −1 / +1"], ["+4 / +2 / −2", "−4 / −2 / +2"],
                    ["+6 / +3 / −3", "−2 / −1 / +1"], ["+4 / — / −2", "−4 / — / +2"]]
    cells = page.eval_on_selector_all(".rules-ranks tbody th", "els => els.map(e => e.textContent)")
    assert cells == ["Asso", "Tre", "Re", "Cavallo", "Fante", "7, 6, 5, 4, 2"]
    page.locator("#rules-variant").select_option("biscambiggia")
    cells = page.eval_on_selector_all(".rules-ranks tbody th", "els => els.map(e => e.textContent)")
    assert cells == ["Asso", "Sette", "Re", "Donna", "Fante", "6, 5, 4, 3, 2"]
    points = page.eval_on_selector_all(".rules-ranks tbody td", "els => els.map(e => Number(e.textContent))")
    assert points == [11, 10, 4, 3, 2, 0]


def test_switching_language_rewords_it(site, page, watch):
    open_setup(page, site)
    open_rules(page, "brisca")
    check_game(page, "brisca", "it")
    # A switch while it is open (the page's briscola:language event) re-words it in place.
    page.evaluate("briscolaModule('strings/i18n.js').then((m) => m.chooseLanguage('en'))")
    page.wait_for_function("document.getElementById('rules-title').textContent === 'Rules of the game'")
    check_game(page, "brisca", "en")
    assert page.evaluate("document.activeElement.id") == "rules-body"
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules", state="detached")
    # The setup's own switch: the button and the rules follow it.
    choose_language(page, "es")
    assert page.locator("#btn-rules").inner_text() == "Reglas"
    open_rules(page, "chiamata")
    check_game(page, "chiamata", "es")
    assert not watch.errors, watch.errors


def test_keyboard(site, page):
    """Enter opens it with the text focused (arrows and Page Down scroll it), Tab reaches every
    control and stays inside, Escape closes it and focus goes back to the button."""
    open_setup(page, site)
    page.locator("#btn-rules").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules[open]")
    assert page.evaluate("document.activeElement.id") == "rules-body"
    page.keyboard.press("PageDown")
    page.wait_for_function("document.getElementById('rules-body').scrollTop > 100")
    settle(page)  # Page Down scrolls smoothly: let it end before the next keys
    seen = []
    for _ in range(6):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("document.activeElement.id || document.activeElement.dataset.jump || "
                                  "document.activeElement.tagName"))
        assert page.evaluate("!!document.activeElement.closest('#rules')"), seen
    assert {"rules-variant", "rules-body", "gestures", "rules-close"} <= set(seen), seen
    # the jump button takes the reader to how to play on this page
    page.locator("[data-jump=gestures]").focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "rules-h-gestures"
    top = page.evaluate("document.getElementById('rules-h-gestures').getBoundingClientRect().top"
                        " - document.getElementById('rules-body').getBoundingClientRect().top")
    assert 0 <= top < 40, top
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules", state="detached")
    assert page.evaluate("document.activeElement.id") == "btn-rules"
    # the close button, from the keyboard too
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules[open]")
    page.locator("#rules-close").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("#rules", state="detached")
    assert page.evaluate("document.activeElement.id") == "btn-rules"
    assert page.evaluate("document.documentElement.dataset.state") == "setup"


def test_axe(site, page):
    open_setup(page, site)
    axe_check(page, "setup with the rules button")
    open_rules(page, "classica")
    for variant in ("classica", "brisca", "biscambiggia", "chiamata"):
        page.locator("#rules-variant").select_option(variant)
        axe_check(page, f"rules of {variant}")


def test_it_reads_well_on_a_phone(site, warm, watch):
    """On phones upright and sideways, in every language: the dialog fills the phone and scrolls
    inside; the title, the game's choice and the close button stay on screen; 44 px controls;
    nothing wider than the screen. One phone page, resized and switched through them all."""
    page = warm(viewport=PHONES[0], is_mobile=True, has_touch=True)
    open_setup(page, site)
    for (w, h), lang in ((size, lang) for size in PHONES for lang in ("it", "en", "es")):
        page.set_viewport_size({"width": w, "height": h})
        choose_language(page, lang)
        for variant in ("chiamata", "brisca"):
            open_rules(page, variant)
            box = page.locator("#rules").bounding_box()
            assert box["x"] >= -1 and box["y"] >= -1 and box["x"] + box["width"] <= w + 1
            assert box["y"] + box["height"] <= h + 1
            assert box["width"] >= w - 1, "a phone's rules fill the width"
            m = page.evaluate(MEASURE)
            assert m["sh"] > m["ch"], "the text scrolls inside the dialog"
            assert m["sw"] <= m["cw"] and m["page"] <= w and not m["wide"], m
            for sel in ("#rules-variant", "#rules-close", "[data-jump]"):
                b = page.locator(sel).bounding_box()
                assert b["width"] >= TOUCH - 0.5 and b["height"] >= TOUCH - 0.5, (sel, b)
            close = page.locator("#rules-close").bounding_box()
            assert close["y"] + close["height"] <= h + 1
            page.locator("#rules-body").evaluate("b => { b.scrollTop = b.scrollHeight; }")
            assert page.locator("#rules-close").bounding_box() == close, "the close button stays put"
            assert page.locator("#rules-title").bounding_box()["y"] >= 0
            page.locator("#rules-body").evaluate("b => { b.scrollTop = 0; }")
            page.screenshot(path=SHOT.format(f"{variant}-{lang}-{w}x{h}"))
            page.locator("#rules-close").click()
            page.wait_for_selector("#rules", state="detached")
    assert not watch.errors, watch.errors


def test_it_needs_no_python(site, browser, watch):
    """The rules come from HTML and JavaScript alone: with Python's downloads refused the setup
    screen still works (issue 13), and the rules open from it, whole, in the page's language (the
    browser's: Spanish). A cold context of its own: a warm one has Python cached, where the route
    cannot refuse it."""
    ctx = throwaway(browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES"))
    page = ctx.new_page()
    watch.attach(page)
    try:
        page.route("**/pyodide/**", lambda route: route.abort())
        page.goto(site)
        page.wait_for_selector("html[data-state=setup]", state="attached")
        page.evaluate("briscolaModule('screens/rules.js').then((m) => m.openRules('brisca'))")
        page.wait_for_selector("#rules[open]")
        check_game(page, "brisca", "es")
        assert not page.evaluate("performance.getEntriesByName('briscola:engine-ready').length")
    finally:
        page.context.close()
