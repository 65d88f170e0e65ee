#!/usr/bin/env python3
"""Decision probe: campione variants judged decision by decision, sharper than the arena.

    python3 bench/probe.py build --deals 600            # positions of esperto self-play, valued
    python3 bench/probe.py eval esperto                 # esperto's cards, the baseline
    python3 bench/probe.py eval base                    # campione as it is
    python3 bench/probe.py eval budget4 campione.NODE_BUDGET=160000
    python3 bench/probe.py eval temp3 style.infer_temp=3   # a field of campione.STYLE
    python3 bench/probe.py compare budget4 base

``build`` plays esperto against itself (classica for 2, decks from ``probe:<i>``)
and keeps about a third of the positions with cards in the stock where the card
played matters. Every legal card of a position is valued by 40 re-shuffles of the
stock, the opponent keeping his real hand, both seats then playing esperto's
counting rule with the exact end (briscola/ai/duel.py): the value of the card
once the luck of the draws is averaged out. ``eval`` lets campione (with module
constants overridden, ``module.NAME=value`` in briscola/ai) choose in every
position and prints the mean value of its cards against esperto's, in points per
decision. ``compare`` pairs two runs position by position. docs/ai.md has the
figures. Files go to ``bench/out/`` (not versioned).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import pickle
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from briscola.ai import campione, choose, duel, heuristic, inference, knowledge, sim  # noqa: E402
from briscola.state import Deal, shuffled_deck  # noqa: E402
from briscola.variants import Rules  # noqa: E402
from briscola.view import view_of  # noqa: E402

OUT = ROOT / "bench" / "out"
POSITIONS = OUT / "probe-positions.pickle"
SHUFFLES = 40
MODULES = {m.__name__.rsplit(".", 1)[1]: m for m in (campione, duel, heuristic, inference, knowledge, sim)}


def card_values(deal: Deal, seat: int, rng: random.Random) -> dict[int, float]:
    """Mean point margin of ``seat`` after each legal card, over re-shuffles of the hidden stock."""
    t = sim.Tables(deal.rules)
    trump = "DCBS".index(deal.trump_suit)
    k = duel.counting(t, trump)
    hands = [[c.index for c in h] for h in deal.hands]
    stock = [c.index for c in reversed(deal.stock)]  # stock[0] is the face-up card, stock[-1] is drawn next
    cards = [c.index for c in deal.hands[seat]]
    values = dict.fromkeys(cards, 0.0)
    for _ in range(SHUFFLES):
        hidden = stock[1:]
        rng.shuffle(hidden)
        order = stock[:1] + hidden
        for c in cards:
            w = sim.World(2, [h[:] for h in hands], order[:], trump, deal.leader, [x.index for x in deal.trick],
                          list(deal.points), [0, 1], False)
            if not w.play(c, t):
                duel.playout(w, t, k)
            values[c] += (w.side_pts[seat] - w.side_pts[1 - seat]) / SHUFFLES
    return values


def build(deals: int) -> None:
    rules = Rules.make("classica", 2)
    pick = random.Random(99)
    positions = []
    for i in range(deals):
        deal = Deal(rules, i % 2, shuffled_deck(rules, random.Random(f"probe:{i}")))
        while not deal.over:
            view = view_of(deal, deal.to_move)
            if view.stock >= 4 and len(view.hand) > 1 and pick.random() < 0.35:
                values = card_values(deal, deal.to_move, random.Random(len(positions)))
                if len({round(v, 6) for v in values.values()}) > 1:  # the card played matters
                    positions.append((deal.copy(), deal.to_move, values))
            deal.apply(choose(view, "esperto", random.Random(0)))
    OUT.mkdir(exist_ok=True)
    POSITIONS.write_bytes(pickle.dumps(positions))
    print(f"{len(positions)} positions from {deals} deals -> {POSITIONS}")


def load_positions() -> list:
    if not POSITIONS.exists():
        sys.exit(f"no positions yet: run `{sys.argv[0]} build` first")
    return pickle.loads(POSITIONS.read_bytes())


def evaluate(name: str, overrides: list[str], count: int) -> None:
    for item in overrides:
        key, _, value = item.partition("=")
        module, _, attr = key.partition(".")
        if module == "style" and attr in {f.name for f in dataclasses.fields(campione.Style)}:
            campione.STYLE = dataclasses.replace(campione.STYLE, **{attr: json.loads(value)})
            continue
        if module not in MODULES or not hasattr(MODULES[module], attr):
            sys.exit(f"unknown setting {key!r} (module.NAME in {', '.join(MODULES)})")
        try:
            setattr(MODULES[module], attr, json.loads(value))
        except ValueError:
            sys.exit(f"{key}: {value!r} is not a JSON value (numbers, true, false)")
    positions = load_positions()[:count]
    level = "esperto" if name == "esperto" else "campione"
    start = time.process_time()
    cards = [choose(view_of(deal, seat), level, random.Random(f"probe:{i}")).card.index  # type: ignore[union-attr]
             for i, (deal, seat, _values) in enumerate(positions)]
    cpu = (time.process_time() - start) / len(positions)
    (OUT / f"probe-{name}.json").write_text(json.dumps(cards))
    gain = statistics.fmean(values[c] for (_d, _s, values), c in zip(positions, cards, strict=True))
    print(f"{name}: {len(cards)} positions, mean card value {gain:+.3f} points, CPU {1000 * cpu:.0f} ms a decision")


def compare(a: str, b: str) -> None:
    positions = load_positions()
    ca = json.loads((OUT / f"probe-{a}.json").read_text())
    cb = json.loads((OUT / f"probe-{b}.json").read_text())
    n = min(len(ca), len(cb))
    diff = [positions[i][2][ca[i]] - positions[i][2][cb[i]] for i in range(n)]
    half = 1.96 * statistics.stdev(diff) / n ** 0.5
    differ = sum(1 for i in range(n) if ca[i] != cb[i])
    print(f"{a} - {b}: {statistics.fmean(diff):+.3f} ± {half:.3f} points per decision over {n} positions "
          f"({differ} choose another card)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("build")
    p.add_argument("--deals", type=int, default=600)
    p = sub.add_parser("eval")
    p.add_argument("name")
    p.add_argument("settings", nargs="*",
                   help="module.NAME=value (JSON), e.g. campione.NODE_BUDGET=160000 or style.infer_temp=3")
    p.add_argument("--count", type=int, default=4000, help="positions to play (default 4000)")
    p = sub.add_parser("compare")
    p.add_argument("a")
    p.add_argument("b")
    args = ap.parse_args()
    if args.cmd == "build":
        build(args.deals)
    elif args.cmd == "eval":
        evaluate(args.name, args.settings, args.count)
    else:
        compare(args.a, args.b)


if __name__ == "__main__":
    main()
