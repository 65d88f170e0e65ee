"""Variants as data, and the rules of one table (variant + players + options).

>>> rules = Rules.make("classica", 3)
>>> len(rules.deck), rules.hand_size, rules.teams
(39, 3, ((0,), (1,), (2,)))
>>> Rules.make("biscambiggia", 6).teams
((0, 2, 4), (1, 3, 5))
>>> TABLES[:4], TABLES[-1], len(TABLES)
((('classica', 2), ('classica', 3), ('classica', 4), ('brisca', 2)), ('chiamata', 5), 11)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from .cards import DECK, Card
from .errors import RulesError, SettingError

BRISCOLA_ORDER = "A3KQJ76542"
"""Trick order high to low for Briscola, Brisca and chiamata."""
BISCAMBIGGIA_ORDER = "A7KQJ65432"
"""Trick order high to low for Biscambiggia: the 7 second, the 3 worthless."""


@dataclass(frozen=True)
class Variant:
    """What sets one game of the family apart from the others."""

    name: str
    players: tuple[int, ...]
    order: str  # trick order, high to low
    points: Mapping[str, int]  # card points by rank
    hand_size: int = 3
    trump_card: bool = True  # a card is turned face up for trump
    exchange: bool = False  # Brisca: the 7/2 of trumps may take the face-up card
    auction: bool = False  # chiamata: trump and teams come from an auction
    removed: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    team_players: tuple[int, ...] = (4,)  # player counts that play in teams
    team_pile: bool = False  # teams keep one trick pile each, by one of its players (Biscambiggia)


VARIANTS: dict[str, Variant] = {
    v.name: v
    for v in (
        Variant("classica", (2, 3, 4), BRISCOLA_ORDER, {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2},
                removed={3: ("2S",)}),
        Variant("brisca", (2, 3, 4), BRISCOLA_ORDER, {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2},
                exchange=True, removed={3: ("2S",)}),  # for three as classica: docs/rules.md
        Variant("biscambiggia", (2, 3, 4, 6), BISCAMBIGGIA_ORDER,
                {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2},
                removed={3: ("2S",), 6: ("2D", "2C", "2B", "2S")}, team_players=(4, 6), team_pile=True),
        Variant("chiamata", (5,), BRISCOLA_ORDER, {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2},
                hand_size=8, trump_card=False, auction=True, team_players=()),
    )
}

TABLES: tuple[tuple[str, int], ...] = tuple((name, n) for name, v in VARIANTS.items() for n in v.players)
"""Every table the engine plays, as (variant, players): variant by variant, fewest players first."""


REMOVABLE_TWOS = ("2S", "2B", "2C", "2D")
"""The 2s of which the players choose one to leave the deck at three (option ``removed_two``),
in the order the setup offers them."""


@dataclass(frozen=True)
class Options:
    """Optional rules (RULES.md §3–§4). Names are the keys used in records."""

    vinco_subito: bool = False  # the deal ends as soon as a side that just took a trick has 61
    carte_viste: bool = False  # the cards played in the deal are shown to everyone
    carte_scoperte: bool = False  # pair games: partners see each other's hand all deal
    mostra_carte: bool = False  # pair games: partners see each other's hand once the stock is out
    removed_two: str = "2S"  # for 3 players (classica, Brisca, Biscambiggia): which 2 leaves the deck

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Options:
        """Options from a record's ``options`` object; unknown keys are an error."""
        if data is not None and not isinstance(data, Mapping):
            raise RulesError("options must be an object")
        data = dict(data or {})
        known = {f.name: f for f in fields(cls)}
        for key, value in data.items():
            if key not in known:
                raise RulesError(f"unknown option {key!r}")
            want = bool if known[key].type in ("bool", bool) else str
            if type(value) is not want:
                raise RulesError(f"option {key!r} must be a {want.__name__}")
        opts = cls(**data)
        if opts.removed_two not in REMOVABLE_TWOS:
            raise RulesError(f"removed_two must be one of {' '.join(REMOVABLE_TWOS)}, not {opts.removed_two!r}")
        return opts

    def to_dict(self) -> dict[str, Any]:
        """Every option that differs from its default (``vinco_subito`` always)."""
        out: dict[str, Any] = {"vinco_subito": self.vinco_subito}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name != "vinco_subito" and value != f.default:
                out[f.name] = value
        return out


@dataclass(frozen=True)
class Rules:
    """One table's rules: the variant, the number of players and the options.

    Per-card tables are indexed by :attr:`Card.index` for speed.
    """

    variant: Variant
    players: int
    options: Options = Options()
    strength: tuple[int, ...] = field(init=False, repr=False, compare=False)
    card_points: tuple[int, ...] = field(init=False, repr=False, compare=False)
    deck: tuple[Card, ...] = field(init=False, repr=False, compare=False)  # cards in play, canonical order

    def __post_init__(self) -> None:
        if self.players not in self.variant.players:
            allowed = ", ".join(map(str, self.variant.players))
            raise SettingError("players", self.players, self.variant.players,
                               f"{self.variant.name} is played by {allowed} players, not {self.players}",
                               variant=self.variant.name)
        rank_strength = {r: len(self.variant.order) - i for i, r in enumerate(self.variant.order)}
        object.__setattr__(self, "strength", tuple(rank_strength[c.rank] for c in DECK))
        object.__setattr__(self, "card_points", tuple(self.variant.points.get(c.rank, 0) for c in DECK))
        gone = set(self.removed)
        object.__setattr__(self, "deck", tuple(c for c in DECK if c.code not in gone))

    @classmethod
    def make(cls, variant: str, players: int, options: Mapping[str, Any] | Options | None = None) -> Rules:
        if not isinstance(variant, str) or variant not in VARIANTS:
            raise SettingError("variant", variant, tuple(VARIANTS))
        if isinstance(players, bool) or not isinstance(players, int):
            raise SettingError("players", players, (), f"players must be a whole number, not {players!r}")
        opts = options if isinstance(options, Options) else Options.from_dict(options)
        return cls(VARIANTS[variant], players, opts)

    @property
    def name(self) -> str:
        return self.variant.name

    @property
    def hand_size(self) -> int:
        return self.variant.hand_size

    @property
    def removed(self) -> tuple[str, ...]:
        """Codes of the cards taken out of the deck for this player count; where one 2 leaves
        (3 players), the players choose which (option ``removed_two``)."""
        removed = self.variant.removed.get(self.players, ())
        return (self.options.removed_two,) if len(removed) == 1 else removed

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Sides in seat order of their lowest seat (chiamata: one per seat until the auction)."""
        n = self.players
        if n in self.variant.team_players:
            return (tuple(range(0, n, 2)), tuple(range(1, n, 2)))
        return tuple((s,) for s in range(n))

    def team_of(self, seat: int) -> int:
        """Index in :attr:`teams` of the side a seat plays for (chiamata: see the deal)."""
        for i, team in enumerate(self.teams):
            if seat in team:
                return i
        raise RulesError(f"no seat {seat}")

    def points_of(self, card: Card) -> int:
        return self.card_points[card.index]

    def beats(self, new: Card, best: Card, trump: str | None) -> bool:
        """Whether ``new`` takes a trick currently held by ``best``."""
        if new.suit == best.suit:
            return self.strength[new.index] > self.strength[best.index]
        return new.suit == trump
