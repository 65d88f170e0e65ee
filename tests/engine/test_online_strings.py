"""Online tables' texts (static/strings/online.js) exist in Italian, English and Spanish with the
same keys and placeholders, and what the host's engine refuses a guest has words on his page (the
page shows err_<code>; the engine's English never reaches the screen)."""

from __future__ import annotations

import json

from string_tables import read

from briscola import web

TEXTS = read("online.js")
OTHERS = [read("pnp.js")]



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
