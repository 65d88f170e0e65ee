"""A fair table in memory for the engine's tests (tests/engine/test_fair_deal.py): one
:class:`briscola.fair.FairDeal` per page, and in place of the cryptography a dealer who knows the
true deck and shows each position opened to exactly the pages it is opened for. Every page must ask
for the same positions at the same moment; what each page is told is kept, in order."""

from __future__ import annotations

import json
import random
from typing import Any

from briscola.actions import Action, Draw, Exchange, Play
from briscola.cards import Card
from briscola.fair import FairDeal
from briscola.variants import Rules
from briscola.view import visible_hands


class Table:
    """``pages[s]``: the page (a person's seat) that plays seat s."""

    def __init__(self, rules: Rules, deck: list[Card], dealer: int, pages: tuple[int, ...],
                 cutter: int | None = None) -> None:
        self.rules, self.deck, self.pages = rules, list(deck), pages
        self.followers = {p: FairDeal(rules, dealer, p, pages, cutter) for p in sorted(set(pages))}
        self.told: dict[int, list[str]] = {p: [] for p in self.followers}  # what each page's engine was given
        self.sync()

    def tell(self, page: int, *what: Any) -> None:
        self.told[page].append(json.dumps(what, sort_keys=True))

    def sync(self) -> None:
        """Open what the engines ask for, until they ask for nothing more."""
        while True:
            asked = {p: [o.to_json() for o in f.needs()] for p, f in self.followers.items()}
            first = next(iter(asked.values()))
            assert all(a == first for a in asked.values()), f"the pages ask for different positions: {asked}"
            if not first:
                return
            for p in self.followers:
                self.tell(p, "open", first)
                for o in first:
                    if o["holder"] is None or p == o["holder"] or p in o["viewers"]:
                        self.show(p, o["pos"])

    def show(self, page: int, pos: int) -> None:
        f = self.followers[page]
        if pos not in f.known:
            self.tell(page, "shown", pos, self.deck[pos].code)
            f.show(pos, self.deck[pos])

    def step(self, seat: int, action: Action, pos: int | None = None) -> None:
        """A seat's step on every page (its card shown to all first), and on the true deal."""
        if pos is not None:
            for p in self.followers:
                self.show(p, pos)
        for p, f in self.followers.items():
            self.tell(p, "act", seat, action.to_json(), pos)
            f.act(seat, action, pos, by=None if p == self.pages[seat] else self.pages[seat])
        self.sync()

    def choose(self, rng: random.Random) -> tuple[int, Action, int | None] | None:
        """A random step, chosen as the page that plays the seat would (from its own engine), or
        None when the deal is over."""
        any_page = next(iter(self.followers.values()))
        if any_page.window is not None:
            for f in self.followers.values():
                for seat in f.deciding():
                    legal = f.deal.legal_actions() if f.deal.to_move == seat else [Draw()]
                    action = rng.choice(legal)
                    pos = f._position(action.card) if isinstance(action, Exchange) else None
                    return seat, action, pos
                for seat in f.words():
                    return seat, Draw(), None
            raise AssertionError("a window with nobody to speak")
        deal = any_page.deal
        if deal.over:
            return None
        seat = deal.to_move
        f = self.followers[self.pages[seat]]
        legal = f.deal.legal_actions()
        if f.deal.phase == "auction" and f.deal.auction.best is None and rng.random() < 0.5:
            action = legal[-1]  # chiamata: a bid rather than a pass, or most deals would be void
        else:
            action = rng.choice(legal)
        pos = f._position(action.card) if isinstance(action, Play) else None
        return seat, action, pos

    def play(self, rng: random.Random, limit: int | None = None) -> list[tuple[int, Action, int | None]]:
        """Random steps to the deal's end (or ``limit`` steps); each page's view checked when ready."""
        made = []
        while limit is None or len(made) < limit:
            step = self.choose(rng)
            if step is None:
                break
            self.step(*step)
            made.append(step)
            self.check_views()
        return made

    def check_views(self) -> None:
        """Whatever a page may draw (its seats' hands, the hands shown it, the face-up card) is true."""
        truth = next(iter(self.followers.values())).verify(self.deck)
        for p, f in self.followers.items():
            if not f.ready:
                continue
            for seat in f.seats_of_page():
                assert f.deal.hands[seat] == truth.hands[seat], f"page {p}, seat {seat}'s hand"
                for other in visible_hands(f.deal, seat):
                    assert f.deal.hands[other] == truth.hands[other], f"page {p}, seat {other}'s hand shown"
            assert f.deal.trump_card == truth.trump_card
            assert f.deal.tricks == truth.tricks and f.deal.trick == truth.trick
            assert f.deal.phase == truth.phase or truth.phase == "exchange" or f.deal.phase == "exchange"
