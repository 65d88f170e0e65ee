"""Online tables through the real pages, whole matches (issue 20): Brisca for two with the trump
exchange (its first deal and the next), chiamata for five with two guests and a secret partner (and its next deal), a
table of four over several deals. Over the BroadcastChannel transport (``relay=local``): every page in one browser
context, the host's page the referee (``fair=0``: the way a club's fixture is dealt, whose seeds
decide the deals below; tests/e2e/online/table_support.py). The same shapes at a fair table, the
default: test_fair_shapes.py.

The seeds were picked with a quick loop over the engine that plays a match as these pages do (each
person plays his hand's first card, takes the face-up trump when offered, bids as told or passes;
the computer as the host's engine, whose choices follow the seed)::

    from briscola import web
    from briscola.session import current
    web.new_match({"variant": "brisca", "players": 2, "seed": seed, "level": "principiante",
                   "people": [0, 1], "online": True})
    s = current()  # then, until the match is over: s.ai_step() for the computer's seats,
                   # s.act(<the person's move>, seat) for the people's, s.next_deal() between deals

Links say no number of deals (static/boot/links.js: a ``?host=`` link plays the table's usual match,
setup.js defaultFormat), so each table plays its own: Brisca "first to 2 deals", chiamata 5 deals,
Biscambiggia for four 4 deals; Classica's is one deal (test_online_tables.py plays it for two).
"""

from __future__ import annotations

from typing import Any

from table_support import (
    bidding,
    exchanging,
    host_url,
    html,
    join,
    next_deal,
    open_host,
    pages,
    play_match,
    play_round,
    received,
    summary_numbers,
    wait_all,
)

# Brisca for 2, seed 6: three deals (the guest wins the first 91-29, the host the next two; the first
# is played here), and in the first deal two exchanges: the guest takes the face-up Re di bastoni with
# the 7, then the host takes that 7 with the 2 (the face-up card a 7 or lower: the 2 takes it).
BRISCA_SEED = 6
# Chiamata for 5, seed 5, the guest at seat 1 bidding (the others pass): he wins the auction and
# calls the Due di denari, which the host holds; it is played in the 8th trick of 8.
CHIAMATA_SEED = 5
# Biscambiggia for 4 (2 people, teams 0+2 and 1+3), seed 4: seats 0 and 2 win 3 deals to 0, the
# match decided after three of its four deals.
FOUR_SEED = 4



def seated(new: Any, site: str, variant: str, players: int, people: int, seed: int) -> list[Any]:
    """The host's page and one page per guest (seats 1.. in the order they come), the deal on."""
    host = new()
    invite = open_host(host, host_url(site, variant, players, people, seed, fair="0"))
    everyone = [host]
    for _ in range(people - 1):
        guest = new()
        join(guest, invite)
        everyone.append(guest)
    wait_all(everyone, "playing")
    assert [html(p, "seat") for p in everyone] == [str(s) for s in range(people)]
    return everyone


def title(page: Any) -> str:
    return page.locator("#dialog-title").inner_text().strip()


def states(page: Any) -> list[dict]:
    """The states a guest's page received from its host, in order."""
    return [m["state"] for m in received(page) if m["t"] == "state"]


def test_brisca_for_two_the_trump_exchanged_on_both_pages(pages: Any, site: str) -> None:
    """Brisca's first deal, where both people exchange the face-up trump through their panels, played
    to its end on both pages, and the next deal, which the match's format (first to 2 deals) asks for.
    (Its later deals and its end repeat test_a_table_of_four_over_several_deals: deal after deal, the
    match's end on both pages; the titles of a match for two: test_online_tables.py's whole deal.)"""
    host, guest = seated(pages, site, "brisca", 2, 2, BRISCA_SEED)
    assert play_round([host, guest], bidder=exchanging) == 40 + 2  # every card, the two exchanges
    wait_all([host, guest], "deal-over")
    numbers = [summary_numbers(p) for p in (host, guest)]
    assert numbers[0] == numbers[1]
    log = states(guest)
    # The exchange, made through the panel by each page (the guest's view lists both).
    end = log[-1]
    assert end["status"] == "deal-over" and end["deal_index"] == 0
    exchanges = [(e["seat"], e["gave"], e["took"]) for e in end["view"].get("exchanges", [])]
    assert exchanges == [(1, "7B", "QB"), (0, "2B", "7B")]
    # The same result on both pages, as the host's engine has it: the guest's 91 to the host's 29.
    assert end["deal_result"]["team_points"] == [29, 91] and {29, 91} <= set(numbers[0])
    next_deal([host, guest])
    assert states(guest)[-1]["deal_index"] == 1


def test_chiamata_for_five_with_two_guests(pages: Any, site: str) -> None:
    everyone = seated(pages, site, "chiamata", 5, 3, CHIAMATA_SEED)
    host, caller, other = everyone
    bidders = {id(caller)}
    play_round(everyone, timeout_s=240, bidder=lambda p: bidding(p) if id(p) in bidders else exchanging(p))
    wait_all(everyone, "deal-over")
    numbers = [summary_numbers(p) for p in everyone]
    assert numbers[1] == numbers[0] and numbers[2] == numbers[0]

    end = states(other)[-1]
    view = end["view"]
    assert end["status"] == "deal-over" and end["deal_index"] == 0
    assert view["caller"] == 1 and view["called"] == "2D" and view["partner"] == 0  # the seed's deal
    # While the partner is secret, no guest is told who he is: the sides are the caller against the
    # rest, the points likewise, the view names no partner.
    for guest in (caller, other):
        seat = int(html(guest, "seat"))
        secret = 0
        for st in states(guest):
            v = st["view"]
            played = any(v["called"] in t["cards"] for t in v["tricks"]) or v["called"] in v["trick"]
            if v["phase"] != "play" or not v["called"] or played:
                continue
            rest = [s for s in range(5) if s != 1]
            assert v["partner"] is None, f"seat {seat} told the partner before the called card"
            assert st["sides"] == [[1], rest], st["sides"]
            assert st["match"]["deals"][-1]["sides"] == [[1], rest]
            assert st["team_points"] == [v["points"][1], sum(v["points"]) - v["points"][1]]
            secret += 1
        assert secret >= 20, f"seat {seat}: only {secret} states while the partner was secret"
        assert states(guest)[-1]["view"]["partner"] == 0  # once the Due di denari is down, all know
    # The next deal starts when the host's does: the guests' summaries go by themselves.
    next_deal(everyone)


def test_a_table_of_four_over_several_deals(pages: Any, site: str) -> None:
    """Two people and the computer's two seats between them: each person plays his ten cards a deal
    (the computer the other twenty), deal after deal."""
    host, guest = seated(pages, site, "biscambiggia", 4, 2, FOUR_SEED)
    deals, moves = play_match([host, guest])
    assert len(deals) == 3 and moves == [20, 20, 20]
    end = states(guest)[-1]
    assert end["status"] == "match-over" and end["match"]["deal_wins"] == [3, 0]
    assert all(n in deals[-1] for n in end["match"]["deal_wins"])
    assert (title(host), title(guest)) == ("Avete vinto la partita!", "Avete perso la partita")
