// The daily deal's page side (issue 39): the `?daily=` link vetted, the text to share (the date,
// the game, the score, the tricks, a link under the page's own path, and no card), the calendar's
// month and the stored summary the door draws before Python is up.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { dailyFromUrl } from "../../static/boot/links.js";
import { vetChoices } from "../../static/screens/setup.js";
import { dailySummary } from "../../static/storage/checks.js";
import { DAILY } from "../../static/engine/rules-data.js";
import { CARDS_STRINGS } from "../../static/strings/cards.js";
import { setLanguage } from "../../static/strings/i18n.js";
import { calendarHtml, localDay, longDate, streakText } from "../../static/screens/daily-view.js";
import { dailyLink, shareText } from "../../static/screens/daily-share.js";

const q = (text) => new URLSearchParams(text);
const choices = vetChoices({});
Object.defineProperty(globalThis, "location", { value: { origin: "https://example.org", pathname: "/giochi/briscola/" },
  configurable: true });

describe("dailyFromUrl (?daily=)", () => {
  test("no link, no daily deal", () => {
    assert.equal(dailyFromUrl(q("new=classica"), choices), null);
  });

  test("a game with a daily deal, today's or a day's", () => {
    for (const variant of DAILY.variants) {
      assert.deepEqual(Object.values(dailyFromUrl(q(`daily=${variant}`), choices)).slice(0, 2), [variant, null]);
      assert.equal(dailyFromUrl(q(`daily=${variant}&date=2026-11-20&speed=istantanea`), choices).date, "2026-11-20");
      assert.equal(dailyFromUrl(q(`daily=${variant}&speed=istantanea`), choices).speed, "istantanea");
    }
  });

  test("a game without one, or no game, names the games that have one", () => {
    for (const variant of ["chiamata", "__proto__", "constructor", "", "tressette"]) {
      assert.deepEqual(dailyFromUrl(q(`daily=${encodeURIComponent(variant)}`), choices).error,
        { code: "bad_setting", setting: "variant", value: variant, choices: DAILY.variants });
    }
  });

  test("a date that is not written YYYY-MM-DD is refused before the engine", () => {
    for (const date of ["27/11/2026", "2026-11-7", "", "2026-11-27T00:00", "oggi"]) {
      assert.deepEqual(dailyFromUrl(q(`daily=classica&date=${encodeURIComponent(date)}`), choices).error,
        { code: "daily_date", reason: "bad_date" }, date);
    }
  });
});

const DAY = { variant: "classica", date: "2026-11-27", late: false, gave_up: false, points: 64, opponent: 56,
  tricks: [true, false, true, true, false, false, true, true, false, true, false, false, true, true, false, true, false, true, true, false],
  outcome: "won", campione: null };

describe("the text to share", () => {
  test("the date, the game, the points against the campione's, the tricks, the day's link", () => {
    setLanguage("it");
    const text = shareText(DAY, 71);
    const lines = text.split("\n");
    assert.equal(lines[0], "Briscola · Partita del giorno · 27/11/2026");
    assert.equal(lines[1], "Briscola classica: 64 punti · il Campione 71");
    assert.equal([...lines[2]].length, 20);
    assert.equal(lines[3], "https://example.org/giochi/briscola/?daily=classica&date=2026-11-27");
    assert.equal(dailyLink("brisca", "2026-11-03"), "https://example.org/giochi/briscola/?daily=brisca&date=2026-11-03");
    assert.ok(!shareText(DAY, null).includes("Campione"));  // not played by him yet: no figure
    assert.ok(shareText({ ...DAY, late: true }, 71).split("\n")[0].endsWith("(giocata dopo il suo giorno)"));
  });

  test("no card, in any language and with any deck's words", () => {
    for (const lang of ["it", "en", "es"]) {
      setLanguage(lang);
      const words = Object.entries(CARDS_STRINGS[lang]).filter(([k]) => /^(rank|suit)_/.test(k)).map(([, w]) => w.toLowerCase());
      const text = shareText(DAY, 71);
      const said = new Set(text.toLowerCase().split(/[^\p{L}]+/u));
      for (const word of words) assert.ok(!said.has(word), `${lang}: ${word} in ${text}`);
      assert.doesNotMatch(text, /\b[A234567JQK][DCBS]\b/);
    }
    setLanguage("it");
  });
});

describe("the date in words", () => {
  test("as Intl writes it, every day of two years in every language (the door shows it without Intl)", () => {
    try {
      for (const lang of ["it", "en", "es"]) {
        setLanguage(lang);
        const intl = new Intl.DateTimeFormat(lang, { weekday: "long", day: "numeric", month: "long" });
        for (let d = new Date(2026, 0, 1, 12); d.getFullYear() < 2028; d.setDate(d.getDate() + 1)) {
          assert.equal(longDate(localDay(d)), intl.format(d), `${lang} ${localDay(d)}`);
        }
      }
    } finally {
      setLanguage("it");
    }
  });
});

describe("the calendar", () => {
  const cal = { first_day: "2026-11-01", today: "2026-11-27", month: null, picked: "2026-11-20",
    summary: { streak: 2, best: 3, days: 4 },
    marks: { "2026-11-26": { classica: "on_time" }, "2026-11-20": { brisca: "late", classica: "on_time" } } };

  test("the days from the first daily deal to today open, a dot per game played", () => {
    const html = calendarHtml(cal);
    const day = (d) => html.match(new RegExp(`<button[^>]*data-cal-day="${d}"[^>]*>.*?</button>`))[0];
    assert.ok(!day("2026-11-01").includes("disabled") && !day("2026-11-27").includes("disabled"));
    assert.ok(day("2026-11-28").includes("disabled"));
    assert.ok(day("2026-11-27").includes("today"));
    assert.equal(day("2026-11-20").match(/class="cal-dot /g).length, 2);
    assert.ok(day("2026-11-20").includes("late") && day("2026-11-26").includes("on-time"));
    assert.match(html, /data-cal-month="2026-10"[^>]*disabled/);  // no month before the first day
    assert.match(html, /data-cal-month="2026-12"[^>]*disabled/);  // nor after today's
    assert.equal((html.match(/data-daily="/g) ?? []).length, DAILY.variants.length);  // the picked day's games
    assert.match(html, /data-daily="classica" data-date="2026-11-20"/);
  });

  test("the streak in words", () => {
    setLanguage("en");
    assert.deepEqual([0, 1, 5].map((n) => streakText({ streak: n })), ["No streak yet", "Streak: 1 day", "Streak: 5 days"]);
    setLanguage("it");
  });

  test("the page's day is its own clock's", () => {
    assert.equal(localDay(new Date(2027, 0, 5, 23, 59)), "2027-01-05");
  });
});

describe("the stored summary", () => {
  const good = { as_of: "2026-11-27", streak: 2, best: 3, days: 5, today: { classica: 64, brisca: null } };

  test("kept when every field is one the door can draw", () => {
    assert.deepEqual(dailySummary(good), good);
  });

  test("else none", () => {
    for (const bad of [null, [], "x", { ...good, streak: -1 }, { ...good, as_of: "ieri" }, { ...good, today: { chiamata: 3 } },
      { ...good, today: { classica: 121 } }, { ...good, today: JSON.parse('{"__proto__": 1}') }, { ...good, days: undefined }]) {
      assert.equal(dailySummary(bad), null, JSON.stringify(bad));
    }
  });
});
