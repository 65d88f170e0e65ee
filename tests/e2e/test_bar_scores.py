"""The bar's deal points count a trick when its cards are collected, not while they are still on
the table: the bar follows the position drawn, the turn line the newest one (the player may move)."""

from __future__ import annotations

from e2e_support import MY_MOVE, open_match, wait_move

WATCH = """() => {
  window.__barChanges = [];
  let last = document.getElementById('deal-score').textContent;
  new MutationObserver(() => {
    const text = document.getElementById('deal-score').textContent;
    if (text === last) return;  // redrawn the same
    last = text;
    window.__barChanges.push({ text, trick: document.querySelectorAll('.trick .card[data-card]').length });
  }).observe(document.getElementById('deal-score'), { childList: true, characterData: true, subtree: true });
}"""


def test_deal_points_change_when_the_trick_is_collected(site, page, watch):
    # "veloce": the cards still fly and the trick stays on the table a moment before it is collected
    # (anim.js pause), in half the time of "normale"
    open_match(page, f"{site}?new=classica&players=2&seed=21&level=principiante&speed=veloce")
    page.evaluate(WATCH)
    assert page.locator("#tn-label").is_hidden()  # no tournament's match: no tournament label
    for _ in range(6):
        assert wait_move(page)
        page.locator(MY_MOVE).first.dblclick()
        page.wait_for_function("document.documentElement.dataset.phase === 'idle'"
                               " || document.documentElement.dataset.state !== 'playing'", timeout=30_000)
    changes = page.evaluate("window.__barChanges")
    assert len(changes) >= 2, f"not two tricks with points taken: {changes}"
    early = [c for c in changes if c["trick"]]
    assert not early, f"the bar counted a trick still on the table: {early}"
    assert not watch.errors, watch.errors
