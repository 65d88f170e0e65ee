"""The person's next move answered ahead (op ``ahead``): while he thinks, the engine answers each move
he may make, as op ``act`` would, and the page keeps those answers beside the save.

A returning player's table is drawn from the save before Python is up (static/table/turns.js); with
these answers his first move is taken at once too. They are the engine's own answers, computed on a
copy of the match from the position the save holds, so the page still decides no rule: it looks the
move up, stores the answer's save and draws its state, and the engine, once up, loads that save.

Only where a move's answer depends on nothing but the position: one person at the table (no
pass-and-play, no online seat), no move clock (a move's answer carries its time), not the
computer's turn, not a fair table. Anywhere else the answer is an empty list.

>>> import json
>>> from briscola import web
>>> _ = web.call("new", json.dumps({"variant": "classica", "players": 2, "seed": 7}))
>>> out = json.loads(web.call("ahead"))["result"]
>>> [a["action"] for a in out] == json.loads(web.call("state"))["state"]["view"]["legal"]
True
>>> one = out[0]
>>> mine = json.loads(web.call("act", json.dumps(one["action"])))
>>> one["answer"] == mine
True
"""

from __future__ import annotations

import copy
from typing import Any

from .answers import Answer, changed, result
from .session import HUMAN, Session, current

MOST = 8
"""At most this many moves are answered ahead (a hand has three cards; a cut's many choices are not)."""


def answerable(session: Session) -> bool:
    """Whether the person's next move can be answered ahead (the module's docstring says where)."""
    m = session.match
    return (session.fair is None and m.clock is None and not m.over and not m.deal.over
            and session.seating.people == (HUMAN,) and not session.seating.online
            and session.viewer == HUMAN and not session.stand_in and m.deal.to_move == HUMAN)


def ahead_op(_: Any) -> Answer:
    """``[{action, answer}]``: each legal move of the person and op ``act``'s answer to it."""
    session = current()
    if not answerable(session):
        return result([])
    legal = session.state()["view"].get("legal") or []
    if len(legal) > MOST:
        return result([])
    out = []
    for action in legal:
        match = copy.deepcopy(session.match)
        other = Session(match)
        played = other.act(action)
        out.append({"action": action, "answer": changed(played=played, session=other)})
    return result(out)
