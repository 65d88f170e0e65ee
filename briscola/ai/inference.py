"""What the opponent's plays reveal about his hand, in two-player games.

campione samples the unseen cards into worlds; a world in which the opponent's
last plays would have been odd choices is less likely. Here the opponent is
modelled as a counting player (esperto's rule, :func:`duel.choice`), and a world
is weighted by how likely his plays of the last few tricks are under that model:
``SOFT`` when the model picks the card he played, the rest spread over his
other cards. His hand at an earlier trick is rebuilt from the world: his hand
now, minus the cards he drew since, plus the cards he played since. Which of
his cards came from the stock is not known, so every choice is averaged.

Tricks are read back no further than the last draw (once the stock is out,
esperto reads the deal exactly, by another rule), and a forced card (the last
in hand) says nothing.
"""

from __future__ import annotations

from math import exp

from .duel import Counting, choice, scores
from .knowledge import Knowledge
from .sim import World

ALL = (1 << 40) - 1  # every card of the deck, as a mask
OUR_HAND = 3  # while the stock lasts, the hand the opponent could not see had three cards


class Reading:
    """The opponent's recent decisions as this seat saw them, ready to be scored in each world."""

    __slots__ = ("_back_memo", "_memo", "_seen_now", "counting", "current", "decisions", "face", "opp", "sharp", "soft",
                 "st", "temp", "trump")

    def __init__(self, k: Knowledge, counting: Counting, depth: int, soft: float, temp: float = 0.0,
                 sharp: float = 0.0) -> None:
        v = k.view
        self.counting, self.soft, self.trump, self.st = counting, soft, k.trump, k.t.strength
        self.temp = temp  # 0: the opponent plays esperto's card (SOFT); > 0: cards the closer to it, the likelier
        self.sharp = sharp  # with temp > 0: the share of ``soft`` that goes to esperto's very card
        self._memo: dict[tuple[int, int, int, int], float] = {}
        # (decision, the hand after it): worlds share the hands he may have held, read once each (5% of a
        # two-player decision's CPU; the same weights)
        self._back_memo: dict[tuple[int, int], float] = {}
        self.opp = 1 - k.me
        self.face = 1 << k.face if k.face is not None else 0
        deal_size = len(k.rules.deck)
        dealt = k.rules.hand_size * 2
        seen = 0
        masks = []  # cards played before each trick
        for tr in v.tricks:
            masks.append(seen)
            for c in tr.cards:
                seen |= 1 << c.index
        self.decisions: list[tuple[int, int, int, bool]] = []  # card, lead (or -1), cards he saw gone, drew after
        first = max(0, len(v.tricks) - depth)
        for j in range(len(v.tricks) - 1, first - 1, -1):
            tr = v.tricks[j]
            stock_before = deal_size - dealt - 2 * j
            mine = tr.cards[0] if tr.leader == self.opp else tr.cards[1]
            lead = -1 if tr.leader == self.opp else tr.cards[0].index
            hidden = masks[j] | (self.face if stock_before > 0 else 0)
            self.decisions.append((mine.index, lead, hidden, stock_before > 0))
            if stock_before <= 2:  # the last draw: the face-up card changes hands; read no further back
                break
        self.current = -1  # the opponent's lead on the table now
        if v.trick and v.leader == self.opp:
            self.current = v.trick[0].index
        self._seen_now = seen | (self.face if v.stock > 0 else 0)

    def weight(self, w: World) -> float:
        """How likely the opponent's read plays are in world ``w`` (1 when nothing is read)."""
        hand = w.hands[self.opp]
        weight = 1.0
        if self.current >= 0:
            weight = self._factor(self.current, -1, hand + [self.current], self._seen_now)
        if self.decisions:
            weight *= self._back(0, hand)
        return weight

    def _back(self, i: int, after: list[int]) -> float:
        """Likelihood of decisions ``i..``, the opponent holding ``after`` once decision ``i``'s trick was drawn."""
        if i == len(self.decisions):
            return 1.0
        mask = 0
        for c in after:
            mask |= 1 << c
        key = (i, mask)
        v = self._back_memo.get(key)
        if v is None:
            v = self._back_memo[key] = self._back_at(i, after)
        return v

    def _back_at(self, i: int, after: list[int]) -> float:
        card, lead, before, drew = self.decisions[i]
        options = after if drew else [-1]
        total = 0.0
        for drawn in options:
            held = [c for c in after if c != drawn]
            held.append(card)
            f = self._factor(card, lead, held, before)
            if f > 0:
                total += f * self._back(i + 1, held)
        return total / len(options)

    def _factor(self, card: int, lead: int, held: list[int], before: int) -> float:
        if len(held) < 2:
            return 1.0
        mask = 0
        for c in held:
            mask |= 1 << c
        key = (card, lead, mask, before)
        f = self._memo.get(key)  # worlds of one decision often share a hand the opponent held
        if f is None:
            f = self._memo[key] = self._likelihood(card, lead, held, mask, before)
        return f

    def _likelihood(self, card: int, lead: int, held: list[int], mask: int, before: int) -> float:
        unseen = ALL & ~mask & ~before
        if lead >= 0:
            unseen &= ~(1 << lead)
        trick = [lead] if lead >= 0 else []
        if self.temp > 0:
            values = scores(self.counting, held, trick, unseen, OUR_HAND, 0, self.trump, self.st)
            top = max(values)
            odds = [exp((x - top) / self.temp) for x in values]
            i = held.index(card)
            likely = (1 - self.sharp) * odds[i] / sum(odds)
            if values[i] == top and self.sharp > 0:
                likely += self.sharp / values.count(top)
            return self.soft * likely + (1 - self.soft) / len(held)
        guess = choice(self.counting, held, trick, unseen, OUR_HAND, 0, self.trump, self.st)
        return self.soft if guess == card else (1 - self.soft) / (len(held) - 1)

