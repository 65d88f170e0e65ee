"""The rules data the page draws before Python is up, generated from the engine's own tables.

build.sh writes ``python -m briscola.page_data`` to dist/static/engine/rules-data.js, an ES module
of named exports (one per key of :func:`page_data`), so the setup screen, the rules screen and the
page's checks offer and vet exactly what the engine allows: no hand copy in static/.

>>> data = page_data()
>>> data["VARIANTS"]["brisca"]["players"], data["FORMATS"]["biscambiggia"]["4"]
([2, 3, 4], {'kind': 'smazzate', 'deals': 4})
>>> data["TOURNAMENTS"]["due_gironi"]["pairs"][:3], data["ACTIONS"]["kinds"]["bid"]
([8, 10, 12], {'bid': 'string', 'points': 'number'})
>>> data["NAME_CHARS"], data["PHASES"][0], "ai_move" in data["OPS"]
(40, 'cut', True)
>>> es_module({"LEVELS": ["esperto"]}).splitlines()[-1]
'export const LEVELS = ["esperto"];'
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from .actions import Bid, CallSuit, Cut, Draw, Exchange, Pass, Play
from .cards import DECK, RANKS, SUITS
from .daily import FIRST_DAY
from .daily import VARIANTS as DAILY_VARIANTS
from .errors import REASONS, BriscolaError, SettingError
from .fair_session import seat_pages
from .match_format import KINDS, MatchFormat
from .seats import LEVELS, NAME_CHARS
from .tournament import SHAPES
from .variants import REMOVABLE_TWOS, VARIANTS, Options, Rules, Variant
from .view import PHASES
from .web import operations
from .web_checks import DAMAGED

ACTION_SAMPLES = (Play(DECK[0]), Exchange(DECK[0], 0), Draw(), Bid("2", 64), Bid("2"), Pass(), CallSuit("D"), Cut(1))
"""One action of each kind, and each optional field left out once (a bid without points): the
fields of a kind are those its samples write, the first being the kind's name (RECORD.md)."""
JS_TYPES = {str: "string", int: "number", bool: "boolean"}
"""The JavaScript ``typeof`` of each JSON value an action holds."""


def _fits(rules: Rules, fmt: MatchFormat) -> bool:
    try:
        fmt.check(rules)
    except BriscolaError:
        return False
    return True


def _kinds(v: Variant) -> list[str]:
    """The match formats a variant can be played in: its usual ones first (by player count), then
    the others in the engine's order (the setup screen lists them so)."""
    usual = [MatchFormat.default(v.name, n).kind for n in v.players]
    fit = [k for k in KINDS if any(_fits(Rules.make(v.name, n), MatchFormat(k)) for n in v.players)]
    return list(dict.fromkeys([*usual, *fit]))


def variant_data(v: Variant) -> dict[str, Any]:
    """What the page shows and offers for one game: player counts, which of them play in teams,
    which leave a 2 of the players' choice out (three players), which may play an even number of
    deals a smazzate, the formats, and the trick order high to low with the cards' points."""
    tables = {n: Rules.make(v.name, n) for n in v.players}
    return {
        "players": list(v.players), "teams": list(v.team_players), "kinds": _kinds(v),
        "choose_two": [n for n in v.players if len(v.removed.get(n, ())) == 1],
        "even_smazzate": [n for n, rules in tables.items() if _fits(rules, MatchFormat("smazzate", 2))],
        "hand_size": v.hand_size, "order": v.order, "points": dict(v.points),
    }


def default_formats() -> dict[str, dict[str, dict[str, Any]]]:
    """The usual match of every table (MatchFormat.default): its kind and number of deals, by
    variant then player count (as text: a JSON key)."""
    return {name: {str(n): {"kind": f.kind, "deals": f.deals} for n in v.players
                   for f in [MatchFormat.default(name, n)]} for name, v in VARIANTS.items()}


def action_data() -> dict[str, Any]:
    """The fields of each action kind with their JavaScript types (what actions.action_from_json
    accepts), and all of them at once with ``seat``, which any action may carry."""
    kinds: dict[str, dict[str, str]] = {}
    for action in ACTION_SAMPLES:
        written = action.to_json()
        kinds.setdefault(next(iter(written)), {}).update({k: JS_TYPES[type(x)] for k, x in written.items()})
    every = {k: t for kind in kinds.values() for k, t in kind.items()}
    return {"kinds": kinds, "fields": {**every, "seat": "number"}}


def page_data() -> dict[str, Any]:
    """Everything the page needs before Python is up, as JSON-able values under the names the
    page imports."""
    options = {f.name: f.default for f in fields(Options)}
    return {
        "VARIANTS": {name: variant_data(v) for name, v in VARIANTS.items()},
        "FORMATS": default_formats(),
        "KINDS": list(KINDS),
        "LEVELS": list(LEVELS),
        "NAME_CHARS": NAME_CHARS,
        "TOURNAMENTS": {name: {"pairs": list(shape.pairs), "groups": shape.groups} for name, shape in SHAPES.items()},
        "OPTIONS": options,
        "REMOVABLE_TWOS": list(REMOVABLE_TWOS),
        "CARDS": {"suits": SUITS, "ranks": RANKS},
        "PHASES": list(PHASES),
        "OPS": operations(),
        "ACTIONS": action_data(),
        "DAILY": {"variants": list(DAILY_VARIANTS), "first_day": FIRST_DAY.isoformat()},
        # a fair table: the pages that may play each seat, first at the table first (fair_session.seat_pages)
        "FAIR_PAGES": {name: {str(n): seat_pages(Rules.make(name, n)) for n in v.players}
                       for name, v in VARIANTS.items()},
        "ERRORS": {"reasons": list(REASONS), "settings": dict(SettingError.CODES),
                   "damaged": sorted(set(DAMAGED.values()))},
    }


def es_module(data: dict[str, Any]) -> str:
    """``data`` as an ES module: one ``export const`` a key, its value as compact JSON."""
    head = "// Generated by build.sh from the briscola package (python -m briscola.page_data): do not edit.\n"
    return head + "".join(f"export const {k} = {json.dumps(v, separators=(',', ':'))};\n" for k, v in data.items())


if __name__ == "__main__":
    print(es_module(page_data()), end="")
