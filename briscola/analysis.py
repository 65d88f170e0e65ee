"""Move-by-move analysis of a finished deal: what each of the player's cards was worth (issue 23).

For every move of one seat, campione's search values every legal card **from that seat's view at
that moment** (:func:`briscola.view.view_of`: never a hidden card), as the expected points the
seat's side ends the deal with, and the card played is compared with the best. The search is
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
import random
import time
from dataclasses import dataclass
from typing import Any

from .actions import Draw, Play, action_from_json
from .ai import campione, duel
from .ai.heuristic import EXACT_WORLDS, _all_pools, partner_guess
from .ai.inference import Reading
from .ai.knowledge import Knowledge
from .ai.sim import Solver, World, leaf_estimate, trick_winner
from .record import Record
from .state import Deal
from .view import View, view_of, view_to_json

NODES = 20_000  # positions visited per move analysed (campione's own move takes 40,000)
MAX_WORLDS = 400
COSTLY = 3  # moments shown at most
NOTABLE = 3.0  # points: a smaller loss is within the search's noise, never a moment to show


@dataclass(frozen=True)
class Move:
    """One analysed move: every legal card's expected points for the seat's side, best first."""

    index: int  # the action's index in the record (the review's frame is index + 1)
    trick: int  # the trick it was played to, from 1
    played: str
    best: str
    values: tuple[tuple[str, float], ...]  # (card, expected points), best first
    loss: float  # expected points the card played gave away against the best (0 when it was the best)
    spread: float  # best minus worst: what the choice was worth
    reason: str  # why, in Briscola's terms: take, spent_trump, gave_points, trumps_out, plain
    facts: dict[str, Any]  # what the seat could see then (see :func:`facts_of`)

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "trick": self.trick, "played": self.played, "best": self.best,
                "values": [[c, round(v, 1)] for c, v in self.values], "loss": round(self.loss, 1),
                "spread": round(self.spread, 1), "reason": self.reason, "facts": self.facts}


@dataclass(frozen=True)
class Analysis:
    """A deal's analysis for one seat: its moves with a choice, the costliest, and the accuracy."""

    seat: int
    moves: tuple[Move, ...]
    costly: tuple[int, ...]  # indexes into ``moves``, the costliest first (one to three, or none)

    @property
    def loss(self) -> float:
        return sum(m.loss for m in self.moves)

    @property
    def spread(self) -> float:
        return sum(m.spread for m in self.moves)

    @property
    def accuracy(self) -> float | None:
        """The share of what the choices were worth that the seat kept, 0-100 (None: no choice)."""
        return accuracy(self.loss, self.spread)

    def to_json(self) -> dict[str, Any]:
        acc = self.accuracy
        return {"seat": self.seat, "moves": [m.to_json() for m in self.moves], "costly": list(self.costly),
                "accuracy": None if acc is None else round(acc, 1), "loss": round(self.loss, 1),
                "spread": round(self.spread, 1)}


def accuracy(loss: float, spread: float) -> float | None:
    """``100 * (1 - loss / spread)``: 100 when every card was the best, 0 when every card was the worst.

    >>> accuracy(3, 12), accuracy(0, 0)
    (75.0, None)
    """
    if spread <= 0:
        return None
    return max(0.0, min(100.0, 100.0 * (1.0 - loss / spread)))


# ------------------------------------------------------------------------- one move's search


def seed_of(view: View) -> str:
    """The search's seed: the view itself (so cards the seat cannot see never change it)."""
    return "analysis:" + json.dumps(view_to_json(view), sort_keys=True, separators=(",", ":"))


class MoveSearch:
    """campione's search for one view, valuing every card in expected points; resumable (:meth:`step`)."""

    def __init__(self, view: View, nodes: int = NODES) -> None:
        self.view = view
        self.k = k = Knowledge(view)
        self.hand = sorted(k.hand)
        self.budget = nodes
        self.rng = random.Random(seed_of(view))
        self.totals = dict.fromkeys(self.hand, 0.0)
        self.weight_sum = 0.0
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
            _w, weight, _exact, values = world
            for c, val in zip(self.hand, values, strict=True):
                self.totals[c] += weight * val
            self.weight_sum += weight
        if self.pools is None and (self.nodes >= self.budget or self.worlds >= MAX_WORLDS):
            self.done = True

    def values(self) -> dict[int, float]:
        """Expected final points of the seat's side for each card (by card index)."""
        if self.weight_sum <= 0:
            return dict.fromkeys(self.hand, 0.0)
        return {c: v / self.weight_sum for c, v in self.totals.items()}

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
        when the rest of the deal is small, else a playout (campione's counting one for two)."""
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


def analyse_move(view: View, played: str, index: int = 0, nodes: int = NODES) -> Move:
    """The analysis of playing ``played`` from ``view`` (searched to the end at once).

    >>> from briscola.variants import Rules
    >>> from briscola.state import Deal
    >>> from briscola.cards import DECK
    >>> deal = Deal(Rules.make("classica", 2), 1, DECK)
    >>> m = analyse_move(view_of(deal, 0), deal.hands[0][0].code, nodes=2_000)
    >>> m.played, m.loss >= 0, len(m.values)
    ('AD', True, 3)
    """
    search = MoveSearch(view, nodes)
    search.step(float("inf"))
    return judge(search, played, index)


def judge(search: MoveSearch, played: str, index: int) -> Move:
    """The finished search's verdict on the card ``played``."""
    k = search.k
    codes = {c.index: c.code for c in search.view.hand}
    values = search.values()
    order = sorted(search.hand, key=lambda c: (-round(values[c], 6), c))
    best = order[0]
    mine = next(c for c in search.hand if codes[c] == played)
    loss = max(0.0, values[best] - values[mine])
    spread = values[best] - values[order[-1]]
    facts = facts_of(k, best, mine)
    facts.update(best_points=round(values[best], 1), played_points=round(values[mine], 1))
    return Move(index, len(search.view.tricks) + 1, played, codes[best],
                tuple((codes[c], values[c]) for c in order), loss, spread, reason_of(facts), facts)


def facts_of(k: Knowledge, best: int, played: int) -> dict[str, Any]:
    """What the seat could see when it moved, as the page words a reason: the points on the table,
    whether the seat played last to the trick, whether each card would have left the trick to the
    seat's side as it stood (None when leading; sides as the seat knew them), the trumps it had not
    seen yet, the cards left to draw, each card's own points and whether it is a trump."""
    v, t = k.view, k.t
    trick = [c.index for c in v.trick]

    def takes(card: int) -> bool | None:
        if not trick:
            return None
        return k.side[trick_winner([*trick, card], v.leader, k.n, k.trump, t.strength)] == k.my_side

    return {
        "table": sum(t.points[c] for c in trick),
        "last": len(trick) == k.n - 1,
        "best_takes": takes(best),
        "played_takes": takes(played),
        "trumps_unseen": sum(1 for c in k.unseen if c // 10 == k.trump),
        "stock": v.stock,
        "best_card_points": t.points[best],
        "played_card_points": t.points[played],
        "best_trump": best // 10 == k.trump,
        "played_trump": played // 10 == k.trump,
    }


def reason_of(f: dict[str, Any]) -> str:
    """The reason the page words for a loss, from the facts (the first that holds).

    >>> reason_of({"best_takes": True, "played_takes": False, "played_trump": False, "best_trump": False,
    ...            "played_card_points": 0, "best_card_points": 10, "trumps_unseen": 3, "table": 11})
    'take'
    """
    if f["best_takes"] and not f["played_takes"]:
        return "take"
    if f["played_trump"] and not f["best_trump"]:
        return "spent_trump"
    if f["played_takes"] is False and f["played_card_points"] >= 10 > f["best_card_points"]:
        return "gave_points"
    if f["trumps_unseen"] > 0:
        return "trumps_out"
    return "plain"


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
            self.moves.append(judge(self.search, played, index))
            self.search = None
            if time.perf_counter() > deadline:
                break
        return self.done

    def result(self) -> Analysis:
        """The analysis (of the moves analysed so far; complete once :attr:`done`)."""
        ranked = sorted(range(len(self.moves)), key=lambda i: (-round(self.moves[i].loss, 6), i))
        costly = tuple(i for i in ranked[:COSTLY] if self.moves[i].loss >= NOTABLE)
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


__all__ = ["Analysis", "DealAnalysis", "Move", "MoveSearch", "accuracy", "analyse", "analyse_move", "judge"]
