"""The daily deal (issue 39): one deal a day of each game for two, the same cards for everyone.

The day's deal follows from the game and the date alone, so every page computes it, offline: the
match seed is ``random.Random(f"briscola-daily:{variant}:{date}").randrange(2**48)`` (a string seed
hashes with SHA-512 inside ``random``: the same in CPython and in Pyodide), and the match deals
from it as any match does (deck ``briscola:{seed}:0``, dealer ``briscola:{seed}:dealer``). It is a
match of one deal (a 60-60 is a draw, never dealt again), seat 0 against the campione, whose
random choices are keyed by the seed and the moves before each one (:meth:`Session.ai_rng`) and
whose search the node budget alone ends (no wall-clock guard: a slow phone meets the same opponent).

>>> day = parse_day("2026-11-27")
>>> seed_of("classica", day), seed_of("brisca", day) != seed_of("classica", day)
(51752892168482, True)
>>> m = new_match("classica", day, late=False)
>>> m.seed == seed_of("classica", day), m.meta["level"], len(m.deal.hands[0])
(True, 'campione', 3)

It is scored as duplicate: the campione plays the same deal from the player's seat, against the
same opponent keyed the same way (:class:`Duplicate`), and its points stand beside the player's.

The page keeps the days played (:class:`Calendar`, stored by the page as :meth:`Calendar.to_json`);
each entry holds the deal's moves in a compact text (:func:`pack`), from which the engine replays
the day's result and its record, so a stored day shows the deal it says or is refused as damaged.

A match in progress is never lost when the daily deal is opened: the daily carries its save text
(``meta["daily"]["aside"]``) and gives it back when it ends (briscola/web_daily.py).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from .actions import Exchange
from .errors import BriscolaError, SaveError, SettingError
from .match import Match
from .match_format import MatchFormat
from .record import Record, replay
from .state import Deal
from .variants import Rules

VARIANTS = ("classica", "brisca", "biscambiggia")
"""The games with a daily deal, each for two. Not chiamata: the auction decides who plays with whom,
so the same cards from the same seat do not make a deal whose points two players can compare."""
PLAYERS = 2
LEVEL = "campione"
HUMAN = 0
FIRST_DAY = date(2026, 11, 1)
"""The first day with a daily deal: the calendar starts here (earlier dates are refused)."""
KEY = "daily"
"""The key in a daily match's meta: ``{"variant", "date", "late", "aside"?}``."""
FORMAT = "briscola-daily/1"
MAX_DAYS = 5000
"""Most days a stored calendar may hold (more than thirteen years of days)."""

_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_MOVES = re.compile(r"(?:x[0-9])?[A234567JQK][DCBS]")


class DailyError(BriscolaError, ValueError):
    """A date or a stored calendar that cannot be read (``code``: bad_date, bad_shape...)."""


# --------------------------------------------------------------------- the day's deal


def parse_day(value: Any, field: str = "date") -> date:
    """A date from outside, written ``YYYY-MM-DD`` and a day of the calendar.

    >>> parse_day("2026-02-30")
    Traceback (most recent call last):
    ...
    briscola.daily.DailyError: not a day: '2026-02-30'
    """
    if isinstance(value, str) and _DAY.fullmatch(value):
        try:
            return date.fromisoformat(value)
        except ValueError:
            pass
    shown = repr(value)[:20] if isinstance(value, str) else type(value).__name__
    raise DailyError(f"not a day: {shown}", code="bad_date", params={"field": field})


def check_variant(variant: Any) -> str:
    """``variant`` if it has a daily deal, else the refused setting the page words."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise SettingError("variant", variant, VARIANTS)
    return variant


def seed_of(variant: str, day: date) -> int:
    """The match seed of ``variant``'s deal on ``day`` (48 bits: exact as a JavaScript number)."""
    return random.Random(f"briscola-daily:{variant}:{day.isoformat()}").randrange(2**48)


def _format() -> MatchFormat:
    return MatchFormat("punti", 1)  # one deal; a 60-60 is a draw (replay_ties off)


def new_match(variant: str, day: date, late: bool, aside: str | None = None) -> Match:
    """The day's deal as a match against the campione; ``late``: played after its day; ``aside``:
    the save text of the match in progress it carries. It is never counted in the statistics."""
    info: dict[str, Any] = {"variant": variant, "date": day.isoformat(), "late": late}
    if aside is not None:
        info["aside"] = aside
    meta = {"level": LEVEL, "stats_counted": True, KEY: info}
    return Match(Rules.make(variant, PLAYERS), _format(), seed_of(variant, day), meta)


def info(match: Match) -> dict[str, Any] | None:
    """The daily entry of a match's meta, or None for a match that is no daily deal."""
    return match.meta.get(KEY)


def check(match: Match) -> None:
    """A loaded daily match is the day's deal it says, and the match it carries loads; anything
    else is a damaged save (code ``bad_meta``, field ``daily``)."""
    entry = info(match)
    if entry is None:
        return
    ok = (isinstance(entry, dict) and {"variant", "date", "late"} <= set(entry) <= {"variant", "date", "late", "aside"}
          and entry["variant"] in VARIANTS and isinstance(entry["late"], bool)
          and isinstance(entry.get("aside", ""), str) and isinstance(entry["date"], str)
          and _DAY.fullmatch(entry["date"]) is not None)
    try:
        day = parse_day(entry["date"]) if ok else None
    except DailyError:
        day = None
    if day is None or match.fixed_deck is not None or match.seed != seed_of(entry["variant"], day) \
            or match.rules != Rules.make(entry["variant"], PLAYERS) or match.format != _format():
        raise SaveError("the daily deal's entry is malformed", code="bad_meta", params={"field": KEY})
    if "aside" in entry:
        aside_match(entry["aside"])


def load_checked(text: str) -> Match:
    """A saved match from the page, loaded and checked as web's op ``load`` takes it: the save, the
    page's meta, the match a practice deal (briscola.practice) or a daily deal carries."""
    from . import practice
    from .save import load_match
    from .web_checks import check_meta

    match = load_match(text)
    check_meta(match.meta, match.rules.players, len(match.deals))
    if (whole := practice.check(match)) is not None:
        check_meta(whole.meta, whole.rules.players, len(whole.deals))
    check(match)
    return match


def aside_match(text: str) -> Match:
    """The match a daily carries, loaded and checked (:func:`load_checked`); a daily deal itself is
    refused (a daily never carries another)."""
    whole = load_checked(text)
    if info(whole) is not None:
        raise SaveError("a daily deal carries no other daily deal", code="bad_meta", params={"field": KEY})
    return whole


def record_of(variant: str, day: date, actions: tuple[dict[str, Any], ...] = ()) -> Record:
    """The record of the day's deal with ``actions`` (none: the deal as dealt)."""
    m = Match(Rules.make(variant, PLAYERS), _format(), seed_of(variant, day))
    return Record(m.rules, m.deal.dealer, m.deal.deck, actions)


# --------------------------------------------------------------------- moves as text


def pack(actions: tuple[dict[str, Any], ...] | list[dict[str, Any]]) -> str:
    """A record's actions as compact text: a play is its card's code, an exchange ``x<seat><card>``.

    >>> pack([{"play": "AD"}, {"exchange": "7B", "seat": 1}, {"play": "3C"}])
    'ADx17B3C'
    """
    out = []
    for a in actions:
        if set(a) == {"play"}:
            out.append(a["play"])
        elif set(a) == {"exchange", "seat"}:
            out.append(f"x{a['seat']}{a['exchange']}")
        else:
            raise DailyError("only plays and exchanges are a daily deal's moves", code="bad_shape",
                             params={"field": "moves"})
    return "".join(out)


def unpack(text: str) -> tuple[dict[str, Any], ...]:
    """The actions of :func:`pack`'s text; anything else is a :class:`DailyError`.

    >>> unpack("ADx17B3C")
    ({'play': 'AD'}, {'exchange': '7B', 'seat': 1}, {'play': '3C'})
    """
    if not isinstance(text, str) or len(text) > 200 or not re.fullmatch(f"(?:{_MOVES.pattern})*", text):
        raise DailyError("the moves are not a daily deal's", code="bad_shape", params={"field": "moves"})
    return tuple({"exchange": m[2:], "seat": int(m[1])} if m[0] == "x" else {"play": m} for m in _MOVES.findall(text))


# --------------------------------------------------------------------- a day played


@dataclass
class Entry:
    """One game's deal of one day as played: its moves, whether it was played after its day
    (``late``), given up before its end (``gave_up``), and the campione's points from the same seat
    once known (``campione``)."""

    moves: str
    late: bool
    campione: int | None = None
    gave_up: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"moves": self.moves, "late": self.late}
        if self.campione is not None:
            out["campione"] = self.campione
        if self.gave_up:
            out["gave_up"] = True
        return out


def entry_of(match: Match) -> Entry:
    """A finished daily match as the calendar keeps it."""
    meta = info(match) or {}
    rec = Record.of_deal(match.deal)
    return Entry(pack(rec.actions), bool(meta.get("late")), gave_up=match.abandoned is not None)


def day_result(variant: str, day: date, entry: Entry) -> dict[str, Any]:
    """What the page shows of a day played: the player's points and the opponent's, the campione's
    from the same seat (None until known), each trick won (True) or lost, the outcome, and the
    deal's record (its review). Moves that do not replay the day's deal are a :class:`DailyError`."""
    rec = record_of(variant, day, unpack(entry.moves))
    try:
        deal = replay(rec)
    except BriscolaError as exc:
        raise DailyError(f"the day's moves do not replay: {exc}", code=exc.code, params=exc.params) from None
    if not (deal.over or entry.gave_up):
        raise DailyError("the day's deal is not played to its end", code="bad_shape", params={"field": "moves"})
    return {"variant": variant, "date": day.isoformat(), "late": entry.late, "gave_up": entry.gave_up,
            **score(deal), "campione": entry.campione, "record": rec.to_json()}


def score(deal: Deal, seat: int = HUMAN) -> dict[str, Any]:
    """The seat's points, the opponent's, each trick won or lost, and the outcome of the deal."""
    side = deal.side_of(seat)
    points = deal.team_points()
    winner = deal.winner()
    outcome = "lost" if not deal.over else "drawn" if winner is None else "won" if winner == side else "lost"
    return {"points": points[side], "opponent": sum(points) - points[side],
            "tricks": [t.winner in deal.sides()[side] for t in deal.tricks], "outcome": outcome}


# --------------------------------------------------------------------- the calendar


class Calendar:
    """The days played, per date (``YYYY-MM-DD``) and game: what the page stores.

    >>> cal = Calendar()
    >>> cal.add("classica", parse_day("2026-11-26"), Entry("", late=False))
    True
    >>> cal.add("brisca", parse_day("2026-11-27"), Entry("", late=False))
    True
    >>> cal.streak(parse_day("2026-11-27")), cal.streak(parse_day("2026-11-28")), cal.streak(parse_day("2026-11-29"))
    ((2, 2), (2, 2), (0, 2))
    """

    def __init__(self, days: dict[str, dict[str, Entry]] | None = None) -> None:
        self.days = days or {}

    def entry(self, variant: str, day: date) -> Entry | None:
        """The game's deal of ``day`` as played, or None: whether that day's deal was played."""
        return self.days.get(day.isoformat(), {}).get(variant)

    def add(self, variant: str, day: date, entry: Entry) -> bool:
        """Keep a day played; a day already kept stays as it was (False)."""
        games = self.days.setdefault(day.isoformat(), {})
        if variant in games:
            return False
        games[variant] = entry
        return True

    def on_time(self) -> list[date]:
        """The days whose own deal (of some game) was played on that day, in order."""
        return sorted(date.fromisoformat(d) for d, games in self.days.items()
                      if any(not e.late for e in games.values()))

    def streak(self, today: date) -> tuple[int, int]:
        """The run of days in a row, up to today, each with a deal played on its day (a day still
        to play today does not break it: the run then ends yesterday), and the longest run ever.
        A deal played after its day counts for neither."""
        days = self.on_time()
        kept = set(days)
        current, at = 0, today if today in kept else today - timedelta(days=1)
        while at in kept:
            current, at = current + 1, at - timedelta(days=1)
        best = run = 0
        for i, d in enumerate(days):
            run = run + 1 if i and d - days[i - 1] == timedelta(days=1) else 1
            best = max(best, run)
        return current, best

    def summary(self, today: date) -> dict[str, Any]:
        """The door's and the statistics' line: the streak, the best, the days played, and today's
        games with the player's points (a damaged one leaves its points out)."""
        current, best = self.streak(today)
        played: dict[str, int | None] = {}
        for variant, entry in self.days.get(today.isoformat(), {}).items():
            try:
                played[variant] = day_result(variant, today, entry)["points"]
            except DailyError:
                played[variant] = None
        return {"as_of": today.isoformat(), "streak": current, "best": best, "days": len(self.days), "today": played}

    def marks(self) -> dict[str, dict[str, str]]:
        """Per date, each game played: ``"on_time"`` or ``"late"`` (the calendar's marks)."""
        return {d: {v: "late" if e.late else "on_time" for v, e in games.items()} for d, games in self.days.items()}

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "days": {d: {v: e.to_json() for v, e in sorted(g.items())}
                                           for d, g in sorted(self.days.items())}}

    @classmethod
    def from_json(cls, data: Any) -> Calendar:
        """A stored calendar, every field checked (its moves are replayed when a day is shown);
        None is a calendar with no day yet. Anything wrong is a :class:`DailyError` with its code.

        >>> Calendar.from_json({"format": FORMAT, "days": {"2026-11-27": {"classica": {"late": 1}}}})
        Traceback (most recent call last):
        ...
        briscola.daily.DailyError: the calendar is damaged: a day's entry has missing or mistyped fields
        """
        if data is None:
            return cls()
        _calendar_needs(isinstance(data, dict) and set(data) == {"format", "days"}, "not a calendar")
        _calendar_needs(data["format"] == FORMAT, "not a known calendar format", code="bad_version")
        days = data["days"]
        _calendar_needs(isinstance(days, dict) and len(days) <= MAX_DAYS, "days must be an object of dates", "days")
        out: dict[str, dict[str, Entry]] = {}
        for key, games in days.items():
            _calendar_needs(parse_day(key, "days") >= FIRST_DAY, "a day before the first daily deal", "days")
            known = isinstance(games, dict) and len(games) > 0 and set(games) <= set(VARIANTS)
            _calendar_needs(known, "a day's games", "days")
            out[key] = {v: _entry(e) for v, e in games.items()}
        return cls(out)


def _entry(e: Any) -> Entry:
    fields_ok = (isinstance(e, dict) and {"moves", "late"} <= set(e) <= {"moves", "late", "campione", "gave_up"}
                 and isinstance(e["moves"], str) and isinstance(e["late"], bool) and e.get("gave_up", True) is True
                 and (c := e.get("campione", 0)) is not None and isinstance(c, int) and not isinstance(c, bool)
                 and 0 <= c <= 120)
    _calendar_needs(fields_ok, "a day's entry has missing or mistyped fields", "moves")
    unpack(e["moves"])
    return Entry(e["moves"], e["late"], e.get("campione"), e.get("gave_up", False))


def _calendar_needs(cond: bool, message: str, field: str | None = None, code: str = "bad_shape") -> None:
    if not cond:
        raise DailyError(f"the calendar is damaged: {message}", code=code, params={"field": field} if field else None)


# --------------------------------------------------------------------- the duplicate


class Duplicate:
    """The campione's play of the day's deal from the player's seat: both seats the campione's, each
    move's random choices keyed as the player's deal keys them (:meth:`Session.ai_rng`) and its search
    ended by the node budget alone (no wall-clock guard: a slow phone plays the same cards), so the
    same day always gives the same points. The work is cut into slices (:meth:`run`), a move at least.
    """

    def __init__(self, variant: str, day: date) -> None:
        from .session import Session

        self.match = new_match(variant, day, late=False)
        self.session = Session(self.match)

    @property
    def deal(self) -> Deal:
        return self.match.deal

    def step(self) -> None:
        """The campione moves for the seat to move (an exchange is the seat's that holds the card)."""
        from .session import ai_move
        from .view import view_of

        seat = self.deal.to_move
        action = ai_move(view_of(self.deal, seat), LEVEL, self.session.ai_rng(seat), capped=False)
        self.match.apply(action, seat=action.seat if isinstance(action, Exchange) else seat)

    def run(self, budget_s: float) -> bool:
        """Move until the deal is over or ``budget_s`` seconds have gone (one move at least);
        returns whether it is over."""
        import time

        start = time.perf_counter()
        while not self.deal.over:
            self.step()
            if time.perf_counter() - start >= budget_s:
                break
        return self.deal.over

    @property
    def points(self) -> int | None:
        """The campione's points from the player's seat, once the deal is over."""
        return score(self.deal)["points"] if self.deal.over else None

