"""A fast perfect-information simulator for search: cards are ints (``Card.index``).

The engine's :class:`~briscola.state.Deal` is the reference; this module repeats
only the play phase (tricks, draws, vinco subito) on plain lists so that rollouts
and the endgame solver run a few times faster. ``tests/ai/test_sim.py`` checks
that both agree. Trick order and points always come from ``rules.strength`` and
``rules.card_points``, so Biscambiggia's order needs nothing special.
"""

from __future__ import annotations

from collections.abc import Callable

from ..variants import Rules

SUIT_INDEX = {s: i for i, s in enumerate("DCBS")}
WIN = 61

Utility = Callable[[list[int]], float]  # side points -> value for the searching seat


class Tables:
    """Per-card strength and points as lists indexed by card index (for speed)."""

    __slots__ = ("rules", "strength", "points", "rank")

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.strength = list(rules.strength)
        self.points = list(rules.card_points)
        # rank 0..9 inside a suit, 9 = highest: a small tie-breaker used by heuristics
        self.rank = [s - 1 for s in rules.strength]


def trick_winner(trick: list[int], leader: int, n: int, trump: int, strength: list[int]) -> int:
    """The seat that takes ``trick`` (cards in playing order from ``leader``)."""
    best = trick[0]
    best_i = 0
    for i in range(1, len(trick)):
        c = trick[i]
        if c // 10 == best // 10:
            if strength[c] > strength[best]:
                best, best_i = c, i
        elif c // 10 == trump:
            best, best_i = c, i
    return (leader + best_i) % n


def beats(new: int, best: int, trump: int, strength: list[int]) -> bool:
    if new // 10 == best // 10:
        return strength[new] > strength[best]
    return new // 10 == trump


class World:
    """One perfect-information position of the play phase (mutable)."""

    __slots__ = ("n", "hands", "stock", "trump", "leader", "trick", "side_pts", "side", "vinco")

    def __init__(self, n: int, hands: list[list[int]], stock: list[int], trump: int, leader: int,
                 trick: list[int], side_pts: list[int], side: list[int], vinco: bool) -> None:
        self.n = n
        self.hands = hands
        self.stock = stock  # pop order: stock[-1] is drawn next, stock[0] is the face-up card
        self.trump = trump
        self.leader = leader
        self.trick = trick
        self.side_pts = side_pts  # captured points per side
        self.side = side  # side index of each seat
        self.vinco = vinco  # vinco subito: the deal ends when a side that just took a trick has 61

    def copy(self) -> World:
        return World(self.n, [h[:] for h in self.hands], self.stock[:], self.trump, self.leader,
                     self.trick[:], self.side_pts[:], self.side, self.vinco)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.n

    def over(self) -> bool:
        return not self.trick and not any(self.hands)

    def play(self, card: int, t: Tables) -> bool:
        """Play ``card`` for the seat to move; returns True when the deal ended."""
        n = self.n
        seat = (self.leader + len(self.trick)) % n
        self.hands[seat].remove(card)
        self.trick.append(card)
        if len(self.trick) < n:
            return False
        return self._finish(t)

    def _finish(self, t: Tables) -> bool:
        n, trick = self.n, self.trick
        w = trick_winner(trick, self.leader, n, self.trump, t.strength)
        pts = t.points
        s = self.side[w]
        self.side_pts[s] += sum(pts[c] for c in trick)
        self.trick = []
        self.leader = w
        stock = self.stock
        if stock:
            hands = self.hands
            for i in range(w, w + n):
                hands[i % n].append(stock.pop())
        if self.vinco and self.side_pts[s] >= WIN:
            for h in self.hands:
                h.clear()
            return True
        return not self.hands[w]


def leaf_estimate(w: World, limit: int) -> int:
    """A rough count of the leaves of the full game tree from ``w``, capped at ``limit + 1``."""
    n = w.n
    sizes = [len(h) for h in w.hands]
    stock = len(w.stock)
    seat = w.to_move
    played = len(w.trick)
    total = 1
    while sizes[seat] > 0:
        total *= sizes[seat]
        if total > limit:
            return limit + 1
        sizes[seat] -= 1
        played += 1
        seat = (seat + 1) % n
        if played == n:
            played = 0
            if stock:
                stock -= n
                sizes = [x + 1 for x in sizes]
    return total


class Solver:
    """Exact minimax with alpha-beta over a perfect-information :class:`World`.

    ``my_side`` maximises ``utility(side_pts)``; every other side minimises it
    (for three or more sides this is the cautious "paranoid" assumption).
    ``nodes`` counts the positions visited: the caller's budget.
    """

    def __init__(self, t: Tables, my_side: int, utility: Utility) -> None:
        self.t = t
        self.my_side = my_side
        self.utility = utility
        self.nodes = 0

    def value(self, w: World) -> float:
        return self._ab(w, -1e9, 1e9)

    def move_values(self, w: World, moves: list[int]) -> list[float]:
        """The exact value of each root move (a full window for each, so values are exact)."""
        out = []
        for c in moves:
            child = w.copy()
            if child.play(c, self.t):
                self.nodes += 1
                out.append(self.utility(child.side_pts))
            else:
                out.append(self._ab(child, -1e9, 1e9))
        return out

    def _ab(self, w: World, alpha: float, beta: float) -> float:
        self.nodes += 1
        n, hands, trick, side = w.n, w.hands, w.trick, w.side
        seat = (w.leader + len(trick)) % n
        hand = hands[seat]
        maximise = side[seat] == self.my_side
        best = -1e9 if maximise else 1e9
        st, pts = self.t.strength, self.t.points
        order = sorted(hand, key=lambda c: -pts[c] * 16 - st[c])  # points first, then strength
        for c in order:
            idx = hand.index(c)
            del hand[idx]
            trick.append(c)
            if len(trick) < n:
                v = self._ab(w, alpha, beta)
                trick.pop()
            else:
                v = self._close_trick(w, alpha, beta)
            hand.insert(idx, c)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _close_trick(self, w: World, alpha: float, beta: float) -> float:
        """Score the full trick on the table, draw, search on, and undo it all."""
        n, hands, stock, trick, side_pts = w.n, w.hands, w.stock, w.trick, w.side_pts
        leader = w.leader
        win = trick_winner(trick, leader, n, w.trump, self.t.strength)
        pts = self.t.points
        gain = sum(pts[c] for c in trick)
        s = w.side[win]
        side_pts[s] += gain
        w.trick, w.leader = [], win
        drew = bool(stock)
        if drew:
            for i in range(win, win + n):
                hands[i % n].append(stock.pop())
        if (w.vinco and side_pts[s] >= WIN) or not hands[win]:
            self.nodes += 1
            v = self.utility(side_pts)
        else:
            v = self._ab(w, alpha, beta)
        if drew:
            for i in range(win + n - 1, win - 1, -1):
                stock.append(hands[i % n].pop())
        w.trick, w.leader = trick, leader
        side_pts[s] -= gain
        trick.pop()
        return v
