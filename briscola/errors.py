"""Typed errors. Every error meant for a user derives from :class:`BriscolaError`."""


class BriscolaError(Exception):
    """Base of every error the engine raises on bad input."""


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

    def __init__(self, setting: str, value: object, choices: tuple[object, ...] = (), message: str = "") -> None:
        self.setting, self.value, self.choices = setting, value, tuple(choices)
        allowed = f" (one of {', '.join(map(str, self.choices))})" if self.choices else ""
        super().__init__(message or f"unknown {setting} {value!r}{allowed}")


class IllegalAction(BriscolaError, ValueError):
    """An action that the rules forbid in the current state."""


class RecordError(BriscolaError, ValueError):
    """A malformed game record, or an illegal action inside one.

    ``index`` is the position of the offending action in ``actions``
    (``None`` when the record itself is malformed).
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index

    def __str__(self) -> str:
        base = super().__str__()
        return base if self.index is None else f"action {self.index}: {base}"


class SaveError(BriscolaError, ValueError):
    """A saved match that cannot be loaded (corrupt, tampered, or another version)."""
