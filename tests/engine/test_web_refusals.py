"""The page's boundary (briscola.web) names why a move is refused with a code the page words in
every language, so no engine English reaches the screen (issue 5, item 2)."""

from __future__ import annotations

from typing import Any

import pytest
from string_tables import LANGS, all_texts
from web_support import act_for, call, current, state_of

from briscola.actions import Draw, Exchange
from briscola.auction import RANK_BIDS

TEXTS = all_texts()  # every table of the page's texts (static/strings/*.js), merged as the page does


def new(variant: str, players: int, seed: int) -> dict[str, Any]:
    return state_of("new", {"variant": variant, "players": players, "seed": seed, "level": "principiante"})


def deal() -> Any:
    return current().match.deal


def first_legal(d: Any) -> dict[str, Any]:
    """The first legal action, preferring a draw to an exchange (so exchange windows stay open)."""
    legal = d.legal_actions()
    pick = next((a for a in legal if isinstance(a, Draw)), legal[0])
    return pick.to_json()


def advance_until(pred: Any, limit: int = 200) -> bool:
    for _ in range(limit):
        d = deal()
        if pred(d):
            return True
        if d.over:
            return False
        res = act_for(d.to_move, first_legal(d))
        assert res["ok"], res
    return False


def refusal(action: dict[str, Any], seat: int = 0) -> str:
    res = act_for(seat, action) if seat else call("act", action)
    assert res["ok"] is False
    return res["error"]["code"]


def test_not_your_turn_and_not_in_hand():
    new("classica", 2, 5)
    assert advance_until(lambda d: d.to_move == 1 and d.phase == "play")
    mine = deal().hands[0][0].code
    assert refusal({"play": mine}) == "not_your_turn"
    assert advance_until(lambda d: d.to_move == 0 and d.phase == "play")
    theirs = deal().hands[1][0].code
    assert refusal({"play": theirs}) == "not_in_hand"


@pytest.mark.parametrize("seed", range(40))
def test_a_refused_exchange_is_named(seed):
    """In Brisca's exchange window, offering a card the rules do not allow is 'exchange_refused'."""
    new("brisca", 2, seed)
    if not advance_until(lambda d: d.phase == "exchange" and d.to_move == 0):
        pytest.skip("no exchange window for the person in this deal")
    allowed = {a.card for a in deal().legal_actions() if isinstance(a, Exchange)}
    wrong = next(c for c in deal().hands[0] if c not in allowed)
    assert refusal({"exchange": wrong.code, "seat": 0}) == "exchange_refused"


def test_a_bid_that_does_not_beat_the_best_is_named():
    new("chiamata", 5, 1)
    first = deal().to_move
    assert act_for(first, RANK_BIDS[1].to_json())["ok"]
    assert refusal(RANK_BIDS[0].to_json(), seat=deal().to_move or 0) == "bid_refused"


def test_every_code_has_words_in_every_language():
    """Each refusal code the boundary can return is translated (static/strings/errors.js err_<code>)."""
    for code in ("not_your_turn", "not_in_hand", "exchange_refused", "bid_refused", "auction_first",
                 "call_first", "exchange_first", "deal_over", "match_over", "wrong_phase", "illegal"):
        assert all(f"err_{code}" in TEXTS[lang] for lang in LANGS), code


@pytest.mark.parametrize(("settings", "setting", "value", "choices"), [
    ({"variant": "tressette", "players": 2, "seed": 1}, "variant", "tressette",
     ["classica", "brisca", "biscambiggia", "chiamata"]),
    ({"variant": "classica", "players": 7, "seed": 1}, "players", 7, [2, 3, 4]),
    ({"variant": "chiamata", "players": 4, "seed": 1}, "players", 4, [5]),
    ({"variant": "classica", "players": "2", "seed": 1}, "players", "2", []),
    ({"variant": "classica", "players": 2, "seed": 1, "level": "maestro"}, "level", "maestro",
     ["principiante", "esperto", "campione"]),
    ({"variant": "classica", "players": 2, "seed": "abc"}, "seed", "abc", []),
    ({"variant": "classica", "players": 2, "seed": None}, "seed", None, []),
])
def test_a_bad_setting_is_named_with_its_choices(settings, setting, value, choices):
    """A ?new= link or a hand-made request with a setting that does not exist: the page gets which
    setting, the value asked and the values allowed, and words them itself (no engine English)."""
    err = call("new", settings)["error"]
    assert (err["code"], err["setting"], err["value"], err["choices"]) == ("bad_setting", setting, value, choices)
    assert err["detail"]  # the English, for the command line and the logs


@pytest.mark.parametrize(("variant", "players", "choices"), [
    ("brisca", 5, [2, 3, 4]), ("brisca", 1, [2, 3, 4]), ("classica", 9, [2, 3, 4]), ("chiamata", 4, [5]),
])
def test_a_player_count_the_game_does_not_have_names_the_game(variant, players, choices):
    """Issue 24: the page says "Brisca is played by 2, 3 or 4 players, not 5" (err_bad_players)."""
    err = call("new", {"variant": variant, "players": players, "seed": 1})["error"]
    assert (err["setting"], err["value"], err["choices"], err["variant"]) == ("players", players, choices, variant)


def test_brisca_for_three_starts():
    view = new("brisca", 3, 5)["view"]
    assert (view["variant"], view["players"], view["hand_sizes"], view["stock"]) == ("brisca", 3, [3, 3, 3], 30)
    assert view["options"].get("removed_two", "2S") == "2S" and "2S" not in view["hand"]


def test_a_bad_setting_has_words_in_every_language():
    for key in ("err_bad_setting", "err_bad_number", "err_bad_players", "seed_setting"):
        assert all(key in TEXTS[lang] for lang in LANGS), key


def test_every_reason_for_damaged_data_has_words_in_every_language():
    """Why a save, a record, the statistics or a tournament is damaged (the error's ``reason``, one
    of briscola.errors.REASONS) is worded by the page: static/strings/errors.js reason_<code>, in it, en, es
    (issue 11, row 12). tests/engine/test_outside_data.py checks the list is what the engine raises."""
    from briscola.errors import REASONS

    for code in REASONS:
        assert all(f"reason_{code}" in TEXTS[lang] for lang in LANGS), code


def test_the_chiamata_contract_is_sent_once_the_auction_is_won():
    """The page shows the caller's target during play ("chiama il due a 73"), not only at the end."""
    state = new("chiamata", 5, 1)
    assert "contract" not in state  # the auction is still open
    first = deal().to_move
    assert act_for(first, {"bid": "2", "points": 73})["ok"]
    while deal().phase == "auction":
        res = act_for(deal().to_move, {"pass": True})
        assert res["ok"], res
    assert res["state"]["contract"] == {"caller": first, "target": 73}
    new("chiamata", 5, 2)
    assert act_for(deal().to_move, {"bid": "K"})["ok"]
    while deal().phase == "auction":
        res = act_for(deal().to_move, {"pass": True})
    assert res["state"]["contract"]["target"] == 60  # no raise: 60 is enough (60-60 goes to the caller)
