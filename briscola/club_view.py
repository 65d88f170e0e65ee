"""What the organiser's screen, the printed sheet and the followers' page draw of a
:class:`~briscola.club.Club`, and the followers' link that carries the whole tournament.

Everything speaks of pairs by the index of their name. A standings row carries its tie-break
``reasons`` (:meth:`Tournament.tie_reasons`: head-to-head, *classifica avulsa*, differences, the
draw) for the page to word ("davanti per lo scontro diretto").

The link (:func:`to_link`) is the tournament in a few hundred characters: its JSON with short
keys, each round of a result one token (the first pair's card points, the second's being what
makes 120; ``a``/``b`` who won a round whose points were not written; ``=`` a 60–60 round
replayed), raw-deflated and in base64url. :func:`from_link` checks it all again, as a file's import.

>>> from briscola.club import Club, propose
>>> c = Club.new(["Rossi – Bianchi", "Verdi – Neri", "Gialli – Blu", "Mori – Lodi"], propose(4), seed=7)
>>> _ = c.put("group:0", {"rounds": [{"points": [60, 60]}, {"winner": 1}, {"points": [45, None]}]})
>>> again, at = from_link(to_link(c, 29000000))
>>> again.to_json() == c.to_json(), at
(True, 29000000)
>>> [r["pair"] for r in view(c)["standings"][0]["rows"]][:2]
[2, 0]
"""

from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from .club import FORMAT, Club, ClubError
from .jsonsafe import loads
from .tournament import Fixture

LINK_CHARS = 20_000
"""The longest link text read (a real one: about a thousand characters for eighteen pairs)."""
_STAGES = {"group": "g", "quarter": "q", "semi": "s", "final": "f"}


def _result(c: Club, f: Fixture) -> dict[str, Any] | None:
    res = c.told(f)
    if res is None:
        return None
    a, b = c.pair(f.a), c.pair(f.b)
    told = any(r.points is not None for r in res.rounds)
    return {"winner": a if res.winner == 0 else b, "deals": list(res.deals),
            "points": list(res.points) if told else None, "replayed": res.replayed,
            "conceded": None if res.conceded is None else (a, b)[res.conceded],
            **res.to_json()}


def fixture_json(c: Club, f: Fixture) -> dict[str, Any]:
    fmt = c.format_for(f)
    return {"key": c.key(f), "stage": f.stage, "round": f.round, "n": int(c.key(f).split(":")[1]), "group": f.group,
            "a": c.pair(f.a), "b": c.pair(f.b), "format": {"kind": fmt.kind, "deals": fmt.deals},
            "result": _result(c, f)}


def _reasons(c: Club, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**s, "with": [c.pair(q) for q in s["with"]]} for s in steps]


def view(c: Club) -> dict[str, Any]:
    """The tournament as every screen draws it: standings per group with their tie-breaks, the
    fixtures with their results, the knock-out (drawn, or who will meet there), what is left."""
    t = c.tournament
    tables, reasons = t.tables()
    out = {c.pair(p) for p in t.eliminated()}
    nxt = t.next_fixture()
    standings = [{"group": g, "rows": [
        {"pair": c.pair(r.pair), "played": r.played, "won": r.won, "lost": r.lost, "standing": r.standing,
         "deals_for": r.deals_for, "deals_against": r.deals_against, "points_for": r.points_for,
         "points_against": r.points_against, "reasons": _reasons(c, reasons.get(r.pair, [])),
         "out": c.pair(r.pair) in out} for r in rows]} for g, rows in enumerate(tables)]
    return {
        "format": FORMAT, "title": c.title, "names": list(c.names), "plan": c.plan.to_json(), "pairs": len(c.names),
        "groups": t.shape.groups, "group_of": [t.group_of(c.order.index(p)) for p in range(len(c.names))],
        "standings": standings, "fixtures": [fixture_json(c, f) for f in t.fixtures],
        "knockout": t.bracket(),  # places and earlier winners: they name no pair
        "stage": None if nxt is None else nxt.stage,
        "left": sum(1 for f in t.fixtures if f.index not in t.outcomes),
        "champion": None if t.champion is None else c.pair(t.champion), "over": t.over,
    }


# ---------------------------------------------------------------------- the followers' link


def _round_token(r: dict[str, Any]) -> str:
    if "points" in r:
        return str(r["points"][0])
    return "=" if r["winner"] is None else "ab"[r["winner"]]


def _round_of(token: Any) -> dict[str, Any]:
    if token in ("a", "b", "="):
        return {"winner": None if token == "=" else "ab".index(token)}
    if not isinstance(token, str) or not token.isdigit() or len(token) > 3:
        raise ClubError("a round in the link is not a round", code="bad_standings")
    return {"points": [int(token), None]}


def to_link(c: Club, at: int) -> str:
    """The tournament as a link's text; ``at``: when it was made (minutes since 1970, the page's clock)."""
    data = c.to_json()
    results = [[_STAGES[r["fixture"].split(":")[0]] + r["fixture"].split(":")[1], *r["pairs"],
                ".".join(map(_round_token, r["rounds"])), *([r["conceded"]] if "conceded" in r else [])]
               for r in data["results"]]
    plan = data["plan"]
    packed = [1, data["title"], data["names"], [plan["groups"], plan["rounds"], plan["final"]], data["seed"],
              data["order"], results, at]
    text = json.dumps(packed, ensure_ascii=False, separators=(",", ":")).encode()
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    raw = deflate.compress(text) + deflate.flush()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def from_link(text: Any) -> tuple[Club, int]:
    """The tournament a link carries, checked as an imported file is, and when it was made."""
    if not isinstance(text, str) or not 0 < len(text) <= LINK_CHARS:
        raise ClubError("the link does not hold a tournament", code="bad_standings")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflate = zlib.decompressobj(-15)
        body = inflate.decompress(raw, 200_000)
        if inflate.unconsumed_tail or not inflate.eof:
            raise ValueError("cut short or too long")
        packed = loads(body.decode())
        version, title, names, (groups, rounds, final), seed, order, results, at = packed
    except (ValueError, TypeError, zlib.error, UnicodeDecodeError) as exc:
        raise ClubError(f"the link does not hold a tournament: {exc}", code="bad_standings") from None
    if version != 1 or not isinstance(results, list) or isinstance(at, bool) or not isinstance(at, int):
        raise ClubError("the link does not hold a tournament of this version", code="bad_standings")
    stages = {v: k for k, v in _STAGES.items()}
    expanded = []
    for item in results:
        if not isinstance(item, list) or len(item) not in (4, 5) or not isinstance(item[0], str) or not item[0] \
                or item[0][0] not in stages or not isinstance(item[3], str):
            raise ClubError("a result in the link is not a result", code="bad_standings")
        expanded.append({"fixture": f"{stages[item[0][0]]}:{item[0][1:]}", "pairs": item[1:3],
                         "rounds": [_round_of(tok) for tok in item[3].split(".")] if item[3] else [],
                         **({"conceded": item[4]} if len(item) == 5 else {})})
    club = Club.from_json({"format": FORMAT, "title": title, "names": names, "seed": seed, "order": order,
                           "plan": {"groups": groups, "rounds": rounds, "final": final}, "results": expanded})
    return club, at

