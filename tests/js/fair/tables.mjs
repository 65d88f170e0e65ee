// Fair tables in memory for the wiring's tests (tests/js/fair/wiring.test.mjs): every person's page is
// a FairTable over its own engine (the real one: briscola.web.call in one Python process, each page
// its own session, tests/js/fair/engine.py) and its own queue of engine ops (the turn loop's); a hub
// carries every message to every other page (`to`: to that page only), each link in order, the links
// taken in a seeded random order. When nothing is left to carry or ask, the page whose turn it is
// moves: its person (a legal move, chosen by the seeded generator) or its computer (op ai_move).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { FairTable, fairOf } from "../../../static/online/fair/table.js";
import { numbers } from "./net.mjs";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** One Python process holding every page's engine; `call(page, op, arg)` answers in order. */
export function engines() {
  const python = existsSync(`${ROOT}.venv/bin/python`) ? `${ROOT}.venv/bin/python` : "python3";
  const proc = spawn(python, [`${ROOT}tests/js/fair/engine.py`, ROOT], { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = [];
  createInterface({ input: proc.stdout }).on("line", (line) => waiting.shift()(JSON.parse(line)));
  return {
    call: (page, op, arg = null) => new Promise((resolve) => {
      waiting.push(resolve);
      proc.stdin.write(`${JSON.stringify({ page, op, arg })}\n`);
    }),
    close: () => proc.stdin.end(),
  };
}

/** A table: `people` the people's seats (0 the host's), `settings` the match's (variant, players...). */
export function fairTable(engine, { people, settings, seed = 1, tamper = null }) {
  const pick = numbers(seed);
  const t = { people, pages: new Map(), links: new Map(), asks: new Map(), named: new Map(), state: new Map(),
    stored: new Map(), gone: new Set(), sent: [], tamper, refusals: [], heard: [] };
  const link = (from, to) => {
    const key = `${from}>${to}`;
    if (!t.links.has(key)) t.links.set(key, { from, to, queue: [] });
    return t.links.get(key).queue;
  };
  const io = (seat) => ({
    seat,
    ask: (op, arg) => t.asks.get(seat).push({ op, arg }),
    send: (msg) => {
      t.sent.push({ from: seat, msg });  // (a message is never changed once sent)
      for (const to of people) if (to !== seat && (msg.to === undefined || msg.to === to)) link(seat, to).push(JSON.parse(JSON.stringify(msg)));
    },
    keep: (data) => t.stored.set(seat, data),  // its parts live: copied when read (`t.kept`)
    named: (fault) => t.named.set(seat, fault),
    heard: (fault, from) => t.heard.push({ seat, fault, from }),
  });
  t.io = io;
  for (const seat of people) {
    t.asks.set(seat, []);
    t.pages.set(seat, new FairTable(io(seat)));
  }

  /** Ask a page's engine, and give the answer to its FairTable. */
  t.run = async (seat, op, arg) => {
    const res = await engine.call(seat, op, arg);
    if (res.state) t.state.set(seat, res.state);
    if (res.ok) t.pages.get(seat).answered(res);
    else { t.refusals.push({ seat, op, res }); t.pages.get(seat).refused(res); }
    return res;
  };

  /** Carry one message or ask one op, chosen at random among what waits; false when nothing does. */
  t.step = async () => {
    const work = [...[...t.asks].filter(([s, q]) => q.length && !t.gone.has(s)).map(([s]) => ["ask", s]),
      ...[...t.links.values()].filter((l) => l.queue.length && !t.gone.has(l.to)).map((l) => ["msg", l])];
    if (!work.length) return false;
    const [kind, what] = work[pick(work.length)];
    if (kind === "ask") {
      const { op, arg } = t.asks.get(what).shift();
      await t.run(what, op, arg);
    } else {
      let msg = what.queue.shift();
      if (t.tamper) msg = t.tamper(msg, what.from, what.to);
      if (msg) t.pages.get(what.to).receive(msg, what.from);
    }
    return true;
  };

  t.settle = async () => { while (await t.step()); };

  /** The page that moves now, and how; null when nobody can. */
  t.mover = () => {
    for (const seat of people) {
      const st = t.state.get(seat);
      if (!st || t.gone.has(seat) || st.status !== "playing" || !st.fair?.ready) continue;
      if (st.fair.ai != null) return [seat, "ai_move", null];
      if (!st.ai_to_move && st.view.legal?.length) return [seat, "act", st.view.legal[pick(st.view.legal.length)]];
    }
    return null;
  };

  /** Moves until nobody can (the deal over, checked on every page, or stuck); the moves made. */
  t.playDeal = async (limit = Infinity) => {
    let made = 0;
    await t.settle();
    while (made < limit) {
      const move = t.mover();
      if (!move) break;
      await t.run(move[0], move[1], move[2]);
      made++;
      await t.settle();
    }
    return made;
  };

  /** The match begins on every page: the host's word (k, here, and `then`, the next deal's shuffle,
   * made while this one is played), then each page's op new. */
  t.start = async (k = "k0", then = null) => {
    for (const seat of people) {
      await t.run(seat, "new", { ...settings, people, online: true, viewer: seat, fair: { k, here: people, ...(then ? { then } : {}) } });
    }
    await t.settle();
  };

  /** The page at `seat` reloads: its engine from its last save, its FairTable from its storage. */
  t.reload = async (seat) => {
    const save = t.lastSave.get(seat);
    t.asks.set(seat, []);
    for (const l of t.links.values()) if (l.to === seat) l.queue.length = 0;  // what was on its way is lost
    t.pages.set(seat, FairTable.restore(t.kept(seat), io(seat)));
    const res = await engine.call(seat, "load", save);
    if (res.state) t.state.set(seat, res.state);
    t.pages.get(seat).resumed(res);
    const page = t.pages.get(seat);
    const known = page.page ? page.page.cards.flatMap((card, pos) => (card === undefined ? [] : [{ pos, card }])) : [];
    if (known.length && !page.settled) t.asks.get(seat).push({ op: "fair_step", arg: { shown: known } });
    page.again();
  };
  t.lastSave = new Map();
  const run = t.run;
  t.run = async (seat, op, arg) => {
    const res = await run(seat, op, arg);
    if (res.save) t.lastSave.set(seat, res.save);
    return res;
  };

  /** What the page at `seat` has in storage now, as storage would give it back. */
  t.kept = (seat) => JSON.parse(JSON.stringify(t.stored.get(seat)));

  t.fairOf = (seat) => fairOf({ state: t.state.get(seat) });
  return t;
}
