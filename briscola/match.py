"""Matches (RULES.md §3): a sequence of deals under a format, to a result.

Deal ``i`` is fully fixed by the match seed: its deck is shuffled by
``random.Random(f"briscola:{seed}:{i}")`` and the first dealer is drawn from
``random.Random(f"briscola:{seed}:dealer")`` (or by the players' draw,
``random.Random(f"briscola:{seed}:draw")``, or given by the format); later
dealers rotate counterclockwise. So a match is reproducible from its seed and
its actions (a cut is one of them), plus the times its seats spent with a clock.

>>> from briscola.variants import Rules
>>> m = Match.new(Rules.make("classica", 2), MatchFormat("punti"), seed=7)
>>> while not m.over:
...     m.apply(m.deal.legal_actions()[0])
>>> r = m.result()
>>> r.over, sum(r.points)
(True, 120)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from .actions import Action, Exchange
from .cards import Card
from .clock import Clock, ClockRunning, OutOfTime, reported_ms
from .errors import IllegalAction, RulesError
from .match_format import MatchFormat
from .match_result import MatchResult, compute_result, counted_deals, deal_outcome, deal_wins
from .rituals import SeatDraw, cutter, draw_seats
from .state import Deal, shuffled_deck
from .variants import Rules

MAX_SPAREGGI = 3


class Match:
    """A match in progress. Mutated only through :meth:`apply`, :meth:`next_deal`, :meth:`abandon`,
    and with a clock :meth:`spend` and :meth:`timeout`.

    ``kinds[i]`` says what deal ``i`` was: ``"deal"``, ``"replay"`` (dealt again
    after a void or replayed tie) or ``"spareggio"``. ``draw`` is the players' draw for the
    first dealer when the format asks for one; ``clock`` each seat's time when it has a clock.
    ``deck`` given, the match is that one deal dealt from that deck, nothing after it (a deal
    played again for practice: :mod:`briscola.practice`). ``decks`` given (a list, maybe empty), the
    match is a fair table's (docs/fair-deal.md): no seed decides its cards; deal ``i`` is dealt from
    ``decks[i]``, the deck its pages rebuilt and checked at its end (:meth:`settle`), and the deal in
    play, whose deck nobody knows yet, from the table's cards in order (each page's engine follows it:
    :mod:`briscola.fair`).
    """

    def __init__(self, rules: Rules, fmt: MatchFormat, seed: int, meta: dict[str, Any] | None = None,
                 deck: Sequence[Card] | None = None, decks: Sequence[Sequence[Card]] | None = None) -> None:
        fmt.check(rules)
        self.fixed_deck = tuple(deck) if deck is not None else None
        self.decks: list[tuple[Card, ...]] | None = None if decks is None else [tuple(d) for d in decks]
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"the seed must be a whole number, not {seed!r}")
        self.rules, self.format, self.seed = rules, fmt, seed
        self.meta: dict[str, Any] = dict(meta or {})
        self.draw: SeatDraw | None = draw_seats(rules, random.Random(f"briscola:{seed}:draw")) if fmt.draw else None
        if fmt.first_dealer is not None:
            self.first_dealer = fmt.first_dealer
        elif self.draw is not None:
            self.first_dealer = self.draw.dealer
        else:
            self.first_dealer = random.Random(f"briscola:{seed}:dealer").randrange(rules.players)
        self.clock = Clock(rules.players, fmt.move_ms, fmt.match_ms) if fmt.clocked else None
        self.deals: list[Deal] = []
        self.kinds: list[str] = []
        self.abandoned: tuple[int, bool] | None = None  # (seat, by timeout)
        self.fair_state: dict[str, Any] | None = None  # a fair table: this page's side (briscola.fair_session)
        self._start_deal("deal")

    @classmethod
    def new(cls, rules: Rules, fmt: MatchFormat | None = None, seed: int = 0,
            meta: dict[str, Any] | None = None) -> Match:
        return cls(rules, fmt or MatchFormat.default(rules.name, rules.players), seed, meta)

    # ----------------------------------------------------------------- state

    @property
    def deal(self) -> Deal:
        """The current (or last) deal."""
        return self.deals[-1]

    def deck_for(self, index: int) -> list:
        if self.fixed_deck is not None:
            return list(self.fixed_deck)
        if self.decks is not None:  # a fair table: the checked deck, or the cards in order while in play
            return list(self.decks[index] if index < len(self.decks) else self.rules.deck)
        return shuffled_deck(self.rules, random.Random(f"briscola:{self.seed}:{index}"))

    def dealer_for(self, index: int) -> int:
        return (self.first_dealer + index) % self.rules.players

    @property
    def over(self) -> bool:
        return self.abandoned is not None or (self.deal.over and self._next_kind() is None)

    @property
    def status(self) -> str:
        """``"playing"``, ``"deal-over"`` (waiting for :meth:`next_deal`) or ``"match-over"``."""
        if self.over:
            return "match-over"
        return "deal-over" if self.deal.over else "playing"

    def result(self) -> MatchResult:
        return compute_result(self)

    # --------------------------------------------------------------- actions

    def apply(self, action: Action, seat: int | None = None, ms: int | None = None) -> None:
        """Apply an action of the current deal. With a clock, ``ms`` is the time the seat took
        (since it last reported); a move that comes too late raises :class:`OutOfTime` and changes
        nothing: then the seat has lost on time (:meth:`timeout`)."""
        if self.over:
            raise IllegalAction("the match is over")
        deal = self.deal
        acting = seat if seat is not None else action.seat if isinstance(action, Exchange) else deal.to_move
        spent = 0 if ms is None else reported_ms(ms)
        clock = self.clock
        if clock is not None and acting == deal.to_move and not clock.in_time(acting, spent):
            raise OutOfTime(f"seat {acting}'s time ran out ({clock.left(acting)} ms were left)")
        deal.apply(action, seat)
        if clock is not None:
            clock.charge(acting, spent)
            clock.next_turn()

    def spend(self, seat: int, ms: int) -> bool:
        """The seat to move has thought ``ms`` more without moving yet (the page pauses, hides or
        saves). Returns whether that ran its time out: then its side has lost on time."""
        clock = self._clock_for(seat)
        spent = reported_ms(ms)
        if not clock.in_time(seat, spent):
            self.timeout(seat, spent)
            return True
        clock.charge(seat, spent)
        return False

    def timeout(self, seat: int, ms: int) -> None:
        """The seat's countdown reached zero after ``ms`` more: checked against what it had left
        (:class:`ClockRunning` if time is left); then its side loses the match (RULES.md §3)."""
        clock = self._clock_for(seat)
        spent = reported_ms(ms)
        left = clock.left(seat)
        if spent < left:
            raise ClockRunning(f"seat {seat} still has {left - spent} ms")
        clock.charge(seat, spent)
        self.abandon(seat, timeout=True)

    def _clock_for(self, seat: int) -> Clock:
        if self.clock is None:
            raise IllegalAction("this match has no clock")
        if self.over:
            raise IllegalAction("the match is over")
        if self.deal.over or self.deal.to_move != seat:
            raise IllegalAction(f"it is not seat {seat}'s move: its clock is not running")
        return self.clock

    def next_deal(self) -> Deal:
        """Deal the next hand once the current deal is over and the match is not."""
        if self.abandoned is not None or not self.deal.over:
            raise IllegalAction("the current deal is not over" if self.abandoned is None else "the match is over")
        kind = self._next_kind()
        if kind is None:
            raise IllegalAction("the match is over")
        self._start_deal(kind)
        return self.deal

    @property
    def unsettled(self) -> bool:
        """A fair table's deal in play, whose deck is not known yet (its steps live on the pages)."""
        return self.decks is not None and len(self.decks) < len(self.deals)

    def settle(self, deal: Deal) -> None:
        """A fair table's deal in play, replayed at its end on the deck its pages rebuilt
        (:meth:`briscola.fair.FairDeal.verify`): the deal the match keeps, its saves and its records."""
        if not self.unsettled or deal.dealer != self.deal.dealer or deal.rules != self.rules:
            raise IllegalAction("no fair deal of this match to settle")
        assert self.decks is not None
        at = deal.cut_at or 0  # the deck as shuffled: before the cut
        self.decks.append(deal.deck[len(deal.deck) - at:] + deal.deck[:len(deal.deck) - at])
        self.deals[-1] = deal

    def restart_deal(self) -> None:
        """A fair table's deal in play is void (a page gone for good, or caught cheating): it is dealt
        again, the same dealer, from a new shuffle; nothing of it is kept."""
        if not self.unsettled or self.over:
            raise IllegalAction("no fair deal in play to deal again")
        deal = self.deal
        self.deals[-1] = Deal(self.rules, deal.dealer, self.deck_for(len(self.deals) - 1), deal.cutter)

    def abandon(self, seat: int, timeout: bool = False) -> None:
        """The seat's side leaves (or runs out of time) and loses the match (RULES.md §3)."""
        if not 0 <= seat < self.rules.players:
            raise IllegalAction(f"no seat {seat}")
        if self.rules.name == "chiamata":
            raise IllegalAction("in chiamata nobody abandons: a player who leaves is replaced by the AI")
        if self.over:
            raise IllegalAction("the match is over")
        self.abandoned = (seat, timeout)

    def rematch(self, seed: int | None = None, meta: dict[str, Any] | None = None) -> Match:
        """The next match against the same opponents, once this one is over: same table and
        format, the seats kept (no new draw), the deal passing on from this match's last dealer
        (source 000: *anche nel caso di gioco composto da più partite tra stessi giocatori*).
        ``seed`` defaults to one derived from this match's."""
        if not self.over:
            raise IllegalAction("the match is not over")
        if seed is None:
            seed = random.Random(f"briscola:{self.seed}:rematch").randrange(2**31)
        fmt = replace(self.format, draw=False, first_dealer=(self.deal.dealer + 1) % self.rules.players)
        return Match(self.rules, fmt, seed, meta, decks=None if self.decks is None else [])

    # -------------------------------------------------------------- sequence

    def _start_deal(self, kind: str) -> None:
        i = len(self.deals)
        dealer = self.dealer_for(i)
        cut_by = cutter(self.rules, dealer) if self.format.cut else None
        self.deals.append(Deal(self.rules, dealer, self.deck_for(i), cut_by))
        self.kinds.append(kind)
        if self.clock is not None:
            self.clock.next_turn()

    def _next_kind(self) -> str | None:
        """What the next deal would be, or ``None`` when the match is decided."""
        fmt, last = self.format, self.deal
        if self.fixed_deck is not None:  # one deal from a given deck: whatever it gave, nothing follows
            return None
        outcome = deal_outcome(last)
        if self.kinds[-1] == "spareggio":
            spareggi = self.kinds.count("spareggio")
            return "spareggio" if outcome is None and spareggi < MAX_SPAREGGI else None
        if last.void or (outcome is None and fmt.replay_ties and fmt.kind != "chiamata"):
            return "replay"
        counted = counted_deals(self)
        wins = deal_wins(self.rules, counted)
        if fmt.kind == "first_to":
            return None if max(wins) >= fmt.deals else "deal"
        if fmt.kind == "chiamata":
            return "deal" if len(counted) < fmt.deals else None
        remaining = fmt.deals - len(counted)
        top = max(wins)
        rivals = sorted(wins)[-2] if len(wins) > 1 else 0
        if remaining > 0 and not (wins.count(top) == 1 and top > rivals + remaining):
            return "deal"
        if fmt.knockout and wins.count(top) > 1:
            return "spareggio"
        return None
