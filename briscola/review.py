"""Step-by-step review of a finished deal, with every hand shown (issue: hints and review).

>>> from briscola.cards import DECK
>>> from briscola.record import parse_record
>>> rec = parse_record({"format": "briscola-record/1", "variant": "classica", "players": 2,
...                     "dealer": 0, "deck": [c.code for c in DECK], "actions": [{"play": "AD"}]})
>>> [f["action"] for f in frames(rec)]
[None, {'seat': 1, 'play': 'AD'}]
"""

from __future__ import annotations

from typing import Any

from .actions import Exchange, action_from_json
from .errors import BriscolaError, RecordError
from .record import Record
from .state import Deal


def snapshot(deal: Deal) -> dict[str, Any]:
    """Everything on the table, every hand face up."""
    return {
        "phase": deal.phase,
        "to_move": None if deal.over else deal.to_move,
        "hands": [[c.code for c in h] for h in deal.hands],
        "trick": [c.code for c in deal.trick],
        "leader": deal.leader,
        "trump": deal.trump_card.code if deal.trump_card else None,
        "trump_suit": deal.trump_suit,
        "stock": deal.stock_count,
        "points": list(deal.points),
        "team_points": deal.team_points(),
        "last_trick": deal.tricks[-1].to_json() if deal.tricks else None,
        "called": deal.called_card.code if deal.called_card else None,
        "caller": deal.caller,
    }


def frames(record: Record) -> list[dict[str, Any]]:
    """The deal before any action, then after each action (with the action that led there)."""
    deal = Deal(record.rules, record.dealer, record.deck)
    out = [{"action": None, **snapshot(deal)}]
    for i, raw in enumerate(record.actions):
        try:
            action = action_from_json(raw)
            if isinstance(action, Exchange):
                seat = action.seat
            else:  # after implicit Brisca draws, the trick's winner (the leader) moves
                seat = deal.leader if deal.phase == "exchange" else deal.to_move
            deal.apply(action, raw.get("seat"))
        except BriscolaError as exc:
            raise RecordError(str(exc), i) from None
        out.append({"action": {"seat": seat, **action.to_json()}, **snapshot(deal)})
    return out
