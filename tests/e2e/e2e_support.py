"""Playing through the real page, as a person would: every RULES.md §9 gesture."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from typing import Any

from conftest import BOOT_MS
from playwright.sync_api import Error as PlaywrightError

CODE = re.compile(r"^[A234567JQK][DCBS]$")
MY_MOVE = "#my-hand [data-playable=true]"
WAIT_MOVE = f"html:not([data-state=playing]), {MY_MOVE}, #panel button"
# The card `code` has left my hand, or the deal is over.
PLAYED = ("(code) => !document.querySelector(`#my-hand [data-card=\"${code}\"]`)"
          " || document.documentElement.dataset.state !== 'playing'")


def url(base: str, variant: str, players: int, seed: int, level: str = "principiante", **more: str) -> str:
    extra = "".join(f"&{k}={v}" for k, v in more.items())
    return f"{base}?new={variant}&players={players}&seed={seed}&level={level}&speed=istantanea{extra}"


def state(page: Any) -> str:
    """<html data-state> (UI-CONTRACT.md), except "tournament" for the tournament screen, which
    the contract counts as "setup" (data-screen tells them apart)."""
    return page.evaluate("document.documentElement.dataset.screen === 'tournament' ? 'tournament'"
                         " : document.documentElement.dataset.state")


def wait_state(page: Any, *states: str, timeout: int = BOOT_MS) -> str:
    sel = [f"html[data-state={s}]" if s != "tournament" else "html[data-screen=tournament]" for s in states]
    if "setup" in states:  # the contract's setup, not the tournament screen
        sel[states.index("setup")] = "html[data-state=setup]:not([data-screen=tournament])"
    page.wait_for_selector(", ".join(sel), state="attached", timeout=timeout)
    return state(page)


def open_match(page: Any, address: str) -> None:
    page.goto(address)
    wait_state(page, "playing")


def page_modules(page: Any, site: str) -> None:
    """``page`` on the site's first screen, where ``await briscolaModule(name)`` is the page's own
    module (static/boot/modules.js: the built site bundles them, none is at its source's path)."""
    page.goto(site)
    page.wait_for_function("typeof window.briscolaModule === 'function'")


# The saved match as the engine wrote it: its revision and save text. (The record also keeps the
# engine's answers to the player's next moves, added a moment into his turn: briscola/ahead.py.)
STORED_SAVE = """() => { const raw = localStorage.getItem('briscola:match');
  try { const r = JSON.parse(raw); return r && typeof r === 'object' ? [r.rev, r.text] : raw; }
  catch { return raw; } }"""


def stored_save(page: Any) -> Any:
    """The stored match's [revision, save text] (the raw text when it is no record), for "untouched"."""
    return page.evaluate(STORED_SAVE)


def hand(page: Any) -> list[str]:
    return page.eval_on_selector_all("#my-hand .hand-card", "els => els.map(e => e.dataset.card)")


def trick(page: Any) -> list[str]:
    return page.eval_on_selector_all(".trick .card[data-card]", "els => els.map(e => e.dataset.card)")


def wait_move(page: Any, timeout: int = 60_000) -> bool:
    """Wait until it is my move (True) or the deal/match is over (False)."""
    page.wait_for_selector(WAIT_MOVE, state="attached", timeout=timeout)
    return state(page) == "playing"


def check_hand_contract(page: Any) -> None:
    """Hand cards are buttons with a card code and an Italian accessible name in the words of the
    deck in play (French suits for the French-suited decks); codes are unique."""
    info = page.eval_on_selector_all(
        "#my-hand .hand-card",
        "els => els.map(e => [e.tagName, e.dataset.card, e.getAttribute('aria-label'), e.dataset.playable])")
    french = page.evaluate("document.documentElement.dataset.style") in ("toscane", "genovesi", "francesi")
    courts, suits = (("Fante|Donna|Re", "quadri|cuori|fiori|picche") if french
                     else ("Fante|Cavallo|Re", "denari|coppe|bastoni|spade"))
    for tag, code, name, playable in info:
        assert tag == "BUTTON" and CODE.match(code), (tag, code)
        assert re.match(rf"^(Asso|Due|Tre|Quattro|Cinque|Sei|Sette|{courts}) di ({suits})$", name), name
        assert playable in ("true", "false")
    for code in page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)"):
        assert CODE.match(code), code


def first_playable(page: Any) -> str:
    return page.locator(MY_MOVE).first.get_attribute("data-card")


def by_dblclick(page: Any, code: str) -> None:
    page.locator(f'#my-hand [data-card="{code}"]').dblclick()


def by_placeholder(page: Any, code: str) -> None:
    page.locator(f'#my-hand [data-card="{code}"]').click()
    assert page.locator(f'#my-hand [data-card="{code}"]').get_attribute("aria-pressed") == "true"
    page.locator("[data-role=placeholder]").click()


def by_drag(page: Any, code: str) -> None:
    card = page.locator(f'#my-hand [data-card="{code}"]').bounding_box()
    page.locator(f'#my-hand [data-card="{code}"]').click()  # select: the placeholder appears
    page.locator(f'#my-hand [data-card="{code}"]').click()  # deselect: it goes again
    assert page.locator("[data-role=placeholder]").count() == 0
    x, y = card["x"] + card["width"] / 2, card["y"] + card["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 5, y - 15, steps=3)
    target = page.locator("[data-role=placeholder]").bounding_box()
    page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=6)
    page.mouse.up()


def by_keyboard(page: Any, code: str) -> None:
    index = hand(page).index(code) + 1
    if index == 1 and len(hand(page)) > 1:  # reach it with the arrows, the other way with digits
        page.keyboard.press("2")
        page.keyboard.press("ArrowLeft")
    else:
        page.keyboard.press(str(index))
    assert page.locator(f'#my-hand [data-card="{code}"]').get_attribute("aria-pressed") == "true"
    page.keyboard.press("Enter")


def play_out(page: Any, gestures: list[Callable[[Any, str], None]], panel: Callable[[Any], None] | None = None,
             limit: int = 200) -> int:
    """Play my cards with the gestures in turn until the deal is over; returns my number of plays."""
    plays = 0
    for _ in range(limit):
        if not wait_move(page):
            return plays
        if page.locator(MY_MOVE).count() == 0:
            assert panel is not None, "a decision panel appeared and the test has no answer for it"
            panel(page)
            continue
        check_hand_contract(page)
        before = len(hand(page))
        code = first_playable(page)
        gestures[plays % len(gestures)](page, code)
        plays += 1
        with contextlib.suppress(PlaywrightError):  # not in time: the assert below says which card
            page.wait_for_function(PLAYED, arg=code, timeout=10_000)
        assert code not in hand(page), f"{code} was not played ({before} cards in hand)"
    raise AssertionError("the deal did not end")


def leave_to_setup(page: Any) -> None:
    """"Nuova partita" from the table's bar (inside the menu on a phone); a match in progress asks
    first, and the answer is yes."""
    if page.locator("#btn-menu").is_visible():
        page.locator("#btn-menu").click()
    page.locator("#btn-new").click()
    page.wait_for_selector("html[data-state=setup], #btn-new-yes", state="attached")
    if page.locator("#btn-new-yes").count():
        page.locator("#btn-new-yes").click()


# ------------------------------------------------------------------ the screens between matches

# The front door ("setup", UI-CONTRACT's first screen), a game's options ("game": against the computer
# by the door's "Cambia", or with friends on this phone or online) and the settings (static/screens/front.js).
SETTINGS = {"lang", "style", "speed", "sound", "one_tap"}
# A game's options folded under "Opzioni della partita" until the player opens them.
FOLDED = {"kind", "deals", "move_s", "match_min", "removed_two", "vinco_subito", "carte_viste", "carte_scoperte",
          "mostra_carte", "replay_ties", "knockout", "cut", "draw"}
FRIENDS = {None: "#btn-game-options", "device": "#btn-pnp", "online": "#btn-online"}


def front(page: Any, screen: str, friends: str | None = None) -> None:
    """Go from the screens between matches to `screen`: "setup" (the front door), "settings", or
    "game", a game's options against the computer or, `friends`, with friends "device" (this phone)
    or "online"; as a player taps his way there."""
    wait_state(page, "setup")
    now = page.evaluate("document.documentElement.dataset.screen")
    mode = page.evaluate("document.getElementById('setup').dataset.mode")
    if now == screen and (screen != "game" or mode == ("friends" if friends else "computer")):
        return
    if now in ("game", "settings"):
        page.locator("#btn-front-back").click()
        page.wait_for_selector("html[data-screen=setup]", state="attached")
    if screen != "setup":
        page.locator("#btn-settings" if screen == "settings" else FRIENDS[friends]).click()
        page.wait_for_selector(f"html[data-screen={screen}]", state="attached")


def unfold(page: Any) -> None:
    """Open a game's options' fold ("Opzioni della partita") if it is closed."""
    if page.locator("#setup details.game-options").get_attribute("open") is None:
        page.locator("#setup details.game-options summary").click()


def fill_setup(page: Any, friends: str | None = None, **fields: Any) -> None:
    """Set the choices `fields` (name: value, in order; a bool ticks a checkbox), each on its screen:
    the settings' first, then a game's options (`friends` as front() takes it), unfolded when a
    field is folded. Ends on a game's options when any field is a game's (or `friends`), else on the
    settings."""
    chosen = {k: v for k, v in fields.items() if k in SETTINGS}
    game = {k: v for k, v in fields.items() if k not in SETTINGS}
    for part, screen in ((chosen, "settings"), (game, "game")):
        if not part and not (screen == "game" and friends):
            continue
        front(page, screen, friends)
        if FOLDED & set(part):
            unfold(page)
        for name, value in part.items():
            if isinstance(value, bool):
                page.locator(f"#setup input[name={name}]").set_checked(value)
            elif name.startswith("name_"):
                page.locator(f"#setup input[name={name}]").fill(value)
            else:
                page.locator(f"#setup select[name={name}]").select_option(str(value))
            if name == "lang":
                page.wait_for_function(f"document.documentElement.lang === '{value}'")


def start_from_setup(page: Any, friends: str | None = None, **fields: Any) -> None:
    """Fill the choices (fill_setup) and press the start button of a game's options: the match, or
    the online lobby."""
    fill_setup(page, friends, **fields)
    front(page, "game", friends)
    page.locator("#start").click()
