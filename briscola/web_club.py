"""The page's operations on an organiser's tournament (registered in :mod:`briscola.web`'s table).

Nothing is held here between calls: the page stores the tournament (``Club.to_json()``) and sends
it with every operation; each answer that changes it carries it back (``club``, stored at once)
with what the screen draws (``view``, :func:`briscola.club_view.view`). A damaged tournament, from
storage or from a file, is a ``club_damaged`` error whose reason says what is wrong; a result that
cannot be is ``club_result`` with its reason (the round whose points do not make 120...).

A fixture played in the app (``club_match``) is the ordinary session's match, its meta's ``club``
saying which tournament and fixture it is; ``club_record`` puts its result in when it ends.

>>> import json
>>> from briscola import web
>>> ask = lambda op, arg: json.loads(web.call(op, json.dumps(arg)))
>>> ask("club_propose", {"text": "\\n".join(f"Coppia {n}" for n in range(18))})["result"]["plan"]
{'groups': 2, 'rounds': 'tre', 'final': 5}
>>> new = ask("club_new", {"text": "A\\nB\\nC\\nD", "seed": 3})["result"]
>>> f = new["view"]["fixtures"][0]
>>> res = ask("club_result", {"club": new["club"], "fixture": f["key"], "result": {"rounds": [{"winner": 1}] * 2}})
>>> res["result"]["view"]["fixtures"][0]["result"]["winner"] == f["b"]
True
>>> bad = {"rounds": [{"points": [70, 40]}]}
>>> ask("club_result", {"club": new["club"], "fixture": f["key"], "result": bad})["error"]["reason"]
'round_points'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import jsonsafe
from .answers import Answer, changed, failed, result
from .club import NAME_CHARS, Club, ClubError, Plan, plans_for, players_of, propose, read_names
from .club_result import ResultError, from_match, read_result
from .club_view import fixture_json, from_link, to_link, view
from .errors import BriscolaError, RulesError
from .match import Match
from .seats import Seating
from .session import begin, in_progress
from .tournament import RULES
from .web_checks import LEVELS, error_json, parse_seed


def _club(arg: Any) -> Club:
    data = arg.get("club") if isinstance(arg, dict) else None
    return Club.from_json(data)


def _answer(c: Club, **more: Any) -> Answer:
    return result({"club": c.to_json(), "view": view(c), **more})


def _guard(fn: Callable[[Any], Answer]) -> Callable[[Any], Answer]:
    """A damaged tournament (``club_damaged``) or a result that cannot be (``club_result``) is an
    error with its reason, never a traceback."""
    def run(arg: Any) -> Answer:
        try:
            return fn(arg)
        except ResultError as exc:
            return failed("club_result", exc)
        except ClubDamaged as exc:
            return failed("club_damaged", exc.__cause__ or exc)
    return run


class ClubDamaged(RulesError):
    """The tournament sent with an operation cannot be rebuilt (the reason is its cause's)."""


def _stored(arg: Any) -> Club:
    try:
        return _club(arg)
    except (BriscolaError, TypeError, ValueError, KeyError) as exc:
        raise ClubDamaged(str(exc)) from exc


def propose_op(arg: Any) -> Answer:
    """``{"text"}``: the pairs read from what the organiser typed, the groups their number allows,
    the plan proposed, the sizes of two groups; ``problem`` says what stops a tournament (a line
    too long, a pair twice...)."""
    text = arg.get("text") if isinstance(arg, dict) else None
    try:
        names, problem = read_names(text), None
    except ClubError as exc:
        names, problem = [], error_json("club_names", exc)["error"]
    if problem is None and not plans_for(len(names)):
        problem = error_json("club_names", ClubError(f"{len(names)} pairs", code="bad_pairs"))["error"]
    n = len(names)
    return result({"names": names, "groups": plans_for(n), "plan": propose(n).to_json(), "problem": problem,
                   "sizes": [n - n // 2, n // 2]})  # two groups drawn by hand: as even as can be, A the bigger


def new_op(arg: Any) -> Answer:
    """``{"text", "title"?, "plan"?, "seed", "hand"?}``: a new tournament (``hand``: the group of
    each pair, drawn by hand; else at random from the seed)."""
    arg = arg if isinstance(arg, dict) else {}
    names = read_names(arg.get("text"))
    plan = Plan.from_json(arg["plan"]) if "plan" in arg else propose(len(names))
    title = arg.get("title", "")
    if not isinstance(title, str) or len(title.strip()) > NAME_CHARS:
        raise ClubError(f"a title is at most {NAME_CHARS} characters", code="bad_shape", params={"field": "title"})
    seed = parse_seed(arg.get("seed"))
    club = Club.new(names, plan, seed % 2**53, " ".join(title.split()), arg.get("hand"))
    return _answer(club)


def open_op(arg: Any) -> Answer:
    """``{"club"}``: the stored tournament, checked, and its view."""
    return _answer(_stored(arg))


def import_op(arg: Any) -> Answer:
    """``{"text"}``: a tournament's file as read from the device."""
    text = arg.get("text") if isinstance(arg, dict) else None
    try:
        data = jsonsafe.loads(text if isinstance(text, str) else "")
    except BriscolaError as exc:
        raise ClubDamaged(str(exc)) from exc
    return _answer(_stored({"club": data}))


def result_op(arg: Any) -> Answer:
    """``{"club", "fixture", "result"}``: enter or correct a fixture's result (``result`` null
    clears it). ``stale``: later results dropped because their pairing changed (the page asks
    before it stores such a change)."""
    c = _stored(arg)
    stale_pairs = {k: e.pairs for k, e in c.entries.items()}
    stale = c.put(arg.get("fixture"), arg.get("result"))
    return _answer(c, stale=[{"key": k, "pairs": list(stale_pairs[k])} for k in stale])


def read_op(arg: Any) -> Answer:
    """``{"club", "fixture", "result"}``: what a result being typed means, before it is saved:
    ``{"winner", "deals", "points", "replayed"}`` (pairs by their index), or the reason it cannot be."""
    c = _stored(arg)
    f = c.fixture(arg.get("fixture"))
    res = read_result(arg.get("result"), c.format_for(f))
    a, b = c.pair(f.a), c.pair(f.b)
    told = any(r.points is not None for r in res.rounds)
    return result({"winner": a if res.winner == 0 else b, "deals": list(res.deals),
                   "points": list(res.points) if told else None, "replayed": res.replayed})


def link_op(arg: Any) -> Answer:
    """``{"club", "at"}``: the followers' link text (``at``: minutes since 1970, shown as "updated at")."""
    at = arg.get("at") if isinstance(arg, dict) else None
    if isinstance(at, bool) or not isinstance(at, int) or not 0 <= at < 2**40:
        raise ClubError("the link's time is minutes since 1970", code="bad_shape", params={"field": "at"})
    return result({"link": to_link(_stored(arg), at)})


def follow_op(arg: Any) -> Answer:
    """``{"link"}``: what a follower's page shows: the view of the tournament the link carries."""
    club, at = from_link(arg.get("link") if isinstance(arg, dict) else None)
    return result({"view": view(club), "at": at})


def seats_op(arg: Any) -> Answer:
    """``{"club", "fixture"}``: the four players' names the match in the app is offered with."""
    c = _stored(arg)
    f = c.fixture(arg.get("fixture"))
    return result({"players": [players_of(c.names[c.pair(s)]) for s in (f.a, f.b)]})


def _placed(c: Club, f: Any, players: Any) -> tuple[list[int], list[str | None]]:
    """The fixture's pairs (side 0 first) and a name per seat (None: the computer) for the four
    players ``[[a1, a2], [b1, b2]]``: seat 0 is a person's, so a pair with nobody of its own plays
    on side 1, and the person of a half-present pair takes its first seat."""
    two = isinstance(players, list) and len(players) == 2
    if not (two and all(isinstance(p, list) and len(p) == 2 for p in players)):
        raise ClubError("the players are two lists of two names", code="bad_shape", params={"field": "players"})
    pairs = [c.pair(f.a), c.pair(f.b)]
    if not any(players[0]):
        players, pairs = players[::-1], pairs[::-1]
    if not players[0][0]:
        players = [players[0][::-1], players[1]]
    return pairs, [players[0][0] or None, players[1][0] or None, players[0][1] or None, players[1][1] or None]


def _unplayed(arg: Any) -> tuple[Club, Any]:
    c = _stored(arg)
    f = c.fixture(arg.get("fixture"))
    if c.told(f) is not None or f.index in c.tournament.outcomes:
        raise ClubError("that match has its result already", code="bad_fixture")
    return c, f


def table_op(arg: Any) -> Answer:
    """``{"club", "fixture", "players"}``: where everyone sits at the fixture's table, before it
    starts (an online table's lobby invites each person by his seat): ``{"people", "names",
    "pairs"}``, seats as ``club_match`` places them.

    >>> import json
    >>> from briscola import web
    >>> ask = lambda op, arg: json.loads(web.call(op, json.dumps(arg)))
    >>> new = ask("club_new", {"text": "A\\nB\\nC\\nD", "seed": 3})["result"]
    >>> key = new["view"]["fixtures"][0]["key"]
    >>> players = [[None, None], ["Lia", "Ugo"]]
    >>> ask("club_table", {"club": new["club"], "fixture": key, "players": players})["result"]["people"]
    [0, 2]
    """
    c, f = _unplayed(arg)
    pairs, names = _placed(c, f, arg.get("players"))
    return result({"people": [s for s in range(4) if names[s]], "names": names, "pairs": pairs})


def match_op(arg: Any) -> Answer:
    """``{"club", "fixture", "players": [[a1, a2], [b1, b2]], "level", "seed", "online"?, "room"?}``:
    the fixture becomes the page's match. A player's name is a person's seat (at this device, or
    with ``online`` a guest's at the table this page hosts in ``room``), ``null`` the computer in
    that seat; seats as :func:`table_op` says."""
    c, f = _unplayed(arg)
    pairs, names = _placed(c, f, arg.get("players"))
    level = arg.get("level", "esperto")
    if level not in LEVELS:
        raise ClubError(f"unknown level {level!r}", code="bad_level")
    where = {"online": True, "room": arg.get("room")} if arg.get("online") is True else {}
    seating = Seating.from_settings({"people": [s for s in range(4) if names[s]], "names": names, **where}, 4)
    info = {"seed": c.seed, "fixture": c.key(f), "pairs": pairs, "names": [c.names[p] for p in pairs],
            "stage": f.stage, "round": f.round}
    meta = {"level": level, **seating.to_meta(), "club": info}
    begin(Match(RULES, c.format_for(f), parse_seed(arg.get("seed")), meta))
    return changed()


def record_op(arg: Any) -> Answer:
    """``{"club"}``: the page's finished match goes into the tournament it belongs to (once:
    ``recorded`` false if its fixture has a result already)."""
    c = _stored(arg)
    s = in_progress()
    info = s.match.meta.get("club") if s is not None else None
    if not isinstance(info, dict) or info.get("seed") != c.seed or not s.match.over:  # type: ignore[union-attr]
        raise ClubError("the match on the page is not a finished match of this tournament", code="bad_fixture")
    f = c.fixture(info.get("fixture"))
    pairs = info.get("pairs")
    if not isinstance(pairs, list) or set(pairs) != {c.pair(f.a), c.pair(f.b)}:
        raise ClubError("the pairs of that match changed since it began", code="bad_fixture")
    if c.told(f) is not None:
        return _answer(c, recorded=False, fixture=fixture_json(c, f))
    res = from_match(s.match)  # type: ignore[union-attr]
    c.put(c.key(f), (res if pairs[0] == c.pair(f.a) else res.swapped()).to_json())
    return _answer(c, recorded=True, fixture=fixture_json(c, c.fixture(c.key(f))))


OPS: dict[str, Callable[[Any], Answer]] = {
    "club_propose": propose_op,
    "club_new": new_op,
    "club_open": _guard(open_op),
    "club_import": _guard(import_op),
    "club_result": _guard(result_op),
    "club_read": _guard(read_op),
    "club_link": _guard(link_op),
    "club_follow": follow_op,
    "club_seats": _guard(seats_op),
    "club_table": _guard(table_op),
    "club_match": _guard(match_op),
    "club_record": _guard(record_op),
}
