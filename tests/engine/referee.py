"""An independent referee for records: RULES.md and RECORD.md written out again, without briscola.

It trusts the record's legality (the engine checks that) and computes the replay
output from scratch, so that the fixtures' expected files are not the engine's
own output copied.
"""

from __future__ import annotations

from typing import Any

ORDER = {"biscambiggia": "A7KQJ65432"}
VALUE = {"biscambiggia": {"A": 11, "7": 10, "K": 4, "Q": 3, "J": 2}}
DEFAULT_ORDER = "A3KQJ76542"
DEFAULT_VALUE = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}


def referee(record: dict[str, Any]) -> dict[str, Any]:
    variant, n, dealer = record["variant"], record["players"], record["dealer"]
    vinco = (record.get("options") or {}).get("vinco_subito", False)
    order, value = ORDER.get(variant, DEFAULT_ORDER), VALUE.get(variant, DEFAULT_VALUE)
    deck = list(record["deck"])
    size = 8 if variant == "chiamata" else 3
    hands: list[list[str]] = [[] for _ in range(n)]
    for i in range(size * n):
        hands[(dealer + 1 + i) % n].append(deck[i])
    rest = deck[size * n:]
    face = rest[0] if rest else None
    stock = rest[1:] + rest[:1]  # draw order, the face-up card last
    trump = face[1] if face else None
    if n in (4, 6) and variant != "chiamata":
        sides = [list(range(0, n, 2)), list(range(1, n, 2))]
    else:
        sides = [[s] for s in range(n)]
    leader = (dealer + 1) % n
    trick: list[str] = []
    tricks: list[dict[str, Any]] = []
    points = [0] * n
    won = [False] * n
    pending_draws = False
    finished = False
    # chiamata
    best: tuple[int, str, int | None] | None = None  # (seat, rank, points)
    passed: set[int] = set()
    bidder = (dealer + 1) % n
    caller = partner = None
    target = 60
    void = False
    for action in record["actions"]:
        if "bid" in action or "pass" in action:
            if "bid" in action:
                best = (bidder, action["bid"], action.get("points"))
            else:
                passed.add(bidder)
            if len(passed) == n:
                void = finished = True
            elif len(passed) == n - 1 and best is not None:
                caller = best[0]
            else:
                bidder = (bidder + 1) % n
                while bidder in passed:
                    bidder = (bidder + 1) % n
            continue
        if "suit" in action:
            assert best is not None
            called = best[1] + action["suit"]
            trump = action["suit"]
            target = best[2] if best[2] is not None else 60
            partner = next(s for s in range(n) if called in hands[s])
            mine = sorted({caller, partner})
            sides = [mine, [s for s in range(n) if s not in mine]]
            continue
        if "exchange" in action:
            seat, give = action["seat"], action["exchange"]
            assert won[seat] and give[1] == trump and give in hands[seat] and len(stock) > n
            hands[seat][hands[seat].index(give)] = stock[-1]
            stock[-1] = give
            continue
        card = action["play"]
        if pending_draws:
            for k in range(n):
                hands[(leader + k) % n].append(stock.pop(0))
            pending_draws = False
        seat = (leader + len(trick)) % n
        hands[seat].remove(card)
        trick.append(card)
        if len(trick) < n:
            continue
        winner_i = 0
        for i, c in enumerate(trick):
            b = trick[winner_i]
            if c[1] == b[1]:
                if order.index(c[0]) < order.index(b[0]):
                    winner_i = i
            elif c[1] == trump:
                winner_i = i
        winner = (leader + winner_i) % n
        pts = sum(value.get(c[0], 0) for c in trick)
        tricks.append({"leader": leader, "cards": trick, "winner": winner, "points": pts})
        points[winner] += pts
        won[winner] = True
        leader, trick = winner, []
        if stock:
            if variant == "brisca":
                pending_draws = True  # an exchange may come before the draws
            else:
                for k in range(n):
                    hands[(leader + k) % n].append(stock.pop(0))
        side_of_winner = next(side for side in sides if winner in side)
        if vinco and variant != "chiamata" and sum(points[s] for s in side_of_winner) >= 61:
            finished = True
            break
        if not stock and not pending_draws and not any(hands):
            finished = True
    if variant == "chiamata" and caller is None:
        team_points = [0, sum(points)]
    else:
        team_points = [sum(points[s] for s in side) for side in sides]
    winner_side = None
    if finished and not void:
        if variant == "chiamata":
            winner_side = 0 if team_points[0] >= target else 1
        elif len(team_points) == 2:
            winner_side = 0 if team_points[0] >= 61 else 1 if team_points[1] >= 61 else None
        else:
            top = max(team_points)
            winner_side = team_points.index(top) if team_points.count(top) == 1 else None
    out: dict[str, Any] = {"tricks": tricks, "points": points, "team_points": team_points,
                           "winner": winner_side, "finished": finished}
    if variant == "chiamata":
        out["scores"] = _scores(n, caller, partner, target, winner_side, team_points, finished and not void)
    return out


def _scores(n: int, caller, partner, target: int, winner_side, team_points, played: bool) -> list[int]:
    if not played or caller is None:
        return [0] * n
    won = winner_side == 0
    alone = caller == partner
    if alone:
        c, p, o = (4, 0, -2) if won else (-4, 0, 2)
    elif target <= 70:
        c, p, o = (2, 1, -1) if won else (-2, -1, 1)
    elif target <= 80:
        c, p, o = (4, 2, -2) if won else (-4, -2, 2)
    else:
        c, p, o = (6, 3, -3) if won else (-2, -1, 1)
    if won and team_points[0] == 120:
        c, p, o = (c + 4, p, o - 1) if alone else (c + 2, p + 1, o - 1)
    out = [o] * n
    out[caller] = c
    if not alone:
        out[partner] = p
    return out
