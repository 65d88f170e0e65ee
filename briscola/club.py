"""An organiser's tournament among people (RULES.md §3, source 004): L'Approdo's tournament run
from one phone, every pair a pair of people.

The organiser gives the pairs' names (:func:`read_names`: pasted one pair a line), a :class:`Plan`
(one group or two, matches at best of three or single rounds, the final's length; :func:`propose`
offers the usual one for their number) and how the groups are drawn (at random from the seed, or
by hand). The tournament is :class:`~briscola.tournament.Tournament`'s (fixtures, standings,
head-to-head and *classifica avulsa*, the knock-out's pairings), with no player's pair: results
come in any order (:meth:`Club.put`, told as :mod:`briscola.club_result` reads them) and may be
corrected or cleared; everything after is worked out again from the results (:meth:`Club.rebuild`),
and a knock-out result whose pairing no longer holds is dropped and named (``stale``).

The tournament's slots (``Tournament``'s pairs: group A's first) hold the organiser's pairs in
the drawn ``order``: ``order[slot]`` is the index of a name. Everything outside (results, the
view) speaks of names' indices.

>>> names = read_names("1. Rossi - Bianchi\\nVerdi - Neri\\n\\nGialli\\tBlu\\nMori - Lodi\\n")
>>> names
['Rossi - Bianchi', 'Verdi - Neri', 'Gialli – Blu', 'Mori - Lodi']
>>> c = Club.new(names, propose(4), seed=7)
>>> [(c.key(f), c.pair(f.a), c.pair(f.b)) for f in c.fixtures()][:2]
[('group:0', 3, 2), ('group:1', 0, 1)]
>>> c.put("group:0", {"rounds": [{"winner": 0}, {"points": [70, 50]}]})  # Mori - Lodi win 2-0
[]
>>> o = c.outcome_of("group:0"); c.names[c.pair(o.winner)], o.deals, o.points
('Mori - Lodi', (2, 0), (70, 50))
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Any

from .club_result import Result, ResultError, read_result
from .errors import RulesError
from .match_format import MatchFormat
from .tournament import Fixture, Outcome, Shape, Tournament

FORMAT = "briscola-club/1"
NAME_CHARS = 60
"""The longest pair's name: two whole first and last names."""
ROUNDS = {"tre": MatchFormat("smazzate", 3, replay_ties=True), "secca": MatchFormat("punti", replay_ties=True)}
"""The group's matches (and the knock-out's before the final): best of three rounds, or one."""
FINALS = {5: MatchFormat("smazzate", 5, replay_ties=True), 3: ROUNDS["tre"], 1: ROUNDS["secca"]}
PAIRS = {1: range(4, 13), 2: range(8, 25)}
"""How many pairs one group, or two, may have: every group sends four to the knock-out."""


class ClubError(RulesError):
    """Settings, names or a saved tournament the engine cannot take: ``code`` says why."""


@dataclass(frozen=True)
class Plan:
    """The organiser's choices: ``groups`` (1 or 2), ``rounds`` (``"tre"``: best of three;
    ``"secca"``: one round) for every match but the final, whose rounds are ``final`` (5, 3, 1)."""

    groups: int = 2
    rounds: str = "tre"
    final: int = 5

    @classmethod
    def from_json(cls, data: Any) -> Plan:
        if not isinstance(data, dict):
            raise ClubError("the plan is an object", code="bad_shape", params={"field": "plan"})
        plan = cls(data.get("groups", 2), data.get("rounds", "tre"), data.get("final", 5))
        for field, allowed in (("groups", PAIRS), ("rounds", ROUNDS), ("final", FINALS)):
            value = getattr(plan, field)
            if isinstance(value, bool) or not isinstance(value, int | str) or value not in allowed:
                raise ClubError(f"the plan's {field} is not one of {', '.join(map(str, allowed))}",
                                code="bad_shape", params={"field": field})
        return plan

    def to_json(self) -> dict[str, Any]:
        return {"groups": self.groups, "rounds": self.rounds, "final": self.final}

    def shape(self) -> Shape:
        stages = ("semi", "final") if self.groups == 1 else ("quarter", "semi", "final")
        fmt = ROUNDS[self.rounds]
        return Shape("club", self.groups, tuple(PAIRS[self.groups]), stages,
                     {"group": fmt, **dict.fromkeys(stages[:-1], fmt), "final": FINALS[self.final]})


def propose(pairs: int) -> Plan:
    """The usual tournament for that many pairs: one group up to eight, else L'Approdo's two
    groups (best of three, a best-of-five final).

    >>> propose(18), propose(6).groups
    (Plan(groups=2, rounds='tre', final=5), 1)
    """
    return Plan(1 if pairs <= 8 else 2)


def plans_for(pairs: int) -> list[int]:
    """The numbers of groups that many pairs may be played in."""
    return [g for g, allowed in PAIRS.items() if pairs in allowed]


_NUMBERED = re.compile(r"^\d{1,3}\s*[.):-]\s*")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def read_names(text: Any) -> list[str]:
    """The pairs' names as typed or pasted, one pair a line: blank lines skipped, a list's numbers
    ("1. ", "2) ") dropped, a spreadsheet's two columns joined with a dash. A name too long or given
    twice is a :class:`ClubError` naming its line (``params["line"]``, 1-based)."""
    if not isinstance(text, str):
        raise ClubError("the pairs' names are text", code="bad_names", params={"line": 0})
    names: list[str] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(text.splitlines()[:200], 1):
        cols = [c for c in (" ".join(_CONTROL.sub(" ", part).split()) for part in line.split("\t")) if c]
        name = _NUMBERED.sub("", " – ".join(cols)).strip()
        if not name:
            continue
        if len(name) > NAME_CHARS:
            raise ClubError(f"line {n}: a pair's name is at most {NAME_CHARS} characters", code="bad_names",
                            params={"line": n})
        if name.casefold() in seen:
            raise ClubError(f"line {n}: the same pair as line {seen[name.casefold()]}", code="bad_names",
                            params={"line": n})
        seen[name.casefold()] = n
        names.append(name)
    return names


def check_names(names: Any) -> list[str]:
    """Names given as a list (a saved tournament's): each read as one typed line would be."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ClubError("the pairs' names are a list of text", code="bad_names", params={"line": 0})
    read = read_names("\n".join(n.replace("\n", " ") for n in names))
    if read != names:
        raise ClubError("a pair's name is empty, too long or given twice", code="bad_names", params={"line": 0})
    return read


def players_of(name: str) -> list[str]:
    """The two players of a pair, when its name says them ("Rossi – Bianchi", "Anna e Marco"),
    else the pair's name twice: the names of the seats when the match is played in the app.

    >>> players_of("Rossi – Bianchi"), players_of("I Lupi")
    (['Rossi', 'Bianchi'], ['I Lupi', 'I Lupi'])
    """
    for sep in (" – ", " - ", "/", " & ", " e ", " y ", " and ", ","):
        parts = [p.strip() for p in name.split(sep)]
        if len(parts) == 2 and all(parts):
            return [p[:40] for p in parts]
    return [name[:40]] * 2


def draw(pairs: int, plan: Plan, seed: int, hand: Any = None) -> list[int]:
    """The groups: ``order[slot]`` for every slot, group A's slots first. At random from the seed,
    or by hand: ``hand[pair]`` is the group (0 or 1) the organiser put each pair in, the groups as
    even as can be (group A the bigger by one)."""
    if hand is None:
        order = list(range(pairs))
        random.Random(f"club:{seed}:draw").shuffle(order)
        return order
    ok = isinstance(hand, list) and len(hand) == pairs and all(g in range(plan.groups) and not isinstance(g, bool)
                                                               for g in hand)
    sizes = [pairs // plan.groups + (g < pairs % plan.groups) for g in range(plan.groups)]
    if not ok or [hand.count(g) for g in range(plan.groups)] != sizes:
        raise ClubError(f"the groups by hand must be of {' and '.join(map(str, sizes))} pairs", code="bad_groups",
                        params={"sizes": " + ".join(map(str, sizes))})
    return [p for g in range(plan.groups) for p in range(pairs) if hand[p] == g]


@dataclass(frozen=True)
class Entry:
    """A result as entered: the two pairs (names' indices) in the order it is told, and the match."""

    pairs: tuple[int, int]
    result: Result


class Club:
    """An organiser's tournament: names, plan, seed, the groups drawn and the results entered."""

    def __init__(self, names: list[str], plan: Plan, seed: int, order: list[int], title: str = "") -> None:
        if len(names) not in PAIRS[plan.groups]:
            allowed = PAIRS[plan.groups]
            raise ClubError(f"{'one group' if plan.groups == 1 else 'two groups'} take from {allowed[0]} to "
                            f"{allowed[-1]} pairs, not {len(names)}", code="bad_pairs")
        if sorted(order) != list(range(len(names))):
            raise ClubError("the groups do not hold every pair once", code="bad_groups")
        self.names, self.plan, self.seed, self.order, self.title = names, plan, seed, order, title
        self.entries: dict[str, Entry] = {}
        self.tournament = Tournament(len(names), seed, plan.shape(), player=None)

    @classmethod
    def new(cls, names: list[str], plan: Plan, seed: int, title: str = "", hand: Any = None) -> Club:
        if len(names) < 4:
            raise ClubError(f"a tournament needs at least 4 pairs, not {len(names)}", code="bad_pairs")
        return cls(names, plan, seed, draw(len(names), plan, seed, hand), title)

    # ----------------------------------------------------------------- fixtures

    def fixtures(self) -> list[Fixture]:
        return self.tournament.fixtures

    def key(self, f: Fixture) -> str:
        """A fixture's name that outlives a recomputation: ``group:12`` (its index among the group
        matches, which never change), ``quarter:1`` (the first quarter-final)."""
        if f.stage == "group":
            return f"group:{f.index}"
        return f"{f.stage}:{[g.index for g in self.fixtures() if g.stage == f.stage].index(f.index) + 1}"

    def fixture(self, key: Any) -> Fixture:
        t = self.tournament
        if getattr(self, "_keys_at", None) != (t, len(t.fixtures)):  # a new stage drawn, or a rebuild
            self._keys_at = (t, len(t.fixtures))
            self._keys = {self.key(f): f for f in t.fixtures}
        found = self._keys.get(key) if isinstance(key, str) else None
        if found is None:
            raise ClubError(f"no match {key!r} is drawn in this tournament", code="bad_fixture")
        return found

    def pair(self, slot: int) -> int:
        return self.order[slot]

    def format_for(self, f: Fixture) -> MatchFormat:
        return self.tournament.format_for(f)

    def outcome_of(self, key: str) -> Outcome | None:
        return self.tournament.outcomes.get(self.fixture(key).index)

    def told(self, f: Fixture) -> Result | None:
        """The result entered for ``f``, told from its first pair's side."""
        entry = self.entries.get(self.key(f))
        if entry is None:
            return None
        return entry.result if entry.pairs == (self.pair(f.a), self.pair(f.b)) else entry.result.swapped()

    # ------------------------------------------------------------------ results

    def put(self, key: str, data: Any) -> list[str]:
        """Enter, correct (``data``: a typed result) or clear (``None``) a fixture's result; the
        standings and the knock-out are worked out again. Returns the keys of later results dropped
        because their pairing changed."""
        f = self.fixture(key)
        if data is None:
            self.entries.pop(key, None)
        else:
            result = read_result(data, self.format_for(f))
            self.entries[key] = Entry((self.pair(f.a), self.pair(f.b)), result)
        return self.rebuild()

    def rebuild(self) -> list[str]:
        """Every stage again from the results entered, in order; results whose fixture is not drawn
        any more, or now pairs others, are dropped: their keys are returned."""
        t = Tournament(len(self.names), self.seed, self.plan.shape(), player=None)
        self.tournament = t
        placed: set[str] = set()
        stage = None
        while (nxt := t.next_fixture()) is not None and nxt.stage != stage:
            stage = nxt.stage
            for f in [g for g in t.fixtures if g.stage == stage]:
                key, entry = self.key(f), self.entries.get(self.key(f))
                if entry is None or set(entry.pairs) != {self.pair(f.a), self.pair(f.b)}:
                    continue
                res = self.told(f)
                assert res is not None
                t.enter(f, Outcome(f.a if res.winner == 0 else f.b, res.deals, res.points))
                placed.add(key)
        stale = sorted(set(self.entries) - placed)
        for key in stale:
            del self.entries[key]
        return stale

    # ------------------------------------------------------------------- saving

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "title": self.title, "names": list(self.names), "plan": self.plan.to_json(),
                "seed": self.seed, "order": list(self.order),
                "results": [{"fixture": k, "pairs": list(e.pairs), **e.result.to_json()}
                            for k, e in sorted(self.entries.items(), key=lambda kv: self.fixture(kv[0]).index)]}

    @classmethod
    def from_json(cls, data: Any) -> Club:
        """A saved or imported tournament, checked: anything wrong is a :class:`ClubError` whose
        code says what (``bad_version``, ``bad_shape`` with its field, ``bad_names``, ``bad_pairs``,
        ``bad_groups``, ``bad_seed``, ``bad_results``)."""
        if not isinstance(data, dict):
            raise ClubError("a saved tournament is a JSON object", code="bad_shape", params={"field": "tournament"})
        if data.get("format") != FORMAT:
            raise ClubError("not an organiser's tournament of this version", code="bad_version")
        title, seed, order = data.get("title", ""), data.get("seed"), data.get("order")
        if not isinstance(title, str) or len(title) > NAME_CHARS or _CONTROL.search(title):
            raise ClubError("the tournament's title is not a short text", code="bad_shape", params={"field": "title"})
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**53:
            raise ClubError("the tournament's seed is not a whole number", code="bad_seed")
        if not isinstance(order, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in order):
            raise ClubError("the tournament's groups are not a list of pairs", code="bad_groups")
        club = cls(check_names(data.get("names")), Plan.from_json(data.get("plan")), seed, order, title)
        results = data.get("results")
        if not isinstance(results, list):
            raise ClubError("the tournament has no list of results", code="bad_shape", params={"field": "results"})
        for item in results:
            club._load_entry(item)
        if club.rebuild():
            raise ClubError("a result does not follow the tournament's fixtures", code="bad_results")
        return club

    def _load_entry(self, item: Any) -> None:
        try:
            key, pairs = item["fixture"], tuple(item["pairs"])
            f = self.fixture(key) if key.startswith("group:") else None
            fmt = self.format_for(f) if f else self.plan.shape().formats[key.split(":")[0]]
            ok = len(pairs) == 2 and all(p in range(len(self.names)) for p in pairs) and key not in self.entries
            if f is not None:
                ok = ok and set(pairs) == {self.pair(f.a), self.pair(f.b)}
            self.entries[key] = Entry(pairs, read_result(item, fmt))  # type: ignore[arg-type]
        except (KeyError, TypeError, AttributeError, ResultError, ClubError):
            ok = False
        if not ok:
            raise ClubError("a result does not follow the tournament's fixtures", code="bad_results")
