"""Pass-and-play's texts (static/strings/pnp.js) exist in Italian, English and Spanish with the
same keys and placeholders, and the engine's refusal of a handover has words (the page shows
err_<code>; the engine's English never reaches the screen)."""

from __future__ import annotations

import json
import re

from string_tables import STATIC, read

from briscola import web

TEXTS = read("pnp.js")


def test_every_summary_winner_has_its_words_for_one_and_for_several():
    """dialogs.js names the winner at a shared screen with a key and its `_pl` (a side of several)."""
    keys = re.findall(r'namedWin\("(\w+)"', (STATIC / "screens/dialogs.js").read_text())
    assert keys
    for lang, texts in TEXTS.items():
        for key in keys:
            for form in (key, f"{key}_pl"):
                assert set(re.findall(r"\{\w+\}", texts[form])) == {"{side}", "{a}", "{b}"}, (lang, form)


def test_a_handover_to_the_computer_has_words():
    def op(name: str, arg: object = None) -> dict:
        return json.loads(web.call(name, json.dumps(arg)))

    op("new", {"variant": "classica", "players": 4, "seed": 3, "people": [0, 2], "names": [None, None, "Marco", None]})
    code = op("view", {"seat": 1})["error"]["code"]
    assert code == "not_a_person"
    assert all(f"err_{code}" in TEXTS[lang] for lang in TEXTS)
    assert op("view", {"seat": 2})["state"]["viewer"] == 2
