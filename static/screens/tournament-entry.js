// What the rest of the page asks of the tournament (tournament.js, the screen, and the loop that
// plays the computer pairs' matches): they arrive when the screen is first opened or a tournament's
// match is on the table (boot/later.js); until then there is nothing of it to show, hide or leave.
// app.js hands its hooks once (initTournamentEntry); tournament.js gets them on loading.
import { later } from "../boot/later.js";
import { pairName } from "../strings/i18n.js";
import { loadTournament } from "../storage/storage.js";

let hooks = null;
const screen = later(() => import("./tournament.js").then((m) => { m.initTournament(hooks); return m; }));

/** Called once by app.js with the tournament screen's hooks (tournament.js initTournament). */
export function initTournamentEntry(appHooks) {
  hooks = appHooks;
}

/** The tournament's screen (the stored one, or the form of a new one). */
export const openTournament = () => screen.load().then((m) => m.openTournament());

/** app.js's setScreen: the tournament's section shown or hidden with the others. */
export function showTournamentSection(name) {
  screen.now()?.showTournamentSection(name);
}

/** Back from the screen to the setup (only ever on screen once loaded). */
export function leaveTournament() {
  screen.now()?.leaveTournament();
}

/** Whether the page was left on the tournament screen (a reload comes back to it). */
export function tournamentOnScreen() {
  return !!loadTournament()?.screen;
}

/** turns.js saved the match (`text`, at state `st`): a tournament's match is also kept with the
 * tournament (in order: each waits for the module, then for the one before). */
export function tournamentPersist(text, st) {
  if (st?.tournament) screen.load().then((m) => m.tournamentPersist(text, st));
}

/** After the summary of a finished match: a tournament match's result goes into the tournament. */
export function tournamentMatchEnd(st) {
  return st.tournament ? screen.load().then((m) => m.tournamentMatchEnd(st)) : screen.now()?.tournamentMatchEnd(st);
}

/** Where the summary's button leads: back to the tournament after one of its matches. */
export function backToTournament() {
  return screen.now()?.backToTournament() ?? false;
}

/** The opposing pair's name in a tournament's match (`st`, the engine's state), else null. */
export function opponentPairName(st) {
  return st.tournament ? pairName(st.tournament.opponent) : null;
}

/** Whether the match `st` is a tournament's (the engine's state says so): it has no rematch. */
export function tournamentMatch(st) {
  return !!st.tournament;
}
