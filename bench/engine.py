"""Random full deals per second, per variant and player count, in CPython on one core.

Each deal: a shuffled deck from a seeded ``random.Random``, then uniformly random legal
actions from the same generator to the end (``deal.play(card)`` in play phases, ``apply`` for the
auction, the call and the Brisca exchange window). Run from the repository root:

    nice -n 10 python3 bench/engine.py [--seconds 2] [--only classica-2]

Time is this process's CPU time (``time.process_time``), so that other jobs on a
shared machine do not count against the engine. The AI's search lives on the
2-player figure: the target is 20,000 deals/s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from briscola.state import Deal  # noqa: E402
from briscola.variants import TABLES, Rules  # noqa: E402

TARGET = 20_000


def random_deal(rules: Rules, rng: random.Random) -> Deal:
    deck = list(rules.deck)
    rng.shuffle(deck)
    deal = Deal(rules, rng.randrange(rules.players), deck)
    pick = rng.random  # a uniform pick as hand[int(random() * len)]: rng.choice would cost more than a play
    play, hands = deal.play, deal.hands
    while deal.phase != "over":
        if deal.phase == "play":
            hand = hands[deal.to_move]
            play(hand[int(pick() * len(hand))])
        else:
            legal = deal.legal_actions()
            deal.apply(legal[int(pick() * len(legal))])
    return deal


def measure(variant: str, players: int, seconds: float, seed: int = 1) -> tuple[float, int]:
    rules = Rules.make(variant, players)
    rng = random.Random(seed)
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(100):
            random_deal(rules, rng)
        count += 100
        now = time.process_time()
        if now >= deadline:
            return count / (now - start), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per table (default 2)")
    parser.add_argument("--only", help="one table, e.g. classica-2")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {args.seconds:g} s of CPU time per table, one core")
    print(f"{'table':<16} {'deals/s':>10} {'deals':>8}")
    for variant, players in TABLES:
        name = f"{variant}-{players}"
        if args.only and args.only != name:
            continue
        rate, count = measure(variant, players, args.seconds)
        mark = ""
        if players == 2 and variant == "classica":
            mark = "  (target 20,000: " + ("met)" if rate >= TARGET else "not met)")
        print(f"{name:<16} {rate:>10,.0f} {count:>8}{mark}")


if __name__ == "__main__":
    main()
