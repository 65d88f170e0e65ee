"""The daily deal (issue 39, UI-CONTRACT "Daily deal") on a touch phone (360 x 640), through the real
page: today's deal of a game is the one every page computes (the cards CPython deals for that
date), played to its end it says the player's points beside the campione's with the same cards, in
a text to share that names no card and links back to the same day; opened again (a reload, the
same link) it shows that result, never a fresh hand; the front door counts the streak."""

from __future__ import annotations

import re
from typing import Any

from e2e_support import MY_MOVE, by_dblclick, hand, play_out, wait_state
from test_a11y import axe_check

from briscola import daily
from briscola.view import view_of

PHONE = {"viewport": (360, 640), "is_mobile": True, "has_touch": True}
CARD_WORDS = re.compile(r"\b(Asso|Re|Cavallo|Fante|denari|coppe|spade|bastoni|[A234567JQK][DCBS])\b")


def the_day(page: Any) -> str:
    """The page's own date (the player's day, as its clock says)."""
    return page.evaluate("(() => { const d = new Date(), p = (n) => String(n).padStart(2, '0');"
                         " return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`; })()")


def result_shown(page: Any) -> str:
    """The result's text to share once the campione has played the same cards (UI-CONTRACT)."""
    page.wait_for_selector("[data-share][data-duplicate=done]", state="attached", timeout=180_000)
    return page.locator("[data-share]").inner_text()


def test_a_days_deal_is_everyones_played_once_shared_without_a_card_and_counted(site, warm, watch):
    page = warm(**PHONE)
    today = the_day(page)
    page.goto(f"{site}?daily=classica&speed=istantanea")
    page.wait_for_selector(MY_MOVE, state="attached", timeout=150_000)
    assert "daily=" not in page.url  # the link is followed once (UI-CONTRACT)
    # The cards are the day's, as every page (and CPython) derives them from the date alone.
    deal = daily.new_match("classica", daily.parse_day(today), late=False).deal
    assert sorted(hand(page)) == sorted(c.code for c in view_of(deal, 0).hand)
    assert today[8:].lstrip("0") in page.locator("#tn-label").inner_text()  # the bar names the day
    assert page.locator("#btn-hint").is_hidden()  # the campione's hint would be the campione's score
    play_out(page, [by_dblclick])
    text = result_shown(page)
    lines = text.split("\n")
    points = int(page.locator("[data-points]").get_attribute("data-points"))
    assert re.fullmatch(rf"Briscola classica: {points} punti · il Campione \d+", lines[1]), text
    assert lines[0].startswith("Briscola · Partita del giorno · ") and today[:4] in lines[0]
    assert re.fullmatch(r"[🟩⬛]{20}", lines[2]), text  # a trick won or lost each, twenty tricks
    assert lines[3].endswith(f"?daily=classica&date={today}"), text
    assert not CARD_WORDS.search(text), text  # nothing that spoils the deal
    assert re.search(r"il Campione ne ha fatti \d+", page.locator("#daily-campione").inner_text())
    axe_check(page, "the daily result")

    # The front door counts the day, and its calendar marks it played on its day.
    page.locator("#btn-daily-close").tap()
    wait_state(page, "setup")
    assert page.locator(".door-daily [data-streak]").get_attribute("data-streak") == "1"
    assert page.locator('.door-daily [data-daily=classica][data-played=true]').count() == 1
    page.locator("#btn-daily-calendar").tap()
    page.wait_for_selector(f'.cal-day[data-cal-day="{today}"] .cal-dot.on-time', state="attached")
    axe_check(page, "the daily calendar")
    page.locator("#btn-daily-calendar-close").tap()

    # Opened again, by the same day's link, a reload and the door: the result, never a fresh hand.
    page.goto(f"{site}?daily=classica&date={today}&speed=istantanea")
    assert result_shown(page) == text
    assert page.locator(MY_MOVE).count() == 0
    page.locator("#btn-daily-close").tap()
    page.reload()  # the finished day's deal is the saved match: it comes back as its result
    assert result_shown(page) == text
    page.locator("#btn-daily-close").tap()
    wait_state(page, "setup")
    assert page.locator(".door-daily [data-streak]").get_attribute("data-streak") == "1"  # kept on the phone
    page.locator(".door-daily [data-daily=classica]").tap()
    assert result_shown(page) == text
    assert not watch.errors, watch.errors
