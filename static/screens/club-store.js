// An organiser's tournament: its dealings with the engine and with storage. The engine holds
// nothing between calls (briscola/web_club.py): every call carries the tournament as stored, and
// every answer that changes it is stored at once (briscola:club {saved, screen}). A write that does
// not fit changes nothing in storage: the tournament goes on from memory (`club.kept`) and the
// screen says so until a later write fits. Nothing here draws.
import { EngineDown, engine } from "../engine/api.js";
import { loadClub, saveClub } from "../storage/storage.js";

/**
 * The screen's memory of the tournament (one per page).
 * @typedef {object} ClubState
 * @property {?object} saved  the tournament's JSON, as the engine last answered it (null: none)
 * @property {?object} view  what the screens draw of it (briscola/club_view.py view)
 * @property {string} kept  "ok", "full" or "off": whether the last change reached storage
 */

/** @type {ClubState} */
export const club = { saved: null, view: null, kept: "ok" };

/** An engine call (`name`: its function in api.js, e.g. "clubOpen"); a dead worker is started again
 * once and the call made again (it holds nothing). */
export async function ask(name, arg) {
  try {
    return await engine[name](arg);
  } catch (err) {
    if (!(err instanceof EngineDown)) throw err;
    try {
      await engine.restart();
      return await engine[name](arg);
    } catch {
      return { ok: false, error: { code: "engine_down" } };
    }
  }
}

/** Keep the engine's answer as the tournament (stored at once; `screen`: the page is left on it). */
export function keep(result, screen = true) {
  club.saved = result.club;
  club.view = result.view;
  club.kept = saveClub({ saved: result.club, screen });
  return club.kept;
}

/** Whether the page was left on the club's screen (a reload comes back to it). */
export function onScreen() {
  return !!loadClub()?.screen;
}

/** Remember whether the page shows the club's screen, the tournament as it is stored. */
export function markScreen(screen) {
  const stored = loadClub();
  if (stored?.saved && !!stored.screen !== screen) saveClub({ ...stored, screen });
}

/** The stored tournament handed to the engine: resolves with its answer (the view, or why it is damaged). */
export async function openStored() {
  const stored = loadClub();
  if (!stored) return null;
  if (stored.damaged !== undefined || !stored.saved) {
    return { ok: false, error: { code: "club_damaged", reason: stored.damaged ?? "bad_shape" } };
  }
  const res = await ask("clubOpen", { club: stored.saved });
  if (res.ok) Object.assign(club, { saved: res.result.club, view: res.result.view });
  return res;
}

/** An operation on the tournament in memory (`arg` besides it); its answer, not yet kept. */
export function change(name, arg = {}) {
  return ask(name, { club: club.saved, ...arg });
}
