"""Typed errors. Every error meant for a user derives from :class:`BriscolaError`.

Each error carries a ``code`` — a stable word from :data:`REASONS` that the page words in the
player's language (``reason_<code>`` in static/strings/errors.js) — and small ``params`` for that text. Its
English message is for the command line and the logs, and is always one line of at most
:data:`MESSAGE_LIMIT` characters, whatever outside data went into it:

>>> exc = BriscolaError("unknown key 'a\\nb" + "x" * 500 + "'", code="bad_shape", params={"field": "a\\nb"})
>>> str(exc)[:18], len(str(exc)), exc.code, exc.params
("unknown key 'a\\\\nbx", 200, 'bad_shape', {'field': 'a\\\\nb'})
"""

from __future__ import annotations

import sys

MESSAGE_LIMIT = 200
"""The longest error message (characters), so that no outside value floods a toast or a terminal."""
PARAM_LIMIT = 40
"""The longest text parameter of an error (a field name quoted back to the player)."""

REASONS: dict[str, str] = {
    "invalid": "the data is not valid (no more precise reason)",
    "bad_json": "not JSON text (or not UTF-8, or a number JSON cannot hold)",
    "too_deep": "nested deeper than the limit (jsonsafe.MAX_DEPTH)",
    "too_big": "longer than the limit (jsonsafe.MAX_CHARS)",
    "bad_link": "a link that does not hold a game record",
    "bad_version": "another format or version (the format tag is not this one)",
    "bad_shape": "a missing, unknown or mistyped field (params: field)",
    "bad_digest": "a saved match edited by hand (its digest does not match)",
    "unknown_variant": "a game the engine does not know",
    "bad_players": "a number of players the game does not allow",
    "bad_option": "an unknown option, or an option of the wrong type",
    "bad_format": "a match format that does not exist or does not fit the game",
    "bad_seed": "a seed that is not a whole number of at most 30 digits",
    "bad_level": "a computer level that does not exist",
    "bad_meta": "the page's own data in a saved match is malformed (params: field)",
    "bad_dealer": "a dealer who is not a seat at the table",
    "bad_deck": "a deck with a missing, repeated or unknown card",
    "illegal_action": "an action the rules forbid where it stands (params: move, and deal for a save; 1-based)",
    "bad_pairs": "a tournament with a number of pairs it cannot have",
    "bad_results": "tournament results that do not follow its fixtures",
    "deal_mismatch": "a fair deal that does not add up: a page stepped out of it (params: seat, or null, and why)",
    "bad_names": "pairs' names missing, too long or given twice (params: line, 1-based; 0: a saved list)",
    "bad_groups": "groups that do not hold every pair once, or drawn by hand not evenly split",
    "bad_fixture": "a match that is not in the tournament's fixtures, or not one to play",
    "bad_round": "a round of a typed result that says neither its points nor who won it (params: round)",
    "round_points": "a round whose card points are not two numbers making 120 (params: round)",
    "extra_round": "a round told after the match was already over (params: round)",
    "unfinished": "a typed result that stops before a pair has won the match (params: need)",
    "bad_standings": "a followers' link that does not hold a tournament",
    "bad_date": "a date that is not a day of the calendar written YYYY-MM-DD (params: field)",
}
"""Every ``code`` an error from outside data can carry, with what it means (docs/records.md)."""


def one_line(text: object, limit: int = MESSAGE_LIMIT) -> str:
    """``text`` as one line of at most ``limit`` characters: control and other unprintable
    characters escaped (``\\n``, ``\\x00``, ``\\u2028``...), the rest cut with an ellipsis.

    >>> one_line("two\\nlines"), one_line("x" * 10, 5)
    ('two\\\\nlines', 'xxxx…')
    """
    text = str(text)[: limit + 1]  # escapes only lengthen it: the head is enough
    if not text.isprintable():
        text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


LINE_LIMIT = 300
"""The longest error line the command line prints on standard error."""


def fail(line: str) -> int:
    """Print one error line on standard error; the command line's exit status for bad input (2)."""
    print(one_line(line, LINE_LIMIT), file=sys.stderr)
    return 2


class BriscolaError(Exception):
    """Base of every error the engine raises on bad input; ``code`` and ``params`` as above."""

    code = "invalid"

    def __init__(self, message: object = "", *, code: str | None = None,
                 params: dict[str, object] | None = None) -> None:
        super().__init__(one_line(message))
        if code is not None:
            self.code = code
        self.params = {k: one_line(v, PARAM_LIMIT) if isinstance(v, str) else v for k, v in (params or {}).items()}


class CardError(BriscolaError, ValueError):
    """An unknown or malformed card code."""


class RulesError(BriscolaError, ValueError):
    """A variant, player count or option that the rules do not allow."""


class SettingError(RulesError):
    """A setting of a new match that does not exist, with what was asked and what may be.

    ``setting`` names it (``variant``, ``players``, ``level``, ``seed``), ``value`` is what was
    asked and ``choices`` the values allowed (empty when any whole number would do), so the page
    can word the message in the player's language.

    >>> str(SettingError("level", "xyz", ("esperto", "campione")))
    "unknown level 'xyz' (one of esperto, campione)"
    """

    CODES = {"variant": "unknown_variant", "players": "bad_players", "level": "bad_level", "seed": "bad_seed"}

    def __init__(self, setting: str, value: object, choices: tuple[object, ...] = (), message: str = "",
                 variant: str | None = None) -> None:
        self.setting, self.value, self.choices = setting, value, tuple(choices)
        self.variant = variant  # a player count: the game that does not have it ("played by 2, 3 or 4")
        allowed = f" (one of {', '.join(map(str, self.choices))})" if self.choices else ""
        shown = one_line(repr(value), PARAM_LIMIT) if isinstance(value, str) else one_line(value, PARAM_LIMIT)
        super().__init__(message or f"unknown {setting} {shown}{allowed}",
                         code=self.CODES.get(setting, "invalid"), params={"field": setting})


class IllegalAction(BriscolaError, ValueError):
    """An action that the rules forbid in the current state."""


class RecordError(BriscolaError, ValueError):
    """A malformed game record, or an illegal action inside one.

    ``index`` is the position of the offending action in ``actions``
    (``None`` when the record itself is malformed).
    """

    def __init__(self, message: object, index: int | None = None, *, code: str | None = None,
                 params: dict[str, object] | None = None) -> None:
        if index is not None:
            code, params = code or "illegal_action", {"move": index + 1, **(params or {})}
        super().__init__(message, code=code, params=params)
        self.index = index

    def __str__(self) -> str:
        base = super().__str__()
        return base if self.index is None else f"action {self.index}: {base}"


class SaveError(BriscolaError, ValueError):
    """A saved match that cannot be loaded (corrupt, tampered, or another version)."""
