// screens/compare.js: both plays of a replayed deal, read off the engine's comparison (op
// replay_compare): the player's points and result per play, where the plays part, the verdict.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { outcome, splitAt, verdict } from "../../static/screens/compare.js";
import { setLanguage } from "../../static/strings/i18n.js";

const trick = (cards, winner = 0) => ({ leader: 0, cards, winner, points: 0 });
const line = (tricks, team_points, winner, more = {}) => ({ tricks, team_points, winner, mine: 0, over: true, ...more });

describe("the comparison of a replayed deal", () => {
  test("the player's side's points and how the deal went for it", () => {
    assert.deepEqual(outcome(line([], [70, 50], 0)), { pts: 70, how: "won" });
    assert.deepEqual(outcome(line([], [50, 70], 1)), { pts: 50, how: "lost" });
    assert.deepEqual(outcome(line([], [60, 60], null)), { pts: 60, how: "tied" });
    assert.deepEqual(outcome(line([], [11, 0], null, { over: false })), { pts: 11, how: "unfinished" });
    // chiamata: the player's side is the opponents' (index 1) when he did not call
    assert.deepEqual(outcome(line([], [64, 56], 0, { mine: 1 })), { pts: 56, how: "lost" });
  });

  test("the plays part at the first trick whose cards differ, none when they are the same", () => {
    const a = [trick(["AD", "2D"]), trick(["3C", "4C"]), trick(["5S", "6S"])];
    const b = [trick(["AD", "2D"]), trick(["4C", "3C"]), trick(["5S", "6S"])];
    assert.equal(splitAt(line(a, [0, 0], 0), line(b, [0, 0], 0)), 1);
    assert.equal(splitAt(line(a, [0, 0], 0), line(a, [0, 0], 0)), null);
    assert.equal(splitAt(line(a, [0, 0], 0), line(a.slice(0, 2), [0, 0], 0, { over: false })), 2);
  });

  test("the verdict says how many points more or fewer the replay made", () => {
    setLanguage("en");
    const first = line([], [50, 70], 1);
    assert.equal(verdict({ first, replay: line([], [67, 53], 0) }), "This time you scored 17 more points.");
    assert.equal(verdict({ first, replay: line([], [41, 79], 1) }), "This time you scored 9 fewer points.");
    assert.equal(verdict({ first, replay: first }), "You scored as many points as the first time.");
    setLanguage("it");
    assert.equal(verdict({ first, replay: line([], [67, 53], 0) }), "Questa volta hai fatto 17 punti in più.");
  });
});
