"""*Rigioca la smazzata* (issue 23): a deal of the match played again, as practice.

A practice is a match of one deal (:class:`briscola.match.Match` with a ``deck``): the replayed
deal's deck as it was dealt (after its cut, so there is no cut), the same dealer and seats, the
same table, options, level and move clock. The match in progress rides inside it, as its save
text in ``meta["practice"]``: the practice is saved and reloaded like any match, and its end gives
the match back exactly as it was. It never counts (``stats_counted`` is set from the start), and it
is only for a table of one person against the computer: no tournament match (the tournament holds
its match's save), no online table, no pass-and-play (the other people would have to sit again).

>>> from briscola.match import Match
>>> from briscola.variants import Rules
>>> m = Match.new(Rules.make("classica", 2), seed=3)
>>> while not m.deal.over:
...     m.apply(m.deal.legal_actions()[0])
>>> p = start(m)
>>> p.deal.hands == Match.new(Rules.make("classica", 2), seed=3).deal.hands, info(p)["deal"]
(True, 0)
>>> original(p).deal.points == m.deal.points
True
"""

from __future__ import annotations

from typing import Any

from .actions import Cut
from .errors import SaveError
from .match import Match
from .match_format import MatchFormat
from .record import Record
from .save import load_match, save_match

KEY = "practice"
"""The key in a practice's meta: ``{"match": save text, "deal": index, "cut": bool}``."""

_DROPPED = ("stats_counted", "tournament", "club", "viewer", "stand_in", "away", "accuracy")
"""Meta of the match that is not the practice's: counted or not, a tournament, who holds the phone,
its deals' analysed figures (briscola/web_analysis.py)."""


def info(match: Match) -> dict[str, Any] | None:
    """The practice's meta entry, or None for a match that is no practice."""
    return match.meta.get(KEY) if match.fixed_deck is not None else None


def refusal(match: Match) -> str | None:
    """Why the current deal may not be played again now (a refusal code the page words), or None."""
    meta = match.meta
    if not match.deal.over:
        return "replay_playing"
    if {"tournament", "club", "daily"} & meta.keys() or meta.get("online") or len(meta.get("people", [0])) > 1:
        return "replay_not_here"
    return None


def start(match: Match) -> Match:
    """A practice of ``match``'s current (finished) deal; of a practice, the same deal again."""
    whole, index = match, len(match.deals) - 1
    if (entry := info(match)) is not None:
        whole, index = original(match), entry["deal"]
    deal = whole.deals[index]
    fmt = MatchFormat("chiamata" if whole.rules.name == "chiamata" else "punti", 1,
                      move_ms=whole.format.move_ms, match_ms=whole.format.match_ms, first_dealer=deal.dealer)
    cut = bool(deal.history) and isinstance(deal.history[0][1], Cut)
    meta = {k: v for k, v in whole.meta.items() if k not in _DROPPED}
    meta.update(stats_counted=True, **{KEY: {"match": save_match(whole), "deal": index, "cut": cut}})
    return Match(whole.rules, fmt, whole.seed, meta, deck=deal.deck)


def original(practice: Match) -> Match:
    """The match the practice was played beside, as it was; a damaged one is a :class:`SaveError`."""
    entry = info(practice)
    if entry is None:
        raise SaveError("this match is no practice", code="bad_meta", params={"field": KEY})
    return load_match(entry["match"])


def check(practice: Match) -> Match | None:
    """A loaded practice's entry is whole: the match inside loads, is no practice itself, and has the
    deal, dealt the same. Returns that match (None for a match that is no practice)."""
    entry = practice.meta.get(KEY)
    if entry is None and practice.fixed_deck is None:
        return None
    ok = (isinstance(entry, dict) and set(entry) == {"match", "deal", "cut"} and isinstance(entry["match"], str)
          and isinstance(entry["deal"], int) and not isinstance(entry["deal"], bool)
          and isinstance(entry["cut"], bool) and practice.fixed_deck is not None)
    if not ok:
        raise SaveError("the practice deal's match is malformed", code="bad_meta", params={"field": KEY})
    whole = original(practice)
    if not (whole.fixed_deck is None and 0 <= entry["deal"] < len(whole.deals)
            and whole.deals[entry["deal"]].deck == practice.fixed_deck):
        raise SaveError("the practice deal is not a deal of its match", code="bad_meta", params={"field": KEY})
    return whole


def ai_numbers(match: Match) -> tuple[int, int]:
    """The deal's number and the moves before the current one, as the computer's random choices are
    keyed (:meth:`briscola.session.Session.ai_rng`): a practice keys them as its deal did, so the
    computer plays as it did while the player does."""
    entry = info(match)
    moves = len(match.deal.history)
    if entry is None:
        return len(match.deals), moves
    return entry["deal"] + 1, moves + int(entry["cut"])


def comparison(practice: Match, seat: int = 0) -> dict[str, Any]:
    """Both plays of the deal for the page (``first``, then ``replay``): each line's tricks, its
    points per side, the side of ``seat`` and who won, and its review (briscola.review.frames)."""
    whole = original(practice)
    entry = info(practice) or {}
    return {"deal": entry.get("deal", 0) + 1, "variant": practice.rules.name, "players": practice.rules.players,
            "first": _line(Record.of_deal(whole.deals[entry.get("deal", 0)]), seat),
            "replay": _line(Record.of_deal(practice.deal), seat)}


def _line(record: Record, seat: int) -> dict[str, Any]:
    from .record import replay, to_link
    from .review import frames

    deal = replay(record)
    sides = deal.sides()
    return {"tricks": [t.to_json() for t in deal.tricks], "team_points": deal.team_points(),
            "sides": [list(s) for s in sides], "mine": next((i for i, s in enumerate(sides) if seat in s), None),
            "winner": deal.winner(), "over": deal.over,
            "review": {"players": record.rules.players, "variant": record.rules.name, "record": record.to_json(),
                       "link": to_link(record), "frames": frames(record)}}
