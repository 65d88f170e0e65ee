"""Game records (RECORD.md): parse, validate, write, and replay through the engine.

>>> from briscola.cards import DECK
>>> rec = parse_record({"format": "briscola-record/1", "variant": "classica", "players": 2,
...                     "dealer": 0, "deck": [c.code for c in DECK],
...                     "actions": [{"play": "AD"}, {"play": "2D"}]})
>>> result_json(replay(rec))["tricks"]
[{'leader': 1, 'cards': ['AD', '2D'], 'winner': 1, 'points': 11}]
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass
from typing import Any

from . import jsonsafe
from .actions import Cut, Draw, action_from_json
from .cards import Card
from .errors import BriscolaError, RecordError, RulesError, SettingError
from .jsonsafe import JsonError
from .state import Deal
from .variants import Rules

FORMAT = "briscola-record/1"
_KEYS = {"format", "variant", "players", "options", "dealer", "deck", "actions"}


@dataclass(frozen=True)
class Record:
    """A whole deal: the table's rules, the dealer, the deck as dealt, and the actions."""

    rules: Rules
    dealer: int
    deck: tuple[Card, ...]
    actions: tuple[dict[str, Any], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "variant": self.rules.name,
            "players": self.rules.players,
            "options": self.rules.options.to_dict(),
            "dealer": self.dealer,
            "deck": [c.code for c in self.deck],
            "actions": [dict(a) for a in self.actions],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def of_deal(cls, deal: Deal) -> Record:
        """The record of a deal played so far (its Brisca draws are implicit; its deck is the
        deck after the cut, so the cut itself is no action of the record)."""
        if deal.phase == "cut":
            raise RecordError("the deck is not cut yet: the deal has no record")
        return cls(deal.rules, deal.dealer, deal.deck, tuple(actions_json(deal, save=False)))


def actions_json(deal: Deal, save: bool = True) -> list[dict[str, Any]]:
    """The deal's history in record syntax. A record leaves no trace of declined exchanges (the next
    play declines them) nor of the cut; a save (``save``) keeps both: a match saved right after
    the player declined must load with the card drawn, not with the question asked again."""
    if not save:
        return [a.to_json() for _, a in deal.history if not isinstance(a, Cut)]
    out: list[dict[str, Any]] = []
    for i, (_, a) in enumerate(deal.history):
        out += [Draw().to_json()] * deal.declined.count(i)
        out.append(a.to_json())
    return out + [Draw().to_json()] * deal.declined.count(len(deal.history))


def _need(cond: bool, message: str, code: str = "bad_shape", field: str | None = None) -> None:
    if not cond:
        raise RecordError(message, code=code, params={"field": field} if field else None)


def make_rules(variant: Any, players: Any, options: Any) -> Rules:
    """:meth:`Rules.make` for outside data: its refusal carries the code of what is wrong
    (``unknown_variant``, ``bad_players`` or ``bad_option``)."""
    try:
        return Rules.make(variant, players, options)
    except SettingError:
        raise
    except RulesError as exc:
        raise RulesError(str(exc), code="bad_option", params={"field": "options"}) from None


def parse_record(data: Any) -> Record:
    """Validate a record's JSON object; raises :class:`RecordError` (no index) if malformed,
    with the code of what is wrong (errors.REASONS)."""
    _need(isinstance(data, dict), "a record must be a JSON object")
    _need(data.get("format") == FORMAT, f"format must be {FORMAT!r}, not {data.get('format')!r}", "bad_version")
    unknown = sorted(map(str, set(data) - _KEYS))
    _need(not unknown, f"unknown key(s): {', '.join(unknown)}", field=unknown[0] if unknown else None)
    for key in ("variant", "players", "dealer", "deck", "actions"):
        _need(key in data, f"missing key {key!r}", field=key)
    _need(isinstance(data.get("options", {}), dict), "options must be an object", "bad_option", "options")
    _need(isinstance(data["deck"], list), "deck must be a list of card codes", "bad_deck", "deck")
    _need(isinstance(data["actions"], list), "actions must be a list", field="actions")
    dealer = data["dealer"]
    _need(isinstance(dealer, int) and not isinstance(dealer, bool), "dealer must be a seat number", "bad_dealer")
    try:
        rules = make_rules(data["variant"], data["players"], data.get("options"))
    except BriscolaError as exc:
        raise RecordError(str(exc), code=exc.code, params=exc.params) from None
    _need(0 <= dealer < rules.players, f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer}",
          "bad_dealer")
    try:
        deck = tuple(Card.parse(c) for c in data["deck"])
        Deal(rules, dealer, deck)  # checks the deck
    except BriscolaError as exc:
        raise RecordError(str(exc), code="bad_deck", params={"field": "deck"}) from None
    return Record(rules, dealer, deck, tuple(data["actions"]))


def loads(text: str | bytes) -> Record:
    """Parse a record from JSON text (limits of :mod:`briscola.jsonsafe`); raises :class:`RecordError`."""
    try:
        data = jsonsafe.loads(text)
    except JsonError as exc:
        raise RecordError(str(exc), code=exc.code) from None
    return parse_record(data)


def replay(record: Record) -> Deal:
    """Play the record's actions; raises :class:`RecordError` naming the bad action's index."""
    deal = Deal(record.rules, record.dealer, record.deck)
    for i, raw in enumerate(record.actions):
        try:
            action = action_from_json(raw)
            deal.apply(action, raw.get("seat"))
        except BriscolaError as exc:
            raise RecordError(str(exc), i) from None
    return deal


def result_json(deal: Deal) -> dict[str, Any]:
    """The replay output of RECORD.md for a deal."""
    out: dict[str, Any] = {
        "tricks": [t.to_json() for t in deal.tricks],
        "points": list(deal.points),
        "team_points": deal.team_points(),
        "winner": deal.winner(),
        "finished": deal.over,
    }
    if deal.auction is not None:
        out["scores"] = deal.scores()
    return out


def to_link(record: Record) -> str:
    """A compact URL-safe text for sharing a record in a link (zlib + base64url).

    >>> from briscola.cards import DECK
    >>> rec = Record(Rules.make("classica", 2), 0, DECK, ({"play": "AD"},))
    >>> from_link(to_link(rec)) == rec
    True
    """
    packed = zlib.compress(record.dumps().encode(), 9)
    return base64.urlsafe_b64encode(packed).decode().rstrip("=")


def from_link(text: str) -> Record:
    """The record inside a link made by :func:`to_link`; raises :class:`RecordError`."""
    if not isinstance(text, str):
        raise RecordError("a link is text", code="bad_link")
    try:
        raw = (text + "=" * (-len(text) % 4)).replace("-", "+").replace("_", "/")
        packed = base64.b64decode(raw, validate=True)
        unpack = zlib.decompressobj()
        body = unpack.decompress(packed, jsonsafe.MAX_CHARS)
    except (ValueError, zlib.error) as exc:
        raise RecordError(f"the link does not hold a game record: {exc}", code="bad_link") from None
    if unpack.unconsumed_tail:  # unpacked no further than the limit: a record that long is refused
        raise RecordError(f"too big (more than {jsonsafe.MAX_CHARS} characters)", code="too_big")
    if not unpack.eof:
        raise RecordError("the link is cut short", code="bad_link")
    return loads(body)
