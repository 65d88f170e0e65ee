// Cheating at a fair deal (docs/fair-deal.md, "What a cheating page can do"): each way is caught
// and its page named, at once where the message itself shows it, else by the end-of-deal check.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Point, hexOf, pointOf } from "../../../static/online/fair/group.js";
import { provenShare } from "../../../static/online/fair/deck.js";
import { FairPage } from "../../../static/online/fair/page.js";
import { CLASSICA, act, course, flush, numbers, open, play, revealAll, shuffle, table } from "./net.mjs";

/** Two or three pages, shuffled, with the first steps of a deal played. */
function started(pages = [0, 1], steps = 1) {
  const net = shuffle(table(pages));
  const plan = course(net, { players: pages.length, pageOf: pages, size: 40, pick: numbers(1) });
  play(net, plan.steps, steps);
  return { net, plan };
}

const faultsOf = (net, except) => [...net.told].filter(([s]) => s !== except).map(([, t]) => t.faults.at(-1) ?? null);
/** The end-of-deal check's verdict on every honest page (the cheater's own proves nothing). */
const verdicts = (net, cheater) => [...net.told].filter(([s]) => s !== cheater).map(([, t]) => t.verified?.fault ?? null);

/** A message as page `seat` would send it on its stream to everyone (a cheating page's own). */
function forged(net, seat, body) {
  const page = net.pages.get(seat);
  const key = `${seat}`;
  page.sent[key] ??= 0;
  return { v: 1, deal: page.id, from: seat, n: page.sent[key]++, ...body };
}

describe("a cheating page is caught and named", () => {
  test("a wrong decryption share: the holder's card does not read, the check names the sender", () => {
    const net = shuffle(table([0, 1, 2]));
    net.tamper = (msg) => {
      if (msg.t !== "shares" || msg.from !== 2) return msg;
      const shares = msg.shares.map(([pos, d]) => [pos, pos === 0 ? hexOf(pointOf(d).add(Point.BASE)) : d]);
      return { ...msg, shares };
    };
    open(net, [{ pos: 0, holder: 0 }, { pos: 1, holder: 1 }, { pos: 2, holder: 2 }]);
    net.tamper = null;
    assert.ok(net.told.get(0).reveal, "the holder asks for the reveal");
    assert.ok(net.told.get(1).reveal && net.told.get(2).reveal, "every page hears it");
    assert.ok(!net.told.get(0).shown.some((s) => s.pos === 0), "no card read from a false share");
    revealAll(net);
    assert.deepEqual(verdicts(net, 2), Array(2).fill({ seat: 2, why: "false_share" }));
  });

  test("a card not held: a page shows another page's card, named at once", () => {
    const { net } = started([0, 1]);
    const page = net.pages.get(1);
    const { share, proof } = provenShare(page.secrets.x, page.keys[1], page.deck[0][0]);  // pos 0 is seat 0's
    net.queue.push(forged(net, 1, { t: "show", pos: 0, share: hexOf(share), proof }));
    flush(net);
    assert.deepEqual(faultsOf(net, 1), [{ seat: 1, why: "not_held" }]);
  });

  test("a card shown as another: a share that does not match its proof, named at once", () => {
    const { net } = started([0, 1]);
    net.tamper = (msg) => (msg.t === "show" ? { ...msg, share: hexOf(pointOf(msg.share).add(Point.BASE)) } : msg);
    act(net, 0, (p) => p.show(0));
    assert.deepEqual(faultsOf(net, 0), [{ seat: 0, why: "false_show" }]);
  });

  test("an old message sent again with new content, another deal's, another page's: replayed", () => {
    const { net } = started([0, 1, 2]);
    const old = net.told.get(0).got.find((m) => m.from === 1 && m.t === "shares");
    const page0 = net.pages.get(0);
    assert.equal(page0.receive(structuredClone(old), 1).fault, null, "the very same message again: nothing happens");
    const changed = { ...structuredClone(old), shares: old.shares.map(([p]) => [p, hexOf(Point.BASE)]) };
    assert.deepEqual(page0.receive(changed, 1).fault, { seat: 1, why: "replayed" });

    const other = started([0, 1, 2]).net;  // another deal: its messages are not this one's
    const theirs = other.told.get(0).got.find((m) => m.from === 2);
    assert.deepEqual(net.pages.get(1).receive(structuredClone(theirs), 2).fault, { seat: 2, why: "replayed" });

    const fromOne = other.told.get(2).got.find((m) => m.from === 1);
    assert.deepEqual(other.pages.get(0).receive(structuredClone(fromOne), 2).fault,
      { seat: 2, why: "replayed" }, "page 2 passing on page 1's message");
  });

  test("a shuffle with a card sent twice: named at once", () => {
    const net = table([0, 1, 2]);
    net.tamper = (msg) => (msg.t === "hop" && msg.from === 1
      ? { ...msg, deck: msg.deck.map((pair, i) => (i === 5 ? msg.deck[6] : pair)) } : msg);
    shuffle(net);
    assert.deepEqual(faultsOf(net, 1), [{ seat: 1, why: "repeated_card" }, { seat: 1, why: "repeated_card" }]);
  });

  test("a shuffle with a card copied under a new disguise: caught by the end-of-deal check", () => {
    const net = table([0, 1, 2]);
    net.tamper = (msg) => {
      if (msg.t !== "hop" || msg.from !== 1) return msg;
      const Y = net.pages.get(0).joint;
      const [c1, c2] = msg.deck[6].map(pointOf);
      const copy = [hexOf(c1.add(Point.BASE.multiply(7n))), hexOf(c2.add(Y.multiply(7n)))];
      return { ...msg, deck: msg.deck.map((pair, i) => (i === 5 ? copy : pair)) };
    };
    shuffle(net);
    net.tamper = null;
    assert.deepEqual(faultsOf(net, 1), [null, null], "nothing shows it during the deal");
    const plan = course(net, { players: 3, pageOf: [0, 1, 2], size: 40, pick: numbers(2) });
    play(net, plan.steps, 3);
    revealAll(net);
    assert.deepEqual(verdicts(net, 1), Array(2).fill({ seat: 1, why: "false_shuffle" }));
  });

  test("a key it does not know (chosen against the others'): refused", () => {
    const net = table([0, 1]);
    net.tamper = (msg) => (msg.t === "key" && msg.from === 1 ? { ...msg, key: hexOf(Point.BASE.multiply(5n)) } : msg);
    shuffle(net);
    assert.deepEqual(faultsOf(net, 1), [{ seat: 1, why: "false_key" }]);
    assert.ok(!net.told.get(0).ready, "no shuffle on a false key");
  });

  test("a page that says its card did not read when it did: named by the check", () => {
    const { net } = started([0, 1]);
    net.queue.push(forged(net, 1, { t: "complain", pos: 1 }));
    flush(net);
    assert.ok(net.told.get(0).reveal);
    revealAll(net);
    assert.deepEqual(verdicts(net, 1), [{ seat: 1, why: "false_complaint" }]);
  });

  test("a false reveal: a seed that is not the one its key came from", () => {
    const { net } = started([0, 1]);
    net.tamper = (msg) => (msg.t === "reveal" && msg.from === 1 ? { ...msg, seed: "ab".repeat(32) } : msg);
    revealAll(net);
    assert.deepEqual(net.told.get(0).verified.fault, { seat: 1, why: "false_key" });
  });

  test("a message that is not the protocol's: named, never a crash", () => {
    const { net } = started([0, 1]);
    const page = net.pages.get(0);
    for (const bad of [null, 7, "x", { v: 1 }, { v: 1, t: "show", deal: page.id, from: 1, n: 99999999 }]) {
      const fresh = started([0, 1]).net.pages.get(0);
      assert.equal(fresh.receive(bad, 1).fault?.seat, 1, JSON.stringify(bad));
    }
    const shares = forged(net, 1, { t: "shares", shares: [[3, "zz"]] });
    assert.deepEqual(page.receive(shares, 1).fault, { seat: 1, why: "bad_message" });
    assert.ok(CLASSICA.length === 40 && FairPage);
  });
});
