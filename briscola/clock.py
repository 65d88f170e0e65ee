"""The move clock (RULES.md §3–4, source 000): time per move and/or per match.

The engine never reads the time (a match must replay the same anywhere), so the page measures and
the engine keeps the account: with each action the page reports the milliseconds the seat spent
on it, and when a countdown reaches zero it reports that too. The engine charges the time, checks
every report against what the seat had left, and applies the timeout itself (RULES.md §3: the
side that lets the clock run out loses the match).

- ``move_ms``: each move (any action: a card, a bid, an exchange, a cut) within this time.
- ``match_ms``: each seat's time for the whole match (*tempo partita*), across its deals.

A move may be reported in parts (``Clock.charge`` without a move: the page pauses, or saves);
``turn`` is what the seat to move has already spent on the move in hand. Seats that report
nothing (the computer's) spend nothing.

>>> c = Clock(2, move_ms=30_000, match_ms=600_000)
>>> c.left(0), c.in_time(0, 29_000)
(30000, True)
>>> c.charge(0, 29_000); c.next_turn(); c.left(0), c.remaining()
(30000, [571000, 600000])
>>> c.charge(1, 20_000); c.left(1), c.in_time(1, 10_001)
(10000, False)
"""

from __future__ import annotations

from typing import Any

from .errors import IllegalAction, RulesError

MAX_REPORT_MS = 24 * 3600 * 1000


class OutOfTime(IllegalAction):
    """A move reported after the seat's time ran out: it is not played (the seat's side has lost
    by timeout: :meth:`briscola.match.Match.timeout`)."""


class ClockRunning(IllegalAction):
    """A timeout reported while the seat still had time: refused, the clock goes on."""


def reported_ms(value: Any) -> int:
    """A time the page reports: a whole number of milliseconds, from 0 to a day."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_REPORT_MS:
        raise IllegalAction(f"a time is a whole number of milliseconds from 0 to {MAX_REPORT_MS}, not {value!r}")
    return value


class Clock:
    """Each seat's time spent in a match, against the format's limits."""

    def __init__(self, players: int, move_ms: int | None, match_ms: int | None) -> None:
        self.move_ms, self.match_ms = move_ms, match_ms
        self.spent = [0] * players  # per seat, over the whole match
        self.turn = 0  # spent by the seat to move on the move in hand

    def left(self, seat: int) -> int:
        """Milliseconds ``seat`` may still take on its move in hand (never below 0)."""
        limits = []
        if self.move_ms is not None:
            limits.append(self.move_ms - self.turn)
        if self.match_ms is not None:
            limits.append(self.match_ms - self.spent[seat])
        return max(0, min(limits))

    def in_time(self, seat: int, ms: int) -> bool:
        """Whether ``ms`` more on the move in hand still fits (a move at exactly 0 left is in time)."""
        return ms <= self.left(seat)

    def charge(self, seat: int, ms: int) -> None:
        self.spent[seat] += ms
        self.turn += ms

    def next_turn(self) -> None:
        self.turn = 0

    def remaining(self) -> list[int] | None:
        """Per seat, the match time left (``None`` without a match time)."""
        if self.match_ms is None:
            return None
        return [max(0, self.match_ms - s) for s in self.spent]

    def to_json(self) -> dict[str, Any]:
        """What a save keeps: the time spent per seat and on the move in hand."""
        return {"spent": list(self.spent), "turn": self.turn}

    def restore(self, data: Any) -> None:
        """Take back what :meth:`to_json` gave; raises :class:`RulesError` on anything else."""
        ok = isinstance(data, dict) and set(data) == {"spent", "turn"} and isinstance(data["spent"], list) \
            and len(data["spent"]) == len(self.spent)
        values = [*data["spent"], data["turn"]] if ok else []
        if not ok or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
            raise RulesError("the clock is not a list of times spent per seat and the time of the move in hand")
        self.spent, self.turn = list(data["spent"]), data["turn"]
