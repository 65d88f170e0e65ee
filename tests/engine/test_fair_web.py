"""The fair table's operations through the page's one API (briscola/web_fair.py): a fair match (op
``new`` with ``fair: {k, plays}`` and its ``viewer``) settled deal by deal on the rebuilt deck, a
deck that contradicts a card read, and bad input answered, never raised. Whole matches among pages
are tests/engine/test_fair_match.py's."""

from __future__ import annotations

import json
import random
from typing import Any

from fair_pages import Table

from briscola.save import load_match
from briscola.web import call


def ask(op: str, arg: Any = None) -> dict[str, Any]:
    return json.loads(call(op, json.dumps(arg)))


FAIR = {"variant": "classica", "players": 2, "people": [0, 1], "online": True, "seed": 5, "viewer": 1,
        "fair": {"k": "a1", "plays": [0, 1]}}


def test_a_fair_deal_through_the_api_is_settled_in_the_match_and_its_save() -> None:
    rng = random.Random(3)
    table = Table("classica", 2, [0, 1], rng)
    table.play_deal(rng)
    guest = table.pages[1]
    save = json.loads(guest.save)
    assert save["decks"] == [[c.code for c in table.deck]] and save["deals"][0] and "deal" not in save["fair"] or \
        save["fair"]["deal"] is None
    match = load_match(guest.save)
    assert match.deal.over and [c.code for c in match.decks[0]] == [c.code for c in table.deck]
    assert guest.state["status"] in ("deal-over", "match-over") and guest.state["view"]["seat"] == 1


def test_a_rebuilt_deck_that_contradicts_what_was_read_is_a_mismatch() -> None:
    out = ask("new", FAIR)
    mine = [o["pos"] for o in out["result"]["fair"]["opens"] if o["holder"] == 1]
    ask("fair_step", {"shown": [{"pos": mine[0], "card": "AD"}]})
    deck = [c for c in out["result"]["fair"]["cards"]]  # AD at position 0
    if mine[0] == 0:
        deck[0], deck[1] = deck[1], deck[0]
    out = ask("fair_verify", {"deck": deck})
    assert out["error"]["code"] == "deal_mismatch" and out["error"]["params"]["why"] == "false_card"


def test_a_fair_table_is_an_online_persons_page() -> None:
    for settings in ({**FAIR, "viewer": 3}, {**FAIR, "online": False}, {**FAIR, "fair": {"k": "", "plays": [0, 1]}},
                     {**FAIR, "fair": {"k": "a", "plays": [0, 2]}}):
        out = ask("new", settings)
        assert out["ok"] is False and "error" in out, settings


def test_bad_input_is_answered_never_raised() -> None:
    ask("new", FAIR)
    for op, arg in (("fair_step", {"shown": "x"}), ("fair_step", {"steps": [{"seat": "x"}]}),
                    ("fair_step", {"shown": [{"pos": True, "card": "AD"}]}), ("fair_verify", {"deck": ["AD"]}),
                    ("fair_void", {"k": 3}), ("next_deal", {"fair": {"k": "b", "plays": [0, 1]}})):
        out = ask(op, arg)
        assert out["ok"] is False and "error" in out, (op, arg, out)
    ask("new", {"variant": "classica", "players": 2, "seed": 1})
    assert ask("fair_step", {})["error"]["code"] == "not_fair"


def test_no_stand_in_card_is_drawn_before_the_page_has_read_its_cards() -> None:
    """Until its cards are read the page's engine deals stand-ins in their place: the view shows no
    face-up card and of its hand only the cards read (no stand-in), then every card read; ``{k,
    here}`` works ``plays`` out on every page."""
    out = ask("new", {**FAIR, "fair": {"k": "a2", "here": [0, 1]}})
    view, fair = out["state"]["view"], out["result"]["fair"]
    assert fair["plays"] == [0, 1] and not fair["ready"]
    assert view["hand"] == [] and view["trump"] is None
    mine = [o["pos"] for o in fair["opens"] if o["holder"] in (None, 1)]
    held = [o["pos"] for o in fair["opens"] if o["holder"] == 1]
    out = ask("fair_step", {"shown": [{"pos": held[1], "card": "QS"}]})  # one card of its hand read
    assert not out["result"]["fair"]["ready"] and out["state"]["view"]["hand"] == ["QS"]
    deck = ["AD", "3D", "KD", "4C", "2S", "7B", "6C"]  # cards for the positions read, in order
    read = {held[1]: "QS"}
    for p in mine:
        read.setdefault(p, deck.pop(0))
    out = ask("fair_step", {"shown": [{"pos": p, "card": c} for p, c in read.items()]})
    view = out["state"]["view"]
    assert out["result"]["fair"]["ready"] and len(view["hand"]) == 3 and view["trump"] in read.values()
