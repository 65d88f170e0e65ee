"""The fair deal's operations (docs/fair-deal.md), through :func:`briscola.web.call` and its one
answer shape (:mod:`briscola.answers`). The page only moves bytes: the cryptography
(static/online/fair/) reads the cards a position holds; these operations say which positions open,
and for whom, check every step and, at the deal's end, replay it on the rebuilt deck.

- ``fair_begin`` ``{variant, players, options?, dealer, page, pages, cutter?}``: this page's engine
  starts following a deal (``pages[s]``: the page, a person's seat, that plays seat s).
- ``fair_step`` ``{shown?: [{pos, card}], steps?: [{seat, action, pos?, by?}]}``: the cards this page
  has read, then the seats' steps (``by``: the page it came from; absent for this page's own).
- ``fair_verify`` ``{deck: [codes by position]}``: the end-of-deal check's deck; the deal replayed
  on it (its game record, RECORD.md) and, when the match in progress is a fair table's, settled in
  it (with the save: the verified deal is what the saves and records keep).

Each answers ``result`` (:func:`follow_json`): what to open now (``open``), this page's seats that
decide a Brisca exchange (``decide``) or only say they do not (``words``: say ``{"draw": true}`` at
once), whether its view may be drawn (``ready``) and the view of each of its seats. A step that
does not add up is ``{"ok": false, "error": {"code": "deal_mismatch", "reason": "deal_mismatch",
"params": {"seat", "why"}}}`` ("la smazzata non torna"): the deal is void.

>>> import json
>>> from briscola.web import call
>>> out = json.loads(call("fair_begin", json.dumps({"variant": "classica", "players": 2, "dealer": 0,
...                                                   "page": 0, "pages": [0, 1]})))
>>> out["ok"], [o["pos"] for o in out["result"]["open"]], out["result"]["ready"]
(True, [0, 1, 2, 3, 4, 5, 6], False)
>>> out = json.loads(call("fair_step", json.dumps({"shown": [{"pos": 1, "card": "AD"}, {"pos": 3, "card": "3C"},
...     {"pos": 5, "card": "2S"}, {"pos": 6, "card": "7B"}]})))
>>> out["result"]["ready"], out["result"]["views"]["0"]["hand"]
(True, ['AD', '3C', '2S'])
>>> out = json.loads(call("fair_step", json.dumps({"steps": [{"seat": 1, "action": {"play": "AD"}, "pos": 1,
...                                                          "by": 1}]})))  # page 1 plays page 0's ace
>>> out["ok"], out["error"]["code"], out["error"]["params"]
(False, 'deal_mismatch', {'seat': 1, 'why': 'not_held'})
"""

from __future__ import annotations

from typing import Any

from .actions import action_from_json
from .answers import Answer, changed, failed, result
from .cards import Card
from .errors import BriscolaError, RecordError
from .fair import FairDeal, Mismatch
from .record import Record, make_rules
from .session import in_progress
from .view import view_of, view_to_json

_follow: FairDeal | None = None


def _whole(value: Any, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BriscolaError(f"{field} must be a whole number", code="bad_shape", params={"field": field})
    return value


def _current() -> FairDeal:
    if _follow is None:
        raise BriscolaError("no fair deal is followed", code="bad_shape", params={"field": "fair"})
    return _follow


def follow_json(fd: FairDeal) -> dict[str, Any]:
    """What this page's engine says now: what to open, who decides or speaks, its seats' views."""
    ready = fd.ready
    return {
        "open": [o.to_json() for o in fd.needs()],
        "decide": fd.deciding(),
        "words": fd.words(),
        "ready": ready,
        "over": fd.deal.over,
        "to_move": None if fd.deal.over or fd.window is not None else fd.deal.to_move,
        "views": {str(s): view_to_json(view_of(fd.deal, s)) for s in fd.seats_of_page()} if ready else None,
    }


def fair_begin(arg: Any) -> Answer:
    global _follow
    arg = arg if isinstance(arg, dict) else {}
    rules = make_rules(arg.get("variant"), arg.get("players"), arg.get("options"))
    pages = arg.get("pages")
    if not isinstance(pages, list) or len(pages) != rules.players:
        raise BriscolaError("pages must name a page for every seat", code="bad_shape", params={"field": "pages"})
    seats = range(rules.players)
    if any(_whole(p, "pages") not in seats for p in pages) or any(pages[p] != p for p in pages):
        raise BriscolaError("a page is a person's seat, and plays it", code="bad_shape", params={"field": "pages"})
    dealer, page = _whole(arg.get("dealer"), "dealer"), _whole(arg.get("page"), "page")
    cutter = arg.get("cutter")
    if dealer not in seats or page not in pages or (cutter is not None and _whole(cutter, "cutter") not in seats):
        raise BriscolaError("dealer, page or cutter is not a seat of this table", code="bad_shape",
                            params={"field": "dealer"})
    _follow = FairDeal(rules, dealer, page, tuple(pages), cutter)
    return result(follow_json(_follow))


def fair_step(arg: Any) -> Answer:
    fd = _current()
    arg = arg if isinstance(arg, dict) else {}
    shown, steps = arg.get("shown") or [], arg.get("steps") or []
    if not isinstance(shown, list) or not isinstance(steps, list):
        raise BriscolaError("shown and steps are lists", code="bad_shape", params={"field": "steps"})
    try:
        for item in shown:
            if not isinstance(item, dict):
                raise BriscolaError("a card shown is {pos, card}", code="bad_shape", params={"field": "shown"})
            fd.show(_whole(item.get("pos"), "pos"), Card.parse(item.get("card")))
        for item in steps:
            if not isinstance(item, dict):
                raise BriscolaError("a step is {seat, action, pos?, by?}", code="bad_shape", params={"field": "steps"})
            pos, by = item.get("pos"), item.get("by")
            fd.act(_whole(item.get("seat"), "seat"), action_from_json(item.get("action")),
                   None if pos is None else _whole(pos, "pos"), None if by is None else _whole(by, "by"))
    except Mismatch as exc:
        return failed("deal_mismatch", exc)
    return result(follow_json(fd))


def fair_verify(arg: Any) -> Answer:
    fd = _current()
    codes = arg.get("deck") if isinstance(arg, dict) else None
    if not isinstance(codes, list) or len(codes) != fd.size:
        raise BriscolaError("deck must be the card at every position", code="bad_deck", params={"field": "deck"})
    try:
        deal = fd.verify([Card.parse(c) for c in codes])
    except Mismatch as exc:
        return failed("deal_mismatch", exc)
    try:
        record = Record.of_deal(deal).to_json()
    except RecordError:
        record = None  # a deal stopped before its cut has no record
    out = {"deck": codes, "record": record, "over": deal.over}
    session = in_progress()
    if session is not None and session.match.unsettled and deal.over:
        session.match.settle(deal)
        return changed(result=out)
    return result(out)


OPS = {"fair_begin": fair_begin, "fair_step": fair_step, "fair_verify": fair_verify}
