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

/** Every page's deal settled, no step refused, nobody named. */
function settledCleanly(t) {
  settledEverywhere(t);
  assert.deepEqual(t.refusals, []);
  assert.equal(t.named.size, 0);
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
  settledCleanly(t);
});

test("a page reloaded while its engine was being asked another page's step asks that step again", async () => {
  const t = fairTable(engine, { people: [0, 1], settings: settings("classica", 2), seed: 5 });
  await t.start();
  await t.playDeal(5);
  const [seat, op, arg] = t.mover();
  await t.run(seat, op, arg);  // the move: its card shown, then its step, on their way to the other page
  const other = 1 - seat;
  const link = [...t.links.values()].find((l) => l.from === seat && l.to === other);
  const asked = () => t.asks.get(other).some((a) => a.arg?.steps?.length);
  while (!asked()) t.pages.get(other).receive(link.queue.shift(), seat);
  assert.equal(t.kept(other).passed[seat], t.fairOf(other).applied[seat] + 1, "its side says the step passed to the engine");
  await t.reload(other);  // before its engine applied (and saved) that step
  await t.playDeal();
  settledCleanly(t);
});

test("a page that plays another card than the one it showed is named on every page; the deal is dealt again", async () => {
  let cheated = null;
  const tamper = (msg, from) => {  // page 1 says (to every page) it played another card than the one it showed
    if (from !== 1 || msg.t !== "fstep" || !msg.step.action.play || (cheated !== null && cheated !== msg.step.sn)) return msg;
    cheated = msg.step.sn;
    const other = msg.step.action.play === "AD" ? "AC" : "AD";
    return { ...msg, step: { ...msg.step, action: { play: other } } };
  };
  const t = fairTable(engine, { people: [0, 1, 2], settings: settings("classica", 3), seed: 11, tamper });
  await t.start();
  await t.playDeal();
  assert.notEqual(cheated, null);
  for (const seat of [0, 2]) assert.deepEqual(t.named.get(seat), { seat: 1, why: "unread" }, `page ${seat} names page 1`);
  assert.ok(t.refusals.every((r) => r.op === "fair_step"), "no deal revealed early is verified");
  t.tamper = null;
  t.pages.get(0).deal("fair_void", "k1", [0, 1, 2], t.named.get(0));
  await t.settle();
  assert.deepEqual(t.named.get(1), { seat: 1, why: "unread" }, "the host's word names it on page 1 too");
  await t.playDeal();
  settledEverywhere(t);
  assert.equal(t.state.get(0).fair.k, "k1");
});

test("a person who never comes back: the deal is dealt again with the computer in his seat", async () => {
  const t = fairTable(engine, { people: [0, 1, 2], settings: settings("biscambiggia", 4), seed: 13 });
  await t.start();
  await t.playDeal(5);
  t.gone.add(2);  // seat 2's page is gone: it holds a share of every card
  t.pages.get(0).deal("fair_void", "k1", [0, 1]);
  await t.playDeal(6);
  assert.deepEqual(t.state.get(0).fair.plays, [0, 1, 0, 1], "seat 2 played on its partner's page");
  t.gone.delete(2);  // back, from its storage and its save: it watches the deal to its end
  await t.reload(2);
  await t.playDeal();
  settledEverywhere(t);
  assert.equal(t.state.get(2).fair.k, "k1");
  assert.deepEqual(t.state.get(2).match, t.state.get(0).match, "the page back keeps the same match");
  t.pages.get(0).deal("next_deal", "k2", [0, 1, 2]);
  await t.playDeal();
  assert.deepEqual(t.state.get(2).fair.plays, [0, 1, 2, 1], "he plays his seat again from the next deal");
  settledEverywhere(t);
  assert.deepEqual(t.refusals, []);
});

test("four people at classica a coppie with carte scoperte: partners' hands shown by private shares only", async () => {
  const t = fairTable(engine, { people: [0, 1, 2, 3],
    settings: { ...settings("classica", 4), options: { carte_scoperte: true } }, seed: 17 });
  await t.start();
  await t.playDeal();
  settledEverywhere(t);
  assert.deepEqual(t.refusals, []);
  const privates = t.sent.filter(({ msg }) => msg.t === "fair" && msg.msg.t === "private");
  assert.ok(privates.length >= 12, `${privates.length} private shares`);
  for (const { from, msg } of privates) {
    assert.equal(msg.to, msg.msg.to);
    assert.equal(Math.abs(msg.to - from), 2, "only to the sender's partner");
  }
});

test("the host's page receives and keeps no card of a guest's before it is shown", async () => {
  const t = fairTable(engine, { people: [0, 1], settings: settings("classica", 2), seed: 19 });
  await t.start();
  await t.playDeal(12);
  const kept = t.kept(0);
  kept.page.context.cards = [];  // the table's cards, every one, in the engine's order: no secret
  const storedMidDeal = JSON.stringify(kept);
  await t.playDeal();
  settledEverywhere(t);
  const guest = t.pages.get(1).page;
  const his = guest.cards.filter((code, pos) => code !== undefined && guest.owners[pos]?.holder === 1);
  assert.ok(his.length >= 15, "the guest's cards, read on his page");
  const played = new Set();
  let checked = 0;
  for (const { from, msg } of t.sent) {
    if (from === 0 || (msg.to !== undefined && msg.to !== 0)) continue;
    if (msg.t === "fstep" && msg.step.action.play) played.add(msg.step.action.play);  // the card shown: public now
    const text = JSON.stringify(msg);
    for (const code of his) if (!played.has(code)) assert.ok(!text.includes(`"${code}"`), `${code} before it was played`);
    checked++;
  }
  assert.ok(checked > 40);
  const unplayedThen = his.filter((code) => !storedMidDeal.includes(`"play":"${code}"`));
  assert.ok(unplayedThen.length > 0);
  for (const code of unplayedThen) assert.ok(!storedMidDeal.includes(`"${code}"`), `${code} in the host's storage`);
  // The control: his cards do travel once played, where the check above would see them.
  assert.ok(t.sent.some(({ msg }) => msg.t === "fstep" && his.includes(msg.step.action.play)), "his cards are shown when played");
});

test("chiamata for five, three people: the auction, the call and the computer's seats on the host's page", async () => {
  const t = fairTable(engine, { people: [0, 2, 4], settings: settings("chiamata", 5), seed: 23 });
  await t.start();
  assert.deepEqual(t.state.get(2).fair.plays, [0, 0, 2, 0, 4], "chiamata's sides are unknown in play: the host's page");
  const moves = await t.playDeal();
  assert.ok(moves >= 45, `${moves} moves`);
  settledEverywhere(t);
  assert.deepEqual(t.refusals, []);
  const contracts = new Set(t.people.map((s) => JSON.stringify(t.state.get(s).contract)));
  assert.equal(contracts.size, 1, "every page has the same contract");
});

test("a deal begins on the host's word alone: a guest's word to void it is ignored", async () => {
  const t = fairTable(engine, { people: [0, 1], settings: settings("classica", 2), seed: 29 });
  await t.start();
  await t.playDeal(4);
  t.pages.get(0).receive({ t: "deal", op: "fair_void", k: "forged", here: [1] }, 1);
  await t.settle();
  assert.equal(t.state.get(0).fair.k, "k0", "the host's page plays on");
  await t.playDeal();
  settledEverywhere(t);
});

test("the host's page reloaded in the middle of the shuffle, then a guest's at the deal's end", async () => {
  const t = fairTable(engine, { people: [0, 1, 2], settings: settings("classica", 3), seed: 31 });
  for (const seat of t.people) {
    await t.run(seat, "new", { ...settings("classica", 3), people: t.people, online: true, viewer: seat, fair: { k: "k0", here: t.people } });
  }
  for (let i = 0; i < 5; i++) await t.step();  // some keys and a hop on their way
  await t.reload(0);
  const moves = await t.playDeal(25);
  assert.equal(moves, 25);
  await t.reload(2);
  await t.playDeal();
  settledCleanly(t);
});

test("a step false for one page alone: that page names it, the host hears and deals again", async () => {
  let cheated = null;
  const tamper = (msg, from, to) => {  // page 1 tells page 2 alone it played another card
    if (to !== 2 || from !== 1 || msg.t !== "fstep" || !msg.step.action.play || (cheated !== null && cheated !== msg.step.sn)) return msg;
    cheated = msg.step.sn;
    return { ...msg, step: { ...msg.step, action: { play: msg.step.action.play === "AD" ? "AC" : "AD" } } };
  };
  const t = fairTable(engine, { people: [0, 1, 2], settings: settings("classica", 3), seed: 37, tamper });
  await t.start();
  await t.playDeal();
  assert.deepEqual(t.named.get(2), { seat: 1, why: "unread" });
  assert.equal(t.named.has(0), false, "the host saw nothing wrong");
  assert.deepEqual(t.heard.filter((h) => h.seat === 0), [{ seat: 0, fault: { seat: 1, why: "unread" }, from: 2 }], "but heard it");
  t.tamper = null;
  t.pages.get(0).deal("fair_void", "k1", [0, 1, 2], { seat: null, why: "unknown" });
  await t.playDeal();
  settledEverywhere(t);
});

// ---------------------------------------------------------------- the next deal's shuffle made ahead

/** The cryptography's messages of the shuffle `k` (keys and hops), as sent: [index in t.sent, type]. */
const shuffleSent = (t, k) => t.sent.flatMap(({ msg }, i) => (msg.t === "fair" && msg.k === k && ["key", "hop"].includes(msg.msg.t) ? [[i, msg.msg.t]] : []));

test("the next deal's shuffle is made while this one is played: the next deal starts with its deck shuffled", async () => {
  const t = fairTable(engine, { people: [0, 1, 2], settings: settings("biscambiggia", 4), seed: 41 });
  await t.start("k0", "k1");
  assert.equal(t.fairOf(1).then, "k1", "the engine names the next deal's shuffle");
  await t.playDeal();
  settledCleanly(t);
  const ahead = shuffleSent(t, "k1");
  assert.equal(ahead.filter(([, type]) => type === "key").length, 3, "every page's key for the next deal");
  assert.equal(ahead.filter(([, type]) => type === "hop").length, 3, "every page's hop for the next deal");
  for (const seat of t.people) assert.ok(t.pages.get(seat).pre.page.ready, `page ${seat}: the next deck is shuffled`);
  const word = t.sent.length;
  t.pages.get(0).deal("next_deal", "k1", [0, 1, 2], null, "k2");
  for (const seat of t.people) {
    if (seat) t.pages.get(seat).receive(t.links.get(`0>${seat}`).queue.shift(), 0);  // the host's word
    const ask = t.asks.get(seat).shift();
    assert.ok((await t.run(seat, ask.op, ask.arg)).ok);
    assert.equal(t.pages.get(seat).k, "k1");
    assert.ok(t.pages.get(seat).page.ready, `page ${seat}: the deck was shuffled before the deal began`);
  }
  await t.playDeal();
  settledCleanly(t);
  assert.equal(t.state.get(2).deal_index, 1);
  assert.deepEqual(shuffleSent(t, "k1").filter(([i]) => i >= word), [], "no key nor hop of k1 once it is dealt");
  assert.ok(shuffleSent(t, "k2").length >= 6, "and the deal after's shuffle made meanwhile");
  assert.deepEqual(t.state.get(0).match, t.state.get(1).match, "every page keeps the same match");
});

test("a shuffle made ahead among other pages is dropped: the deal is shuffled anew among those here", async () => {
  const t = fairTable(engine, { people: [0, 1, 2], settings: settings("biscambiggia", 4), seed: 43 });
  await t.start("k0", "k1");
  await t.playDeal(6);
  for (const seat of t.people) assert.equal(t.pages.get(seat).pre?.k, "k1", `page ${seat} makes k1 ahead`);
  t.gone.add(2);  // seat 2's page is gone: the host deals again among those here, from a new shuffle
  t.pages.get(0).deal("fair_void", "k9", [0, 1], null, "k10");
  await t.playDeal();
  for (const seat of [0, 1]) assert.equal(t.state.get(seat).fair.settled, true);
  assert.deepEqual(t.state.get(0).fair.plays, [0, 1, 0, 1]);
  for (const seat of [0, 1]) {
    assert.equal(t.pages.get(seat).k, "k9");
    assert.deepEqual(t.pages.get(seat).page.pages, [0, 1]);
    assert.equal(t.pages.get(seat).pre?.k, "k10", `page ${seat}: k1 dropped, k10 made among pages 0 and 1`);
    assert.deepEqual(t.pages.get(seat).pre.page.pages, [0, 1]);
  }
  // The host's word reusing a shuffle made among other pages (not the host's way: shuffleFor in
  // host.js) still plays cleanly: the pages see the pages differ, drop it, and ignore its messages.
  // In the worst order: page 2 begins k10 first, and its messages reach pages 0 and 1 before the word
  // (once taken by their k10 made ahead among [0, 1], read as replayed, and lost: the deal stalled);
  // then a message of k10 made ahead, still on its way, reaches page 2 (not its deal's: ignored).
  t.gone.delete(2);
  await t.reload(2);
  await t.settle();
  t.pages.get(0).deal("next_deal", "k10", [0, 1, 2], null, "k11");
  t.pages.get(2).receive(t.links.get("0>2").queue.shift(), 0);
  const ask = t.asks.get(2).shift();
  assert.ok((await t.run(2, ask.op, ask.arg)).ok);
  for (const to of [0, 1]) {
    for (const msg of t.links.get(`2>${to}`).queue.splice(0)) t.pages.get(to).receive(msg, 2);
  }
  const old = t.sent.find(({ from, msg }) => from === 0 && msg.k === "k10" && msg.t === "fair" && msg.msg.t === "key");
  assert.ok(old, "page 0's key of k10 made ahead");
  t.pages.get(2).receive(structuredClone(old.msg), 0);
  await t.playDeal();
  settledEverywhere(t);
  assert.deepEqual(t.refusals, []);
  assert.equal(t.named.size, 0);
  assert.deepEqual(t.pages.get(0).page.pages, [0, 1, 2]);
});

test("a page reloaded while the next deal's shuffle is made ahead, then between it and the deal", async () => {
  const t = fairTable(engine, { people: [0, 1, 2], settings: settings("biscambiggia", 4), seed: 47 });
  for (const seat of t.people) {  // (t.start would carry every message: the shuffle ahead too)
    await t.run(seat, "new", { ...settings("biscambiggia", 4), people: t.people, online: true, viewer: seat,
      fair: { k: "k0", here: t.people, then: "k1" } });
  }
  const midway = () => { const pre = t.pages.get(1).pre; return pre && !pre.page.ready; };
  for (let i = 0; i < 2000 && !midway(); i++) {
    if (!(await t.step())) {  // nothing to carry: a move
      const move = t.mover();
      await t.run(move[0], move[1], move[2]);
    }
  }
  assert.ok(midway(), "page 1 is making k1");
  assert.equal(t.kept(1).pre.k, "k1", "its shuffle ahead is in its storage");
  await t.reload(1);
  assert.equal(t.pages.get(1).pre.k, "k1", "restored");
  await t.playDeal();
  settledCleanly(t);
  await t.reload(2);  // between the shuffle made ahead and its deal
  await t.settle();
  const seed = t.pages.get(2).pre.page.seed;
  t.pages.get(0).deal("next_deal", "k1", [0, 1, 2], null, "k2");
  await t.playDeal();
  settledCleanly(t);
  assert.equal(t.pages.get(2).page.seed, seed, "the reloaded page deals from the shuffle it made ahead");
  assert.equal(t.state.get(1).deal_index, 1);
});
