"""Playouts for two players that count the cards like ``esperto``.

campione's generic playout policy looks only at its own hand and the trick, a
player close to the heuristic bot; its search then judges lines by how a weaker
player would continue them. Here each seat of a two-player playout plays
esperto's rule instead (heuristic.card_values): a card is worth the points of
the trick it goes into times (2P - 1), with P counted from the cards that seat
cannot see (the other hand and the stock, hypergeometric on the hand size),
minus what the card is worth kept. Cards are bitmasks so that counting the
beaters of a card is one ``bit_count``.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from .sim import WIN, Tables, World


@dataclass(frozen=True)
class Keep:
    """What a card is worth kept (points), in the counting rule's value of a card.

    The default is esperto's (heuristic.keep_value). Every figure is a multiple of 0.05, so
    that :func:`choice` compares values exactly as integers times 20.

    >>> round(20 * TUNED.plain_points, 9)
    4.0
    """

    trump: float = 2.5  # any trump
    trump_rank: float = 0.6  # ... and per step of its rank (0..9)
    trump_points: float = 0.8  # ... and per point it carries
    plain_rank: float = 0.15  # a card of another suit, per step of its rank
    plain_points: float = 0.0  # ... and per point it carries


ESPERTO = Keep()
# Tuned by playing the counting rule against esperto's in fast duplicate deals (bench/keep.py): 0.523 ±
# 0.002 over 100,000. Trumps and a plain Ace or Three are worth more kept than esperto thinks. A
# stronger rule did not make a stronger search: campione's playouts by it scored 0.482 ± 0.045 against
# campione-2026 (200 deals), so campione.STYLE keeps esperto's (docs/ai.md, "A stronger campione").
TUNED = Keep(trump_rank=0.8, plain_rank=0.25, plain_points=0.2)
SOLVE_END = True  # once the stock is out, the playout ends by exact minimax (both seats know every card)
ENDS_KEPT = 20_000  # solved ends kept per trump (a few MB: the page runs in Pyodide); hits come within a decision
COMB = [[comb(u, h) for h in range(12)] for u in range(41)]


class Counting:
    """Per-card tables for one trump suit: beaters as masks, keep values, tie-break keys."""

    __slots__ = ("beat", "ends", "keep", "keep20", "points", "points20", "tie")

    def __init__(self, t: Tables, trump: int, keep: Keep = ESPERTO) -> None:
        st, pts = t.strength, t.points
        self.points = pts
        self.beat = [0] * 40
        for c in range(40):
            mask = 0
            for x in range(40):
                if x // 10 == c // 10:
                    if st[x] > st[c]:
                        mask |= 1 << x
                elif x // 10 == trump and c // 10 != trump:
                    mask |= 1 << x
            self.beat[c] = mask
        self.keep = [(keep.trump + keep.trump_rank * t.rank[c] + keep.trump_points * pts[c]) if c // 10 == trump
                     else keep.plain_rank * t.rank[c] + keep.plain_points * pts[c] for c in range(40)]
        # The same values times 20, as integers (every keep value is a multiple of 0.05): choice()
        # compares them exactly, with no rounding of float noise (the hottest loop of a playout).
        self.keep20 = [round(v * 20) for v in self.keep]
        self.points20 = [20 * p for p in pts]
        # esperto's tie-break: fewer points, then weaker, then lower index
        self.tie = [-(pts[c] * 1000 + st[c] * 40 + c) for c in range(40)]
        self.ends: dict[tuple, int] = {}  # solved ends of deals (see _end), for this order and trump


_CACHE: dict[tuple, Counting] = {}


def counting(t: Tables, trump: int, keep: Keep = ESPERTO) -> Counting:
    key = (tuple(t.strength), tuple(t.points), trump, keep)  # by content: a freed table's id may come back
    k = _CACHE.get(key)
    if k is None:
        k = _CACHE[key] = Counting(t, trump, keep)
    return k


def choice(k: Counting, hand: list[int], trick: list[int], unseen: int, h: int, known: int,
           trump: int, strength: list[int]) -> int:
    """esperto's card for a seat of a two-player deal.

    ``unseen``: the cards this seat cannot place (other hand and stock but the face-up
    card); ``h``: how many of them the other seat holds; ``known``: cards known to be
    in the other hand (the face-up trump it drew). The values are :func:`scores`', compared
    exactly: times 20 (and, leading, times the number of ways the other hand can be dealt).
    """
    pts20, keep20, tie, beat = k.points20, k.keep20, k.tie, k.beat
    best_c, best_v, best_t = -1, 0, 0
    if trick:
        lead = trick[0]
        stake = pts20[lead]
        ls = lead // 10
        for c in hand:
            if (strength[c] > strength[lead]) if c // 10 == ls else c // 10 == trump:
                v = stake + pts20[c] - keep20[c]
            else:
                v = -stake - pts20[c] - keep20[c]
            if best_c < 0 or v > best_v or (v == best_v and tie[c] > best_t):
                best_c, best_v, best_t = c, v, tie[c]
        return best_c
    u = unseen.bit_count()
    total = COMB[u][h] if h else 0
    ways = total if total else 1  # no other hand to deal (or none possible): every card holds
    for c in hand:
        if known & beat[c]:
            held = 0
        elif not total:
            held = ways
        else:
            held = COMB[u - (unseen & beat[c]).bit_count()][h]
        v = pts20[c] * (2 * held - ways) - keep20[c] * ways
        if best_c < 0 or v > best_v or (v == best_v and tie[c] > best_t):
            best_c, best_v, best_t = c, v, tie[c]
    return best_c


def scores(k: Counting, hand: list[int], trick: list[int], unseen: int, h: int, known: int,
           trump: int, strength: list[int]) -> list[float]:
    """esperto's value of each card of ``hand`` (arguments as :func:`choice`, which plays the best).

    The opponent model of inference.py reads how far below the best a card played was.
    """
    pts, keep, beat = k.points, k.keep, k.beat
    if trick:
        lead = trick[0]
        stake = pts[lead]
        ls = lead // 10
        return [(stake + pts[c] - keep[c]) if ((strength[c] > strength[lead]) if c // 10 == ls else c // 10 == trump)
                else (-stake - pts[c] - keep[c]) for c in hand]
    u = unseen.bit_count()
    total = COMB[u][h]
    out = []
    for c in hand:
        if known & beat[c]:
            p = 0.0
        elif h == 0 or total == 0:
            p = 1.0
        else:
            p = COMB[u - (unseen & beat[c]).bit_count()][h] / total
        out.append(pts[c] * (2 * p - 1) - keep[c])
    return out


def _solve_rest(w: World, t: Tables, k: Counting, leader: int) -> int:
    """Once the stock is out every card is known to both seats: finish by minimax on the points.

    The cost charged to the node budget is the plies left, whatever the memo held,
    so that the same decision always gets the same budget.
    """
    h0, h1 = tuple(sorted(w.hands[0])), tuple(sorted(w.hands[1]))
    plies = len(h0) + len(h1)
    if len(k.ends) > ENDS_KEPT:
        k.ends.clear()
    diff = _end(h0, h1, leader, t.strength, t.points, w.trump, k.ends)
    rest = sum(t.points[c] for c in h0 + h1)
    taken = (rest + diff) // 2  # by seat 0
    w.side_pts[w.side[0]] += taken
    w.side_pts[w.side[1]] += rest - taken
    w.leader, w.trick = leader, []
    for h in w.hands:
        h.clear()
    return plies


def _end(h0: tuple[int, ...], h1: tuple[int, ...], leader: int, st: list[int], pts: list[int],
         trump: int, memo: dict[tuple, int]) -> int:
    """Points seat 0 takes minus points seat 1 takes from here, both playing perfectly."""
    if not h0:
        return 0
    key = (h0, h1, leader)
    v = memo.get(key)
    if v is not None:
        return v
    lead_hand, follow_hand = (h0, h1) if leader == 0 else (h1, h0)
    sign = 1 if leader == 0 else -1  # the leader maximises his own margin
    best = -1000
    for i, a in enumerate(lead_hand):
        rest_a = lead_hand[:i] + lead_hand[i + 1:]  # (slices keep the hand sorted, as the memo's keys are)
        worst = 1000
        for j, b in enumerate(follow_hand):
            rest_b = follow_hand[:j] + follow_hand[j + 1:]
            won = not ((st[b] > st[a]) if b // 10 == a // 10 else b // 10 == trump)
            gain = pts[a] + pts[b]
            n0, n1 = (rest_a, rest_b) if leader == 0 else (rest_b, rest_a)
            nxt = leader if won else 1 - leader
            val = (gain if won else -gain) + sign * _end(n0, n1, nxt, st, pts, trump, memo)
            if val < worst:
                worst = val
                if worst <= best:
                    break
        if worst > best:
            best = worst
    memo[key] = v = sign * best
    return v


def playout(w: World, t: Tables, k: Counting, seat_1: Counting | None = None) -> int:
    """Play the two-player world ``w`` to the end with esperto's rule; returns the plies.

    ``seat_1``: another rule for seat 1 (bench/keep.py plays two rules against each other).
    """
    rules = (k, seat_1 or k)
    hands, stock, trump, side = w.hands, w.stock, w.trump, w.side
    st, pts = t.strength, t.points
    side_pts = w.side_pts
    leader, trick = w.leader, w.trick
    face = stock[0] if stock else -1
    held = [0, 0]  # each hand as a bitmask, kept up to date as cards are played and drawn
    for i, hnd in enumerate(hands):
        for c in hnd:
            held[i] |= 1 << c
    rest = held[0] | held[1]  # cards in hands and stock, but the face-up card while it lies in the stock
    for c in stock[1:]:
        rest |= 1 << c
    drawn_by = -1  # who drew the face-up card (known to the other seat)
    plies = 0
    seat = (leader + len(trick)) % 2
    while hands[seat]:
        if SOLVE_END and not stock and not trick and len(hands[seat]) > 1 and not w.vinco:
            return plies + _solve_rest(w, t, k, leader)
        hand = hands[seat]
        if len(hand) == 1:
            c = hand[0]
        else:
            known = 0
            if drawn_by == 1 - seat and held[1 - seat] >> face & 1:
                known = 1 << face
            unseen = rest & ~held[seat] & ~known
            c = choice(rules[seat], hand, trick, unseen, len(hands[1 - seat]) - (1 if known else 0), known, trump, st)
        hand.remove(c)
        held[seat] ^= 1 << c
        rest &= ~(1 << c)
        plies += 1
        trick.append(c)
        if len(trick) < 2:
            seat = 1 - seat
            continue
        a, b = trick
        win = (1 - leader) if ((st[b] > st[a]) if b // 10 == a // 10 else b // 10 == trump) else leader
        s = side[win]
        side_pts[s] += pts[a] + pts[b]
        trick.clear()
        seat = leader = win
        if stock:
            for i in (win, 1 - win):
                card = stock.pop()
                hands[i].append(card)
                held[i] |= 1 << card
                if card == face and not stock:
                    drawn_by = i
                    rest |= 1 << face
        if w.vinco and side_pts[s] >= WIN:
            break
    w.leader, w.trick = leader, []
    return plies
