#!/usr/bin/env python3
"""AI benchmark: the arena table of issue 4 and campione's move latency in CPython and Pyodide.

    python3 bench/ai.py                      # everything, 2000 duplicate deals per match
    python3 bench/ai.py --deals 200          # a smaller run (--jobs: processes per match)
    python3 bench/ai.py --only latency       # only the latencies (CPython and headless chromium)
    python3 bench/ai.py --only 2026          # only the new campione against today's (campione-2026)
    python3 bench/ai.py --only analysis      # only the analysis of a deal's moves, per deal (issue 23)
    python3 bench/ai.py --only accuracy      # the accuracy of known players, per variant (issue 34)
    python3 bench/ai.py --only accuracy --accuracy-deals 3 --accuracy-tables classica-2 \\
        --records tests/ai/fixtures/accuracy
                                             # ... and their games' records (the ordering test's fixtures)
    python3 bench/ai.py --only outside --outside "python3 /elsewhere/bot.py" --outside-deals 400
                                             # only campione against outside programs kept aside

The arena rows are played with ``briscola.ai.arena.run_arena`` (the same code as
``python -m briscola arena``). The Pyodide latency is measured by serving
node_modules/pyodide and the briscola package on 127.0.0.1, loading them in
Debian's chromium through Playwright, and timing the same campione decisions
as in CPython, inside the page.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from briscola.ai import YARDSTICK  # noqa: E402
from briscola.ai.arena import run_arena  # noqa: E402

BOT = f"cmd:{sys.executable} /work/shared/bots/heuristic_bot.py"
if not Path("/work/shared/bots/heuristic_bot.py").exists():
    BOT = f"cmd:{sys.executable} {ROOT.parent / 'shared' / 'bots' / 'heuristic_bot.py'}"

# (label, A, B, variant, players, share of --deals, target)
MATCHES = [
    ("principiante vs heuristic_bot", "principiante", BOT, "classica", 2, 1.0, ">= 0.45"),
    ("esperto vs heuristic_bot", "esperto", BOT, "classica", 2, 1.0, ">= 0.58"),
    ("campione vs heuristic_bot", "campione", BOT, "classica", 2, 1.0, ">= 0.72"),
    ("campione-2026 vs heuristic_bot", "campione-2026", BOT, "classica", 2, 1.0, ">= 0.66"),
    ("campione vs esperto", "campione", "esperto", "classica", 2, 1.0, ">= 0.58"),
    ("principiante vs random", "principiante", "random", "classica", 2, 1.0, ">= 0.85"),
    ("esperto vs random", "esperto", "random", "classica", 2, 1.0, ">= 0.85"),
    ("campione vs random", "campione", "random", "classica", 2, 1.0, ">= 0.85"),
    ("4p: campione team vs esperto team", "campione", "esperto", "classica", 4, 1.0, ">= 0.56"),
    ("chiamata: 1 campione among 4 esperto", "campione", "esperto", "chiamata", 5, 1.0, "> 0 per deal"),
    # the new campione against today's (campione-2026, the arena's yardstick): stronger for 2, no weaker for more
    ("campione vs campione-2026", "campione", YARDSTICK, "classica", 2, 1.0, ">= 0.55"),
    ("3p: campione vs 2 campione-2026", "campione", YARDSTICK, "classica", 3, 1.0, ">= 0.5"),
    ("4p: campione team vs campione-2026 team", "campione", YARDSTICK, "classica", 4, 1.0, ">= 0.5"),
    ("chiamata: 1 campione among 4 campione-2026", "campione", YARDSTICK, "chiamata", 5, 1.0, ">= 0 per deal"),
    ("6p biscambiggia: campione vs campione-2026", "campione", YARDSTICK, "biscambiggia", 6, 1.0, ">= 0.5"),
]

LATENCY_CODE = r'''
import json, random, statistics, time
from briscola.actions import Exchange
from briscola.ai import choose
from briscola.state import Deal, shuffled_deck
from briscola.variants import Rules
from briscola.view import view_of

def latency(tables, deals):
    out = {}
    for variant, players in tables:
        rules = Rules.make(variant, players)
        times = []
        for g in range(deals):
            rng = random.Random(g)
            deal = Deal(rules, g % players, shuffled_deck(rules, rng))
            while not deal.over:
                view = view_of(deal, deal.to_move)
                start = time.perf_counter()
                action = choose(view, "campione", random.Random(g))
                if len(view.legal) > 1:
                    times.append(time.perf_counter() - start)
                deal.apply(action, action.seat if isinstance(action, Exchange) else None)
        out[f"{variant}-{players}"] = {"moves": len(times), "median_ms": 1000 * statistics.median(times),
                                       "max_ms": 1000 * max(times)}
    return json.dumps(out)
'''

ANALYSIS_CODE = r'''
import json, random, statistics, time
from briscola.actions import Exchange
from briscola.ai import choose
from briscola.analysis import analyse
from briscola.record import Record
from briscola.state import Deal, shuffled_deck
from briscola.variants import Rules
from briscola.view import view_of

def analysis_times(tables, deals):
    """Seconds to analyse seat 0's moves of a whole deal (principiante at seat 0, esperto elsewhere)."""
    out = {}
    for variant, players in tables:
        rules = Rules.make(variant, players)
        times, moves = [], 0
        for g in range(deals):
            rng = random.Random(g)
            deal = Deal(rules, g % players, shuffled_deck(rules, rng))
            while not deal.over:
                level = "principiante" if deal.to_move == 0 else "esperto"
                action = choose(view_of(deal, deal.to_move), level, random.Random(len(deal.history)))
                deal.apply(action, action.seat if isinstance(action, Exchange) else None)
            start = time.perf_counter()
            moves += len(analyse(Record.of_deal(deal), 0).moves)
            times.append(time.perf_counter() - start)
        out[f"{variant}-{players}"] = {"deals": deals, "moves": moves, "median_s": statistics.median(times),
                                       "max_s": max(times)}
    return json.dumps(out)
'''

TABLES = [("classica", 2), ("classica", 4), ("brisca", 2), ("biscambiggia", 2), ("biscambiggia", 6),
          ("classica", 3), ("chiamata", 5)]


def play_row(label: str, a: str, b: str, variant: str, players: int, deals: int, target: str, jobs: int) -> dict:
    """One arena match, printed as a line and returned with its label, target and wall time."""
    start = time.perf_counter()
    result = run_arena(a, b, variant, players, deals, seed=2026, jobs=jobs).to_json()
    result.update(label=label, target=target, seconds=time.perf_counter() - start)
    print(f"{label:40} {deals:5d} deals  score {result['score']:+.3f} ± {result['ci95']:.3f}  "
          f"(target {target})  diff {result['mean_point_difference']:+6.2f}  "
          f"A median {result['latency_a']['median_ms']:.1f} ms worst {result['latency_a']['max_ms']:.0f} ms  "
          f"B median {result['latency_b']['median_ms']:.1f} ms", flush=True)
    return result


def arena_table(deals: int, only: set[str] | None, jobs: int = 1) -> list[dict]:
    return [play_row(label, a, b, variant, players, max(10, int(deals * share)), target, jobs)
            for label, a, b, variant, players, share, target in MATCHES
            if not only or any(word in label for word in only)]


def outside_table(commands: list[str], deals: int, jobs: int) -> list[dict]:
    """campione against each outside program (agent protocol; 2-player classica): beat the best."""
    return [play_row(f"campione vs {command}", "campione", f"cmd:{command}", "classica", 2, deals, "> 0.5", jobs)
            for command in commands]


def cpython_latency(deals: int) -> dict:
    scope: dict = {}
    exec(LATENCY_CODE, scope)  # the very code that runs in the page
    return json.loads(scope["latency"](TABLES, deals))


PAGE = """<!doctype html><meta charset="utf-8"><title>briscola ai bench</title>
<script type="module">
import { loadPyodide } from "./pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: "./pyodide/" });
const buf = await (await fetch("./briscola.zip")).arrayBuffer();
py.unpackArchive(buf, "zip");
window.py = py;
window.ready = true;
</script>"""


def pyodide_latency(deals: int) -> dict:
    """Time campione in headless chromium through Pyodide (node_modules/pyodide, served locally)."""
    return in_pyodide(LATENCY_CODE, "latency", [[list(t) for t in TABLES], deals])


def in_pyodide(code: str, function: str, args: list) -> dict:
    """Run ``code`` in headless chromium through Pyodide and call its ``function`` (JSON text out)."""
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests" / "e2e"))
    from conftest import ARGS, CHROMIUM, serve  # the end-to-end tests' Chromium, flags and server

    src = ROOT / "node_modules" / "pyodide"
    if not (src / "pyodide.mjs").exists():
        raise SystemExit("node_modules/pyodide is missing: run `npm ci` in the project first")
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp)
        (site / "pyodide").mkdir()
        for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip",
                     "pyodide-lock.json", "pyodide.js"):
            if (src / name).exists():
                shutil.copy(src / name, site / "pyodide" / name)
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as z:
            for path in (ROOT / "briscola").rglob("*.py"):
                z.write(path, path.relative_to(ROOT).as_posix())
        (site / "briscola.zip").write_bytes(buf.getvalue())
        (site / "index.html").write_text(PAGE)
        base, server = serve(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = browser.new_page()
                page.goto(f"{base}index.html")
                page.wait_for_function("window.ready === true", timeout=120_000)
                page.evaluate("code => window.py.runPython(code)", code)
                version = page.evaluate("() => window.py.runPython('import sys; sys.version')")
                text = page.evaluate(
                    "args => window.py.globals.get(args[0])(window.py.toPy(args[1]), args[2])",
                    [function, *args])
                browser.close()
        finally:
            server.shutdown()
    out = json.loads(text)
    out["python"] = version.split()[0]
    return out


def print_latency(title: str, data: dict) -> None:
    print(f"\n{title}")
    for key, row in data.items():
        if isinstance(row, dict):
            print(f"  {key:16} median {row['median_ms']:7.1f} ms   worst {row['max_ms']:7.1f} ms   "
                  f"({row['moves']} decisions)")
    every = [row for row in data.values() if isinstance(row, dict)]
    if every:
        print(f"  {'all':16} median of medians {statistics.median(r['median_ms'] for r in every):7.1f} ms   "
              f"worst {max(r['max_ms'] for r in every):7.1f} ms")


def analysis_times(deals: int, pyodide: bool) -> dict:
    """The analysis of a deal's moves (briscola.analysis), per deal, in CPython and maybe Pyodide."""
    scope: dict = {}
    exec(ANALYSIS_CODE, scope)
    tables = [list(t) for t in TABLES]
    out = {"cpython": json.loads(scope["analysis_times"](tables, deals))}
    if pyodide:
        out["pyodide"] = in_pyodide(ANALYSIS_CODE, "analysis_times", [tables, deals])
    for where, data in out.items():
        print(f"\nanalysis of seat 0's moves per deal, {where}")
        for key, row in data.items():
            if isinstance(row, dict):
                print(f"  {key:16} median {row['median_s']:6.2f} s   worst {row['max_s']:6.2f} s   "
                      f"({row['deals']} deals, {row['moves']} moves analysed)")
    return out


# The accuracy's calibration (issue 34): known players, each against esperto, their own moves analysed.
# The heuristic bot plays two-player classica and Biscambiggia (it answers no Brisca exchange).
ACCURACY_PLAYERS = [("random", "random"), ("principiante", "principiante"), ("esperto", "esperto"),
                    ("heuristic_bot", BOT), ("campione", "campione")]
ACCURACY_TABLES = [("classica", 2), ("brisca", 2), ("biscambiggia", 2), ("classica", 4), ("chiamata", 5)]
ACCURACY_TARGETS = {"random": "<= 50", "heuristic_bot": "between", "campione": ">= 85"}


def accuracy_table(deals: int, jobs: int, records: str | None, tables: list[str] | None = None) -> dict:
    """Each known player's accuracy per deal (mean, standard deviation) and points given away, over
    ``deals`` duplicate deals against esperto per table; ``records``: also write every game there."""
    from briscola.ai import campione
    from briscola.ai.commands import write_records
    from briscola.analysis import analyse
    from briscola.record import parse_record

    campione.TIME_CAP = 1e9  # the node budget alone ends a search: a loaded machine plays the same cards
    out: dict = {}
    print(f"\naccuracy of known players against esperto ({deals} duplicate deals a table; "
          f"mean ± standard deviation per deal, points given away per deal)")
    for variant, players in ACCURACY_TABLES:
        table = f"{variant}-{players}"
        if tables and table not in tables:
            continue
        out[table] = {}
        for name, spec in ACCURACY_PLAYERS:
            if name == "heuristic_bot" and (variant == "brisca" or players != 2):
                continue
            start = time.process_time()
            games = run_arena(spec, "esperto", variant, players, deals, seed=34, jobs=jobs, keep_records=True).records
            accuracy, given = [], []
            for game in games or []:
                rec = parse_record(game["record"])
                for seat in (s for s, who in enumerate(game["seats"]) if who == spec):
                    result = analyse(rec, seat)
                    if result.accuracy is not None:
                        accuracy.append(result.accuracy)
                    given.append(result.given_away)
            if records:  # each seat named as in this table (not a command line with this machine's paths)
                named = [{**g, "seats": [name if who == spec else who for who in g["seats"]]} for g in games or []]
                write_records(str(Path(records) / table / name), named)
            row = {"deals": len(accuracy), "mean": statistics.fmean(accuracy) if accuracy else None,
                   "sd": statistics.pstdev(accuracy) if accuracy else None,
                   "given_away": statistics.fmean(given) if given else None, "cpu_s": time.process_time() - start}
            out[table][name] = row
            target = ACCURACY_TARGETS.get(name, "")
            print(f"  {table:16} {name:14} accuracy {row['mean']:5.1f} ± {row['sd']:4.1f}  given away "
                  f"{row['given_away']:5.1f}  ({row['deals']} deals analysed)  {target}", flush=True)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=int, default=2000, help="duplicate deals for 2-player matches")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="processes per arena match (default: one per core; scores do not depend on it)")
    ap.add_argument("--only", nargs="*",
                    help="words selecting rows (e.g. campione random), 'latency' or 'outside'")
    ap.add_argument("--latency-deals", type=int, default=3, help="deals per table for the latency runs")
    ap.add_argument("--no-pyodide", action="store_true", help="skip the headless chromium run")
    ap.add_argument("--outside", action="append", default=[], metavar="COMMAND",
                    help="an outside program speaking the agent protocol, for campione to play (repeatable)")
    ap.add_argument("--outside-deals", type=int, default=400, help="duplicate deals against each outside program")
    ap.add_argument("--accuracy-deals", type=int, default=8, help="duplicate deals a table for the accuracy")
    ap.add_argument("--accuracy-tables", nargs="*", metavar="TABLE",
                    help="the tables for the accuracy, e.g. classica-2 (default: every one)")
    ap.add_argument("--records", metavar="DIR", help="with --only accuracy: write the games' records in DIR")
    ap.add_argument("--json", metavar="FILE", help="also write every figure to FILE")
    args = ap.parse_args()
    os.chdir(ROOT)
    only = set(args.only or [])
    figures: dict = {}
    own = {"latency", "outside", "analysis", "accuracy"}
    if not only or not only <= own:
        print(f"arena (python {sys.version.split()[0]}; score of A: deals won = 1, ties = 0.5; "
              f"chiamata: mean score per deal)")
        figures["arena"] = arena_table(args.deals, only - own or None, args.jobs)
    if args.outside:
        figures["outside"] = outside_table(args.outside, args.outside_deals, args.jobs)
    if not only or "latency" in only:
        figures["cpython"] = cpython_latency(args.latency_deals)
        print_latency(f"campione latency per decision, CPython {sys.version.split()[0]}", figures["cpython"])
        if not args.no_pyodide:
            figures["pyodide"] = pyodide_latency(args.latency_deals)
            print_latency(f"campione latency per decision, Pyodide (python {figures['pyodide']['python']}) "
                          f"in headless chromium", figures["pyodide"])
    if not only or "analysis" in only:
        figures["analysis"] = analysis_times(args.latency_deals, not args.no_pyodide)
    if not only or "accuracy" in only:
        figures["accuracy"] = accuracy_table(args.accuracy_deals, args.jobs, args.records, args.accuracy_tables)
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
