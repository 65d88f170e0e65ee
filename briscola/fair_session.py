"""A fair table's match on one page (docs/fair-deal.md): every person's page holds the match, and
follows its deal in play from its own view (:class:`briscola.fair.FairDeal`); every page applies
every seat's step, in the order the table's hub gave them, and checks it.

A step is ``{seat, action, pos?, ms?, sn}`` from a page: ``pos`` the position of the card a play or
an exchange shows, ``ms`` the time its seat took (a move clock), ``sn`` the page's own count of its
steps in this deal (a step heard twice, after a reload, is applied once). The page moves for the
seats it plays (``plays[s] == page``: its person's, and the computer's seats it was given); this
page's engine makes those steps (:meth:`FairPlay.own`, with the computer's own choice from its
seat's view) and says them to the page, which sends them; the others' come in through
:meth:`FairPlay.step`. Brisca's words ("I do not exchange", said by every seat that took a trick and
cannot exchange) are made here at once, as the page's own steps.

The computer's random choices at a fair table follow a secret of this page (``ai``): the match's
seed, which every page has, decides the first dealer and nothing else.

>>> from briscola.match import Match, MatchFormat
>>> from briscola.variants import Rules
>>> m = Match(Rules.make("classica", 2), MatchFormat.default("classica", 2), 7, {"people": [0, 1]}, decks=[])
>>> fp = FairPlay(m, page=1)
>>> fp.begin("a", [0, 1])
>>> m.deal.dealer, [o["holder"] for o in fp.info()["opens"]]  # the seat after the dealer is served first
(1, [0, 1, 0, 1, 0, 1, None])
"""

from __future__ import annotations

import secrets
from typing import Any

from .actions import Action, Draw, Exchange, Play, action_from_json
from .cards import Card
from .clock import OutOfTime, reported_ms
from .errors import BriscolaError, IllegalAction
from .fair import FairDeal, Mismatch
from .match import Match

_K = 40  # a shuffle's id, at most this many characters


def seat_pages(rules: Any) -> list[list[int]]:
    """The pages that may play each seat, in the order they are asked (:func:`plays_for` takes the
    first that is at the table): the seat's own person's, then his side's people's, then the host's
    (seat 0). Chiamata's sides are known only in play: there, the host's.

    >>> from briscola.variants import Rules
    >>> seat_pages(Rules.make("classica", 4))
    [[0, 2], [1, 3, 0], [2, 0], [3, 1, 0]]
    """
    out = []
    for seat in range(rules.players):
        team = next((t for t in rules.teams if seat in t), ()) if rules.name != "chiamata" else ()
        out.append(list(dict.fromkeys([seat, *team, 0])))
    return out


def plays_for(rules: Any, people: list[int], here: list[int]) -> list[int]:
    """Which page plays each seat of the next deal: a person's seat whose page is ``here``, his own;
    any other seat (the computer's, or a person's whose page is gone) the page of a person of its
    side that is here, else the host's (seat 0): :func:`seat_pages`' first page at the table.

    >>> from briscola.variants import Rules
    >>> plays_for(Rules.make("biscambiggia", 4), [0, 1], [0, 1])  # seat 2 is seat 0's partner
    [0, 1, 0, 1]
    >>> plays_for(Rules.make("classica", 2), [0, 1], [0])
    [0, 0]
    """
    present = {s for s in people if s in here} | {0}
    return [next(p for p in pages if p in present) for pages in seat_pages(rules)]


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BriscolaError(f"{field} must be a whole number", code="bad_shape", params={"field": field})
    return value


def shuffle_of(value: Any, match: Match | None = None) -> tuple[str, list[int]]:
    """``{k, plays}`` (a shuffle's id and the page of each seat) as a fair deal's start gives it; or
    ``{k, here}`` (the people's seats whose pages are at the table): every page then works ``plays``
    out alike (:func:`plays_for`), and the table's host need not. (``then``: :func:`plan_of`.)

    >>> from briscola.match import Match, MatchFormat
    >>> from briscola.variants import Rules
    >>> m = Match(Rules.make("classica", 3), MatchFormat.default("classica", 3), 7, {"people": [0, 2]}, decks=[])
    >>> shuffle_of({"k": "a", "here": [0]}, m)
    ('a', [0, 0, 0])
    """
    if not isinstance(value, dict):
        raise BriscolaError("a fair deal starts with {k, plays}", code="bad_shape", params={"field": "fair"})
    k, plays, here = value.get("k"), value.get("plays"), value.get("here")
    if isinstance(here, list) and plays is None and match is not None:
        people = match.meta.get("people", [0])
        plays = plays_for(match.rules, people, [_whole(s, "here") for s in here])
    if not isinstance(k, str) or not 0 < len(k) <= _K or not isinstance(plays, list):
        raise BriscolaError("a shuffle's id is a short text, plays a list", code="bad_shape", params={"field": "fair"})
    return k, [_whole(p, "plays") for p in plays]


def plan_of(value: Any) -> tuple[list[int] | None, str | None]:
    """What a fair deal's start says of the next deal: the pages ``here`` it was given (None when
    given ``plays``), and ``then``, the shuffle the pages make for the next deal while this one is
    played (None: none made ahead). The next deal is dealt from ``then`` only among the same pages.

    >>> plan_of({"k": "a", "here": [2, 0], "then": "b"}), plan_of({"k": "a", "plays": [0, 0]})
    (([0, 2], 'b'), (None, None))
    """
    value = value if isinstance(value, dict) else {}
    here, then = value.get("here"), value.get("then")
    if then is not None and (not isinstance(then, str) or not 0 < len(then) <= _K or then == value.get("k")):
        raise BriscolaError("the next shuffle's id is a short text, not this one's", code="bad_shape",
                            params={"field": "then"})
    return (sorted({_whole(s, "here") for s in here}) if isinstance(here, list) else None), then


class FairPlay:
    """This page's side of a fair table's match: the deal in play, followed from this page's view.
    Its state is the match's ``fair_state`` (kept in the save)."""

    def __init__(self, match: Match, page: int, ai: str | None = None) -> None:
        self.match, self.page = match, page
        self.follow: FairDeal | None = None
        self.k: str | None = None
        self.here: list[int] | None = None  # the pages the deal in play was dealt among (when given)
        self.then: str | None = None  # the next deal's shuffle, made by the same pages while this one is played
        self.applied: dict[int, int] = {}  # page -> how many of its steps this deal has applied
        self.ai = ai or secrets.token_hex(16)

    # ----------------------------------------------------------------- the deal in play

    def begin(self, k: str, plays: list[int], plan: tuple[list[int] | None, str | None] = (None, None)) -> None:
        """The match's deal in play, untouched, followed from here: the shuffle ``k`` deals it, each
        seat played on the page ``plays`` names (a person's seat: a person's page). ``plan``: the
        pages here and the next deal's shuffle (:func:`plan_of`)."""
        deal = self.match.deal
        if not self.match.unsettled or deal.history or deal.cut_at is not None:
            raise BriscolaError("no fresh fair deal to begin", code="bad_shape", params={"field": "fair"})
        people = self.match.meta.get("people", [0])
        if any(p not in people for p in plays):
            raise BriscolaError("every seat is played on a person's page", code="bad_shape", params={"field": "plays"})
        self.follow = FairDeal(self.match.rules, deal.dealer, self.page, tuple(plays), deal.cutter)
        self.k, self.applied = k, {}
        self.here, self.then = plan
        self._sync()

    def void(self, k: str, plays: list[int], plan: tuple[list[int] | None, str | None] = (None, None)) -> None:
        """The deal in play is void (a page gone for good, or caught cheating): dealt again from a
        new shuffle ``k``."""
        self.match.restart_deal()
        self.begin(k, plays, plan)

    @property
    def deal(self) -> FairDeal:
        if self.follow is None:
            raise BriscolaError("no fair deal is followed", code="bad_shape", params={"field": "fair"})
        return self.follow

    def plays(self, seat: int) -> bool:
        """Whether this page moves for ``seat`` in the deal in play."""
        return self.follow is not None and self.follow.pages[seat] == self.page

    def own(self, seat: int, action: Action, ms: int | None) -> list[dict[str, Any]]:
        """A step of a seat this page plays: applied, and returned with Brisca's words it led to, as
        the steps this page sends."""
        fd = self.deal
        if not self.plays(seat):
            raise Mismatch(f"seat {seat} is not played on page {self.page}", self.page, "not_his")
        pos = fd.position(action.card) if isinstance(action, Play | Exchange) else None
        sn = self.applied.get(self.page, 0)
        self._apply(seat, action, pos, None, ms)
        self.applied[self.page] = sn + 1
        step = {"seat": seat, "action": action.to_json(), "sn": sn, **({"pos": pos} if pos is not None else {}),
                **({"ms": ms} if ms is not None else {})}
        return [step, *self._words()]

    def step(self, by: int, sn: int, seat: int, action: Action, pos: int | None, ms: int | None) -> bool:
        """Page ``by``'s step number ``sn`` (its ``sn``-th of the deal): applied once (False: heard
        before). A step out of its page's order is a page that does not follow the protocol."""
        if not self._due(by, sn):
            return False
        self._apply(seat, action, pos, by if by != self.page else None, ms)
        self.applied[by] = sn + 1
        return True

    def own_time(self, seat: int, kind: str, ms: int) -> list[dict[str, Any]]:
        """The move clock of a seat this page plays (its person's): ``kind`` ``"clock"`` (``ms`` more
        thought, not moving yet: the tab hid) or ``"timeout"`` (its countdown reached zero: his side
        loses the match, RULES.md §3). Applied here (:class:`briscola.clock.ClockRunning` if time is
        left: nothing changes), and returned as the step this page sends: every page's copy of the
        clock is charged alike, and a time-out ends the match on every page."""
        if not self.plays(seat):
            raise Mismatch(f"seat {seat} is not played on page {self.page}", self.page, "not_his")
        sn = self.applied.get(self.page, 0)
        self._time(seat, kind, ms)
        self.applied[self.page] = sn + 1
        return [{"seat": seat, kind: ms, "sn": sn}]

    def step_time(self, by: int, sn: int, seat: int, kind: str, ms: int) -> bool:
        """Page ``by``'s move clock step (:meth:`own_time`): only the page that plays the seat reports
        its time, and a time-out with time left on this page's copy of the clock (the same as every
        page's: charged by the same steps) is a page that does not follow the rules."""
        if not self._due(by, sn):
            return False
        if self.deal.pages[seat] != by:
            raise Mismatch(f"page {by} reports seat {seat}'s time", by, "not_his")
        try:
            self._time(seat, kind, ms)
        except BriscolaError as exc:
            raise Mismatch(f"seat {seat}'s clock: {exc}", by, "illegal") from None
        self.applied[by] = sn + 1
        return True

    def words(self) -> list[dict[str, Any]]:
        """Brisca's words this page's seats say now (made here; the page sends them)."""
        return self._words()

    def show(self, pos: int, card: Card) -> None:
        self.deal.show(pos, card)
        self._sync()

    def verify(self, deck: list[Card]) -> None:
        """The deal's end (or the match's, lost on time mid-deal): replayed on the deck the pages
        rebuilt, and kept by the match."""
        deal = self.deal.verify(deck)
        if not deal.over and self.match.abandoned is None:
            raise Mismatch("the deal replayed on the rebuilt deck is not over", None, "false_card")
        self.match.settle(deal)
        self._keep()

    # ----------------------------------------------------------------- what the page is told

    def info(self) -> dict[str, Any]:
        """What the page's protocol needs: the shuffle, who plays each seat, every position opened
        so far and for whom (the page opens those it has not), whether this page's view may be drawn."""
        fd = self.follow
        if fd is None:
            return {"k": None}
        fd.needs()
        settled = not self.match.unsettled
        self._keep()
        return {"k": self.k, "page": self.page, "plays": list(fd.pages), "here": self.here, "then": self.then,
                "cards": [c.code for c in self.match.rules.deck],
                "opens": [o.to_json() for o in sorted(fd.opened.values(), key=lambda o: o.pos)],
                "ready": settled or fd.ready, "over": self.ended, "settled": settled,
                "decide": fd.deciding(), "applied": {str(p): n for p, n in sorted(self.applied.items())}}

    def to_json(self) -> dict[str, Any]:
        return {"page": self.page, "ai": self.ai, "k": self.k, "here": self.here, "then": self.then,
                "applied": {str(p): n for p, n in sorted(self.applied.items())},
                "deal": None if self.follow is None or not self.match.unsettled else self.follow.to_json()}

    @classmethod
    def from_json(cls, match: Match, data: Any) -> FairPlay:
        """This page's fair side as its save kept it (a :class:`BriscolaError` if it does not replay)."""
        if not isinstance(data, dict) or not isinstance(data.get("ai"), str):
            raise BriscolaError("a fair table's state is malformed", code="bad_shape", params={"field": "fair"})
        fp = cls(match, _whole(data.get("page"), "page"), data["ai"])
        fp.k = data.get("k") if isinstance(data.get("k"), str) else None
        fp.here, fp.then = plan_of({"here": data.get("here"), "then": data.get("then")})
        applied = data.get("applied") or {}
        if not isinstance(applied, dict):
            raise BriscolaError("a fair table's steps are malformed", code="bad_shape", params={"field": "fair"})
        fp.applied = {int(p): _whole(n, "applied") for p, n in applied.items() if str(p).isdigit()}
        if data.get("deal") is not None:
            if not match.unsettled or match.deal.history:
                raise BriscolaError("a fair deal in play, but none is", code="bad_shape", params={"field": "fair"})
            fp.follow = FairDeal.from_json(match.rules, data["deal"])
            fp._sync()
        elif fp.k is not None and not match.unsettled:
            fp.follow = None  # the last deal is settled: the next begins with its own shuffle
        return fp

    @property
    def ended(self) -> bool:
        """Whether the deal in play has ended: played out, or the match lost on time in its course
        (its pages reveal their keys then, and check what was played)."""
        return self.deal.deal.over or self.match.abandoned is not None

    # ----------------------------------------------------------------- inside

    def _due(self, by: int, sn: int) -> bool:
        """Whether page ``by``'s step ``sn`` is its next (False: heard before; one skipped: a fault)."""
        had = self.applied.get(by, 0)
        if sn > had:
            raise Mismatch(f"page {by} skipped its step {had}", by, "bad_message")
        return sn == had

    def _time(self, seat: int, kind: str, ms: int) -> bool:
        """A move clock step on the match: whether the seat's time ran out (its side lost)."""
        if self.match.over or self.deal.deal.over:
            raise IllegalAction("no clock runs after the deal's end")
        if kind == "timeout":
            self.match.timeout(seat, ms)
            timed_out = True
        else:
            timed_out = self.match.spend(seat, ms)
        self._sync()
        return timed_out

    def _apply(self, seat: int, action: Action, pos: int | None, by: int | None, ms: int | None) -> None:
        """A step through the match's clock, then this page's engine (which checks it)."""
        fd, match = self.deal, self.match
        if match.over or fd.deal.over:
            raise Mismatch(f"seat {seat} moves after the deal's end", by if by is not None else self.page, "illegal")
        clock = match.clock
        timed = clock is not None and fd.window is None and seat == fd.deal.to_move
        spent = 0 if ms is None else reported_ms(ms)
        if timed and not clock.in_time(seat, spent):
            raise OutOfTime(f"seat {seat}'s time ran out")
        fd.act(seat, action, pos, by)
        if timed:
            clock.charge(seat, spent)
            clock.next_turn()
        self._sync()

    def _words(self) -> list[dict[str, Any]]:
        out = []
        while self.follow is not None and (seats := self.follow.words()):
            seat = seats[0]
            sn = self.applied.get(self.page, 0)
            self._apply(seat, Draw(), None, None, None)
            self.applied[self.page] = sn + 1
            out.append({"seat": seat, "action": Draw().to_json(), "sn": sn})
        return out

    def _sync(self) -> None:
        """The match's deal in play is this page's followed deal (re-dealt on every card read)."""
        if self.follow is not None and self.match.unsettled:
            self.match.deals[-1] = self.follow.deal
        self._keep()

    def _keep(self) -> None:
        self.match.fair_state = self.to_json()


TIME_STEPS = ("timeout", "clock")  # a move clock's steps: {by, sn, seat, timeout: ms} or {by, sn, seat, clock: ms}


def time_of(item: Any) -> tuple[int, int, int, str, int] | None:
    """A move clock's step from the page, ``{by, sn, seat, timeout|clock: ms}``, checked; None for a
    move's step (:func:`step_of`)."""
    kind = next((k for k in TIME_STEPS if isinstance(item, dict) and k in item), None)
    if kind is None:
        return None
    return (_whole(item.get("by"), "by"), _whole(item.get("sn"), "sn"), _whole(item.get("seat"), "seat"), kind,
            reported_ms(item.get(kind)))


def step_of(item: Any) -> tuple[int, int, int, Action, int | None, int | None]:
    """A step from the page, ``{by, sn, seat, action, pos?, ms?}``, checked (``by``: the page)."""
    if not isinstance(item, dict):
        raise BriscolaError("a step is {by, sn, seat, action, pos?, ms?}", code="bad_shape", params={"field": "steps"})
    pos, ms = item.get("pos"), item.get("ms")
    return (_whole(item.get("by"), "by"), _whole(item.get("sn"), "sn"), _whole(item.get("seat"), "seat"),
            action_from_json(item.get("action")), None if pos is None else _whole(pos, "pos"),
            None if ms is None else reported_ms(ms))


__all__ = ["FairPlay", "Mismatch", "plan_of", "plays_for", "seat_pages", "shuffle_of", "step_of", "time_of"]
