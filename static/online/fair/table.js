// One page's side of a fair table (docs/fair-deal.md, "A fair table on every page"): between this
// page's engine and the other pages. A FairPage per deal reads the cards; the engine (op `new` with
// `fair`, `act`, `ai_move`, `fair_step`, `fair_verify`, `fair_void`, `next_deal`) follows the deal
// and checks every step; this only moves messages between them. Pure: no DOM, no network, no rule.
//
//   const fair = new FairTable({ seat: 1, ask, send, keep, named });
//   fair.answered(res);        // every engine answer of this page (turns.js's changed hook)
//   fair.refused(res);         // an engine refusal of an op this asked (deal_mismatch)
//   fair.receive(msg, from);   // a message from another page (`from`: the seat the transport knows)
//
// `ask(op, arg)` puts an engine op in the page's queue (the turn loop's, so steps and the person's
// moves are asked in one order); its answer comes back through answered() or refused(). `send(msg)`
// goes to every other page (a message with `to`, only to that page). `keep(data)` stores what a
// reload needs (FairTable.restore). `named({seat, why})`: a deal that does not add up, its culprit.
//
// Messages between pages: {t: "fair", k, msg, ahead?} (the cryptography's, page.js; `ahead`, of a shuffle
// made ahead), {t: "fstep", k, step} (a step this page's engine made: {by, sn, at, seat, action, pos?,
// ms?}, `at` the steps of the deal its page had applied before it), {t: "again", k, deal?, next,
// applied, reply?} (after a reload: what it has of each page, `deal` its FairPage's id; the others
// send the rest again), {t:
// "fault", k, fault} (a fault this page named: the host deals again), and
// from the host {t: "deal", op, k, here, then?, fault?} (the next deal, or the deal in play void and dealt
// again, with the fault that voided it; `then`, the shuffle the same pages make for the deal after).
//
// The next deal's shuffle is made while this one is played: the engine names it (`fair.then`, given
// by the host's word), and once this page's hand is read it begins a FairPage for it among this
// deal's pages (`pre`). The deal that the engine then begins from that shuffle, among the same pages,
// starts with its deck shuffled; any other drops it. The host may deal the next deal under that id
// among other pages (the people changed): a message of the id is the shuffle made ahead's only when
// its FairPage's id (its pages, its cards) is the one made here; the deal's, before this page begins
// it, waits (`early`), and one made ahead under the id of the deal in play among other pages is dropped.

import { FairPage } from "./page.js";

const DEAL_OPS = new Set(["next_deal", "fair_void"]);
const HOST = 0;  // the host's page sits at seat 0: it says when a deal begins

/** The pages of a deal: those that play a seat of it (the engine's `plays`), in seat order. */
const pagesOf = (fair) => [...new Set(fair.plays)].sort((a, b) => a - b);
const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether an engine answer carries a fair table's side, and that side. */
export const fairOf = (res) => res?.result?.fair ?? res?.state?.fair ?? null;

export class FairTable {
  /** @param {{seat: number, ask: (op: string, arg?: object) => void, send: (msg: object) => void,
   *   keep?: (data: object) => void, named?: (fault: {seat: (number|null), why: string}) => void,
   *   heard?: (fault: object, from: number) => void, rng?: (n: number) => Uint8Array}} io: `heard`,
   *   another page named a fault of the deal in play (the host deals it again: the others may not
   *   have seen it, a step or a share that was false for that page alone) */
  constructor({ seat, ask, send, keep = () => {}, named = () => {}, heard = () => {}, rng }) {
    Object.assign(this, { seat, ask, send, keep, named, heard, rng });
    this.k = null;          // the deal in play's shuffle
    this.page = null;       // its FairPage (null: this page plays no seat of it, or none begun)
    this.opened = new Set();  // positions this page opened, of the deal in play
    this.waiting = [];      // opens asked before the deck was shuffled
    this.told = new Set();  // positions whose card this page's engine was told
    this.incoming = [];     // other pages' steps, in the order heard, not yet given to the engine
    this.passed = {};       // page -> the sn of its next step to give the engine
    this.mine = [];         // this page's own steps of the deal (sent again on a reload's ask)
    this.early = new Map(); // k -> messages of a deal not begun here yet
    this.pre = null;        // the next deal's shuffle, made while this one is played: {k, page, fault}
    this.revealed = false;
    this.fault = null;
    this.settled = false;
    this.over = false;
  }

  // ---------------------------------------------------------------- the engine's answers

  /** An answer of this page's engine (any op): the deal it begins, the positions it opens, the steps
   * it made, the deal's end. */
  answered(res) {
    const fair = fairOf(res);
    if (!res?.ok || !fair?.k) return;
    if (fair.k !== this.k) this.begin(fair);
    for (const [p, n] of Object.entries(fair.applied ?? {})) this.passed[p] = Math.max(this.passed[p] ?? 0, n);
    // Each step says how many steps of the deal its page had applied before it (`at`): the pages that
    // hear it apply it after as many, whatever order the links (or a page's asking again) bring them in.
    const sent = res.result?.sent ?? [];
    const total = Object.values(fair.applied ?? {}).reduce((a, b) => a + b, 0);
    sent.forEach((step, i) => this.sendStep({ ...step, at: total - sent.length + i }));
    this.settled = !!fair.settled;
    this.over = !!fair.over;
    if (this.page && !this.settled && !this.fault) {
      const fresh = (fair.opens ?? []).filter((o) => !this.opened.has(o.pos));
      for (const o of fresh) this.opened.add(o.pos);
      if (fresh.length) this.openNow(fresh);
      if (fair.over && !this.revealed) this.revealNow();
      this.verifyNow();
      this.flush();
    }
    this.prepare(fair);
    this.save();
  }

  /** After a reload, the engine's answer from its save. Which steps its engine applied is the save's
   * word, not the side's: the side may be written after a step was asked of the engine and before
   * the engine's answer was saved (the page went meanwhile); such a step is asked for again. */
  resumed(res) {
    this.passed = {};
    this.answered(res);
  }

  /** The engine refused an op this asked: a step that does not add up voids the deal. */
  refused(res) {
    if (res?.error?.code !== "deal_mismatch") return;
    const { seat = null, why = "illegal" } = res.error.params ?? {};
    this.blame({ seat, why });
  }

  // ---------------------------------------------------------------- the host's word on deals

  /** The host: the next deal (op "next_deal"), or the deal in play void and dealt again ("fair_void"),
   * from a new shuffle `k`, played by the pages `here`. Every page, this one too, asks its engine. */
  deal(op, k, here, fault = null, then = null) {
    this.dealt(this.announce(op, k, here, fault, then));
  }

  /** The host's word to the other pages only (its own engine is asked by its turn loop's command).
   * `then`: the shuffle the pages `here` make for the deal after, while this one is played. */
  announce(op, k, here, fault = null, then = null) {
    const msg = { t: "deal", op, k, here: [...here], ...(fault ? { fault } : {}), ...(then ? { then } : {}) };
    this.send(msg);
    this.lastDeal = msg;
    return msg;
  }

  dealt(msg) {
    const { op, k, here, fault } = msg;
    if (!DEAL_OPS.has(op) || typeof k !== "string" || !Array.isArray(here) || this.seenK?.has(k)) return;
    const then = typeof msg.then === "string" && msg.then !== k ? { then: msg.then } : {};
    this.lastDeal = { t: "deal", op, k, here, ...(fault ? { fault } : {}), ...then };  // for a page back from an older deal
    if (fault && !this.fault && this.k) this.blame({ seat: Number.isInteger(fault.seat) ? fault.seat : null, why: String(fault.why) }, true);
    const fair = { k, here, ...then };
    this.ask(op, op === "next_deal" ? { fair } : fair);
  }

  // ---------------------------------------------------------------- the other pages

  /** A message from another page (`from`: its seat, as the transport knows it). */
  receive(msg, from) {
    if (!msg || typeof msg !== "object") return;
    if (msg.t === "deal") {  // the host's word alone: another page's would void deals at will
      if (from === HOST) this.dealt(msg);
      return;
    }
    if (!["fair", "fstep", "again", "fault"].includes(msg.t) || typeof msg.k !== "string") return;
    if (this.pre && msg.k === this.pre.k && this.ahead(msg)) {  // the next deal's shuffle
      if (msg.t === "again") this.sendAgain(msg, from, this.pre);
      else this.handlePre(this.pre.page.receive(msg.msg, from));
      this.save();
      return;
    }
    if (msg.t === "again" && msg.k !== this.k && this.seenK?.has(msg.k) && this.lastDeal?.k === this.k) {
      this.send({ ...this.lastDeal, to: from });  // a page back from a deal since dealt again: the word it missed
      return;
    }
    if (msg.k !== this.k) {  // a deal not begun here yet (its first message came before the host's word)
      if (!this.seenK?.has(msg.k) && (this.early.has(msg.k) || this.early.size < 4)) {  // a few deals ahead at most
        const list = this.early.get(msg.k) ?? [];
        if (list.length < 2000) list.push([msg, from]);
        this.early.set(msg.k, list);
      }
      return;
    }
    if (msg.t === "again") { this.sendAgain(msg, from); return; }
    if (msg.t === "fault") { this.heard(msg.fault, from); return; }
    if (msg.t === "fstep") {
      const step = msg.step;
      if (!step || typeof step !== "object" || step.by !== from) { this.blame({ seat: from, why: "replayed" }); return; }
      if (!(Number.isInteger(step.sn) && step.sn < (this.passed[from] ?? 0) + 500)) return;  // no deal has so many
      this.incoming.push(step);
      this.flush();
      this.save();
      return;
    }
    // A shuffle made ahead under this id among other pages (dropped here, or never made here): not this deal's.
    if (!this.page || (msg.ahead && msg.msg?.deal !== this.page.id)) return;
    this.handle(this.page.receive(msg.msg, from));
    this.save();
  }

  /** What this page missed while it was away (a reload): asked of every page, which sends it again. */
  again(reply = false) {
    if (!this.k) return;
    this.send({ t: "again", k: this.k, ...(this.page ? { deal: this.page.id } : {}), next: { ...(this.page?.next ?? {}) },
      applied: { ...this.passed }, reply });
    if (this.pre) this.send({ t: "again", k: this.pre.k, deal: this.pre.page.id, next: { ...this.pre.page.next }, applied: {}, reply });
  }

  /** Whether a message of the id `pre.k` is the next deal's shuffle made ahead here: the same id may
   * name a deal the host dealt among other pages (the people changed), whose messages some pages send
   * before this page hears the host's word; those wait for it (`early`). */
  ahead(msg) {
    if (msg.t === "fair") return msg.msg?.deal === this.pre.page.id;
    return msg.t === "again" && (msg.deal ?? this.pre.page.id) === this.pre.page.id;
  }

  /** Another page asks for what it missed: this page's messages after those it has, and its steps
   * (`side`: the deal in play's, or the next deal's shuffle made ahead). */
  sendAgain({ next = {}, applied = {}, reply }, from, side = { k: this.k, page: this.page, mine: this.mine }) {
    if (side.page) {
      for (const m of side.page.log) {
        if (m.from !== this.seat || (m.t === "private" && m.to !== from)) continue;
        const stream = m.t === "private" ? `${m.from}>${m.to}` : `${m.from}`;
        if (m.n >= (next[stream] ?? 0)) {
          this.send({ t: "fair", k: side.k, msg: m, ...(m.t === "private" ? { to: m.to } : {}), ...(side === this.pre ? { ahead: true } : {}) });
        }
      }
    }
    for (const step of side.mine ?? []) if (step.sn >= (applied[this.seat] ?? 0)) this.send({ t: "fstep", k: side.k, step });
    if (!reply) this.again(true);  // and what it may have missed of ours
  }

  // ---------------------------------------------------------------- inside

  begin(fair) {
    (this.seenK ??= new Set()).add(fair.k);
    const pages = pagesOf(fair);
    Object.assign(this, { k: fair.k, opened: new Set(), waiting: [], told: new Set(), incoming: [], passed: {}, mine: [],
      revealed: false, fault: null, settled: false, over: false, deck: null, verifying: false });
    // The shuffle made while the last deal was played, if it is this deal's: the same id, among the
    // same pages (the same cards). Any other is dropped: its secrets were never used.
    const pre = this.pre;
    this.pre = null;
    const made = pre?.k === fair.k && same(pre.page.pages, pages) && same(pre.page.context.cards, fair.cards);
    if (made) this.page = pre.page;
    else {
      // A page that plays no seat of the deal (its person back while the computer plays his seat to the
      // deal's end) watches it: it reads what every page is shown, asked again of the pages from the start.
      this.page = new FairPage({ table: fair.k, deal: 0, pages, cards: fair.cards, seat: this.seat, rng: this.rng,
        watch: !pages.includes(this.seat) });
      this.handle(this.page.begin());
      if (this.page.watching) this.again();
    }
    const early = this.early.get(fair.k) ?? [];
    this.early.delete(fair.k);
    for (const [msg, from] of early) this.receive(msg, from);
    if (made && pre.fault) this.blame(pre.fault);  // its shuffle broke the protocol: the deal is void at once
  }

  /** The next deal's shuffle (the engine's `then`), begun among this deal's pages once this page's
   * hand is read (never on this deal's start's path), and made while this deal is played. */
  prepare(fair) {
    const then = fair.then;
    if (typeof then !== "string" || then === this.k || this.pre?.k === then || this.seenK?.has(then)) return;
    if (!this.page || this.page.watching || !(fair.ready || this.settled)) return;
    const page = new FairPage({ table: then, deal: 0, pages: pagesOf(fair), cards: fair.cards, seat: this.seat, rng: this.rng });
    this.pre = { k: then, page, fault: null };
    this.handlePre(page.begin());
    const early = this.early.get(then) ?? [];  // its messages that came first; the deal's own steps wait for it
    const later = early.filter(([msg]) => msg.t !== "fair" && msg.t !== "again");
    if (later.length) this.early.set(then, later);
    else this.early.delete(then);
    for (const [msg, from] of early) if (msg.t === "fair" || msg.t === "again") this.receive(msg, from);
  }

  /** The next deal's shuffle's outcome: its messages sent; a fault kept, named if that deal begins. */
  handlePre(out) {
    for (const m of out.send) this.send({ t: "fair", k: this.pre.k, msg: m, ahead: true });
    if (out.fault && !this.pre.fault) this.pre.fault = out.fault;
  }

  /** The cryptography's outcome: its messages sent, the cards read told to the engine, a fault named,
   * the reveal, and the verified deck handed to the engine. */
  handle(out) {
    for (const m of out.send) this.send({ t: "fair", k: this.k, msg: m, ...(m.t === "private" ? { to: m.to } : {}) });
    const shown = out.shown.filter(({ pos }) => !this.told.has(pos));
    if (shown.length) {
      for (const { pos } of shown) this.told.add(pos);
      this.ask("fair_step", { shown });
    }
    if (out.ready && this.waiting.length) {
      const waiting = this.waiting;
      this.waiting = [];
      this.openNow(waiting);
    }
    if (out.fault) this.blame(out.fault);
    else if (out.reveal && !this.revealed) this.revealNow();
    if (out.verified && !out.verified.fault) this.deck = out.verified.deck;
    this.verifyNow();
    if (shown.length) this.flush();
  }

  /** The checked deck to the engine, once its deal is over here (a reveal heard first, the last steps
   * may still be on their way to it). A deal revealed before its end (another page named a step
   * that does not add up) is never verified: the host's word deals it again. */
  verifyNow() {
    if (!this.deck || !this.over || this.fault || this.verifying) return;
    this.verifying = true;
    this.ask("fair_verify", { deck: this.deck });
  }

  openNow(opens) {
    if (!this.page.ready) { this.waiting.push(...opens); return; }
    this.handle(this.page.open(opens));
  }

  revealNow() {
    this.revealed = true;
    if (this.page) this.handle(this.page.reveal());
  }

  /** A step this page's engine made: its card shown first (every page reads it before the step). */
  sendStep(step) {
    const own = { ...step, by: this.seat };
    if (this.mine.some((s) => s.sn === own.sn)) return;
    this.mine.push(own);
    const pos = step.pos;
    if (pos != null && this.page && this.page.owners[pos]?.holder === this.seat && !this.page.provenBy[pos]?.has(this.seat)) {
      this.handle(this.page.show(pos));
    }
    this.send({ t: "fstep", k: this.k, step: own });
  }

  /** Other pages' steps to the engine: each page's in its own order (sn), each once as many steps
   * were applied here as its page had applied before it (at), and its card is read here. */
  flush() {
    if (this.fault) return;  // the deal is void: nothing more of it is asked
    const ready = [];
    for (;;) {
      this.incoming = this.incoming.filter((s) => Number.isInteger(s.sn) && s.sn >= (this.passed[s.by] ?? 0));  // heard before
      const total = Object.values(this.passed).reduce((a, b) => a + b, 0);
      const due = this.incoming.filter((s) => s.sn === (this.passed[s.by] ?? 0) && (Number(s.at) || 0) <= total
        && (s.pos == null || this.told.has(s.pos)));
      if (!due.length) break;
      const step = due.reduce((a, b) => ((Number(b.at) || 0) < (Number(a.at) || 0) ? b : a));
      this.incoming.splice(this.incoming.indexOf(step), 1);
      this.passed[step.by] = step.sn + 1;
      ready.push(step);
    }
    if (ready.length) this.ask("fair_step", { steps: ready });
  }

  blame(fault, told = false) {
    if (this.fault) return;
    this.fault = fault;
    if (!told) this.send({ t: "fault", k: this.k, fault });  // the host deals again
    if (!this.revealed) this.revealNow();  // every page reveals: the check names who cheated
    this.named(fault);
  }

  // ---------------------------------------------------------------- storage

  /** What a reload needs: the deal in play's cryptography and the steps in flight. */
  stored() {
    return { v: 1, k: this.k, page: this.page?.stored() ?? null, told: [...this.told], opened: [...this.opened], waiting: this.waiting,
      incoming: this.incoming, passed: this.passed, mine: this.mine, revealed: this.revealed, settled: this.settled,
      seen: [...(this.seenK ?? [])].slice(-20), lastDeal: this.lastDeal ?? null,
      pre: this.pre ? { k: this.pre.k, page: this.pre.page.stored(), fault: this.pre.fault } : null };
  }

  save() { this.keep(this.stored()); }

  /** A page's side as it was stored (then `again()` asks the others for what it missed). */
  static restore(data, io) {
    const t = new FairTable(io);
    if (!data || data.v !== 1 || typeof data.k !== "string") return t;
    t.k = data.k;
    t.seenK = new Set([...(Array.isArray(data.seen) ? data.seen : []), data.k]);
    t.lastDeal = data.lastDeal ?? null;
    t.page = data.page ? FairPage.restore(data.page, io.rng) : null;
    t.told = new Set(data.told ?? []);
    t.opened = new Set(data.opened ?? []);
    t.waiting = data.waiting ?? [];  // opens asked before the shuffle's end: opened once it ends
    t.incoming = data.incoming ?? [];
    t.passed = data.passed ?? {};
    t.mine = data.mine ?? [];
    t.revealed = !!data.revealed;
    t.settled = !!data.settled;
    if (typeof data.pre?.k === "string" && data.pre.page) {
      t.pre = { k: data.pre.k, page: FairPage.restore(data.pre.page, io.rng), fault: data.pre.fault ?? null };
    }
    if (t.page?.ready && t.waiting.length) t.openNow(t.waiting.splice(0));  // stored as the shuffle ended
    return t;
  }
}
