"""One deal (*smazzata*) of any variant: dealing, auction, tricks, draws, result.

The deal is the full, omniscient state; a seat sees it only through
:func:`briscola.view.view_of`.

>>> from briscola.variants import Rules
>>> from briscola.cards import DECK
>>> deal = Deal(Rules.make("classica", 2), dealer=0, deck=DECK)
>>> [c.code for c in deal.hands[1]], [c.code for c in deal.hands[0]], deal.trump_card.code
(['AD', '3D', '5D'], ['2D', '4D', '6D'], '7D')
>>> deal.to_move, deal.stock_count
(1, 34)
>>> deal.apply(Play(deal.hands[1][0])); deal.apply(Play(deal.hands[0][0]))
>>> deal.tricks[0]
Trick(leader=1, cards=(Card(rank='A', suit='D'), Card(rank='2', suit='D')), winner=1, points=11)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from .actions import PLAYS, Action, Bid, CallSuit, Cut, Draw, Exchange, Pass, Play, Trick
from .auction import Auction
from .cards import DECK, Card
from .errors import IllegalAction, RulesError
from .scoring import chiamata_scores
from .variants import Rules

WIN = 61
CUT_MIN = 4  # "neither part may hold fewer than 4 cards" (source 001)
_tuple_new = tuple.__new__
# A deal's phases, in the order a deal may pass through them (Deal's docstring says each).
PHASES = ("cut", "auction", "call", "exchange", "play", "over")


class Deal:
    """The state of one deal. Mutated only through :meth:`apply`.

    Attributes: ``phase`` is ``"cut"`` (the ``cutter`` cuts the deck before the
    deal, when the match asks for a cut), ``"auction"``, ``"call"`` (chiamata: naming the
    suit), ``"exchange"`` (Brisca: the seat to move may exchange before the
    draws), ``"play"`` or ``"over"``; ``to_move`` is the seat to act.
    """

    def __init__(self, rules: Rules, dealer: int, deck: Sequence[Card], cutter: int | None = None) -> None:
        if not 0 <= dealer < rules.players:
            raise RulesError(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer}")
        if cutter is not None and not 0 <= cutter < rules.players:
            raise RulesError(f"the cutter must be a seat from 0 to {rules.players - 1}, not {cutter}")
        check_deck(rules, deck)
        n = rules.players
        self.rules = rules
        self._n = n
        self.dealer = dealer
        self.deck: tuple[Card, ...] = tuple(deck)  # as dealt: after the cut, once there is one
        self.cutter = cutter  # the seat that cuts before the deal (None: no cut)
        self.cut_at: int | None = None  # how many cards the cutter lifted
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self._stock: list[Card] = []
        self.trump_card: Card | None = None
        self.trump_suit: str | None = None
        self.leader = (dealer + 1) % n
        self.to_move = self.leader
        self.trick: list[Card] = []
        self.tricks: list[Trick] = []
        self.captured: list[list[Card]] = [[] for _ in range(n)]
        self.points = [0] * n
        self.history: list[tuple[int, Action]] = []
        self.exchanges: list[tuple[int, Card, Card]] = []  # (seat, card given, face-up card taken)
        # Where exchanges were declined (lengths of `history` then): records leave them implicit,
        # a save keeps them, so a match saved right after a decline loads with the cards drawn.
        self.declined: list[int] = []
        self.auction: Auction | None = Auction(n, self.leader) if rules.variant.auction else None
        self.called_card: Card | None = None
        self.caller: int | None = None
        self.partner: int | None = None  # chiamata: holder of the called card (may be the caller)
        self.partner_known = False  # chiamata: the called card has been played
        self.ended_early = False  # vinco subito
        self.phase = "cut"
        if cutter is None:
            self._deal_out()
        else:
            self.to_move = cutter

    def _deal_out(self) -> None:
        n, size, dealer = self._n, self.rules.hand_size, self.dealer
        # one card at a time from dealer + 1: the k-th seat served gets deck[k], deck[k + n], ...
        self.hands = [list(self.deck[(s - dealer - 1) % n:size * n:n]) for s in range(n)]
        rest = self.deck[size * n:]
        # Draw order is rest[1:] then the face-up rest[0]; kept reversed so a draw is list.pop().
        self._stock = [rest[0], *rest[:0:-1]] if rest else []
        self.trump_card = rest[0] if self.rules.variant.trump_card else None
        self.trump_suit = self.trump_card.suit if self.trump_card else None
        self.to_move = self.leader
        self.phase = "auction" if self.auction else "play"

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        dealer: int,
        hands: Sequence[Sequence[Card]],
        stock: Sequence[Card],
        leader: int,
        trick: Sequence[Card] = (),
        tricks: Sequence[Trick] = (),
        trump_card: Card | None = None,
        trump_suit: str | None = None,
        called_card: Card | None = None,
        caller: int | None = None,
    ) -> Deal:
        """A deal in its play phase from a position (for search over guessed hidden cards).

        ``stock`` is in draw order, the face-up trump last. Captures and
        points follow from ``tricks``; the history starts empty.
        """
        d = cls.__new__(cls)
        n = rules.players
        d.rules, d._n, d.dealer = rules, n, dealer
        d.deck, d.cutter, d.cut_at = (), None, None
        d.hands = [list(h) for h in hands]
        d._stock = list(reversed(stock))
        d.trump_card = trump_card
        d.trump_suit = trump_suit if trump_suit is not None else (trump_card.suit if trump_card else None)
        d.leader = leader
        d.trick = list(trick)
        d.to_move = (leader + len(d.trick)) % n
        d.tricks = list(tricks)
        d.captured = [[] for _ in range(n)]
        d.points = [0] * n
        for t in d.tricks:
            d.captured[t.winner] += t.cards
            d.points[t.winner] += t.points
        d.history, d.exchanges, d.declined = [], [], []
        d.auction = None
        d.called_card, d.caller, d.partner, d.partner_known = called_card, caller, None, False
        if called_card is not None:
            d.partner = next((s for s, h in enumerate(d.hands) if called_card in h), None)
            for t in d.tricks:
                if called_card in t.cards:
                    d.partner, d.partner_known = t.seat_of(t.cards.index(called_card), n), True
            if called_card in d.trick:
                d.partner, d.partner_known = (leader + d.trick.index(called_card)) % n, True
        d.ended_early = False
        d.phase = "play" if any(d.hands) else "over"
        return d

    def copy(self) -> Deal:
        """An independent copy (cards are shared values; lists are new)."""
        d = Deal.__new__(Deal)
        d.__dict__.update(self.__dict__)
        d.hands = [h[:] for h in self.hands]
        d._stock = self._stock[:]
        d.trick = self.trick[:]
        d.tricks = self.tricks[:]
        d.captured = [c[:] for c in self.captured]
        d.points = self.points[:]
        d.history = self.history[:]
        d.exchanges = self.exchanges[:]
        d.declined = self.declined[:]
        if self.auction is not None:
            a = Auction.__new__(Auction)
            a.__dict__.update(self.auction.__dict__)
            a.passed, a.calls = self.auction.passed[:], self.auction.calls[:]
            d.auction = a
        return d

    # ----------------------------------------------------------------- queries

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def stock_count(self) -> int:
        """Cards left to draw, the face-up trump included."""
        return len(self._stock)

    @property
    def stock(self) -> list[Card]:
        """The cards still to draw in draw order (the face-up trump last)."""
        return self._stock[::-1]

    @property
    def void(self) -> bool:
        """Chiamata: all five passed, nobody plays this deal."""
        return self.auction is not None and self.over and self.caller is None

    @property
    def target(self) -> int:
        """Chiamata: points the caller's side needs (60 without a raise: 60–60 goes to the caller)."""
        best = self.auction.best if self.auction else None
        if best is None or best.points is None:
            return 60
        return best.points

    def legal_actions(self) -> list[Action]:
        """Every action the seat to move may take now."""
        phase = self.phase
        if phase == "play":
            return [PLAYS[c.index] for c in self.hands[self.to_move]]
        if phase == "exchange":
            return [Exchange(c, self.to_move) for c in self._exchangeable(self.to_move)] + [Draw()]
        if phase == "auction":
            return list(self.auction.legal())  # type: ignore[union-attr]
        if phase == "call":
            return [CallSuit(s) for s in "DCBS"]
        if phase == "cut":
            return [Cut(k) for k in cut_range(len(self.deck))]
        return []

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Sides in the order of ``team_points``: chiamata ``(caller side, opponents)``."""
        if self.auction is None:
            return self.rules.teams
        if self.caller is None:  # no caller yet (or all passed): nobody on the caller's side
            return ((), tuple(range(self.rules.players)))
        mine = tuple(sorted({self.caller, self.partner if self.partner is not None else self.caller}))
        return (mine, tuple(s for s in range(self.rules.players) if s not in mine))

    def side_of(self, seat: int) -> int:
        for i, side in enumerate(self.sides()):
            if seat in side:
                return i
        raise RulesError(f"no seat {seat}")

    def team_points(self) -> list[int]:
        return [sum(self.points[s] for s in side) for side in self.sides()]

    def pile_holders(self) -> tuple[int | None, ...] | None:
        """Per side of ``rules.teams``, the seat holding the team's one trick pile where the variant
        keeps one per team (Biscambiggia in pairs or threes): the first of the team to take a trick
        in this deal, ``None`` before then. ``None`` where every player keeps his own pile."""
        rules = self.rules
        if not rules.variant.team_pile or rules.players not in rules.variant.team_players:
            return None
        holders: list[int | None] = [None] * len(rules.teams)
        for t in self.tricks:
            side = rules.team_of(t.winner)
            if holders[side] is None:
                holders[side] = t.winner
        return tuple(holders)

    def winner(self) -> int | None:
        """Index in :meth:`team_points` of the side that won, or ``None`` (tie, void, not over)."""
        if not self.over or self.void:
            return None
        tp = self.team_points()
        if self.auction is not None:
            return 0 if tp[0] >= self.target else 1
        if len(tp) == 2:
            return 0 if tp[0] >= WIN else 1 if tp[1] >= WIN else None
        best = max(tp)
        return tp.index(best) if tp.count(best) == 1 else None

    # ----------------------------------------------------------------- actions

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply an action for the seat to move; raises :class:`IllegalAction`.

        ``seat``, when given, must be the seat to move (records may name it).
        """
        if self.phase == "over":
            raise IllegalAction("the deal is over")
        if isinstance(action, Cut) or self.phase == "cut":
            self._cut(action, seat)
            return
        if isinstance(action, Exchange):
            seat = action.seat if seat is None else seat
            if seat != action.seat:
                raise IllegalAction(f"the exchange names seat {action.seat}, the record seat {seat}")
            self._exchange(action)
            return
        if self.phase == "exchange" and not isinstance(action, Draw):
            self._check_after_draws(action, seat)
            self._draw_round()  # no (more) exchange: records leave the draws implicit
        if seat is not None and seat != self.to_move:
            raise IllegalAction(f"it is seat {self.to_move}'s turn, not seat {seat}'s")
        if isinstance(action, Play):
            self.play(action.card)
        elif isinstance(action, Draw):
            if self.phase != "exchange":
                raise IllegalAction("there is no exchange to decline now")
            self.declined.append(len(self.history))
            self._draw_round()
        elif isinstance(action, (Bid, Pass)):
            self._bid(action)
        elif isinstance(action, CallSuit):
            self._call(action)
        else:
            raise IllegalAction(f"unknown action {action!r}")

    def _check_after_draws(self, action: Action, seat: int | None) -> None:
        """Refuse, before the implicit draws change anything, what would be refused after them."""
        leader = self.leader  # after the draws the trick's winner leads, holding one more card
        if seat is not None and seat != leader:
            raise IllegalAction(f"it is seat {leader}'s turn, not seat {seat}'s")
        if not isinstance(action, Play):
            raise IllegalAction(_PHASE_MESSAGE["exchange"])
        if action.card not in self.hands[leader] and action.card is not self._stock[-1]:
            raise IllegalAction(f"{action.card.code} is not in seat {leader}'s hand")

    def play(self, card: Card) -> None:
        """Play a card for the seat to move (the engine's hot path)."""
        if self.phase != "play":
            raise IllegalAction(_PHASE_MESSAGE.get(self.phase, "no card can be played now"))
        seat = self.to_move
        try:
            self.hands[seat].remove(card)  # one scan: membership check and removal together
        except ValueError:
            raise IllegalAction(f"{card.code} is not in seat {seat}'s hand") from None
        trick = self.trick
        trick.append(card)
        self.history.append((seat, PLAYS[card.index]))
        if card is self.called_card:
            self.partner_known = True
        if len(trick) < self._n:
            self.to_move = seat + 1 if seat + 1 < self._n else 0
        else:
            self._finish_trick()

    def _finish_trick(self) -> None:
        rules = self.rules
        n = self._n
        strength, card_points, trump = rules.strength, rules.card_points, self.trump_suit
        cards = self.trick
        best = cards[0]
        best_i = 0
        pts = card_points[best.index]
        for i in range(1, n):
            c = cards[i]
            pts += card_points[c.index]
            if (strength[c.index] > strength[best.index]) if c.suit == best.suit else c.suit == trump:
                best, best_i = c, i
        winner = (self.leader + best_i) % n
        # tuple.__new__ builds the same Trick without the NamedTuple's Python-level __new__ frame
        self.tricks.append(_tuple_new(Trick, (self.leader, tuple(cards), winner, pts)))
        self.captured[winner] += cards
        self.points[winner] += pts
        self.trick = []
        self.leader = self.to_move = winner
        if rules.options.vinco_subito and self.auction is None and self._side_points(winner) >= WIN:
            # over at once, before the draws (RULES.md): what is left in hands and stock was never seen,
            # so the deal's end is the same whoever holds the card that could be exchanged
            self.ended_early = bool(self._stock or self.hands[winner])
            self.phase = "over"
            return
        if not self._stock:
            if not self.hands[winner]:
                self.phase = "over"
        elif rules.variant.exchange and len(self._stock) > n and (swapper := self._next_exchanger()) is not None:
            self.phase = "exchange"
            self.to_move = swapper
        else:  # the draws, inline: this is the hot path
            stock, hands = self._stock, self.hands
            for i in range(winner, winner + n):
                hands[i % n].append(stock.pop())

    def _side_points(self, seat: int) -> int:
        return sum(self.points[s] for s in self.rules.teams[self.rules.team_of(seat)])

    def _draw_round(self) -> None:
        n = self.rules.players
        stock, hands = self._stock, self.hands
        for i in range(n):
            hands[(self.leader + i) % n].append(stock.pop())
        self.phase = "play"
        self.to_move = self.leader

    # ------------------------------------------------------------------ cut

    def _cut(self, action: Action, seat: int | None) -> None:
        if self.phase != "cut":
            raise IllegalAction("the deck is cut only before the deal")
        if not isinstance(action, Cut):
            raise IllegalAction(_PHASE_MESSAGE["cut"])
        if seat is not None and seat != self.cutter:
            raise IllegalAction(f"seat {self.cutter} cuts, not seat {seat}")
        size = len(self.deck)
        if action.at not in cut_range(size):
            raise IllegalAction(f"a cut leaves at least {CUT_MIN} cards in each part: "
                                f"lift from {CUT_MIN} to {size - CUT_MIN} cards, not {action.at}")
        self.deck = self.deck[action.at:] + self.deck[:action.at]
        self.cut_at = action.at
        self.history.append((self.to_move, action))
        self._deal_out()

    # ------------------------------------------------------------ brisca swap

    def _exchangeable(self, seat: int) -> list[Card]:
        """Cards of ``seat`` that may take the face-up trump now (RULES.md §5)."""
        face = self.trump_card
        if face is None:
            return []
        suit_base = face.index - face.index % 10  # DECK holds each suit in RANKS order: A 2 3 4 5 6 7 ...
        seven, two = DECK[suit_base + 6], DECK[suit_base + 1]
        if self.rules.strength[face.index] > self.rules.strength[seven.index]:
            want = seven
        elif face is not two:
            want = two
        else:
            return []
        # the hand first: it is cheaper than looking through the tricks (this runs after every trick)
        if want not in self.hands[seat] or not any(t.winner == seat for t in self.tricks):
            return []
        return [want]

    def _next_exchanger(self) -> int | None:
        n = self.rules.players
        for i in range(n):
            seat = (self.leader + i) % n
            if self._exchangeable(seat):
                return seat
        return None

    def exchange_allowed(self, seat: int) -> list[Card]:
        """Cards ``seat`` may exchange right now (empty outside the exchange window)."""
        if self.phase != "exchange":
            return []
        return self._exchangeable(seat)

    def _exchange(self, action: Exchange) -> None:
        seat, give = action.seat, action.card
        if not self.rules.variant.exchange:
            raise IllegalAction(f"{self.rules.name} has no trump exchange")
        if not 0 <= seat < self.rules.players or give not in self.hands[seat]:
            raise IllegalAction(f"{give.code} is not in seat {seat}'s hand")
        if not any(t.winner == seat for t in self.tricks):
            raise IllegalAction(f"seat {seat} has not won a trick yet")
        if len(self._stock) <= self.rules.players:
            raise IllegalAction("no exchange in the drawing round that takes the face-up card")
        if give not in self._exchangeable(seat):
            raise IllegalAction(f"{give.code} cannot be exchanged for the face-up {self._stock[0].code}")
        if self.phase != "exchange" or self.trick:
            raise IllegalAction("an exchange is made only between a trick and its draws")
        hand = self.hands[seat]
        taken = self._stock[0]
        hand[hand.index(give)] = taken
        self._stock[0] = give
        self.trump_card = give
        self.exchanges.append((seat, give, taken))
        self.history.append((seat, action))
        nxt = self._next_exchanger()
        if nxt is None:
            self._draw_round()
        else:
            self.to_move = nxt

    # --------------------------------------------------------------- chiamata

    def _bid(self, call: Bid | Pass) -> None:
        if self.phase != "auction":
            raise IllegalAction(_PHASE_MESSAGE.get(self.phase, "the auction is over"))
        auction = self.auction
        assert auction is not None
        seat = self.to_move
        auction.apply(seat, call)
        self.history.append((seat, call))
        if not auction.over:
            self.to_move = auction.to_move
        elif auction.best_seat is None:
            self.phase = "over"  # all passed: void deal, the next dealer deals again
        else:
            self.caller = self.to_move = auction.best_seat
            self.phase = "call"

    def _call(self, action: CallSuit) -> None:
        if self.phase != "call":
            raise IllegalAction(_PHASE_MESSAGE.get(self.phase, "no suit to name now"))
        assert self.auction is not None and self.auction.best is not None
        if not (isinstance(action.suit, str) and len(action.suit) == 1 and action.suit in "DCBS"):
            raise IllegalAction(f"unknown suit {action.suit!r}")  # before any change to the deal
        self.history.append((self.to_move, action))
        self.called_card = Card.parse(self.auction.best.rank + action.suit)
        self.trump_suit = action.suit
        self.partner = next(s for s, hand in enumerate(self.hands) if self.called_card in hand)
        self.phase = "play"
        self.leader = self.to_move = (self.dealer + 1) % self.rules.players

    def scores(self) -> list[int]:
        """Chiamata: per-seat scores of RULES.md §7 once the deal is over (zeros otherwise, or if void)."""
        if not self.over or self.caller is None or self.partner is None:
            return [0] * self.rules.players
        return chiamata_scores(self.rules.players, self.caller, self.partner, self.target,
                               self.winner() == 0, self.team_points()[0] == 120)


_PHASE_MESSAGE = {
    "cut": "the deck must be cut first",
    "auction": "the auction is still going on",
    "call": "the auction winner must first name the suit",
    "exchange": "the draws are pending (exchange or draw first)",
    "over": "the deal is over",
}


_DECK_INDICES: dict[tuple[str, int, tuple[str, ...]], list[int]] = {}


def check_deck(rules: Rules, deck: Iterable[Card]) -> None:
    """Raise :class:`RulesError` unless ``deck`` holds exactly this table's cards once each."""
    deck = list(deck)
    key = (rules.name, rules.players, rules.removed)
    want_indices = _DECK_INDICES.get(key)
    if want_indices is None:
        want_indices = _DECK_INDICES[key] = [c.index for c in rules.deck]
    # fast path (every deal starts here): all shared Card instances, right cards once each
    if sorted([c.index if c.__class__ is Card else -1 for c in deck]) == want_indices:
        return
    for c in deck:
        if not isinstance(c, Card):
            raise RulesError(f"not a card: {c!r}")
    want, seen = set(rules.deck), set()
    for c in deck:
        if c in seen:
            raise RulesError(f"card {c.code} appears twice in the deck")
        if c not in want:
            raise RulesError(f"card {c.code} is not in the {rules.name} deck for {rules.players}")
        seen.add(c)
    missing = " ".join(c.code for c in rules.deck if c not in seen)
    raise RulesError(f"the deck misses {missing}")


def cut_range(size: int) -> range:
    """How many cards a cut may lift from a deck of ``size``: at least 4 in each part.

    >>> cut_range(40)
    range(4, 37)
    """
    return range(CUT_MIN, size - CUT_MIN + 1)


def shuffled_deck(rules: Rules, rng: random.Random) -> list[Card]:
    """A shuffled deck for this table from a seeded generator."""
    deck = list(rules.deck)
    rng.shuffle(deck)
    return deck
