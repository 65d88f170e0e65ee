"""Cards: the 40-card Italian deck and its codes.

A card code is rank then suit (RECORD.md): ``AD`` is the ace of denari,
``QC`` the cavallo of coppe, ``7B`` the seven of bastoni.

>>> Card.parse("3S")
Card(rank='3', suit='S')
>>> Card.parse("3S").code
'3S'
>>> Card.parse("3S") is Card.parse("3s")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .errors import CardError

SUITS = "DCBS"
"""Suit codes: denari, coppe, bastoni, spade (= ♦ ♥ ♣ ♠, oros copas bastos espadas)."""

RANKS = "A234567JQK"
"""Rank codes in deck order (J fante/sota, Q cavallo/donna/caballo, K re/rey)."""


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """A playing card. There is one instance per card: equality is identity.

    ``Card("A", "D")`` returns the shared ace of denari, so ``is``, ``==`` and
    ``in`` are all cheap (the engine's hot path lives on them).
    """

    rank: str
    suit: str
    index: int = field(init=False, repr=False)

    def __new__(cls, rank: str, suit: str) -> Card:
        shared = _BY_CODE.get(f"{rank}{suit}") if isinstance(rank, str) and isinstance(suit, str) else None
        return shared if shared is not None else object.__new__(cls)

    def __post_init__(self) -> None:
        if not (len(self.rank) == len(self.suit) == 1 and self.rank in RANKS and self.suit in SUITS):
            raise CardError(f"unknown card {self.rank!r}{self.suit!r}")
        object.__setattr__(self, "index", SUITS.index(self.suit) * 10 + RANKS.index(self.rank))

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))

    @property
    def code(self) -> str:
        return self.rank + self.suit

    def __str__(self) -> str:
        return self.code

    @staticmethod
    def parse(code: object) -> Card:
        """The shared card for a code such as ``"AD"``; raises :class:`CardError`.

        >>> Card.parse("XX")
        Traceback (most recent call last):
        ...
        briscola.errors.CardError: unknown card code 'XX'
        """
        if not isinstance(code, str):
            raise CardError(f"a card code must be a string, not {code!r}")
        card = _BY_CODE.get(code.upper())
        if card is None:
            raise CardError(f"unknown card code {code!r}")
        return card


_BY_CODE: dict[str, Card] = {}
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)
"""The 40 cards, denari first, each suit from ace to king."""
_BY_CODE.update((c.code, c) for c in DECK)


def card(code: str) -> Card:
    """Shorthand for :meth:`Card.parse`."""
    return Card.parse(code)


def cards(codes: str | Iterable[str]) -> list[Card]:
    """Cards from codes: a list, or one string with spaces.

    >>> [c.code for c in cards("AD 3S")]
    ['AD', '3S']
    """
    if isinstance(codes, str):
        codes = codes.split()
    return [Card.parse(c) for c in codes]


def codes(cs: Iterable[Card]) -> list[str]:
    """Codes of cards, in order."""
    return [c.code for c in cs]
