"""The turn loop's contract with the page, read from the source (issue 38): the hooks typed in
static/table/turns.js (`TurnHooks`) are exactly those it and its drawing half (turn-view.js) call
and those app.js passes to `initTurns`, and the turn line `#turn` has one writer, static/table/chrome.js."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"


def top_level_keys(obj: str) -> set[str]:
    """The keys of an object literal's text (between its braces): `a, b: x, c: (y) => { ... }`."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(obj):
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(obj[start:i])
            start = i + 1
    parts.append(obj[start:])
    return {re.match(r"\s*(\w+)", p).group(1) for p in parts if p.strip()}


def passed_hooks(app: str) -> set[str]:
    start = app.index("turns.initTurns({") + len("turns.initTurns({")
    depth, i = 1, start
    while depth:
        depth += {"{": 1, "}": -1}.get(app[i], 0)
        i += 1
    return top_level_keys(app[start:i - 1])


def test_top_level_keys_reads_shorthand_and_nested_values() -> None:
    assert top_level_keys(" a, b: (x) => { f(x, 1); }, c: [1, 2], d ") == {"a", "b", "c", "d"}


def test_every_hook_typed_is_used_and_passed_and_no_other() -> None:
    turns = (STATIC / "table" / "turns.js").read_text()
    typedef = turns[turns.index("@typedef {object} TurnHooks"):turns.index("let hooks")]
    typed = set(re.findall(r"@property \{.*?\} (\w+)", typedef))
    drawing = (STATIC / "table" / "turn-view.js").read_text()  # the loop's drawing half, handed the hooks
    used = set(re.findall(r"\bhooks\.(\w+)", turns + drawing))
    passed = passed_hooks((STATIC / "app.js").read_text())
    assert typed == used == passed, {"typed only": typed - used - passed, "used not typed": used - typed,
                                     "passed not typed": passed - typed, "typed not passed": typed - passed}


def test_the_turn_line_has_one_writer() -> None:
    """Whatever writes the text of `#turn` (by id, or through a variable holding it) is chrome.js."""
    writers = set()
    for path in STATIC.rglob("*.js"):
        if "vendor" in path.parts:
            continue
        text = path.read_text()
        held = re.findall(r"(?:const|let) (\w+) = document\.getElementById\(\"turn\"\)", text)
        direct = r"(?:\$\(\"turn\"\)|document\.getElementById\(\"turn\"\))"
        if any(re.search(rf"(?:{direct}|\b{name})\.(?:textContent|innerHTML|innerText)\s*=[^=]", text)
               for name in [*held, r"(?!)"]):
            writers.add(path.relative_to(STATIC).as_posix())
    assert writers == {"table/chrome.js"}
