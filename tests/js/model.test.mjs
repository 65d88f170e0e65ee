// table/model.js: what table.js draws, from the engine's state for its viewer and the page's bits.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { handMinus, model, pileHolder } from "../../static/table/model.js";

const UI = { style: "napoletane", selected: null, dragging: false, playable: new Set() };

/** A classica match of four in teams, two tricks in, seat 1 to play on seat 0's lead (the viewer: seat `seat`). */
function fourInTeams(seat = 0, more = {}) {
  return {
    status: "playing", teams: [[0, 2], [1, 3]], to_move: 1, names: [null, "Bo", null, "Dee"], team_piles: null,
    view: {
      variant: "classica", players: 4, seat, hand: ["AC", "7S"], trump: "2S", stock: 20, phase: "play", leader: 0,
      tricks: [{ leader: 0, cards: ["3D", "4D", "5D", "6D"], winner: 0 }, { leader: 0, cards: ["KB", "QB", "JB", "AB"], winner: 3 }],
      trick: ["2C"], points: [10, 15, 0, 0], hand_sizes: [2, 3, 2, 2], options: { carte_viste: true },
      legal: [], trump_suit: undefined,
    },
    ...more,
  };
}

describe("model", () => {
  test("the viewer's hand in full, the others as counts", () => {
    const m = model(fourInTeams(), UI);
    assert.deepEqual(m.hands, [["AC", "7S"], 3, 2, 2]);
    assert.equal(m.viewer.seat, 0);
    assert.deepEqual(m.viewer.names, [null, "Bo", null, "Dee"]);
  });

  test("a hand the engine shows (carte scoperte) is drawn face up", () => {
    const st = fourInTeams();
    st.view.hands = { 2: ["KD", "QD"] };
    assert.deepEqual(model(st, UI).hands, [["AC", "7S"], 3, ["KD", "QD"], 2]);
  });

  test("drawn for another seat (pass-and-play): its own hand at the bottom", () => {
    const st = fourInTeams(2);
    assert.deepEqual(model(st, UI).hands, [2, 3, ["AC", "7S"], 2]);
    assert.equal(model(st, UI).viewer.seat, 2);
  });

  test("the trick's cards by seat from the leader, the piles by winner, the teams", () => {
    const st = fourInTeams();
    st.view.leader = 3;
    st.view.trick = ["2C", "3C"];
    const m = model(st, UI);
    assert.deepEqual(m.trick, [{ seat: 3, code: "2C" }, { seat: 0, code: "3C" }]);
    assert.deepEqual(m.piles, [4, 0, 0, 4]);
    assert.deepEqual(m.teamOf, { 0: 0, 2: 0, 1: 1, 3: 1 });
    assert.deepEqual(m.played, ["3D", "4D", "5D", "6D", "KB", "QB", "JB", "AB"]);
    assert.equal(m.playedShown, true);
    assert.equal(m.trumpSuit, "S");  // from the trump card when the engine names no suit
  });

  test("two players have no teams; a deal over has nobody to move", () => {
    const st = fourInTeams();
    Object.assign(st.view, { players: 2, hand_sizes: [2, 2], points: [10, 15], tricks: [], trick: [] });
    st.teams = [[0], [1]];
    st.status = "deal_over";
    const m = model(st, UI);
    assert.deepEqual(m.hands, [["AC", "7S"], 2]);
    assert.equal(m.teamOf, null);
    assert.equal(m.toMove, null);
  });

  test("the placeholder shows while a card is selected or dragged on the player's turn", () => {
    const st = fourInTeams();
    st.view.legal = [{ play: "AC" }, { play: "7S" }];
    assert.equal(model(st, UI).placeholder, false);
    assert.equal(model(st, { ...UI, selected: "AC" }).placeholder, true);
    assert.equal(model(st, { ...UI, dragging: true }).placeholder, true);
    assert.equal(model({ ...st, status: "deal_over" }, { ...UI, selected: "AC" }).placeholder, false);
  });
});

describe("pileHolder", () => {
  test("a trick goes to its winner's pile, or in Biscambiggia in teams to the team's pile", () => {
    const st = fourInTeams();
    assert.equal(pileHolder(st, 3), 3);
    st.team_piles = [2, null];
    assert.deepEqual([0, 1, 2, 3].map((s) => pileHolder(st, s)), [2, 1, 2, 3]);
    const m = model(st, UI);
    assert.deepEqual(m.piles, [0, 0, 4, 4]);
    assert.equal(m.teamPiles, true);
  });
});

describe("handMinus", () => {
  test("a card out of a hand, or one fewer in a hidden hand (never below zero)", () => {
    assert.deepEqual(handMinus(["AC", "7S", "2D"], "7S"), ["AC", "2D"]);
    assert.deepEqual(handMinus(["AC"], "KD"), ["AC"]);
    assert.equal(handMinus(3, "AC"), 2);
    assert.equal(handMinus(0, "AC"), 0);
  });
});
