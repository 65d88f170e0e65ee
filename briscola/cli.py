"""Command line: ``python -m briscola replay|agent|arena|analyse ...``.

Bad input — a usage error, an unreadable file, text that is not UTF-8 or not JSON, JSON too big or
too deep, a record that does not replay — gets exactly one line on standard error (control
characters escaped, at most :data:`LINE_LIMIT` characters) and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import jsonsafe
from .errors import BriscolaError, RecordError, fail
from .record import Record, loads, replay, result_json
from .state import Deal


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors keep the command line's contract: one line, exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.exit(fail(f"{self.prog}: {message} (see --help)"))


def _read(path: str) -> bytes:
    """At most one byte more than a record may hold (jsonsafe then says it is too big)."""
    if path == "-":
        return sys.stdin.buffer.read(jsonsafe.MAX_CHARS + 1)
    with open(path, "rb") as f:
        return f.read(jsonsafe.MAX_CHARS + 1)


def read_record(path: str) -> tuple[Record, Deal]:
    """The record in ``path`` (``-``: standard input) and its deal replayed; a :class:`BriscolaError`
    says in one line what is wrong (the file, the record, or the action that does not replay)."""
    try:
        data = _read(path)
    except OSError as exc:
        raise BriscolaError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (AttributeError, ValueError):  # standard input closed (None, or a closed file)
        raise BriscolaError(f"cannot read {path}: standard input is closed") from None
    try:
        record = loads(data)
        return record, replay(record)
    except RecordError as exc:
        where = "record" if exc.index is None else f"action {exc.index}"
        raise BriscolaError(f"{where}: {exc.args[0]}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a record and print the result document (RECORD.md)."""
    _record, deal = read_record(args.file)
    print(json.dumps(result_json(deal)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="python -m briscola", description="Briscola engine and AI.")
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
        return fail(f"{args.command}: {exc}")
    except (RecursionError, MemoryError) as exc:  # a last guard: inputs are size and depth limited
        return fail(f"{args.command}: the input is too big or too deep ({type(exc).__name__})")
    except KeyboardInterrupt:
        return 130
