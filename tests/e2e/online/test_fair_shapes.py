"""Every table shape with people at a fair table, in real pages (issue 36, docs/fair-deal.md):
chiamata for five with the host and two guests (three computer seats) over two deals, Brisca for two
with the face-up trump exchanged, classica for four with two people and their computer partners.
Each person's page on a device of its own, over the local relay inside the network namespace
(test_fair_table.py plays classica for two the same way).

Whenever a person is about to play a card, no other page holds a card of his hand that was not shown
(the face-up trump, an exchanged card, chiamata's called card are shown: their codes are every
page's) in its storage, in a message it was sent, or in what its engine was told or answered; and
no page knows who holds chiamata's called card before it is played but the page that plays the seat
holding it. Every deal ends checked on every page (no "non torna", no deal dealt again), and no
page errs."""

from __future__ import annotations

import json
from typing import Any

from conftest import BOOT_MS
from fair_support import FACE_UP, LATEST, PLAYABLE_HAND, between_deals, checked, devices, known_by, where  # noqa: F401
from online_support import CONNECT_MS, inside_the_namespace, relay  # noqa: F401
from online_support import PYTESTMARK as pytestmark  # noqa: F401
from table_support import bidding, exchanging, host_url, html, join, next_deal, open_host, play_round, seat_of, wait_all

DEAL_S = 420  # a deal of five seats on three pages that each run Python, on a busy 2-core machine


NAMES = ("Anna", "Marco", "Lucia")  # each person's name, as his page remembers it (the setup's)
NAMED = """try {  // (a page not at the site's origin yet has no storage)
  if (!localStorage.getItem('briscola:setup')) localStorage.setItem('briscola:setup', JSON.stringify({ name_0: %s }));
} catch {}"""
# A computer's seat's line in the lobby, what it says of it ("Livello: principiante · Gioca dal tuo telefono").
FROM = """([seat, from]) =>
  document.querySelector(`#lobby li[data-lobby-seat='${seat}'][data-from='${from}'] .seat-what`)?.textContent"""


def seated(devices: Any, site: str, relay: str, variant: str, players: int, people: int, seed: int,  # noqa: F811
           lobby: Any = None) -> list[Any]:
    """The host's page and its guests' at a fair table (`&fair`), each on its own device and named
    (NAMES), all playing: the pages in seat order. `lobby(pages)` is called as each page is seated
    (the last of `pages`: the lobby's word on whose phone plays the computer's seats is read then)."""
    host = devices.host()
    host.add_init_script(NAMED % json.dumps(NAMES[0]))
    invite = open_host(host, host_url(site, variant, players, people, seed, relay=relay) + "&fair")
    everyone = [host]
    if lobby:
        lobby(everyone)
    for n in range(people - 1):
        guest = devices.guest(n)
        guest.add_init_script(NAMED % json.dumps(NAMES[n + 1]))
        join(guest, invite, timeout=CONNECT_MS)
        everyone.append(guest)
        if lobby and n < people - 2:  # (the last guest's seat starts the table)
            lobby(everyone)
    wait_all(everyone, "playing")
    assert [seat_of(p) for p in everyone] == list(range(people))
    return everyone


def lobby_says(page: Any, seat: int, from_seat: int) -> str:
    """The lobby's line for the computer's `seat` on `page`, once it says `from_seat`'s page plays it."""
    page.wait_for_function(f"({FROM})", arg=[seat, from_seat], timeout=CONNECT_MS)
    return page.evaluate(f"({FROM})", [seat, from_seat])


def notices(page: Any) -> str:
    return " | ".join(page.evaluate("window.briscolaNotices"))


def latest(page: Any) -> dict:
    """The page's engine's last word on the deal (LATEST), once it has one."""
    return page.wait_for_function(f"({LATEST})()", timeout=BOOT_MS).json_value()


class Unread:
    """The check made whenever a person is about to play a card (play_round's `seen`): no other page
    knows a card of his hand but those every page was shown; no page but the called card's holder's
    knows who holds it before it is played. `shown`: the cards every page saw (face-up trumps, the
    called card, the cards exchanged), gathered from every page at each check."""

    def __init__(self, pages: list[Any], kept: list[dict] | None = None) -> None:
        """`kept`: each page's storage at the last deal's end (between_deals), for a deal after the first."""
        self.pages, self.kept, self.shown, self.looks = pages, kept or [None] * len(pages), set(), 0

    def gather(self) -> list[dict]:
        states = [latest(p) for p in self.pages]
        for p, st in zip(self.pages, states, strict=True):
            self.shown |= {c for c in (p.evaluate(FACE_UP), st["trump"], st["called"]) if c}
            self.shown |= {c for x in st["exchanges"] for c in (x["gave"], x["took"])}
        return states

    def __call__(self, mover: Any) -> None:
        states = self.gather()
        whole = mover.evaluate(PLAYABLE_HAND)
        assert whole, "a person about to play shows no hand"
        hand = set(whole) - self.shown
        for p, kept in zip(self.pages, self.kept, strict=True):
            if p is not mover:
                known = hand & known_by(p, kept)
                assert not known, (f"seat {seat_of(p)}'s page knows seat {seat_of(mover)}'s cards {known}:"
                                   f" {where(p, known, kept)}")
        for p, st in zip(self.pages, states, strict=True):
            secret = st["called"] and st["called"] not in st["played"]
            if secret and st["partner"] is not None:  # only the holder's page may know him yet
                assert st["plays"][st["partner"]] == seat_of(p), (seat_of(p), st)
        self.looks += 1


def test_chiamata_for_five_host_and_two_guests_two_fair_deals(devices: Any, site: str, relay: str) -> None:  # noqa: F811
    """Chiamata for five, the host and two guests (seats 0-2), the computer's seats 3 and 4 played on
    people's pages: the auction through the panels, the called card named to all and its holder known
    to his page alone until it is played; each person's hand unread by the other pages whenever he is
    to play; whose phone plays the computer's seats said in the lobby (the host's, named Anna) and at
    the table; two deals of the match, each ended checked on the three pages, whose summaries agree;
    after the called card is played every page knows the partner alike."""
    said = []

    def lobby(pages: list[Any]) -> None:  # chiamata's sides are known only in play: the host's page plays them
        said.extend(lobby_says(pages[-1], seat, 0) for seat in (3, 4))
        said.append(pages[-1].locator("#lobby [data-fair]").inner_text())  # the lobby's promise, on every page


    pages = seated(devices, site, relay, "chiamata", 5, 3, 11, lobby=lobby)
    host_said, guest_said = ["Gioca dal tuo telefono"] * 2, ["Gioca dal telefono di Anna"] * 2
    promise = ("Il mazzo lo mescolano tutti i telefoni insieme: nessuno, nemmeno chi ha aperto il tavolo,"
               " può vedere le tue carte.")
    assert [line.split(" · ")[-1] for line in said] == [*host_said, promise, *guest_said, promise], said
    for p in pages:  # at the table: each computer's seat, whose phone plays it (Rosa, Franco: its names)
        p.wait_for_function("window.briscolaNotices.some((n) => n.includes('il computer gioca dal'))", timeout=BOOT_MS)
    assert "Rosa: il computer gioca dal tuo telefono. Franco: il computer gioca dal tuo telefono." in notices(pages[0])
    for g in pages[1:]:
        said = "Rosa: il computer gioca dal telefono di Anna. Franco: il computer gioca dal telefono di Anna."
        assert said in notices(g), notices(g)
    plays = latest(pages[0])["plays"]
    assert all(latest(p)["plays"] == plays for p in pages)
    assert sorted(set(plays)) == [0, 1, 2] and [plays[s] for s in range(3)] == [0, 1, 2], plays
    kept = None
    for deal in range(2):
        unread = Unread(pages, kept)
        play_round(pages, timeout_s=DEAL_S, bidder=bidding, seen=unread)
        assert unread.looks >= 24, unread.looks  # every person's eight cards were looked at as he played
        checked(pages)
        ends = [latest(p) for p in pages]
        assert ends[0]["called"] and all(e["called"] == ends[0]["called"] for e in ends)
        assert ends[0]["partner"] is not None and all(e["partner"] == ends[0]["partner"] for e in ends), ends
        if deal == 0:
            assert all(html(p, "state") == "deal-over" for p in pages)
            kept = between_deals(pages)
            next_deal(pages)


def test_brisca_for_two_the_exchange_shown_and_checked_on_both_pages(devices: Any, site: str, relay: str) -> None:  # noqa: F811
    """Brisca for two at a fair table, both people taking the face-up trump whenever they may: the
    exchange is every page's (the card given and the card taken alike on both), the guest's hand and
    the host's unread by the other page, the deal ended checked on both. (Who holds the 7 of trumps
    is the shuffle's: a deal with no exchange is followed by the next, three at most.)"""
    pages = seated(devices, site, relay, "brisca", 2, 2, 13)
    kept = None
    for _ in range(3):
        unread = Unread(pages, kept)
        play_round(pages, timeout_s=DEAL_S, bidder=exchanging, seen=unread)
        assert unread.looks >= 38, unread.looks
        checked(pages)
        ends = [latest(p)["exchanges"] for p in pages]
        assert ends[0] == ends[1], ends
        if ends[0]:
            return
        if html(pages[0], "state") != "deal-over":
            break
        kept = between_deals(pages)
        next_deal(pages)
    raise AssertionError("no exchange in three deals")


def test_classica_for_four_two_people_and_their_computer_partners(devices: Any, site: str, relay: str) -> None:  # noqa: F811
    """Classica for four, host and guest (seats 0 and 1) with the computer as each one's partner
    (seats 2 and 3), each played on its own side's page, which the table says (the lobby too, while
    the host is alone: both on his phone): a whole fair deal, each person's hand unread
    by the other page whenever he is to play, the deal ended checked on both."""
    said = []

    def lobby(pages: list[Any]) -> None:  # the host alone yet: his page would play both
        said.extend(lobby_says(pages[0], seat, 0) for seat in (2, 3))

    pages = seated(devices, site, relay, "classica", 4, 2, 17, lobby=lobby)
    assert [line.split(" · ")[1] for line in said] == ["Gioca dal tuo telefono"] * 2, said
    assert [latest(p)["plays"] for p in pages] == [[0, 1, 0, 1]] * 2
    for p in pages:  # each side's computer played on its person's phone, and said so at the table
        p.wait_for_function("window.briscolaNotices.some((n) => n.includes('il computer gioca dal tuo telefono'))",
                            timeout=BOOT_MS)
    unread = Unread(pages)
    play_round(pages, timeout_s=DEAL_S, seen=unread)
    assert unread.looks == 20, unread.looks
    checked(pages)
