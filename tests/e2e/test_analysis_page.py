"""The analysis of the player's moves through the real page (issue 23): after a deal the summary
gives its accuracy and the review marks the costliest moments, each with a sentence in the player's
language, on a 360 x 640 phone; and the next deal starts while the analysis still runs."""

from __future__ import annotations

import json
import re
from typing import Any

from e2e_support import by_dblclick, open_match, play_out, url, wait_move, wait_state

from briscola.save import load_match

ANALYSED = 120_000  # ms: the worker analyses a whole deal in a few seconds, in slices
# Each language's sentence for a moment, as the player reads it (static/strings/analysis.js): the
# trick, then (after what happened in it, if anything) the better card, with its article.
MOMENT = {"it": ("Presa ", "Il Campione avrebbe giocato "), "en": ("Trick ", "The Champion would have played "),
          "es": ("Baza ", "El Campeón habría jugado ")}


def switch_language(page: Any, lang: str) -> None:
    """The bar's language menu, chosen on the same page (the review stays open over it)."""
    page.evaluate("(l) => { const s = document.getElementById('lang-switch'); s.value = l;"
                  " s.dispatchEvent(new Event('change', {bubbles: true})); }", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


def moments(page: Any) -> list[str]:
    return page.eval_on_selector_all("#review [data-moment]", "els => els.map(e => e.textContent)")


def test_the_costliest_moments_in_the_review_on_a_phone_in_three_languages(site, warm, watch):
    from test_a11y import axe_check

    page = warm(viewport=(360, 640))
    open_match(page, url(site, "classica", 2, seed=3))  # the first card each time: a few costly ones
    assert play_out(page, [by_dblclick]) == 20
    wait_state(page, "match-over")
    page.wait_for_selector("#summary-accuracy[data-analysis=done]", timeout=ANALYSED)
    assert page.inner_text("#summary-accuracy").startswith("Precisione in questa smazzata: ")
    assert "Punti regalati: " in page.inner_text("#summary-accuracy")
    page.locator("#btn-review").click()
    page.wait_for_selector("#review .review-analysis[data-analysis=done]", timeout=ANALYSED)
    said = moments(page)
    assert 1 <= len(said) <= 3, said
    for text in said:
        assert text.startswith("Presa ") and "Il Campione avrebbe giocato " in text, text
        assert re.search(r"giocato (il|l'|la) [A-Z]", text), text  # the card with its article
    # Each moment is a target a thumb can press, inside the phone's width.
    boxes = page.eval_on_selector_all("#review [data-moment]",
                                      "els => els.map(e => e.getBoundingClientRect().toJSON())")
    for box in boxes:
        assert box["height"] >= 44 and box["left"] >= 0 and box["right"] <= 360, box
    first = page.locator("#review [data-moment]").first
    step = first.get_attribute("data-moment")
    first.click()
    assert page.get_attribute("#review", "data-step") == step
    assert first.get_attribute("aria-current") == "true"
    assert page.inner_text("#review .review-moment") == said[0]
    # The moment as the player saw it: the hand before the move, the card played and the Campione's in it.
    hand = '#review .review-seat[data-seat="0"]'
    assert page.locator(f'{hand} .card[data-mark="played"]').count() == 1
    assert page.locator(f'{hand} .card[data-mark="best"]').count() == 1
    played = page.get_attribute(f'{hand} .card[data-mark="played"]', "data-card")
    page.locator("#review [data-go=next]").click()  # then the move, and the note stays with it
    assert page.get_attribute("#review", "data-step") == str(int(step) + 1)
    assert page.locator(f'{hand} .card[data-card="{played}"]').count() == 0
    assert page.locator("#review .review-action").inner_text().startswith("Hai giocato ")
    assert page.inner_text("#review .review-moment") == said[0] and page.locator("#review [data-mark]").count() == 0
    page.locator("#review [data-go=prev]").click()
    axe_check(page, "analysis in the review")
    for lang in ("en", "es", "it"):
        switch_language(page, lang)
        start, middle = MOMENT[lang]
        page.wait_for_function("(s) => document.querySelector('#review [data-moment]').textContent.startsWith(s)",
                               arg=start)
        now = moments(page)
        assert len(now) == len(said) and all(t.startswith(start) and middle in t for t in now), now
        assert page.inner_text("#review .review-moment") == now[0]
    assert not watch.errors, watch.errors


def test_the_next_deal_starts_while_the_analysis_runs(site, warm, watch):
    page = warm()
    open_match(page, url(site, "brisca", 2, seed=4))  # first to two deals: the first never ends it
    # Note, page-side, whether the analysis was still running when the next deal was on the table.
    page.evaluate("""() => { window.dealtWhileAnalysing = null; const html = document.documentElement;
      new MutationObserver(() => { if (html.dataset.state === 'playing' && window.dealtWhileAnalysing === null
        && window.sawDealOver) window.dealtWhileAnalysing = html.dataset.analysis === 'running';
        if (html.dataset.state === 'deal-over') window.sawDealOver = true; })
      .observe(html, {attributes: true, attributeFilter: ['data-state']}); }""")
    take = lambda p: p.locator("#panel button[data-exchange], #panel button[data-draw]").first.click()  # noqa: E731
    play_out(page, [by_dblclick], panel=take)
    wait_state(page, "deal-over")
    page.wait_for_selector("html[data-analysis=running]")
    page.locator("#btn-next-deal").click()
    wait_state(page, "playing")
    assert wait_move(page)  # the player's turn in the new deal (or a decision), the analysis behind it
    assert page.evaluate("window.dealtWhileAnalysing") is True
    page.wait_for_selector("html[data-analysis=done]", timeout=ANALYSED)
    saved = load_match(json.loads(page.evaluate("localStorage.getItem('briscola:match')"))["text"])
    assert "0" in saved.meta["accuracy"] and len(saved.deals) == 2  # the first deal's figures, saved
    assert not watch.errors, watch.errors
