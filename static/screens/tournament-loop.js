// The tournament's dealings with the engine and with storage: the engine holds the tournament
// while the page is open (briscola/web_tournament.py), handed over once from what the page stores
// (briscola:tournament: {saved, match, fixture, screen}); later calls say what happened, and every
// answer that changes the tournament is stored at once, so a reload resumes it. The engine is
// handed the stored tournament again whenever it does not hold that one: another tab wrote it, or
// a new worker holds none (it answers tournament_closed); a dead worker is replaced first. Nothing
// here draws.
import { EngineDown, OP, engine } from "../engine/api.js";
import { loadTournament, saveNewMatch, saveTournament } from "../storage/storage.js";

const CLOSED = "tournament_closed";
const SLICE_MS = 25;  // a computer match is played in slices this long: the worker stays responsive
const BREATHE_MS = 30;  // and the page draws each result before the next match

/**
 * What the tournament screen keeps between calls (one per page: tournament.js makes it).
 * @typedef {object} Screen
 * @property {object} app  app.js's hooks: setScreen, startMatch(arg, op), resume(saved), openSetup, level(), announce(text)
 * @property {number} run  bumps when the screen is redrawn from scratch or a match starts: an older loop stops
 * @property {string} shown  the page's screen, as app.js last set it
 * @property {?string} drawn  what the section shows: "form" (a new tournament) or "view" (the standings)
 * @property {?string} actions  the buttons drawn: kept as they are while only the results change
 * @property {boolean} ended  the match just finished was recorded in the stored tournament
 * @property {?string} held  the stored tournament (its JSON text) the engine holds; null: none known
 * @property {?object} ident  what the held tournament's matches carry in their meta (the engine's view.ident)
 */

/** @returns {Screen} */
export function newScreen(app) {
  return { app, run: 0, shown: "loading", drawn: null, actions: null, ended: false, held: null, ident: null };
}

const textOf = (saved) => JSON.stringify(saved ?? null);
const pause = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
const down = () => ({ ok: false, error: { code: "engine_down" } });

/** An engine call; a dead worker is replaced once and the call made again on the new one (which
 * holds no tournament: it answers tournament_closed, and the caller hands the tournament over). */
async function reach(tn, op) {
  try {
    return await op();
  } catch (err) {
    if (!(err instanceof EngineDown)) throw err;
    tn.held = null;
    try {
      await engine.restart();
      return await op();
    } catch {
      return down();
    }
  }
}

function holding(tn, saved, res) {
  tn.held = res.ok ? textOf(saved) : null;
  if (res.ok) tn.ident = res.result.view.ident;
  return res;
}

/** Hand the stored tournament over to the engine: its answer has the view (or why it is damaged). */
export async function handOver(tn, stored) {
  return holding(tn, stored.saved, await reach(tn, () => engine.tournamentOpen({ tournament: stored.saved })));
}

/** An operation on the tournament the engine holds, made sure to be the stored one first. */
async function onHeld(tn, stored, op) {
  if (tn.held !== textOf(stored.saved)) {
    const opened = await handOver(tn, stored);
    if (!opened.ok) return opened;
  }
  const res = await reach(tn, op);
  if (res.ok || res.error?.code !== CLOSED) return res;
  const again = await handOver(tn, stored);
  return again.ok ? reach(tn, op) : again;
}

/** Store an answer's tournament: what the engine holds now. */
function keep(tn, stored, res) {
  const now = { ...stored, saved: res.result.tournament };
  saveTournament(now);
  holding(tn, now.saved, res);
  return now;
}

/** Keep the stored tournament's other fields as they are but `changes`. */
export function storeWith(changes) {
  const stored = loadTournament();
  if (stored?.saved) saveTournament({ ...stored, ...changes });
}

/** A new tournament, stored and held: resolves with the engine's answer. */
export async function startTournament(tn, settings) {
  const seed = Math.floor(Math.random() * 2 ** 31);
  const res = await reach(tn, () => engine.tournamentNew({ ...settings, seed }));
  if (res.ok) keep(tn, { match: null, fixture: null, screen: true }, res);
  return res;
}

/** The stored tournament as the engine sees it (handed over when the engine lacks it). */
export async function viewStored(tn, stored) {
  return onHeld(tn, stored, () => engine.tournamentView());
}

/** Play the fixtures between computer pairs up to the player's next match, one at a time, while
 * the screen shows the tournament; `played(result, stored)` draws each one's result. */
export async function playComputers(tn, played) {
  const mine = ++tn.run;
  const live = () => mine === tn.run && tn.shown === "tournament";
  const slice = () => engine.tournamentPlayAi({ budget_ms: SLICE_MS });
  for (;;) {
    const stored = loadTournament();
    if (!live() || !stored?.saved) return;
    let res = await onHeld(tn, stored, slice);
    while (live() && res.ok && res.result.busy) {
      await pause(0);
      res = await reach(tn, slice);
    }
    if (mine !== tn.run) return;
    if (res.error?.code === CLOSED) { tn.held = null; continue; }  // a new worker: hand it over again
    if (!res.ok || !res.result.played) return;
    if (textOf(loadTournament()?.saved) !== textOf(stored.saved)) continue;  // another tab wrote meanwhile: its copy wins
    played(res.result, keep(tn, stored, res));
    await pause(BREATHE_MS);
  }
}

/** The player's next match on the table: the one kept with the tournament if it was under way,
 * else dealt by the engine. Resolves with an error to explain, or null. */
export async function playNext(tn) {
  const stored = loadTournament();
  if (!stored?.saved) return null;
  const res = await viewStored(tn, stored);
  if (!res.ok) return res.error;
  const f = res.result.view.next;
  if (!f || !res.result.view.next_is_player) return null;
  tn.run++;  // the computer pairs' loop stops: the player's match is on the table
  if (stored.match && stored.fixture === f.index) {
    saveTournament({ ...stored, screen: false });
    saveNewMatch(stored.match);
    if (await tn.app.resume({ text: stored.match, view: null }) === null) return null;
    // the match in progress cannot be loaded: the fixture is dealt again from its seed
  }
  saveTournament({ ...stored, match: null, fixture: f.index, screen: false });  // the table's saves land here too
  const err = await tn.app.startMatch({}, OP.tournamentMatch);
  if (err?.code !== CLOSED) return err;
  const again = await handOver(tn, stored);  // a new worker since: it gets the tournament again
  return again.ok ? tn.app.startMatch({}, OP.tournamentMatch) : again.error;
}

/** Whether a match's tournament info (its meta) is of the tournament the engine holds. */
function ours(tn, info) {
  return !!tn.ident && Object.entries(tn.ident).every(([k, v]) => (info[k] ?? null) === v);
}

/** The engine knows the stored tournament and says whose it is (null: there is none to know). */
async function known(tn) {
  const stored = loadTournament();
  if (!stored?.saved) return { stored, res: null };
  const res = tn.held === textOf(stored.saved) ? { ok: true } : await handOver(tn, stored);
  return { stored, res };
}

/** app.js's persist(): the player's tournament match (`info`, from its save) is also kept with the
 * tournament, as `text`. */
export async function keepMatch(tn, info, text) {
  const { stored, res } = await known(tn);
  if (res?.ok && ours(tn, info) && stored.fixture === info.fixture) saveTournament({ ...loadTournament(), match: text });
}

/** A finished match of the player's (`info`, from its save) goes into its tournament. Resolves
 * with null (not this tournament's), or the engine's answer: the fixture recorded, or an error. */
export async function recordMatch(tn, info) {
  const stored = loadTournament();
  if (!stored) return null;
  if (stored.damaged !== undefined) return { ok: false, error: { reason: "bad_json" } };
  const { res } = await known(tn);
  if (!res) return null;
  if (!res.ok) return res;
  if (!ours(tn, info)) return null;
  const rec = await onHeld(tn, stored, () => engine.tournamentRecord());
  if (rec.ok) {
    keep(tn, { match: null, fixture: null, screen: false }, rec);
    tn.ended = true;
  }
  return rec;
}
