"""Online tables' texts (static/strings/online.js) exist in Italian, English and Spanish with the
same keys and placeholders, and what the host's engine refuses a guest has words on his page (the
page shows err_<code>; the engine's English never reaches the screen)."""

from __future__ import annotations

import json

from string_tables import read

from briscola import web

TEXTS = read("online.js")
OTHERS = [read("pnp.js")]
ERRORS = read("errors.js")



def test_a_guest_refused_by_the_host_is_told_why_in_words():
    def op(name: str, arg: object = None) -> dict:
        return json.loads(web.call(name, json.dumps(arg)))

    op("new", {"variant": "classica", "players": 2, "seed": 3, "people": [0, 1], "online": True, "room": "abcdefgh12"})
    op("away", {"seat": 1, "on": True})
    codes = {op("seat_act", {"seat": 1, "action": {"play": "AD"}})["error"]["code"]}
    op("away", {"seat": 1, "on": False})
    codes.add(op("seat_act", {"seat": 0, "action": {"play": "AD"}})["error"]["code"])
    assert codes == {"away", "not_a_person"}
    for code in codes:
        assert all(f"err_{code}" in {**TEXTS[lang], **OTHERS[0][lang]} for lang in TEXTS), code


def test_a_move_a_fair_tables_page_refuses_is_told_why_in_words():
    """A fair table's page refuses a move of a seat it does not play, or out of turn; another page's
    step that does not add up is "la smazzata non torna"."""
    def op(name: str, arg: object = None) -> dict:
        return json.loads(web.call(name, json.dumps(arg)))

    op("new", {"variant": "classica", "players": 2, "seed": 3, "people": [0, 1], "online": True, "room": "abcdefgh12",
               "viewer": 1, "fair": {"k": "s1", "plays": [0, 1]}})
    code = op("act", {"play": "AD"})["error"]["code"]
    bad = op("fair_step", {"steps": [{"by": 0, "sn": 0, "seat": 1, "action": {"play": "AD"}, "pos": 0}]})
    assert bad["error"]["reason"] == "deal_mismatch"
    assert all(f"err_{code}" in {**TEXTS[lang], **OTHERS[0][lang], **ERRORS[lang]} for lang in TEXTS), code
