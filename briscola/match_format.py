"""How a match is played: the number of deals, what a tie leads to (RULES.md §3).

>>> MatchFormat("smazzate", 3, replay_ties=True).to_dict()
{'kind': 'smazzate', 'deals': 3, 'replay_ties': True, 'knockout': False}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import RulesError
from .variants import Rules

KINDS = ("punti", "smazzate", "first_to", "chiamata")


MAX_MS = 24 * 3600 * 1000  # a clock longer than a day is no clock
_BASE = ("kind", "deals", "replay_ties", "knockout")
_EXTRA = {"move_ms": None, "match_ms": None, "cut": False, "draw": False, "first_dealer": None}
"""Settings added later: written only when set, so older saves keep their exact form."""


@dataclass(frozen=True)
class MatchFormat:
    """How many deals, what a tied deal or a tied match leads to, the clock and the rituals.

    - ``punti``: one deal; 61 wins the match.
    - ``smazzate``: ``deals`` deals (odd; even allowed for Biscambiggia pairs), majority of deals wins.
    - ``first_to``: the first side to win ``deals`` deals (Brisca, Biscambiggia); tied deals do not count.
    - ``chiamata``: ``deals`` chiamata deals with running scores; all-pass deals are dealt again.

    ``replay_ties``: a 60–60 deal is void and dealt again (*ripeti la smazzata pari*).
    ``knockout``: a tied match goes to up to three tie-break deals (*spareggi*).
    ``move_ms`` / ``match_ms``: the move clock (RULES.md §4), milliseconds per move and per seat
    for the whole match (:mod:`briscola.clock`); ``None`` is no limit.
    ``cut``: before each deal the player on the dealer's left cuts the deck (:mod:`briscola.rituals`).
    ``draw``: the players draw a card each for the first dealer (and, four players, for partners).
    ``first_dealer``: who deals first, when a match goes on from another (a rematch); ``None``
    draws the dealer from the seed (or by ``draw``).
    """

    kind: str = "punti"
    deals: int = 1
    replay_ties: bool = False
    knockout: bool = False
    move_ms: int | None = None
    match_ms: int | None = None
    cut: bool = False
    draw: bool = False
    first_dealer: int | None = None

    def check(self, rules: Rules) -> None:
        """Raise :class:`RulesError` unless this format fits the table."""
        if self.kind not in KINDS:
            raise RulesError(f"unknown match format {self.kind!r} (one of {', '.join(KINDS)})")
        if isinstance(self.deals, bool) or not isinstance(self.deals, int) or not 1 <= self.deals <= 99:
            raise RulesError(f"the number of deals must be from 1 to 99, not {self.deals!r}")
        if (self.kind == "chiamata") != (rules.name == "chiamata"):
            raise RulesError("the chiamata format is for Briscola chiamata, and chiamata needs it")
        if self.kind == "punti" and self.deals != 1:
            raise RulesError("a partita a punti is one deal")
        even_ok = rules.name == "biscambiggia" and rules.players in (4, 6)
        if self.kind == "smazzate" and self.deals % 2 == 0 and not even_ok:
            raise RulesError(f"a partita a smazzate has an odd number of deals, not {self.deals}")
        if self.knockout and len(rules.teams) != 2:
            raise RulesError("spareggi need two sides")
        self._check_more(rules)

    def _check_more(self, rules: Rules) -> None:
        for key in ("move_ms", "match_ms"):
            ms = getattr(self, key)
            if ms is not None and (isinstance(ms, bool) or not isinstance(ms, int) or not 1 <= ms <= MAX_MS):
                raise RulesError(f"{key} must be a number of milliseconds from 1 to {MAX_MS}, not {ms!r}")
        if self.clocked and rules.name == "chiamata":
            raise RulesError("chiamata has no clock: a player who leaves is replaced by the AI")
        for key in ("cut", "draw"):
            if not isinstance(getattr(self, key), bool):
                raise RulesError(f"{key} must be true or false")
        if self.draw and (rules.name == "chiamata" or rules.players not in (2, 3, 4)):
            raise RulesError("the draw for the dealer is for 2, 3 or 4 players (chiamata excluded)")
        dealer = self.first_dealer
        if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)
                                   or not 0 <= dealer < rules.players):
            raise RulesError(f"the first dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
        if dealer is not None and self.draw:
            raise RulesError("the first dealer is either drawn or given, not both")

    @property
    def clocked(self) -> bool:
        return self.move_ms is not None or self.match_ms is not None

    def scores_vp(self, rules: Rules) -> bool:
        """Whether the match scores victory points and the point difference in tens (source 000's
        tables, RULES.md §3): a Briscola classica match between two sides played as source 000's
        tournaments play it, over several deals (*a smazzate*) or with spareggi. A friendly points
        match of one deal does not: who won and by how many points says it all.

        >>> two, four = Rules.make("classica", 2), Rules.make("classica", 4)
        >>> MatchFormat("punti").scores_vp(two), MatchFormat("smazzate", 3).scores_vp(four)
        (False, True)
        >>> MatchFormat("punti", knockout=True).scores_vp(two)
        True
        >>> MatchFormat("first_to", 2).scores_vp(Rules.make("brisca", 2))
        False
        """
        return rules.name == "classica" and len(rules.teams) == 2 and (self.kind == "smazzate" or self.knockout)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {k: getattr(self, k) for k in _BASE}
        out.update({k: getattr(self, k) for k, default in _EXTRA.items() if getattr(self, k) != default})
        return out

    @classmethod
    def from_dict(cls, data: Any) -> MatchFormat:
        if not isinstance(data, dict) or set(data) - {*_BASE, *_EXTRA}:
            raise RulesError(f"a match format is an object with {', '.join([*_BASE, *_EXTRA])}")
        for key in ("replay_ties", "knockout", "cut", "draw"):
            if not isinstance(data.get(key, False), bool):
                raise RulesError(f"{key} must be true or false")
        return cls(data.get("kind", "punti"), data.get("deals", 1),
                   data.get("replay_ties", False), data.get("knockout", False),
                   **{k: data.get(k, default) for k, default in _EXTRA.items()})

    @staticmethod
    def default(variant: str, players: int) -> MatchFormat:
        """The usual match for a table (RULES.md §3, §5, §6)."""
        if variant == "chiamata":
            return MatchFormat("chiamata", 5)
        if variant == "brisca":
            return MatchFormat("first_to", 2, replay_ties=False)
        if variant == "biscambiggia":
            if players in (4, 6):
                return MatchFormat("smazzate", 4)
            return MatchFormat("first_to", 3 if players == 3 else 2)
        return MatchFormat("punti")
