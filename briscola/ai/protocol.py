"""The agent protocol (RECORD.md): a view as one JSON line in, one action line out.

:func:`view_from_json` reads what :func:`briscola.view.view_to_json` writes (and
the minimal request of RECORD.md, filling in what follows from it), checking
that the view adds up, so that a bad request gets a clear error, never a crash.

>>> import io
>>> line = ('{"variant": "classica", "players": 2, "seat": 0, "dealer": 1, "hand": ["AD", "3S", "7B"],'
...         ' "trump": "KD", "stock": 34, "tricks": [], "trick": [], "points": [0, 0]}')
>>> out = io.StringIO()
>>> run_agent(io.StringIO(line + "\\nnot json\\n"), out, "esperto", seed=1)
>>> print(out.getvalue().strip())
{"play": "7B"}
{"error": "not valid JSON: Expecting value: line 1 column 1 (char 0)"}
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import IO, Any, TextIO

from .. import jsonsafe
from ..actions import PLAYS, Action, CallSuit, Draw, Exchange, Trick, action_from_json
from ..auction import Auction
from ..cards import Card
from ..errors import BriscolaError, one_line
from ..variants import Options, Rules
from ..view import View


class ProtocolError(BriscolaError, ValueError):
    """A request that is not a readable, consistent view."""


def _need(cond: object, message: str) -> None:
    if not cond:
        raise ProtocolError(message)


def _int(data: dict[str, Any], key: str, default: int | None = None) -> int:
    value = data.get(key, default)
    _need(isinstance(value, int) and not isinstance(value, bool), f"{key} must be a whole number, not {value!r}")
    return value  # type: ignore[return-value]


def _cards(value: Any, what: str) -> tuple[Card, ...]:
    _need(isinstance(value, list), f"{what} must be a list of card codes")
    return tuple(Card.parse(c) for c in value)


def view_from_json(data: Any) -> View:
    """The :class:`View` of an agent request; raises :class:`ProtocolError` (or another BriscolaError)."""
    _need(isinstance(data, dict), "a request must be a JSON object")
    for key in ("variant", "players", "seat", "hand"):
        _need(key in data, f"missing key {key!r}")
    options = Options.from_dict(data.get("options") or {})
    rules = Rules.make(data["variant"], data["players"], options)
    n = rules.players
    seat = _int(data, "seat")
    _need(0 <= seat < n, f"seat must be 0..{n - 1}")
    dealer = _int(data, "dealer", 0)
    _need(0 <= dealer < n, f"dealer must be 0..{n - 1}")
    hand = _cards(data["hand"], "hand")
    trump = Card.parse(data["trump"]) if data.get("trump") is not None else None
    trump_suit = data.get("trump_suit") or (trump.suit if trump else None)
    _need(trump_suit is None or trump_suit in ("D", "C", "B", "S"), f"unknown trump suit {trump_suit!r}")
    stock = _int(data, "stock", 0)
    tricks = _tricks(data.get("tricks", []), rules)
    trick = _cards(data.get("trick", []), "trick")
    points = [0] * n
    for t in tricks:
        points[t.winner] += t.points
    leader = _int(data, "leader", tricks[-1].winner if tricks else (dealer + 1) % n)
    _need(0 <= leader < n, f"leader must be 0..{n - 1}")
    played = [c for t in tricks for c in t.cards] + list(trick)
    hands = {int(s): _cards(h, "hands") for s, h in (data.get("hands") or {}).items()}
    everything = list(hand) + played + [c for s, h in hands.items() if s != seat for c in h]
    _need(len(set(everything)) == len(everything), "a card appears twice in the view")
    _need(all(c in rules.deck for c in everything), "a card of the view is not in this deck")
    sizes = _hand_sizes(data, rules, seat, len(hand), stock, tricks, leader, trick)
    _need(sum(sizes) + len(played) + stock == len(rules.deck) or data.get("phase") in ("auction", "call"),
          "the view does not add up: hands, played cards and stock must make the whole deck")
    exchanges = tuple((_int(e, "seat"), Card.parse(e["gave"]), Card.parse(e["took"]))
                      for e in data.get("exchanges", []))
    auction = tuple((_int(c, "seat"), action_from_json({k: v for k, v in c.items() if k != "seat"}))
                    for c in data.get("auction", []))
    called = Card.parse(data["called"]) if data.get("called") else None
    caller = data.get("caller")
    partner = data.get("partner")
    phase = data.get("phase", "play")
    _need(phase in ("auction", "call", "exchange", "draw", "play", "over"), f"unknown phase {phase!r}")
    if "legal" in data:
        legal = tuple(_legal_action(a, seat) for a in data["legal"])
    elif "phase" in data:  # a full view without "legal": not this seat's turn
        legal = ()
    else:  # the minimal request of RECORD.md: this seat is asked to play
        legal = _default_legal(phase, hand, seat, n, data, auction)
    to_move = seat if legal else _to_move(phase, n, leader, trick, caller, dealer, auction)
    return View(
        variant=rules.name, players=n, seat=seat, dealer=dealer, options=options, phase=phase,
        to_move=to_move, hand=hand, hand_sizes=tuple(sizes), trump_card=trump,
        trump_suit=trump_suit, stock=stock, leader=leader, trick=trick, tricks=tricks,
        points=tuple(points), hands=hands, played_shown=options.carte_viste, exchanges=exchanges,
        auction=auction, caller=caller, called_card=called, partner=partner, legal=legal,
    )


def _tricks(raw: Any, rules: Rules) -> tuple[Trick, ...]:
    _need(isinstance(raw, list), "tricks must be a list")
    out = []
    for t in raw:
        _need(isinstance(t, dict), "each trick must be an object")
        cards = _cards(t.get("cards"), "a trick's cards")
        _need(len(cards) == rules.players, f"a trick must hold {rules.players} cards")
        leader, winner = _int(t, "leader"), _int(t, "winner")
        _need(0 <= leader < rules.players and 0 <= winner < rules.players, "trick seats out of range")
        out.append(Trick(leader, cards, winner, sum(rules.card_points[c.index] for c in cards)))
    return tuple(out)


def _hand_sizes(data: dict[str, Any], rules: Rules, seat: int, mine: int, stock: int,
                tricks: tuple[Trick, ...], leader: int, trick: tuple[Card, ...]) -> list[int]:
    if "hand_sizes" in data:
        sizes = data["hand_sizes"]
        _need(isinstance(sizes, list) and len(sizes) == rules.players
              and all(isinstance(x, int) and x >= 0 for x in sizes), "hand_sizes must list one count per seat")
        _need(sizes[seat] == mine, "hand_sizes disagrees with the hand")
        return list(sizes)
    n = rules.players
    first_stock = len(rules.deck) - rules.hand_size * n if rules.variant.trump_card else 0
    drawn_each = (first_stock - stock) // n
    sizes = [rules.hand_size + drawn_each - len(tricks)] * n
    for i in range(len(trick)):
        sizes[(leader + i) % n] -= 1
    _need(sizes[seat] == mine, f"the hand should hold {sizes[seat]} cards here, not {mine}")
    return sizes


def _to_move(phase: str, n: int, leader: int, trick: tuple[Card, ...], caller: Any, dealer: int,
             auction: tuple[tuple[int, Action], ...]) -> int | None:
    """Whose turn it is, as the view shows it to a seat that is not asked."""
    if phase == "play":
        return (leader + len(trick)) % n
    if phase == "call":
        return caller if isinstance(caller, int) else None
    if phase == "auction":
        a = Auction(n, (dealer + 1) % n)
        for s, call in auction:
            a.apply(s, call)  # type: ignore[arg-type]
        return a.to_move
    return None


def _legal_action(raw: Any, seat: int) -> Action:
    action = action_from_json(raw)
    if isinstance(action, Exchange) and action.seat != seat:
        raise ProtocolError("a legal exchange must be for the seat to move")
    return action


def _default_legal(phase: str, hand: tuple[Card, ...], seat: int, n: int, data: dict[str, Any],
                   auction: tuple[tuple[int, Action], ...]) -> tuple[Action, ...]:
    if phase == "play":
        return tuple(PLAYS[c.index] for c in hand)
    if phase == "exchange":
        swaps = tuple(Exchange(Card.parse(c), seat) for c in data.get("exchange", []))
        return (*swaps, Draw())
    if phase == "call":
        return tuple(CallSuit(s) for s in "DCBS")
    if phase == "auction":
        first = (_int(data, "dealer", 0) + 1) % n
        a = Auction(n, first)
        for s, call in auction:
            a.apply(s, call)  # type: ignore[arg-type]
        _need(a.to_move == seat and not a.over, "it is not this seat's turn to bid")
        return tuple(a.legal())
    return ()


def request_rng(seed: int, line: str) -> random.Random:
    """The generator for one request: the same seed and view always give the same answer."""
    return random.Random(f"briscola-agent:{seed}:{line.strip()}")


MAX_LINE = jsonsafe.MAX_CHARS
"""Longest request line (bytes); a real view is a few kilobytes."""


def request_lines(infile: IO[Any]) -> Iterator[str | bytes | None]:
    """Each line of ``infile`` (bytes or text) as read; ``None`` for a line longer than
    :data:`MAX_LINE`, which is read to its end in pieces and never kept whole."""
    while True:
        line = infile.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) <= MAX_LINE or line[-1:] in ("\n", b"\n"):
            yield line
            continue
        while line and line[-1:] not in ("\n", b"\n"):
            line = infile.readline(1 << 16)
        yield None


def answer(line: str | bytes | None, level: str, seed: int) -> dict[str, Any]:
    """The answer to one request line: an action in record syntax, or ``{"error": "..."}`` (one
    line of at most 200 characters) for anything it cannot answer, whatever the line holds."""
    from . import choose

    try:
        if line is None:
            raise ProtocolError(f"the request is too big (more than {MAX_LINE} bytes)")
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                raise ProtocolError("the request is not valid UTF-8 text") from None
        view = view_from_json(jsonsafe.loads(line))
        _need(view.legal, "this seat has nothing to do in this view")
        return choose(view, level, request_rng(seed, line)).to_json()
    except BriscolaError as exc:
        return {"error": str(exc)}
    except Exception as exc:  # noqa: BLE001 - a request that trips the engine is answered like any bad one
        return {"error": one_line(f"cannot read the request: {exc!r}")}


def run_agent(infile: IO[Any], outfile: TextIO, level: str, seed: int = 0) -> None:
    """Answer each request line with one action line until end of input. ``infile`` is best read
    as bytes (``sys.stdin.buffer``): a line that is not UTF-8 then gets its error answer like any
    other bad line. Lines end with ``\\n`` (``\\r\\n`` too); blank lines are not requests and get
    no answer."""
    for line in request_lines(infile):
        text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
        if text is not None and not text.strip():
            continue
        outfile.write(json.dumps(answer(line, level, seed)) + "\n")
        outfile.flush()
