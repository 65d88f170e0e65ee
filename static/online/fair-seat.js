// A fair table on this page (docs/fair-deal.md, "A fair table on every page"): this page's FairTable
// (online/fair/table.js) over the turn loop and the table's transport. Its engine ops go through the
// turn loop (turns.remote: asked in one order with the person's moves, saved and animated like any
// step); every engine answer reaches it through online.js's changed hook; its side of the deal is
// kept beside the save (storage.js saveFairSide) so a reload resumes. The host's page relays: a
// guest's message goes to the other pages as {t: "relay", from, msg} (`from` the seat the host knows
// the guest by), and the host says when a deal begins.
//
// Switched on by a `?host=` link with `fair` (host.js); the host-referee way stays the default until
// the e2e tests (docs/fair-deal.md, "Left") replace it.
import { OP } from "../engine/api.js";
import * as turns from "../table/turns.js";
import { loadFairSide, saveFairSide } from "../storage/storage.js";
import { FairTable } from "./fair/table.js";
import { mismatchText, playsTexts, watchText } from "./fair-words.js";

const KEEP_MS = 250;  // the side is written at most this often (a deal's seed and this page's own steps at once)

/**
 * This page's fair side at `room`, for its person's `seat`. `send(msg)`: to the other pages (the
 * host's page to its guests, `msg.to` only to that seat; a guest's to its host, who relays).
 * `app`: app.js's hooks (notice). `named(fault)`: a fault this page named; `heard(fault, from)`: one
 * another page named (the host deals again on either).
 */
export function fairSeat({ room, seat, send, app, named = () => {}, heard = () => {} }) {
  let pending = null, timer = null, keptK = null, keptSteps = 0, keptPre = null, stopped = false;
  // Written whole as it is at the write (its parts are the FairTable's live lists: one moment's).
  const flush = () => {
    clearTimeout(timer);
    timer = null;
    if (pending) saveFairSide(room, seat, table.stored());
    pending = null;
  };
  const keep = (data) => {
    if (stopped) return;  // another page of this browser keeps this seat's side now (guest.js seatElsewhere)
    pending = true;
    // A new deal (or the next one's shuffle, made ahead): its seed is stored before anything else; a
    // step of its own, before the others wait for it.
    if (data.k !== keptK || data.mine.length !== keptSteps || (data.pre?.k ?? null) !== keptPre) {
      keptK = data.k;
      keptSteps = data.mine.length;
      keptPre = data.pre?.k ?? null;
      flush();
    } else timer ??= setTimeout(flush, KEEP_MS);
  };
  addEventListener("pagehide", flush);
  const io = {
    seat, send, keep, heard,
    ask: (op, arg) => turns.remote(op, arg, (res) => { if (!res.ok) table.refused(res); }),
    named: (fault) => {
      app.notice(() => mismatchText(turns.current(), fault), "error");
      named(fault);
    },
  };
  const stored = loadFairSide(room, seat);
  const table = stored ? FairTable.restore(stored, io) : new FairTable(io);
  let said = "";
  let gone = null;  // the host's last word on the people's seats whose pages are gone (null: none heard)

  /** Those seats marked away in this page's engine (op `away`: drawn as at a host-referee table), the
   * others not: asked once the match is on here (the word may come while Python starts). */
  function markAway(st) {
    if (!gone || !st || st.status === "match-over") return;
    const now = st.away ?? [];
    for (const s of gone) if (!now.includes(s)) turns.remote(OP.away, { seat: s, on: true });
    for (const s of now) if (!gone.includes(s)) turns.remote(OP.away, { seat: s, on: false });
  }

  /** Who plays the computer's seats, said once a deal (and when it changes). */
  function sayPlays(st) {
    const words = [...playsTexts(st), watchText(st)].filter(Boolean).join(" ");
    if (!words || words === said) return;
    said = words;
    app.notice(() => [...playsTexts(turns.current()), watchText(turns.current())].filter(Boolean).join(" "), "info");
  }

  return {
    table,
    /** turns.js's changed hook: an engine answer of this page. */
    changed(op, res) {
      table.answered(res);
      if (res.ok && (op === OP.nextDeal || op === OP.fairVoid)) app.hideDialog();  // the last deal's summary goes
      if (res.state?.fair) sayPlays(res.state);
      if (res.ok && (op === OP.new || op === OP.fairJoin)) markAway(res.state);
    },
    /** The host's word: the people's seats whose pages are gone now (every page marks them). */
    away(seats) {
      gone = seats;
      markAway(turns.current());
    },
    /** A message from another page (`from`: its seat, as the host knows it). */
    receive: (msg, from) => table.receive(msg, from),
    /** After a reload: the cards this page had read told to its engine again, what it missed asked for. */
    resumed(st) {
      table.resumed({ ok: true, state: st });
      markAway(st);
      const known = table.page ? table.page.cards.flatMap((card, pos) => (card === undefined ? [] : [{ pos, card }])) : [];
      if (known.length && !table.settled) turns.remote(OP.fairStep, { shown: known });  // (a deal checked needs none)
      table.again();
    },
    /** The side written one last time (`last`), and never again from this page. */
    stop(last = true) {
      if (last) flush();
      clearTimeout(timer);
      stopped = true;
    },
  };
}
