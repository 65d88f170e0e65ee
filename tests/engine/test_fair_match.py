"""A fair table's match on every person's page (briscola/fair_session.py, docs/fair-deal.md): each page
holds the match through the page's one API, follows each deal from its own view, applies every other
page's step and checks it; the deal's end is replayed on the rebuilt deck and kept.

On a table in memory (tests/engine/fair_pages.py): whole matches of every variant and people count,
a page reloaded from its save mid-deal, a deal voided and dealt again with the computer in a gone
person's seat (his page following it as a spectator), and the property for every page, the host's
included: for two decks that agree on everything a page was shown, everything its engine answers it
is the same.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fair_pages import Page, Table
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola.save import load_match
from briscola.variants import TABLES

# Four shuffles per table (each 0.5-3 s of CPU): the breadth is in the tables, every variant and
# people count (the suite's time, issue 38).
PROPERTY = settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def people_for(players: int, rng: random.Random) -> list[int]:
    return list(range(2 + rng.randrange(players - 1)))


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_a_whole_match_on_every_page_with_a_reload_mid_deal(variant: str, players: int) -> None:
    rng = random.Random(f"match {variant} {players}")
    people = people_for(players, rng)
    table = Table(variant, players, people, rng)
    decks = []
    for _ in range(3):
        reload_at = rng.randrange(1, 12)
        table.play_deal(rng, limit=reload_at)
        table.reload(rng.choice(people))  # its engine starts again from its own save
        table.play_deal(rng)
        decks.append([c.code for c in table.deck])
        answers = {json.dumps([p.state["status"], p.state["match"]["points"], p.state["match"]["deals"]])
                   for p in table.pages.values()}
        assert len(answers) == 1, "every page has the same match"
        if table.pages[0].state["status"] == "match-over":
            break
        table.next_deal()
    for page in table.pages.values():
        match = load_match(page.save)
        assert [[c.code for c in d] for d in match.decks] == decks, "the save keeps each checked deck"
        assert page.state["view"]["seat"] == page.seat


def test_a_deal_voided_is_dealt_again_with_the_computer_in_the_gone_persons_seat() -> None:
    """Seat 2's page is gone mid-deal: the deal is void, dealt again with seat 2 played on its
    partner's page (seat 0's); seat 2's page, back, follows it as a spectator, drawing no hand."""
    rng = random.Random(3)
    table = Table("biscambiggia", 4, [0, 1, 2], rng)
    table.play_deal(rng, limit=5)
    table.void(here=[0, 1])
    assert table.pages[0].fair["plays"] == [0, 1, 0, 1]
    spectator = table.pages[2].state
    assert spectator["view"]["hand"] == [] and spectator["ai_to_move"] and spectator["view"]["legal"] == []
    table.play_deal(rng)
    assert {json.dumps(p.state["match"]["deals"]) for p in table.pages.values()} == {
        json.dumps(table.pages[0].state["match"]["deals"])}
    table.next_deal()  # back: he plays his seat again
    assert table.pages[2].fair["plays"] == [0, 1, 2, 1] and len(table.pages[2].state["view"]["hand"]) == 3


def test_a_step_heard_twice_is_applied_once_and_a_skipped_one_is_named() -> None:
    rng = random.Random(5)
    table = Table("classica", 2, [0, 1], rng)
    table.play_deal(rng, limit=1)
    seat, step = table.steps_made[-1]
    other = table.pages[1 - seat]
    again = other.call("fair_step", {"steps": [{**step, "by": seat}]})
    assert again["ok"] and again.get("played") is None, "heard before: nothing changes"
    skipped = other.call("fair_step", {"steps": [{**step, "by": seat, "sn": step["sn"] + 2}]})
    assert skipped["error"]["code"] == "deal_mismatch"
    assert skipped["error"]["params"] == {"seat": seat, "why": "bad_message"}


# --------------------------------------------------------------------- what a page learns


def replay(table: Table, moves: list[tuple[int, str, Any, int, dict[str, Any]]]) -> None:
    """The moves of another table made again here, each by the page that made it there: a person's
    through op act, the computer's as it chose there (op ai_move's answer, the same move forced)."""
    import briscola.session as session_module
    from briscola.web_fair import answer

    for page_seat, op, arg, seat, action in moves:
        page = table.pages[page_seat]
        if op == "act":
            out = page.call("act", arg)
        else:
            session_module._current = page.session
            out = answer(page.session, page.session.act(action, seat, by_computer=True))
            page.told.append(json.dumps([op, arg, {k: v for k, v in out.items() if k != "save"}], sort_keys=True))
            page.last = out
        table.send(page, out)
        table.settle_reads()


def record_moves(table: Table, rng: random.Random, limit: int) -> list[tuple[int, str, Any, int, dict[str, Any]]]:
    moves = []
    for _ in range(limit):
        found = table.mover()
        if found is None:
            break
        page = found[0]
        before = len(page.told)
        table.move(rng)
        op, arg, out = json.loads(page.told[before])
        played = dict(out["played"])
        seat = played["seat"] if "exchange" in played else played.pop("seat")
        moves.append((page.seat, op, arg, seat, played))
    return moves


@pytest.mark.parametrize(("variant", "players"), TABLES)
@PROPERTY
@given(data=st.data())
def test_every_page_is_told_the_same_for_two_decks_that_agree_on_what_it_was_shown(variant: str, players: int,
                                                                                    data: Any) -> None:
    """The host's page (seat 0) as much as a guest's: its engine's every answer, card read, view."""
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    people = people_for(players, rng)
    page = data.draw(st.sampled_from(people), label="page")
    first = Table(variant, players, people, random.Random(rng.random()))
    deck = list(first.deck)
    moves = record_moves(first, random.Random(rng.random()), data.draw(st.integers(0, 50), label="moves"))
    # Brisca's exchange: a page that cannot exchange says so at once, one that can takes its time to
    # decide, and the order of the words shows it (docs/fair-deal.md, "Timing"): the swap keeps every
    # 7 and 2 where it was, so that who can exchange is the same at both tables.
    keep = {"7", "2"} if variant == "brisca" else set()
    unseen = [i for i in range(len(deck)) if i not in first.pages[page].known and deck[i].rank not in keep]
    if len(unseen) < 2:
        return
    i, j = rng.sample(unseen, 2)
    other = list(deck)
    other[i], other[j] = other[j], other[i]
    again = Table(variant, players, people, random.Random(0), decks=[other])
    replay(again, moves)
    assert again.pages[page].told == first.pages[page].told, f"page {page} can tell the decks apart"


def test_the_property_sees_a_card_the_page_holds() -> None:
    """Not vacuous: decks that differ in a card the page was dealt tell it so."""
    first = Table("classica", 2, [0, 1], random.Random(1))
    mine = sorted(first.pages[0].known)[0]
    other = list(first.deck)
    other[mine], other[30] = other[30], other[mine]
    again = Table("classica", 2, [0, 1], random.Random(0), decks=[other])
    assert again.pages[0].told != first.pages[0].told
    assert again.pages[1].told == first.pages[1].told or mine in first.pages[1].known


def test_a_pages_save_holds_no_card_it_was_not_shown() -> None:
    """What a page stores (its save) names only the cards it read: the deal in play's others are
    stand-ins nowhere in it."""
    rng = random.Random(9)
    table = Table("brisca", 4, [0, 1, 2, 3], rng)
    table.play_deal(rng, limit=9)
    for page in table.pages.values():
        data = json.loads(page.save)
        known = {code for _, code in data["fair"]["deal"]["known"]}
        assert {table.deck[p].code for p in page.known} == known
        assert data["deals"][-1] == [] and "deck" not in data




# --------------------------------------------------------------------- the move clock


def to_move(table: Table, rng: random.Random) -> Any:
    """Moves until a person is to move on his own page: that page."""
    while (found := table.mover()) is not None and found[1] != "person":
        table.move(rng)
    assert found is not None
    return found[0]


def test_a_time_out_is_a_step_that_ends_the_match_on_every_page_and_the_deal_is_checked() -> None:
    """The person's own page runs his clock: the time it reports (op ``clock``, a tab hidden) and his
    time-out (op ``timeout``) go to every page as steps, each page's copy of the clock charged alike;
    a time-out too early is refused and changes nothing. Timed out, his side loses the match on
    every page (RULES.md §3), and the deal is checked as far as it was played."""
    rng = random.Random(8)
    table = Table("classica", 2, [0, 1], rng, fmt={"move_ms": 15_000})
    table.play_deal(rng, limit=3)
    page = to_move(table, rng)
    seat = page.seat
    early = page.call("timeout", {"ms": 14_000})
    assert early["ok"] is False and early["error"]["code"] == "clock_running"
    out = page.call("clock", {"ms": 9_000})  # the tab hid: time spent, on every page's copy
    assert out["ok"] and out["result"]["sent"] == [{"seat": seat, "clock": 9_000, "sn": out["result"]["sent"][0]["sn"]}]
    table.send(page, out)
    other = table.pages[1 - seat]
    assert other.state["clock"] == page.state["clock"], "every page's copy of his clock alike"
    out = page.call("timeout", {"ms": 6_000})
    assert out["ok"] and out["state"]["status"] == "match-over" and "timeout" in out["result"]["sent"][0]
    table.send(page, out)
    for p in table.pages.values():
        assert p.state["status"] == "match-over" and p.fair["over"] and not p.fair["settled"], p.seat
    table.verify()
    results = {json.dumps(p.state["match"], sort_keys=True) for p in table.pages.values()}
    assert len(results) == 1 and all(p.fair["settled"] for p in table.pages.values())
    match = table.pages[0].state["match"]
    assert match["abandoned_by"] == seat and match["decided_by"] == "timeout", match


def test_a_time_out_from_another_page_or_with_time_left_is_named() -> None:
    rng = random.Random(9)
    table = Table("classica", 2, [0, 1], rng, fmt={"move_ms": 15_000})
    page = to_move(table, rng)
    other = table.pages[1 - page.seat]
    sn = other.fair["applied"].get(str(other.seat), 0)
    forged = page.call("fair_step", {"steps": [{"by": other.seat, "sn": sn, "seat": page.seat, "timeout": 15_000}]})
    assert forged["error"]["params"] == {"seat": other.seat, "why": "not_his"}
    sn = other.fair["applied"].get(str(page.seat), 0)
    early = other.call("fair_step", {"steps": [{"by": page.seat, "sn": sn, "seat": page.seat, "timeout": 5_000}]})
    assert early["error"]["params"] == {"seat": page.seat, "why": "illegal"}


def test_a_person_let_back_in_without_his_data_takes_the_match_up_and_plays_the_deal_dealt_again() -> None:
    """The host's "Fai rientrare" at a fair table: the newcomer's page has nothing. The host's page
    shares the match as every page may know it (the deals checked, nothing of the deal in play),
    the deal in play is dealt again, and the newcomer's page takes the match up from his seat with
    that shuffle: the deal is played through and checked alike on both pages."""
    rng = random.Random(12)
    table = Table("classica", 2, [0, 1], rng, fmt={"kind": "smazzate", "deals": 3})
    table.play_deal(rng)
    table.next_deal()
    table.play_deal(rng, limit=4)
    host = table.pages[0]
    shared = host.call("fair_share")["result"]["match"]
    data = json.loads(shared)  # the deal checked (its deck every page's), the deal in play as dealt: nothing of it
    assert "fair" not in data and len(data["decks"]) == 1 and data["deals"][-1] == [], data
    plays = table.next_shuffle([0, 1])
    host.known = set()
    assert host.call("fair_void", plays)["ok"]
    newcomer = Page(1)
    out = newcomer.call("fair_join", {"match": shared, "viewer": 1, "fair": plays})
    assert out["ok"] and out["state"]["view"]["seat"] == 1 and out["state"]["deal_index"] == 1, out
    table.pages[1] = newcomer
    table.settle_reads()
    table.play_deal(rng)
    assert host.state["match"] == newcomer.state["match"] and len(host.state["match"]["deals"]) == 2
    bad = Page(1).call("fair_join", {"match": shared, "viewer": 0, "fair": plays})
    assert bad["ok"] is False
