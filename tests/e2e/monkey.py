"""An impatient, careless player for the real page (issue 11): seeded random input at random moments.

It plays whole matches through the setup form, mixing every gesture the page takes (double clicks,
select + placeholder, drags, keys) with junk (double clicks on cards that are not playable, a second
double click while the first card still flies, stray clicks and keys, resizes, reloads, a second
tab, the bar's buttons), and checks the invariants after every step:

- the match always finishes (a position where nobody can move for STUCK_S seconds is a failure);
- no console error and no page error;
- no move is undone (the saved match's number of actions never goes down);
- the saved match replays (in CPython) to the position shown, whenever the page waits for the player.

It waits on the page's own signs (its phase, a control to press, a load stage), never for a fixed
time: the only pauses are the player's own rhythm (a second double click some 100 ms after the
first, an idle moment), drawn from the seed.

tests/e2e/test_monkey.py runs it over the tables and speeds that differ; bench/monkey.py runs it
over every one, longer.
"""

from __future__ import annotations

import collections
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from conftest import BOOT_MS, Watch, close_tab
from playwright.sync_api import TimeoutError as PageTimeout

from briscola.save import load_match
from briscola.view import view_of

STUCK_S = 12.0  # nobody moved for this long and nothing to play: the page is stuck (a step takes < 4 s)
# ... but a table drawn from its save while Python starts again (a reload, phase "starting") waits
# for the start: on a loaded CI machine that took over 12 s. The page's own limit for a stalled
# start is 30 s (static/engine/worker.js START_STALL_MS), then one more start.
STARTING_S = 75.0
TABLES = [("classica", 2), ("classica", 3), ("classica", 4), ("brisca", 2), ("brisca", 4),
          ("biscambiggia", 2), ("biscambiggia", 3), ("biscambiggia", 4), ("biscambiggia", 6), ("chiamata", 5)]
SPEEDS = ["istantanea", "veloce", "normale", "lenta"]
SIZES = [(1280, 800), (390, 844), (360, 640), (844, 390), (1024, 700)]

# Seeded Math.random for the page (the setup draws the match's seed from it), so a run repeats.
SEEDED_RANDOM = """(() => {
  let s = %d >>> 0;
  Math.random = () => { s = (s + 0x6D2B79F5) >>> 0; let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
})();"""

# Something for the player to do: a card, a decision, a dialog's button; or the table left.
TO_DO = ("document.documentElement.dataset.state !== 'playing' || !!document.querySelector("
         "'#my-hand [data-playable=true], #panel button:not([disabled]), #dialog:not([hidden]) button')")
IDLE = "document.documentElement.dataset.phase === 'idle'"
# The page moved on from what the player saw: another state, phase or saved match.
CHANGED = """(seen) => { const h = document.documentElement; let saved = null;
  try { saved = localStorage.getItem('briscola:match'); } catch (e) { saved = null; }
  return h.dataset.state !== seen[0] || (h.dataset.phase || '') !== seen[1] || saved !== seen[2]; }"""

OBSERVE = """() => {
  const html = document.documentElement;
  const vis = (el) => el && !el.hidden && el.getClientRects().length > 0;
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
  let saved = null;
  try { saved = localStorage.getItem("briscola:match"); } catch (e) { saved = null; }
  const dialog = document.getElementById("dialog");
  return {
    state: html.dataset.state, screen: html.dataset.screen || "", phase: html.dataset.phase || "",
    wait: `${html.dataset.wait || ""}, ${document.visibilityState}`,
    hand: [...document.querySelectorAll("#my-hand .hand-card")]
      .map((e) => [e.dataset.card, e.dataset.playable === "true", box(e)]),
    trick: [...document.querySelectorAll(".trick .card[data-card]")].map((e) => e.dataset.card),
    panel: [...document.querySelectorAll("#panel button:not([disabled])")].filter(vis).map((e) => box(e)),
    dialog: vis(dialog) ? [...dialog.querySelectorAll("button")]
      .map((e) => [e.textContent, e.className, box(e)]) : null,
    placeholder: (() => { const p = document.querySelector("[data-role=placeholder]"); return p ? box(p) : null; })(),
    felt: box(document.getElementById("felt")),
    saved,
  };
}"""


def progress_of(saved: str | None) -> tuple[int, int]:
    """(deals, actions) in a saved match; (0, 0) when there is none."""
    if not saved:
        return (0, 0)
    try:
        data = json.loads(json.loads(saved)["text"])
    except (ValueError, KeyError, TypeError) as exc:
        raise AssertionError(f"the saved match is not a save: {exc}: {saved[:300]!r}") from None
    return (len(data["deals"]), sum(len(d) for d in data["deals"]))


@dataclass
class Report:
    """What one run did, for the failure message and the bench."""

    table: str
    speed: str
    seed: int
    steps: int = 0
    plays: int = 0
    junk: dict[str, int] = field(default_factory=dict)
    checks: int = 0
    seconds: float = 0.0
    trail: collections.deque = field(default_factory=lambda: collections.deque(maxlen=12))

    def count(self, what: str) -> None:
        self.junk[what] = self.junk.get(what, 0) + 1
        self.trail.append(what)


class Stuck(AssertionError):
    pass


class Monkey:
    """One seeded impatient player on one page of a browser context."""

    def __init__(self, context: Any, page: Any, site: str, seed: int, errors: list[str], junk_rate: float = 0.45,
                 second_tabs: int | None = None, reloads: int | None = None) -> None:
        self.context, self.page, self.site, self.seed = context, page, site, seed
        self.rng = random.Random(seed)
        self.errors = errors
        self.junk_rate = junk_rate
        # How many second tabs and reloads the match may still have (None: no limit). Each starts
        # Python again (~3 CPU-s); at the slow speeds the player idles through many steps, so a
        # rate per step alone would spend most of a run starting Python.
        self.second_tabs = second_tabs
        self.reloads = reloads
        self.best = (0, 0)
        self.tries = 0  # moves tried since the save last moved on
        self.last_change = time.monotonic()
        self.report: Report | None = None

    # ---------------------------------------------------------------- observing

    def look(self) -> dict[str, Any]:
        for _ in range(5):
            try:
                return self.page.evaluate(OBSERVE)
            except Exception as exc:  # navigating (a reload): look again once the new page is there
                if "Execution context was destroyed" not in str(exc) and "navigat" not in str(exc):
                    raise
                self.page.wait_for_load_state("domcontentloaded")
        return self.page.evaluate(OBSERVE)

    def check(self, seen: dict[str, Any]) -> None:
        assert not self.errors, f"console or page errors: {self.errors[:5]}"
        now = progress_of(seen["saved"])
        assert now >= self.best, f"a move was undone: the save went from {self.best} to {now}"
        if now > self.best:  # somebody moved (the computers too: three of them at lenta take a while)
            self.best = now
            self.tries = 0
            self.last_change = time.monotonic()
        playable = any(p for _, p, _ in seen["hand"])
        if playable or seen["panel"] or seen["dialog"] is not None or seen["state"] != "playing":
            self.last_change = time.monotonic()  # the page waits for the player: not stuck
        elif time.monotonic() - self.last_change > (limit := STARTING_S if seen["phase"] == "starting" else STUCK_S):
            raise Stuck(f"stuck: nobody moved for {limit:.0f} s and nothing is playable (save {now}, "
                        f"phase {seen['phase'] or 'idle'})")
        assert self.tries < 40, f"the player tried 40 times to move and nothing was played (save {now})"
        first = self.report is not None and self.report.checks == 0
        if playable and seen["phase"] == "idle" and seen["saved"] and (first or self.rng.random() < 0.3):
            self.check_replay(seen)

    def check_replay(self, seen: dict[str, Any]) -> None:
        """The saved match, replayed in CPython, shows the player the hand and trick on screen."""
        text = json.loads(seen["saved"])["text"]
        match = load_match(text)
        view = view_of(match.deal, 0)
        again = self.look()  # the page may have moved on since: compare one consistent picture
        if again["saved"] != seen["saved"] or again["phase"] != "idle" or not any(p for _, p, _ in again["hand"]):
            return
        shown = sorted(code for code, _, _ in again["hand"])
        assert shown == sorted(c.code for c in view.hand), f"hand shown {shown}, saved {[c.code for c in view.hand]}"
        assert again["trick"] == [c.code for c in view.trick], f"trick shown {again['trick']}, saved {view.trick}"
        legal = sorted(a.card.code for a in view.legal if hasattr(a, "card"))
        playable = sorted(code for code, p, _ in again["hand"] if p)
        assert playable == legal, f"playable shown {playable}, legal {legal}"
        if self.report:
            self.report.checks += 1

    # ---------------------------------------------------------------- gestures

    def dblclick(self, xy: list[float]) -> None:
        self.page.mouse.dblclick(xy[0], xy[1])

    def click(self, xy: list[float]) -> None:
        self.page.mouse.click(xy[0], xy[1])

    def drag(self, xy: list[float], to: list[float]) -> None:
        m = self.page.mouse
        m.move(xy[0], xy[1])
        m.down()
        m.move(xy[0] + 4, xy[1] - 12, steps=2)
        m.move(to[0], to[1], steps=5)
        m.up()

    def play(self, seen: dict[str, Any]) -> bool:
        """Play a playable card by a random gesture; False when there is none."""
        cards = [c for c in seen["hand"] if c[1]]
        if not cards:
            return False
        code, _, xy = self.rng.choice(cards)
        how = self.rng.choice(["dblclick", "dblclick", "placeholder", "drag", "keys"])
        if how == "dblclick":
            self.dblclick(xy)
        elif how == "placeholder":
            self.click(xy)
            ph = self.look()["placeholder"]
            if ph:
                self.click(ph)
        elif how == "drag":
            self.click(xy)  # select (the placeholder appears), deselect, then drag
            self.click(xy)
            ph = self.look()["placeholder"] or seen["felt"]
            self.drag(xy, ph)
        else:
            index = [c[0] for c in seen["hand"]].index(code) + 1
            self.page.keyboard.press(str(index))
            self.page.keyboard.press("Enter")
        if self.report:
            self.report.plays += 1
            self.report.trail.append(f"play {code} by {how}")
        return True

    def wait_for(self, expression: str, timeout: float, arg: Any = None) -> bool:
        """Wait until `expression` holds, at most `timeout` ms (the player's patience): whether it did."""
        try:
            self.page.wait_for_function(expression, arg=arg, timeout=timeout)
            return True
        except PageTimeout:
            return False
        except Exception as exc:  # the page navigated away under the wait (a reload): it moved on
            if "Execution context was destroyed" not in str(exc) and "navigat" not in str(exc):
                raise
            return True

    def pause(self, seen: dict[str, Any], ms: float) -> None:
        """The player looks at the page for up to `ms`, or until it moves on from what they saw."""
        self.wait_for(CHANGED, ms, [seen["state"], seen["phase"], seen["saved"]])

    def progress(self, seen: dict[str, Any]) -> None:
        """Whatever moves the match on: a card, a panel button, the summary's next-deal button."""
        if seen["dialog"] is not None or seen["panel"] or any(p for _, p, _ in seen["hand"]):
            self.tries += 1
        patient = self.report is not None and self.report.checks == 0 or self.rng.random() < 0.3
        if any(p for _, p, _ in seen["hand"]) and seen["phase"] != "idle" and patient:
            self.wait_for(IDLE, 3000)  # now and then a patient moment: the step ends, the replay is checked
            seen = self.look()
            if seen["phase"] == "idle":
                self.check(seen)
                if seen["saved"] and any(p for _, p, _ in seen["hand"]):
                    self.check_replay(seen)
        if seen["dialog"] is not None:
            buttons = seen["dialog"]
            primary = [b for b in buttons if "primary" in b[1]] or buttons
            self.click(self.rng.choice(primary)[2])
            return
        if self.play(seen):
            return
        if seen["panel"]:
            self.click(self.rng.choice(seen["panel"]))
            return
        self.wait_for(TO_DO, self.rng.choice([20, 60, 150]))  # nothing to do yet: until there is, or junk

    def junk(self, seen: dict[str, Any]) -> None:
        """Something careless, at a random moment."""
        r = self.rng
        kinds = ["double_double", "dblclick_any", "click_felt", "keys", "resize", "bar", "wait"]
        if self.reloads != 0:
            kinds.append("reload")
        if self.second_tabs != 0:
            kinds.append("second_tab")
        weights = [6, 4, 3, 3, 1, 2, 2] + ([0.5] if self.reloads != 0 else [])
        weights += [0.4] if self.second_tabs != 0 else []
        kind = r.choices(kinds, weights)[0]
        if kind == "reload" and self.reloads is not None:
            self.reloads -= 1
        if kind == "second_tab" and self.second_tabs is not None:
            self.second_tabs -= 1
        if self.report:
            self.report.count(kind)
        hand = seen["hand"]
        if kind == "double_double" and len(hand) >= 2:  # the report's case: a second card ~100 ms later
            a, b = r.sample(hand, 2)
            self.dblclick(a[2])
            self.page.wait_for_timeout(r.choice([40, 90, 110, 160]))  # the player's rhythm, not a wait on the page
            self.dblclick(b[2])
        elif kind == "dblclick_any" and hand:
            self.dblclick(r.choice(hand)[2])
        elif kind == "click_felt":
            x, y = seen["felt"]
            self.click([x + r.uniform(-120, 120), y + r.uniform(-80, 80)])
        elif kind == "keys":
            for _ in range(r.randint(1, 4)):
                # not Tab: Tab + Enter on the bar would leave or abandon the match, which a player may do
                self.page.keyboard.press(r.choice(["1", "2", "3", "ArrowLeft", "ArrowRight", "Enter", "Escape"]))
        elif kind == "resize":
            w, h = r.choice(SIZES)
            self.page.set_viewport_size({"width": w, "height": h})
        elif kind == "bar":  # a tap on whatever the bar offers, even if something lies over it
            target = r.choice(["#btn-hint", "#btn-last", "#btn-sound", "#lang-switch"])
            xy = self.page.evaluate(f"""() => {{ const e = document.querySelector("{target}");
                if (!e || e.disabled || !e.getClientRects().length) return null;
                const b = e.getBoundingClientRect(); return [b.x + b.width / 2, b.y + b.height / 2]; }}""")
            if xy and target == "#lang-switch":
                self.page.locator(target).select_option(r.choice(["it", "en", "es"]), timeout=2000, force=True)
            elif xy:
                self.click(xy)
        elif kind == "reload":  # the next input lands at once, on the new document, or on its first screen
            self.page.reload(wait_until=r.choice(["commit", "commit", "domcontentloaded", "load"]))
        elif kind == "second_tab":
            self.second_tab(r.choice(["commit", "domcontentloaded", "shown", "idle"]))
        else:
            self.pause(seen, r.choice([30, 120, 400]))

    def second_tab(self, until: str) -> None:
        """Open the site in a second tab (the same seeded Math.random) and close it once it has got
        `until`: its address committed, its document parsed, its first screen shown, or its table
        drawn from its own engine and waiting for the player."""
        other = self.context.new_page()
        other.add_init_script(SEEDED_RANDOM % self.seed)
        other.on("pageerror", lambda e: self.errors.append(f"second tab pageerror: {e}"))
        other.on("console", lambda m: self.errors.append(f"second tab console: {m.text}")
                 if m.type == "error" else None)
        try:
            other.goto(self.site, wait_until="commit" if until in ("shown", "idle") else until)
            if until in ("shown", "idle"):
                other.wait_for_selector("html:not([data-state=loading])", state="attached", timeout=BOOT_MS)
            if until == "idle":  # the match taken on in it, or another screen (the setup, elsewhere)
                other.wait_for_function(f"{IDLE} || document.documentElement.dataset.state !== 'playing'",
                                        timeout=BOOT_MS)
        finally:
            close_tab(other)
        self.page.bring_to_front()

    # ---------------------------------------------------------------- a whole match

    def start(self, variant: str, players: int, speed: str) -> None:
        """The setup form, as a player fills it in: one deal (or one chiamata deal), principiante."""
        page = self.page
        # The setup, or a match another of its tabs started meanwhile (this page follows it): play on there.
        elsewhere = "html[data-state]:not([data-state=setup]):not([data-state=loading])"
        page.wait_for_selector(f"html[data-state=setup] #start, {elsewhere}", timeout=BOOT_MS)
        if self.look()["state"] != "setup":
            return
        try:
            self._fill_setup(variant, players, speed)
        except PageTimeout:
            # The form went away under the player's hand: another tab of his started the match and
            # this one followed it (storage.js), which is what it must do. Play on there.
            if self.look()["state"] == "setup":
                raise

    def _fill_setup(self, variant: str, players: int, speed: str) -> None:
        """The settings' speed, then a game's options against the computer (the front door's
        "Cambia"), their fold opened for the format."""
        page, form = self.page, self.page.locator("#setup")
        short = 10_000  # a visible form answers at once; a form gone stays gone
        if page.locator("#btn-front-back").count():  # another screen between matches: the door first
            page.locator("#btn-front-back").click(timeout=short)
        page.locator("#btn-settings").click(timeout=short)
        form.locator("select[name=speed]").select_option(speed, timeout=short)
        page.locator("#btn-front-back").click(timeout=short)
        page.locator("#btn-game-options").click(timeout=short)
        form.locator("select[name=variant]").select_option(variant, timeout=short)
        form.locator("select[name=players]").select_option(str(players), timeout=short)
        form.locator("select[name=level]").select_option("principiante", timeout=short)
        if form.locator("details.game-options:not([open])").count():
            form.locator("details.game-options summary").click(timeout=short)
        kinds = form.locator("select[name=kind] option").evaluate_all("os => os.map(o => o.value)")
        form.locator("select[name=kind]").select_option("punti" if "punti" in kinds else kinds[0], timeout=short)
        if form.locator("select[name=deals]").count():
            form.locator("select[name=deals]").select_option("1", timeout=short)
        page.locator("#start").click(timeout=short)

    def play_match(self, variant: str, players: int, speed: str, seed: int, limit_s: float = 600) -> Report:
        try:
            return self._play_match(variant, players, speed, seed, limit_s)
        except AssertionError as exc:
            page = self.look()
            words = self.page.evaluate("[document.getElementById('toast').textContent,"
                                       " document.getElementById('dialog').textContent]")
            raise AssertionError(f"{exc}\n  {self.report.table} at {self.report.speed}, seed {seed}; last steps: "
                                 f"{list(self.report.trail)}\n  page: {page['state']}/{page['phase']} "
                                 f"({page['wait']}), notice/dialog: {words}") from None

    def _play_match(self, variant: str, players: int, speed: str, seed: int, limit_s: float) -> Report:
        self.report = Report(f"{variant}-{players}", speed, seed)
        began = time.monotonic()
        self.start(variant, players, speed)
        self.last_change = time.monotonic()
        while True:
            assert time.monotonic() - began < limit_s, f"the match did not finish in {limit_s:.0f} s"
            seen = self.look()
            self.check(seen)
            if seen["state"] == "match-over" and seen["dialog"] is not None:
                break
            if seen["state"] in ("setup", "loading") and self.report.steps > 0 and seen["screen"] != "tournament":
                if seen["state"] == "setup" and self.best != (0, 0):
                    raise AssertionError(f"the table was left for the setup screen (save {self.best})")
                if seen["state"] == "setup":  # reloaded before the match began: nothing to resume, start again
                    self.start(variant, players, speed)
                self.wait_for(f"document.documentElement.dataset.state !== '{seen['state']}'", BOOT_MS)
                continue
            self.report.steps += 1
            if self.rng.random() < self.junk_rate:
                self.junk(seen)
            else:
                self.progress(seen)
        self.report.seconds = time.monotonic() - began
        saved = json.loads(json.loads(self.look()["saved"])["text"])
        assert saved["abandoned"] is None, "the match ended by abandon: the monkey must play it out"
        return self.report


def play_on(page: Any, site: str, variant: str, players: int, speed: str, seed: int, errors: list[str],
            junk_rate: float = 0.45, starts: tuple[int, int] | None = None) -> Report:
    """One whole match on `page`, a new tab not yet opened (its Math.random seeded): the test's run,
    on a warm page; `errors` are the page's console and page errors, as they come. `starts`: at
    most so many (reloads, second tabs) in the match; None, as many as the dice give."""
    page.add_init_script(SEEDED_RANDOM % seed)
    page.goto(site)
    reloads, second_tabs = starts or (None, None)
    return Monkey(page.context, page, site, seed, errors, junk_rate=junk_rate, reloads=reloads,
                  second_tabs=second_tabs).play_match(variant, players, speed, seed)


def play_one(browser: Any, site: str, variant: str, players: int, speed: str, seed: int,
             junk_rate: float = 0.45) -> Report:
    """One whole match on a fresh context of its own: the bench's run."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="it-IT")
    watch = Watch()
    page = context.new_page()
    watch.attach(page)
    try:
        return play_on(page, site, variant, players, speed, seed, watch.errors, junk_rate)
    finally:
        context.close()
