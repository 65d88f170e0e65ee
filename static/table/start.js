// Putting a match on the table: a new one from the engine (dealt out), or a saved one resumed (drawn
// at once from the state kept beside the save, confirmed by the engine when Python is up). The turn
// loop (turns.js) hands over its state and the parts of it a start needs; a start ends in `confirm`,
// which hands the table back to the loop.
import { animateDeal } from "./animate.js";
import { OP } from "../engine/api.js";
import { saveNewMatch } from "../storage/storage.js";
import { drawableState } from "../storage/checks.js";

/**
 * @typedef {object} Loop  what a start needs of the turn loop (turns.js)
 * @property {object} table  the loop's state (`table` in turns.js)
 * @property {ReturnType<import("../engine/api.js").engineApi>} engine  the engine the table plays through
 * @property {object} hooks  app.js's hooks (saved, changed, showTable, notice, explain)
 * @property {(st: object) => void} draw  draw a position as the table
 * @property {() => void} showPhase  <html data-phase> after the loop's state changed
 * @property {(st: object, epoch: number) => void} confirm  the engine's position: the loop takes over
 * @property {() => object} animUi  what the deal's animation draws with
 */

/** Whether two actions (record syntax) are the same move. */
export const same = (a, b) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

/** A new match replaces the table's (`st`: drawn from the save, or null): older answers are dropped. */
function reset(loop, st) {
  const { table } = loop;
  table.epoch++;
  Object.assign(table, { active: true, latest: st, confirmed: false, pending: null, remote: [], selected: null,
    dragging: null, failures: 0 });
  loop.showPhase();
  return table.epoch;
}

/** A new match from engine settings (op OP.new, or e.g. OP.rematch, OP.tournamentMatch): resolves
 * with the engine's error when it refuses the settings, else null once the deal is on the table. */
export async function startMatch(loop, settings, op = OP.new) {
  const { table, engine, hooks } = loop;
  const epoch = reset(loop, null);
  await engine.start();
  const res = await engine.ask(op, settings);
  if (epoch !== table.epoch) return null;
  if (!res.ok) return res.error;
  const st = res.state;
  table.latest = st;
  table.animating = true;  // the hand is the player's once it is dealt (turns.js accepting)
  try {
    if (res.save != null) {  // a guest at an online table keeps none
      table.saveText = res.save;
      saveNewMatch(res.save, st);
      hooks.saved(res.save, st);
    }
    await hooks.changed?.(op, res);  // online: the guests get the deal before any step of it
    hooks.showTable(st);
    await animateDeal(st, loop.animUi());
  } finally {
    table.animating = false;
  }
  loop.confirm(st, epoch);
  return null;
}

/** Resume a saved match: drawn at once from the state kept beside the save (when it passes the
 * checks), confirmed by the engine when Python is up; a move made meanwhile waits for it. Resolves
 * with the engine's error when the save is damaged, else null. */
export async function resumeMatch(loop, saved) {
  const { table, engine, hooks } = loop;
  const early = saved.view ? drawableState(saved.view) : null;
  const epoch = reset(loop, early);
  table.saveText = saved.text;
  if (early) {
    hooks.showTable(early);
    loop.draw(early);
  }
  await engine.start();
  const res = await engine.load(saved.text);
  if (epoch !== table.epoch) return null;
  if (!res.ok) {
    table.latest = null;
    return res.error;
  }
  const st = res.state;
  // (Handing the phone on, op view, waits for the engine as it is: it is no move.)
  if (table.pending && table.pending.op !== OP.view && !(st.view.legal || []).some((a) => same(a, table.pending.arg))) {
    table.pending = null;  // the save said otherwise than the table drawn from it: the engine wins
    hooks.notice(() => hooks.explain({ code: "illegal" }), "error");
  }
  if (!early) hooks.showTable(st);
  loop.confirm(st, epoch);
  return null;
}
