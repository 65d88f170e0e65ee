"""A game's "Partita a smazzate" (issue 24): chosen after a points match (one deal), it offers the
best of three, not one deal again; a count the player picks stays; the counts offered are still the
table's (odd ones for two players)."""

from __future__ import annotations

from e2e_support import front, unfold, wait_state


def test_a_smazzate_match_is_three_deals_at_first(site, warm):
    page = warm()
    page.goto(site)
    wait_state(page, "setup")
    front(page, "game")  # a game's options, their fold open
    unfold(page)
    # The warm context's next tests read the choices this one leaves: they are put back at the end.
    before = {n: page.locator(f"select[name={n}]").input_value() for n in ("variant", "players", "kind", "level")}
    page.select_option("select[name=variant]", "classica")
    page.select_option("select[name=players]", "2")
    page.select_option("select[name=kind]", "punti")
    assert page.locator("select[name=deals]").count() == 0  # a points match is one deal
    page.select_option("select[name=kind]", "smazzate")
    deals = page.locator("select[name=deals]")
    assert deals.input_value() == "3"
    assert deals.locator("option").evaluate_all("os => os.map(o => o.value)") == ["1", "3", "5", "7"]
    page.select_option("select[name=deals]", "5")
    page.select_option("select[name=level]", "principiante")  # another choice redraws the form: 5 stays
    assert page.locator("select[name=deals]").input_value() == "5"
    page.select_option("select[name=kind]", "punti")
    page.select_option("select[name=kind]", "smazzate")  # chosen again: three again
    assert page.locator("select[name=deals]").input_value() == "3"
    for name, value in before.items():
        page.select_option(f"select[name={name}]", value)
