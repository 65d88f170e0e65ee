"""What the fair tables' tests share (test_fair_table.py, test_fair_shapes.py): each person's page on
a device of its own, what a page was told or keeps, and the deal's end check on every page.

Each page's record of what it was told: ``window.briscolaHeard`` (every message its transport
delivered it, static/online/room.js) and ``window.briscolaCalls`` (every engine op it asked and the
engine's answer, static/engine/worker.js), both kept only where a test sets them (RECORD)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from table_support import ENDED, summary_numbers, wait_all, watched

VIEWPORT = (1000, 750)
# Each guest's device: a browser context of its own (the warm contexts are kept by their options).
GUEST_ZONES = ("Europe/Rome", "Europe/Madrid", "Europe/Lisbon", "Europe/Paris")
# What the page keeps of what it was told (above), and every notice it showed.
RECORD = """window.briscolaHeard = []; window.briscolaCalls = []; window.briscolaNotices = [];
let shown = null;
setInterval(() => {
  const said = document.getElementById('toast')?.textContent;
  if (said && said !== shown) window.briscolaNotices.push(said);
  shown = said;
}, 100);"""
CODE = re.compile(r"\b[A2-7JQK][DCBS]\b")
CARDS = [rank + suit for suit in "DCBS" for rank in "A234567JQK"]  # the table's cards in the engine's order
HAND = "() => [...document.querySelectorAll('#my-hand [data-card]')].map((e) => e.dataset.card)"
# Everything the page was told or keeps: its storage (but its person's setup choices, whose "removed_two"
# names a card), the messages it was sent, its engine's ops and answers.
KNOWN = """() => JSON.stringify([Object.entries(localStorage).filter(([k]) => k !== 'briscola:setup'),
  window.briscolaHeard, window.briscolaCalls])"""
SAY = """briscolaModule('table/notice.js')
  .then((m) => m.notice('la smazzata non torna: prova', 'info'))"""
PLAYABLE_HAND = """() => {  // the hand, read at a moment it may be played from
  const cards = [...document.querySelectorAll('#my-hand [data-card]')];
  return cards.some((e) => e.dataset.playable === 'true') ? cards.map((e) => e.dataset.card) : null;
}"""
FACE_UP = "() => document.querySelector('.stock [data-card]')?.dataset.card ?? null"
# The page's engine's last word on the deal (its latest answer with a state): what every page was
# shown of it, and who plays each seat.
LATEST = """() => {
  for (let i = window.briscolaCalls.length - 1; i >= 0; i--) {
    let answer;
    try { answer = JSON.parse(window.briscolaCalls[i][2]); } catch { continue; }
    const st = answer?.state;
    if (!st?.view || !st.fair) continue;
    const v = st.view;
    return { status: st.status, plays: st.fair.plays, called: v.called ?? null, partner: v.partner ?? null,
      exchanges: v.exchanges ?? [], trump: v.trump ?? null,
      played: [...(v.tricks ?? []).flatMap((t) => t.cards), ...(v.trick ?? [])] };
  }
  return null;
}"""


def faults(notices: list[str]) -> list[str]:
    """The notices that say a deal did not add up, or is dealt again."""
    return [n for n in notices if re.search("non torna|rigioca", n)]


def checked(pages: list[Any]) -> None:
    """Every page sums the deal up alike, and none ever said the deal did not add up (nor dealt it
    again): the end check passed on every page."""
    wait_all(pages, *ENDED, timeout=60_000)
    numbers = [summary_numbers(p) for p in pages]
    assert all(n == numbers[0] for n in numbers), numbers
    for p in pages:
        said = p.evaluate("window.briscolaNotices")
        assert not faults(said), said


@pytest.fixture
def devices(warm: Any) -> Iterator[Any]:
    """``host()``, ``guest(n=0)``: the host's page and the n-th guest's, each in a warm context of its
    own (every page runs Python at a fair table; distinct contexts: distinct storage). Requests and
    errors recorded; no page may end with an error."""
    made: list[Any] = []

    def open_page(**options: Any) -> Any:
        page = warm(viewport=VIEWPORT, **options)
        page.add_init_script(RECORD)
        made.append(watched(page))
        page.stacks = []  # where each error came from (the failure's word)
        page.on("pageerror", lambda e: page.stacks.append(e.stack))
        return page

    yield SimpleNamespace(host=lambda: open_page(), guest=lambda n=0: open_page(timezone_id=GUEST_ZONES[n]))
    for p in made:
        assert not p.errors, (p.errors, p.stacks)


def codes_in(value: Any) -> set[str]:
    """The card codes in `value` (JSON: its text inside strings read too), but for the table's list of
    its cards (every page's engine names them all in its order: `fair.cards`): it says nothing; nor
    do a match's deals before the one in play (leaves())."""
    return set().union(*(CODE.findall(str(v)) for _, v in leaves(value)))


def told(page: Any) -> tuple[Any, list, list]:
    """KNOWN's parts: the page's storage, its messages, its engine's ops and answers but for a
    finished deal's analysis (op `analysis`, asked once a deal has ended: every card of that deal was
    shown by its check; it may answer while the next deal is dealt)."""
    storage, heard, calls = json.loads(page.evaluate(KNOWN))
    return storage, heard, [c for c in calls if c[0] != "analysis"]


def known_by(page: Any, kept: dict | None = None) -> set[str]:
    """Every card code `page` was told or keeps (KNOWN); with `kept` (stored_leaves() at the last
    deal's end), but what its storage still keeps of the deals before, unchanged where it was."""
    storage, heard, calls = told(page)
    if kept is None:
        return codes_in([storage, heard, calls])
    fresh = [value for path, value in leaves(storage) if kept.get(path) != value]
    return codes_in([fresh, heard, calls])


def where(page: Any, codes: set[str], kept: dict | None = None) -> list[str]:
    """Where `page` keeps or was told `codes` (a failed check's word): a few paths, storage's first."""
    storage, heard, calls = told(page)
    found = [f"{name}{list(path)}" for name, part in (("storage", storage), ("heard", heard), ("calls", calls))
             for path, value in leaves(part) if (name != "storage" or kept is None or kept.get(path) != value)
             and set(CODE.findall(str(value))) & codes]
    return found[:8]


def leaves(value: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Each scalar in `value` (JSON text inside strings read too) with its path; a dict's keys as
    leaves of their own; the table's list of its cards left out (codes_in), and a match's deals
    before the one in play (every card of a deal ended was shown to every page by its check)."""
    if isinstance(value, str):
        try:
            inner = json.loads(value)
        except ValueError:
            inner = None
        if isinstance(inner, dict | list):
            yield from leaves(inner, path)
        else:
            yield path, value
    elif isinstance(value, dict):
        if "digest" in value and isinstance(value.get("deals"), list):  # a match's save (briscola/save.py):
            value = {**value, "deals": value["deals"][-1:], "decks": None}  # its deals before, ended and checked
        for k, v in value.items():
            yield (*path, k, "key"), k
            yield from leaves(v, (*path, k))
    elif isinstance(value, list):
        if value != CARDS:
            for i, v in enumerate(value):
                yield from leaves(v, (*path, i))
    else:
        yield path, value


def stored_leaves(page: Any) -> dict[tuple, Any]:
    """What `page` keeps, leaf by leaf (leaves()): taken at a deal's end, before the next, its cards
    shown by then (the end check reveals every one)."""
    storage = json.loads(page.evaluate(KNOWN))[0]
    return dict(leaves(storage))


FORGET = "() => { window.briscolaHeard.length = 0; window.briscolaCalls.length = 0; }"


def between_deals(pages: list[Any]) -> list[dict]:
    """At a deal's end: each page's record of what it was told emptied (every card of the deal ended
    is every page's by now), and what each keeps taken (stored_leaves), to tell the next deal's
    from it."""
    for p in pages:
        p.evaluate(FORGET)
    return [stored_leaves(p) for p in pages]
