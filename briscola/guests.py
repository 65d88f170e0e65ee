"""What an online table's guests receive: the one place that decides it (UI-CONTRACT, "Online tables").

The host's page is the referee. After each step of the match it asks :func:`guest_updates` for the
message of each guest's seat and sends exactly that; nothing else about the match ever leaves the
host. A guest's message holds his seat's state (:meth:`briscola.session.Session.state` with
``guest=True``: his view, never the seed or another seat's hidden cards) and, at most, the public
step that led there. Two things need more than the view to stay fair:

- **A declined Brisca exchange** (the action ``{"draw": true}``) tells that the seat held the 7 or
  the 2 of trumps: only the seat who declined hears of it.
- **Another seat's exchange decision**: while a seat decides whether to exchange, the deal waits
  between a trick and its draws, a moment that exists only when someone holds an exchangeable card.
  A guest is sent nothing then; what he would have been told (the step, the answer to his own move)
  waits and goes with the first position after the decision (:attr:`Session.outbox`).

So for two decks that agree on everything a guest has seen, the messages he receives are the same
(tests/engine/test_guest_messages.py plays whole deals to prove it).

>>> from briscola.match import Match, MatchFormat
>>> from briscola.session import begin
>>> from briscola.variants import Rules
>>> s = begin(Match.new(Rules.make("classica", 2), MatchFormat.default("classica", 2), 7,
...                     meta={"people": [0, 1], "online": True}))
>>> msg = guest_updates(s, {"seats": [1], "dealt": True})["messages"]["1"]
>>> msg["t"], msg["dealt"], "seed" in msg["state"], len(msg["state"]["view"]["hand"])
('state', True, False, 3)
"""

from __future__ import annotations

from typing import Any

from .view import view_of

PRIVATE_STEPS = ("draw",)
"""Steps only their own seat may hear of: a declined exchange (it tells who held the 7 or the 2)."""


def public_step(played: Any, seat: int) -> dict[str, Any] | None:
    """The step ``played`` (an act answer's ``played``) as the guest at ``seat`` may know it."""
    if not isinstance(played, dict):
        return None
    if played.get("seat") != seat and any(k in played for k in PRIVATE_STEPS):
        return None
    return played


def waiting_on_another(session: Any, seat: int) -> bool:
    """Whether another seat decides an exchange now (``seat`` must not learn that anyone can)."""
    deal = session.match.deal
    return deal.phase == "exchange" and view_of(deal, seat).phase != "exchange"


def guest_message(session: Any, seat: int, step: dict[str, Any]) -> dict[str, Any] | None:
    """The message for the guest at ``seat`` after ``step`` (``played``, ``dealt``, ``ack``,
    ``sync``), or None while he must wait: then the step is kept for his next message."""
    pending = session.outbox.setdefault(seat, {})
    played = public_step(step.get("played"), seat)
    if played is not None:
        pending["played"] = played
    for flag in ("dealt", "ack", "sync"):
        if step.get(flag):
            pending[flag] = True
    if waiting_on_another(session, seat):
        return None
    del session.outbox[seat]
    return {"t": "state", "played": pending.get("played"), "dealt": pending.get("dealt", False),
            "ack": pending.get("ack", False), **({"sync": True} if pending.get("sync") else {}),
            "state": session.state(seat, guest=True)}


def guest_updates(session: Any, arg: Any) -> dict[str, Any]:
    """Op ``guest_updates``: ``{"seats": [...], "played"?, "dealt"?, "by"?, "sync"?}`` gives
    ``{"messages": {seat: message or None}}`` for each guest's seat named (others are left out).
    ``by`` is the seat whose own command the step answers; ``sync`` asks for a fresh start (a guest
    just seated again)."""
    arg = arg if isinstance(arg, dict) else {}
    seats = arg.get("seats")
    seats = seats if isinstance(seats, list) else []
    out: dict[str, Any] = {}
    for seat in seats:
        if not session.is_guest(seat):
            continue
        step = {"played": arg.get("played"), "dealt": arg.get("dealt") is True,
                "ack": arg.get("by") == seat, "sync": arg.get("sync") is True}
        out[str(seat)] = guest_message(session, seat, step)
    return {"messages": out}
