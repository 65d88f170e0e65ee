// A fair table's wiring (docs/fair-deal.md, "A fair table on every page"): pages in memory, each a
// FairTable over its own real engine, the real cryptography, a hub that carries messages in a random
// order of links. Whole deals, a reload mid-deal, a page gone for good and the deal dealt again, a
// cheating page named on every page.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { engines, fairTable } from "./tables.mjs";

const engine = engines();
after(() => engine.close());

const settings = (variant, players) => ({ variant, players, seed: 7, level: "principiante", room: "wiring01" });

/** Every page's last state: its deal checked and settled. */
function settledEverywhere(t) {
  for (const seat of t.people) {
    const st = t.state.get(seat);
    assert.equal(st.fair.settled, true, `page ${seat}: the deal is settled`);
    assert.notEqual(st.status, "playing", `page ${seat}: the deal is over`);
  }
}

test("two people play a whole deal of classica, checked on both pages", async () => {
  const t = fairTable(engine, { people: [0, 1], settings: settings("classica", 2), seed: 3 });
  await t.start();
  const moves = await t.playDeal();
  assert.ok(moves >= 40, `${moves} moves`);
  settledEverywhere(t);
  assert.deepEqual(t.refusals, []);
  assert.equal(t.named.size, 0);
  const hands = t.people.map((s) => t.state.get(s).deal_result.team_points);
  assert.deepEqual(hands[0], hands[1]);
});

test("four at brisca a coppie, two people: the computer's seats on its partners' pages, two deals", async () => {
  const t = fairTable(engine, { people: [0, 1], settings: settings("brisca", 4), seed: 5 });
  await t.start();
  assert.deepEqual(t.state.get(0).fair.plays, [0, 1, 0, 1], "each computer plays on its partner's page");
  await t.playDeal();
  settledEverywhere(t);
  t.pages.get(0).deal("next_deal", "k1", [0, 1]);
  await t.playDeal();
  settledEverywhere(t);
  assert.equal(t.state.get(1).deal_index, 1);
  assert.deepEqual(t.refusals, []);
  assert.deepEqual(t.state.get(0).match, t.state.get(1).match, "both pages keep the same match");
});

test("a page reloaded mid-deal resumes it from its save and its storage", async () => {
  const t = fairTable(engine, { people: [0, 1, 2], settings: settings("classica", 3), seed: 8 });
  await t.start();
  await t.playDeal(7);
  await t.reload(1);
  await t.playDeal();
  settledEverywhere(t);
  assert.deepEqual(t.refusals, []);
  assert.equal(t.named.size, 0);
});
