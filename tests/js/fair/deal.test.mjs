// The fair deal among pages in memory (static/online/fair/, docs/fair-deal.md): whole deals among
// 2 to 6 pages, each page reading exactly its cards, and the end-of-deal check agreeing on the deck.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { CLASSICA, course, numbers, play, revealAll, shuffle, table } from "./net.mjs";

const SIX = CLASSICA.filter((c) => c[0] !== "2");  // biscambiggia for six: 36 cards

/** A whole deal: every page reads what it may, the check gives every page the same deck. */
function wholeDeal({ people, players = people, cards = CLASSICA, pageOf, viewers, seed }) {
  const pages = [...new Set(pageOf)];
  const net = shuffle(table(pages, { cards, name: `deal-${seed}` }));
  for (const told of net.told.values()) assert.ok(told.ready, "every page sees the deck shuffled");
  const { steps, reads } = course(net, { players, pageOf, size: cards.length, pick: numbers(seed), viewers });
  play(net, steps);
  revealAll(net);
  const decks = new Set();
  for (const [seat, told] of net.told) {
    assert.deepEqual(told.faults, [], `page ${seat}: no fault in an honest deal`);
    const { deck } = told.verified;
    decks.add(deck.join(" "));
    assert.deepEqual([...deck].sort(), [...cards].sort(), "the deck holds every card once");
    const read = new Map(told.shown.map(({ pos, card }) => [pos, card]));
    assert.deepEqual([...read.keys()].sort((a, b) => a - b), [...reads.get(seat)].sort((a, b) => a - b),
      `page ${seat} reads its cards, the face-up card and the cards played: no other`);
    for (const [pos, card] of read) assert.equal(card, deck[pos], "each card read is the deck's");
  }
  assert.equal(decks.size, 1, "every page rebuilds the same deck");
  return net;
}

describe("a whole deal among pages", () => {
  for (const people of [2, 3, 4, 5]) {
    test(`${people} people, one page each`, () => {
      wholeDeal({ people, pageOf: Array.from({ length: people }, (_, s) => s), seed: people });
    });
  }

  test("6 people at biscambiggia (36 cards)", () => {
    wholeDeal({ people: 6, cards: SIX, pageOf: [0, 1, 2, 3, 4, 5], seed: 6 });
  });

  test("the computer's seats played on one page: it reads their cards, nobody else does", () => {
    // four seats, two people: seats 1 and 3 are the computer's, played by seat 0's and seat 2's pages
    wholeDeal({ people: 2, players: 4, pageOf: [0, 0, 2, 2], seed: 7 });
  });

  test("partners shown each other's hands: the partner's page reads them too, privately", () => {
    const net = wholeDeal({ people: 4, pageOf: [0, 1, 2, 3], viewers: { 0: [2], 2: [0], 1: [3], 3: [1] }, seed: 8 });
    const privates = net.told.get(1).got.filter((m) => m.t === "private");
    assert.deepEqual(privates.map((m) => m.from).sort(), Array(privates.length).fill(3), "page 1 hears only its partner's");
  });

  test("two tables with the same settings deal differently (the seed of no page decides)", () => {
    const a = wholeDeal({ people: 2, pageOf: [0, 1], seed: 9 });
    const b = wholeDeal({ people: 2, pageOf: [0, 1], seed: 9 });
    assert.notEqual(a.told.get(0).verified.deck.join(), b.told.get(0).verified.deck.join());
  });
});

describe("a page reloaded mid-deal", () => {
  test("comes back from what it stored (its seed and the messages) and the deal goes on", async () => {
    const { FairPage } = await import("../../../static/online/fair/page.js");
    const net = shuffle(table([0, 1, 2], { name: "reload" }));
    const { steps } = course(net, { players: 3, pageOf: [0, 1, 2], size: 40, pick: numbers(11) });
    play(net, steps, 4);
    const before = net.pages.get(1);
    const text = JSON.stringify(before.stored());
    const again = FairPage.restore(JSON.parse(text));
    assert.deepEqual(again.cards, before.cards, "it reads the same cards");
    assert.equal(JSON.stringify(again.stored()), text, "and keeps the same");
    net.pages.set(1, again);
    play(net, steps.slice(4));
    revealAll(net);
    for (const told of net.told.values()) assert.ok(told.verified?.deck, "the check passes on every page");
  });
});

test("a message that outruns, on another link, the messages it follows waits for them", () => {
  // Page 2 hears page 1's key and hop before page 0's key and hop (a hub relays in order, direct
  // links need not): nothing is named, and the shuffle ends when page 0's come.
  const net = table([0, 1, 2], { name: "outrun" });
  const sent = { 0: [], 1: [], 2: [] };
  const deliver = (to, msgs) => msgs.forEach((m) => {
    const out = net.pages.get(to).receive(JSON.parse(JSON.stringify(m)), m.from);
    assert.equal(out.fault, null, `page ${to} names nobody for ${m.t} from ${m.from}`);
    sent[to].push(...out.send);
  });
  for (const seat of [0, 1, 2]) sent[seat].push(...net.pages.get(seat).begin().send);
  deliver(1, sent[0]);  // page 0's key, and its hop once it has every key...
  deliver(0, sent[1]);
  deliver(0, sent[2]);
  deliver(1, sent[2]);
  deliver(1, sent[0].filter((m) => m.t === "hop"));
  const early = sent[1].filter((m) => m.t === "hop");
  assert.equal(early.length, 1, "page 1 has hopped");
  deliver(2, [...sent[1]]);  // page 1's key and hop before page 0's
  assert.equal(net.pages.get(2).hops.length, 0, "page 1's hop waits for page 0's");
  deliver(2, sent[0]);
  assert.equal(net.pages.get(2).ready, true, "the shuffle ends on page 2");
});
