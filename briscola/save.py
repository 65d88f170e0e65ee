"""Save and load a whole match as versioned JSON, with a digest against tampering.

Decks are not stored: they follow from the seed. Loading replays every
action through the engine, so a loaded match is exactly the saved one, or
loading fails with :class:`SaveError` and nothing half-loaded.

>>> from briscola.variants import Rules
>>> from briscola.match import Match
>>> m = Match.new(Rules.make("classica", 2), seed=3)
>>> m.apply(m.deal.legal_actions()[0])
>>> load_match(save_match(m)).deal.history == m.deal.history
True
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from .actions import action_from_json
from .errors import BriscolaError, SaveError
from .match import Match, MatchFormat
from .record import Record, actions_json
from .variants import Rules

FORMAT = "briscola-match/1"
_KEYS = {"format", "variant", "players", "options", "match", "seed", "meta", "deals", "abandoned", "digest"}
_OPTIONAL = {"clock"}  # only in a match with a clock: the times its seats spent


def _digest(payload: dict[str, Any]) -> str:
    body = json.dumps({k: v for k, v in payload.items() if k != "digest"}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(body.encode()).hexdigest()


def match_to_json(match: Match) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "format": FORMAT,
        "variant": match.rules.name,
        "players": match.rules.players,
        "options": match.rules.options.to_dict(),
        "match": match.format.to_dict(),
        "seed": match.seed,
        "meta": match.meta,
        "deals": [actions_json(d) for d in match.deals],
        "abandoned": None if match.abandoned is None else {"seat": match.abandoned[0], "timeout": match.abandoned[1]},
    }
    if match.clock is not None:
        payload["clock"] = match.clock.to_json()
    payload["digest"] = _digest(payload)
    return payload


def save_match(match: Match) -> str:
    """The match as compact JSON text."""
    return json.dumps(match_to_json(match), separators=(",", ":"))


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SaveError(message)


def match_from_json(data: Any) -> Match:
    """Rebuild a match; raises :class:`SaveError` with a clear reason."""
    _need(isinstance(data, dict), "the saved match is not a JSON object")
    _need(data.get("format") == FORMAT, f"unknown save format {data.get('format')!r} (expected {FORMAT})")
    _need(_KEYS <= set(data) <= _KEYS | _OPTIONAL, "the saved match has missing or unknown fields")
    _need(data["digest"] == _digest(data), "the saved match was altered (its digest does not match)")
    _need(isinstance(data["meta"], dict), "meta must be an object")
    _need(isinstance(data["deals"], list) and data["deals"], "the saved match has no deals")
    try:
        rules = Rules.make(data["variant"], data["players"], data["options"])
        match = Match(rules, MatchFormat.from_dict(data["match"]), data["seed"], data["meta"])
    except BriscolaError as exc:
        raise SaveError(f"the saved match's settings are invalid: {exc}") from None
    for i, actions in enumerate(data["deals"]):
        _need(isinstance(actions, list), f"deal {i}: actions must be a list")
        try:
            if i:
                match.next_deal()
            for raw in actions:
                match.apply(action_from_json(raw), raw.get("seat"))
        except BriscolaError as exc:
            raise SaveError(f"deal {i}: {exc}") from None
    _need((match.clock is None) == ("clock" not in data), "the saved clock does not fit the match format")
    if match.clock is not None:
        try:
            match.clock.restore(data["clock"])
        except BriscolaError as exc:
            raise SaveError(f"clock: {exc}") from None
    abandoned = data["abandoned"]
    if abandoned is not None:
        _need(isinstance(abandoned, dict) and set(abandoned) == {"seat", "timeout"}, "abandoned is malformed")
        try:
            match.abandon(abandoned["seat"], bool(abandoned["timeout"]))
        except (BriscolaError, TypeError) as exc:
            raise SaveError(f"abandoned: {exc}") from None
    return match


def load_match(text: str) -> Match:
    """Load a match saved by :func:`save_match`; raises :class:`SaveError`."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveError(f"the saved match is not valid JSON: {exc}") from None
    return match_from_json(data)


def match_records(match: Match) -> list[Record]:
    """One game record per deal of the match (RECORD.md), for export."""
    return [Record.of_deal(d) for d in match.deals if d.phase != "cut"]
