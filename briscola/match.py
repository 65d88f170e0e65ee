"""Matches (RULES.md §3): a sequence of deals under a format, to a result.

Deal ``i`` is fully fixed by the match seed: its deck is shuffled by
``random.Random(f"briscola:{seed}:{i}")`` and the first dealer is drawn from
``random.Random(f"briscola:{seed}:dealer")``; later dealers rotate
counterclockwise. So a match is reproducible from its seed and its actions.

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
from typing import Any

from .actions import Action
from .errors import IllegalAction, RulesError
from .match_format import MatchFormat
from .match_result import MatchResult, compute_result, counted_deals, deal_outcome, deal_wins
from .state import Deal, shuffled_deck
from .variants import Rules

MAX_SPAREGGI = 3


class Match:
    """A match in progress. Mutated only through :meth:`apply`, :meth:`next_deal`, :meth:`abandon`.

    ``kinds[i]`` says what deal ``i`` was: ``"deal"``, ``"replay"`` (dealt again
    after a void or replayed tie) or ``"spareggio"``.
    """

    def __init__(self, rules: Rules, fmt: MatchFormat, seed: int, meta: dict[str, Any] | None = None) -> None:
        fmt.check(rules)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"the seed must be a whole number, not {seed!r}")
        self.rules, self.format, self.seed = rules, fmt, seed
        self.meta: dict[str, Any] = dict(meta or {})
        self.first_dealer = random.Random(f"briscola:{seed}:dealer").randrange(rules.players)
        self.deals: list[Deal] = []
        self.kinds: list[str] = []
        self.abandoned: tuple[int, bool] | None = None  # (seat, by timeout)
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

    def apply(self, action: Action, seat: int | None = None) -> None:
        if self.over:
            raise IllegalAction("the match is over")
        self.deal.apply(action, seat)

    def next_deal(self) -> Deal:
        """Deal the next hand once the current deal is over and the match is not."""
        if self.abandoned is not None or not self.deal.over:
            raise IllegalAction("the current deal is not over" if self.abandoned is None else "the match is over")
        kind = self._next_kind()
        if kind is None:
            raise IllegalAction("the match is over")
        self._start_deal(kind)
        return self.deal

    def abandon(self, seat: int, timeout: bool = False) -> None:
        """The seat's side leaves (or runs out of time) and loses the match (RULES.md §3)."""
        if not 0 <= seat < self.rules.players:
            raise IllegalAction(f"no seat {seat}")
        if self.rules.name == "chiamata":
            raise IllegalAction("in chiamata nobody abandons: a player who leaves is replaced by the AI")
        if self.over:
            raise IllegalAction("the match is over")
        self.abandoned = (seat, timeout)

    # -------------------------------------------------------------- sequence

    def _start_deal(self, kind: str) -> None:
        i = len(self.deals)
        self.deals.append(Deal(self.rules, self.dealer_for(i), self.deck_for(i)))
        self.kinds.append(kind)

    def _next_kind(self) -> str | None:
        """What the next deal would be, or ``None`` when the match is decided."""
        fmt, last = self.format, self.deal
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
