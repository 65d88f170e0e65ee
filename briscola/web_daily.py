"""The page's operations on the daily deal (issue 39; registered in :mod:`briscola.web`'s table).

The page stores the calendar (:meth:`briscola.daily.Calendar.to_json`) and sends it with each
operation, with ``today`` (the page's own date: the engine has no clock of its own); an answer
that changes it carries it back (``calendar``, stored at once) with the ``summary`` the front door
draws. A damaged calendar is a ``daily_damaged`` error with its reason; a date that is no day, a
``daily_date`` one.

- ``daily_day {variant, date, today, calendar, saved?}``: ``status`` ``played`` (with the ``day``
  as played: the result and its record), ``resume`` (the ``saved`` match is a daily deal not yet
  done with: the page resumes it) or ``new``.
- ``daily_start`` (same arguments): the day's deal becomes the match, carrying ``saved`` when it is
  a match in progress (:data:`briscola.daily.KEY`'s ``aside``); refused when the day was played.
- ``daily_done {calendar, today}``: the finished daily match goes into the calendar (once), and the
  match it carried becomes the match again (then the answer has its state and save).
- ``daily_duplicate {variant, date, budget_ms, calendar?}``: the campione's play of the day from the
  player's seat, a slice at a time; once done, its points go into the calendar's day.
- ``daily_calendar {calendar, today}``: the summary and every day's marks.

>>> import json
>>> from briscola import web
>>> ask = lambda op, arg: json.loads(web.call(op, json.dumps(arg)))
>>> day = {"variant": "classica", "date": "2026-11-20", "today": "2026-11-27", "calendar": None}
>>> ask("daily_day", day)["result"]["status"]
'new'
>>> st = ask("daily_start", day)["state"]
>>> st["daily"], st["level"]
({'variant': 'classica', 'date': '2026-11-20', 'late': True, 'aside': False}, 'campione')
>>> ask("daily_start", {**day, "date": "2026-11-28"})["error"]["code"]
'daily_future'
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any

from .actions import Play
from .answers import Answer, changed, failed, result
from .daily import (
    FIRST_DAY,
    Calendar,
    DailyError,
    Duplicate,
    aside_match,
    check_variant,
    day_result,
    entry_of,
    info,
    load_checked,
    new_match,
    parse_day,
)
from .errors import BriscolaError
from .match import Match
from .session import Refused, begin, current
from .web_checks import is_whole

MAX_BUDGET_MS = 1000
_job: tuple[tuple[str, str], Duplicate] | None = None
_done: dict[tuple[str, str], int] = {}  # the campione's points per (variant, date), once played


class CalendarDamaged(BriscolaError):
    """The calendar sent with an operation cannot be read (the reason is its cause's)."""


def _arg(arg: Any) -> dict[str, Any]:
    if not isinstance(arg, dict):
        raise Refused("malformed", "the daily deal's operations take an object")
    return arg


def _calendar(arg: dict[str, Any]) -> Calendar:
    try:
        return Calendar.from_json(arg.get("calendar"))
    except (DailyError, TypeError, ValueError) as exc:
        raise CalendarDamaged(str(exc)) from exc


def _today(arg: dict[str, Any]) -> date:
    return parse_day(arg.get("today"), "today")


def _day(arg: dict[str, Any]) -> tuple[str, date, date]:
    """The game, the day asked and today; a day to come or before the first is refused."""
    variant = check_variant(arg.get("variant"))
    day, today = parse_day(arg.get("date")), _today(arg)
    if day > today:
        raise Refused("daily_future", f"{day} is still to come")
    if day < FIRST_DAY:
        raise Refused("daily_early", f"the first daily deal is {FIRST_DAY}")
    return variant, day, today


def _saved(arg: dict[str, Any]) -> tuple[str, Match] | None:
    """The match the page has saved (its text and the match), when it loads: one that does not is
    let go as a new match lets it go (the page said it was damaged when it was loaded)."""
    text = arg.get("saved")
    if not isinstance(text, str):
        return None
    try:
        return text, load_checked(text)
    except BriscolaError:
        return None


def _unsettled(match: Match, cal: Calendar) -> bool:
    """A saved daily match still to be done with: played on, or put in the calendar and its match given back."""
    entry = info(match) or {}
    return not match.over or "aside" in entry or cal.entry(entry["variant"], parse_day(entry["date"])) is None


def day_op(arg: Any) -> Answer:
    arg = _arg(arg)
    variant, day, _ = _day(arg)
    cal = _calendar(arg)
    if (entry := cal.entry(variant, day)) is not None:
        return result({"status": "played", "day": _shown(variant, day, entry)})
    saved = _saved(arg)
    if saved is not None and (d := info(saved[1])) is not None and _unsettled(saved[1], cal):
        return result({"status": "resume", "daily": {"variant": d["variant"], "date": d["date"]}})
    return result({"status": "new"})


def start_op(arg: Any) -> Answer:
    arg = _arg(arg)
    variant, day, today = _day(arg)
    cal = _calendar(arg)
    if cal.entry(variant, day) is not None:
        raise Refused("daily_played", "that day's deal was played")
    saved = _saved(arg)
    aside = None
    if saved is not None:
        if info(saved[1]) is not None and _unsettled(saved[1], cal):
            raise Refused("daily_resume", "a daily deal is still to be done with")
        if info(saved[1]) is None and not saved[1].over:
            aside = saved[0]
    begin(new_match(variant, day, late=day < today, aside=aside))
    return changed()


def done_op(arg: Any) -> Answer:
    arg = _arg(arg)
    match = current().match
    d = info(match)
    if d is None:
        raise Refused("no_daily", "the match is no daily deal")
    if not match.over:
        raise Refused("daily_playing", "the daily deal is not over")
    today = _today(arg)
    cal = _calendar(arg)
    variant, day = d["variant"], parse_day(d["date"])
    cal.add(variant, day, entry_of(match))
    entry = cal.entry(variant, day)
    if entry is not None and entry.campione is None and (variant, d["date"]) in _done:
        entry.campione = _done[(variant, d["date"])]
    out = {"calendar": cal.to_json(), "day": _shown(variant, day, entry), "summary": cal.summary(today)}
    if "aside" in d:  # the match in progress comes back, as it was
        begin(aside_match(d["aside"]))
        return changed(result=out)
    return result(out)


def duplicate_op(arg: Any) -> Answer:
    """A slice of the campione's play of the day from the player's seat (``budget_ms``, a move at
    least): ``{done, progress: {played, total}, campione}``, and the calendar once its points are in."""
    global _job
    arg = _arg(arg)
    variant, day = check_variant(arg.get("variant")), parse_day(arg.get("date"))
    if day < FIRST_DAY:
        raise Refused("daily_early", f"the first daily deal is {FIRST_DAY}")
    budget = arg.get("budget_ms", 25)
    if not is_whole(budget) or not 1 <= budget <= MAX_BUDGET_MS:
        raise Refused("malformed", f"budget_ms must be a whole number from 1 to {MAX_BUDGET_MS}")
    key = (variant, day.isoformat())
    if key not in _done:
        if _job is None or _job[0] != key:
            _job = (key, Duplicate(variant, day))
        job = _job[1]
        if not job.run(budget / 1000):
            played = sum(isinstance(a, Play) for _, a in job.deal.history)
            return result({"done": False, "progress": {"played": played, "total": len(job.deal.deck)},
                           "campione": None})
        _done[key] = job.points or 0
        _job = None
    out: dict[str, Any] = {"done": True, "progress": None, "campione": _done[key]}
    if "calendar" in arg:
        cal = _calendar(arg)
        entry = cal.entry(variant, day)
        if entry is not None and entry.campione is None:
            entry.campione = _done[key]
            out["calendar"] = cal.to_json()
    return result(out)


def calendar_op(arg: Any) -> Answer:
    arg = _arg(arg)
    today = _today(arg)
    cal = _calendar(arg)
    return result({"summary": cal.summary(today), "marks": cal.marks(), "first_day": FIRST_DAY.isoformat()})


def _shown(variant: str, day: date, entry: Any) -> dict[str, Any]:
    try:
        return day_result(variant, day, entry)
    except DailyError as exc:
        raise CalendarDamaged(str(exc)) from exc


def _guard(fn: Callable[[Any], Answer]) -> Callable[[Any], Answer]:
    """A damaged calendar (``daily_damaged``) or a date that is no day (``daily_date``) is an error
    with its reason, never a traceback."""
    def run(arg: Any) -> Answer:
        try:
            return fn(arg)
        except CalendarDamaged as exc:
            return failed("daily_damaged", exc.__cause__ or exc)
        except DailyError as exc:
            return failed("daily_date", exc)
    return run


OPS: dict[str, Callable[[Any], Answer]] = {
    "daily_day": _guard(day_op),
    "daily_start": _guard(start_op),
    "daily_done": _guard(done_op),
    "daily_duplicate": _guard(duplicate_op),
    "daily_calendar": _guard(calendar_op),
}
