"""Every table of the page's texts (static/strings/*.js) is in one layout, exists in Italian,
English and Spanish with the same keys and the same placeholders, and reaches the page: a text
missing in one language, or a {name} only some have, would show a key or a hole to the player."""

from __future__ import annotations

import re

import pytest
from string_tables import LANGS, STRINGS, all_texts, read, table_files

# The modules that word things rather than hold a table (the entry point re-exports them all).
WORDING = ("lookup.js", "translate.js", "tournament-names.js")


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


def test_the_lookup_merges_every_table_and_no_key_is_in_two():
    lookup = (STRINGS / "lookup.js").read_text()
    merged = re.search(r"for \(const table of \[(.*?)\]\) \{", lookup, re.S).group(1)
    merged = re.findall(r"\w+", merged)
    for name in table_files():
        const = re.search(r"^export const (\w+) = \{$", (STRINGS / name).read_text(), re.M).group(1)
        assert f'import {{ {const} }} from "./{name}";' in lookup, name
        assert merged.count(const) == 1, (name, const)
    assert len(merged) == len(table_files())
    assert len(all_texts()["it"]) > 600  # every key once (all_texts refuses a key in two tables)


def test_the_entry_point_exports_the_lookup_and_the_translation():
    """Modules import the page's words from strings/i18n.js alone: whatever lookup.js,
    translate.js and tournament-names.js export, it exports."""
    entry = (STRINGS / "i18n.js").read_text()
    exported = set(re.findall(r"\w+", "".join(re.findall(r"export \{(.*?)\} from", entry, re.S))))
    for module in WORDING:
        own = set(re.findall(r"^export (?:function|const) (\w+)", (STRINGS / module).read_text(), re.M))
        assert own and own <= exported, (module, sorted(own - exported))
