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


@dataclass(frozen=True)
class MatchFormat:
    """How many deals, and what a tied deal or a tied match leads to.

    - ``punti``: one deal; 61 wins the match.
    - ``smazzate``: ``deals`` deals (odd; even allowed for Biscambiggia pairs), majority of deals wins.
    - ``first_to``: the first side to win ``deals`` deals (Brisca, Biscambiggia); tied deals do not count.
    - ``chiamata``: ``deals`` chiamata deals with running scores; all-pass deals are dealt again.

    ``replay_ties``: a 60–60 deal is void and dealt again (*ripeti la smazzata pari*).
    ``knockout``: a tied match goes to up to three tie-break deals (*spareggi*).
    """

    kind: str = "punti"
    deals: int = 1
    replay_ties: bool = False
    knockout: bool = False

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

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "deals": self.deals, "replay_ties": self.replay_ties, "knockout": self.knockout}

    @classmethod
    def from_dict(cls, data: Any) -> MatchFormat:
        if not isinstance(data, dict) or set(data) - {"kind", "deals", "replay_ties", "knockout"}:
            raise RulesError("a match format is an object with kind, deals, replay_ties, knockout")
        for key in ("replay_ties", "knockout"):
            if not isinstance(data.get(key, False), bool):
                raise RulesError(f"{key} must be true or false")
        return cls(data.get("kind", "punti"), data.get("deals", 1),
                   data.get("replay_ties", False), data.get("knockout", False))

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
