// A fair table's side of the deal in play kept in storage (storage/storage.js saveFairSide, beside
// the save): what FairTable.stored() gives comes back whole, one per room and seat (two pages of one
// browser at one table each find their own); a damaged one is null (the page cannot resume that
// deal), never an exception. A guest's match at a fair table is its table's (matchAt), apart from
// the browser's own match.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { test } from "node:test";
import { forgetFairSide, forgetTables, loadFairSide, loadMatch, matchAt, saveFairSide, saveMatch, saveNewMatch }
  from "../../static/storage/storage.js";
import { FairTable } from "../../static/online/fair/table.js";

const CARDS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"].flatMap((r) => "DCBS".split("").map((s) => r + s));

/** A page's FairTable at `seat`, its first deal begun (its seed drawn, its key sent). */
function begun(seat, k = "room1.0") {
  const sent = [];
  const table = new FairTable({ seat, ask: () => {}, send: (m) => sent.push(m) });
  table.answered({ ok: true, result: { fair: { k, plays: [0, 1], cards: CARDS, opens: [], applied: {} }, sent: [] } });
  assert.equal(sent.length, 1, "its key, sent");
  return table;
}

test("a fair side stored and read back restores the page's deal, its seed and its key", () => {
  const table = begun(1);
  const io = { seat: 1, ask: () => {}, send: () => {} };
  assert.equal(saveFairSide("room1", 1, table.stored()), "ok");
  assert.equal(loadFairSide("room2", 1), null, "one per room");
  const back = FairTable.restore(loadFairSide("room1", 1), io);
  assert.equal(back.k, "room1.0");
  assert.equal(back.page.seed, table.page.seed);
  assert.deepEqual(back.page.log, table.page.log);
  localStorage.setItem("briscola:fair:room3:1", "{not json");
  assert.equal(loadFairSide("room3", 1), null, "a damaged side is none");
  forgetFairSide("room1", 1);
  assert.equal(loadFairSide("room1", 1), null);
});

test("two pages of one browser at one fair table each find their own side, never the other's seed", () => {
  const host = begun(0, "room4.0"), guest = begun(1, "room4.0");
  saveFairSide("room4", 0, host.stored());
  saveFairSide("room4", 1, guest.stored());
  assert.notEqual(host.page.seed, guest.page.seed);
  assert.equal(loadFairSide("room4", 0).page.seed, host.page.seed);
  assert.equal(loadFairSide("room4", 1).page.seed, guest.page.seed);
  assert.equal(loadFairSide("room4", 2), null, "a seat with no side of its own has none");
  forgetFairSide("room4", 0);
  forgetFairSide("room4", 1);
});

test("a side kept the old way (one per room) still resumes for its own seat, and moves to the seat's key", () => {
  const guest = begun(1, "room5.0");
  localStorage.setItem("briscola:fair:room5", JSON.stringify(guest.stored()));
  assert.equal(loadFairSide("room5", 0), null, "another seat's old side is never this seat's");
  assert.equal(localStorage.getItem("briscola:fair:room5") !== null, true, "and stays for its seat");
  assert.equal(loadFairSide("room5", 1).page.seed, guest.page.seed);
  assert.equal(localStorage.getItem("briscola:fair:room5"), null, "moved");
  assert.equal(JSON.parse(localStorage.getItem("briscola:fair:room5:1")).page.seed, guest.page.seed);
  forgetFairSide("room5", 1);
});

test("a guest's match at a fair table is kept at its table: the browser's own match stays, and each table's its own", () => {
  matchAt();
  assert.equal(saveNewMatch("offline match", null), "ok");
  matchAt("room6", 1);
  assert.equal(loadMatch(), null, "this table's: none yet");
  assert.equal(loadMatch({ browsers: true }).text, "offline match", "the browser's, read apart (a save from before)");
  assert.equal(saveNewMatch("guest's match", null), "ok");
  assert.equal(saveMatch("guest's match, a step on", null), "ok", "no conflict with the browser's match");
  matchAt("room6", 2);  // another page of this browser at the same table
  assert.equal(saveNewMatch("another seat's match", null), "ok");
  matchAt("room6", 1);
  assert.equal(loadMatch().text, "guest's match, a step on");
  matchAt();
  assert.equal(loadMatch().text, "offline match", "the browser's own match untouched");
  forgetTables("room6", 1);
  matchAt("room6", 1);
  assert.equal(loadMatch(), null, "a table left: its match goes");
  matchAt("room6", 2);
  assert.equal(loadMatch().text, "another seat's match");
  matchAt();
});

test("tables long left are forgotten (their match and side), the ones played lately and the page's own kept", () => {
  const day = 86_400_000, now = Date.now();
  const kept = (room, seat, at) => {
    localStorage.setItem(`briscola:match:${room}:${seat}`, JSON.stringify({ rev: 1, text: "x", view: null, at }));
    saveFairSide(room, seat, begun(seat, `${room}.0`).stored());
  };
  kept("old1", 1, now - 8 * day);
  kept("new1", 2, now - 1 * day);
  kept("mine1", 1, now - 9 * day);
  matchAt("mine1", 1);
  forgetTables(null, null, now);
  assert.equal(localStorage.getItem("briscola:match:old1:1"), null);
  assert.equal(loadFairSide("old1", 1), null);
  assert.notEqual(localStorage.getItem("briscola:match:new1:2"), null);
  assert.notEqual(loadFairSide("new1", 2), null);
  assert.notEqual(localStorage.getItem("briscola:match:mine1:1"), null, "the page's own table");
  matchAt();
});
