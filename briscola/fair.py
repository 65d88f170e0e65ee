"""A deal whose cards nobody holds (the fair deal, docs/fair-deal.md): one page's engine follows it
from what that page has been shown, checks every step, and at the deal's end replays it on the deck
the pages rebuilt together.

The cards lie at *positions* of the deck the pages shuffled together (0..size-1, the order before
any cut); the cryptography (static/online/fair/) opens a position for the page that may read it. The
engine says which positions open, and for whom (:meth:`FairDeal.needs`), takes the cards this page
reads (:meth:`FairDeal.show`) and every seat's public step (:meth:`FairDeal.act`), and refuses a step
the rules, or the cards shown, do not allow: :class:`Mismatch` names the seat ("la smazzata non torna").

The page's engine keeps a whole :class:`Deal` all along: the cards it has read where they lie, and
for every other position a *stand-in*, the cards it has not read in the deck's order. Everything this
page may see of that deal (its hand, the face-up card, the tricks, a partner's hand shown) is real;
the stand-ins only fill hands and a stock that its view never shows. Re-dealt on every card read,
the same steps replayed, the deal follows the real one in all that is public.

>>> from briscola.variants import Rules
>>> from briscola.actions import Play
>>> fd = FairDeal(Rules.make("classica", 2), dealer=0, page=0, pages=(0, 1))
>>> [(o.pos, o.holder) for o in fd.needs()]  # seat 1 is served first: positions 0, 2, 4; 6 face up
[(0, 1), (1, 0), (2, 1), (3, 0), (4, 1), (5, 0), (6, None)]
>>> for pos, code in ((1, "AD"), (3, "3C"), (5, "2S"), (6, "7B")):
...     fd.show(pos, Card.parse(code))
>>> [c.code for c in fd.deal.hands[0]], fd.deal.trump_card.code, fd.ready
(['AD', '3C', '2S'], '7B', True)
>>> fd.show(0, Card.parse("KB")); fd.act(1, Play(Card.parse("KB")), pos=0)
>>> fd.deal.trick
[Card(rank='K', suit='B')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action, Draw, Exchange, Play, action_from_json
from .cards import DECK, Card
from .errors import BriscolaError
from .state import Deal, check_deck
from .variants import Rules
from .view import visible_hands

WHY = ("illegal", "not_held", "not_his", "unread", "repeated_card", "false_card", "not_awaited")
"""Why the engine finds that a deal does not add up (the cryptography's own reasons are in
static/online/fair/: false_key, false_shuffle, false_share, false_show, replayed, ...)."""


class Mismatch(BriscolaError):
    """The deal does not add up ("la smazzata non torna"): the page at ``seat`` (a person's: the
    computer's seats are played on a person's page) did what it could not (None: the cards read
    contradict each other, and only the end-of-deal check can say whose doing it was)."""

    code = "deal_mismatch"

    def __init__(self, message: str, seat: int | None, why: str) -> None:
        super().__init__(message, params={"seat": seat, "why": why})
        self.seat, self.why = seat, why


@dataclass(frozen=True)
class Open:
    """A position to open now: ``holder`` the page whose card it is (None: every page reads it, like
    the face-up card), ``viewers`` the other pages shown it (a partner's hand)."""

    pos: int
    holder: int | None
    viewers: tuple[int, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"pos": self.pos, "holder": self.holder, "viewers": list(self.viewers)}


class FairDeal:
    """One page's engine at a fair deal: ``page`` is that page's seat, ``pages[s]`` the page that
    plays seat s (its person's, or the page that plays a computer's seat). A page that plays no seat
    of the deal (a person back while the computer plays his seat to the deal's end) follows it as a
    spectator: it reads the cards shown to every page, and checks every step as the others do."""

    def __init__(self, rules: Rules, dealer: int, page: int, pages: tuple[int, ...], cutter: int | None = None) -> None:
        seats = range(rules.players)
        if len(pages) != rules.players or not all(isinstance(p, int) and p in seats for p in (page, *pages)):
            raise BriscolaError(f"pages must name the page of each of the {rules.players} seats",
                                code="bad_shape", params={"field": "pages"})
        self.rules, self.dealer, self.page, self.pages, self.cutter = rules, dealer, page, tuple(pages), cutter
        self.size = len(rules.deck)
        self.known: dict[int, Card] = {}  # position -> the card this page has read there
        self.steps: list[tuple[int, Action, int | None]] = []  # (seat, action, position shown) in order
        self.closes: list[int] = []  # lengths of `steps` when a Brisca exchange window closed
        self.opened: dict[int, Open] = {}
        self.window: dict[str, Any] | None = None  # Brisca: {"awaiting": seats, "exchanged": bool}
        self._redeal()

    # ----------------------------------------------------------------- what this page sees

    @property
    def ready(self) -> bool:
        """Whether every card this page may see now is one it has read (its view may be drawn)."""
        if self.window is not None and not self.deciding():
            return False
        return all(pos in self.known for pos in self._visible_positions())

    def read(self, code: str) -> bool:
        """Whether the card ``code`` of this page's deal lies where this page read it (not a stand-in)."""
        card = next((c for c in self._positions if c.code == code), None)
        return card is not None and self._position(card) in self.known

    def seats_of_page(self) -> list[int]:
        return [s for s in range(self.rules.players) if self.pages[s] == self.page]

    def deciding(self) -> list[int]:
        """Brisca: this page's seats awaited in the exchange window that hold the card to exchange."""
        if self.window is None:
            return []
        return [s for s in self.window["awaiting"] if self.pages[s] == self.page and self.deal.exchange_allowed(s)]

    def words(self) -> list[int]:
        """Brisca: this page's seats awaited in the exchange window that cannot exchange: each says
        ``{"draw": true}`` at once, as the one who could and does not (nobody learns who could)."""
        if self.window is None:
            return []
        decide = set(self.deciding())
        return [s for s in self.window["awaiting"] if self.pages[s] == self.page and s not in decide]

    def needs(self) -> list[Open]:
        """The positions to open now, and for whom, not asked before (every page asks the same)."""
        if self.window is not None or self.deal.phase == "cut" or self.deal.over:
            return []  # a deal over (vinco subito: before its stock is done) opens nothing more
        out = []
        for pos, holder_seat in self._held_positions().items():
            holder = self.pages[holder_seat]
            viewers = tuple(sorted({self.pages[t] for t in range(self.rules.players)
                                    if holder_seat in visible_hands(self.deal, t)} - {holder}))
            had = self.opened.get(pos)
            if had is not None and had.holder is None:
                continue  # read by every page already (the face-up card, drawn or taken)
            if had is None or set(viewers) - set(had.viewers):
                out.append(Open(pos, holder, tuple(sorted(set(viewers) | set(had.viewers if had else ())))))
        face = self._face_position()
        if face is not None and face not in self.opened:
            out.append(Open(face, None))
        for o in out:
            self.opened[o.pos] = o
        return sorted(out, key=lambda o: o.pos)

    # ----------------------------------------------------------------- what comes in

    def show(self, pos: int, card: Card) -> None:
        """This page has read ``card`` at ``pos``. A card read at two positions, or a position read
        as two cards, means a false share or a false shuffle: only the end-of-deal check can tell whose."""
        if not (isinstance(pos, int) and 0 <= pos < self.size) or card not in self.rules.deck:
            raise Mismatch(f"no card {card} at position {pos!r} of this deck", None, "false_card")
        if self.known.get(pos, card) is not card or any(p != pos and c is card for p, c in self.known.items()):
            raise Mismatch(f"{card.code} read at position {pos} and elsewhere", None, "repeated_card")
        if pos not in self.known:
            self.known[pos] = card
            self._redeal()

    def act(self, seat: int, action: Action, pos: int | None = None, by: int | None = None) -> None:
        """A seat's public step, sent by the page ``by`` (None: this page's own); a card played or
        exchanged names its position, read by now."""
        if not (isinstance(seat, int) and 0 <= seat < self.rules.players):
            raise Mismatch(f"no seat {seat!r}", by, "not_his")
        culprit = self.pages[seat]
        if by is not None and by != culprit:
            raise Mismatch(f"page {by} moves for seat {seat}, page {culprit}'s", by, "not_his")
        if isinstance(action, Exchange | Play):
            if pos is None or self.known.get(pos) is not action.card:
                raise Mismatch(f"seat {seat} shows {action.card.code} at {pos!r}, not the card read there",
                               culprit, "unread")
            if self._held_positions().get(pos) != seat:
                raise Mismatch(f"seat {seat} does not hold position {pos}", culprit, "not_held")
        if self.window is not None:
            self._word(seat, action, pos)
            return
        if isinstance(action, Draw):
            raise Mismatch(f"seat {seat} declines an exchange nobody offered", culprit, "not_awaited")
        tricks = len(self.deal.tricks)
        self._apply(self.deal, seat, action)
        self.steps.append((seat, action, pos))
        if len(self.deal.tricks) > tricks:
            self._open_window()

    def verify(self, deck: list[Card]) -> Deal:
        """The end-of-deal check's deck (every position's card, as the pages rebuilt it): every card
        read must lie there, and the whole deal replayed on it must be the deal played."""
        try:
            check_deck(self.rules, deck)
        except BriscolaError as exc:
            raise Mismatch(f"the rebuilt deck is not a deck: {exc}", None, "false_card") from None
        for pos, card in self.known.items():
            if deck[pos] is not card:
                raise Mismatch(f"position {pos} held {deck[pos].code}, read as {card.code}", None, "false_card")
        return self._dealt(deck)

    def to_json(self) -> dict[str, Any]:
        """What this page's engine knows of the deal, for its save (its own page's data: the cards it
        read, never another's)."""
        return {"dealer": self.dealer, "page": self.page, "pages": list(self.pages), "cutter": self.cutter,
                "known": [[pos, card.code] for pos, card in sorted(self.known.items())],
                "steps": [[seat, action.to_json(), pos] for seat, action, pos in self.steps],
                "closes": list(self.closes),
                "opened": [o.to_json() for o in sorted(self.opened.values(), key=lambda o: o.pos)],
                "window": None if self.window is None else {"awaiting": list(self.window["awaiting"]),
                                                            "exchanged": self.window["exchanged"]}}

    @classmethod
    def from_json(cls, rules: Rules, data: Any) -> FairDeal:
        """A deal followed as :meth:`to_json` kept it; anything that does not replay is a
        :class:`BriscolaError` (the save that holds it is damaged)."""
        bad = {"code": "bad_shape", "params": {"field": "fair"}}

        def whole(v: Any) -> int:
            if isinstance(v, bool) or not isinstance(v, int):
                raise BriscolaError("a fair deal's numbers are whole numbers", **bad)
            return v

        if not isinstance(data, dict):
            raise BriscolaError("a fair deal is an object", **bad)
        cutter = data.get("cutter")
        pages = tuple(whole(p) for p in data.get("pages") or ())
        fd = cls(rules, whole(data.get("dealer")), whole(data.get("page")), pages,
                 None if cutter is None else whole(cutter))
        try:
            fd.known = {whole(pos): Card.parse(code) for pos, code in data["known"]}
            fd.steps = [(whole(seat), action_from_json(act), None if pos is None else whole(pos))
                        for seat, act, pos in data["steps"]]
            fd.closes = [whole(n) for n in data["closes"]]
            fd.opened = {whole(o["pos"]): Open(whole(o["pos"]), None if o["holder"] is None else whole(o["holder"]),
                                               tuple(whole(v) for v in o["viewers"])) for o in data["opened"]}
            window = data["window"]
            fd.window = None if window is None else {"awaiting": [whole(s) for s in window["awaiting"]],
                                                      "exchanged": window["exchanged"] is True}
        except (KeyError, TypeError, ValueError) as exc:
            raise BriscolaError(f"a fair deal's data is malformed: {exc}", **bad) from None
        fd._redeal()
        return fd

    def position(self, card: Card) -> int:
        """Where ``card`` lies in this page's completed deck (a card it read: where it was read)."""
        return self._position(card)

    # ----------------------------------------------------------------- inside

    def _completed(self) -> list[Card]:
        """The deck as this page knows it: the cards read where they lie, the rest in the deck's order."""
        rest = iter(c for c in self.rules.deck if c not in set(self.known.values()))
        return [self.known[pos] if pos in self.known else next(rest) for pos in range(self.size)]

    def _redeal(self) -> None:
        """The deal again from the completed deck, every step so far made again."""
        deck = self._completed()
        self._positions = {c: i for i, c in enumerate(deck)}
        self.deal = self._dealt(deck)

    def _dealt(self, deck: list[Card]) -> Deal:
        """The deal dealt from ``deck`` with every step so far."""
        deal = Deal(self.rules, self.dealer, deck, self.cutter)
        closes = set(self.closes)
        for i, (seat, action, _) in enumerate(self.steps):
            if i in closes and deal.phase == "exchange":
                deal.apply(Draw())  # the exchange window closed: whoever could exchange declined
            self._apply(deal, seat, action)
        if len(self.steps) in closes and deal.phase == "exchange":
            deal.apply(Draw())
        return deal

    def _apply(self, deal: Deal, seat: int, action: Action) -> None:
        try:
            deal.apply(action, action.seat if isinstance(action, Exchange) else seat)
        except BriscolaError as exc:
            raise Mismatch(f"seat {seat}: {exc}", self.pages[seat], "illegal") from None

    def _position(self, card: Card) -> int:
        """Where ``card`` lies in the deck before any cut."""
        return self._positions[card]

    def _held_positions(self) -> dict[int, int]:
        """Every position in a hand now, and its seat."""
        return {self._position(c): s for s, hand in enumerate(self.deal.hands) for c in hand}

    def _face_position(self) -> int | None:
        """Where the face-up card lies while it is face up."""
        deal = self.deal
        if deal.trump_card is None or deal.phase == "cut" or not deal.stock_count:
            return None
        return self._position(deal.trump_card)

    def _visible_positions(self) -> list[int]:
        deal = self.deal
        seats = self.seats_of_page()
        shown = {t for s in seats for t in visible_hands(deal, s)}
        held = [self._position(c) for s in {*seats, *shown} for c in deal.hands[s]]
        face = self._face_position()
        return held + ([face] if face is not None else [])

    # ----------------------------------------------------------------- Brisca's exchange window

    def _want(self) -> Card | None:
        """The card that could take the face-up card now (RULES.md §5), unless it was played."""
        face = self.deal.trump_card
        if face is None:
            return None
        base = face.index - face.index % 10
        seven, two = DECK[base + 6], DECK[base + 1]
        if self.rules.strength[face.index] > self.rules.strength[seven.index]:
            want: Card | None = seven
        else:
            want = two if face is not two else None
        played = {c for t in self.deal.tricks for c in t.cards} | set(self.deal.trick)
        return None if want is None or want in played else want

    def _open_window(self) -> None:
        """After a trick, before its draws: every seat that has taken a trick says whether it exchanges
        (RULES.md §5: not in the round that draws the face-up card)."""
        rules, deal = self.rules, self.deal
        drawn_before = len(deal.tricks) - 1  # draw rounds before this trick's
        stock_before = self.size - rules.hand_size * rules.players - rules.players * drawn_before
        if not rules.variant.exchange or deal.over or stock_before <= rules.players or self._want() is None:
            return
        # Whatever this page's stand-ins say (its deal may even have drawn already), it waits for them all.
        self.window = {"awaiting": sorted({t.winner for t in deal.tricks}), "exchanged": False}

    def _word(self, seat: int, action: Action, pos: int | None) -> None:
        window = self.window
        assert window is not None
        if seat not in window["awaiting"] or not isinstance(action, Exchange | Draw):
            raise Mismatch(f"seat {seat} is not awaited in the exchange window", self.pages[seat], "not_awaited")
        window["awaiting"].remove(seat)
        if isinstance(action, Exchange):
            self._apply(self.deal, seat, action)
            self.steps.append((seat, action, pos))
            window["exchanged"] = True
        if window["awaiting"]:
            return
        self.window = None
        if window["exchanged"] and self._want() is not None:
            self.window = {"awaiting": sorted({t.winner for t in self.deal.tricks}), "exchanged": False}
            return
        self.closes.append(len(self.steps))
        if self.deal.phase == "exchange":
            self.deal.apply(Draw())
