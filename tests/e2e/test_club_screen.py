"""An organiser's tournament among people through the real page (issue 40; UI-CONTRACT "The club's
tournament"), on a 360 x 640 touch phone: eighteen pairs pasted as a newcomer pastes a list,
results entered and corrected, a reload that keeps everything, the standings link opened in
another browser, a fixture played in the app that records its own result; the screens in three
languages, a tablet and the printed sheet, looked at."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from e2e_support import by_dblclick, fill_setup, front, play_out, wait_state
from test_a11y import axe_check

SHOT = "/tmp/briscola-club-{}.png"
PHONE = {"viewport": (360, 640), "is_mobile": True, "has_touch": True}
# As pasted from a club's list: numbered, a blank line, a spreadsheet's two columns for one pair.
PAIRS = "\n".join(f"{n}. {a} – {b}" for n, (a, b) in enumerate([
    ("Rossi", "Bianchi"), ("Verdi", "Neri"), ("Esposito", "Russo"), ("Ferrari", "Romano"), ("Colombo", "Ricci"),
    ("Marino", "Greco"), ("Bruno", "Gallo"), ("Conti", "De Luca"), ("Mancini", "Costa"), ("Giordano", "Rizzo"),
    ("Lombardi", "Moretti"), ("Barbieri", "Fontana"), ("Santoro", "Mariani"), ("Rinaldi", "Caruso"),
    ("Ferrara", "Galli"), ("Martini", "Leone"), ("Longo", "Gentile")], 1)) + "\n\nMartinelli\tVitale\n"


def open_form(page: Any, site: str) -> None:
    page.goto(site)
    wait_state(page, "setup")
    page.get_by_role("button", name="Organizza un torneo").click()
    page.wait_for_selector("html[data-screen=club] textarea[data-pairs]")


def fixtures(page: Any) -> dict[str, str]:
    return dict(page.eval_on_selector_all("[data-fixture]", "els => els.map(e => [e.dataset.fixture, e.textContent])"))


def standings(page: Any) -> list[list[str]]:
    """Each group's rows as shown: [pos, pair (with its tie-break words), played, won, lost, points]."""
    return page.eval_on_selector_all(
        ".cl-standings tbody tr", "trs => trs.map(tr => [...tr.children].slice(0, 6).map(c => c.innerText.trim()))")


def enter(page: Any, key: str, rounds: list[str]) -> None:
    """Tap the match, tick who won each round ("0", "1" or "tie"), save."""
    page.locator(f'[data-fixture="{key}"] button').click()
    page.wait_for_selector("#cl-result-form")
    for i, r in enumerate(rounds):
        if i >= page.locator("#cl-rows .cl-row").count():
            page.locator("#btn-cl-add-round").click()
        page.locator(f'input[name="cl-r{i}"][value="{r}"]').check()
    page.wait_for_selector("#cl-reading[data-ok=true]")
    if rounds == ["1", "tie", "0", "1"]:
        page.screenshot(path=SHOT.format("result-360"))
        axe_check(page, "club result")
    page.locator("#btn-cl-save").click()
    page.wait_for_selector(f'[data-fixture="{key}"][data-played=true]')


def names_of(page: Any, key: str) -> list[str]:
    return page.eval_on_selector_all(f'[data-fixture="{key}"] .cl-pair', "els => els.map(e => e.textContent)")


def test_eighteen_pairs_results_a_reload_and_the_standings_link(site, warm, browser, watch):
    page = warm(**PHONE)
    open_form(page, site)
    page.locator("textarea[data-pairs]").fill(PAIRS)
    page.wait_for_function("document.getElementById('cl-count').textContent.includes('18')")
    assert page.locator('input[name=cl-groups][value="2"]').is_checked()  # 18 pairs: two groups of nine
    axe_check(page, "club form")
    page.screenshot(path=SHOT.format("form-360"), full_page=True)
    page.locator("[data-organize]").click()
    page.wait_for_selector("[data-fixture]")
    shown = fixtures(page)
    assert len(shown) == 72 and "Martinelli – Vitale" in "".join(shown.values())
    assert page.inner_text("#cl-status") == "Gironi: 72 partite su 72 da giocare."
    stored = json.loads(page.evaluate("localStorage.getItem('briscola:club')"))
    assert stored["screen"] and len(stored["saved"]["names"]) == 18 and stored["saved"]["plan"]["groups"] == 2

    # Three results of round one: a 2-0, a 2-1 with a 60-60 replayed, and one typed by points.
    first = [k for k in shown if k.startswith("group:")][:3]
    enter(page, first[0], ["0", "0"])
    enter(page, first[1], ["1", "tie", "0", "1"])
    page.locator(f'[data-fixture="{first[2]}"] button').click()
    page.locator("input[name=cl-mode][value=points]").check()
    page.locator('#cl-rows input[data-round="0"][data-side="0"]').fill("45")
    page.locator('#cl-rows input[data-round="1"][data-side="1"]').fill("61")
    page.wait_for_selector("#cl-reading[data-ok=true]")
    assert "2 a 0" in page.inner_text("#cl-reading")
    page.locator('#cl-rows input[data-round="0"][data-side="1"]').fill("80")  # 45 + 80 is not a deal
    page.wait_for_selector("#cl-reading[data-ok=false]")
    assert "120" in page.inner_text("#cl-reading")
    page.locator('#cl-rows input[data-round="0"][data-side="1"]').fill("")
    page.wait_for_selector("#cl-reading[data-ok=true]")
    page.locator("#btn-cl-save").click()
    page.wait_for_selector(f'[data-fixture="{first[2]}"][data-played=true]')
    a0, b0 = names_of(page, first[0])
    a1, b1 = names_of(page, first[1])
    a2, b2 = names_of(page, first[2])
    assert "1 × 60–60 ripetuta" in fixtures(page)[first[1]]
    assert "104–136" in fixtures(page)[first[2]]  # 45 (75) and (59) 61: the other pair's points make 120
    page.screenshot(path=SHOT.format("fixtures-360"))

    page.locator("#cl-tab-standings").click()
    table = standings(page)
    winners = {a0, b1, b2}
    assert {r[1].split("\n")[0] for r in table if r[3] == "1"} == winners
    page.screenshot(path=SHOT.format("standings-360"), full_page=True)

    # A correction: the first match went the other way.
    page.locator("#cl-tab-fixtures").click()
    page.locator(f'[data-fixture="{first[0]}"] button').click()
    page.locator('input[name="cl-r0"][value="1"]').check()
    page.locator('input[name="cl-r1"][value="1"]').check()
    page.wait_for_selector("#cl-reading[data-ok=true]")
    page.locator("#btn-cl-save").click()
    page.wait_for_selector(f'[data-fixture="{first[0]}"] .cl-pair.won >> text="{b0}"')
    page.locator("#cl-tab-standings").click()
    before = standings(page)
    assert {r[1].split("\n")[0] for r in before if r[3] == "1"} == {b0, b1, b2}

    # A reload shows it as it was.
    page.reload()
    page.wait_for_selector("html[data-screen=club] #cl-panel-fixtures [data-fixture]")
    assert fixtures(page)[first[1]].endswith("1 × 60–60 ripetuta")
    page.locator("#cl-tab-standings").click()
    assert standings(page) == before

    # The standings link, opened in another browser: the same table.
    page.locator("#btn-cl-share").click()
    link = page.locator("#dialog [data-standings]").get_attribute("href")
    assert page.locator("#dialog .cl-qr svg").count() == 1 and len(link) < 2000
    page.screenshot(path=SHOT.format("share-360"))
    page.locator("#dialog button[data-cancel]").click()
    other = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True, locale="it-IT")
    try:
        follower = other.new_page()
        watch.attach(follower)
        follower.goto(link)
        follower.wait_for_selector("[data-follow] .cl-standings tbody tr", timeout=150_000)
        assert standings(follower) == before
        assert follower.locator("button.cl-fix").count() == 0  # read-only
        assert len(fixtures(follower)) == 72
        follower.screenshot(path=SHOT.format("follow-360"), full_page=True)
        follower.reload()
        follower.wait_for_selector("[data-follow] .cl-standings tbody tr", timeout=150_000)
        assert standings(follower) == before
    finally:
        other.close()


def test_a_fixture_played_in_the_app_records_its_result(site, warm):
    """A match of single deals played on this phone: one person (the first of the first pair), the
    computer in the other three seats; its result goes into the tournament when it ends."""
    page = warm(**PHONE)
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, speed="istantanea")
    front(page, "setup")
    page.get_by_role("button", name="Organizza un torneo").click()
    page.locator("textarea[data-pairs]").fill("Anna – Marco\nLia – Ugo\nPia – Ivo\nEva – Leo")
    page.locator("input[name=cl-rounds][value=secca]").check()
    page.locator("[data-organize]").click()
    key = page.locator("[data-fixture]").first.get_attribute("data-fixture")
    a, b = names_of(page, key)
    page.locator(f'[data-fixture="{key}"] button').click()
    page.locator("#btn-cl-play").click()
    page.wait_for_selector(".cl-play")
    assert page.locator("#cl-seat-0-0").input_value() == a.split(" – ")[0]  # the pair's name says its players
    for seat in ("cl-seat-0-1", "cl-seat-1-0", "cl-seat-1-1"):
        page.locator(f'[data-computer="{seat}"]').check()
    page.locator("#cl-play-level").select_option("principiante")
    page.screenshot(path=SHOT.format("play-360"))
    page.locator("#btn-cl-play-start").click()
    wait_state(page, "playing")
    assert page.inner_text("#tn-label") == f"Giornata 1 · {a} – {b}"
    for _ in range(6):  # a 60-60 deal is dealt again
        play_out(page, [by_dblclick])
        if page.evaluate("document.documentElement.dataset.state") == "match-over":
            break
        page.locator("#btn-next-deal").click()
    page.wait_for_selector("#dialog p:has-text('Registrato nel torneo')")
    assert page.inner_text("#btn-summary-new") == "Torna al torneo"
    assert page.locator("#btn-rematch").count() == 0
    page.locator("#btn-summary-new").click()
    page.wait_for_selector(f'html[data-screen=club] [data-fixture="{key}"][data-played=true]')
    stored = json.loads(page.evaluate("localStorage.getItem('briscola:club')"))
    assert [r["fixture"] for r in stored["saved"]["results"]] == [key]
    assert all("points" in r for r in stored["saved"]["results"][0]["rounds"])  # the app knows the points


def half_played() -> dict[str, Any]:
    """Seed 004's men's tournament, its groups over, the quarter-finals played, a semi-final to play."""
    import random

    from briscola.club import Club, Plan, read_names
    from briscola.club_view import view

    c = Club.new(read_names(PAIRS), Plan(2, "tre", 5), seed=4, title="Torneo dell'Approdo 2024")
    rng = random.Random(4)
    while (stage := view(c)["stage"]) in ("group", "quarter", "semi"):
        f = next(f for f in view(c)["fixtures"] if f["stage"] == stage and not f["result"])
        if stage == "semi" and any(g["result"] for g in view(c)["fixtures"] if g["stage"] == "semi"):
            break
        first = rng.choice([0, 1])
        close = rng.random() < .4
        rounds = [{"winner": first}, {"winner": 1 - first}, {"winner": first}] if close else [{"winner": first}] * 2
        if rng.random() < .2:
            rounds.insert(0, {"points": [60, 60]})
        c.put(f["key"], {"rounds": rounds})
    return {"saved": c.to_json(), "screen": True}


def test_the_screens_in_three_languages_a_tablet_and_the_printed_sheet(site, warm):
    stored = json.dumps(half_played())
    for size, lang in (((360, 640), "it"), ((360, 640), "en"), ((360, 640), "es"), ((1024, 768), "it")):
        page = warm(viewport=size, **({"is_mobile": True, "has_touch": True} if size[0] < 600 else {}))
        page.goto(site)
        page.evaluate("([s, l]) => { localStorage.setItem('briscola:club', s); "
                      "localStorage.setItem('briscola:lang', l); }", [stored, lang])
        page.reload()
        page.wait_for_selector("html[data-screen=club] #cl-panel-fixtures [data-fixture]")
        assert page.evaluate("document.documentElement.lang") == lang
        for tab in ("fixtures", "standings", "bracket"):
            page.locator(f"#cl-tab-{tab}").click()
            page.screenshot(path=SHOT.format(f"{tab}-{lang}-{size[0]}"))
        page.locator("#cl-tab-standings").click()
        # every reason worded (no key left), every row's tie-break said in this language
        text = page.inner_text("#cl-panel-standings")
        assert "cl_" not in text and "tn_" not in text
        if size[0] < 600:
            for b in page.locator("#club button:visible").all():
                box = b.bounding_box()
                assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= 361, (b.inner_text(), box)
        if lang == "it" and size[0] > 600:
            axe_check(page, "club tournament")
            page.emulate_media(media="print")
            page.screenshot(path=SHOT.format("print"), full_page=True)
            assert page.locator("#cl-panel-fixtures .cl-fixtures[hidden]").first.is_visible()  # every round on paper
            assert not page.locator(".cl-actions").is_visible() and not page.locator(".cl-tabs").is_visible()
            pdf = page.pdf(format="A4")
            pages = pdf.count(b"/Type /Page") - pdf.count(b"/Type /Pages")
            assert 2 <= pages <= 6, pages
            Path(SHOT.format("print").replace(".png", ".pdf")).write_bytes(pdf)
            page.emulate_media(media="screen")


FULL = """() => {
  window.briscolaSetItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (k, v) {
    if (k === 'briscola:club') throw new DOMException('full', 'QuotaExceededError');
    return window.briscolaSetItem.call(this, k, v);
  };
}"""


def test_a_full_storage_loses_nothing_and_a_file_keeps_it(site, warm):
    """Storage full: the result stays on the page, the phone says so and offers the file; the stored
    tournament is left as it was. The file opens again; a damaged one is refused with its reason."""
    page = warm(**PHONE)
    open_form(page, site)
    page.locator("textarea[data-pairs]").fill("Anna – Marco\nLia – Ugo\nPia – Ivo\nEva – Leo")
    page.locator("[data-organize]").click()
    page.wait_for_selector("#cl-panel-fixtures [data-fixture]")
    before = page.evaluate("localStorage.getItem('briscola:club')")
    page.evaluate(FULL)
    key = page.locator("[data-fixture]").first.get_attribute("data-fixture")
    enter(page, key, ["1", "1"])
    assert "non ha più spazio" in page.inner_text(".cl-warn")
    assert page.evaluate("localStorage.getItem('briscola:club')") == before
    with page.expect_download() as download:
        page.locator("#btn-cl-export-now").click()
    saved = json.loads(Path(download.value.path()).read_text())
    assert [r["fixture"] for r in saved["results"]] == [key]
    page.evaluate("() => { Storage.prototype.setItem = window.briscolaSetItem; }")

    page.locator("#btn-cl-more").click()
    with page.expect_file_chooser() as chooser:
        page.locator("#btn-cl-open").click()
    bad = {**saved, "names": saved["names"][:3] + [saved["names"][0]]}
    chooser.value.set_files(files=[{"name": "torneo.json", "mimeType": "application/json",
                                    "buffer": json.dumps(bad).encode()}])
    page.wait_for_selector("#dialog:not([hidden])")
    assert "nomi delle coppie" in page.inner_text("#dialog")
    page.locator("#dialog button").first.click()

    page.reload()  # the stored one, from before storage filled up
    page.wait_for_selector("#cl-panel-fixtures [data-fixture]")
    assert page.locator(f'[data-fixture="{key}"]').get_attribute("data-played") == "false"
    page.locator("#btn-cl-more").click()
    with page.expect_file_chooser() as chooser:
        page.locator("#btn-cl-open").click()
    chooser.value.set_files(download.value.path())
    page.locator("#btn-cl-import-yes").click()
    page.wait_for_selector(f'[data-fixture="{key}"][data-played=true]')
    assert json.loads(page.evaluate("localStorage.getItem('briscola:club')"))["saved"] == saved


def test_groups_made_by_hand(site, warm):
    """Eight pairs in two groups of four, made by hand: a wrong split is refused with its reason."""
    page = warm(**PHONE)
    open_form(page, site)
    page.locator("textarea[data-pairs]").fill("\n".join(f"Coppia {c}" for c in "ABCDEFGH"))
    page.wait_for_function("document.getElementById('cl-count').textContent.includes('8')")
    assert page.locator('input[name=cl-groups][value="1"]').is_checked()  # eight pairs: one group proposed
    page.locator('input[name=cl-groups][value="2"]').check()
    page.locator('input[name=cl-draw][value=hand]').check()
    selects = page.locator("[data-hand]")
    assert [selects.nth(i).input_value() for i in range(8)] == ["0"] * 4 + ["1"] * 4
    selects.nth(0).select_option("1")  # five in B: not even
    assert "Girone A: 3 coppie · girone B: 5 coppie" in page.inner_text("#cl-hand")
    page.screenshot(path=SHOT.format("hand-360"))
    page.locator("[data-organize]").click()
    page.wait_for_selector("#cl-form-error:not([hidden])")
    assert "divisi alla pari" in page.inner_text("#cl-form-error")
    page.locator("[data-hand]").nth(7).select_option("0")  # Coppia H to A, Coppia A to B
    page.locator("[data-organize]").click()
    page.wait_for_selector("#cl-panel-fixtures [data-fixture]")
    group_of = page.evaluate("JSON.parse(localStorage.getItem('briscola:club')).saved.order")
    assert sorted(group_of[:4]) == [1, 2, 3, 7] and sorted(group_of[4:]) == [0, 4, 5, 6]
