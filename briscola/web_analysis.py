"""The page's op ``analysis``: a finished deal's move-by-move analysis, a slice at a time (issue 23).

The worker holds one analysis in progress; each call works on it for the ``budget_ms`` the page
gives (25 ms: a move or the next deal asked meanwhile waits no longer than that) and answers
``result: {deal, seat, done, progress: {moves, total}, analysis}``, ``analysis`` (briscola.analysis's
JSON) once done. The page stops asking to interrupt it: nothing runs between calls. A finished
analysis of one of the match's deals keeps its figures in the match's meta (``accuracy``: per deal
index, the accuracy missed and what was at stake, weighted as briscola.accuracy weighs the moves, in
tenths, and the points given away), answered once with the state and the save, so the statistics
count it (briscola.stats) and a reload keeps it.

>>> import json
>>> from briscola.web import call
>>> _ = call("new", json.dumps({"variant": "classica", "players": 2, "seed": 7}))
>>> json.loads(call("analysis", '{"budget_ms": 25}'))["error"]["code"]
'analysis_playing'
"""

from __future__ import annotations

from typing import Any

from . import analysis
from .analysis import DealAnalysis
from .answers import Answer, changed, failed, result
from .errors import BriscolaError, RecordError
from .record import Record, parse_record
from .session import HUMAN, Refused, current
from .web_checks import ACCURACY, is_whole, js_int

MAX_BUDGET_MS = 1000
KEPT = 8  # finished analyses kept (the review of a recent deal opens at once)

_job: tuple[tuple[str, int], DealAnalysis] | None = None
_done: dict[tuple[str, int], dict[str, Any]] = {}


def _malformed(detail: str) -> Refused:
    return Refused("malformed", detail)


def _whole(arg: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = arg.get(key, default)
    if not is_whole(value) or not low <= value <= high:
        raise _malformed(f"analysis: {key} must be a whole number from {low} to {high}")
    return value


def _target(arg: dict[str, Any]) -> tuple[Record, int, int | None]:
    """The record to analyse, the seat, and the match's deal index (None for a record given)."""
    if "record" in arg:
        try:
            rec = parse_record(arg["record"])
        except BriscolaError as exc:
            raise RecordError(str(exc), code=exc.code, params=exc.params) from None
        return rec, _whole(arg, "seat", HUMAN, 0, rec.rules.players - 1), None
    match = current().match
    index = _whole(arg, "deal", len(match.deals) - 1, 0, len(match.deals) - 1)
    deal = match.deals[index]
    if not deal.over:  # the analysis reads every move: never while the deal is being played
        raise Refused("analysis_playing", "the deal is not over")
    # The page names the deal it means by its match's seed and points: another match since (a new
    # one, another tab's) is not analysed in its place.
    other_seed = "seed" in arg and arg["seed"] != js_int(match.seed)
    if other_seed or ("points" in arg and arg["points"] != deal.team_points()):
        raise Refused("analysis_gone", "that deal is no longer the match's")
    return Record.of_deal(deal), HUMAN, index


def analysis_op(arg: Any) -> Answer:
    """``{budget_ms, deal?, seed?, points?}`` (a deal of the match, by default the latest; ``seed`` and
    ``points``, the match's seed and the deal's points, make sure it is the deal the page means) or
    ``{budget_ms, record, seat?}``: work on its analysis for about ``budget_ms``, say how far it is."""
    global _job
    arg = arg if arg is not None else {}
    if not isinstance(arg, dict):
        raise _malformed("analysis takes an object")
    budget = _whole(arg, "budget_ms", 25, 1, MAX_BUDGET_MS)
    try:
        rec, seat, index = _target(arg)
    except RecordError as exc:
        return failed("bad_record", exc)
    key = (rec.dumps(), seat)
    found = _done.get(key)
    if found is None:
        if _job is None or _job[0] != key:
            _job = (key, DealAnalysis(rec, seat, analysis.NODES))
        job = _job[1]
        finished = job.run(budget / 1000)
        progress = {"moves": len(job.moves), "total": job.total}
        if not finished:
            return result({"deal": index, "seat": seat, "done": False, "progress": progress, "analysis": None})
        found = _done[key] = job.result().to_json()
        _job = None
        while len(_done) > KEPT:
            del _done[next(iter(_done))]
    out = {"deal": index, "seat": seat, "done": True,
           "progress": {"moves": len(found["moves"]), "total": len(found["moves"])}, "analysis": found}
    if index is not None and _keep(index, found):
        return changed(result=out)  # the figures are in the match now: saved
    return result(out)


def _keep(index: int, analysis: dict[str, Any]) -> bool:
    """Write a deal's figures into the match's meta once; True when that changed the match."""
    meta = current().match.meta
    kept = meta.setdefault(ACCURACY, {})
    if str(index) in kept:
        return False
    kept[str(index)] = [round(analysis["lost"] * 10), round(analysis["stake"] * 10), analysis["given_away"]]
    return True
