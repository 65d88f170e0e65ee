"""``python -m briscola analyse RECORD [--seat N] [--lang it|en|es]`` (issue 34): a deal's analysis for
one seat as JSON, its costly moments worded as the page words them; bad input is one line and exit
status 2 (tests/engine/test_cli_input.py has the rest of the bad input)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from briscola.wording import Words

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "tests" / "ai" / "fixtures" / "accuracy" / "classica-2" / "random"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "briscola", "analyse", *args], capture_output=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300, text=True)


def random_seat() -> tuple[Path, int]:
    """A fixture game and the seat random play had in it."""
    game = json.loads((GAMES / "index.json").read_text())[0]
    return GAMES / game["file"], game["seats"].index("random")


def test_a_deal_analysed_for_a_seat_in_three_languages() -> None:
    path, seat = random_seat()
    said = {}
    for lang in ("it", "en", "es"):
        proc = run(str(path), "--seat", str(seat), "--lang", lang, "--nodes", "2000")
        assert proc.returncode == 0 and proc.stderr == "", proc.stderr
        out = json.loads(proc.stdout)
        assert out["seat"] == seat and out["lang"] == lang and out["variant"] == "classica"
        assert out["accuracy"] is None or 0 <= out["accuracy"] <= 100
        assert isinstance(out["given_away"], int) and out["given_away"] >= 0
        assert out["moves_judged"] == len(out["moves"]) > 0
        assert 1 <= len(out["costly"]) <= 3  # random play: something cost it
        for moment in out["costly"]:
            assert moment["text"] == Words(lang).moment(moment) and "{" not in moment["text"]
        said[lang] = [m["text"] for m in out["costly"]]
    assert all(t.startswith("Presa ") and "Il Campione avrebbe giocato " in t for t in said["it"]), said["it"]
    assert all(t.startswith("Trick ") for t in said["en"]) and all(t.startswith("Baza ") for t in said["es"])


def test_a_seat_the_table_has_not_is_one_line() -> None:
    path, _seat = random_seat()
    proc = run(str(path), "--seat", "2")
    assert proc.returncode == 2 and proc.stdout == "" and proc.stderr.count("\n") == 1
    assert "--seat must be a seat from 0 to 1" in proc.stderr


def test_the_command_line_words_a_moment_as_the_page_does() -> None:
    """The same sentence as tests/js/analysis.test.mjs expects of analysis-view.js's momentText."""
    move = {"trick": 5, "said": [{"key": "gave_card_one", "params": {"card": "AB", "pts": 11}},
                                 {"key": "better_lost_anyway_liscio", "params": {"card": "4C", "pts": 0}},
                                 {"key": "worth_points", "params": {"pts": 9}}]}
    assert Words("it").moment(move) == (
        "Presa 5. Hai regalato all'avversario l'Asso di bastoni: 11 punti. "
        "Il Campione avrebbe giocato il Quattro di coppe: la mano era persa comunque, meglio buttare un liscio. "
        "In media ti avrebbe reso 9 punti in più.")
    assert Words("es").the_card("JC") == "la Sota de copas" and Words("en").the_card("QS") == "the Knight of Swords"
