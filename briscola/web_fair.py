"""A fair table's operations (docs/fair-deal.md), through :func:`briscola.web.call` and its one answer
shape (:mod:`briscola.answers`). Every person's page holds the match (op ``new`` with ``fair: {k,
plays}`` and its ``viewer``); its engine follows the deal in play from its own view
(:mod:`briscola.fair_session`), and the page only moves bytes: the cryptography
(static/online/fair/) reads the cards a position holds, the table's hub carries the steps.

- ``act``, ``ai_move`` (this page's person, or a computer's seat it plays): as anywhere, and
  ``result: {fair, sent}``: the steps this page sends (the move, and Brisca's words it led to).
- ``fair_step`` ``{shown?: [{pos, card}], steps?: [{by, sn, seat, action, pos?, ms?}]}``: the cards
  this page has read, then other pages' steps (each applied once: ``sn`` counts a page's steps).
- ``fair_verify`` ``{deck: [codes by position]}``: the end-of-deal check's deck; the deal replayed on
  it is the match's (its save and record keep it).
- ``timeout``, ``clock`` ``{ms}`` (the person's move clock, on his own page: :func:`fair_time`): as
  anywhere, and sent as a step ``{seat, timeout|clock: ms, sn}`` that ``fair_step`` applies on the
  other pages (a time-out ends the match on every page; the deal is then checked as far as played).
- ``fair_void`` ``{k, plays}`` (or ``{k, here}``, :func:`briscola.fair_session.shuffle_of`): the deal in
  play is void, dealt again from the shuffle ``k``.
- ``next_deal`` ``{fair: {k, plays}}``: the next deal, from the shuffle ``k``.
- ``fair_share`` (the host's page) and ``fair_join`` ``{match, viewer, fair?}`` (the page of a person
  let back in who lost his data): the match as every page may know it, taken up from his seat.
- With ``here``, a deal's start may name ``then`` (:func:`briscola.fair_session.plan_of`): the next
  deal's shuffle, which the same pages make while this deal is played; ``fair`` says both.

Each answers the match (``state`` + ``save``, ``played`` for a step) and ``result: {fair, sent}``:
``fair`` what the page's protocol needs (the shuffle, who plays each seat, every position opened so
far and for whom, whether this page's view may be drawn, whether the deal is over, checked), ``sent``
the steps to send. A step that does not add up is ``{"ok": false, "error": {"code": "deal_mismatch",
"reason": "deal_mismatch", "params": {"seat", "why"}}}`` ("la smazzata non torna"): the deal is void.

>>> import json
>>> from briscola.web import call
>>> out = json.loads(call("new", json.dumps({"variant": "classica", "players": 2, "seed": 3, "people": [0, 1],
...     "online": True, "viewer": 0, "fair": {"k": "t0", "plays": [0, 1]}})))
>>> fair = out["result"]["fair"]
>>> fair["k"], [o["holder"] for o in fair["opens"]], fair["ready"], out["state"]["ai_to_move"]
('t0', [1, 0, 1, 0, 1, 0, None], False, True)
>>> first = fair["opens"][1]["pos"]  # seat 0's first card, read by this page: another's, the 3 di coppe
>>> out = json.loads(call("fair_step", json.dumps({"steps": [{"by": 1, "sn": 0, "seat": 1, "action": {"play": "3C"},
...                                                         "pos": first}]})))
>>> out["ok"], out["error"]["code"], out["error"]["params"]
(False, 'deal_mismatch', {'seat': 1, 'why': 'unread'})
"""

from __future__ import annotations

from typing import Any

from .answers import Answer, changed, failed, result
from .cards import Card
from .clock import ClockRunning
from .errors import BriscolaError, RecordError
from .fair import Mismatch
from .fair_session import FairPlay, plan_of, shuffle_of, step_of, time_of
from .record import Record
from .save import load_match, save_match
from .session import Refused, Session, begin, current


def fair_of(session: Session) -> FairPlay:
    if session.fair is None:
        raise Refused("not_fair", "this match is not a fair table's")
    return session.fair


def answer(session: Session, played: dict[str, Any] | None = None, **more: Any) -> Answer:
    """The match, and what this page's protocol needs now (:meth:`FairPlay.info`, the steps to send)."""
    sent, session.sent = session.sent, []
    fair_of(session)
    return changed(played=played, result={"fair": session.fair_info(), "sent": sent, **more})


def fair_step(arg: Any) -> Answer:
    session = current()
    fair = fair_of(session)
    arg = arg if isinstance(arg, dict) else {}
    shown, steps = arg.get("shown") or [], arg.get("steps") or []
    if not isinstance(shown, list) or not isinstance(steps, list):
        raise BriscolaError("shown and steps are lists", code="bad_shape", params={"field": "steps"})
    played = None
    try:
        for item in shown:
            if not isinstance(item, dict):
                raise BriscolaError("a card shown is {pos, card}", code="bad_shape", params={"field": "shown"})
            pos = item.get("pos")
            if isinstance(pos, bool) or not isinstance(pos, int):
                raise BriscolaError("a position is a whole number", code="bad_shape", params={"field": "pos"})
            fair.show(pos, Card.parse(item.get("card")))
        for item in steps:
            if (time := time_of(item)) is not None:
                fair.step_time(*time)
                continue
            by, sn, seat, action, pos, ms = step_of(item)
            if fair.step(by, sn, seat, action, pos, ms):
                played = {"seat": seat, **action.to_json()}
        session.sent = fair.words()
    except Mismatch as exc:
        return failed("deal_mismatch", exc)
    return answer(session, played)


def fair_time(session: Session, kind: str, ms: int) -> Answer:
    """Ops ``timeout`` and ``clock`` at a fair table (web.py), from the person's own page (the one
    that plays his seat and runs his clock): applied by this page's engine and sent to every page as
    a step (``{seat, timeout|clock: ms, sn}``), whose engines check it against their own copy of the
    clock and apply it alike. A time-out ends the match on every page (RULES.md §3); the pages then
    reveal their keys and check the deal as far as it was played."""
    fair = fair_of(session)
    try:
        session.sent = fair.own_time(session.viewer, kind, ms)
    except ClockRunning as exc:
        raise Refused("clock_running", str(exc)) from None
    except BriscolaError as exc:  # not his turn, the match over, or a seat this page does not play
        raise Refused("not_your_turn", str(exc)) from None
    return answer(session, None, timed_out=session.match.over)


def fair_verify(arg: Any) -> Answer:
    session = current()
    fair = fair_of(session)
    codes = arg.get("deck") if isinstance(arg, dict) else None
    if not isinstance(codes, list) or len(codes) != len(session.match.rules.deck):
        raise BriscolaError("deck must be the card at every position", code="bad_deck", params={"field": "deck"})
    try:
        fair.verify([Card.parse(c) for c in codes])
    except Mismatch as exc:
        return failed("deal_mismatch", exc)
    try:
        record = Record.of_deal(session.match.deal).to_json()
    except RecordError:
        record = None
    return answer(session, None, deck=codes, record=record)


def fair_void(arg: Any) -> Answer:
    session = current()
    k, plays = shuffle_of(arg, session.match)
    fair_of(session).void(k, plays, plan_of(arg))
    return answer(session)


def fair_share(arg: Any = None) -> Answer:
    """The match as every page may know it, for a person let back in who lost his page's data (the
    host's "Fai rientrare"): ``result: {match}``, the save's text without this page's side of the
    deal in play (its cards read, its computer's secret): the checked deals, the scores, the clocks;
    the deal in play as dealt, untouched."""
    session = current()
    fair_of(session)
    match = session.match
    kept, match.fair_state = match.fair_state, None
    try:
        text = save_match(match)
    finally:
        match.fair_state = kept
    return result({"match": text})


def fair_join(arg: Any) -> Answer:
    """``{match, viewer, fair?: {k, here}}``: a person let back in takes the match up from his seat
    (``match``: another page's :func:`fair_share`); its deal in play, if any, begins from the shuffle
    ``fair`` (the host deals it again with him in: his old keys are gone)."""
    if not isinstance(arg, dict) or not isinstance(arg.get("match"), str):
        raise BriscolaError("fair_join takes {match, viewer, fair?}", code="bad_shape", params={"field": "match"})
    match = load_match(arg["match"])
    viewer = arg.get("viewer")
    if match.decks is None or match.fair_state is not None or not isinstance(viewer, int) or isinstance(viewer, bool) \
            or viewer not in match.meta.get("people", [0]) or viewer == 0:
        raise BriscolaError("a fair table's match shared, taken up from a guest's seat", code="bad_shape",
                            params={"field": "match"})
    match.meta["viewer"] = viewer
    if away := [s for s in match.meta.get("away", []) if s != viewer]:  # he is here: his seat not marked gone
        match.meta["away"] = away
    else:
        match.meta.pop("away", None)
    session = begin(match)
    session.fair = FairPlay(match, viewer)
    if match.unsettled:
        k, plays = shuffle_of(arg.get("fair"), match)
        session.fair.begin(k, plays)
    return answer(session)


OPS = {"fair_step": fair_step, "fair_verify": fair_verify, "fair_void": fair_void, "fair_share": fair_share,
       "fair_join": fair_join}
