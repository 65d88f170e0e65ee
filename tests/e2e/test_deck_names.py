"""Card names follow the deck and the language; each game opens on its own deck; the deck gallery
(issue 24), through the real page.

A hand card's accessible name, the trump line and a hint say the card in the words of the deck in
play (French suits for Genovesi, Toscane, Francesi); Brisca opens on the Spanish deck and
Biscambiggia on the Genoese until the player picks a deck, then his deck is kept; the draw for
seats shows the deck in play; the gallery shows every style's 40 faces and chooses one."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from e2e_support import fill_setup, front, leave_to_setup, open_match, start_from_setup, url, wait_move, wait_state
from test_a11y import axe_check

RANKS = {"it": "Asso|Due|Tre|Quattro|Cinque|Sei|Sette", "en": "Ace|Two|Three|Four|Five|Six|Seven",
         "es": "As|Dos|Tres|Cuatro|Cinco|Seis|Siete"}
FRENCH = {"it": (RANKS["it"] + "|Fante|Donna|Re", "di", "quadri|cuori|fiori|picche"),
          "en": (RANKS["en"] + "|Jack|Queen|King", "of", "Diamonds|Hearts|Clubs|Spades"),
          "es": (RANKS["es"] + "|Jota|Reina|Rey", "de", "diamantes|corazones|tréboles|picas")}
ITALIAN = {"it": (RANKS["it"] + "|Fante|Cavallo|Re", "di", "denari|coppe|bastoni|spade"),
           "en": (RANKS["en"] + "|Knave|Knight|King", "of", "Coins|Cups|Clubs|Swords"),
           "es": (RANKS["es"] + "|Sota|Caballo|Rey", "de", "oros|copas|bastos|espadas")}
TRUMP = {"it": "Briscola: ", "en": "Trump card: ", "es": "Triunfo: "}
PLAYED = {"it": "Hai giocato ", "en": "You played ", "es": "Has jugado "}
HINT = {"it": "Il Campione giocherebbe ", "en": "The Champion would play ", "es": "El Campeón jugaría "}
ARTICLE = {"it": r"^(l'|il |la )", "en": r"^the ", "es": r"^(el |la )"}  # the hint names its card with it

# Whether every face under `sel` is drawn by `style` (the style module's own markup).
SAME_FACES = """async ([sel, style]) => {
  const { cardFace, loadDeck } = await briscolaModule('decks/cards.js');
  await loadDeck(style);  // the page's own copy of the registry: loaded already, as the table is drawn with it
  const norm = (markup) => { const t = document.createElement('div'); t.innerHTML = markup; return t.innerHTML; };
  const cards = [...document.querySelectorAll(sel)].filter((c) => c.querySelector('svg.face'));
  const same = (c) => c.querySelector('svg.face').outerHTML === norm(cardFace(c.dataset.card, style));
  return cards.length > 0 && cards.every(same);
}"""


def card_name(words: tuple[str, str, str]) -> re.Pattern[str]:
    ranks, of, suits = words
    return re.compile(rf"^({ranks}) {of} ({suits})$")


def speak(page: Any, site: str, lang: str) -> None:
    """The player's language, chosen in the settings (remembered); the settings stay on screen."""
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, lang=lang)


def hand_names(page: Any) -> list[str]:
    return page.eval_on_selector_all("#my-hand .hand-card", "els => els.map(e => e.getAttribute('aria-label'))")


def faces(page: Any, site: str, sel: str, style: str) -> bool:
    return page.evaluate(SAME_FACES, [sel, style])


def the(lang: str, name: str) -> str:
    """A card's name with its article, as a native speaker says it ("l'Asso", "la Donna", "la Jota")."""
    first = name.split()[0]
    if lang == "en":
        return f"the {name}"
    if lang == "es":
        return f"{'la' if first in ('Jota', 'Reina', 'Sota') else 'el'} {name}"
    return "l'" + name if first == "Asso" else f"{'la' if first == 'Donna' else 'il'} {name}"


def prefs(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate("localStorage.getItem('briscola:setup')"))


@pytest.mark.parametrize("lang", ["it", "en", "es"])
def test_genoese_cards_are_named_with_french_suits(site: str, page: Any, watch: Any, lang: str) -> None:
    speak(page, site, lang)
    open_match(page, url(site, "classica", 2, seed=7, style="genovesi"))
    assert wait_move(page)
    names = hand_names(page)
    assert len(names) == 3 and all(card_name(FRENCH[lang]).match(n) for n in names), names
    trump = " ".join(page.locator(".trump-suit").inner_text().split())  # the card's name on a line of its own
    assert trump.startswith(TRUMP[lang]) and card_name(FRENCH[lang]).match(trump.removeprefix(TRUMP[lang])), trump
    page.locator("#btn-hint").click()
    page.wait_for_selector("#toast[data-hint]:not([hidden])", timeout=60_000)
    text = page.inner_text("#toast")
    said = text.removeprefix(HINT[lang]).split(":")[0]
    card = re.sub(ARTICLE[lang], "", said)
    assert text.startswith(HINT[lang]) and card_name(FRENCH[lang]).match(card) and said == the(lang, card), text
    hinted = page.get_attribute("#toast", "data-hint")
    assert card == page.locator(f'#my-hand [data-card="{hinted}"]').get_attribute("aria-label")
    page.locator(f'#my-hand [data-card="{hinted}"]').dblclick()  # said aloud with its article
    assert wait_move(page)
    assert PLAYED[lang] + the(lang, card) in page.locator("#announce").inner_text()
    assert not watch.errors, watch.errors


@pytest.mark.parametrize(("lang", "style"), [("es", "spagnole"), ("it", "napoletane"), ("en", "spagnole")])
def test_italian_and_spanish_suited_cards_keep_their_words(site: str, page: Any, watch: Any, lang: str,
                                                           style: str) -> None:
    speak(page, site, lang)
    open_match(page, url(site, "classica", 2, seed=7, style=style))
    assert wait_move(page)
    names = hand_names(page)
    assert len(names) == 3 and all(card_name(ITALIAN[lang]).match(n) for n in names), names
    trump = " ".join(page.locator(".trump-suit").inner_text().split())
    assert card_name(ITALIAN[lang]).match(trump.removeprefix(TRUMP[lang])), trump
    assert not watch.errors, watch.errors


def test_each_game_opens_on_its_own_deck_until_the_player_picks_one(site: str, page: Any, watch: Any) -> None:
    page.goto(site)
    wait_state(page, "setup")
    deck = page.locator("#setup select[name=style]")

    def game_then_deck(variant: str) -> None:  # the game in a game's options, the deck in the settings
        fill_setup(page, variant=variant)
        front(page, "settings")

    for variant, style in [("brisca", "spagnole"), ("biscambiggia", "genovesi"), ("chiamata", "napoletane"),
                           ("classica", "napoletane"), ("brisca", "spagnole")]:
        game_then_deck(variant)
        # The first choice, "the game's own" (issue 24), names that game's deck.
        assert deck.input_value() == "game" and deck.get_attribute("data-deck") == style, variant
        assert style.capitalize() in deck.locator("option:checked").inner_text(), variant
    start_from_setup(page, speed="istantanea")  # Brisca from a game's options: the Spanish faces
    wait_state(page, "playing")
    assert wait_move(page)
    assert page.evaluate("document.documentElement.dataset.style") == "spagnole"
    assert faces(page, site, "#my-hand .hand-card", "spagnole")
    # A link to another game, without a deck: that game's own deck (Genoese faces, French names).
    open_match(page, url(site, "biscambiggia", 2, seed=3))
    assert wait_move(page)
    assert faces(page, site, "#my-hand .hand-card", "genovesi")
    assert all(card_name(FRENCH["it"]).match(n) for n in hand_names(page))
    # The player picks a deck: it stays his over a change of game, on the form and at the table.
    leave_to_setup(page)
    wait_state(page, "setup")
    fill_setup(page, style="siciliane")
    assert prefs(page)["style_chosen"] is True
    for variant in ["brisca", "biscambiggia", "classica"]:
        game_then_deck(variant)
        assert deck.input_value() == "siciliane", variant
    open_match(page, url(site, "brisca", 2, seed=3))
    assert wait_move(page)
    assert faces(page, site, "#my-hand .hand-card", "siciliane")
    # A link's deck still wins, and becomes his.
    open_match(page, url(site, "brisca", 2, seed=3, style="toscane"))
    assert wait_move(page)
    assert faces(page, site, "#my-hand .hand-card", "toscane")
    assert prefs(page)["style"] == "toscane"
    # The way back (issue 24): "the game's own" undoes the pick, Brisca is on the Spanish deck again.
    leave_to_setup(page)
    wait_state(page, "setup")
    fill_setup(page, style="game")
    assert prefs(page)["style_chosen"] is False and deck.get_attribute("data-deck") == "napoletane"  # classica's
    game_then_deck("brisca")
    assert deck.input_value() == "game" and deck.get_attribute("data-deck") == "spagnole"
    open_match(page, url(site, "brisca", 2, seed=3))
    assert wait_move(page)
    assert faces(page, site, "#my-hand .hand-card", "spagnole")
    assert not watch.errors, watch.errors


@pytest.mark.parametrize(("pick", "style", "words"),
                         [(None, "spagnole", ITALIAN["it"]), ("genovesi", "genovesi", FRENCH["it"])])
def test_the_draw_for_seats_shows_the_deck_in_play(site: str, page: Any, watch: Any, pick: str | None, style: str,
                                                   words: tuple[str, str, str]) -> None:
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, variant="brisca", players="4", draw=True, **({"style": pick} if pick else {}))
    page.goto(url(site, "brisca", 4, seed=7).replace("speed=istantanea", "speed=lenta"))
    page.locator("#draw-show").wait_for(timeout=60_000)
    assert faces(page, site, "#draw-show [data-card]", style)
    labels = page.eval_on_selector_all("#draw-show [data-card]", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(card_name(words).match(x.removesuffix(" (spareggio)")) for x in labels), labels
    assert not watch.errors, watch.errors


def test_the_gallery_shows_every_deck_and_chooses_one(site: str, warm: Any, watch: Any) -> None:
    page = warm(viewport=(360, 640), is_mobile=True, has_touch=True)
    page.goto(site)
    wait_state(page, "setup")
    form = page.locator("#setup")
    fill_setup(page, variant="biscambiggia")
    front(page, "settings")  # the deck choice and its gallery
    button = page.locator("#btn-gallery")
    button.scroll_into_view_if_needed()
    assert button.bounding_box()["height"] >= 44
    page.screenshot(path="/tmp/briscola-setup-gallery-button.png")
    button.click()
    box = page.locator("#gallery")
    box.wait_for()
    # It opens on the deck of the form, its 40 faces named in that deck's words.
    assert box.get_attribute("data-style") == "genovesi"
    assert page.locator("#gallery-name").inner_text().startswith("Genovesi")
    labels = page.eval_on_selector_all("#gallery .gallery-card", "els => els.map(e => e.getAttribute('aria-label'))")
    assert len(labels) == 40 and len(set(labels)) == 40 and all(card_name(FRENCH["it"]).match(x) for x in labels)
    assert faces(page, site, "#gallery .gallery-card", "genovesi")
    assert page.locator("#gallery .gallery-in-use").is_visible()  # the deck the form has: nothing to choose
    assert not page.locator("#gallery-choose").is_visible()
    # On a phone: within the screen, the faces scroll, the buttons are big enough for a finger.
    rect = box.bounding_box()
    assert rect["width"] <= 360 and rect["height"] <= 640, rect
    grid = page.locator("#gallery-cards").evaluate("g => [g.scrollHeight, g.clientHeight]")
    assert grid[0] > grid[1], grid
    for sel in ["#gallery-prev", "#gallery-next", "#gallery-close"]:
        b = page.locator(sel).bounding_box()
        assert b["width"] >= 44 and b["height"] >= 44, (sel, b)
    page.screenshot(path="/tmp/briscola-gallery-genovesi.png")
    axe_check(page, "the deck gallery")
    # The keyboard leafs through the decks (the focus on the arrows), wrapping round.
    page.keyboard.press("ArrowRight")
    assert box.get_attribute("data-style") == "spagnole"
    assert page.locator("#gallery-choose").is_visible() and not page.locator("#gallery .gallery-in-use").is_visible()
    assert page.locator("#gallery-name").inner_text().startswith("Spagnole")
    assert all(card_name(ITALIAN["it"]).match(x) for x in
               page.eval_on_selector_all("#gallery .gallery-card", "els => els.map(e => e.getAttribute('aria-label'))"))
    assert page.evaluate("document.activeElement.id") == "gallery-next"
    page.locator("#gallery-prev").click()
    page.locator("#gallery-prev").click()
    assert box.get_attribute("data-style") == "francesi"
    page.keyboard.press("ArrowLeft")
    assert box.get_attribute("data-style") == "bergamasche"
    assert faces(page, site, "#gallery .gallery-card", "bergamasche")
    page.locator("#gallery-cards").evaluate("g => g.scrollTop = g.scrollHeight")
    page.screenshot(path="/tmp/briscola-gallery-bergamasche.png")
    # Escape closes it without a choice; "Gioca con questo mazzo" chooses the deck shown.
    page.keyboard.press("Escape")
    box.wait_for(state="detached")
    assert form.locator("select[name=style]").input_value() == "game"  # still the game's own: Genoese
    page.locator("#btn-gallery").click()
    for _ in range(3):  # francesi, bergamasche, toscane
        page.keyboard.press("ArrowLeft")
    assert box.get_attribute("data-style") == "toscane"
    page.locator("#gallery-choose").click()
    box.wait_for(state="detached")
    page.wait_for_function("document.activeElement?.id === 'btn-gallery'")  # back on the (redrawn) form's button
    assert form.locator("select[name=style]").input_value() == "toscane"
    assert prefs(page)["style"] == "toscane" and prefs(page)["style_chosen"] is True
    fill_setup(page, variant="brisca")  # kept over a change of game
    front(page, "settings")
    assert form.locator("select[name=style]").input_value() == "toscane"
    assert not watch.errors, watch.errors


def test_the_gallery_speaks_the_language(site: str, page: Any, watch: Any) -> None:
    speak(page, site, "es")
    page.locator("#btn-gallery").click()
    box = page.locator("#gallery")
    box.wait_for()
    assert page.locator("#gallery-title").inner_text() == "Las barajas"
    assert page.locator("#gallery-name").inner_text().startswith("Napolitanas")
    assert page.locator("#gallery-next").get_attribute("aria-label") == "Baraja siguiente"
    page.locator("#gallery-next").click()
    page.locator("#gallery-next").click()
    page.locator("#gallery-next").click()
    assert box.get_attribute("data-style") == "toscane"
    assert page.locator('#gallery [data-card="QC"]').get_attribute("aria-label") == "Reina de corazones"
    assert page.locator("#gallery-choose").inner_text() == "Jugar con esta baraja"
    page.locator("#gallery-close").click()
    box.wait_for(state="detached")
    assert not watch.errors, watch.errors
