"""Actions a seat can take, and completed tricks, as small frozen values.

Their JSON form is the record's action syntax (RECORD.md):

>>> from briscola.cards import card
>>> Play(card("AD")).to_json()
{'play': 'AD'}
>>> action_from_json({"bid": "2", "points": 64})
Bid(rank='2', points=64)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple, Union

from .cards import DECK, RANKS, SUITS, Card
from .errors import CardError, IllegalAction


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand onto the trick."""

    card: Card

    def to_json(self) -> dict[str, Any]:
        return {"play": self.card.code}


@dataclass(frozen=True, slots=True)
class Exchange:
    """Brisca: put the 7 (or the 2) of trumps in place of the face-up trump card."""

    card: Card
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"exchange": self.card.code, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class Draw:
    """Brisca: decline an exchange and let the draws go on (implicit in records)."""

    def to_json(self) -> dict[str, Any]:
        return {"draw": True}


@dataclass(frozen=True, slots=True)
class Bid:
    """Chiamata: call a rank; with the 2, optionally a points target (62..120)."""

    rank: str
    points: int | None = None

    @property
    def target(self) -> int:
        """Points the caller's side needs to win: the raise, else 61 for the 2 and 60 below."""
        return self.points if self.points is not None else 61

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"bid": self.rank}
        if self.points is not None:
            out["points"] = self.points
        return out


@dataclass(frozen=True, slots=True)
class Pass:
    """Chiamata: leave the auction."""

    def to_json(self) -> dict[str, Any]:
        return {"pass": True}


@dataclass(frozen=True, slots=True)
class CallSuit:
    """Chiamata: the auction winner names the suit of the called card (and of trumps)."""

    suit: str

    def to_json(self) -> dict[str, Any]:
        return {"suit": self.suit}


@dataclass(frozen=True, slots=True)
class Cut:
    """Cut the deck before a deal: the top ``at`` cards go under the rest (the cutter's choice).

    Saves keep it among the deal's actions; a game record does not, its deck being the deck
    after the cut (RECORD.md).
    """

    at: int

    def to_json(self) -> dict[str, Any]:
        return {"cut": self.at}


Action = Union[Play, Exchange, Draw, Bid, Pass, CallSuit, Cut]

PLAYS: tuple[Play, ...] = tuple(Play(c) for c in DECK)
"""Shared :class:`Play` values, indexed by :attr:`Card.index`."""


class Trick(NamedTuple):
    """A completed trick: who led, the cards in playing order, who took it, its points."""

    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int

    def seat_of(self, i: int, players: int) -> int:
        """The seat that played the ``i``-th card."""
        return (self.leader + i) % players

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": [c.code for c in self.cards],
                "winner": self.winner, "points": self.points}


def _card_field(data: dict[str, Any], key: str) -> Card:
    try:
        return Card.parse(data[key])
    except CardError as exc:
        raise IllegalAction(str(exc)) from None


def action_from_json(data: Any) -> Action:
    """Parse one record action; raises :class:`IllegalAction` when malformed.

    The optional ``"seat"`` key is not part of the action (except for
    exchanges); callers check it against the seat to move.
    """
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be a JSON object, not {data!r}")
    keys = set(data) - {"seat"}
    if "seat" in data and (isinstance(data["seat"], bool) or not isinstance(data["seat"], int)):
        raise IllegalAction(f"seat must be a whole number, not {data['seat']!r}")
    if keys == {"play"}:
        return PLAYS[_card_field(data, "play").index]
    if keys == {"exchange"}:
        if "seat" not in data:
            raise IllegalAction("an exchange must name its seat")
        return Exchange(_card_field(data, "exchange"), data["seat"])
    if keys in ({"bid"}, {"bid", "points"}):
        rank, points = data["bid"], data.get("points")
        if not isinstance(rank, str) or rank.upper() not in RANKS or len(rank) != 1:
            raise IllegalAction(f"unknown rank {rank!r} in bid")
        if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
            raise IllegalAction(f"bid points must be a whole number, not {points!r}")
        return Bid(rank.upper(), points)
    if keys == {"pass"}:
        if data["pass"] is not True:
            raise IllegalAction('a pass is written {"pass": true}')
        return Pass()
    if keys == {"suit"}:
        suit = data["suit"]
        if not isinstance(suit, str) or suit.upper() not in SUITS or len(suit) != 1:
            raise IllegalAction(f"unknown suit {suit!r}")
        return CallSuit(suit.upper())
    if keys == {"draw"}:
        return Draw()
    if keys == {"cut"}:
        at = data["cut"]
        if isinstance(at, bool) or not isinstance(at, int):
            raise IllegalAction(f'a cut is written {{"cut": N}}, N the cards lifted, not {at!r}')
        return Cut(at)
    raise IllegalAction(f"unknown action {data!r}")
