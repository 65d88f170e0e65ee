"""The rituals through the real page (issue 12, items 6 and 7): the cut, by the player and by the
computer; the draw for seats in Brisca for four; Biscambiggia for three without the 2 the players
chose; one trick pile per team in Biscambiggia for four; the placeholder's semi-transparent card.

The options are chosen on the setup form, as a player does (they are remembered), then a ``?new=``
link with a seed opens the table, so each test knows who deals and cuts."""

from __future__ import annotations

import json
import random
from typing import Any

from e2e_support import by_dblclick, by_placeholder, fill_setup, hand, play_out, state, url, wait_move, wait_state

from briscola.actions import Cut
from briscola.match import Match, MatchFormat
from briscola.rituals import computer_cut
from briscola.save import load_match
from briscola.variants import Rules

# The computer's players by seat, in Italian (static/strings/table.js cpu_<seat>).
CPU = {1: "Giulia", 2: "Marco", 3: "Rosa", 4: "Franco", 5: "Chiara"}


def choose(page: Any, site: str, variant: str, players: int, checks: tuple[str, ...] = (),
           selects: dict[str, str] | None = None) -> None:
    """A game's options, as a player fills them in: the table, then the options (remembered)."""
    page.goto(site)
    wait_state(page, "setup")
    fill_setup(page, variant=variant, players=str(players), **dict.fromkeys(checks, True), **(selects or {}))
    prefs = json.loads(page.evaluate("localStorage.getItem('briscola:setup')"))
    assert all(prefs[name] is True for name in checks), prefs


def saved_match(page: Any) -> Match:
    return load_match(json.loads(page.evaluate("localStorage.getItem('briscola:match')"))["text"])


def wait_hand(page: Any, cards: int, timeout: int = 60_000) -> None:
    page.wait_for_selector(f"#my-hand[data-count='{cards}'] [data-playable=true]", state="attached", timeout=timeout)


def test_the_player_cuts_where_he_chooses(site, page, watch):
    choose(page, site, "classica", 2, checks=("cut",))
    page.goto(url(site, "classica", 2, seed=2))  # seat 1 deals: the player (seat 0, his left) cuts
    wait_state(page, "playing")
    slider = page.locator("#panel input[name=cut]")
    slider.wait_for(timeout=60_000)
    assert (slider.get_attribute("min"), slider.get_attribute("max")) == ("4", "36")
    assert hand(page) == [] and page.locator(".stock.cut-deck[data-deck='40']").count() == 1
    assert "Tagli tu" in page.locator("#panel").inner_text()
    assert page.locator("#turn").inner_text() == "Tocca a te"
    # The keyboard: the slider has the focus; Home, then three to the right; the + button once more.
    assert page.evaluate("document.activeElement.name") == "cut"
    page.keyboard.press("Home")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.locator("#panel [data-cut-step='1']").click()
    assert "Alzi 8 carte, ne restano 32 sotto" in page.locator("#panel").inner_text()
    # No hint says where: one place is as good as another.
    page.locator("#btn-hint").click()
    page.wait_for_selector("#toast:not([hidden])")
    assert "Taglia dove vuoi" in page.locator("#toast").inner_text()
    page.locator("#panel [data-cut]").click()
    assert wait_move(page)
    # The engine dealt from the deck cut where the player chose.
    expected = Match.new(Rules.make("classica", 2), MatchFormat("punti", cut=True), 2)
    expected.apply(Cut(8))
    assert sorted(hand(page)) == sorted(c.code for c in expected.deal.hands[0])
    assert page.locator("#panel input[name=cut]").count() == 0
    saved = saved_match(page)
    assert saved.deal.cut_at == 8 and saved.deal.deck == expected.deal.deck
    # The save replays: a reload resumes the same deal, cut where it was.
    mine = sorted(hand(page))
    page.reload()
    wait_hand(page, 3)
    assert sorted(hand(page)) == mine
    assert play_out(page, [by_dblclick, by_placeholder]) == 20
    assert state(page) == "match-over"
    assert saved_match(page).deals[0].cut_at == 8
    assert not watch.errors, watch.errors


def test_the_computer_cuts_and_the_table_says_so(site, page, watch):
    choose(page, site, "classica", 2, checks=("cut",))
    page.goto(url(site, "classica", 2, seed=1))  # the player deals: the computer cuts
    wait_state(page, "playing")
    wait_hand(page, 3)
    expected = Match.new(Rules.make("classica", 2), MatchFormat("punti", cut=True), 1)
    at = computer_cut(40, random.Random(f"ai:{1 * 1000 + 1}:cut"))
    assert page.locator("#toast").inner_text() == f"Giulia ha tagliato: ha alzato {at} carte"
    expected.apply(Cut(at), seat=1)
    assert sorted(hand(page)) == sorted(c.code for c in expected.deal.hands[0])
    assert saved_match(page).deal.cut_at == at
    assert page.locator("#panel input[name=cut]").count() == 0
    assert not watch.errors, watch.errors


def test_the_placeholder_shows_the_selected_card_half_seen(site, page, watch):
    """Seed 000: "cliccare sulla carta semitrasparente che appare sul tavolo"."""
    page.goto(url(site, "classica", 2, seed=7))
    wait_hand(page, 3)
    code = page.locator("#my-hand [data-playable=true]").first.get_attribute("data-card")
    page.locator(f'#my-hand [data-card="{code}"]').click()
    ghost = page.locator("[data-role=placeholder] .ghost")
    assert ghost.get_attribute("data-ghost") == code
    assert float(ghost.evaluate("e => getComputedStyle(e).opacity")) < 1
    assert not watch.errors, watch.errors


def test_brisca_for_four_shows_the_draw_for_seats(site, page, watch):
    choose(page, site, "brisca", 4, checks=("draw",))
    page.goto(url(site, "brisca", 4, seed=7).replace("speed=istantanea", "speed=lenta"))
    box = page.locator("#draw-show")
    box.wait_for(timeout=60_000)
    draw = Match.new(Rules.make("brisca", 4), MatchFormat("first_to", 2, draw=True), 7).draw
    shown = page.eval_on_selector_all(
        "#draw-show .draw-seat",
        "els => els.map(e => [Number(e.dataset.seat), [...e.querySelectorAll('[data-card]')].map(c => c.dataset.card),"
        " [...e.querySelectorAll('.tag')].map(t => t.textContent)])")
    drawn = {seat: [c.code for r in draw.rounds for s, c in r if s == seat] for seat in range(4)}
    assert {seat: cards for seat, cards, _ in shown} == drawn
    tags = {seat: t for seat, _, t in shown}
    assert "mazziere" in tags[draw.dealer] and "compagno" in tags[2] and not tags[1] and not tags[3]
    words = box.inner_text()
    assert "le due più alte giocano in coppia" in words and "Giochi in coppia con Marco" in words
    assert (f"{CPU[draw.dealer]} ha pescato la carta più alta" in words if draw.dealer
            else "dai tu le carte" in words)
    page.locator("#btn-draw-ok").click()
    assert box.count() == 0
    wait_move(page)
    st = saved_match(page)
    assert st.deal.dealer == draw.dealer and st.format.draw
    assert "compagno" in page.locator('#felt .seat[data-seat="2"] .seat-label').inner_text()
    assert not watch.errors, watch.errors


def test_biscambiggia_for_three_leaves_out_the_chosen_two(site, page, watch):
    choose(page, site, "biscambiggia", 3, checks=("carte_viste",), selects={"removed_two": "2D"})
    page.goto(url(site, "biscambiggia", 3, seed=5))
    wait_state(page, "playing")
    play_out(page, [by_dblclick])
    assert state(page) in ("deal-over", "match-over")
    played = page.eval_on_selector_all("#played [data-card]", "els => els.map(e => e.dataset.card)")
    assert len(played) == 39 and "2D" not in played and "2S" in played
    assert saved_match(page).rules.options.removed_two == "2D"
    assert not watch.errors, watch.errors


def test_biscambiggia_for_four_keeps_one_pile_per_team(site, page, watch):
    page.goto(url(site, "biscambiggia", 4, seed=3))
    wait_state(page, "playing")
    play_out(page, [by_dblclick])
    assert state(page) in ("deal-over", "match-over")
    piles = page.eval_on_selector_all(
        "#felt .pile:not(.empty)",
        "els => els.map(e => [Number(e.dataset.pile), Number(e.querySelector('.count').textContent),"
        " e.classList.contains('team-pile'), e.getAttribute('aria-label')])")
    holders = saved_match(page).deal.pile_holders()
    assert sorted(seat for seat, *_ in piles) == sorted(s for s in holders if s is not None)
    assert sum(n for _, n, _, _ in piles) == 40 and all(team for _, _, team, _ in piles)
    assert len({seat % 2 for seat, *_ in piles}) == len(piles)  # one per team
    mine = [label for seat, _, _, label in piles if seat % 2 == 0]
    assert all(label.startswith("Prese della tua squadra") for label in mine)
    assert not watch.errors, watch.errors


def test_rematch_passes_the_deal_on(site, page, watch):
    """The match-over summary offers a rematch: the same table, a new deal, the next dealer (000)."""
    page.goto(url(site, "classica", 2, seed=12))
    wait_state(page, "playing")
    assert wait_move(page)
    page.locator("#btn-abandon").click()
    page.locator("#dialog button.primary").click()
    page.wait_for_selector("#dialog:not([hidden]) #btn-rematch")
    before = saved_match(page)
    page.locator("#btn-rematch").click()
    wait_state(page, "playing")
    page.wait_for_function("JSON.parse(localStorage.getItem('briscola:match') || '{}').text?.includes('first_dealer')"
                           " && document.getElementById('dialog').hidden")
    after = saved_match(page)
    assert not after.over and after.seed != before.seed
    assert after.deal.dealer == (before.deal.dealer + 1) % 2
    assert wait_move(page)
    page.reload()
    wait_state(page, "playing")
    assert saved_match(page).deal.dealer == after.deal.dealer
    assert not watch.errors, watch.errors
