"""The ``arena`` and ``agent`` sub-commands of ``python -m briscola``."""

from __future__ import annotations

import argparse
import json
import sys

from ..errors import BriscolaError, fail


def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import run_arena

    if args.deals < 1:
        return fail("arena: --deals must be at least 1")
    if args.jobs < 1:
        return fail("arena: --jobs must be at least 1")
    options = {"vinco_subito": True} if args.vinco_subito else {}

    def progress(result) -> None:
        if args.progress and len(result.deal_scores) % args.progress == 0:
            print(f"  {len(result.deal_scores)} deals: {result.score:.3f} ± {result.half_width:.3f}",
                  file=sys.stderr, flush=True)

    try:
        result = run_arena(args.a, args.b, args.variant, args.players, args.deals, args.seed, options, progress,
                           jobs=args.jobs)
    except BriscolaError as exc:
        return fail(f"arena: {exc}")
    print(json.dumps(result.to_json()) if args.json else result.report())
    return 0


def cmd_agent(args: argparse.Namespace) -> int:
    from . import PLAYERS
    from .protocol import run_agent

    if args.level not in PLAYERS:
        return fail(f"agent: unknown level {args.level!r} (one of {', '.join(PLAYERS)})")
    if sys.stdin is None:  # closed: no request, nothing to answer
        return 0
    run_agent(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout, args.level, args.seed)  # bytes: any line answered
    return 0


def add_commands(sub: argparse._SubParsersAction) -> None:
    """Register ``arena`` and ``agent`` in the briscola command line."""
    p = sub.add_parser("arena", help="play duplicate deals between two players and print the score")
    p.add_argument("a", help="player A: principiante, esperto, campione, random or cmd:<command>")
    p.add_argument("b", help="player B (same choices)")
    p.add_argument("--deals", type=int, default=100, help="duplicate deals to play (default 100)")
    p.add_argument("--variant", default="classica", help="classica, brisca, biscambiggia or chiamata")
    p.add_argument("--players", type=int, default=2, help="number of players (default 2)")
    p.add_argument("--seed", type=int, default=0, help="seed of the decks and of the players")
    p.add_argument("--vinco-subito", action="store_true", help="play with the vinco subito option")
    p.add_argument("--json", action="store_true", help="print the result as one JSON object")
    p.add_argument("--jobs", type=int, default=1, metavar="J",
                   help="play the deals in J processes (the result does not depend on J)")
    p.add_argument("--progress", type=int, default=0, metavar="K", help="report on stderr every K deals")
    p.set_defaults(run=cmd_arena)
    p = sub.add_parser("agent", help="answer agent-protocol requests (one JSON view per line)")
    p.add_argument("--level", default="campione",
                   help="principiante, esperto, campione, random or campione-2026 (the arena's yardstick)")
    p.add_argument("--seed", type=int, default=0, help="seed: the same seed and view give the same move")
    p.set_defaults(run=cmd_agent)
