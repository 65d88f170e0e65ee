"""Fairness at an online table (issue 20): for two decks that agree on everything a guest has seen,
every message that guest receives is identical, over whole deals of every variant and people count.

"Seen" is read off the messages themselves: every card code in them. A deal is played on a deck;
at a point where the guest is not kept waiting, two cards no message has named are swapped in the
deck, the match gets another seed, and the same moves are made again (a seat that can exchange
only in one of the two deals declines; a declined exchange the other deal does not offer is
skipped). Whatever the guest was sent up to that point must be the same, byte for byte: the
seed, a declined Brisca exchange, the moment another seat decides one, chiamata's hidden partner
would each break it (briscola/guests.py).
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from briscola.actions import Draw, Exchange
from briscola.guests import guest_updates, waiting_on_another
from briscola.match import Match, MatchFormat
from briscola.session import Session
from briscola.state import Deal, shuffled_deck
from briscola.variants import TABLES, Rules

CODE = re.compile(r"\b[A2-7JQK][DCBS]\b")
# Names of cards that say nothing of where they lie: an option, and chiamata's called card (named
# by the call; who holds it stays secret until it is played).
NAMED_ONLY = re.compile(r'"(removed_two|called)": "..",?')
PROPERTY = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def options_for(variant: str, players: int, pick: int) -> dict[str, Any]:
    """Default rules, or one of the options that show more cards (or end a deal early)."""
    teams = players in (4, 6) and variant != "chiamata"
    choices = [{}, {"carte_viste": True}, {"vinco_subito": True} if variant != "chiamata" else {}]
    if teams:
        choices += [{"carte_scoperte": True}, {"mostra_carte": True}]
    return choices[pick % len(choices)]


def table(rules: Rules, deck: list, dealer: int, people: int, seed: int) -> Session:
    """An online table (seats 0..people-1 are people) whose deal is ``deck`` dealt by ``dealer``."""
    match = Match.new(rules, MatchFormat.default(rules.name, rules.players), seed,
                      meta={"people": list(range(people)), "online": True})
    match.deals[-1] = Deal(rules, dealer, deck)
    return Session(match)


def send(session: Session, guest: int, out: list[str], **step: Any) -> None:
    msg = guest_updates(session, {"seats": [guest], **step})["messages"][str(guest)]
    if msg is not None:
        out.append(json.dumps(msg, sort_keys=True))


def move(session: Session, action: Any, guest: int, out: list[str]) -> None:
    """One step, made as the host's page makes it (act), and what the guest is sent after it."""
    deal = session.match.deal
    seat = action.seat if isinstance(action, Exchange) else deal.to_move
    played = session.act(action.to_json(), seat=seat, by_computer=True)
    send(session, guest, out, played=played, by=seat if seat == guest else None)


def play(session: Session, guest: int, rng: random.Random) -> tuple[list, list[tuple[int, int]], list[str]]:
    """The whole deal with random moves: the moves, (moves made, messages sent) where the guest was
    not kept waiting, and the messages."""
    out: list[str] = []
    send(session, guest, out, dealt=True)
    moves, points = [], [(0, len(out))]
    while not session.match.deal.over:
        deal = session.match.deal
        legal = deal.legal_actions()
        # chiamata: a bid rather than a pass while nobody has bid, or most deals would be void
        action = legal[-1] if deal.phase == "auction" and deal.auction.best is None and rng.random() < 0.5 \
            else rng.choice(legal)
        moves.append(action)
        move(session, action, guest, out)
        if not waiting_on_another(session, guest):
            points.append((len(moves), len(out)))
    return moves, points, out


def replay(session: Session, guest: int, moves: list) -> list[str]:
    """The same moves on another deck; exchange decisions only one deal offers are declined or skipped."""
    out: list[str] = []
    send(session, guest, out, dealt=True)
    for action in moves:
        deal = session.match.deal
        while deal.phase == "exchange" and not _decides(deal, action):
            move(session, Draw(), guest, out)  # a seat that could exchange only here declines
        if isinstance(action, Draw) and deal.phase != "exchange":
            continue  # an exchange declined in the first deal that this one never offered
        move(session, action, guest, out)
    while waiting_on_another(session, guest):
        move(session, Draw(), guest, out)
    return out


def _decides(deal: Deal, action: Any) -> bool:
    """Whether ``action`` is the pending exchange decision (the seat deciding now)."""
    seat = action.seat if isinstance(action, Exchange) else deal.to_move
    return isinstance(action, Exchange | Draw) and deal.to_move == seat


@pytest.mark.parametrize(("variant", "players"), TABLES)
@PROPERTY
@given(data=st.data())
def test_a_guest_learns_nothing_of_the_cards_he_has_not_seen(variant: str, players: int, data: Any) -> None:
    people = data.draw(st.integers(2, players), label="people")
    guest = data.draw(st.integers(1, people - 1), label="guest")
    rules = Rules.make(variant, players, options_for(variant, players, data.draw(st.integers(0, 4), label="options")))
    rng = random.Random(data.draw(st.integers(0, 2**32), label="seed"))
    deck, dealer = shuffled_deck(rules, rng), rng.randrange(players)
    first = table(rules, list(deck), dealer, people, rng.randrange(2**31))
    moves, points, sent_all = play(first, guest, rng)
    done, sent = data.draw(st.sampled_from(points), label="cut point")
    text = NAMED_ONLY.sub("", "".join(sent_all[:sent]))
    seen = set(CODE.findall(text))
    unseen = [i for i, c in enumerate(deck) if c.code not in seen]
    if len(unseen) < 2:
        return  # the guest has seen every card: no other deck agrees with him
    # Half the time a card that matters more: a trump (a 7 or 2 of trumps moved between a hand and
    # the stock is where an exchange, and the moment someone decides one, exists in one deal only)
    # or chiamata's called card (whose holder is the caller's secret partner).
    deal = first.match.deal
    called = [i for i in unseen if deck[i] == deal.called_card]
    trumps = [i for i in unseen if deck[i].suit == deal.trump_suit]
    keen = called or trumps
    i = rng.choice(keen) if keen and rng.random() < 0.5 else rng.choice(unseen)
    j = rng.choice([k for k in unseen if k != i])
    other = list(deck)
    other[i], other[j] = other[j], other[i]
    again = table(rules, other, dealer, people, rng.randrange(2**31) + 2**31)  # another seed too
    assert replay(again, guest, moves[:done]) == sent_all[:sent]


def test_the_check_sees_a_leak() -> None:
    """Not vacuous: what the host's own page gets (its hand, the seed) changes with the swap."""
    rules = Rules.make("brisca", 2)
    rng = random.Random(3)
    deck = shuffled_deck(rules, rng)
    states = set()
    for seed, swap in ((1, (0, 1)), (2, (0, 1)), (1, (0, 30))):
        other = list(deck)
        other[swap[0]], other[swap[1]] = other[swap[1]], other[swap[0]]
        states.add(json.dumps(table(rules, other, 0, 2, seed).state(0), sort_keys=True))
    assert len(states) == 3


def test_a_declined_exchange_is_heard_only_by_who_declined() -> None:
    """Brisca: the seat that held the 7 of trumps and declined; the other guest hears nothing of it,
    and is sent nothing while the decision is pending."""
    rules = Rules.make("brisca", 2)
    for seed in range(400):
        rng = random.Random(seed)
        session = table(rules, shuffled_deck(rules, rng), 0, 2, seed)
        deal = session.match.deal
        while not deal.over and deal.phase != "exchange":
            session.act(rng.choice(deal.legal_actions()).to_json(), seat=deal.to_move, by_computer=True)
        if deal.phase == "exchange" and deal.to_move == 0:
            break
    else:
        pytest.fail("no exchange for seat 0 in 400 deals")
    assert guest_updates(session, {"seats": [1]})["messages"] == {"1": None}  # seat 0 decides: seat 1 waits
    played = session.act({"draw": True}, seat=0, by_computer=True)
    msg = guest_updates(session, {"seats": [1], "played": played})["messages"]["1"]
    assert msg["played"] is None and msg["state"]["view"]["phase"] == "play"
