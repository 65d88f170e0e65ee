"""What the page draws of a match beyond a seat's view: the rituals, the clock, the team piles.

:meth:`briscola.session.Session.state` adds these keys (docs/engine.md lists them):

- ``draw``: the players' draw for the dealer (:class:`briscola.rituals.SeatDraw`), or ``None``;
- ``cut``: the current deal's cut, ``{"seat", "at", "cards", "min", "max"}`` (``at`` is ``None``
  until the cutter has cut), or ``None`` when the deal is not cut;
- ``clock``: ``{"move_ms", "match_ms", "spent", "remaining", "turn_ms", "seat", "left_ms"}``, or
  ``None`` without a clock: ``seat`` is whose clock runs now (``None`` between deals, and during
  another seat's exchange decision), ``left_ms``
  what that seat may still take on this move, ``turn_ms`` what it already spent on it;
- ``team_piles``: per side, the seat holding its one trick pile (Biscambiggia in teams), or
  ``None`` where every player keeps his own.

>>> from briscola.match import Match, MatchFormat
>>> from briscola.variants import Rules
>>> m = Match.new(Rules.make("brisca", 2), MatchFormat("first_to", 2, cut=True, move_ms=20000), seed=4)
>>> e = extras(m, 0)
>>> e["cut"]["seat"] == m.deal.cutter, e["cut"]["at"], e["clock"]["left_ms"], e["draw"]
(True, None, 20000, None)
"""

from __future__ import annotations

from typing import Any

from .match import Match
from .state import cut_range


def extras(match: Match, viewer: int) -> dict[str, Any]:
    """The keys above, as seat ``viewer`` may see them."""
    deal = match.deal
    cut = None
    if deal.cutter is not None:
        allowed = cut_range(len(deal.deck))
        cut = {"seat": deal.cutter, "at": deal.cut_at, "cards": len(deal.deck),
               "min": allowed[0], "max": allowed[-1]}
    piles = deal.pile_holders()
    return {
        "draw": match.draw.to_json() if match.draw is not None else None,
        "cut": cut,
        "clock": clock_json(match, viewer),
        "team_piles": list(piles) if piles is not None else None,
    }


def clock_json(match: Match, viewer: int) -> dict[str, Any] | None:
    clock, deal = match.clock, match.deal
    if clock is None:
        return None
    running = None if match.over or deal.over else deal.to_move
    if deal.phase == "exchange" and running != viewer:
        running = None  # who decides an exchange would tell who holds the 7 or the 2 (see view_of)
    return {"move_ms": clock.move_ms, "match_ms": clock.match_ms, "spent": list(clock.spent),
            "remaining": clock.remaining(), "turn_ms": clock.turn, "seat": running,
            "left_ms": clock.left(running) if running is not None else None}
