// One page's side of a fair deal (docs/fair-deal.md): what it sends, what it accepts, which cards
// it can read. Pure: no DOM, no network, no rule of the game. The engine says which positions of
// the deck open now and for whom (op fair_step's `open`); the transport carries the messages, each
// to every page but `private` ones. A message is checked before use; one that breaks the protocol
// names its sender (`fault`), one that shows the deal cannot go on without everyone's secrets asks
// for the reveal at once.
//
//   const page = new FairPage({table, deal: 0, pages: [0, 2], cards, seat: 0});
//   send(page.begin());                          // its key
//   const out = page.receive(msg);               // {send, shown, ready, reveal, fault, verified}
//   send(page.open([{pos: 4, holder: 2, viewers: []}]).send);
//   send([page.show(4)]);                        // its own card at 4, played: every page reads it
//   send([page.reveal()]);                       // at the deal's end: its seed

import {
  checkKey, checkShare, deckHex, firstDeck, hop, jointKey, opened, provenKey, provenShare, rerandomizers,
} from "./deck.js";
import { verifyDeal } from "./check.js";
import { cardOf, freshSeed, hexOf, idOf, pointOf, randomBytes, secretsOf, seedOf } from "./group.js";

const VERSION = 1;
const TYPES = new Set(["key", "hop", "shares", "show", "private", "complain", "reveal"]);

/** The stream a message is numbered in: a page's messages to every page, or its to one page. */
const streamOf = (msg) => (msg.t === "private" ? `${msg.from}>${msg.to}` : `${msg.from}`);

/** What a message, or a call, led to. */
function outcome() {
  return { send: [], shown: [], ready: false, reveal: false, fault: null, verified: null };
}

export class FairPage {
  /**
   * @param {{table: string, deal: (number|string), pages: number[], cards: string[], seat: number,
   *   seed?: string, rng?: (n: number) => Uint8Array}} options: `pages`, the people's seats in the
   *   order they shuffle; `cards`, the table's cards (codes) in the engine's order; `seed`, this
   *   page's secret for the deal (a fresh one when absent: keep it, with `stored()`, for a reload);
   *   `rng`, where its random bytes come from (the seed, the proofs' nonces): the platform's by default;
   *   `watch`, a page that is not one of `pages` (a person back while the computer plays his seat to
   *   the deal's end): it sends nothing, reads the cards shown to every page and checks the deal.
   */
  constructor({ table, deal, pages, cards, seat, seed, rng, watch = false }) {
    if (!pages.includes(seat) && !watch) throw new RangeError(`seat ${seat} is not a page of the table`);
    this.watching = !pages.includes(seat);
    this.context = { table: String(table), deal: String(deal), pages: [...pages], cards: [...cards] };
    this.id = idOf(JSON.stringify(this.context));
    this.seat = seat;
    this.rng = rng ?? randomBytes;
    this.seed = seed ?? freshSeed(this.rng);
    this.secrets = secretsOf(this.seed, cards.length);
    this.keys = {};       // seat -> key point
    this.keyProofs = {};  // seat -> [tag, proof], checked once every key is in
    this.hops = [];       // the decks after each page's hop, in page order
    this.shares = [];     // position -> Map(seat -> share point)
    this.provenBy = [];   // position -> Set of seats whose share came with its proof
    this.owners = [];     // position -> {holder: seat or null (public), viewers: [seats]}, as opened
    this.cards = [];      // position -> code, for the cards this page has read
    this.complaints = []; // seats that said a card did not read
    this.reveals = {};    // seat -> seed (hex)
    this.log = [];        // every message accepted, its own included, in order (what it stores)
    this.next = {};       // stream -> number of its next message (a page's to all; its to one page)
    this.early = {};      // stream -> {n: message} that came before their turn
    this.sent = {};       // stream -> number of this page's next message on it
    this.fault = null;
    this.verified = null;
  }

  get size() { return this.context.cards.length; }
  get pages() { return this.context.pages; }
  get ready() { return this.hops.length === this.pages.length; }
  get deck() { return this.ready ? this.hops[this.hops.length - 1] : null; }

  /** Its first message: its key for the deal, with the proof that it knows the key's secret. */
  begin() {
    const out = outcome();
    if (this.watching) return out;
    const { key, tag, proof } = provenKey(this.secrets.x, this.keyContext(this.seat), this.rng);
    this.emit(out, "key", { key: hexOf(key), tag: hexOf(tag), proof });
    return out;
  }

  /** A message from another page (`sender`: the seat the transport says it came from). */
  receive(msg, sender = msg?.from) {
    const out = outcome();
    if (this.fault || this.verified) return out;
    const why = this.admit(msg, sender);
    if (why) return this.blame(out, this.pages.includes(sender) ? sender : null, why);
    const stream = streamOf(msg);
    if (msg.n < this.next[stream]) return out;  // said twice
    (this.early[stream] ??= {})[msg.n] = msg;
    this.drain(out);
    return out;
  }

  /** Accept every message whose turn has come: the next of its stream, once the protocol is where it
   * applies (another page's hop or shares can outrun, on another link, the messages they follow). */
  drain(out) {
    for (let moved = true; moved && !out.fault;) {
      moved = false;
      for (const [stream, waiting] of Object.entries(this.early)) {
        const msg = waiting[this.next[stream]];
        if (!msg || this.premature(msg)) continue;
        delete waiting[msg.n];
        this.accept(out, msg);
        moved = true;
        if (out.fault) break;
      }
    }
  }

  /** Whether `msg` comes before the protocol can take it: a hop before the keys are in or before
   * the hops of the pages ahead of its sender, a card's share before the deck is shuffled. */
  premature(msg) {
    if (msg.t === "hop") return !this.joint || (!this.ready && this.pages.indexOf(msg.from) > this.hops.length);
    return ["shares", "show", "private", "complain"].includes(msg.t) && !this.ready;
  }

  /** The engine opens positions: `[{pos, holder, viewers}]`, `holder` the page whose card it is
   * (null: every page reads it, like the face-up trump), `viewers` other pages that may read it too
   * (a partner's hand shown). This page sends its part: its share for the others' cards, the proof
   * of its share for a public card, its share privately to the viewers of its own. */
  open(requests) {
    const out = outcome();
    const plain = [];
    for (const { pos, holder = null, viewers = [] } of requests) {
      this.checkPos(pos);
      const known = this.owners[pos];
      if (known && known.holder !== holder) throw new RangeError(`position ${pos} was opened for another holder`);
      this.owners[pos] = { holder, viewers: [...new Set([...(known?.viewers ?? []), ...viewers])] };
      const shower = holder === null ? null : [...(this.provenBy[pos] ?? [])].find((s) => s !== holder);
      if (shower !== undefined && shower !== null) return this.blame(out, shower, "not_held");  // showed it first
      const sender = this.privateFrom?.[pos];
      if (sender !== undefined && sender !== holder) return this.blame(out, sender, "not_held");
      if (this.watching) continue;  // it holds no share: it reads what every page is shown
      if (holder === null) this.proveShare(out, pos);
      else if (holder !== this.seat) plain.push([pos, hexOf(this.myShare(pos))]);
      else for (const to of viewers) this.emit(out, "private", { to, pos, share: hexOf(this.myShare(pos)) });
    }
    if (plain.length) this.emit(out, "shares", { shares: plain });
    for (const { pos } of requests) this.tryRead(out, pos);
    return out;
  }

  /** This page's own card at `pos` shown to every page (played, exchanged, laid face up). */
  show(pos) {
    const out = outcome();
    this.checkPos(pos);
    if (this.owners[pos]?.holder !== this.seat) throw new RangeError(`position ${pos} is not this page's`);
    this.proveShare(out, pos);
    this.tryRead(out, pos);
    return out;
  }

  /** At the deal's end (or when it cannot go on): its seed, from which every secret it used follows. */
  reveal() {
    const out = outcome();
    if (!(this.seat in this.reveals)) this.emit(out, "reveal", { seed: this.seed });
    return out;
  }

  /** What the page keeps for a reload: its seed, every message it accepted and the positions the
   * engine opened (the rest follows). */
  stored() {
    const opens = [];
    this.owners.forEach((owner, pos) => { if (owner) opens.push({ pos, ...owner }); });
    return { v: VERSION, context: this.context, seat: this.seat, seed: this.seed, log: this.log, opens };
  }

  /** A page as it was stored (its messages accepted again, its own included). */
  static restore(data, rng) {
    const page = new FairPage({ ...data.context, seat: data.seat, seed: data.seed, rng, watch: !data.context.pages.includes(data.seat) });
    page.replaying = true;  // its own messages come from the log, not made again
    for (const msg of data.log) {
      if (msg.from !== page.seat) page.receive(msg);
      else {
        page.sent[streamOf(msg)] = msg.n + 1;
        page.log.push(msg);
        page.apply(outcome(), msg);
      }
    }
    for (const { pos, holder, viewers } of data.opens) page.owners[pos] = { holder, viewers };
    for (const { pos } of data.opens) page.tryRead(outcome(), pos);
    page.replaying = false;
    return page;
  }

  // ---------------------------------------------------------------- what comes in

  keyContext(seat) { return `${this.id}|key|${seat}`; }

  /** Why `msg` is refused before anything in it is used, or null. */
  admit(msg, sender) {
    if (!msg || typeof msg !== "object" || msg.v !== VERSION || !TYPES.has(msg.t)) return "bad_message";
    if (msg.from !== sender || !this.pages.includes(msg.from) || msg.from === this.seat) return "replayed";
    if (msg.deal !== this.id) return "replayed";  // another deal's (or table's) message
    if (msg.t === "private" && msg.to !== this.seat) return "bad_message";
    const stream = streamOf(msg);
    const next = (this.next[stream] ??= 0);
    if (!Number.isInteger(msg.n) || msg.n < 0 || msg.n > next + 10000) return "bad_message";
    if (msg.n < next) {  // said again: harmless only as the very same message
      const said = this.log.find((m) => streamOf(m) === stream && m.n === msg.n);
      return said && JSON.stringify(said) === JSON.stringify(msg) ? null : "replayed";
    }
    if (msg.n >= next) {
      const early = (this.early[stream] ??= {});
      if (early[msg.n] && JSON.stringify(early[msg.n]) !== JSON.stringify(msg)) return "replayed";
      early[msg.n] = msg;
    }
    return null;
  }

  accept(out, msg) {
    this.next[streamOf(msg)] += 1;
    this.log.push(msg);
    this.apply(out, msg);
  }

  apply(out, msg) {
    const why = this[`on_${msg.t}`](out, msg);
    if (why) this.blame(out, msg.from, why);
  }

  on_key(out, { from, key, tag, proof }) {
    const y = pointOf(key);
    const t = pointOf(tag);
    if (from in this.keys) return "bad_message";
    if (!y || !t || typeof proof !== "string") return "false_key";
    this.keys[from] = y;
    this.keyProofs[from] = [t, proof];
    if (this.pages.every((s) => s in this.keys)) {
      this.joint = jointKey(this.pages.map((s) => this.keys[s]));
      this.joint.precompute(6, false);  // 40 multiplications by it to come
      // The first page shuffles at once; the others make their re-randomizers while they wait.
      // The proofs are checked in a page's idle time, but always before any card opens: a key
      // chosen against the others' (whose owner could read the deck) voids the deal before a card
      // is dealt. The last page waits longest: it checks them before its hop, the others after.
      const at = this.pages.indexOf(this.seat);
      if (at === 0) this.hopIfMine(out);
      else if (!this.replaying && !this.watching) this.pre = rerandomizers(this.secrets, this.joint);
      if (at === 0 || at === this.pages.length - 1) this.checkKeys(out);
    }
    return null;
  }

  checkKeys(out) {
    if (this.keysChecked) return;
    this.keysChecked = true;
    const liar = this.pages.find((s) => s !== this.seat && !checkKey(this.keys[s], ...this.keyProofs[s], this.keyContext(s)));
    if (liar !== undefined) this.blame(out, liar, "false_key");
  }

  on_hop(out, { from, deck }) {
    if (from === this.seat && this.hops.length && this.pages[this.hops.length - 1] === from) return null;  // made here
    if (!this.joint || this.ready || this.pages[this.hops.length] !== from) return "bad_message";
    if (!Array.isArray(deck) || deck.length !== this.size) return "bad_message";
    const cards = [];
    const seen = new Set();
    for (const pair of deck) {
      if (!Array.isArray(pair) || pair.length !== 2) return "bad_message";
      const [c1, c2] = pair.map(pointOf);
      if (!c1 || !c2) return "bad_message";
      if (seen.has(pair[0]) || seen.has(pair[1])) return "repeated_card";  // a card sent twice
      seen.add(pair[0]).add(pair[1]);
      cards.push([c1, c2]);
    }
    this.hops.push(cards);
    this.hopIfMine(out);
    if (this.ready) this.becomeReady(out);
    return null;
  }

  on_shares(out, { from, shares }) {
    if (!this.ready || !Array.isArray(shares)) return "bad_message";
    for (const item of shares) {
      const why = this.takeShare(item?.[0], item?.[1], from);
      if (why) return why;
    }
    for (const [pos] of shares) this.tryRead(out, pos);
    return null;
  }

  on_show(out, { from, pos, share, proof }) {
    if (!this.ready || !this.validPos(pos)) return "bad_message";
    const holder = this.owners[pos]?.holder;
    if (holder !== undefined && holder !== null && holder !== from) return "not_held";
    const d = pointOf(share);
    if (!d || (from !== this.seat && !checkShare(this.keys[from], this.deck[pos][0], d, proof))) return "false_show";
    const why = this.takeShare(pos, share, from);
    if (why) return why;
    (this.provenBy[pos] ??= new Set()).add(from);
    this.tryRead(out, pos);
    return null;
  }

  on_private(out, { from, to, pos, share }) {
    if (from === this.seat) return null;  // its own share, sent to a viewer
    if (!this.ready || to !== this.seat || !this.validPos(pos)) return "bad_message";
    const holder = this.owners[pos]?.holder;
    if (holder !== undefined && holder !== from) return "not_held";
    (this.privateFrom ??= [])[pos] = from;  // checked when this page's engine opens it, if it has not yet
    const why = this.takeShare(pos, share, from);
    if (why) return why;
    this.tryRead(out, pos);
    return null;
  }

  on_complain(out, { from, pos }) {
    if (!this.validPos(pos)) return "bad_message";
    this.complaints.push(from);
    out.reveal = true;  // the deal cannot go on: every page reveals, the check names who cheated
    return null;
  }

  on_reveal(out, { from, seed }) {
    if (from in this.reveals || !seedOf(seed)) return "bad_message";
    this.reveals[from] = seed;
    out.reveal = true;
    if (this.pages.every((s) => s in this.reveals)) {
      this.verified = verifyDeal(this);
      out.verified = this.verified;
      if (this.verified.fault) out.fault = this.fault = this.verified.fault;
    }
    return null;
  }

  // ---------------------------------------------------------------- helpers

  emit(out, t, body) {
    if (this.replaying || this.watching) return;  // restoring: the log holds the message made then
    const stream = streamOf({ t, from: this.seat, to: body.to });
    this.sent[stream] ??= 0;
    const msg = { v: VERSION, t, deal: this.id, from: this.seat, n: this.sent[stream]++, ...body };
    this.log.push(msg);
    out.send.push(msg);
    this.apply(out, msg);
  }

  hopIfMine(out) {
    if (this.ready || this.pages[this.hops.length] !== this.seat) return;
    const input = this.hops.length ? this.hops[this.hops.length - 1] : firstDeck(this.context.cards);
    const deck = this.replaying ? null : hop(input, this.secrets, this.joint, this.pre);
    if (!deck) return;  // restoring: its hop comes from the log
    this.hops.push(deck);
    this.emit(out, "hop", { deck: deckHex(deck) });
    this.checkKeys(out);
    if (this.ready) this.becomeReady(out);
  }

  becomeReady(out) {
    this.checkKeys(out);  // (a page restored after its hop had not checked them)
    if (this.fault) return;
    out.ready = true;
    this.shares = this.deck.map(() => new Map());
    for (const pos of this.owners.keys()) if (this.owners[pos]) this.tryRead(out, pos);
  }

  myShare(pos) {
    if (!this.ready) throw new Error("the deck is not shuffled yet");
    return this.deck[pos][0].multiply(this.secrets.x);
  }

  proveShare(out, pos) {
    if (this.provenBy[pos]?.has(this.seat)) return;
    const { share, proof } = provenShare(this.secrets.x, this.keys[this.seat], this.deck[pos][0], this.rng);
    this.emit(out, "show", { pos, share: hexOf(share), proof });
  }

  takeShare(pos, hex, from) {
    if (!this.validPos(pos)) return "bad_message";
    const d = pointOf(hex);
    if (!d) return "bad_message";
    const had = this.shares[pos].get(from);
    if (had) return hexOf(had) === hex ? null : "replayed";
    this.shares[pos].set(from, d);
    return null;
  }

  /** Read the card at `pos` if this page may and every share it needs is in. A share that makes no
   * card of the table, or a card already read elsewhere, stops the deal: every page reveals. */
  tryRead(out, pos) {
    const owner = this.owners[pos];
    if (!this.ready || !owner || this.cards[pos] !== undefined) return;
    const mine = owner.holder === null || owner.holder === this.seat || owner.viewers.includes(this.seat);
    const shares = this.shares[pos];
    const others = this.pages.filter((s) => s !== this.seat);
    const publicCard = owner.holder !== null && owner.holder !== this.seat && shares.has(owner.holder)
      && this.provenBy[pos]?.has(owner.holder);
    if (!others.every((s) => shares.has(s)) || !(mine || publicCard)) return;
    const all = [...others.map((s) => shares.get(s)), ...(this.watching ? [] : [shares.get(this.seat) ?? this.myShare(pos)])];
    const code = cardOf(opened(this.deck[pos][1], all), this.context.cards);
    if (code === null || this.cards.includes(code)) {
      if (!this.complaints.includes(this.seat)) this.emit(out, "complain", { pos });
      return;
    }
    this.cards[pos] = code;
    out.shown.push({ pos, card: code });
  }

  blame(out, seat, why) {
    out.fault = this.fault = { seat, why };
    out.reveal = true;
    return out;
  }

  validPos(pos) { return Number.isInteger(pos) && pos >= 0 && pos < this.size; }

  checkPos(pos) {
    if (!this.validPos(pos)) throw new RangeError(`no position ${pos}`);
    if (!this.ready) throw new Error("the deck is not shuffled yet");
  }
}
