"""The one reader of the page's texts (static/strings/*.js) for every test that checks them.

A table file exports one object, `export const <CONCERN>_STRINGS = {`, with a block per language
(`  it: {` ... `  },`) of entries one a line, `    key: "text",`, a long text continued on lines
`      + "text"`; comments and blank lines may sit between. Any other line is an error, so a text
the reader cannot see cannot hide in a table (briscola/wording.py parses them). static/strings/lookup.js
merges every table."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from briscola.wording import HEAD, LANGS, parse  # the one reader, the command line's too (analyse --lang)

STATIC = Path(__file__).resolve().parents[2] / "static"
STRINGS = STATIC / "strings"


def table_files() -> list[str]:
    """The files of static/strings that hold a table (the others are the lookup's modules)."""
    return sorted(p.name for p in STRINGS.glob("*.js") if HEAD.search(p.read_text()))


@cache
def read(name: str) -> dict[str, dict[str, str]]:
    """The texts of static/strings/<name>."""
    return parse((STRINGS / name).read_text())


@cache
def all_texts() -> dict[str, dict[str, str]]:
    """Every text the page has, by language and key: the tables merged, as lookup.js merges them
    (a key in two tables would make one of them unreachable: refused here)."""
    merged: dict[str, dict[str, str]] = {lang: {} for lang in LANGS}
    where: dict[str, str] = {}
    for name in table_files():
        for lang, texts in read(name).items():
            merged.setdefault(lang, {}).update(texts)
        for key in read(name).get("it", {}):
            assert key not in where, f"{key} is in {where[key]} and in {name}"
            where[key] = name
    return merged
