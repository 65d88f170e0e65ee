"""The browser's back button (issue 24): it closes what is open over the page (the statistics, the
rules, the last trick, the phone's menu) and, mid-match with nothing open, stays in the app and asks
whether to leave the match; a second back closes that question and the match goes on. The address
stays the page's own (never the blank page the back used to leave for)."""

from __future__ import annotations

from e2e_support import by_dblclick, first_playable, front, open_match, state, url, wait_move, wait_state


def back(page):
    page.go_back(wait_until="commit")


def test_back_closes_the_statistics_and_the_rules(site, warm):
    page = warm()
    page.goto(site)
    wait_state(page, "setup")
    address = page.url
    page.locator("#btn-stats").click()
    page.wait_for_selector("#dialog:not([hidden])")
    back(page)
    page.wait_for_selector("#dialog", state="hidden")
    assert state(page) == "setup" and page.url == address
    page.locator("#btn-rules").click()
    page.wait_for_selector(".rules-dialog[open]")
    back(page)
    page.wait_for_selector(".rules-dialog[open]", state="detached")
    assert state(page) == "setup" and page.url == address
    page.locator("#btn-stats").click()  # and again: each opening lays its own way back
    page.wait_for_selector("#dialog:not([hidden])")
    back(page)
    page.wait_for_selector("#dialog", state="hidden")
    assert state(page) == "setup" and page.url == address


def test_back_leaves_the_tournament_screen_for_the_setup(site, warm):
    """Issue 24: the tournament screen, reached from the setup, is left by back as by its own
    "Indietro": the setup, in the app; a second back is the browser's own (nothing of ours lies on top)."""
    page = warm()
    page.goto(site)
    wait_state(page, "setup")
    address = page.url
    page.locator("#btn-tournament").click()
    wait_state(page, "tournament")
    page.locator("#btn-tn-start").wait_for()
    assert page.evaluate("history.state?.briscolaGuard") is True
    back(page)
    wait_state(page, "setup")
    assert page.url == address and page.locator("#tournament").is_hidden()
    assert page.evaluate("history.state?.briscolaGuard") is not True  # no way back laid on the setup


def test_back_mid_match_stays_and_asks(site, warm):
    page = warm()
    open_match(page, url(site, "classica", 2, seed=3))
    address = page.url
    assert wait_move(page)
    back(page)
    page.wait_for_selector("#btn-new-yes")  # "Lasciare la partita?": the question, not another page
    assert state(page) == "playing" and page.url == address
    back(page)  # a second back answers "stay"
    page.wait_for_selector("#dialog", state="hidden")
    assert state(page) == "playing" and page.url == address
    assert wait_move(page)
    code = first_playable(page)
    by_dblclick(page, code)  # the match goes on
    page.wait_for_function("(c) => !document.querySelector(`#my-hand [data-card=\"${c}\"]`)", arg=code)
    assert wait_move(page)
    page.locator("#btn-last").click()  # the last trick's box: back closes it, the table stays
    page.wait_for_selector("#dialog:not([hidden])")
    back(page)
    page.wait_for_selector("#dialog", state="hidden")
    assert state(page) == "playing" and page.url == address
    back(page)  # and mid-match, back asks again (the way back was laid again)
    page.wait_for_selector("#btn-new-yes")
    page.locator("#btn-new-yes").click()  # yes: the setup, in the app, the match kept to resume
    wait_state(page, "setup")
    assert page.locator("#btn-back-match").count() == 1


def test_back_closes_the_phone_menu(site, warm):
    page = warm(viewport=(360, 640), is_mobile=True, has_touch=True)
    open_match(page, url(site, "classica", 2, seed=5))
    assert wait_move(page)
    page.locator("#btn-menu").click()
    assert page.locator("#btn-menu").get_attribute("aria-expanded") == "true"
    back(page)
    page.wait_for_selector("#btn-menu[aria-expanded=false]")
    assert state(page) == "playing" and page.locator("#dialog").is_hidden()


def test_a_box_closed_and_opened_again_at_once_keeps_the_new_one(site, warm):
    """Back twice quickly (the last trick's box closed, then the question of leaving opened in the
    same #dialog): the first closing's "close" event, a task later, is not a close request for the
    box shown now. It used to press that box's cancel: the question vanished unanswered."""
    page = warm()
    open_match(page, url(site, "classica", 2, seed=3))
    pressed = page.evaluate("""async () => {
      const { openModal, closeModal } = await briscolaModule('dom/modal.js');
      const box = document.getElementById('dialog');
      let pressed = 0;
      openModal(box, { onEscape: () => closeModal(box) });
      closeModal(box);
      openModal(box, { onEscape: () => { pressed += 1; closeModal(box); } });
      await new Promise((r) => setTimeout(r, 200));
      return [pressed, box.open, box.hidden];
    }""")
    assert pressed == [0, True, False]


def test_back_leaves_the_settings_and_a_games_options_for_the_front_door(site, warm):
    """Issue 33: the settings and a game's options, reached from the front door, are left by back
    as by their own way back (‹): the door, in the app; there a back is the browser's own again."""
    page = warm(viewport=(360, 640), is_mobile=True, has_touch=True)
    page.goto(site)
    wait_state(page, "setup")
    address = page.url
    for screen, friends in (("settings", None), ("game", None), ("game", "online")):
        front(page, screen, friends)
        assert page.evaluate("history.state?.briscolaGuard") is True
        back(page)
        page.wait_for_selector("html[data-screen=setup]", state="attached")
        assert page.url == address and page.locator("#btn-settings").is_visible()
        assert page.evaluate("history.state?.briscolaGuard") is not True  # no way back laid on the door
