"""The rituals' texts (static/strings/rituals.js) exist in Italian, English and Spanish with the
same keys and the same placeholders, and every refusal the engine gives a cut has words (the page
shows err_<code>; the engine's English never reaches the screen)."""

from __future__ import annotations

import json

from string_tables import read

from briscola import web

TEXTS = read("rituals.js")



def test_every_refusal_of_a_cut_has_words():
    def op(name: str, arg: object = None) -> dict:
        return json.loads(web.call(name, json.dumps(arg)))

    # Seed 2: seat 1 deals, the person cuts.
    op("new", {"variant": "classica", "players": 2, "seed": 2, "format": {"kind": "punti", "cut": True}})
    codes = {op("act", {"cut": 2})["error"]["code"], op("act", {"play": "AD"})["error"]["code"]}
    assert codes == {"cut_refused", "cut_first"}
    for code in codes:
        assert all(f"err_{code}" in TEXTS[lang] for lang in TEXTS), code
