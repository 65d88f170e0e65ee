"""A new build waiting (issue 24): the service worker keeps an open page on its build, so after a
new deploy the player is told, between deals and never mid-trick, and takes the new build with a
tap: the page loads again on it and the match goes on from where it was (saved, resumed). A new
deploy is simulated as in test_load.py: another app.js and another version in a copy of dist/."""

from __future__ import annotations

import re
from typing import Any

from e2e_support import by_dblclick, play_out, url, wait_move, wait_state
from test_load import own_site  # noqa: F401  (the fixture: a copy of dist/ served on its own port)

WAITING = "navigator.serviceWorker.getRegistration().then((r) => !!(r && r.waiting))"
ASK = "navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true, () => false)"


def deploy(root: Any) -> None:
    sw = root / "sw.js"
    old = re.search(r'const VERSION = "(\w+)"', sw.read_text()).group(1)
    app = root / "static" / "app.js"
    app.write_text(app.read_text() + "\nwindow.briscolaNewBuild = true;\n")
    sw.write_text(sw.read_text().replace(old, "0123456789ab"))


def test_a_new_build_is_offered_between_deals(own_site, context, watch):  # noqa: F811
    base, root = own_site
    page = context.new_page()
    watch.attach(page)
    page.goto(url(base, "biscambiggia", 4, seed=34))  # a partita a smazzate: the match outlives a deal
    wait_state(page, "playing")
    page.wait_for_function("!!navigator.serviceWorker.controller", timeout=90_000)
    deploy(root)
    assert wait_move(page)
    page.evaluate(ASK)  # mid-deal the new build installs and waits...
    page.wait_for_function(WAITING, timeout=60_000, polling=500)
    assert wait_move(page)
    assert page.locator("#btn-new-build").count() == 0  # ...but nobody is told mid-trick
    assert play_out(page, [by_dblclick]) > 0
    assert wait_state(page, "deal-over") == "deal-over"
    offer = page.locator("#dialog #btn-new-build")  # in the deal's summary, the box on top
    offer.wait_for(timeout=30_000)
    page.set_viewport_size({"width": 360, "height": 640})  # on a phone: in reach, a 44 px target
    box = offer.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 640 and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    assert box["height"] >= 44, box
    page.screenshot(path="/tmp/briscola-new-build.png")
    standing = page.locator("#match-standing").inner_text()
    assert page.evaluate("window.briscolaNewBuild") is None
    offer.click()
    page.wait_for_function("window.briscolaNewBuild === true", timeout=60_000)
    # The match is the same one, resumed: the same deal's end, the same standing, the next deal to play.
    assert wait_state(page, "deal-over", "playing") in ("deal-over", "playing")
    assert page.locator("#match-standing").inner_text() == standing
    assert page.locator("#btn-new-build").count() == 0
    assert not watch.errors, watch.errors
