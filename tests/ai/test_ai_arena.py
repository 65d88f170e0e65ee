"""The arena: duplicate pairing, scores, and outside programs through the agent protocol."""

from __future__ import annotations

import json
import sys

import pytest

from briscola.ai.arena import ArenaError, arena_deck, run_arena, seatings
from briscola.variants import Rules


@pytest.mark.parametrize(("variant", "players", "want"), [
    ("classica", 2, [(0,), (1,)]),
    ("classica", 4, [(0, 2), (1, 3)]),
    ("biscambiggia", 6, [(0, 2, 4), (1, 3, 5)]),
    ("classica", 3, [(0,), (1,), (2,)]),
    ("chiamata", 5, [(0,), (1,), (2,), (3,), (4,)]),
])
def test_every_seat_of_a_deal_is_played_by_both(variant: str, players: int, want) -> None:
    assert seatings(Rules.make(variant, players)) == want


def test_duplicate_games_share_deck_and_dealer() -> None:
    rules = Rules.make("classica", 2)
    assert arena_deck(rules, 3, 7) == arena_deck(rules, 3, 7)
    assert arena_deck(rules, 3, 7) != arena_deck(rules, 3, 8)


@pytest.mark.parametrize(("variant", "players"), [("classica", 2), ("classica", 4), ("classica", 3),
                                                  ("chiamata", 5)])
def test_a_deterministic_player_against_itself_scores_exactly_even(variant: str, players: int) -> None:
    """esperto uses no randomness in play: swapped seats replay the same deal, so luck cancels exactly."""
    result = run_arena("esperto", "esperto", variant, players, deals=6, seed=2)
    assert result.games == 6 * len(seatings(Rules.make(variant, players)))
    if variant != "chiamata":  # (chiamata: A's seat goes round the table, see its own test)
        assert result.score == pytest.approx(0.5)
        assert sum(result.diffs) == pytest.approx(0.0)


def test_outside_program_through_the_agent_protocol() -> None:
    cmd = f"cmd:{sys.executable} -m briscola agent --level esperto"
    result = run_arena(cmd, "esperto", "classica", 2, deals=3, seed=1)
    assert result.score == pytest.approx(0.5)
    assert len(result.latency["A"]) == 3 * 2 * 20


def test_strength_shows_against_random() -> None:
    result = run_arena("esperto", "random", "classica", 2, deals=30, seed=5)
    assert result.score > 0.7


def test_bad_players_are_clear_errors() -> None:
    with pytest.raises(ArenaError, match="unknown player"):
        run_arena("maestro", "esperto", "classica", 2, deals=1)
    with pytest.raises(ArenaError, match="cannot start|closed|stopped"):
        run_arena("cmd:/nonexistent/bot", "esperto", "classica", 2, deals=1)


def test_several_processes_give_the_same_result() -> None:
    one = run_arena("principiante", "random", "classica", 2, deals=8, seed=4)
    seen: list[int] = []
    two = run_arena("principiante", "random", "classica", 2, deals=8, seed=4, jobs=2,
                    progress=lambda r: seen.append(len(r.deal_scores)))
    assert two.deal_scores == one.deal_scores
    assert two.diffs == one.diffs and two.games == one.games == 16
    assert seen == list(range(1, 9))


def test_the_arena_keeps_each_game_s_record(tmp_path) -> None:
    """``keep_records`` (``arena --records DIR``): every game replays to the deal it played, in deal
    order, with the player at each seat; the same in several processes."""
    from briscola.ai.commands import write_records
    from briscola.record import parse_record, replay

    one = run_arena("esperto", "random", "classica", 2, deals=2, seed=4, keep_records=True)
    assert [(g["deal"], g["game"]) for g in one.records] == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert [g["seats"] for g in one.records[:2]] == [["esperto", "random"], ["random", "esperto"]]
    assert all(replay(parse_record(g["record"])).over for g in one.records)
    assert run_arena("esperto", "random", "classica", 2, deals=2, seed=4, keep_records=True, jobs=2).records \
        == one.records
    write_records(str(tmp_path), one.records)
    index = json.loads((tmp_path / "index.json").read_text())
    assert [g["file"] for g in index] == ["0000-0.json", "0000-1.json", "0001-0.json", "0001-1.json"]
    assert run_arena("esperto", "random", "classica", 2, deals=1, seed=4).records is None
