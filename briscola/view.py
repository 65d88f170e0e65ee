"""A player's view: exactly what one seat may see of a deal (OpenSpiel's observer).

The AI and the UI see the game only through :func:`view_of`. Its JSON form is
the agent protocol's request (RECORD.md), extended with what Brisca and
chiamata need (docs/engine.md lists the extra keys).

>>> from briscola.variants import Rules
>>> from briscola.cards import DECK
>>> from briscola.state import Deal
>>> v = view_of(Deal(Rules.make("classica", 2), 0, DECK), 1)
>>> [c.code for c in v.hand], v.trump_card.code, v.stock, v.hands
(['AD', '3D', '5D'], '7D', 34, {})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .actions import Action, Bid, Exchange, Pass, Trick
from .cards import Card
from .state import PHASES as DEAL_PHASES
from .state import Deal
from .variants import Options

# The phases a view shows: the deal's, and "draw" (another seat's Brisca exchange decision).
PHASES = (*DEAL_PHASES, "draw")


@dataclass(frozen=True)
class View:
    """What ``seat`` knows. Hidden cards (others' hands, the stock order) are absent."""

    variant: str
    players: int
    seat: int
    dealer: int
    options: Options
    phase: str  # as this seat sees it: another seat's exchange decision shows as "draw"
    to_move: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    trump_card: Card | None  # the face-up card (still named after it is drawn)
    trump_suit: str | None
    stock: int  # cards left to draw, the face-up card included
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    points: tuple[int, ...]
    hands: dict[int, tuple[Card, ...]] = field(default_factory=dict)  # other seats' hands shown to this seat
    played_shown: bool = False  # carte viste: the UI shows the cards already played
    exchanges: tuple[tuple[int, Card, Card], ...] = ()  # Brisca: (seat, card given, card taken)
    auction: tuple[tuple[int, Bid | Pass], ...] = ()
    caller: int | None = None
    called_card: Card | None = None
    partner: int | None = None  # chiamata: the called card's holder, once this seat knows it
    legal: tuple[Action, ...] = ()  # what this seat may do now (empty when not its turn)

    @property
    def my_turn(self) -> bool:
        return bool(self.legal)


def visible_hands(deal: Deal, seat: int) -> dict[int, tuple[Card, ...]]:
    """Other seats' hands that the options show to ``seat`` (RULES.md §2, §4)."""
    rules, opts, n = deal.rules, deal.rules.options, deal.rules.players
    shown: set[int] = set()
    stock_out = deal.stock_count == 0 and deal.phase in ("play", "over") and deal.auction is None
    if opts.carte_viste and n == 2 and stock_out:
        shown.add(1 - seat)
    if deal.auction is None and n in rules.variant.team_players:
        partners = set(rules.teams[rules.team_of(seat)]) - {seat}
        if opts.carte_scoperte or (opts.mostra_carte and stock_out):
            shown |= partners
    return {s: tuple(deal.hands[s]) for s in sorted(shown)}


def view_of(deal: Deal, seat: int) -> View:
    """The view of ``seat``: its own hand, public cards, and what the options reveal."""
    phase = deal.phase
    to_move: int | None = deal.to_move if phase != "over" else None
    if phase == "exchange" and deal.to_move != seat:
        phase, to_move = "draw", None  # who may exchange would reveal who holds the 7 or the 2
    partner = None
    if deal.partner is not None and (deal.partner_known or seat == deal.partner):
        partner = deal.partner
    return View(
        variant=deal.rules.name,
        players=deal.rules.players,
        seat=seat,
        dealer=deal.dealer,
        options=deal.rules.options,
        phase=phase,
        to_move=to_move,
        hand=tuple(deal.hands[seat]),
        hand_sizes=tuple(len(h) for h in deal.hands),
        trump_card=deal.trump_card,
        trump_suit=deal.trump_suit,
        stock=deal.stock_count,
        leader=deal.leader,
        trick=tuple(deal.trick),
        tricks=tuple(deal.tricks),
        points=tuple(deal.points),
        hands=visible_hands(deal, seat),
        played_shown=deal.rules.options.carte_viste,
        exchanges=tuple(deal.exchanges),
        auction=tuple(deal.auction.calls) if deal.auction else (),
        caller=deal.caller,
        called_card=deal.called_card,
        partner=partner,
        legal=tuple(deal.legal_actions()) if to_move == seat else (),
    )


def view_to_json(view: View) -> dict[str, Any]:
    """The agent protocol request for this view (RECORD.md), with the extra keys."""
    out: dict[str, Any] = {
        "variant": view.variant,
        "players": view.players,
        "seat": view.seat,
        "dealer": view.dealer,
        "options": view.options.to_dict(),
        "hand": [c.code for c in view.hand],
        "trump": view.trump_card.code if view.trump_card else None,
        "stock": view.stock,
        "tricks": [{"leader": t.leader, "cards": [c.code for c in t.cards], "winner": t.winner}
                   for t in view.tricks],
        "trick": [c.code for c in view.trick],
        "points": list(view.points),
        "phase": view.phase,
        "leader": view.leader,
        "hand_sizes": list(view.hand_sizes),
    }
    if view.hands:
        out["hands"] = {str(s): [c.code for c in h] for s, h in view.hands.items()}
    if view.trump_suit and not view.trump_card:
        out["trump_suit"] = view.trump_suit
    if view.exchanges:
        out["exchanges"] = [{"seat": s, "gave": g.code, "took": t.code} for s, g, t in view.exchanges]
    if view.variant == "chiamata":
        out["auction"] = [{"seat": s, **c.to_json()} for s, c in view.auction]
        out["caller"] = view.caller
        out["called"] = view.called_card.code if view.called_card else None
        out["partner"] = view.partner
    if view.legal:
        out["legal"] = [a.to_json() for a in view.legal]
        if any(isinstance(a, Exchange) for a in view.legal):
            out["exchange"] = [a.card.code for a in view.legal if isinstance(a, Exchange)]
    return out
