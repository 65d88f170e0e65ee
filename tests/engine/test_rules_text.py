"""The rules screen's texts (static/strings/rules-text.js) say the same in Italian, English and Spanish:
the same keys, the same page labels quoted ({name}), the same lists and the same bold terms (issue 13).
That every key rules.js asks for exists, and every label it quotes is the page's own text, is
tests/js/strings.test.mjs's (the rules' markup rendered in Node)."""

from __future__ import annotations

import re

import pytest
from string_tables import LANGS, read


@pytest.fixture(scope="module")
def tables() -> dict[str, dict[str, str]]:
    return read("rules-text.js")


def shape(text: str) -> tuple[int, int, int]:
    """Paragraphs, list items and bold terms: what a translation must keep."""
    lines = text.split("\n")
    return (sum(not ln.startswith("- ") for ln in lines), sum(ln.startswith("- ") for ln in lines), text.count("**"))


def test_the_three_languages_have_the_same_keys(tables):
    assert set(tables) == set(LANGS)
    for lang in ("en", "es"):
        assert tables[lang].keys() == tables["it"].keys(), (
            lang, sorted(tables["it"].keys() ^ tables[lang].keys()))


def test_no_text_is_empty_or_left_untranslated(tables):
    for lang in LANGS:
        for key, text in tables[lang].items():
            assert text.strip(), (lang, key)
    same = [k for k, v in tables["en"].items() if v == tables["it"][k] and len(v) > 12]
    assert not same, f"English texts identical to the Italian: {same}"


def test_each_text_quotes_the_same_page_labels(tables):
    for key, text in tables["it"].items():
        want = sorted(re.findall(r"\{(\w+)\}", text))
        for lang in ("en", "es"):
            assert sorted(re.findall(r"\{(\w+)\}", tables[lang][key])) == want, (lang, key)


def test_each_text_has_the_same_paragraphs_lists_and_bold_terms(tables):
    for key, text in tables["it"].items():
        assert text.count("**") % 2 == 0, key
        for lang in ("en", "es"):
            assert shape(tables[lang][key]) == shape(text), (lang, key, shape(tables[lang][key]), shape(text))
