"""The ``arena`` and ``agent`` sub-commands of ``python -m briscola``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

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
                           jobs=args.jobs, keep_records=args.records is not None)
    except BriscolaError as exc:
        return fail(f"arena: {exc}")
    if args.records is not None:
        try:
            write_records(args.records, result.records or [])
        except OSError as exc:
            return fail(f"arena: cannot write the records in {args.records}: {exc.strerror or exc}")
    print(json.dumps(result.to_json()) if args.json else result.report())
    return 0


def write_records(folder: str, games: list[dict]) -> None:
    """Each game's record as ``DDDD-G.json`` (deal, game) in ``folder``, and ``index.json``: per file,
    the player at each seat (what ``python -m briscola analyse`` and bench/ai.py read)."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    index = []
    for game in games:
        name = f"{game['deal']:04d}-{game['game']}.json"
        (out / name).write_text(json.dumps(game["record"], separators=(",", ":")) + "\n")
        index.append({"file": name, "seats": game["seats"]})
    (out / "index.json").write_text(json.dumps(index, indent=1) + "\n")


def cmd_agent(args: argparse.Namespace) -> int:
    from . import PLAYERS
    from .protocol import run_agent

    if args.level not in PLAYERS:
        return fail(f"agent: unknown level {args.level!r} (one of {', '.join(PLAYERS)})")
    if sys.stdin is None:  # closed: no request, nothing to answer
        return 0
    run_agent(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout, args.level, args.seed)  # bytes: any line answered
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    """Analyse one seat's moves in a record and print the analysis as JSON (docs/ai.md)."""
    from ..analysis import analyse
    from ..cli import read_record
    from ..wording import Words

    record, _deal = read_record(args.file)
    players = record.rules.players
    if not 0 <= args.seat < players:
        return fail(f"analyse: --seat must be a seat from 0 to {players - 1}, not {args.seat}")
    if args.nodes < 100:
        return fail("analyse: --nodes must be at least 100")
    try:
        words = Words(args.lang)
    except (OSError, ValueError) as exc:
        return fail(f"analyse: the page's words in {args.lang!r} cannot be read: {exc}")
    result = analyse(record, args.seat, args.nodes).to_json()
    moves = result["moves"]
    out = {"variant": record.rules.name, "players": players, "seat": args.seat, "lang": args.lang,
           "accuracy": result["accuracy"], "given_away": result["given_away"], "moves_judged": len(moves),
           "costly": [{**{k: moves[i][k] for k in ("trick", "index", "played", "best", "accuracy", "lost", "given",
                                                    "reason", "said")}, "text": words.moment(moves[i])}
                      for i in result["costly"]],
           "moves": [{k: m[k] for k in ("trick", "index", "played", "best", "accuracy", "stake", "lost", "given",
                                        "values")} for m in moves]}
    print(json.dumps(out))  # ASCII: any terminal or pipe takes it
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
    p.add_argument("--records", metavar="DIR",
                   help="write every game's record in DIR, with index.json naming the player at each seat")
    p.set_defaults(run=cmd_arena)
    p = sub.add_parser("agent", help="answer agent-protocol requests (one JSON view per line)")
    p.add_argument("--level", default="campione",
                   help="principiante, esperto, campione, random or campione-2026 (the arena's yardstick)")
    p.add_argument("--seed", type=int, default=0, help="seed: the same seed and view give the same move")
    p.set_defaults(run=cmd_agent)
    p = sub.add_parser("analyse", help="analyse one seat's moves in a game record and print them as JSON")
    p.add_argument("file", help="record file, or - for standard input")
    p.add_argument("--seat", type=int, default=0, help="the seat whose moves are judged (default 0)")
    p.add_argument("--lang", default="it", choices=("it", "en", "es"),
                   help="the language of the costly moments' sentences (default it)")
    p.add_argument("--nodes", type=int, default=20_000, help="positions searched per move (default 20000, as the page)")
    p.set_defaults(run=cmd_analyse)
