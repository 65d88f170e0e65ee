// Numbers in the player's language (issue 24): strings/numbers.js, and the statistics' markup
// (screens/stats.js statsHtml) that shows the engine's averages with it.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { setLanguage } from "../../static/strings/lookup.js";
import { num } from "../../static/strings/numbers.js";
import { statsHtml } from "../../static/screens/stats.js";

const LINE = { variant: "classica", level: "esperto", matches: 2, won: 1, drawn: 0, lost: 1, deals: 2, deals_won: 1, vp: 20,
  point_difference: -6, average_points: 44.5, best_streak: 1 };

describe("numbers as the language writes them", () => {
  afterEach(() => setLanguage("it"));

  test("a decimal comma in Italian and Spanish, a point in English; one decimal at most", () => {
    for (const [lang, half, third] of [["it", "44,5", "1,3"], ["es", "44,5", "1,3"], ["en", "44.5", "1.3"]]) {
      setLanguage(lang);
      assert.deepEqual([num(44.5), num(4 / 3), num(120), num(-6)], [half, third, "120", "-6"], lang);
    }
  });

  test("whole numbers as Intl writes them, written without it under a thousand", () => {
    for (const lang of ["it", "en", "es"]) {
      setLanguage(lang);
      const intl = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
      for (const n of [0, -0, 1, -1, 7, 120, -120, 999, -999, 1000, 1234, 12345, -54321, 2.5, -0.25]) assert.equal(num(n), intl.format(n), `${lang} ${n}`);
    }
  });

  test("not a number: shown as it is", () => {
    assert.deepEqual([num("—"), num(null), num(Number.NaN)], ["—", "", "NaN"]);
  });

  test("the statistics' average points: 44,5 in Italian and Spanish, 44.5 in English", () => {
    for (const [lang, avg] of [["it", "44,5"], ["es", "44,5"], ["en", "44.5"]]) {
      setLanguage(lang);
      const html = statsHtml({ lines: [LINE], recent: [] });
      assert.match(html, new RegExp(`<td data-label="[^"]*">${avg.replace(".", "\\.")}</td>`), lang);
      assert.doesNotMatch(html, lang === "en" ? /44,5/ : /44\.5/, lang);
    }
  });
});
