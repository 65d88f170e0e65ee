"""Command line: ``python -m briscola replay|agent|arena ...``.

Bad input gets one clear line on standard error and exit status 2, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from .errors import BriscolaError, RecordError
from .record import loads, replay, result_json


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    with open(path, encoding="utf-8") as f:
        return f.read()


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record and print the result document (RECORD.md)."""
    try:
        text = _read(args.file)
    except (OSError, UnicodeDecodeError) as exc:
        print(f"replay: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        deal = replay(loads(text))
    except RecordError as exc:
        where = "record" if exc.index is None else f"action {exc.index}"
        print(f"replay: {where}: {exc.args[0]}", file=sys.stderr)
        return 2
    print(json.dumps(result_json(deal)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m briscola", description="Briscola engine and AI.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game record and print the result as JSON")
    p.add_argument("file", help="record file, or - for standard input")
    p.set_defaults(run=cmd_replay)
    try:
        from .ai.commands import add_commands
    except ImportError:  # the AI package may be absent in a trimmed build
        pass
    else:
        add_commands(sub)
    return parser




def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args) or 0)
    except BriscolaError as exc:
        print(f"{args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
