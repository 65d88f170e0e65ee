"""The page's words read from its own tables (static/strings/*.js), for the command line (issue 34).

``python3 -m briscola analyse --lang it|en|es`` says each costly moment as the page says it: the same
texts (the page's tables, never a copy), filled the way static/strings/lookup.js fills them, cards
named with their article as in the Neapolitan deck's words ("l'Asso di bastoni"). A table file
exports one object, ``export const <CONCERN>_STRINGS = {``, with a block per language (``  it: {``
... ``  },``) of entries one a line, ``    key: "text",``, a long text continued on lines
``      + "text"``; comments and blank lines may sit between (tests/engine/string_tables.py reads
every table with :func:`parse` too).

>>> words = Words("it")
>>> words.the_card("AB"), words.the_card("2D"), Words("es").the_card("JC")
("l'Asso di bastoni", 'il Due di denari', 'la Sota de copas')
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

STRINGS = Path(__file__).resolve().parent.parent / "static" / "strings"
LANGS = ("it", "en", "es")
HEAD = re.compile(r"^export const (\w+_STRINGS) = \{$", re.M)


def parse(source: str) -> dict[str, dict[str, str]]:
    """A table file's texts by language and key, in the file's order; ValueError on any other line."""
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
                _need(lang not in tables, f"line {n}: {lang} twice")
                tables[lang] = {}
            elif line != "};" and not re.match(r"^  \},?$", line):
                raise ValueError(f"line {n} is not a table's head, a language's block or the end: {line!r}")
        elif re.match(r"^  \},?$", line):
            lang = key = None
        elif m := re.match(r'^    (\w+): ("(?:[^"\\]|\\.)*")(,| \+)?$', line):
            key = m.group(1)
            _need(key not in tables[lang], f"line {n}: {key} twice in {lang}")
            tables[lang][key] = json.loads(m.group(2))
        elif m := re.match(r'^      \+ ("(?:[^"\\]|\\.)*")(,)?$', line):
            _need(key is not None, f"line {n}: a continuation without a key")
            tables[lang][key] += json.loads(m.group(1))  # type: ignore[index]
        else:
            raise ValueError(f"line {n} is not `key: \"text\",` nor `+ \"text\"`: {line!r}")
    _need(heads == 1, f"{heads} `export const <CONCERN>_STRINGS = {{` lines, not one")
    return tables


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise ValueError(message)


class Words:
    """The texts of one language from the page's tables (``files`` of static/strings)."""

    def __init__(self, lang: str, files: tuple[str, ...] = ("cards.js", "analysis.js")) -> None:
        if lang not in LANGS:
            raise ValueError(f"no words in {lang!r} (one of {', '.join(LANGS)})")
        self.texts: dict[str, str] = {}
        self.italian: dict[str, str] = {}
        for name in files:
            tables = parse((STRINGS / name).read_text(encoding="utf-8"))
            self.texts.update(tables.get(lang, {}))
            self.italian.update(tables.get("it", {}))

    def t(self, key: str, params: dict[str, Any] | None = None) -> str:
        """The text of ``key`` (else the Italian, else the key), its {placeholders} filled."""
        text = self.texts.get(key, self.italian.get(key, key))
        params = params or {}
        return re.sub(r"\{(\w+)\}", lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), text)

    def the_card(self, code: str) -> str:
        """A card with its article, as lookup.js's theCard says it with the Neapolitan deck."""
        name = self.t("card_name", {"rank": self.t(f"rank_{code[0]}"), "suit": self.t(f"suit_{code[1]}")})
        key = f"card_the_{code[0]}"
        return self.t(key if key in self.italian else "card_the", {"card": name})

    def moment(self, move: dict[str, Any]) -> str:
        """A costly move's sentence, as analysis-view.js's momentText words it."""
        def worded(params: dict[str, Any]) -> dict[str, Any]:
            return {k: self.the_card(v) if k in ("card", "played") else v for k, v in params.items()}

        parts = [self.t(f"analysis_{p['key']}", worded(p["params"])) for p in move["said"]]
        return " ".join([self.t("analysis_head", {"n": move["trick"]}), *parts])


__all__ = ["LANGS", "Words", "parse"]
