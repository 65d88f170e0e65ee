"""Move-by-move analysis of a finished deal: what each of the player's cards was worth (issues 23, 34).

For every move of one seat, campione's search values every legal card **from that seat's view at
that moment** (:func:`briscola.view.view_of`: never a hidden card), by the points the seat's side
ends the deal with and its chance of winning it, and the card played is compared with the best:
its accuracy, the points it gave away (:mod:`briscola.accuracy`) and, for the costliest, a sentence
(:mod:`briscola.moments`). The search is
campione's (``briscola.ai``): worlds dealt from the unseen cards, weighted by how likely the
opponents' plays are in them, each card valued by exact minimax when the rest is small, else by a
playout. Its generator is seeded from the view itself, so the same record always gives the same
analysis, and cards the seat could not see never change it.

The work is cut into slices (:class:`DealAnalysis.run` takes a time budget): the page's worker
answers a move or the next deal between two slices. Where a slice ends never changes the result
(the node budget ends each move's search, never the clock).

>>> from briscola.record import parse_record
>>> from briscola.cards import DECK
>>> rec = parse_record({"format": "briscola-record/1", "variant": "classica", "players": 2,
...     "dealer": 1, "deck": [c.code for c in DECK], "actions": []})
>>> job = DealAnalysis(rec, seat=0)
>>> job.total, job.run(0.05), job.result().accuracy   # no move yet: nothing to judge
(0, True, None)
"""

from __future__ import annotations

import json
import math
import random
import time
from dataclasses import dataclass
from typing import Any

from .accuracy import NOTABLE, Verdict, Z, move_accuracy, pooled, score, won
from .actions import Draw, Play, Trick, action_from_json
from .ai import campione, duel
from .ai.heuristic import EXACT_WORLDS, _all_pools, partner_guess, target_of
from .ai.inference import Reading
from .ai.knowledge import Knowledge
from .ai.sim import Solver, World, leaf_estimate
from .moments import facts_of, reason_of, sentence, what_happened
from .record import Record
from .state import Deal
from .view import View, view_of, view_to_json

NODES = 20_000  # positions visited per move analysed (campione's own move takes 40,000)
MAX_WORLDS = 400
COSTLY = 3  # moments shown at most


@dataclass(frozen=True)
class Values:
    """What a search found each card worth: the expected final points of the seat's side, its chance
    of winning the deal (0-1) and the card's score (:func:`briscola.accuracy.score`), with the
    worlds' figures kept to measure the noise of a difference between two cards.

    >>> v = Values.of([1, 2], [(1.0, [70, 50], [1, 0]), (1.0, [60, 60], [0.5, 0.5])], exhaustive=False)
    >>> v.points[1], v.wins[1], v.score[1], v.score[2], v.noise(1, 2)
    (65.0, 0.75, 64.6, 35.4, 20.6)
    """

    hand: tuple[int, ...]
    points: dict[int, float]
    wins: dict[int, float]
    score: dict[int, float]
    samples: tuple[tuple[float, tuple[float, ...], tuple[float, ...]], ...]
    sides: int
    exhaustive: bool

    @classmethod
    def of(cls, hand: list[int], samples: list[tuple[float, list[float], list[float]]], exhaustive: bool,
           sides: int = 2) -> Values:
        total = sum(w for w, _p, _r in samples)
        if total <= 0:
            pts = dict.fromkeys(hand, 0.0)
            wins = dict.fromkeys(hand, 0.0)
        else:
            pts = {c: sum(w * p[i] for w, p, _r in samples) / total for i, c in enumerate(hand)}
            wins = {c: sum(w * r[i] for w, _p, r in samples) / total for i, c in enumerate(hand)}
        return cls(tuple(hand), pts, wins, {c: score(pts[c], wins[c], sides) for c in hand},
                   tuple((w, tuple(p), tuple(r)) for w, p, r in samples), sides, exhaustive)

    def noise(self, a: int, b: int, points: bool = False) -> float:
        """The standard error of the difference between cards ``a`` and ``b`` (in score, or in points),
        over the weighted worlds (0 when every world was solved: the values are exact)."""
        total = sum(w for w, _p, _r in self.samples)
        if self.exhaustive or total <= 0:
            return 0.0
        i, j = self.hand.index(a), self.hand.index(b)
        if points:
            diffs = [(w, p[i] - p[j]) for w, p, _r in self.samples]
        else:
            diffs = [(w, score(p[i], r[i], self.sides) - score(p[j], r[j], self.sides)) for w, p, r in self.samples]
        mean = sum(w * d for w, d in diffs) / total
        return round(math.sqrt(sum((w * (d - mean)) ** 2 for w, d in diffs)) / total, 1)


@dataclass(frozen=True)
class Move:
    """One analysed move: every legal card's worth for the seat's side, best first, and the verdict."""

    index: int  # the action's index in the record (the review's frame before it)
    trick: int  # the trick it was played to, from 1
    played: str
    best: str
    values: tuple[tuple[str, float, float, float], ...]  # (card, points, chance of winning %, score), best first
    lost: float  # score the card played lost against the best, beyond the search's noise (0: as good as the best)
    stake: float  # the best card's score minus the worst's, beyond the noise: the move's weight (0: no real choice)
    accuracy: float  # the move's accuracy, 0-100 (:func:`briscola.accuracy.move_accuracy`)
    given: float  # points the card played gave away against the best, beyond the noise
    reason: str  # why the best was better, in Briscola's terms (:func:`briscola.moments.reason_of`)
    facts: dict[str, Any]  # what the seat could see then (:func:`briscola.moments.facts_of`)
    said: tuple[dict[str, Any], ...] = ()  # the moment's sentence, parts the page words (briscola.moments)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "trick": self.trick, "played": self.played, "best": self.best,
                "values": [[c, round(p, 1), round(w, 1), s] for c, p, w, s in self.values],
                "lost": round(self.lost, 1), "stake": round(self.stake, 1), "accuracy": round(self.accuracy, 1),
                "given": round(self.given, 1), "reason": self.reason, "facts": self.facts, "said": list(self.said)}


@dataclass(frozen=True)
class Analysis:
    """A deal's analysis for one seat: its moves with a choice, the costliest, the accuracy and the
    points given away."""

    seat: int
    moves: tuple[Move, ...]
    costly: tuple[int, ...]  # indexes into ``moves``, the costliest first (one to three, or none)

    @property
    def verdict(self) -> Verdict:
        return Verdict.of([(m.accuracy, m.stake) for m in self.moves])

    @property
    def accuracy(self) -> float | None:
        """The moves' accuracy weighted by what was at stake, 0-100 (None: no real choice)."""
        return self.verdict.accuracy

    @property
    def given_away(self) -> float:
        """The points the seat's cards gave away against the best cards, summed."""
        return sum(m.given for m in self.moves)

    def to_json(self) -> dict[str, Any]:
        """The page's answer: the deal's accuracy is the one its figures, kept in tenths (the match's
        meta, the statistics), give back."""
        lost, stake = round(self.verdict.lost * 10), round(self.verdict.stake * 10)
        return {"seat": self.seat, "moves": [m.to_json() for m in self.moves], "costly": list(self.costly),
                "accuracy": pooled(lost, stake), "given_away": round(self.given_away),
                "lost": lost / 10, "stake": stake / 10}


# ------------------------------------------------------------------------- one move's search


def seed_of(view: View) -> str:
    """The search's seed: the view itself (so cards the seat cannot see never change it)."""
    return "analysis:" + json.dumps(view_to_json(view), sort_keys=True, separators=(",", ":"))


class MoveSearch:
    """campione's search for one view, valuing every card in expected points and in the chance of
    winning the deal; resumable (:meth:`step`). Each world's values are kept, so that the noise of
    a difference between two cards can be measured (:meth:`stats`)."""

    def __init__(self, view: View, nodes: int = NODES, salt: str = "") -> None:
        self.view = view
        self.k = k = Knowledge(view)
        self.hand = sorted(k.hand)
        self.budget = nodes
        self.rng = random.Random(seed_of(view) + salt)  # salt: another seed, to measure the noise
        # every world valued: (weight, the seat's side's final points with each card, the deal's result)
        self.samples: list[tuple[float, list[float], list[float]]] = []
        self.target = target_of(view) if view.variant == "chiamata" else None
        self.nodes = self.worlds = 0
        self.counting = duel.counting(k.t, k.trump) if k.n == 2 else None
        style = campione.STYLE  # the reading of the campione players meet
        self.reading = Reading(k, self.counting, style.infer_depth, style.infer_soft, style.infer_temp,
                               style.infer_sharp) if self.counting is not None else None
        self.cost = campione._keep_costs(k.t, k.trump)
        self.guess = partner_guess(k) if k.partner_unknown() else None
        self.pending: tuple[World, float, bool, list[float]] | None = None  # a world whose cards are being valued
        self.pools = None
        if k.worlds_count() <= EXACT_WORLDS:
            pools = list(_all_pools(k))
            if pools and leaf_estimate(k.world_from(pools[0]), campione.EXACT_LEAVES) <= campione.EXACT_LEAVES:
                self.pools = pools  # few worlds, each small: every one solved, all equally likely
        self.done = len(self.hand) < 2

    @property
    def exhaustive(self) -> bool:
        """Every world the view allows was solved: the values are exact, with no sampling noise."""
        return self.pools is not None

    def step(self, deadline: float) -> bool:
        """Search on until the node budget is spent (True) or the clock passes ``deadline`` (False).

        The work is cut between two cards of a world, so a slice is never much longer than one card's
        value (an exact solve or a playout); where it is cut never changes the values."""
        while not self.done:
            if self.pending is None:
                pools = self.pools
                if pools is not None and self.worlds == len(pools):
                    self.done = True
                    break
                w = self.k.world_from(pools[self.worlds]) if pools is not None else self.k.sample_world(self.rng)
                weight = 1.0 if pools is not None else self._weight(w)  # every world of the few: all alike
                if weight > 0:
                    exact = pools is not None or leaf_estimate(w, campione.EXACT_LEAVES) <= campione.EXACT_LEAVES
                    self.pending = (w, weight, exact, [])
                else:
                    self._commit(None)
                    continue
            w, weight, exact, values = self.pending
            values.append(self._value(w, self.hand[len(values)], exact))
            if len(values) == len(self.hand):
                self._commit(self.pending)
            if time.perf_counter() > deadline:
                break
        return self.done

    def _commit(self, world: tuple[World, float, bool, list[float]] | None) -> None:
        """One world done (None: weighed out): its values count, and the budget is checked."""
        self.pending = None
        self.worlds += 1
        if world is not None:
            w, weight, exact, values = world
            sides = max(w.side) + 1
            self.samples.append((weight, values, [self._result(w, pts, sides, exact) for pts in values]))
        if self.pools is None and (self.nodes >= self.budget or self.worlds >= MAX_WORLDS):
            self.done = True

    def stats(self) -> Values:
        """The search's figures: each card's expected points and chance of winning, with their noise."""
        return Values.of(self.hand, self.samples, self.exhaustive, max(self.k.side) + 1)

    def _result(self, w: World, pts: float, sides: int, exact: bool) -> float:
        """The deal's result for the seat's side ending with ``pts`` in world ``w``: 1 won, 0.5 tied,
        0 lost where the world was solved; after a playout, one way the deal could go among many, the
        chance a deal ending there is won (:func:`briscola.accuracy.won`). With three sides, where no
        score of one's own decides the deal, the share of the points."""
        if sides > 2:
            return pts / 120
        if self.target is None:
            return won(pts, 61, exact)
        caller = w.side[self.k.me] == 0  # chiamata: the caller's side wins with its target, else the others
        return won(pts, self.target if caller else 121 - self.target, exact, tie=False)

    def _weight(self, w: World) -> float:
        k = self.k
        weight = self.reading.weight(w) if self.reading is not None else campione.world_weight(k, w, self.cost)
        if self.guess is not None:  # chiamata, partner unknown: as campione weighs the guessed partner
            mates = [s for s in range(k.n) if w.side[s] == 0 and s != k.view.caller]
            holder = mates[0] if mates else k.view.caller
            weight *= self.guess.get(holder, 0.0) * len(self.guess) if holder != k.me else 1.0
        return weight

    def _value(self, w: World, card: int, exact: bool) -> float:
        """The points the seat's side ends with in world ``w`` if it plays ``card``: exact minimax
        when the rest of the deal is small, else a playout (campione's counting one for two). A
        side's result rises with its points, so the minimax on points is the one on the result too."""
        t = self.k.t
        mine = w.side[self.k.me]
        if exact:
            solver = Solver(t, mine, lambda pts: float(pts[mine]))
            value = solver.move_values(w, [card])[0]
            self.nodes += solver.nodes
            return value
        child = w.copy()
        if not child.play(card, t):
            if self.counting is not None:
                self.nodes += campione.DUEL_PLY_COST * duel.playout(child, t, self.counting)
            else:
                self.nodes += campione.playout(child, t, self.cost)
        self.nodes += 1
        return float(child.side_pts[mine])


def analyse_move(view: View, played: str, index: int = 0, nodes: int = NODES, trick: Trick | None = None,
                 sides: list[int] | None = None) -> Move:
    """The analysis of playing ``played`` from ``view`` (searched to the end at once); ``trick``, the
    trick it went to as it ended, and ``sides``, the seats' sides, let the sentence say what happened.

    >>> from briscola.variants import Rules
    >>> from briscola.state import Deal
    >>> from briscola.cards import DECK
    >>> deal = Deal(Rules.make("classica", 2), 1, DECK)
    >>> m = analyse_move(view_of(deal, 0), deal.hands[0][0].code, nodes=2_000)
    >>> m.played, m.lost >= 0, len(m.values), 0 <= m.accuracy <= 100
    ('AD', True, 3, True)
    """
    search = MoveSearch(view, nodes)
    search.step(float("inf"))
    return judge(search, played, index, trick, sides)


def judge(search: MoveSearch, played: str, index: int, trick: Trick | None = None,
          sides: list[int] | None = None) -> Move:
    """The finished search's verdict on the card ``played`` (see :mod:`briscola.accuracy`)."""
    k = search.k
    codes = {c.index: c.code for c in search.view.hand}
    v = search.stats()
    order = sorted(search.hand, key=lambda c: (-v.score[c], -round(v.points[c], 6), c))
    best, worst = order[0], order[-1]
    mine = next(c for c in search.hand if codes[c] == played)
    lost = max(0.0, v.score[best] - v.score[mine] - Z * v.noise(best, mine))
    stake = max(lost, v.score[best] - v.score[worst] - Z * v.noise(best, worst))
    given = v.points[best] - v.points[mine]
    given = given if given > Z * v.noise(best, mine, points=True) else 0.0
    facts = facts_of(k, best, mine)
    reason = reason_of(facts)
    happened = what_happened(k, mine, trick, sides if sides is not None else k.side)
    said = sentence(k, facts, reason, best, mine, round(given), round(100 * (v.wins[best] - v.wins[mine])), happened)
    return Move(index, len(search.view.tricks) + 1, played, codes[best],
                tuple((codes[c], v.points[c], 100 * v.wins[c], v.score[c]) for c in order), round(lost, 1),
                round(stake, 1), move_accuracy(lost), round(given, 1), reason, facts,
                tuple(said))


# ------------------------------------------------------------------------- a whole deal


class DealAnalysis:
    """The analysis of one seat's moves in a finished deal, made a slice at a time (:meth:`run`)."""

    def __init__(self, record: Record, seat: int, nodes: int = NODES) -> None:
        self.record, self.seat, self.nodes = record, seat, nodes
        self.todo: list[tuple[int, View, str]] = []  # (action index, view before it, card played)
        deal = Deal(record.rules, record.dealer, record.deck)
        for i, raw in enumerate(record.actions):
            action = action_from_json(raw)
            if isinstance(action, Play):
                view = _before_play(deal, seat)
                if view is not None and sum(1 for a in view.legal if isinstance(a, Play)) > 1:
                    self.todo.append((i, view, action.card.code))
            deal.apply(action, raw.get("seat"))
        self.tricks = deal.tricks  # each move's trick as it ended: what the sentence says happened
        self.sides = [deal.side_of(s) for s in range(record.rules.players)]  # as the deal's end shows them
        self.total = len(self.todo)
        self.moves: list[Move] = []
        self.search: MoveSearch | None = None

    @property
    def done(self) -> bool:
        return len(self.moves) == self.total

    def run(self, seconds: float) -> bool:
        """Work for about ``seconds`` (at least one world); True once every move is analysed."""
        deadline = time.perf_counter() + seconds
        while not self.done:
            index, view, played = self.todo[len(self.moves)]
            if self.search is None:
                self.search = MoveSearch(view, self.nodes)
            if not self.search.step(deadline):
                return False
            number = len(view.tricks)
            trick = self.tricks[number] if number < len(self.tricks) else None
            self.moves.append(judge(self.search, played, index, trick, self.sides))
            self.search = None
            if time.perf_counter() > deadline:
                break
        return self.done

    def result(self) -> Analysis:
        """The analysis (of the moves analysed so far; complete once :attr:`done`)."""
        ranked = sorted(range(len(self.moves)), key=lambda i: (-self.moves[i].lost, i))
        costly = tuple(i for i in ranked[:COSTLY] if self.moves[i].lost >= NOTABLE)
        return Analysis(self.seat, tuple(self.moves), costly)


def _before_play(deal: Deal, seat: int) -> View | None:
    """``seat``'s view when it plays the next card, or None if another seat plays it. A Brisca play
    that follows a pending exchange declines it (records leave that implicit): the cards are drawn
    first, as the seat saw them when it played."""
    if deal.phase == "exchange":
        deal = deal.copy()
        while deal.phase == "exchange":
            deal.apply(Draw())
    if deal.phase != "play" or deal.to_move != seat:
        return None
    return view_of(deal, seat)


def analyse(record: Record, seat: int, nodes: int = NODES) -> Analysis:
    """The whole analysis of ``seat``'s moves in ``record`` at once (tests, the bench)."""
    job = DealAnalysis(record, seat, nodes)
    job.run(float("inf"))
    return job.result()


__all__ = ["Analysis", "DealAnalysis", "Move", "MoveSearch", "Values", "analyse", "analyse_move", "judge"]
