"""The computer players: three levels that see the game only through a view.

>>> import random
>>> from briscola.variants import Rules
>>> from briscola.state import Deal, shuffled_deck
>>> from briscola.view import view_of
>>> rules = Rules.make("classica", 2)
>>> deal = Deal(rules, 0, shuffled_deck(rules, random.Random(1)))
>>> action = choose(view_of(deal, deal.to_move), "campione", random.Random(7))
>>> action in deal.legal_actions()
True

``choose(view, level, rng)`` is the one entry point: ``level`` is one of
:data:`LEVELS` (``random`` is a baseline and ``campione-2026`` the campione of
November 2026 kept as the arena's yardstick: players, not levels offered on the page);
``rng`` is a seeded :class:`random.Random`, and the same view with the same
generator state always gives the same action. The view is all the AI ever
receives, so it cannot peek at hidden cards: that is fairness by construction
(``tests/ai/test_fairness.py`` checks it).
"""

from __future__ import annotations

import random

from ..actions import PLAYS, Action, CallSuit, Draw, Exchange
from ..errors import BriscolaError
from ..view import View
from . import bidding, campione, heuristic
from .knowledge import Knowledge

LEVELS = ("principiante", "esperto", "campione")
YARDSTICK = "campione-2026"  # today's campione, kept for the arena to measure the new one against
PLAYERS = (*LEVELS, "random", YARDSTICK)


class AIError(BriscolaError, ValueError):
    """A level that does not exist, or a view where this seat has nothing to do."""


def choose(view: View, level: str = "campione", rng: random.Random | None = None,
           nodes: int | None = None, capped: bool = True) -> Action:
    """The action ``level`` takes for the seat of ``view`` (it must be that seat's turn).

    ``nodes`` overrides campione's node budget per decision (tests use small ones); ``capped``
    False lifts campione's wall-clock guard (:func:`campione.choose_card`): the same move on any machine.
    """
    if level not in PLAYERS:
        raise AIError(f"unknown level {level!r} (one of {', '.join(PLAYERS)})")
    if not view.legal:
        raise AIError(f"seat {view.seat} has nothing to do now (phase {view.phase})")
    rng = rng if rng is not None else random.Random(0)
    legal = list(view.legal)
    if len(legal) == 1:
        return legal[0]
    if level == "random":
        return rng.choice(legal)
    if view.phase == "exchange":
        return _exchange(legal, level, rng)
    if view.phase == "auction":
        bold = {"principiante": rng.uniform(-4.0, 4.0), "esperto": 0.0}.get(level, 1.0)
        return bidding.choose_bid(view, rng, bold)
    if view.phase == "call":
        choice = bidding.choose_suit(view)
        if level == "principiante" and rng.random() < 0.1:
            choice = CallSuit(rng.choice("DCBS"))
        return choice
    if level in ("campione", YARDSTICK):
        style = campione.CAMPIONE_2026 if level == YARDSTICK else campione.STYLE
        card = campione.choose_card(Knowledge(view), rng, nodes or campione.NODE_BUDGET, style, capped)
    else:
        card = heuristic.choose_card(view, rng, level)
    return PLAYS[card]


def _exchange(legal: list[Action], level: str, rng: random.Random) -> Action:
    """Brisca: taking the face-up trump for the 7 (or the 2) always gains a better trump.

    The card given is the lowest trump but one, the card taken is higher, and the
    face-up card would otherwise go to whoever draws last: so every level
    exchanges, except that a principiante sometimes does not notice he may.
    """
    swaps = [a for a in legal if isinstance(a, Exchange)]
    if not swaps or (level == "principiante" and rng.random() < 0.25):
        return next(a for a in legal if isinstance(a, Draw))
    return swaps[0]


__all__ = ["AIError", "LEVELS", "PLAYERS", "YARDSTICK", "choose"]
