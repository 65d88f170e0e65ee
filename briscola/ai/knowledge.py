"""What a seat knows, derived from its :class:`~briscola.view.View` only.

Card counting (which cards are still unseen), where some hidden cards must be
(Brisca exchanges, the face-up trump drawn by a known seat, hands the options
show), the sides as this seat believes them, and dealing the unseen cards into
complete worlds consistent with the view (determinization).

Nothing here reads a :class:`~briscola.state.Deal`: fairness by construction.
"""

from __future__ import annotations

import random
from math import comb

from ..variants import Rules
from ..view import View
from .sim import SUIT_INDEX, Tables, World


class Knowledge:
    """Everything the AI derives from one view."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.rules = rules = Rules.make(view.variant, view.players, view.options)
        self.t = _tables(rules)
        self.n = n = view.players
        self.me = view.seat
        self.trump = SUIT_INDEX[view.trump_suit] if view.trump_suit else -1
        self.hand = [c.index for c in view.hand]
        played: list[int] = [c.index for t in view.tricks for c in t.cards] + [c.index for c in view.trick]
        self.played = set(played)
        self.located: dict[int, set[int]] = {s: set() for s in range(n) if s != self.me}
        for s, h in view.hands.items():
            if s != self.me:
                self.located[s] |= {c.index for c in h}
        for s, _gave, took in view.exchanges:
            if s != self.me and took.index not in self.played:
                self.located[s].add(took.index)
        face = view.trump_card.index if view.trump_card is not None else None
        self.face_in_stock = face is not None and view.stock > 0
        holder = self._face_holder()
        if face is not None and holder is not None and holder != self.me and face not in self.played:
            self.located[holder].add(face)
        gone = set(self.hand) | self.played | {c for cs in self.located.values() for c in cs}
        if self.face_in_stock:
            gone.add(face)  # type: ignore[arg-type]
        self.face = face
        self.unseen = [c.index for c in rules.deck if c.index not in gone]  # sorted by index
        self.need = {s: max(0, view.hand_sizes[s] - len(self.located[s])) for s in self.located}
        self.stock_unknown = view.stock - (1 if self.face_in_stock else 0)
        self.side, self.my_side = self._sides()

    # -------------------------------------------------------------- deductions

    def _face_holder(self) -> int | None:
        """The seat that drew the face-up trump card, once the stock is out."""
        v, rules = self.view, self.rules
        if v.trump_card is None or v.stock > 0:
            return None
        start = len(rules.deck) - rules.hand_size * v.players
        rounds = start // v.players
        if rounds == 0 or len(v.tricks) < rounds:
            return None
        last = v.tricks[rounds - 1]
        return (last.winner + v.players - 1) % v.players

    def _sides(self) -> tuple[list[int], int]:
        """Side of each seat as this seat knows it (chiamata: unknown partner counts as opponent)."""
        v, n = self.view, self.n
        if v.variant != "chiamata":
            teams = self.rules.teams
            side = [0] * n
            for i, team in enumerate(teams):
                for s in team:
                    side[s] = i
            return side, side[self.me]
        side = [1] * n
        if v.caller is not None:
            side[v.caller] = 0
            if v.partner is not None:
                side[v.partner] = 0
        return side, side[self.me]

    def partner_unknown(self) -> bool:
        """Chiamata: the called card's holder is still secret to this seat."""
        v = self.view
        return v.variant == "chiamata" and v.caller is not None and v.partner is None

    def beaters(self, card: int, cards: list[int] | None = None) -> int:
        """How many unseen cards (or of ``cards``) would take a trick held by ``card``."""
        st, trump = self.t.strength, self.trump
        suit = card // 10
        pool = self.unseen if cards is None else cards
        if suit == trump:
            return sum(1 for c in pool if c // 10 == suit and st[c] > st[card])
        return sum(1 for c in pool if c // 10 == trump or (c // 10 == suit and st[c] > st[card]))

    def p_no_beater(self, seat: int, card: int) -> float:
        """Probability that ``seat`` holds no card beating ``card`` (hypergeometric on unseen cards)."""
        known = self.located.get(seat, set())
        if known and self.beaters(card, sorted(known)):
            return 0.0
        h = self.need.get(seat, 0)
        u = len(self.unseen)
        b = self.beaters(card)
        if h == 0 or b == 0:
            return 1.0
        if u - b < h:
            return 0.0
        return comb(u - b, h) / comb(u, h)

    # ----------------------------------------------------------- determinizing

    def sample_world(self, rng: random.Random, partner_guess: dict[int, float] | None = None) -> World:
        """Deal the unseen cards at random into hands and stock, consistently with the view."""
        pool = self.unseen[:]
        rng.shuffle(pool)
        return self.world_from(pool, partner_guess)

    def world_from(self, pool: list[int], partner_guess: dict[int, float] | None = None) -> World:
        """A world from one ordering of the unseen cards (hands in seat order, then the stock)."""
        v, n = self.view, self.n
        hands: list[list[int]] = []
        k = 0
        for s in range(n):
            if s == self.me:
                hands.append(self.hand[:])
                continue
            need = self.need[s]
            hands.append(sorted(self.located[s]) + pool[k:k + need])
            k += need
        draw = pool[k:k + self.stock_unknown]
        if self.face_in_stock:
            draw.append(self.face)  # type: ignore[arg-type]
        stock = draw[::-1]
        side = self.side
        if v.variant == "chiamata" and v.called_card is not None and v.partner is None:
            called = v.called_card.index
            holder = next((s for s in range(n) if called in hands[s]), v.caller)
            side = [1] * n
            side[v.caller] = 0  # type: ignore[index]
            side[holder] = 0
        pts = [0] * (max(side) + 1)
        for tr in v.tricks:
            pts[side[tr.winner]] += tr.points
        return World(n, hands, stock, self.trump, v.leader, [c.index for c in v.trick], pts, list(side),
                     v.options.vinco_subito and v.variant != "chiamata")

    def worlds_count(self) -> int:
        """How many distinct deals of the unseen cards the view allows (for exact enumeration)."""
        total, left = 1, len(self.unseen)
        for s in sorted(self.need):
            total *= comb(left, self.need[s])
            left -= self.need[s]
        for i in range(left):
            total *= left - i
        return total


_TABLES: dict[tuple[str, int], Tables] = {}


def _tables(rules: Rules) -> Tables:
    key = (rules.name, rules.players)
    t = _TABLES.get(key)
    if t is None or t.rules.deck != rules.deck:
        t = _TABLES[key] = Tables(rules)
    return t
