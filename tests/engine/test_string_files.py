"""Every table of the page's texts (static/strings/*.js) is in one layout and exists in Italian,
English and Spanish with the same keys and the same placeholders: a text missing in one language,
or a {name} only some have, would show a key or a hole to the player. That every table reaches the
page (lookup.js merges it, no key in two, strings/i18n.js exports the lookup) is
tests/js/strings.test.mjs's, on the modules themselves."""

from __future__ import annotations

import re

import pytest
from string_tables import LANGS, STRINGS, read, table_files

# The modules that word things rather than hold a table (the entry point re-exports them all).
WORDING = ("lookup.js", "later-texts.js", "translate.js", "tournament-names.js", "numbers.js", "explain.js")


def test_every_file_but_the_entry_and_the_wording_is_a_table():
    assert len(table_files()) > 10
    assert set(p.name for p in STRINGS.glob("*.js")) - set(table_files()) == {"i18n.js", *WORDING}


@pytest.mark.parametrize("name", table_files())
def test_the_same_keys_and_placeholders_in_every_language(name: str) -> None:
    texts = read(name)
    assert tuple(texts) == LANGS
    for lang in ("en", "es"):
        assert texts[lang].keys() == texts["it"].keys(), (lang, sorted(texts[lang].keys() ^ texts["it"].keys()))
        for key, text in texts["it"].items():
            assert set(re.findall(r"\{\w+\}", texts[lang][key])) == set(re.findall(r"\{\w+\}", text)), (lang, key)
            assert texts[lang][key].strip(), (lang, key)


def _page_code() -> str:
    """The page's code that asks for texts: every module but the tables, and index.html."""
    root = STRINGS.parents[1]
    modules = [p for p in (root / "static").rglob("*.js")
               if (p.parent != STRINGS or p.name in WORDING) and p.name != "rules-data.js"]  # (generated)
    return "\n".join(p.read_text() for p in modules) + (root / "index.html").read_text()


def test_every_text_is_asked_for() -> None:
    """A text no code asks for is a dead one (issue 24: `caller_target`): each key is named in the
    page's code (t("key"), data-i18n="key"), quoted by another text ({key}), or built by the code
    from a prefix or suffix it writes (`v_${variant}`, `${key}_you`, "_partner")."""
    code = _page_code()
    texts = {k for name in table_files() for k in read(name)["it"]}
    quoted = {k for name in table_files() for text in read(name)["it"].values() for k in re.findall(r"\{(\w+)\}", text)}
    prefixes = tuple(set(re.findall(r"`(\w+_)\$\{", code)) | set(re.findall(r"[\"'](\w+_)[\"'] *\+", code)))
    suffixes = tuple(set(re.findall(r"\}(_\w+)`", code)) | set(re.findall(r"[\"'](_[a-z]+)[\"']", code)))
    assert "v_" in prefixes and "_you" in suffixes  # the code's built keys are seen
    words = set(re.findall(r"\w+", code))  # a key is a word of the code (one pass, not a search per key)
    dead = sorted(k for k in texts - quoted if k not in words
                  and not k.startswith(prefixes) and not k.endswith(suffixes))
    assert not dead, f"texts no code asks for: {dead}"
