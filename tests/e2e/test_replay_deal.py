""""Rigioca la smazzata" through the real page on a 360 x 640 phone: the same deal again, a reload
in the middle of it, both plays side by side with the player's accuracy in each (and its costliest
moments in a play's review), and back to the match with its score as it was; then again, left
halfway."""

from __future__ import annotations

from e2e_support import by_dblclick, hand, open_match, play_out, state, url, wait_move, wait_state
from test_a11y import axe_check

SUMMARY = "#dialog:not([hidden])"
ANALYSED = 120_000  # ms: the worker analyses a whole deal in a few seconds, in slices


def test_a_deal_replayed_then_compared_and_the_match_resumed(site, warm, watch):
    page = warm(viewport=(360, 640))
    open_match(page, url(site, "biscambiggia", 2, seed=31))  # first to 2 deals: a deal ends mid-match
    assert wait_move(page)
    dealt = sorted(hand(page))
    assert play_out(page, [by_dblclick]) > 0
    assert wait_state(page, "deal-over") == "deal-over"
    page.wait_for_selector(SUMMARY)
    page.wait_for_selector("#summary-accuracy[data-analysis=done]", timeout=ANALYSED)  # the summary's last line
    summary = page.locator("#dialog .dialog-body").inner_text()
    standing = page.locator("#match-standing").inner_text()

    page.locator("#btn-replay").click()
    wait_state(page, "playing")
    page.wait_for_selector("#tn-label:not([hidden])")
    assert "Prova" in page.locator("#tn-label").inner_text()
    assert wait_move(page)
    assert sorted(hand(page)) == dealt  # the same cards, dealt the same
    by_dblclick(page, page.locator("#my-hand [data-playable=true]").first.get_attribute("data-card"))
    assert wait_move(page)
    mid = sorted(hand(page))

    page.reload()  # mid-replay: the replay comes back, not the match
    wait_state(page, "playing")
    assert wait_move(page)
    assert sorted(hand(page)) == mid and "Prova" in page.locator("#tn-label").inner_text()
    play_out(page, [by_dblclick])

    box = page.wait_for_selector("#compare:not([hidden])")
    assert state(page) == "match-over"
    verdict = page.locator(".compare-verdict").bounding_box()
    assert verdict["y"] >= 0 and verdict["y"] + verdict["height"] <= 640  # opened at its top
    points = {line: int(page.locator(f'.compare-line[data-line="{line}"]').get_attribute("data-points"))
              for line in ("first", "replay")}
    assert all(0 <= p <= 120 for p in points.values())
    # A phone shows one play at a time, the toggle between them names each one's points.
    assert page.locator('.compare-line[data-line="replay"]').is_visible()
    assert not page.locator('.compare-line[data-line="first"]').is_visible()
    toggle = page.locator('.compare-switch [data-line="first"]')
    assert str(points["first"]) in toggle.inner_text()
    toggle.click()
    assert page.locator('.compare-line[data-line="first"]').is_visible()
    assert page.locator('.compare-line[data-line="first"] .compare-tricks li').count() == 20  # 40 cards, 2 players
    assert box.bounding_box()["width"] <= 360
    # Each play's moves analysed: its accuracy under its heading, its costliest moves in its review.
    for line in ("first", "replay"):
        page.wait_for_selector(f'.compare-line[data-line="{line}"] .compare-accuracy[data-analysis=done]',
                               state="attached", timeout=ANALYSED)
    accuracy = page.locator('.compare-line[data-line="first"] .compare-accuracy')
    assert accuracy.is_visible() and accuracy.inner_text().startswith("Precisione in questa smazzata: ")
    page.locator('#compare [data-go="review"][data-line="first"]').click()
    page.wait_for_selector("#review .review-analysis[data-analysis=done]", timeout=ANALYSED)
    assert page.locator("#review .review-analysis .accuracy").inner_text() == accuracy.text_content()
    page.keyboard.press("Escape")  # the review closed: the comparison again
    page.wait_for_selector("#compare:not([hidden])")
    axe_check(page, "both plays of a replayed deal")
    for button in page.locator("#compare button:visible").all():
        size = button.bounding_box()
        assert size["height"] >= 44 and size["x"] >= 0 and size["x"] + size["width"] <= 360, button.inner_text()

    page.locator('#compare [data-go="back"]').click()
    assert wait_state(page, "deal-over") == "deal-over"
    page.wait_for_selector(SUMMARY)
    assert page.locator("#dialog .dialog-body").inner_text() == summary  # the match as it was
    assert page.locator("#match-standing").inner_text() == standing
    assert page.locator("#tn-label").is_hidden()

    page.locator("#btn-replay").click()  # again, and left halfway: the match comes back the same
    wait_state(page, "playing")  # (the match's deal-over stays on the page until the engine answers)
    assert wait_move(page)
    page.locator("#btn-menu").click()
    page.locator("#btn-abandon[data-mode=leave-practice]").click()
    assert wait_state(page, "deal-over") == "deal-over"
    page.wait_for_selector(SUMMARY)
    assert page.locator("#dialog .dialog-body").inner_text() == summary
    assert page.locator("#match-standing").inner_text() == standing
    assert not watch.errors, watch.errors
