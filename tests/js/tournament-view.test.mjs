// screens/tournament-view.js: the tournament screen's markup from the engine's view, text in and
// HTML text out (no DOM), worded by strings/i18n.js.
import "./page-globals.mjs";  // the texts that come after the first screen, merged
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { SHAPES, championText, formHtml, pairsOptions, playedText, tournamentHtml, tournamentParts }
  from "../../static/screens/tournament-view.js";
import { LEVELS, TOURNAMENTS } from "../../static/engine/rules-data.js";

const selected = (html) => [...html.matchAll(/<option value="([^"]*)" selected>/g)].map((m) => m[1]);
const values = (html) => [...html.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);

describe("the new-tournament form", () => {
  test("every shape the engine has first offers a number of pairs it allows", () => {
    assert.deepEqual(Object.keys(SHAPES), Object.keys(TOURNAMENTS));
    for (const [shape, { pairs }] of Object.entries(TOURNAMENTS)) {
      assert.ok(pairs.includes(SHAPES[shape].first), `${shape}: ${SHAPES[shape].first} not in ${pairs}`);
      const html = pairsOptions(shape);
      assert.deepEqual(values(html), pairs.map(String), shape);
      assert.deepEqual(selected(html), [String(SHAPES[shape].first)], shape);
    }
  });

  test("L'Approdo's two groups of nine come first when that shape is chosen", () => {
    assert.deepEqual(selected(pairsOptions("due_gironi")), ["18"]);
  });

  test("every shape offered, the girone chosen; the setup's level, or esperto", () => {
    const html = formHtml("campione");
    for (const shape of Object.keys(TOURNAMENTS)) assert.match(html, new RegExp(`id="tn-shape-${shape}" value="${shape}"`));
    assert.deepEqual([...html.matchAll(/value="(\w+)" checked/g)].map((m) => m[1]), ["girone"]);
    assert.deepEqual(values(html), LEVELS);
    assert.deepEqual(selected(html), ["campione"]);
    for (const level of ["constructor", "x", undefined]) assert.deepEqual(selected(formHtml(level)), ["esperto"], String(level));
  });
});

const row = (pair) => ({ pair, played: 0, won: 0, lost: 0, standing: 0, deals_for: 0, deals_against: 0, points_for: 0,
  points_against: 0, tiebreak: null, group: 0, to_play: 3, in_play: false, out: false });
const fixture = (index, round, a, b, status = "to_play") => ({ index, stage: "group", round, a, b, group: 0, status, outcome: null });

// As the engine answers `tournament_new` for a partita secca of four pairs (seed 3).
const NEW_SECCA = {
  pairs: 4, seed: 3, level: "esperto", shape: "secca", groups: 1, ident: { shape: "secca", seed: 3, pairs: 4 },
  standings: [row(0), row(3), row(2), row(1)],
  fixtures: [fixture(0, 0, 0, 3, "next"), fixture(1, 0, 1, 2), fixture(2, 1, 0, 2), fixture(3, 1, 1, 3), fixture(4, 2, 0, 1),
    fixture(5, 2, 2, 3)],
  knockout: [
    { stage: "semi", pending: [[{ place: 1, group: null }, { place: 4, group: null }], [{ place: 2, group: null }, { place: 3, group: null }]] },
    { stage: "final", pending: [[{ winner_of: "semi", n: 1 }, { winner_of: "semi", n: 2 }]] },
  ],
  rounds: 3, next: fixture(0, 0, 0, 3, "next"), next_is_player: true, player_left: true, champion: null, over: false,
};

describe("the standings screen", () => {
  test("a new tournament: the player's match next, every pair a row, the knock-out's seeds", () => {
    const parts = tournamentParts(NEW_SECCA, false);
    assert.match(parts.head, /^<p class="tn-status">Prossima partita: Giornata 1, contro Coppia 4\.<\/p><p class="tn-alive"/);
    assert.match(parts.actions, /id="btn-tn-play">Gioca la prossima partita</);
    assert.deepEqual([...parts.body.matchAll(/data-pair="(\d)"/g)].map((m) => m[1]), ["0", "3", "2", "1"]);
    assert.match(parts.body, /<tr class="mine" data-pair="0">/);
    assert.match(parts.body, /Semifinali \(partita secca\)/);
    assert.match(parts.body, /1ª del girone – 4ª del girone/);
    assert.match(parts.body, /Vincente semifinale 1 – Vincente semifinale 2/);
    const html = tournamentHtml(parts);
    for (const part of [parts.head, parts.actions, parts.body]) assert.ok(html.includes(part));
  });

  test("a match already under way is resumed", () => {
    const parts = tournamentParts(NEW_SECCA, true);
    assert.match(parts.head, /Partita in corso: Giornata 1, contro Coppia 4\./);
    assert.match(parts.actions, /id="btn-tn-play">Riprendi la partita</);
  });

  test("the computers' match in play marks its pairs; no play button", () => {
    const view = { ...NEW_SECCA, next: fixture(1, 0, 1, 2, "next"), next_is_player: false };
    const parts = tournamentParts(view, false);
    assert.equal(parts.actions.includes("btn-tn-play"), false);
    assert.deepEqual([...parts.body.matchAll(/<tr class="playing" data-pair="(\d)"/g)].map((m) => m[1]).sort(), ["1", "2"]);
  });

  test("over: the champion, and a new tournament offered first", () => {
    const parts = tournamentParts({ ...NEW_SECCA, over: true, champion: 2, next: null, next_is_player: false }, false);
    assert.equal(parts.head, `<p class="tn-champion">${championText({ champion: 2 })}</p>`);
    assert.match(parts.actions, /class="primary" id="btn-tn-new"/);
    assert.equal(championText({ champion: 0 }), "Campioni! La tua coppia vince il torneo.");
  });

  test("a result in one line", () => {
    assert.equal(playedText({ a: 0, b: 3, outcome: { deals: [2, 1] } }), "La tua coppia – Coppia 4: 2 a 1.");
  });
});
