"""The rules screen's texts (static/strings/rules-text.js) say the same in Italian, English and Spanish:
the same keys, the same page labels quoted ({name}), the same lists and the same bold terms, and
every key rules.js asks for exists (issue 13)."""

from __future__ import annotations

import re

import pytest
from string_tables import LANGS, STATIC, all_texts, read


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


def test_the_page_labels_quoted_exist_in_every_language(tables):
    """A {name} in a text is filled by rules.js with the page's own label (a key of the page's
    other tables): it must be one rules.js passes, and exist in all three languages."""
    rules_js = (STATIC / "screens/rules.js").read_text()
    passed = set(re.findall(r'"(\w+)"', re.search(r"const LABELS = \[(.*?)\];", rules_js, re.S).group(1)))
    quoted = {name for text in tables["it"].values() for name in re.findall(r"\{(\w+)\}", text)}
    assert quoted <= passed, sorted(quoted - passed)
    for name in passed:
        assert all(name in all_texts()[lang] and name not in tables[lang] for lang in LANGS), name


def test_every_key_rules_js_asks_for_exists(tables):
    """rules.js names its texts as ru_<key> in SECTIONS, ru_h_<topic> for the headings and a few
    literals; each must be in the Italian table (and so, by the test above, in all three)."""
    rules_js = (STATIC / "screens/rules.js").read_text()
    sections = rules_js[rules_js.index("const MATCH_END"):rules_js.index("// The page's own labels")]
    lists = re.findall(r'\[((?:"\w+"(?:, )?)+)(?:, \.\.\.\w+)?\]', sections)  # ["a", "b"], ["a", ...REST]
    keys = {f"ru_{k}" for items in lists for k in re.findall(r'"(\w+)"', items)}
    topics = set(re.findall(r'\["(\w+)", (?:\[|game)', sections))
    keys |= {f"ru_h_{topic}" for topic in topics}
    keys |= set(re.findall(r'"(ru_\w+)"', rules_js))
    keys |= {f"ru_rank_{r}_fr" for r in "JQK"}
    missing = sorted(k for k in keys if k not in tables["it"])
    assert not missing, missing
    assert {"classica", "brisca", "biscambiggia", "chiamata"} <= set(re.findall(r"^  (\w+): \[$", sections, re.M))
