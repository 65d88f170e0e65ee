"""The page's boundary as the engine tests drive it: every answer checked for the one shape
(briscola/answers.py), and the moves of seats the page never plays for (the tests drive them all)."""

from __future__ import annotations

import json
from typing import Any

from briscola import answers, web
from briscola.session import Refused, current

__all__ = ["act_for", "call", "current", "state_of"]


def call(op: str, arg: Any = None, raw: str | None = None) -> dict[str, Any]:
    """``web.call`` with ``arg`` as JSON (or ``raw``, JSON text already), its answer checked for the shape."""
    return shaped(json.loads(web.call(op, json.dumps(arg) if raw is None else raw)))


def shaped(out: dict[str, Any]) -> dict[str, Any]:
    """``out`` if it has the one shape: known keys, ``ok`` a bool that is false exactly with an
    ``error`` that has a ``code``, and a ``save`` never without its ``state``."""
    assert set(out) <= answers.KEYS, out.keys()
    assert isinstance(out["ok"], bool) and out["ok"] == ("error" not in out), out
    assert out["ok"] or isinstance(out["error"].get("code"), str), out
    assert "save" not in out or "state" in out, out
    return out


def state_of(op: str, arg: Any = None) -> dict[str, Any]:
    """The state an operation that must succeed answers."""
    out = call(op, arg)
    assert out["ok"], out
    return out["state"]


def act_for(seat: int, action: Any) -> dict[str, Any]:
    """``action`` made by ``seat``, answered as op ``act`` is (the page's act only moves its people's
    seats; the tests move the computer's too)."""
    try:
        return shaped(answers.changed(current().act(action, seat=seat)))
    except Refused as exc:
        return shaped(answers.refusal(exc))
