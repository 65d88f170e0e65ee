"""Saves and tournaments made before issue 12 (the rituals, the clock, the tournament shapes)
load and replay identically: fixtures/saves-before-issue-12.json holds them with what the code
of that time made of them (its state JSON, its records, its tournament views), written by that
code (commit c8c1bca) from seeded random play: ten tables, mid-match and finished, some abandoned
or timed out, one in a knock-out format; tournaments in the group, between the semi-finals, and
before the final."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from briscola import session, web
from briscola.record import Record
from briscola.save import load_match

OLD = json.loads((Path(__file__).parent / "fixtures" / "saves-before-issue-12.json").read_text())


def subset(new: Any, old: Any) -> Any:
    """``new`` cut down to the keys ``old`` had (new keys are additions, not changes)."""
    if isinstance(old, dict) and isinstance(new, dict):
        return {k: subset(new.get(k), v) for k, v in old.items()}
    if isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        return [subset(n, o) for n, o in zip(new, old, strict=True)]
    return new


@pytest.mark.parametrize("case", OLD["saves"], ids=lambda c: f"{json.loads(c['save'])['variant']}-"
                         f"{json.loads(c['save'])['players']}-{len(c['records'])}")
def test_an_old_save_loads_and_replays_identically(case):
    m = load_match(case["save"])
    assert [Record.of_deal(d).to_json() for d in m.deals] == case["records"]
    session.begin(m)
    st = session.current().state()
    assert st["status"] == case["status"]
    assert subset(st["view"], case["view"]) == case["view"]
    old_match = {k: v for k, v in case["match"].items() if k != "deal_wins"}
    assert subset(st["match"], old_match) == old_match
    # deals won now count spareggi won (none in these saves' finished formats): otherwise the same
    spareggi = [d for d in st["match"]["deals"] if d["kind"] == "spareggio" and d["winner"] is not None]
    extra = [sum(d["winner"] == i for d in spareggi) for i in range(len(case["match"]["deal_wins"]))]
    assert st["match"]["deal_wins"] == [a + b for a, b in zip(case["match"]["deal_wins"], extra, strict=True)]
    assert load_match(case["save"]).result() == m.result()


@pytest.mark.parametrize("case", OLD["tournaments"], ids=lambda c: f"{c['stored']['tournament']['pairs']}-pairs-"
                         f"{len(c['stored']['tournament']['outcomes'])}-played")
def test_an_old_tournament_loads_with_the_same_standings_and_fixtures(case):
    res = json.loads(web.call("tournament_open", json.dumps({"tournament": case["stored"]})))
    assert res["ok"], res
    res = res["result"]
    assert subset(res["view"], case["view"]) == case["view"]
    assert res["view"]["shape"] == "girone"
