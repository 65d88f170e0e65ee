#!/usr/bin/env python3
"""Try a campione style in the arena before it becomes the one players meet.

    python3 bench/strength.py infer_soft=0.7 --deals 200            # vs campione-2026, classica for 2
    python3 bench/strength.py infer_temp=2 --against esperto          # vs esperto
    python3 bench/strength.py playout_keep=tuned --deals 400 --jobs 2  # playouts by duel.TUNED
    python3 bench/strength.py search=4 --deals 120 --jobs 2            # 4x the node budget and worlds

Every ``NAME=value`` replaces a field of ``briscola.ai.campione.STYLE`` (the
campione called ``campione`` in the arena) for this run only; ``campione-2026``
keeps today's style. The match is ``briscola.ai.arena.run_arena`` with seed 2026
unless told, so a run is the row bench/ai.py would print for that style, except
that the wall-clock guard is off (on a shared machine it would cut searches).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from briscola.ai import campione, duel  # noqa: E402
from briscola.ai.arena import Result, run_arena  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("settings", nargs="*", help="Style fields, NAME=value (JSON)")
    ap.add_argument("--against", default="campione-2026")
    ap.add_argument("--variant", default="classica")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--every", type=int, default=20, help="print the score so far every N deals")
    args = ap.parse_args()
    fields = {f.name for f in dataclasses.fields(campione.Style)}
    changes = {}
    for item in args.settings:
        key, _, value = item.partition("=")
        if key not in fields:
            ap.error(f"unknown Style field {key!r} (one of {', '.join(sorted(fields))})")
        try:
            if key == "playout_keep":  # "tuned", "esperto" or the fields of duel.Keep as JSON
                named = {"tuned": duel.TUNED, "esperto": duel.ESPERTO}
                changes[key] = named[value] if value in named else duel.Keep(**json.loads(value))
            else:
                changes[key] = json.loads(value)
        except (ValueError, TypeError) as e:
            ap.error(f"{item!r}: a value is JSON (a number, true/false) or, for playout_keep, tuned or esperto ({e})")
    campione.STYLE = dataclasses.replace(campione.STYLE, **changes)  # forked workers inherit it
    campione.TIME_CAP = 1e9  # the node budget alone ends a search: a loaded machine gives the same cards
    print(f"campione {campione.STYLE} vs {args.against}", flush=True)
    def progress(r: Result) -> None:
        if len(r.deal_scores) % args.every == 0:
            print(f"{len(r.deal_scores)} deals: {r.score:.3f} ± {r.half_width:.3f}", flush=True)

    result = run_arena("campione", args.against, args.variant, args.players, args.deals, args.seed,
                       progress=progress, jobs=args.jobs)
    print(result.report())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
