"""Reading JSON from outside (saves, records, links, statistics, tournaments, the page's calls,
agent requests) with a size and a depth limit checked *before* :func:`json.loads` runs.

Python's ``json`` parser recurses once per nesting level. Under CPython a deep document is a
``RecursionError``; in Pyodide the recursion overflows the JavaScript stack first (about 8,000
levels) and the interpreter dies for good. So :func:`check` measures the nesting with a linear,
non-recursive scan that skips string contents, and refuses what is too deep or too big with a
:class:`JsonError` (a :class:`~briscola.errors.BriscolaError` with a code) before any parsing.

The limits are generous for real data and far below what can hurt. Measured: the longest match a
format allows to be saved (Brisca first to 99 deals, 191 deals played) is 110 KB, a 99-deal
chiamata match 74 KB, a deal's record 1.2 KB, statistics a few KB, a tournament's results a few
tens of KB; all of them nest at most 6 levels deep.

>>> loads('{"deals": [[{"play": "AD"}]]}')
{'deals': [[{'play': 'AD'}]]}
>>> loads("[" * 50 + "]" * 50)
Traceback (most recent call last):
...
briscola.jsonsafe.JsonError: too deeply nested (more than 32 levels)
>>> loads('["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]')[0][:3]
'[[['
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate
from typing import Any

from .errors import BriscolaError

MAX_DEPTH = 32
"""Deepest nesting accepted (real data: 6)."""
MAX_CHARS = 1_000_000
"""Longest text accepted for one document (a save, a record, an agent request...): 9 times the
longest real save."""
CALL_CHARS = 2_500_000
"""Longest argument of a page call (briscola.web.call): it may carry a save as a JSON string,
whose escaped quotes make it up to twice as long."""

_ESCAPE = re.compile(r"\\.", re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonError(BriscolaError, ValueError):
    """Text that is not JSON, or JSON too big or too deep to parse safely (code ``bad_json``,
    ``too_big`` or ``too_deep``)."""

    code = "bad_json"


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in ``text``, brackets inside strings not counted.

    Linear and without recursion: escapes are dropped first (so ``\\"`` cannot end a string), then
    every other piece between quotes is a string's contents. Whatever follows a JSON syntax error
    may be miscounted, but the parser stops at that error and never reaches it.

    >>> depth('{"a": [1, {"b": "]]]{"}], "c": "\\\\"[["}'), depth("1"), depth("")
    (3, 0, 0)
    """
    outside = "".join(_ESCAPE.sub("", text).split('"')[::2])
    brackets = _NOT_BRACKET.sub("", outside)
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def check(text: str, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> None:
    """Raise :class:`JsonError` if ``text`` is longer than ``max_chars`` or nested deeper than
    ``max_depth``; otherwise it is safe to hand to :func:`json.loads`."""
    if len(text) > max_chars:
        raise JsonError(f"too big (more than {max_chars} characters)", code="too_big")
    if depth(text) > max_depth:
        raise JsonError(f"too deeply nested (more than {max_depth} levels)", code="too_deep")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number out of range: {text[:20]}")
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes, max_chars: int = MAX_CHARS, max_depth: int = MAX_DEPTH) -> Any:
    """:func:`json.loads` for text from outside: limits first (:func:`check`), UTF-8 for bytes,
    no NaN or infinity (JavaScript could not read them back); any failure is a :class:`JsonError`.

    >>> loads("NaN")
    Traceback (most recent call last):
    ...
    briscola.jsonsafe.JsonError: not valid JSON: NaN is not JSON
    """
    if isinstance(text, bytes | bytearray):
        if len(text) > max_chars:  # before decoding: no copy of a huge input
            raise JsonError(f"too big (more than {max_chars} characters)", code="too_big")
        try:
            text = bytes(text).decode("utf-8-sig")  # a leading byte order mark is not an error
        except UnicodeDecodeError:
            raise JsonError("not valid UTF-8 text") from None
    if not isinstance(text, str):
        raise JsonError(f"not JSON text but {type(text).__name__}")
    check(text, max_chars, max_depth)
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_no_constant)
    except RecursionError:  # a last guard: check() already refused anything this deep
        raise JsonError("too deeply nested", code="too_deep") from None
    except ValueError as exc:  # JSONDecodeError, an integer of over 4,300 digits, a number out of range
        raise JsonError(f"not valid JSON: {exc}") from None
