// The analysis' page side (screens/analysis-view.js): the runner asks the engine a slice at a time
// until it is done, keeps what it got, and stops when told; each moment's reason is worded in the
// three languages with every placeholder filled; the statistics draw the accuracy of recent matches.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { accuracyText, analysable, analyse, momentText, stopAnalysis } from "../../static/screens/analysis-view.js";
import { accuracyChart } from "../../static/screens/stats.js";
import { setLanguage } from "../../static/strings/lookup.js";

/** A costly move as the engine sends it (briscola/analysis.py, briscola/moments.py): its sentence's parts. */
const move = (said) => ({ index: 9, trick: 5, played: "AB", best: "4C", lost: 18.6, stake: 20, accuracy: 12, said });
/** Every part the engine says (briscola/moments.py), each with its params. */
const PARTS = [
  ["gave_card_one", { card: "AB", pts: 11 }], ["gave_card_many", { card: "AB", pts: 11 }],
  ["lost_trick_one", { pts: 13 }], ["lost_trick_many", { pts: 13 }],
  ["better_take", { card: "4C", pts: 13 }], ["better_take_empty", { card: "4C", pts: 0 }],
  ["better_beat", { card: "4C", pts: 13 }], ["better_beat_empty", { card: "4C", pts: 0 }],
  ["better_lost_anyway", { card: "JC", pts: 2 }], ["better_lost_anyway_liscio", { card: "4C", pts: 0 }],
  ["better_lost_anyway_trump", { card: "2C", pts: 0 }],
  ["better_keep_trump_many", { card: "4C", n: 6 }], ["better_keep_trump_one", { card: "4C", n: 1 }],
  ["better_keep_trump_none", { card: "4C", n: 0 }], ["better_beatable_many", { card: "4C", played: "AB", n: 7 }],
  ["better_beatable_one", { card: "4C", played: "AB", n: 1 }], ["better_counted", { card: "4C" }],
  ["better_last_draw", { card: "4C" }],
  ["better_trumps_out_many", { card: "4C", n: 6 }], ["better_trumps_out_one", { card: "4C", n: 1 }],
  ["better_plain", { card: "4C" }], ["worth_points", { pts: 9 }], ["worth_win", { pct: 9 }],
].map(([key, params]) => ({ key, params }));

/** A door that answers op "analysis" `slices` times not done, then done (once with a save). */
function door(slices) {
  const asked = [];
  return {
    asked,
    analysis: async (arg) => {
      asked.push(arg);
      const done = asked.length > slices;
      return { ok: true, ...(done ? { state: {}, save: "text" } : {}),
        result: { done, progress: { moves: asked.length, total: slices + 1 }, analysis: done ? { accuracy: 80, moves: [], costly: [] } : null } };
    },
  };
}

describe("the runner", () => {
  test("asks a slice at a time until done, saves once, then answers from what it kept", async () => {
    const api = door(3);
    const saves = [];
    const got = await analyse(api, "k1", { deal: 0 }, (res) => saves.push(res.save));
    assert.deepEqual(got, { accuracy: 80, moves: [], costly: [] });
    assert.equal(api.asked.length, 4);
    assert.ok(api.asked.every((a) => a.deal === 0 && a.budget_ms > 0 && a.budget_ms <= 50));
    assert.deepEqual(saves, ["text"]);
    assert.equal(await analyse(api, "k1", { deal: 0 }), got);
    assert.equal(api.asked.length, 4, "kept: the engine is not asked again");
  });

  test("one at a time: a second waits for the first; stopping ends both", async () => {
    const api = door(1000);
    const first = analyse(api, "k2", { deal: 1 });
    await new Promise((r) => { setTimeout(r, 5); });
    const second = analyse(api, "k3", { deal: 2 });
    assert.equal(analyse(api, "k3", { deal: 2 }), second, "the same key: the same analysis");
    await new Promise((r) => { setTimeout(r, 5); });
    assert.ok(api.asked.length > 0 && api.asked.every((a) => a.deal === 1), "the second waits its turn");
    stopAnalysis();
    assert.equal(await first, null);
    assert.equal(await second, null);
    const asked = api.asked.length;
    await new Promise((r) => { setTimeout(r, 20); });
    assert.equal(api.asked.length, asked, "nothing is asked once stopped");
    assert.ok(api.asked.every((a) => a.deal === 1));
  });

  test("the next waits for the one before, then runs", async () => {
    const api = door(2);
    const [a, b] = [analyse(api, "k6", { deal: 6 }), analyse(api, "k7", { deal: 7 })];
    assert.ok(await a && await b);
    assert.deepEqual(api.asked.map((x) => x.deal), [6, 6, 6, 7, 7, 7].slice(0, api.asked.length));
  });

  test("a refusal or a dead engine ends it with nothing", async () => {
    assert.equal(await analyse({ analysis: async () => ({ ok: false, error: { code: "analysis_gone" } }) }, "k4", {}), null);
    assert.equal(await analyse({ analysis: async () => { throw new Error("down"); } }, "k5", {}), null);
  });
});

describe("the words", () => {
  const THE = { it: /(l'Asso|il Quattro|il Fante|il Due) di /, en: /the (Ace|Four|Knave|Two) of /, es: /(el As|el Cuatro|la Sota|el Dos) de / };
  for (const lang of ["it", "en", "es"]) {
    test(`every part of a moment, in ${lang}`, () => {
      setLanguage(lang);
      const seen = new Set();
      for (const part of PARTS) {
        const text = momentText(move([part]));
        assert.doesNotMatch(text, /[{}]/, text);
        assert.match(text, /\b5\b/, text);  // the trick
        if (part.params.card) assert.match(text, THE[lang], text);  // a card said with its article
        seen.add(text);
      }
      assert.equal(seen.size, PARTS.length, "every part its own words");
      assert.doesNotMatch(accuracyText({ accuracy: 87.4, given_away: 6 }), /[{}]/);
      assert.match(accuracyText({ accuracy: 87.4, given_away: 6 }), /87%.*\b6\b/);
      assert.notEqual(accuracyText({ accuracy: null }), accuracyText(null));
    });
  }
  test("the plain fact first, then the better card: as the command line words it (tests/ai/test_analyse_command.py)", () => {
    setLanguage("it");
    const said = [PARTS[0], { key: "better_lost_anyway_liscio", params: { card: "4C", pts: 0 } }, { key: "worth_points", params: { pts: 9 } }];
    assert.equal(momentText(move(said)), "Presa 5. Hai regalato all'avversario l'Asso di bastoni: 11 punti. "
      + "Il Campione avrebbe giocato il Quattro di coppe: la mano era persa comunque, meglio buttare un liscio. "
      + "In media ti avrebbe reso 9 punti in più.");
  });
  test("the sentences differ by language", () => {
    const said = ["it", "en", "es"].map((lang) => { setLanguage(lang); return momentText(move(PARTS.slice(0, 1))); });
    assert.equal(new Set(said).size, 3);
    setLanguage("it");
  });
});

test("the statistics draw the accuracy of the matches analysed, nothing when none was", () => {
  assert.equal(accuracyChart([{ accuracy: null }]), "");
  const svg = accuracyChart([{ accuracy: 800 }, { accuracy: null }, { accuracy: 655 }]);
  assert.equal((svg.match(/<circle /g) ?? []).length, 2);
  assert.match(svg, /80%/);
});

test("which deals get an analysis: the one person at seat 0 played them", () => {
  const st = (more = {}) => ({ deal_result: { void: false }, viewer: 0, people: [0], view: { tricks: [{}] }, ...more });
  assert.equal(analysable(st(), null), true);
  assert.equal(analysable(st({ online: true, people: [0, 1] }), "host"), true);
  assert.equal(analysable(st(), "guest"), false);
  assert.equal(analysable(st({ people: [0, 2] }), null), false, "pass-and-play: the phone is anyone's");
  assert.equal(analysable(st({ stand_in: true }), null), false, "the computer played for him");
  assert.equal(analysable(st({ deal_result: { void: true } }), null), false, "everyone passed");
  assert.equal(analysable(st({ deal_result: null }), null), false, "not over");
});
