"""Every page module's own texts (static/strings/*.js) exist in Italian, English and Spanish with the
same keys and the same placeholders: a text missing in one language, or a {name} only some have,
would show a key or a hole to the player."""

from __future__ import annotations

import re

import pytest
from test_rules_text import STATIC, parse

# tournament-strings.js is laid out otherwise (lines rules-text.js's reader does not take).
FILES = ["strings/chiamata.js", "strings/clock.js", "strings/online.js", "strings/pnp.js", "strings/rituals.js"]


@pytest.mark.parametrize("name", FILES)
def test_the_same_keys_and_placeholders_in_every_language(name: str) -> None:
    texts = parse((STATIC / name).read_text())
    assert set(texts) == {"it", "en", "es"}
    for lang in ("en", "es"):
        assert texts[lang].keys() == texts["it"].keys(), lang
        for key, text in texts["it"].items():
            assert set(re.findall(r"\{\w+\}", texts[lang][key])) == set(re.findall(r"\{\w+\}", text)), (lang, key)
