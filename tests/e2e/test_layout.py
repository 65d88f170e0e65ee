"""The table's layout for every seat count, on a desktop and on two phones in portrait: the stock,
the other seats (name, hand and capture pile) and the player's own hand never cover each other,
the cards of the trick on the table cover none of them (they may overlap one another, as on a
real table), and nothing leaves the screen. Piles are checked once they hold cards (after some
tricks)."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_support import by_dblclick, open_match, url, wait_move

SCREENS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844},
           "narrow-phone": {"width": 360, "height": 780}, "short-phone": {"width": 360, "height": 640}}
TABLES = [("classica", 2), ("classica", 3), ("classica", 4), ("brisca", 2), ("biscambiggia", 6),
          ("chiamata", 5)]

# Boxes of what sits on the felt: one per seat (label + hand + pile), the stock (pile, face-up
# trump, count, suit), and the player's hand. Each is the union of its parts' rectangles.
BOXES = """() => {
  const union = (els) => {
    const rs = [...els].map((e) => e.getBoundingClientRect()).filter((r) => r.width && r.height);
    if (!rs.length) return null;
    return {l: Math.min(...rs.map((r) => r.left)), t: Math.min(...rs.map((r) => r.top)),
            r: Math.max(...rs.map((r) => r.right)), b: Math.max(...rs.map((r) => r.bottom))};
  };
  const out = {};
  for (const s of document.querySelectorAll('.seat:not(.me)'))
    out['seat ' + s.dataset.seat] = union(s.querySelectorAll('.seat-label, .hand .card, .pile:not(.empty) .card'));
  out.stock = union(document.querySelectorAll('.stock .card, .stock .count, .stock .trump-suit'));
  out.hand = union(document.querySelectorAll('#my-hand .hand-card'));
  out['my name'] = union(document.querySelectorAll('.seat.me .seat-label'));
  out['my pile'] = union(document.querySelectorAll('.seat.me .pile:not(.empty) .card'));
  return out;
}"""


# The same parts one by one, and the cards of the trick on the table.
PARTS = """() => {
  const sel = '.seat-label, .seat .hand .card, .pile:not(.empty) .card, .stock .card, .stock .count,'
            + ' .stock .trump-suit, #my-hand .hand-card';
  const box = (e) => { const r = e.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const name = (e) => (e.closest('.seat') ? 'seat ' + e.closest('.seat').dataset.seat + ' ' : '') + e.className;
  return {parts: [...document.querySelectorAll(sel)].map((e) => [name(e), box(e)]),
          trick: [...document.querySelectorAll('.trick .slot .card')].map((e) => [e.dataset.card, box(e)])};
}"""


def overlap(a: dict[str, float], b: dict[str, float], slack: float = 2) -> bool:
    return a["l"] < b["r"] - slack and b["l"] < a["r"] - slack and a["t"] < b["b"] - slack and b["t"] < a["b"] - slack


def check(page: Any, where: str, size: dict[str, int]) -> None:
    boxes = {k: v for k, v in page.evaluate(BOXES).items() if v}
    names = sorted(boxes)
    for i, a in enumerate(names):
        box = boxes[a]
        assert box["l"] >= -1 and box["t"] >= -1 and box["r"] <= size["width"] + 1 and box["b"] <= size["height"] + 1, \
            (where, a, box)
        for b in names[i + 1:]:
            assert not overlap(box, boxes[b]), (where, a, box, b, boxes[b])
    shown = page.evaluate(PARTS)
    for card, box in shown["trick"]:
        for part, other in shown["parts"]:
            assert not overlap(box, other), (where, "trick card " + card, box, part, other)


@pytest.mark.parametrize("screen", sorted(SCREENS))
@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_nothing_covers_anything(site, browser, screen, variant, players):
    size = SCREENS[screen]
    ctx = browser.new_context(viewport=size, is_mobile=screen != "desktop", has_touch=screen != "desktop")
    page = ctx.new_page()
    try:
        open_match(page, url(site, variant, players, seed=4))
        assert wait_move(page)
        page.screenshot(path=f"/tmp/briscola-layout-{variant}{players}-{screen}-first.png")
        check(page, f"{variant}-{players} {screen}, first move", size)
        for _ in range(6 * players):  # a few tricks, so capture piles appear beside the seats
            if not wait_move(page):
                break
            panel = page.locator("#panel button[data-pass], #panel button[data-draw], #panel button[data-suit]")
            if panel.count():  # the auction (pass), a Brisca exchange offer (draw), the suit to call
                panel.first.click()
                page.wait_for_timeout(50)
                continue
            if page.locator(".pile:not(.empty)").count() >= 2:
                break
            by_dblclick(page, page.locator("#my-hand [data-playable=true]").first.get_attribute("data-card"))
        if wait_move(page):
            check(page, f"{variant}-{players} {screen}, later", size)
        page.screenshot(path=f"/tmp/briscola-layout-{variant}{players}-{screen}.png")
    finally:
        ctx.close()
