"""briscola.jsonsafe: the size and depth limits are checked before json.loads, exactly and in
linear time, so no outside text ever reaches Python's recursive parser too deep (issue 11, row 6)."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from briscola import jsonsafe
from briscola.jsonsafe import MAX_CHARS, MAX_DEPTH, JsonError, depth, loads

# Strings full of what could fool a scan: brackets, quotes, backslashes, escapes of every kind.
TRICKY = st.text(alphabet=st.sampled_from('[]{}"\\/:,ab \n\t\u00e8\u2028\x00'), max_size=12)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | TRICKY,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TRICKY, inner, max_size=4),
    max_leaves=40)


def true_depth(value: object) -> int:
    if isinstance(value, list):
        return 1 + max(map(true_depth, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(true_depth, value.values()), default=0)
    return 0


@settings(max_examples=500, deadline=None)
@given(VALUES, st.booleans(), st.sampled_from([None, 0, 2]))
def test_depth_is_the_nesting_of_the_document(value, ascii_only, indent):
    text = json.dumps(value, ensure_ascii=ascii_only, indent=indent)
    assert depth(text) == true_depth(value)
    assert loads(text) == value


@pytest.mark.parametrize(("text", "code"), [
    ("[" * MAX_DEPTH + "]" * MAX_DEPTH, None),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "too_deep"),
    ('{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1), "too_deep"),
    ("[" * 100_000, "too_deep"),  # unclosed: still refused before parsing
    ('"' + "[" * 100_000 + '"', None),  # brackets inside a string do not nest
    ('["\\"' + "[" * 100 + '"]', None),  # nor after an escaped quote
    ('"' + " " * (MAX_CHARS - 2) + '"', None),
    ('"' + " " * (MAX_CHARS - 1) + '"', "too_big"),
    ("", "bad_json"), ("{", "bad_json"), ("[1,]", "bad_json"), ("'a'", "bad_json"),
    ("NaN", "bad_json"), ("[Infinity]", "bad_json"), ("-Infinity", "bad_json"), ("1e999", "bad_json"),
    ("[-1e400]", "bad_json"), ("1" * 5000, "bad_json"),  # JavaScript could not read these back
    (b"\xff\xfe[]", "bad_json"), (b'"\xe8"', "bad_json"),  # not UTF-8
    (b"\xef\xbb\xbf[1]", None),  # a byte order mark is not an error
    (None, "bad_json"), (42, "bad_json"),
], ids=lambda v: repr(v)[:30] if not isinstance(v, str | bytes) or len(v) < 40 else f"{len(v)} chars")
def test_limits_and_refusals(text, code):
    if code is None:
        loads(text)
        return
    with pytest.raises(JsonError) as info:
        loads(text)
    assert info.value.code == code
    assert len(str(info.value)) <= 200 and "\n" not in str(info.value)


def test_bytes_are_limited_before_they_are_decoded():
    with pytest.raises(JsonError) as info:
        loads(b" " * (MAX_CHARS + 1))
    assert info.value.code == "too_big"


def test_limits_can_be_set_per_call():
    assert loads("[[1]]", max_depth=2) == [[1]]
    with pytest.raises(JsonError, match="more than 1 levels"):
        loads("[[1]]", max_depth=1)
    with pytest.raises(JsonError, match="too big"):
        loads("[1, 2]", max_chars=5)


@pytest.mark.parametrize("text", [
    '"' + '\\"' * 1_000_000,  # an unclosed string of escaped quotes: quadratic for a naive regex
    "[]" * 1_200_000,
    "[" * 2_400_000,
    '"a",' * 600_000,
    "\\" * 2_400_000,
], ids=["escaped-quotes", "flat-pairs", "open-brackets", "many-strings", "backslashes"])
def test_the_scan_is_linear(text):
    # Linear: well under a second here. Quadratic would be hours; the bound leaves room for a
    # machine loaded by parallel tests, not for a quadratic scan.
    start = time.perf_counter()
    jsonsafe.depth(text)
    assert time.perf_counter() - start < 20
