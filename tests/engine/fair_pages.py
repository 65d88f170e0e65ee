"""A fair table's pages in memory, each with its own engine behind the page's one API
(:func:`briscola.web.call`, the session swapped in for each page's call), for the engine's tests of
whole fair matches (tests/engine/test_fair_match.py).

In place of the cryptography, a dealer that knows each deal's true deck shows a page the cards at
the positions its engine has opened for it (``fair.opens``: its own, the ones shown it, the face-up
card) and, before a page hears a step that shows a card, that card. In place of the transport, a hub
that gives every step to every other page in the order made. What each page's engine is told and
answers is kept (``told``): the property compares it between two decks.
"""

from __future__ import annotations

import json
import random
from typing import Any

import briscola.session as session_module
from briscola.cards import Card
from briscola.state import shuffled_deck
from briscola.variants import Rules
from briscola.web import call


class Page:
    """One person's page: its seat and its engine's session."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.session: Any = None
        self.last: dict[str, Any] = {}
        self.known: set[int] = set()
        self.told: list[str] = []
        self.save: str | None = None

    def call(self, op: str, arg: Any = None) -> dict[str, Any]:
        session_module._current = self.session
        out = json.loads(call(op, json.dumps(arg)))
        self.session = session_module._current
        self.told.append(json.dumps([op, arg, _public(out)], sort_keys=True))
        if out.get("save"):
            self.save = out["save"]
        if out.get("state"):
            self.last = out
        return out

    @property
    def state(self) -> dict[str, Any]:
        return self.last["state"]

    @property
    def fair(self) -> dict[str, Any]:
        return self.state["fair"]


def _public(out: dict[str, Any]) -> dict[str, Any]:
    """An answer as the property compares it: the save's text (which carries its digest) aside."""
    return {k: v for k, v in out.items() if k != "save"}


class Table:
    """Pages at one fair table: ``people`` the people's seats (0 the host's), each a page."""

    def __init__(self, variant: str, players: int, people: list[int], rng: random.Random,
                 options: dict[str, Any] | None = None, fmt: dict[str, Any] | None = None,
                 decks: list[list[Card]] | None = None) -> None:
        self.rules = Rules.make(variant, players, options or {})
        self.rng = rng
        self.people = people
        self.pages = {s: Page(s) for s in people}
        self.decks = decks  # the true decks, deal after deal (None: shuffled by rng)
        self.shuffles = 0
        self.deck: list[Card] = []
        self.settings = {"variant": variant, "players": players, "options": options or {}, "seed": 5,
                         "people": people, "online": True, "room": "faireng01", "level": "principiante",
                         **({"format": fmt} if fmt else {})}
        self.steps_made: list[tuple[int, dict[str, Any]]] = []
        self.queue: list[tuple[Page, dict[str, Any]]] = []
        self.flushing = False
        plays = self.next_shuffle(people)
        for seat, page in self.pages.items():
            out = page.call("new", {**self.settings, "viewer": seat, "fair": plays})
            assert out["ok"], out
        self.settle_reads()

    # ----------------------------------------------------------------- the dealer and the hub

    def next_shuffle(self, here: list[int]) -> dict[str, Any]:
        """A new shuffle: its true deck, and who plays each seat (briscola.fair_session.plays_for)."""
        from briscola.fair_session import plays_for

        i = self.shuffles
        self.shuffles += 1
        self.deck = list(self.decks[i]) if self.decks and i < len(self.decks) else shuffled_deck(self.rules, self.rng)
        return {"k": f"k{i}", "plays": plays_for(self.rules, self.people, here)}

    def read(self, page: Page, positions: list[int]) -> None:
        shown = [{"pos": p, "card": self.deck[p].code} for p in positions if p not in page.known]
        if shown:
            page.known.update(x["pos"] for x in shown)
            out = page.call("fair_step", {"shown": shown})
            assert out["ok"], out
            self.send(page, out)

    def settle_reads(self) -> None:
        """Every page reads the positions its engine opened for it, until none is left."""
        again = True
        while again:
            again = False
            for page in self.pages.values():
                fair = page.fair
                if fair.get("settled"):
                    continue
                mine = [o["pos"] for o in fair["opens"]
                        if o["holder"] in (None, page.seat) or page.seat in o["viewers"]]
                if any(p not in page.known for p in mine):
                    self.read(page, mine)
                    again = True

    def send(self, page: Page, out: dict[str, Any]) -> None:
        """The steps ``page``'s engine made go to the hub, which gives them to every other page in the
        order they came (a card shown: read first); the steps those lead to follow them."""
        self.queue.extend((page, step) for step in out.get("result", {}).get("sent", []))
        if self.flushing:
            return
        self.flushing = True
        try:
            while self.queue:
                sender, step = self.queue.pop(0)
                self.steps_made.append((sender.seat, step))
                for other in self.pages.values():
                    if other is sender:
                        continue
                    if "pos" in step:
                        self.read(other, [step["pos"]])
                    res = other.call("fair_step", {"steps": [{**step, "by": sender.seat}]})
                    assert res["ok"], (other.seat, step, res)
                    self.send(other, res)
        finally:
            self.flushing = False

    # ----------------------------------------------------------------- playing

    def mover(self) -> tuple[Page, str] | None:
        """The page that moves now, and how ("ai" or "person"); None when nobody can."""
        for page in self.pages.values():
            st = page.state
            if st["status"] != "playing" or not st["fair"]["ready"]:
                continue
            if st["fair"]["ai"] is not None:
                return page, "ai"
            if not st["ai_to_move"] and st["view"]["legal"]:
                return page, "person"
        return None

    def move(self, rng: random.Random) -> bool:
        found = self.mover()
        if found is None:
            return False
        page, how = found
        if how == "ai":
            out = page.call("ai_move")
        else:
            legal = page.state["view"]["legal"]
            out = page.call("act", rng.choice(legal))
        assert out["ok"], out
        self.send(page, out)
        self.settle_reads()
        return True

    def play_deal(self, rng: random.Random, limit: int | None = None) -> int:
        """Moves to the deal's end (or ``limit`` moves); then every page checks it on the true deck."""
        made = 0
        while limit is None or made < limit:
            if not self.move(rng):
                break
            made += 1
        if limit is None or made < limit:
            assert all(p.fair["over"] for p in self.pages.values()), "nobody can move, the deal not over"
            self.verify()
        return made

    def verify(self) -> None:
        for page in self.pages.values():
            out = page.call("fair_verify", {"deck": [c.code for c in self.deck]})
            assert out["ok"], out

    def next_deal(self, here: list[int] | None = None) -> None:
        plays = self.next_shuffle(here or self.people)
        for page in self.pages.values():
            page.known = set()
            out = page.call("next_deal", {"fair": plays})
            assert out["ok"], out
        self.settle_reads()

    def void(self, here: list[int]) -> None:
        plays = self.next_shuffle(here)
        for page in self.pages.values():
            page.known = set()
            out = page.call("fair_void", plays)
            assert out["ok"], out
        self.settle_reads()

    def reload(self, seat: int) -> None:
        """The page at ``seat`` loads its match again from its last save (a reload)."""
        page = self.pages[seat]
        out = page.call("load", page.save)
        assert out["ok"], out
