"""The fair deal's engine (briscola/fair.py, docs/fair-deal.md): each page follows a deal whose cards
it has not been shown, checks every step, and at the end replays it on the rebuilt deck.

Whole deals of every variant and people count run on a table in memory (tests/engine/fair_table.py):
every page asks for the same positions at the same moment, what it may draw is always true, and
the end-of-deal replay gives the deal every page followed. Then the property: for two decks that
agree on every card a page has been shown, all its engine was given is the same. And each way a
page can step out of the deal is refused, naming it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fair_table import Table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola.actions import Bid, CallSuit, Cut, Draw, Pass, Play
from briscola.cards import Card
from briscola.fair import Mismatch
from briscola.state import cut_range, shuffled_deck
from briscola.variants import TABLES, Rules

PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def options_for(variant: str, players: int, pick: int) -> dict[str, Any]:
    """Default rules, or one of the options that show more cards (or end a deal early)."""
    choices = [{}, {"carte_viste": True}, {"vinco_subito": True} if variant != "chiamata" else {}]
    if players in (4, 6) and variant != "chiamata":
        choices += [{"carte_scoperte": True}, {"mostra_carte": True}]
    return choices[pick % len(choices)]


def seating(players: int, people: int, rng: random.Random) -> tuple[int, ...]:
    """Seats 0..people-1 are people's pages; each computer's seat is played on one of them."""
    return tuple(s if s < people else rng.randrange(people) for s in range(players))


def c(code: str) -> Card:
    return Card.parse(code)


@pytest.mark.parametrize(("variant", "players"), TABLES)
@pytest.mark.parametrize("pick", range(3))
def test_a_whole_deal_is_followed_by_every_page_and_replayed_at_its_end(variant: str, players: int, pick: int) -> None:
    rng = random.Random(f"{variant}{players}{pick}")
    rules = Rules.make(variant, players, options_for(variant, players, pick + rng.randrange(5)))
    people = 2 + rng.randrange(players - 1)
    cutter = rng.randrange(players) if pick == 2 and variant != "chiamata" else None
    table = Table(rules, shuffled_deck(rules, rng), rng.randrange(players), seating(players, people, rng), cutter)
    if cutter is not None:
        table.step(cutter, Cut(rng.choice(cut_range(len(rules.deck)))))
    table.play(rng)
    decks = {json.dumps([t.to_json() for t in f.verify(table.deck).tricks]) for f in table.followers.values()}
    assert len(decks) == 1, "every page's replay is the same deal"
    verified = next(iter(table.followers.values())).verify(table.deck)
    assert verified.over
    for f in table.followers.values():
        assert f.deal.over and f.deal.tricks == verified.tricks and f.deal.points == verified.points


def test_a_brisca_exchange_goes_through_the_window_and_is_replayed() -> None:
    """Over many deals: exchanges made and declined, every page waiting for every trick-taker's word."""
    rules = Rules.make("brisca", 2)
    exchanged = declined = 0
    for seed in range(60):
        rng = random.Random(seed)
        table = Table(rules, shuffled_deck(rules, rng), seed % 2, (0, 1))
        table.play(rng)
        deal = next(iter(table.followers.values())).verify(table.deck)
        exchanged += len(deal.exchanges)
        declined += len(deal.declined)
    assert exchanged and declined, "both happened: the test saw the window at work"


# --------------------------------------------------------------------- what a page learns


def unseen_swap(table: Table, page: int, rng: random.Random) -> list[Card] | None:
    known = table.followers[page].known
    unseen = [i for i in range(len(table.deck)) if i not in known]
    if len(unseen) < 2:
        return None
    i, j = rng.sample(unseen, 2)
    other = list(table.deck)
    other[i], other[j] = other[j], other[i]
    return other


@pytest.mark.parametrize(("variant", "players"), TABLES)
@PROPERTY
@given(data=st.data())
def test_a_page_is_given_the_same_for_two_decks_that_agree_on_what_it_was_shown(variant: str, players: int,
                                                                                 data: Any) -> None:
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    rules = Rules.make(variant, players, options_for(variant, players, data.draw(st.integers(0, 4), label="options")))
    people = data.draw(st.integers(2, players), label="people")
    pages = seating(players, people, rng)
    page = data.draw(st.integers(0, people - 1), label="page")
    deck, dealer = shuffled_deck(rules, rng), rng.randrange(players)
    first = Table(rules, deck, dealer, pages)
    steps = first.play(random.Random(rng.random()), limit=data.draw(st.integers(0, 60), label="steps"))
    other = unseen_swap(first, page, rng)
    if other is None:
        return
    again = Table(rules, other, dealer, pages)
    for step in steps:
        again.step(*step)
    assert again.told[page] == first.told[page]
    a, b = first.followers[page], again.followers[page]
    assert (a.known, a.steps, a.closes, a.opened, a.window) == (b.known, b.steps, b.closes, b.opened, b.window)
    if a.ready:
        from briscola.view import view_of, view_to_json
        for seat in a.seats_of_page():
            assert view_to_json(view_of(a.deal, seat)) == view_to_json(view_of(b.deal, seat))


def test_the_property_sees_a_leak() -> None:
    """Not vacuous: a deck that differs in a card the page holds gives it something else."""
    rules = Rules.make("classica", 2)
    deck = shuffled_deck(rules, random.Random(4))
    first, = [Table(rules, deck, 0, (0, 1))]
    mine = sorted(first.followers[0].known)[0]
    other = list(deck)
    other[mine], other[30] = other[30], other[mine]
    assert Table(rules, other, 0, (0, 1)).told[0] != first.told[0]


# --------------------------------------------------------------------- a page that steps out


def started(variant: str = "classica", players: int = 2, pages: tuple[int, ...] = (0, 1)) -> Table:
    rules = Rules.make(variant, players)
    return Table(rules, shuffled_deck(rules, random.Random(1)), 0, pages)


def refusal(table: Table, page: int, seat: int, action: Any, pos: int | None, by: int | None) -> tuple[Any, ...]:
    f = table.followers[page]
    with pytest.raises(Mismatch) as caught:
        if pos is not None and pos not in f.known:
            f.show(pos, table.deck[pos])
        f.act(seat, action, pos, by=by)
    return caught.value.seat, caught.value.why, caught.value.code


CHEATS = [
    # (what, seat, action (a card of the true deck), its position, the page it comes from) -> (named page, why)
    ("plays another seat's card", 1, "seat0card", "seat0pos", 1, (1, "not_held")),
    ("plays a card of the stock", 1, "stockcard", "stockpos", 1, (1, "not_held")),
    ("plays out of turn", 0, "seat0card", "seat0pos", 0, (0, "illegal")),
    ("moves for another page's seat", 0, "seat0card", "seat0pos", 1, (1, "not_his")),
    ("shows a card other than the one read", 1, "seat0card", "seat1pos", 1, (1, "unread")),
    ("declines an exchange nobody offered", 1, "draw", None, 1, (1, "not_awaited")),
    ("bids at a game with no auction", 1, "bid", None, 1, (1, "illegal")),
]


@pytest.mark.parametrize(("what", "seat", "action", "pos", "by", "named"), CHEATS, ids=[c[0] for c in CHEATS])
def test_a_step_out_of_the_deal_is_refused_and_named(what: str, seat: int, action: str, pos: str | None,
                                                      by: int, named: tuple[int, str]) -> None:
    """Page 1 and page 0 both hear it; page 0's engine (page 1's, when page 0 is the culprit) refuses."""
    table = started()  # dealer 0: seat 1 leads, seat 0 waits
    f = table.followers[0]
    where = {"seat0pos": f._position(f.deal.hands[0][0]), "seat1pos": table.followers[1]._position(
        table.followers[1].deal.hands[1][0]), "stockpos": 12}
    cards = {"seat0card": Play(table.deck[where["seat0pos"]]), "seat1card": Play(table.deck[where["seat1pos"]]),
             "stockcard": Play(table.deck[12]), "draw": Draw(), "bid": Bid("A")}
    p = where.get(pos) if pos else None
    hearer = 1 if by == 0 else 0
    assert refusal(table, hearer, seat, cards[action], p, by) == (*named, "deal_mismatch")


def test_a_card_read_at_two_positions_stops_the_deal_unnamed() -> None:
    table = started()
    f = table.followers[0]
    mine = sorted(f.known)[0]
    with pytest.raises(Mismatch) as caught:
        f.show(20, f.known[mine])
    assert (caught.value.seat, caught.value.why) == (None, "repeated_card")


def test_a_rebuilt_deck_that_contradicts_a_card_read_is_refused() -> None:
    table = started()
    f = table.followers[0]
    wrong = list(table.deck)
    mine = sorted(f.known)[0]
    wrong[mine], wrong[30] = wrong[30], wrong[mine]
    with pytest.raises(Mismatch) as caught:
        f.verify(wrong)
    assert caught.value.why == "false_card"


def test_chiamata_the_called_cards_holder_stays_unknown_until_it_is_played() -> None:
    rules = Rules.make("chiamata", 5)
    for seed in range(40):
        rng = random.Random(seed)
        table = Table(rules, shuffled_deck(rules, rng), 0, (0, 1, 2, 3, 4))
        for seat in (1, 2, 3, 4, 0):
            table.step(seat, Bid("A") if seat == 1 else Pass())
        called = c("AC")
        table.step(1, CallSuit("C"))
        holder = next(s for s in range(5) if called in table.followers[s].deal.hands[s]) if any(
            called in table.followers[s].deal.hands[s] for s in range(5)) else None
        if holder in (None, 1):
            continue
        from briscola.view import view_of
        for page, f in table.followers.items():
            assert view_of(f.deal, page).partner == (holder if page == holder else None)
        return
    pytest.fail("no deal with a partner")
