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

from . import jsonsafe
from .actions import action_from_json
from .cards import Card
from .errors import BriscolaError, SaveError
from .jsonsafe import JsonError
from .match import Match, MatchFormat
from .record import Record, actions_json, make_rules
from .state import check_deck
from .variants import Rules

FORMAT = "briscola-match/1"
_KEYS = {"format", "variant", "players", "options", "match", "seed", "meta", "deals", "abandoned", "digest"}
_OPTIONAL = {"clock", "deck", "decks", "fair"}  # a clock's times spent; a practice deal's deck (briscola.practice);
# a fair table's checked decks, and this page's side of its deal in play (docs/fair-deal.md, briscola.fair_session)


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
        # a fair table's deal in play is not the match's to save yet: its steps live on the pages
        "deals": [[] if match.unsettled and d is match.deal else actions_json(d) for d in match.deals],
        "abandoned": None if match.abandoned is None else {"seat": match.abandoned[0], "timeout": match.abandoned[1]},
    }
    if match.clock is not None:
        payload["clock"] = match.clock.to_json()
    if match.fixed_deck is not None:
        payload["deck"] = [c.code for c in match.fixed_deck]
    if match.decks is not None:
        payload["decks"] = [[c.code for c in deck] for deck in match.decks]
    if match.fair_state is not None:
        payload["fair"] = match.fair_state
    payload["digest"] = _digest(payload)
    return payload


def save_match(match: Match) -> str:
    """The match as compact JSON text."""
    return json.dumps(match_to_json(match), separators=(",", ":"))


SEED_DIGITS = 30
"""A match's seed has at most this many decimal digits (what the page accepts: briscola.web_checks.parse_seed)."""


def _need(cond: bool, message: str, code: str = "bad_shape", field: str | None = None) -> None:
    if not cond:
        raise SaveError(message, code=code, params={"field": field} if field else None)


def _settings(data: dict[str, Any]) -> tuple[Rules, MatchFormat]:
    """The table and the match format, each refusal with its own code."""
    try:
        rules = make_rules(data["variant"], data["players"], data["options"])
    except BriscolaError as exc:
        raise SaveError(f"the saved match's settings are invalid: {exc}", code=exc.code, params=exc.params) from None
    try:
        fmt = MatchFormat.from_dict(data["match"])
        fmt.check(rules)
    except BriscolaError as exc:
        raise SaveError(f"the saved match's format is invalid: {exc}", code="bad_format") from None
    seed = data["seed"]
    _need(isinstance(seed, int) and not isinstance(seed, bool) and abs(seed) < 10**SEED_DIGITS,
          f"the seed must be a whole number of at most {SEED_DIGITS} digits", "bad_seed")
    return rules, fmt


def match_from_json(data: Any) -> Match:
    """Rebuild a match; raises :class:`SaveError` with a clear reason and its code (errors.REASONS)."""
    _need(isinstance(data, dict), "the saved match is not a JSON object")
    _need(data.get("format") == FORMAT, f"unknown save format {data.get('format')!r} (expected {FORMAT})",
          "bad_version")
    _need(_KEYS <= set(data) <= _KEYS | _OPTIONAL, "the saved match has missing or unknown fields",
          field=next(iter(sorted(map(str, (set(data) - _OPTIONAL) ^ _KEYS))), None))
    try:
        sealed = isinstance(data["digest"], str) and data["digest"] == _digest(data)
    except RecursionError:  # a last guard for objects not read by jsonsafe (load_match's are)
        raise SaveError("the saved match is too deeply nested", code="too_deep") from None
    _need(sealed, "the saved match was altered (its digest does not match)", "bad_digest")
    _need(isinstance(data["meta"], dict), "meta must be an object", field="meta")
    _need(isinstance(data["deals"], list) and data["deals"], "the saved match has no deals", field="deals")
    rules, fmt = _settings(data)
    decks = data.get("decks")
    _need(decks is None or (isinstance(decks, list) and len(decks) in (len(data["deals"]), len(data["deals"]) - 1)),
          "decks must be one checked deck per deal (but the deal in play)", "bad_deck", "decks")
    match = Match(rules, fmt, data["seed"], data["meta"], _deck(rules, data.get("deck")),
                  None if decks is None else [_deck(rules, d) for d in decks])
    for i, actions in enumerate(data["deals"]):
        _need(isinstance(actions, list), f"deal {i}: actions must be a list", field="deals")
        _replay_deal(match, i, actions)
    _need((match.clock is None) == ("clock" not in data), "the saved clock does not fit the match format",
          field="clock")
    if match.clock is not None:
        try:
            match.clock.restore(data["clock"])
        except BriscolaError as exc:
            raise SaveError(f"clock: {exc}", code="bad_shape", params={"field": "clock"}) from None
    _abandon(match, data["abandoned"])
    if "fair" in data:
        _need(match.decks is not None, "only a fair table's match has a fair side", field="fair")
        match.fair_state = data["fair"]  # checked by the session that follows it (briscola.fair_session)
    return match


def _deck(rules: Rules, codes: Any) -> tuple[Card, ...] | None:
    """A practice deal's deck (None: the match deals from its seed), every card of the table once."""
    if codes is None:
        return None
    try:
        _need(isinstance(codes, list), "deck must be a list of card codes", "bad_deck", "deck")
        deck = tuple(Card.parse(c) for c in codes)
        check_deck(rules, deck)
    except BriscolaError as exc:
        raise SaveError(f"deck: {exc}", code="bad_deck", params={"field": "deck"}) from None
    return deck


def _replay_deal(match: Match, i: int, actions: list[Any]) -> None:
    """Deal ``i`` (0-based) and play its actions; a refusal names them 1-based for the player."""
    try:
        if i:
            match.next_deal()
    except BriscolaError as exc:
        raise SaveError(f"deal {i}: {exc}", code="illegal_action", params={"deal": i + 1}) from None
    for j, raw in enumerate(actions):
        try:
            match.apply(action_from_json(raw), raw.get("seat"))
        except BriscolaError as exc:
            raise SaveError(f"deal {i}, action {j}: {exc}", code="illegal_action",
                            params={"deal": i + 1, "move": j + 1}) from None


def _abandon(match: Match, abandoned: Any) -> None:
    if abandoned is None:
        return
    _need(isinstance(abandoned, dict) and set(abandoned) == {"seat", "timeout"}
          and isinstance(abandoned["seat"], int) and not isinstance(abandoned["seat"], bool)
          and isinstance(abandoned["timeout"], bool), "abandoned is malformed", field="abandoned")
    try:
        match.abandon(abandoned["seat"], abandoned["timeout"])
    except BriscolaError as exc:
        raise SaveError(f"abandoned: {exc}", params={"field": "abandoned"}, code="bad_shape") from None


def load_match(text: str | bytes) -> Match:
    """Load a match saved by :func:`save_match` (limits of :mod:`briscola.jsonsafe`); raises
    :class:`SaveError`."""
    try:
        data = jsonsafe.loads(text)
    except JsonError as exc:
        raise SaveError(f"the saved match is {exc}", code=exc.code) from None
    return match_from_json(data)


def match_records(match: Match) -> list[Record]:
    """One game record per deal of the match (RECORD.md), for export."""
    return [Record.of_deal(d) for d in match.deals if d.phase != "cut"]
