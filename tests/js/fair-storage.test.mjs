// A fair table's side of the deal in play kept in storage (storage/storage.js saveFairSide, beside
// the save): what FairTable.stored() gives comes back whole, one per room; a damaged one is null
// (the page cannot resume that deal), never an exception.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { forgetFairSide, loadFairSide, saveFairSide } from "../../static/storage/storage.js";
import { FairTable } from "../../static/online/fair/table.js";

const CARDS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"].flatMap((r) => "DCBS".split("").map((s) => r + s));

test("a fair side stored and read back restores the page's deal, its seed and its key", () => {
  const sent = [];
  const io = { seat: 1, ask: () => {}, send: (m) => sent.push(m) };
  const table = new FairTable(io);
  table.answered({ ok: true, result: { fair: { k: "room1.0", plays: [0, 1], cards: CARDS, opens: [], applied: {} }, sent: [] } });
  assert.equal(sent.length, 1, "its key, sent");
  assert.equal(saveFairSide("room1", table.stored()), "ok");
  assert.equal(loadFairSide("room2"), null, "one per room");
  const back = FairTable.restore(loadFairSide("room1"), io);
  assert.equal(back.k, "room1.0");
  assert.equal(back.page.seed, table.page.seed);
  assert.deepEqual(back.page.log, table.page.log);
  localStorage.setItem("briscola:fair:room3", "{not json");
  assert.equal(loadFairSide("room3"), null, "a damaged side is none");
  forgetFairSide("room1");
  assert.equal(loadFairSide("room1"), null);
});
