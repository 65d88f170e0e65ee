// The table's turn loop: one explicit state machine, so any input at any moment is either taken,
// queued or refused with a word, and the computer is always asked again when it is its turn.
//
// Its state is one object, `table` (TableState), written here; its drawing half (turn-view.js) is
// handed it and writes only what is on screen. The chrome is handed what it draws (TurnChrome). A
// match is put on the table here too: new, or resumed from its save.
//
// The player's move is taken when `latest` lets the player make it, nothing is pending and no step
// is being animated (the screen shows the position he moves in); the first valid move wins, later
// ones are dropped quietly. The hand shows as playable exactly the cards a move would be taken for
// (UI-CONTRACT).
// Every answer that changes the match is saved before it is animated: a reload never shows a
// position the save has not reached, and no move is undone. Answers come in the engine API's one
// shape (static/engine/api.js): {ok, state?, save?, played?, result?, error?}.
import { animateDeal, animateStep } from "./animate.js";
import { pause } from "./anim.js";
import { EngineDown, OP, engine as localEngine } from "../engine/api.js";
import { turnView } from "./turn-view.js";
import { viewerOf } from "./viewer.js";
import { keepAhead, loadMatch, saveMatch, saveNewMatch } from "../storage/storage.js";
import { answersAhead, drawableState } from "../storage/checks.js";
import { timed } from "./clock.js";
import { uncover } from "./pnp.js";

/**
 * @typedef {object} TableState
 * @property {object | null} latest the engine's newest state for its viewer (ahead of the screen while a step is animated)
 * @property {object | null} shown the state on screen
 * @property {boolean} confirmed whether `latest` comes from the engine (false: drawn from the save while Python starts)
 * @property {{op: string, arg: any} | null} pending the player's command waiting for the engine (op: api.js's OP)
 * @property {number | null} running the epoch whose loop is talking to the engine (one loop at a time)
 * @property {number} epoch bumps when the match is replaced (new, loaded, another tab): older answers are dropped
 * @property {object} engine the engine API the loop talks to: the worker's, or (a guest at an online table) the
 *   host's page over the network, which answers the same ops with the guest's own view and no save
 * @property {string | null} saveText the last save, kept in memory (a dead worker loads it again)
 * @property {{op: string, arg: any, done: Function}[]} remote guests' commands waiting their turn (online)
 * @property {boolean} active the table is on screen (leaving it keeps the match: an answer in flight is
 *   saved, nothing more is asked until the player comes back)
 * @property {boolean} animating a step is being animated
 * @property {string | null} selected the card raised (a tap, a click, the hint)
 * @property {string | null} dragging the card being dragged
 * @property {string | null} storageTrouble "full" or "off" once told (told once)
 * @property {number} failures the computer's moves refused in a row (the watchdog gives up after 3)
 * @property {string | null} asking the op in flight (<html data-wait>)
 * @property {{base: string, answers: object[]} | null} ahead the engine's answers to the player's next moves,
 *   from the save's record (briscola/ahead.py): taken while Python starts, if the save is still `base`
 */
/** @type {TableState} */
const table = { latest: null, shown: null, confirmed: false, pending: null, running: null, epoch: 0, engine: localEngine,
  saveText: null, remote: [], active: false, animating: false, selected: null, dragging: null, storageTrouble: null,
  failures: 0, asking: null, ahead: null };

/** The engine the table plays through now (app.js asks it for a hint, a review...). */
export function tableEngine() {
  return table.engine;
}

/** Online tables: a guest's page plays through the host's engine (an engine API over the guest's
 * door, online/guest-door.js); null: the worker's again. */
export function useEngine(api) {
  table.engine = api ?? localEngine;
}

/** Whether two actions (record syntax) are the same move. */
const same = (a, b) => JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

/**
 * What the turn loop draws around the felt, handed whole to the chrome (table/chrome.js).
 * @typedef {object} TurnChrome
 * @property {object} st the position the turn line and the panel follow: the engine's newest while a step is
 *   animated (the player may move in it), else the one on screen
 * @property {object | null} shown the position on the table (the bar's scores: a trick counts once collected)
 * @property {object[]} accepting the actions the page takes from the player now (record syntax)
 * @property {object | null} latest the engine's newest position (the move clock follows it)
 * @property {boolean} awaiting the page waits for the player's move in `latest` (the move clock runs)
 */
/**
 * What the turn loop asks of the page (app.js passes them to initTurns): every one is passed.
 * @typedef {object} TurnHooks
 * @property {() => string} style the deck style the table is drawn in
 * @property {(chrome: TurnChrome) => void} drawChrome the bar, the turn line, the decision panel
 * @property {(text: string | (() => string), kind?: string, opts?: object) => void} notice a short message over the table
 * @property {(error: object) => string} explain an engine's refusal, in the player's words
 * @property {{play: (effect: string) => void}} sound the sound effects (table/sound.js)
 * @property {(st: object) => void} stepSound the sound of a step just applied
 * @property {(viewer: object, seat: number, code: string) => void} say a card played, for screen readers
 * @property {(st: object) => void} sayTrick a trick's end, for screen readers
 * @property {(st: object) => void} settled the table is still: the deal's end, the next move
 * @property {(st: object) => void} showTable the table screen with this state
 * @property {() => boolean} onTable whether the table is the screen shown (no input taken elsewhere)
 * @property {(text: string, st: object) => void} saved a save was stored (the tournament keeps its own)
 * @property {() => void} clearDialog a dialog over the table goes (the phone is handed on)
 * @property {(op: string, res: object, arg?: object) => Promise<void>} changed online.js tells the guests (awaited: they see the steps in order)
 * @property {(status: string) => void} screen the screen for the match's status
 */
/** @type {TurnHooks | null} */
let hooks = null;
/** @type {ReturnType<typeof turnView> | null} the drawing of `table` (turn-view.js) */
let view = null;

/** @param {TurnHooks} h */
export function initTurns(h) {
  hooks = h;
  view = turnView(table, h, (seat) => command(OP.view, { seat }));
  setInterval(watchdog, 2000);
}

/** The actions the page takes from the player right now (record syntax), per `latest`: turn-view.js. */
export function accepting() {
  return view.accepting();
}

function accepts(action) {
  return accepting().some((a) => same(a, action));
}

// ------------------------------------------------------------------ drawing (turn-view.js)

/** After `accepting()` may have changed without a new position: the hand's playable marks and the
 * panel follow, without redrawing the hand. */
export function refreshInput() {
  view.refreshInput();
}

export function redraw() {
  view.redraw();
}

export function current() {
  return table.latest;
}

// ------------------------------------------------------------------ input

export function select(code) {
  table.selected = code;
  if (table.shown && !table.animating) view.showSelection(code);
}

export function selected() {
  return table.selected;
}

export function drag(code, on) {
  table.dragging = on ? code : null;
  if (on) select(code);
}

/** The player's action (a card, a bid, an exchange...): taken, queued until the animation ends, or
 * refused with a word when the page shows it can not be made. */
export function take(action) {
  const st = table.latest;
  if (!st || table.pending || st.status !== "playing" || !hooks.onTable()) return;  // the first valid move wins
  const idle = table.confirmed && table.running === null && !table.animating;
  if (!accepts(action) && !idle) {  // the engine is busy: what it would say is plain from its last answer
    if (st.to_move !== viewerOf(st).seat) hooks.notice(() => hooks.explain({ code: "not_your_turn" }), "error");
    return;
  }
  const early = answeredAhead(action);
  if (early) {
    takeAhead(action, early);
    return;
  }
  // A move the page takes, or one it does not while the engine waits: then the engine says why not
  // (the page never words a rule itself), and nothing changes.
  table.pending = { op: OP.act, arg: action };
  table.selected = null;
  refreshInput();
  pump();
}

/** The engine's answer to `action` given ahead (op ahead, kept with the save), while Python starts. */
function answeredAhead(action) {
  const ahead = table.ahead;
  if (table.confirmed || !ahead || ahead.base !== table.saveText || table.animating || table.running !== null) return null;
  return ahead.answers.find((a) => same(a.action, action))?.answer ?? null;
}

/** The player's move taken at once with the engine's answer given ahead: saved, animated, drawn, as
 * any answer; the engine loads that save once up (resumeMatch) and the loop goes on from there. */
async function takeAhead(action, res) {
  const epoch = table.epoch;
  Object.assign(table, { ahead: null, selected: null, running: epoch });  // the loop's turn: nothing else asks meanwhile
  performance.mark("briscola:move-ahead");
  try {
    await advance(OP.act, res, epoch, action);
  } finally {
    if (table.running === epoch) table.running = null;
  }
  if (epoch !== table.epoch) return;
  if (table.confirmed) pump();
  if (table.running === null) settle();
}

let aheadTimer = null;
const AHEAD_AFTER_MS = 400;  // once the table is still: a move made at once is not held up by it

/** On the player's turn, ask the engine to answer his next moves ahead (briscola/ahead.py: it answers
 * none where a move depends on more than the position) and keep them with the save: a reload then
 * takes his first move before Python is up. */
function askAhead(st) {
  clearTimeout(aheadTimer);
  if (!table.confirmed || table.engine !== localEngine || st.status !== "playing" || st.to_move !== viewerOf(st).seat) return;
  if (st.fair || st.online) return;  // the engine would answer none there: not worth a call between the table's messages
  const epoch = table.epoch, text = table.saveText;
  aheadTimer = setTimeout(async () => {
    if (epoch !== table.epoch || table.latest !== st || table.pending || table.running !== null || table.saveText !== text) return;
    const res = await table.engine.ahead().catch(() => null);
    if (res?.ok && res.result?.length && epoch === table.epoch && table.saveText === text) keepAhead(text, res.result);
  }, AHEAD_AFTER_MS);
}

/** A command that moves the match on outside a move (an op of api.js's OP): nextDeal (from the
 * summary), abandon, standIn ({on}: the computer plays seat 0 in chiamata, or gives it back), or
 * the move clock's clock and timeout ({ms}: clock.js). */
export function command(op, arg = null) {
  if (!table.latest || table.pending) return;
  if (op === OP.nextDeal && table.latest.status !== "deal-over") return;
  if (op === OP.nextDeal && table.latest.fair) {  // a fair table's next deal: the host's word, its shuffle
    arg = table.dealer?.() ?? null;
    if (!arg) return;
  }
  if (op === OP.abandon && table.latest.status === "match-over") return;
  table.pending = { op, arg };
  refreshInput();
  pump();
}

// ------------------------------------------------------------------ the loop

/** Save what the engine answered: the text (always kept in memory) and the table beside it. */
function persist(text, st) {
  if (text == null) return true;  // a guest at an online table keeps no save: the host's page does
  table.saveText = text;
  const result = saveMatch(text, st.status === "playing" ? st : null);
  if (result === "conflict") {
    otherTab();
    return false;
  }
  if (result === "ok") table.storageTrouble = null;
  else if (table.storageTrouble !== result) {  // told once; it saves again as soon as there is room
    table.storageTrouble = result;
    hooks.notice(() => hooks.explain({ code: result === "full" ? "storage_full" : "storage_off" }), "info");
  }
  hooks.saved(text, st);
  return true;
}

/** A fair table's deal over but not yet checked (its last messages, the reveal and fair_verify, are
 * still to come even when the match is over). */
const unchecked = (st) => !!st.fair && !st.fair.settled;

/** Whether this page's engine makes the computer's move now: at a fair table (docs/fair-deal.md) the
 * seat it names (`fair.ai`: a computer's seat this page plays; `ai_to_move` there says only that
 * another page moves), else whenever the computer is to move. */
const computerToMove = (st) => st.status === "playing" && (st.fair ? st.fair.ai != null : st.ai_to_move);

/** Ask the engine, as long as there is something to ask: the player's command, or the computer's move. */
async function pump() {
  const epoch = table.epoch;
  if (table.running !== null || !table.confirmed || !table.latest) return;
  table.running = epoch;
  view.showPhase();
  try {
    while (epoch === table.epoch && table.active) {
      const st = table.latest;
      let op = null, arg = null;
      let remote = null;  // a guest's command at an online table (online.js): answered to it, never shown here
      if (table.pending) ({ op, arg } = table.pending);
      else if (table.remote.length && (st.status !== "match-over" || unchecked(st))) ({ op, arg } = remote = table.remote.shift());
      else if (computerToMove(st)) op = OP.aiMove;
      else break;
      const thinking = op === OP.aiMove ? pause(400) : null;
      view.drawChrome();
      table.asking = op;
      view.showPhase();
      const res = await table.engine.ask(op, op === OP.act ? timed(arg) : arg);  // the move's time (move clock)
      await thinking;
      table.asking = null;
      if (epoch !== table.epoch) break;  // a newer position came in meanwhile: settled and pumped below
      if (op !== OP.aiMove && !remote) table.pending = null;
      remote?.done(res);
      if (!res.ok) {
        if (remote) { quietlyRefused(res); continue; }
        refused(op, res);
        if (op === OP.aiMove) return;
        continue;
      }
      table.failures = 0;
      await advance(op, res, epoch, arg);
    }
  } catch (err) {
    if (!(err instanceof EngineDown)) throw err;
    if (epoch === table.epoch) await recover(err);
    return;
  } finally {
    if (table.running === epoch) table.running = null;
    view.showPhase();
  }
  if (!table.active || !table.confirmed) return;
  settle();
  if (epoch !== table.epoch) pump();  // a newer position came in while this loop waited: its turn now
}

/** A step the engine made: saved, then animated, then drawn. */
async function advance(op, res, epoch, arg = null) {
  const next = res.state;
  const prev = table.shown;
  table.latest = next;
  if (op === OP.act && !performance.getEntriesByName("briscola:move-confirmed").length) {
    performance.mark("briscola:move-confirmed");  // bench/load.py: the player's first move, confirmed by the engine
  }
  if (!persist(res.save, next) || !table.active) return;
  table.animating = true;
  try {
    refreshInput();  // nothing is taken until the step is on screen (accepting)
    await hooks.changed?.(op, res, arg);
    if (res.played) await animateStep(prev, next, res.played, view.animUi());
    else if (op === OP.nextDeal || res.result?.dealt) await animateDeal(next, view.animUi());  // dealt: a guest's next deal
  } finally {
    table.animating = false;
  }
  if (epoch !== table.epoch) return;
  view.draw(next);
  view.showPhase();
  if (res.played) hooks.stepSound(next);
}

/** A guest's command the engine refused (online.js answers the guest): the host's table only follows
 * a match over on time. */
function quietlyRefused(res) {
  if (res.save && res.state) {
    table.latest = res.state;
    persist(res.save, res.state);
    hooks.changed?.("refused", res);
    if (!table.animating) view.draw(table.latest);
  }
}

function refused(op, res) {
  if (res.state) table.latest = res.state;
  if (res.save) persist(res.save, table.latest);  // a move too late: the match is over on time
  const error = res.error || { code: "illegal" };
  if (op === OP.aiMove && ++table.failures > 3) return;  // the watchdog gives up on a position the engine refuses
  hooks.notice(() => hooks.explain(error), "error");
  if (!table.animating) view.draw(table.latest);
}

/** Nothing left to ask: the player's turn, or the end of a deal. */
function settle() {
  const st = table.latest;
  if (!table.animating && table.shown !== st) view.draw(st);
  refreshInput();
  hooks.settled(st);
  askAhead(st);
}

function watchdog() {
  const st = table.latest;
  if (st && table.active && table.confirmed && table.running === null && !table.animating && st.status === "playing"
      && (table.pending || table.remote.length || (computerToMove(st) && table.failures <= 3))) pump();
}

/** A fair table's host (online/host.js): `fn()` gives the next deal's {fair: {k, here}} and tells the
 * other pages; null: this page waits for its host's word. */
export function fairDealer(fn) {
  table.dealer = fn;
}

/** Online tables (online.js): a command from a guest (op "seat_act", "away", "seat_clock"...), asked
 * in turn with the page's own; `done(res)` gets the engine's answer. */
export function remote(op, arg, done = () => {}) {
  table.remote.push({ op, arg, done });
  pump();
}

/** The worker died: a new one, the match loaded again from its save (kept in memory), and on. A
 * move the player had made and the dead worker never answered is made again, if still legal. */
async function recover() {
  const epoch = ++table.epoch;
  const pending = table.pending;
  table.confirmed = false;
  table.pending = null;
  hooks.notice(() => hooks.explain({ code: "engine_restarted" }), "info");
  try {
    await table.engine.restart();
    const res = await table.engine.load(table.saveText);
    if (epoch !== table.epoch) return;
    if (!res.ok) throw new Error(res.error.detail);
    if (pending?.op === OP.act && (res.state.view.legal || []).some((a) => same(a, pending.arg))) table.pending = pending;
    confirm(res.state, epoch);
  } catch {
    if (epoch === table.epoch) hooks.notice(() => hooks.explain({ code: "engine_failed" }), "error");
  }
}

function confirm(st, epoch) {
  if (epoch !== table.epoch) return;
  table.latest = st;
  table.confirmed = true;
  if (!table.animating) view.draw(st);
  pump();
  if (!table.pending) settle();
  view.showPhase();
}

// ------------------------------------------------------------------ starting and resuming

/** A new match replaces the table's (`st`: drawn from the save, or null): older answers are dropped. */
function reset(st) {
  table.epoch++;
  Object.assign(table, { active: true, latest: st, confirmed: false, pending: null, remote: [], selected: null,
    dragging: null, failures: 0, ahead: null });
  view.showPhase();
  return table.epoch;
}

/** A new match from engine settings (op OP.new, or e.g. OP.rematch, OP.tournamentMatch): resolves
 * with the engine's error when it refuses the settings, else null once the deal is on the table. */
export async function startMatch(settings, op = OP.new) {
  const epoch = reset(null);
  await table.engine.start();
  const res = await table.engine.ask(op, settings);
  if (epoch !== table.epoch) return null;
  if (!res.ok) return res.error;
  const st = res.state;
  table.latest = st;
  table.animating = true;  // the hand is the player's once it is dealt (accepting)
  try {
    if (res.save != null) {  // a guest at an online table keeps none
      table.saveText = res.save;
      saveNewMatch(res.save, st);
      hooks.saved(res.save, st);
    }
    await hooks.changed?.(op, res);  // online: the guests get the deal before any step of it
    hooks.showTable(st);
    await animateDeal(st, view.animUi());
  } finally {
    table.animating = false;
  }
  confirm(st, epoch);
  return null;
}

/** Resume a saved match ({text, view?}): drawn at once from the state kept beside the save (when it
 * passes the checks), confirmed by the engine when Python is up; a move made meanwhile waits for it.
 * Resolves with the engine's error when the save is damaged, else null. */
export async function resumeMatch(saved) {
  const early = saved.view ? drawableState(saved.view) : null;
  const epoch = reset(early);
  table.saveText = saved.text;
  const answers = early && saved.ahead ? answersAhead(saved.ahead) : null;
  table.ahead = answers ? { base: saved.text, answers } : null;
  if (early) {
    hooks.showTable(early);
    view.draw(early);
  }
  await table.engine.start();
  let text, res;
  do {  // a move taken with its answer given ahead meanwhile saved a newer position: that one
    text = table.saveText;
    res = await table.engine.load(text);
  } while (res.ok && epoch === table.epoch && text !== table.saveText);
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
  confirm(st, epoch);
  return null;
}

/** Another tab saved the match: its position replaces ours (the newer one wins). */
export function otherTab() {
  const saved = loadMatch();
  if (!saved || saved.damaged) return;
  resumeMatch(saved).then((err) => {
    if (!err) hooks.notice(() => hooks.explain({ code: "other_tab" }), "info");
  }, () => {});
}

/** The table is left (setup, tournament): the match stays saved; nothing more is asked. */
export function leaveTable() {
  table.active = false;
  table.pending = null;
  uncover();
  view.showPhase();
}

/** A link opened in the page itself (app.js) replaces everything: the match on the table is let go
 * (its save stays) and answers still on their way to it are dropped, so none is saved after. */
export function dropMatch() {
  table.epoch++;
  Object.assign(table, { active: false, latest: null, shown: null, confirmed: false, pending: null, remote: [],
    saveText: null, selected: null, dragging: null, failures: 0 });
  uncover();
  view.showPhase();
}

/** Back to the match left for the setup (its position is the engine's: nothing was undone). */
export function backToTable() {
  if (!table.latest) return false;
  table.active = true;
  hooks.showTable(table.latest);
  view.draw(table.latest);
  pump();
  if (table.running === null) settle();
  return true;
}

/** Campione's move for the player, with a reason ({action, key, params}), or null (not the
 * player's turn, or the position moved on). */
export async function hint() {
  const st = table.latest;
  if (!st || !table.confirmed || st.to_move !== (st.view.seat ?? 0) || table.pending) return null;
  const epoch = table.epoch;
  const res = await table.engine.hint();
  if (epoch !== table.epoch || table.latest !== st || !res.ok || !res.result.action) return null;
  return res.result;
}

/** Keep the save of an answer that changed the match outside the loop (the deal's analysed figures). */
export function keepSave(res) {
  if (res.save && table.latest) persist(res.save, table.latest);  // none: the match was let go (dropMatch)
}

/** Count the finished match in the statistics once (the engine marks it in the save). */
export async function countStats(stored) {
  const res = await table.engine.statsAdd(stored);
  if (res.ok && res.save && table.latest) persist(res.save, table.latest);  // none: the match was let go meanwhile
  return res;
}
