"""The move-by-move analysis (briscola/analysis.py, issue 23): right on a position worked out by hand,
blind to the cards the player could not see, the same whatever the slices, and in every variant."""

from __future__ import annotations

import json
import random

import pytest
from ai_support import apply, positions, rehide

from briscola.accuracy import NOTABLE, move_accuracy, score
from briscola.actions import Draw, Play, Trick, action_from_json
from briscola.ai import choose
from briscola.analysis import DealAnalysis, analyse, analyse_move
from briscola.cards import Card
from briscola.record import Record
from briscola.state import Deal, shuffled_deck
from briscola.variants import TABLES, Rules
from briscola.view import view_of

C = Card.parse


def last_two() -> Deal:
    """Classica for two, trumps Denari, the stock out. Seat 1 has led the Ace of Coppe (11 points);
    seat 0 holds the Three of Denari (a trump, 10 points) and the Four of Spade; seat 1 keeps the
    Two of Bastoni. The Three takes 21 and seat 0 then takes the last, empty trick: 21 points. The
    Four gives the Ace away, and the Three later takes only the Two: 10. So the Three, by 11."""
    rules = Rules.make("classica", 2)
    left = {C("3D"), C("4S"), C("2B"), C("AC")}
    rest = [c for c in rules.deck if c not in left]
    pts = rules.card_points
    tricks = [Trick(0, (a, b), 0, pts[a.index] + pts[b.index]) for a, b in zip(rest[::2], rest[1::2], strict=True)]
    return Deal.from_position(rules, 1, [[C("3D"), C("4S")], [C("2B")]], [], 1, [C("AC")], tricks,
                              trump_card=C("7D"))  # the face-up card, long drawn and played


def test_a_position_worked_out_by_hand() -> None:
    move = analyse_move(view_of(last_two(), 0), "4S", index=5)
    assert move.best == "3D" and move.played == "4S"
    assert [c for c, *_ in move.values] == ["3D", "4S"]
    (_, best_pts, best_win, best_score), (_, pts, win, played_score) = move.values
    assert (best_pts, pts) == (120.0, 109.0)  # the deal won either way (99 already): 11 points, no chance lost
    assert best_win == win == 100.0
    assert move.given == pytest.approx(11.0)  # every world solved: no noise to discount
    assert move.lost == pytest.approx(best_score - played_score) == pytest.approx(score(120, 1) - score(109, 1))
    assert move.stake == move.lost and move.accuracy == pytest.approx(move_accuracy(move.lost))
    assert move.reason == "take"  # the Three would have taken the Ace on the table
    assert move.facts["table"] == 11 and move.facts["best_takes"] and not move.facts["played_takes"]
    assert move.facts["trumps_unseen"] == 0  # every card is known once the stock is out
    assert [p["key"] for p in move.said] == ["better_take", "worth_points"]
    assert move.said[0]["params"] == {"card": "3D", "pts": 11} and move.said[1]["params"] == {"pts": 11}
    best = analyse_move(view_of(last_two(), 0), "3D")
    assert best.lost == 0.0 and best.best == "3D" and best.accuracy == 100.0 and best.given == 0.0


def test_what_happened_is_said_first() -> None:
    """The trick the move went to, as it ended: the Four thrown gave the Ace on the table away."""
    deal = last_two()
    view = view_of(deal, 0)
    deal.apply(Play(C("4S")))
    move = analyse_move(view, "4S", trick=deal.tricks[-1], sides=[0, 1])
    assert move.said[0] == {"key": "lost_trick_one", "params": {"pts": 11}}
    assert move.said[1]["key"] == "better_take"


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_hidden_cards_never_change_the_analysis(variant: str, players: int) -> None:
    """Re-dealing what the player could not see (others' hands, the stock's order) consistently with
    his view leaves every card's value, the accuracy, the points given away, the reason and the
    sentence exactly as they were (the sentence also says how the trick ended: public once played)."""
    rng = random.Random(f"analysis{variant}{players}")
    found = 0
    for deal in positions(variant, players, seed=players * 11 + len(variant), count=40):
        seat = deal.to_move
        if deal.phase != "play" or sum(isinstance(a, Play) for a in deal.legal_actions()) < 2:
            continue
        view = view_of(deal, seat)
        played = rng.choice([a for a in view.legal if isinstance(a, Play)]).card.code
        trick, sides = trick_after(deal, played, rng)
        want = analyse_move(view, played, nodes=500, trick=trick, sides=sides)
        assert want.said and 0 <= want.accuracy <= 100
        for k in range(2):
            other = rehide(deal, seat, random.Random(k))
            assert view_of(other, seat) == view
            assert analyse_move(view_of(other, seat), played, nodes=500, trick=trick, sides=sides) == want
        found += 1
        if found == 3:
            break
    assert found == 3


def trick_after(deal: Deal, played: str, rng: random.Random) -> tuple[Trick | None, list[int]]:
    """The trick ``played`` goes to, finished by random cards, and the seats' sides."""
    after = deal.copy()
    tricks = len(after.tricks)
    after.apply(Play(C(played)))
    while len(after.tricks) == tricks and after.phase == "play":
        apply(after, rng.choice(after.legal_actions()))
    sides = [after.side_of(s) for s in range(deal.rules.players)]
    return (after.tricks[tricks] if len(after.tricks) > tricks else None), sides


def played_deal(variant: str, players: int, seed: int) -> Record:
    """A whole deal played by esperto on every seat, as its record."""
    rules = Rules.make(variant, players)
    rng = random.Random(seed)
    for _ in range(20):  # a chiamata deal where everyone passes has no play: deal again
        deal = Deal(rules, rng.randrange(players), shuffled_deck(rules, rng))
        while not deal.over:
            apply(deal, choose(view_of(deal, deal.to_move), "esperto", random.Random(len(deal.history))))
        if deal.tricks:
            return Record.of_deal(deal)
    raise AssertionError("no deal was played")


@pytest.mark.parametrize(("variant", "players"), TABLES)
def test_every_variant_is_analysed_whole(variant: str, players: int) -> None:
    rec = played_deal(variant, players, seed=players)
    seat = 1 % players
    result = analyse(rec, seat, nodes=800)
    deal = Deal(rec.rules, rec.dealer, rec.deck)
    choices = []
    for i, raw in enumerate(rec.actions):
        if deal.phase == "play" and deal.to_move == seat and sum(isinstance(a, Play) for a in deal.legal_actions()) > 1:
            choices.append(i)
        deal.apply(action_from_json(raw), raw.get("seat"))
    assert [m.index for m in result.moves] == choices
    for m in result.moves:
        assert m.played == rec.actions[m.index]["play"]
        assert m.lost >= 0 and m.stake >= m.lost - 1e-9 and 0 <= m.accuracy <= 100 and m.given >= 0
        assert m.values[0][0] == m.best and sorted(c for c, *_ in m.values) == sorted(set(c for c, *_ in m.values))
        assert m.said and all(p["key"] and isinstance(p["params"], dict) for p in m.said)
    assert 0 <= len(result.costly) <= 3
    losses = [result.moves[i].lost for i in result.costly]
    assert losses == sorted(losses, reverse=True) and all(x >= NOTABLE for x in losses)
    assert result.accuracy is None or 0 <= result.accuracy <= 100
    json.dumps(result.to_json())  # the page's answer


def test_the_same_analysis_whatever_the_slices() -> None:
    """The clock only decides where a slice ends: many short slices give the one-go result."""
    rec = played_deal("classica", 2, seed=5)
    whole = analyse(rec, 0, nodes=3_000)
    job = DealAnalysis(rec, 0, nodes=3_000)
    slices = 0
    while not job.run(0.0005):
        slices += 1
    assert slices > 3
    assert job.result() == whole


def test_a_play_after_a_declined_brisca_exchange_is_analysed() -> None:
    """A record leaves a declined exchange implicit (the next play declines it): that play is judged
    from the seat's view once the cards are drawn, like any other."""
    rules = Rules.make("brisca", 2)
    for seed in range(40):
        deal = Deal(rules, 0, shuffled_deck(rules, random.Random(seed)))
        choices = 0
        declined_before_mine = False
        while not deal.over:
            if deal.phase == "exchange":
                deal.apply(Draw())  # declined: the record keeps no trace of it
                declined_before_mine = declined_before_mine or deal.to_move == 0
                continue
            if deal.to_move == 0 and sum(isinstance(a, Play) for a in deal.legal_actions()) > 1:
                choices += 1
            apply(deal, choose(view_of(deal, deal.to_move), "esperto", random.Random(len(deal.history))))
        if declined_before_mine:
            break
    assert declined_before_mine
    assert len(analyse(Record.of_deal(deal), 0, nodes=300).moves) == choices
