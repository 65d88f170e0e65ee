"""The match on the page: who sits where, what seat 0 may see, and the one match in progress.

:mod:`briscola.web` (the page's operations) and :mod:`briscola.web_tournament` (the tournament's)
both start and read the match through here, so neither imports the other's internals.

>>> from briscola.match import Match, MatchFormat
>>> from briscola.variants import Rules
>>> s = begin(Match.new(Rules.make("classica", 2), MatchFormat.default("classica", 2), 7, meta={"level": "esperto"}))
>>> s.state()["view"]["seat"], s.ai_seat(), current() is s
(0, None, True)

In chiamata nobody abandons (source 003): the person may let the computer play seat 0 instead
(:meth:`Session.set_stand_in`), for the rest of the deal or until taking the seat back.

The methods change the match or raise :class:`Refused`; what the page is answered is
:mod:`briscola.answers`'s to shape.
"""

from __future__ import annotations

import random
from typing import Any

from .actions import Action, Bid, CallSuit, Cut, Draw, Exchange, Pass, Play, action_from_json
from .clock import OutOfTime, reported_ms
from .errors import BriscolaError, SaveError
from .fair import Mismatch
from .fair_session import FairPlay
from .match import Match
from .match_json import extras
from .practice import ai_numbers, info
from .rituals import computer_cut
from .seats import Seating
from .view import View, view_of, view_to_json
from .web_checks import accuracy_json, js_int

HUMAN = 0
"""The person at the page always sits at seat 0 (bottom of the table)."""

STAND_IN = "stand_in"
"""The key in a match's meta (so in its save) while the computer plays seat 0 for the person."""


class Refused(Exception):
    """The match refuses an operation: ``code`` for the page to word (every refusal leaves the match
    as it was, but a move too late, ``changed``: the seat lost on time), ``detail`` for the logs."""

    def __init__(self, code: str, detail: str, changed: bool = False) -> None:
        super().__init__(detail)
        self.code = code
        self.changed = changed


class Session:
    """The match on the page, and who plays which seat (:class:`briscola.seats.Seating`)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.seating = Seating.from_meta(match.meta, match.rules.players)
        # online, the host's referee: what each guest has still to hear, while another seat decides
        # (briscola/guests.py)
        self.outbox: dict[int, dict[str, Any]] = {}
        # A fair table (docs/fair-deal.md): this page's side of the deal in play (briscola.fair_session).
        self.fair: FairPlay | None = None
        self.sent: list[dict[str, Any]] = []  # a fair table: the steps this page's last operation made, to send
        if match.decks is not None and match.fair_state is not None:
            try:
                self.fair = FairPlay.from_json(match, match.fair_state)
            except BriscolaError as exc:
                raise SaveError(f"the fair deal in play does not replay: {exc}", code="bad_meta",
                                params={"field": "fair"}) from None

    def start_fair(self, shuffle: Any) -> None:
        """A new fair table's match, on this page (the viewer's seat): its first deal from the
        shuffle ``{k, plays}``."""
        from .fair_session import plan_of, shuffle_of

        k, plays = shuffle_of(shuffle, self.match)
        plan = plan_of(shuffle)
        self.fair = FairPlay(self.match, self.viewer)
        self.fair.begin(k, plays, plan)

    def fair_info(self) -> dict[str, Any]:
        """A fair table: what this page's protocol needs (:meth:`FairPlay.info`), and ``ai``, the
        seat this page's computer moves now (None: a person's, or another page's)."""
        assert self.fair is not None
        return {**self.fair.info(), "ai": self.ai_seat()}

    @property
    def owner(self) -> int:
        """The person this page belongs to: seat 0 (the device's owner), or at a fair table its page's seat."""
        return self.fair.page if self.fair is not None else HUMAN

    @property
    def level(self) -> str:
        return str(self.match.meta.get("level", "esperto"))

    @property
    def viewer(self) -> int:
        """The person whose view the page shows (seat 0 unless pass-and-play handed the device on)."""
        return int(self.match.meta.get("viewer", HUMAN))

    @property
    def away(self) -> list[int]:
        """Online people's seats the computer plays while their guest is gone."""
        return list(self.match.meta.get("away", []))

    @property
    def stand_in(self) -> bool:
        """Whether the computer plays seat 0 for the person (chiamata only; kept in the save's meta)."""
        return self.match.rules.name == "chiamata" and self.match.meta.get(STAND_IN) is True

    def set_stand_in(self, on: Any) -> None:
        """The computer takes seat 0 (``on``) or gives it back. Only in chiamata, where nobody
        abandons (source 003: *il Server giocherà le carte al posto del giocatore*); it lasts
        until the person takes the seat back or the deal ends (:meth:`next_deal`)."""
        if not isinstance(on, bool):
            raise Refused("malformed", "stand_in takes {\"on\": true|false}")
        if self.match.rules.name != "chiamata":
            raise Refused("stand_in_chiamata", "only in chiamata")
        if on and self.match.over:
            raise Refused("match_over", "the match is over")
        if on:
            self.match.meta[STAND_IN] = True
        else:
            self.match.meta.pop(STAND_IN, None)

    def set_viewer(self, seat: Any) -> None:
        """Pass-and-play: the device goes to the person at ``seat``; every answer is now seen from there."""
        if not self._person(seat):
            raise Refused("not_a_person", f"seat {seat!r} is not a person's")
        self.match.meta["viewer"] = seat

    def set_away(self, seat: Any, on: Any) -> None:
        """Online: the computer plays a guest's seat while he is gone (``on``), and gives it back."""
        if not isinstance(on, bool):
            raise Refused("malformed", "away takes {\"seat\": n, \"on\": true|false}")
        if not self._person(seat) or seat == HUMAN:
            raise Refused("not_a_person", f"seat {seat!r} is not a guest's")
        away = set(self.away) | {seat} if on else set(self.away) - {seat}
        if away:
            self.match.meta["away"] = sorted(away)
        else:
            self.match.meta.pop("away", None)

    def next_deal(self, arg: Any = None) -> None:
        """Deal the next hand; the person plays it (a stand-in lasts for one deal at most). At a fair
        table, ``{"fair": {k, plays}}``: the shuffle that deals it, and who plays each seat."""
        if self.fair is not None:
            from .fair_session import plan_of, shuffle_of

            if self.match.unsettled:
                raise Refused("deal_unsettled", "the deal in play is not checked yet")
            shuffle = arg.get("fair") if isinstance(arg, dict) else None
            k, plays = shuffle_of(shuffle, self.match)
            plan = plan_of(shuffle)
            self.match.next_deal()
            self.fair.begin(k, plays, plan)
        else:
            self.match.next_deal()
        self.match.meta.pop(STAND_IN, None)

    def state(self, seat: int | None = None, guest: bool = False) -> dict[str, Any]:
        """Everything the page draws, as ``seat`` (default: the viewer) may see it. For a ``guest``
        (an online seat's page), ``ai_to_move`` says someone else is to move: its page waits; and
        there is no ``seed``, from which every deck of the match follows (briscola/guests.py)."""
        m = self.match
        deal = m.deal
        viewer = self.viewer if seat is None else seat
        view = view_of(deal, viewer)
        others = not (m.over or deal.over) and view.to_move is not None and view.to_move != viewer
        if self.fair is not None:  # every page waits for the others' moves, and makes its computer's
            guest, others = True, not (m.over or deal.over) and not self._fair_turn(viewer)
        out: dict[str, Any] = {
            "status": m.status,
            "level": self.level,
            "format": m.format.to_dict(),
            "seed": js_int(m.seed),
            "deal_index": len(m.deals) - 1,
            "deal_kind": m.kinds[-1],
            "teams": [list(t) for t in m.rules.teams],
            "sides": [list(s) for s in deal.sides()],
            "team_points": deal.team_points(),
            "view": view_to_json(view),
            "to_move": view.to_move,
            "trick_points": [t.points for t in view.tricks],
            "ai_to_move": others if guest else self.ai_seat() is not None,
            "stand_in": self.stand_in and viewer == HUMAN,
            "match": _result_json(m),
            **self.seating.to_json(self.level),  # people, names, levels, online, room
            "viewer": viewer,
            "away": self.away,
            "accuracy": accuracy_json(m.meta),  # the analysed deals' accuracy (web_analysis.py), or null
            **extras(m, viewer),  # draw, cut, clock, team_piles (briscola/match_json.py)
        }
        if guest and self.fair is None:
            del out["seed"]
            del out["accuracy"]  # the host's own figures
        if self.fair is not None:
            out["ai_to_move"] = others
            out["fair"] = self.fair_info()
            if others:
                out["view"]["legal"] = []  # another seat moves, or decides (Brisca's exchange) unseen
            if m.unsettled and not self.fair.plays(viewer):  # the computer plays this seat on another page
                out["view"]["hand"] = []
            fd = self.fair.follow
            if m.unsettled and fd is not None and not fd.ready:  # stand-ins until read: only read cards drawn
                out["view"]["hand"] = [code for code in out["view"]["hand"] if fd.read(code)]
                out["view"]["trump"] = None
                out["view"].pop("hands", None)
        if (practice := info(m)) is not None:  # "Rigioca la smazzata": which deal is played again
            out["practice"] = {"deal": practice["deal"] + 1}
        if "tournament" in m.meta:  # a tournament's match: which one, for the page's label and record
            out["tournament"] = m.meta["tournament"]
        if "club" in m.meta:  # an organiser's tournament's match (web_club.py): which one, for the bar and the record
            out["club"] = m.meta["club"]
        if (daily := m.meta.get("daily")) is not None:  # the daily deal (briscola/daily.py): its day, a match set aside
            out["daily"] = {"variant": daily["variant"], "date": daily["date"], "late": daily["late"],
                            "aside": "aside" in daily}
        if deal.auction is not None and not deal.over and view.partner is None and deal.caller is not None:
            _hide_partner(out, deal)
        if out["stand_in"] or viewer in self.away:  # the computer plays this seat: no move from the person
            out["view"]["legal"] = []
        if deal.auction is not None and deal.caller is not None:
            # chiamata: the contract is public once the auction is won (the bids were heard by all)
            out["contract"] = {"caller": deal.caller, "target": deal.target}
        if deal.over:
            out["deal_result"] = {
                "winner": deal.winner(),
                "team_points": deal.team_points(),
                "void": deal.void,
                "ended_early": deal.ended_early,
                "scores": deal.scores() if deal.auction is not None else None,
                "target": deal.target if deal.auction is not None else None,
                "hands": [[c.code for c in h] for h in deal.hands],
            }
        return out

    def _fair_turn(self, seat: int) -> bool:
        """A fair table: whether the person at ``seat``, on this page, moves now."""
        fair = self.fair
        assert fair is not None
        fd = fair.follow
        if fd is None or not self.match.unsettled or not fd.ready or not fair.plays(seat):
            return False
        if seat == HUMAN and self.stand_in:
            return False
        if fd.window is not None:
            return seat in fd.deciding()
        return fd.deal.to_move == seat

    def ai_seat(self) -> int | None:
        """The seat the computer must move now, if any: not a person's, or a person's it plays for
        (seat 0 under the chiamata stand-in, a guest gone from an online table). At a fair table, only
        a seat this page plays: the others' moves come from their pages."""
        deal = self.match.deal
        if self.match.over or deal.over:
            return None
        if self.fair is not None:
            fd = self.fair.follow
            if fd is None or not self.match.unsettled or not fd.ready:  # its cards read first
                return None
            mine = [s for s in fd.deciding()] if fd.window is not None else [deal.to_move]
            return next((s for s in mine if self.fair.plays(s) and (s != self.viewer or self.stand_in)), None)
        seat = deal.to_move
        if self.seating.is_person(seat) and seat not in self.away and not (seat == HUMAN and self.stand_in):
            return None
        return seat

    def act(self, data: Any, seat: int | None = None, by_computer: bool = False) -> dict[str, Any]:
        """Apply an action for ``seat`` (default: the viewer) and return it as played (``{"seat", ...}``);
        an illegal one is refused with a code the page explains, from the same unchanged state.

        With a clock, ``data`` may carry ``"ms"``: the time the seat took; a move too late is not
        played, the seat loses on time (code ``timed_out``: the match changed, it is over). While the
        computer plays seat 0 (:attr:`stand_in`), the person's own moves are refused (code ``stand_in``)."""
        seat = self.viewer if seat is None else seat
        if seat == HUMAN and self.stand_in and not by_computer:
            raise Refused("stand_in", "the computer plays this seat")
        ms = None
        try:
            if isinstance(data, dict) and "ms" in data:
                data = dict(data)
                raw = data.pop("ms")
                ms = None if raw is None else reported_ms(raw)
            action = action_from_json(data)
        except BriscolaError as exc:
            raise Refused("malformed", str(exc)) from None
        if isinstance(action, Exchange) and action.seat != seat and not by_computer:
            raise Refused("not_your_turn", "an exchange is made by the seat that holds the card")
        acting = action.seat if isinstance(action, Exchange) else seat
        if self.fair is not None:
            return self._fair_act(seat, acting, action, ms, by_computer)
        try:
            self.match.apply(action, seat=acting, ms=ms)
        except OutOfTime as exc:
            self.match.timeout(acting, ms or 0)
            raise Refused("timed_out", str(exc), changed=True) from None
        except BriscolaError as exc:
            raise Refused(_why_refused(self.match, action, seat) or "illegal", str(exc)) from None
        return {"seat": seat, **action.to_json()}

    def seat_act(self, arg: Any) -> dict[str, Any]:
        """Online, the host's referee: a guest's move, ``{"seat", "action", "ms"?}``, checked like any
        input from outside."""
        if not isinstance(arg, dict) or not isinstance(arg.get("action"), dict):
            raise Refused("malformed", "seat_act takes {\"seat\": n, \"action\": {...}}")
        seat = arg.get("seat")
        self.check_guest(seat)
        if seat in self.away:
            raise Refused("away", "the computer plays this seat until its guest is back")
        data = dict(arg["action"], **({"ms": arg["ms"]} if "ms" in arg else {}))
        return self.act(data, seat)

    def _fair_act(self, seat: int, acting: int, action: Action, ms: int | None, by_computer: bool) -> dict[str, Any]:
        """A move of a seat this page plays at a fair table: checked and applied by this page's engine;
        the steps it makes (with Brisca's words it led to) wait in :attr:`sent` for the page to send."""
        fair = self.fair
        assert fair is not None
        if not by_computer and not self._fair_turn(acting):
            code = "not_your_turn" if fair.plays(acting) else "not_a_person"
            raise Refused(code, f"seat {acting} does not move here now")
        try:
            self.sent = fair.own(acting, action, ms)
        except OutOfTime as exc:
            self.match.timeout(acting, ms or 0)
            raise Refused("timed_out", str(exc), changed=True) from None
        except Mismatch as exc:
            raise Refused(_why_refused(self.match, action, seat) or "illegal", str(exc)) from None
        return {"seat": seat, **action.to_json()}

    def check_guest(self, seat: Any) -> int:
        """``seat`` if it is a guest's (:meth:`is_guest`), else refused with code ``not_a_person``."""
        if not self.is_guest(seat):
            raise Refused("not_a_person", f"seat {seat!r} is not a guest's")
        return seat

    def is_guest(self, seat: Any) -> bool:
        """Whether ``seat`` is a guest's at an online table: a people's seat other than the viewer's."""
        return self._person(seat) and seat != self.viewer

    def _person(self, seat: Any) -> bool:
        return isinstance(seat, int) and not isinstance(seat, bool) and self.seating.is_person(seat)

    def ai_rng(self, seat: int) -> random.Random:
        """The generator of the computer's choice at this point of the match: a match replays the same."""
        number, moves = ai_numbers(self.match)  # a practice deal is keyed as the deal it plays again
        if self.fair is not None:  # a fair table: this page's own secret (every page knows the seed)
            return random.Random(f"ai:{self.fair.ai}:{number}:{moves}:{seat}")
        return random.Random(f"ai:{self.match.seed * 1000 + number}:{moves}")

    def ai_step(self) -> dict[str, Any]:
        """The computer moves for the seat whose turn it is, and that move is returned as :meth:`act`'s."""
        seat = self.ai_seat()
        if seat is None:
            raise Refused("not_ai_turn", "no computer seat to move")
        m = self.match
        if m.deal.phase == "cut":  # the computer cuts where it likes, within the rules' range
            rng = random.Random(f"ai:{m.seed * 1000 + len(m.deals)}:cut")
            return self.act({"cut": computer_cut(len(m.deal.deck), rng)}, seat, by_computer=True)
        # only the seat's own view, whoever it plays for (a person's seat too, with the stand-in)
        level = self.seating.level_of(seat, self.level)
        # the daily deal's opponent is the same on every device: no wall-clock guard (briscola/daily.py)
        action = ai_move(view_of(m.deal, seat), level, self.ai_rng(seat), capped="daily" not in m.meta)
        return self.act(action.to_json(), seat, by_computer=True)


def _hide_partner(out: dict[str, Any], deal: Any) -> None:
    """Chiamata: while the viewer does not know who holds the called card, the sides (and the
    points per side, which would tell) show the caller alone against the rest."""
    sides = [[deal.caller], [s for s in range(deal.rules.players) if s != deal.caller]]
    points = [sum(deal.points[s] for s in side) for side in sides]
    out["sides"], out["team_points"] = sides, points
    current = out["match"]["deals"][-1]
    if not current["over"]:
        current["sides"], current["team_points"] = sides, points


def _why_refused(match: Match, action: Action, seat: int) -> str | None:
    """A short code for why the engine refused ``action`` (the page words it); None if none fits."""
    deal = match.deal
    if match.over:
        return "match_over"
    if deal.over:
        return "deal_over"
    if deal.to_move != seat and not isinstance(action, Exchange):
        return "not_your_turn"
    phase_of = {Play: "play", Bid: "auction", Pass: "auction", CallSuit: "call", Draw: "exchange", Exchange: "exchange",
                Cut: "cut"}
    wanted = phase_of.get(type(action))
    if wanted != deal.phase:
        return {"auction": "auction_first", "call": "call_first", "exchange": "exchange_first",
                "cut": "cut_first"}.get(deal.phase, "wrong_phase")
    if action in deal.legal_actions():
        return None
    # Refused within the right phase: name the reason in words the page has in every language.
    if isinstance(action, Play):
        return "not_in_hand"
    return {Exchange: "exchange_refused", Bid: "bid_refused", Cut: "cut_refused"}.get(type(action))


def _result_json(match: Match) -> dict[str, Any]:
    r = match.result()
    return {
        "over": r.over, "winner": r.winner, "sides": [list(s) for s in r.sides],
        "deal_wins": list(r.deal_wins), "points": list(r.points),
        "scores": list(r.scores) if r.scores is not None else None,
        "vp": list(r.vp) if r.vp is not None else None,
        "point_difference": list(r.point_difference) if r.point_difference is not None else None,
        # The tournaments (ours and an organiser's, source 004) rank by matches won: no VP in their matches.
        "vp_scored": r.vp_scored and not {"tournament", "club"} & match.meta.keys(),
        "abandoned_by": r.abandoned_by, "decided_by": r.decided_by, "deals_played": r.deals_played,
        "deals": [d.to_json() for d in r.deals],
    }


# --------------------------------------------------------------------- the match in progress

_current: Session | None = None


def begin(match: Match) -> Session:
    """Make ``match`` the match in progress (a new one, a loaded save, a tournament's next)."""
    global _current
    _current = Session(match)
    return _current


def in_progress() -> Session | None:
    """The match in progress, or None."""
    return _current


def current() -> Session:
    """The match in progress; none yet is a :class:`SaveError` the page explains."""
    if _current is None:
        raise SaveError("no match in progress")
    return _current


def save_text(match: Match) -> str:
    from .save import save_match

    return save_match(match)


# --------------------------------------------------------------------- the computer

def ai_move(view: View, level: str, rng: random.Random, capped: bool = True) -> Action:
    """The computer's choice for this view at this level (briscola.ai); ``capped`` False: the same
    choice on any machine, however slow (no wall-clock guard on campione's search)."""
    from .ai import choose  # imported on first use: a page that only replays or reviews never loads it

    return choose(view, level, rng, capped=capped)
