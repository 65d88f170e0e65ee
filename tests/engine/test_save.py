"""Saving and loading whole matches: round trips, and refusal of bad data."""

from __future__ import annotations

import json
import random

import pytest

from briscola.errors import SaveError
from briscola.match import Match, MatchFormat
from briscola.record import replay
from briscola.save import _digest, load_match, match_records, save_match
from briscola.variants import TABLES, Rules


def played(variant: str, players: int, seed: int, steps: int) -> Match:
    m = Match.new(Rules.make(variant, players), seed=seed, meta={"human": 0, "level": "esperto"})
    rng = random.Random(seed)
    for _ in range(steps):
        if m.over:
            break
        if m.deal.over:
            m.next_deal()
        else:
            m.apply(rng.choice(m.deal.legal_actions()))
    return m


def state(m: Match) -> tuple:
    return (m.seed, m.kinds, [d.history for d in m.deals], [d.deck for d in m.deals], m.result(), m.meta)


@pytest.mark.parametrize("variant, players", TABLES)
@pytest.mark.parametrize("steps", [0, 7, 50, 400])
def test_round_trip(variant, players, steps):
    m = played(variant, players, seed=steps + players, steps=steps)
    assert state(load_match(save_match(m))) == state(m)


def test_round_trip_after_abandon():
    m = played("classica", 2, 1, 9)
    m.abandon(1)
    loaded = load_match(save_match(m))
    assert loaded.abandoned == (1, False) and loaded.result() == m.result()


def test_records_of_a_match_replay_to_the_same_deals():
    m = played("brisca", 2, 5, 200)
    for record, deal in zip(match_records(m), m.deals, strict=True):
        assert replay(record).tricks == deal.tricks


def _resealed(data: dict) -> str:
    data["digest"] = _digest(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "tamper, message",
    [
        pytest.param(lambda d: d.update(seed=d["seed"] + 1), "altered", id="edited without resealing"),
        pytest.param(lambda d: d["deals"][0].append({"play": "AD"}) or _resealed(d), "deal 0", id="illegal action"),
        pytest.param(lambda d: d.update(variant="poker") or _resealed(d), "settings", id="unknown variant"),
        pytest.param(lambda d: d.update(players=7) or _resealed(d), "settings", id="bad player count"),
        pytest.param(lambda d: d.update(format="briscola-match/9") or _resealed(d), "format", id="other version"),
        pytest.param(lambda d: d.pop("meta") and _resealed(d), "fields", id="missing field"),
        pytest.param(lambda d: d.update(deals=[]) or _resealed(d), "no deals", id="no deals"),
        pytest.param(lambda d: d.update(deals=[[], []]) or _resealed(d), "deal 1", id="next deal before the end"),
        pytest.param(lambda d: d.update(abandoned={"seat": 9, "timeout": False}) or _resealed(d), "abandoned",
                     id="abandon by no seat"),
    ],
)
def test_tampered_saves_are_refused(tamper, message):
    data = json.loads(save_match(played("classica", 2, 3, 5)))
    out = tamper(data)
    text = out if isinstance(out, str) else json.dumps(data)
    with pytest.raises(SaveError, match=message):
        load_match(text)


@pytest.mark.parametrize("text", ["", "{", "null", "[]", '"x"', "1e999", '{"format": "briscola-match/1"}'])
def test_garbage_is_refused(text):
    with pytest.raises(SaveError):
        load_match(text)


def test_format_round_trip():
    fmt = MatchFormat("smazzate", 5, replay_ties=True, knockout=True)
    assert MatchFormat.from_dict(fmt.to_dict()) == fmt


def test_a_declined_exchange_is_kept_by_the_save():
    """Brisca: a match saved right after the person declined the exchange loads with the cards drawn
    (before, the save left the decline implicit and the load asked the question again), while the
    match's record still leaves it out (RECORD.md)."""
    from briscola.actions import Draw
    from briscola.record import actions_json

    declined = 0
    for seed in range(40):
        m = Match.new(Rules.make("brisca", 2), seed=seed)
        while not m.deal.over:
            legal = m.deal.legal_actions()
            draw = next((a for a in legal if isinstance(a, Draw)), None)
            m.apply(draw or legal[0])
            if draw is not None:
                declined += 1
                loaded = load_match(save_match(m))
                assert loaded.deal.phase == m.deal.phase and loaded.deal.hands == m.deal.hands
                assert loaded.deal.declined == m.deal.declined
                assert {"draw": True} not in actions_json(m.deal, save=False)
    assert declined > 0
