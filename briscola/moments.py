"""What a costly move is said with: the plain fact first, then the better card and why (issue 34).

A moment's sentence is a list of parts, each an i18n key of static/strings/analysis.js
(``analysis_<key>``) with its params (``card``, ``played``: card codes, worded with their article;
the others whole numbers). The first part says what changed hands in the trick the move went to
("Hai regalato all'avversario l'Asso di bastoni (11 punti)"); the second names the better card and
the reason, in Briscola's terms (it took the trick, the trick was lost anyway, keep the trump, the
card led could be taken, the stock was out so every card could be counted, trumps still out); the
last says what it was worth on average.

The reason is read off the seat's view before the move (:func:`reason_of`); the fact, off the trick
as it ended, which the seat saw on the table. Neither ever reads a hidden card.

>>> reason_of({"best_takes": True, "played_takes": False, "played_trump": False, "best_trump": False,
...            "played_card_points": 0, "best_card_points": 10, "trumps_unseen": 3, "table": 11, "last": True,
...            "can_take": True, "beaters": 0, "counted": False})
'take'
"""

from __future__ import annotations

from typing import Any

from .actions import Trick
from .ai.knowledge import Knowledge
from .ai.sim import trick_winner

Part = dict[str, Any]  # {"key": ..., "params": {...}}


def facts_of(k: Knowledge, best: int, played: int) -> dict[str, Any]:
    """What the seat could see when it moved: the points on the table, whether it played last to the
    trick, whether each card would have left the trick to its side as it stood (None when leading;
    sides as the seat knew them) and whether any of its cards would, the trumps and the cards beating
    the card played that it had not seen yet, the cards left to draw, whether every card could be
    counted (two players, the stock out) or nearly (the last draw to come), each card's own points and
    whether it is a trump."""
    v, t = k.view, k.t
    trick = [c.index for c in v.trick]

    def takes(card: int) -> bool | None:
        if not trick:
            return None
        return k.side[trick_winner([*trick, card], v.leader, k.n, k.trump, t.strength)] == k.my_side

    return {
        "table": sum(t.points[c] for c in trick),
        "last": len(trick) == k.n - 1,
        "best_takes": takes(best),
        "played_takes": takes(played),
        "can_take": any(takes(c) for c in k.hand),
        "trumps_unseen": sum(1 for c in k.unseen if c // 10 == k.trump),
        "beaters": k.beaters(played),
        "stock": v.stock,
        "counted": k.n == 2 and v.stock == 0,
        "last_draw": k.n == 2 and v.stock == 2,
        "best_card_points": t.points[best],
        "played_card_points": t.points[played],
        "best_trump": best // 10 == k.trump,
        "played_trump": played // 10 == k.trump,
    }


def reason_of(f: dict[str, Any]) -> str:
    """Why the best card was better, from the facts (the first that holds): ``take`` (it took the
    trick as it stood), ``lost_anyway`` (no card took it: the best gave fewer points), ``keep_trump``
    (a trump spent where the best was none), ``beatable`` (a card with points played where unseen
    cards could still take it), ``counted`` (the stock out: every card could be counted),
    ``last_draw`` (two cards left to draw: the last three tricks could be worked out), ``trumps_out``
    (trumps still unseen), else ``plain``."""
    if f["best_takes"] and not f["played_takes"]:
        return "take"
    if f["last"] and not f["can_take"] and f["played_card_points"] > f["best_card_points"]:
        return "lost_anyway"
    if f["played_trump"] and not f["best_trump"]:
        return "keep_trump"
    if (f["played_takes"] is not False and not f["last"] and f["beaters"] > 0
            and f["played_card_points"] > f["best_card_points"]):
        return "beatable"
    if f["counted"]:
        return "counted"
    if f.get("last_draw"):
        return "last_draw"
    if f["trumps_unseen"] > 0:
        return "trumps_out"
    return "plain"


def what_happened(k: Knowledge, played: int, trick: Trick | None, sides: list[int]) -> Part | None:
    """The plain fact of the trick the move went to, as it ended (``trick``; ``sides``: each seat's
    side as the deal's end showed them): the card's points or the trick's given to the other side,
    or a trump spent on a trick taken where the best card was none. None when nothing changed hands
    worth saying (the trick not finished, or taken without spending a trump)."""
    if trick is None:
        return None
    t = k.t
    mine = sides[k.me]
    others = "one" if k.n == 2 else "many"
    if sides[trick.winner] != mine:
        if t.points[played]:
            return {"key": f"gave_card_{others}", "params": {"card": _code(k, played), "pts": t.points[played]}}
        if trick.points:
            return {"key": f"lost_trick_{others}", "params": {"pts": trick.points}}
        return None
    return None


def sentence(k: Knowledge, facts: dict[str, Any], reason: str, best: int, played: int, points_lost: int,
             win_lost: int, happened: Part | None) -> list[Part]:
    """The moment's parts: what happened, the better card and why, what it was worth."""
    parts = [happened] if happened is not None else []
    card, was = _code(k, best), _code(k, played)
    if reason == "take":
        kind = ("take" if facts["last"] else "beat") + ("" if facts["table"] else "_empty")
        parts.append({"key": f"better_{kind}", "params": {"card": card, "pts": facts["table"]}})
    elif reason == "lost_anyway":  # a card without points: a liscio, or a trump's lowest
        pts = facts["best_card_points"]
        kind = "" if pts else "_trump" if facts["best_trump"] else "_liscio"
        parts.append({"key": f"better_lost_anyway{kind}", "params": {"card": card, "pts": pts}})
    elif reason in ("keep_trump", "trumps_out"):  # (trumps_out: one at least)
        n = facts["trumps_unseen"]
        parts.append({"key": f"better_{reason}_{_count(n)}", "params": {"card": card, "n": n}})
    elif reason == "beatable":  # (one beater at least)
        n = facts["beaters"]
        parts.append({"key": f"better_beatable_{_count(n)}", "params": {"card": card, "played": was, "n": n}})
    else:  # counted, last_draw, plain
        parts.append({"key": f"better_{reason}", "params": {"card": card}})
    if points_lost >= 1:
        parts.append({"key": "worth_points", "params": {"pts": points_lost}})
    elif win_lost >= 1:
        parts.append({"key": "worth_win", "params": {"pct": win_lost}})
    return parts


def _count(n: int) -> str:
    return "many" if n > 1 else "one" if n == 1 else "none"


def _code(k: Knowledge, card: int) -> str:
    return next(c.code for c in k.rules.deck if c.index == card)


__all__ = ["facts_of", "reason_of", "sentence", "what_happened"]
