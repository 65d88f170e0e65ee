"""What the page sends, checked, and what it gets back when it is refused (for briscola.web).

Seeds may come as decimal text (past 2**53 a JavaScript number is not exact), whole numbers go
back to the page as text past that point, a loaded save's ``meta`` is checked for what the page
relies on, and every refusal becomes ``{"error": {"code", "reason", "params", "detail"}}``:
``code`` is what failed, ``reason`` why (errors.REASONS), both worded by the page.

>>> error_json("save", SaveError("the saved match was altered", code="bad_digest"))["error"]["reason"]
'bad_digest'
"""

from __future__ import annotations

import re
from typing import Any

from .errors import PARAM_LIMIT, BriscolaError, SaveError, SettingError, one_line
from .save import SEED_DIGITS
from .seats import LEVELS, Seating, seat_list  # LEVELS: the computer's levels on the page

_SEED_TEXT = re.compile(rf"-?[0-9]{{1,{SEED_DIGITS}}}")
JS_SAFE = 2**53
"""Whole numbers from here on lose precision as JavaScript numbers: the page gets them as text."""


def parse_seed(value: Any) -> int:
    """A seed from the page: a whole number, or its decimal text (a ``?new=`` link's seed may be
    past what a JavaScript number holds exactly), of at most :data:`SEED_DIGITS` digits.

    >>> parse_seed(-5), parse_seed("-5"), parse_seed("1234567890123456789")
    (-5, -5, 1234567890123456789)
    >>> parse_seed("1.5")
    Traceback (most recent call last):
    ...
    briscola.errors.SettingError: the seed must be a whole number of at most 30 digits, not '1.5'
    """
    if is_whole(value):
        return value
    if isinstance(value, str) and _SEED_TEXT.fullmatch(value):
        return int(value)
    raise SettingError("seed", value, (), f"the seed must be a whole number of at most {SEED_DIGITS} digits, "
                                          f"not {one_line(repr(value), PARAM_LIMIT)}")


def js_int(n: int) -> int | str:
    """``n`` as the page can hold it exactly: a number, or its decimal text past :data:`JS_SAFE`."""
    return n if -JS_SAFE < n < JS_SAFE else str(n)


def is_whole(value: Any) -> bool:
    """A whole number (not a bool) of at most :data:`SEED_DIGITS` digits: the page's ids and seeds."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**SEED_DIGITS


def check_meta(meta: dict[str, Any], players: int, deals: int = 10**6) -> None:
    """The page's own data in a saved match (``level``, ``stats_counted``, ``stand_in``, ``tournament``, the
    seating of briscola.seats, the ``accuracy`` of its analysed deals), which
    the digest cannot vouch for once it is recomputed: anything wrong is a damaged save."""
    level = meta.get("level", "esperto")
    if not isinstance(level, str) or level not in LEVELS:
        raise SaveError(f"unknown level {one_line(repr(level), PARAM_LIMIT)}", code="bad_level",
                        params={"field": "level"})
    if not isinstance(meta.get("stand_in", False), bool):
        raise SaveError("stand_in must be true or false", code="bad_meta", params={"field": "stand_in"})
    if not isinstance(meta.get("stats_counted", False), bool):
        raise SaveError("stats_counted must be true or false", code="bad_meta", params={"field": "stats_counted"})
    seating = Seating.from_meta(meta, players)
    if "away" in meta and not set(seat_list(meta["away"], players, "away")) <= set(seating.people) - {0}:
        raise SaveError("the save's away seats are not guests' seats", code="bad_meta", params={"field": "away"})
    viewer = meta.get("viewer", 0)
    if not (isinstance(viewer, int) and not isinstance(viewer, bool) and seating.is_person(viewer)):
        raise SaveError("the save's viewer is not a person's seat", code="bad_meta", params={"field": "viewer"})
    info = meta.get("tournament")
    fixture_ok = isinstance(info, dict) and all(is_whole(info.get(k)) for k in ("seed", "pairs", "fixture"))
    if info is not None and not fixture_ok:
        raise SaveError("the tournament fixture of the match is malformed", code="bad_meta",
                        params={"field": "tournament"})
    if "club" in meta and not club_info_ok(meta["club"]):
        raise SaveError("the club tournament's fixture of the match is malformed", code="bad_meta",
                        params={"field": "club"})
    if not accuracy_ok(meta, deals):
        raise SaveError("the analysed deals' figures are malformed", code="bad_meta", params={"field": ACCURACY})


def club_info_ok(info: Any) -> bool:
    """Whether a match's ``club`` meta (briscola/web_club.py) is what the page relies on: the
    tournament's seed, the fixture's key, its two pairs and their names, its stage and round.

    >>> info = {"seed": 3, "fixture": "group:0", "pairs": [2, 0], "names": ["A", "B"], "stage": "group", "round": 0}
    >>> club_info_ok(info), club_info_ok({**info, "fixture": "group:x"})
    (True, False)
    """
    if not isinstance(info, dict) or not is_whole(info.get("seed")) or not is_whole(info.get("round")):
        return False
    fixture, pairs, names = info.get("fixture"), info.get("pairs"), info.get("names")
    return (isinstance(fixture, str) and re.fullmatch(r"(group|quarter|semi|final):[0-9]{1,4}", fixture) is not None
            and info.get("stage") in ("group", "quarter", "semi", "final")
            and isinstance(pairs, list) and len(pairs) == 2 and all(is_whole(p) and 0 <= p < 100 for p in pairs)
            and isinstance(names, list) and len(names) == 2
            and all(isinstance(n, str) and 0 < len(n) <= 60 for n in names))


ACCURACY = "accuracy"
"""The match meta's key for its deals' analysed figures (briscola/web_analysis.py)."""


def accuracy_ok(meta: dict[str, Any], deals: int) -> bool:
    """Whether a save's ``accuracy`` meta is one the page can use: per deal index (as text, below
    ``deals``), whole tenths of the accuracy missed and of what was at stake (briscola.accuracy), the
    one no more than the other, and the points given away (older saves lack them).

    >>> accuracy_ok({"accuracy": {"0": [12, 80]}}, 1), accuracy_ok({"accuracy": {"1": [1, 2]}}, 1)
    (True, False)
    """
    kept = meta.get(ACCURACY, {})
    if not isinstance(kept, dict):
        return False
    for k, v in kept.items():
        if not (isinstance(k, str) and k.isdigit() and int(k) < deals):
            return False
        if not (isinstance(v, list) and len(v) in (2, 3) and all(is_whole(x) and 0 <= x <= 10**7 for x in v)
                and v[0] <= v[1] + 1):  # +1: each is rounded on its own; the third (since issue 34): points given away
            return False
    return True


def accuracy_json(meta: dict[str, Any]) -> dict[str, Any] | None:
    """The state's ``accuracy``: each analysed deal's (0-100, None when it left no choice), the
    match's over them all, and each deal's points given away (where kept); None before any deal is
    analysed.

    >>> accuracy_json({"accuracy": {"0": [30, 120, 14], "1": [0, 0]}})
    {'deals': {'0': 75.0, '1': None}, 'match': 75.0, 'given': {'0': 14}}
    """
    from .accuracy import pooled

    kept = meta.get(ACCURACY)
    if not isinstance(kept, dict) or not kept:
        return None
    figures = deal_accuracies(meta)
    pct = {k: pooled(lost, stake) for k, (lost, stake) in zip(sorted(kept, key=int), figures, strict=True)}
    match = pooled(sum(f[0] for f in figures), sum(f[1] for f in figures))
    return {"deals": {k: None if v is None else round(v, 1) for k, v in pct.items()},
            "match": None if match is None else round(match, 1),
            "given": {k: v[2] for k, v in kept.items() if len(v) == 3}}


def deal_accuracies(meta: dict[str, Any]) -> list[tuple[int, int]]:
    """The (accuracy missed, stake) tenths of every analysed deal kept in a match's meta."""
    kept = meta.get(ACCURACY, {})
    return [tuple(kept[k][:2]) for k in sorted(kept, key=int)] if isinstance(kept, dict) else []  # type: ignore[misc]


DAMAGED = {"load": "save", "review": "bad_record", "stats": "stats_damaged", "stats_add": "stats_damaged",
           "tournament_open": "tournament_damaged", "club_open": "club_damaged", "club_import": "club_damaged",
           "club_follow": "club_damaged", "daily_day": "daily_damaged", "daily_start": "daily_damaged",
           "daily_done": "daily_damaged", "daily_duplicate": "daily_damaged", "daily_calendar": "daily_damaged"}
"""The error code of an operation whose argument is stored or shared data: its too big or too
deep argument is reported as that data being damaged, like any other damage."""


def error_json(code: str, exc: BaseException) -> dict[str, Any]:
    """The page's error: ``code`` (what failed: ``save``, ``bad_record``, ``stats_damaged``...),
    ``reason`` (why, a code of errors.REASONS) with its ``params``, each worded by the page in the
    player's language, and ``detail``, the English for the logs, one line of at most 200 characters."""
    if isinstance(exc, BriscolaError):
        reason, params = exc.code, exc.params
    else:
        reason, params = ("too_deep" if isinstance(exc, RecursionError) else "invalid"), {}
    return {"error": {"code": code, "reason": reason, "params": params,
                      "detail": one_line(str(exc) or type(exc).__name__)}}


def setting_json(exc: SettingError) -> dict[str, Any]:
    """A refused setting of a new match: ``setting``, the ``value`` asked (short text or a whole
    number, else null), the ``choices`` and, for a player count, the ``variant``, for the page to word."""
    out = error_json("bad_setting", exc)
    value = exc.value
    if isinstance(value, bool) or not isinstance(value, int | str):
        value = None  # the page quotes a value only if it is short text or a whole number
    elif isinstance(value, str) or not is_whole(value):
        value = one_line(value, PARAM_LIMIT)
    else:
        value = js_int(value)
    out["error"].update(setting=exc.setting, value=value, choices=list(exc.choices))
    if exc.variant is not None:
        out["error"]["variant"] = exc.variant
    return out
