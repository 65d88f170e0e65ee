"""Who plays which seat of a match on the page: people (at this device or online) or the computer.

A match's meta keeps it (so the save does): ``people`` (the seats people play; seat 0, the
device's owner, always), ``names`` (a name per seat or None), ``levels`` (a computer level per
seat or None: the match's ``level``), ``online`` (this page hosts an online table), ``room`` (its
room id), ``away`` (online people's seats the computer plays while their guest is gone) and
``viewer`` (the person whose view the page shows: pass-and-play hands the device round).

>>> s = Seating.from_settings({"people": [0, 2], "names": [None, None, "Marco", None]}, 4)
>>> s.people, s.name(2), s.is_person(1), s.level_of(1, "esperto")
((0, 2), 'Marco', False, 'esperto')
>>> Seating.from_settings({"people": [1]}, 2)
Traceback (most recent call last):
...
briscola.errors.SettingError: people's seats must include seat 0 and be distinct seats 0..1, not [1]
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import PARAM_LIMIT, SaveError, SettingError, one_line

LEVELS = ("principiante", "esperto", "campione")
NAME_CHARS = 40
"""The longest name a seat may have, in characters (code points): a whole first and last name.
The page takes it from here (page_data), trims and counts a name as the engine does."""
_ROOM = re.compile(r"[A-Za-z0-9_-]{6,64}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


@dataclass(frozen=True)
class Seating:
    """The seats' players: see the module's docstring for each field."""

    players: int
    people: tuple[int, ...] = (0,)
    names: tuple[str | None, ...] = ()
    levels: tuple[str | None, ...] = ()
    online: bool = False
    room: str | None = None

    @classmethod
    def from_settings(cls, settings: dict[str, Any], players: int) -> Seating:
        """The seating a new match asks for; anything wrong is a :class:`SettingError` the page words."""
        people = _people(settings.get("people", [0]), players)
        names = _per_seat(settings.get("names"), players, "names", _name)
        levels = _per_seat(settings.get("levels"), players, "levels", _level)
        online = settings.get("online", False)
        if not isinstance(online, bool):
            raise SettingError("online", online, (True, False))
        room = settings.get("room")
        if room is not None and not (isinstance(room, str) and _ROOM.fullmatch(room)):
            raise SettingError("room", room, (), "a room id is 6 to 64 letters, digits, '-' or '_'")
        return cls(players, people, names, levels, online, room)

    @classmethod
    def from_meta(cls, meta: dict[str, Any], players: int) -> Seating:
        """The seating kept in a save's meta; anything wrong is a damaged save."""
        try:
            return cls.from_settings(meta, players)
        except SettingError as exc:
            raise SaveError(f"the save's {exc.setting} is damaged: {exc}", code="bad_meta",
                            params={"field": exc.setting}) from None

    def to_meta(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.people != (0,):
            out["people"] = list(self.people)
        if any(self.names):
            out["names"] = list(self.names)
        if any(self.levels):
            out["levels"] = list(self.levels)
        if self.online:
            out["online"] = True
        if self.room is not None:
            out["room"] = self.room
        return out

    def is_person(self, seat: int) -> bool:
        return seat in self.people

    def name(self, seat: int) -> str | None:
        return self.names[seat] if self.names else None

    def level_of(self, seat: int, level: str) -> str:
        """The computer's level at ``seat`` (the match's ``level`` unless the seat has its own)."""
        return (self.levels[seat] if self.levels else None) or level

    def to_json(self, level: str) -> dict[str, Any]:
        """What every state answer says of the seats."""
        n = self.players
        return {"people": list(self.people), "names": [self.name(s) for s in range(n)],
                "levels": [self.level_of(s, level) for s in range(n)], "online": self.online, "room": self.room}


def _people(value: Any, players: int) -> tuple[int, ...]:
    ok = (isinstance(value, list) and all(isinstance(s, int) and not isinstance(s, bool) for s in value)
          and 0 in value and len(set(value)) == len(value) and all(0 <= s < players for s in value))
    if not ok:
        raise SettingError("people", value if isinstance(value, list) else str(value), (),
                           f"people's seats must include seat 0 and be distinct seats 0..{players - 1}, "
                           f"not {one_line(repr(value), PARAM_LIMIT)}")
    return tuple(sorted(value))


def _per_seat(value: Any, players: int, setting: str, check: Any) -> tuple[Any, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) != players:
        raise SettingError(setting, None, (), f"{setting} must be a list of {players} entries")
    return tuple(None if v is None else check(v) for v in value)


def _name(value: Any) -> str:
    name = value.strip() if isinstance(value, str) else None
    if not name or len(name) > NAME_CHARS or _CONTROL.search(name):
        raise SettingError("names", value if isinstance(value, str) else None, (),
                           f"a name is 1 to {NAME_CHARS} characters, not {one_line(repr(value), PARAM_LIMIT)}")
    return name


def _level(value: Any) -> str:
    if value not in LEVELS:
        raise SettingError("levels", value if isinstance(value, str) else None, LEVELS)
    return str(value)


def seat_list(value: Any, players: int, field: str) -> list[int]:
    """A saved list of seats (``away``): distinct seats 0..players-1, else a damaged save."""
    ok = isinstance(value, list) and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players
                                         for s in value) and len(set(value)) == len(value)
    if not ok:
        raise SaveError(f"the save's {field} is damaged", code="bad_meta", params={"field": field})
    return sorted(value)
