"""The one reader of the page's texts (static/strings/*.js) for every test that checks them.

A table file exports one object, `export const <CONCERN>_STRINGS = {`, with a block per language
(`  it: {` ... `  },`) of entries one a line, `    key: "text",`, a long text continued on lines
`      + "text"`; comments and blank lines may sit between. Any other line is an error, so a text
the reader cannot see cannot hide in a table. static/strings/lookup.js merges every table."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "static"
STRINGS = STATIC / "strings"
LANGS = ("it", "en", "es")
HEAD = re.compile(r"^export const (\w+_STRINGS) = \{$", re.M)


def parse(source: str) -> dict[str, dict[str, str]]:
    """A table file's texts by language and key, in the file's order."""
    tables: dict[str, dict[str, str]] = {}
    lang = key = None
    heads = 0
    for n, line in enumerate(source.splitlines(), 1):
        if not line.strip() or line.strip().startswith("//"):
            continue
        if lang is None:
            if HEAD.match(line):
                heads += 1
            elif m := re.match(r"^  (\w\w): \{$", line):
                lang, key = m.group(1), None
                assert lang not in tables, f"line {n}: {lang} twice"
                tables[lang] = {}
            elif line != "};" and not re.match(r"^  \},?$", line):
                raise AssertionError(f"line {n} is not a table's head, a language's block or the end: {line!r}")
        elif re.match(r"^  \},?$", line):
            lang = key = None
        elif m := re.match(r'^    (\w+): ("(?:[^"\\]|\\.)*")(,| \+)?$', line):
            key = m.group(1)
            assert key not in tables[lang], f"line {n}: {key} twice in {lang}"
            tables[lang][key] = json.loads(m.group(2))
        elif m := re.match(r'^      \+ ("(?:[^"\\]|\\.)*")(,)?$', line):
            assert key, f"line {n}: a continuation without a key"
            tables[lang][key] += json.loads(m.group(1))
        else:
            raise AssertionError(f"line {n} is not `key: \"text\",` nor `+ \"text\"`: {line!r}")
    assert heads == 1, f"{heads} `export const <CONCERN>_STRINGS = {{` lines, not one"
    return tables


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
