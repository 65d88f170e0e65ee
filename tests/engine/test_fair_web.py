"""The fair deal through the page's one API (briscola/web_fair.py): a fair table's match (op ``new``
with ``fair``) whose deal this page's engine follows from what it reads, settled at its end on the
rebuilt deck; the save keeps the checked deck, and loads."""

from __future__ import annotations

import json
import random
from typing import Any

from briscola.actions import Play
from briscola.fair import FairDeal
from briscola.save import load_match
from briscola.state import shuffled_deck
from briscola.variants import Rules
from briscola.web import call


def ask(op: str, arg: Any = None) -> dict[str, Any]:
    return json.loads(call(op, json.dumps(arg)))


def test_a_fair_deal_followed_through_the_api_is_settled_in_the_match_and_its_save() -> None:
    rules = Rules.make("classica", 2)
    deck = shuffled_deck(rules, random.Random(3))
    out = ask("new", {"variant": "classica", "players": 2, "people": [0, 1], "online": True, "fair": True, "seed": 5})
    assert out["ok"] and json.loads(out["save"])["decks"] == []
    dealer = out["state"]["view"]["dealer"]
    other = FairDeal(rules, dealer, 1, (0, 1))  # the other page, in memory
    answer = ask("fair_begin", {"variant": "classica", "players": 2, "dealer": dealer, "page": 0, "pages": [0, 1]})
    rng = random.Random(1)
    while True:
        res = answer["result"]
        assert [o.to_json() for o in other.needs()] == res["open"], "both pages open the same"
        shown = [{"pos": o["pos"], "card": deck[o["pos"]].code} for o in res["open"] if o["holder"] in (None, 0)]
        for o in res["open"]:
            if o["holder"] in (None, 1):
                other.show(o["pos"], deck[o["pos"]])
        if res["over"]:
            break
        answer = ask("fair_step", {"shown": shown})
        res = answer["result"]
        seat = res["to_move"]
        if seat == 0:
            card = rng.choice(res["views"]["0"]["hand"])
            pos = next(p for p, c in enumerate(deck) if c.code == card)
            other.show(pos, deck[pos])
            other.act(0, Play(deck[pos]), pos, by=0)
            answer = ask("fair_step", {"steps": [{"seat": 0, "action": {"play": card}, "pos": pos}]})
        else:
            action = rng.choice(other.deal.legal_actions())
            pos = other._position(action.card)
            other.act(1, action, pos)
            answer = ask("fair_step", {"shown": [{"pos": pos, "card": action.card.code}],
                                       "steps": [{"seat": 1, "action": action.to_json(), "pos": pos, "by": 1}]})
        assert answer["ok"], answer
    out = ask("fair_verify", {"deck": [c.code for c in deck]})
    assert out["ok"] and out["result"]["record"]["deck"] == [c.code for c in deck]
    save = json.loads(out["save"])
    assert save["decks"] == [[c.code for c in deck]] and save["deals"][0]
    match = load_match(out["save"])
    assert match.deal.over and [c.code for c in match.deal.deck] == [c.code for c in deck]
    assert out["state"]["status"] in ("deal-over", "match-over")


def test_a_rebuilt_deck_that_contradicts_what_was_read_is_a_mismatch() -> None:
    ask("fair_begin", {"variant": "classica", "players": 2, "dealer": 0, "page": 0, "pages": [0, 1]})
    ask("fair_step", {"shown": [{"pos": 1, "card": "AD"}]})
    deck = [c.code for c in Rules.make("classica", 2).deck]  # AD at position 0, not 1
    out = ask("fair_verify", {"deck": deck})
    assert out["error"]["code"] == "deal_mismatch" and out["error"]["params"]["why"] == "false_card"


def test_bad_input_is_answered_never_raised() -> None:
    for op, arg in (("fair_step", {"shown": "x"}), ("fair_begin", {"variant": "classica", "players": 2}),
                    ("fair_begin", {"variant": "classica", "players": 2, "dealer": 0, "page": 1, "pages": [0, 0]}),
                    ("fair_verify", {"deck": ["AD"]}), ("fair_step", {"steps": [{"seat": "x"}]})):
        out = ask(op, arg)
        assert out["ok"] is False and "error" in out, (op, arg, out)
