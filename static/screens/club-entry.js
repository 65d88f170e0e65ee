// What the rest of the page asks of the club's tournament (club.js, the screen): the screen and its
// parts arrive when it is first opened (boot/later.js); until then there is nothing of it on screen
// to show, hide or leave. app.js hands its hooks once (initClubEntry); club.js gets them on loading.
import { later } from "../boot/later.js";
import { onScreen } from "./club-store.js";

let hooks = null;
const screen = later(() => import("./club.js").then((m) => { m.initClub(hooks); return m; }));

/** Called once by app.js with the club screen's hooks (club.js initClub). */
export function initClubEntry(appHooks) {
  hooks = appHooks;
}

/** Whether the page was left on the club's screen (a reload comes back to it). */
export const clubOnScreen = onScreen;

/** The organiser's screen (his stored tournament, or the form of a new one). */
export const openClub = () => screen.load().then((m) => m.openClub());

/** `?club=<link>`: the followers' read-only page. */
export const openClubFollow = (link, q) => screen.load().then((m) => m.openClubFollow(link, q));

/** app.js's setScreen: the club's section shown or hidden with the others. */
export function showClubSection(name) {
  screen.now()?.showClubSection(name);
}

/** Back from the screen to the setup (only ever on screen once loaded). */
export function leaveClub() {
  screen.now()?.leaveClub();
}

/** After the summary of a finished match: a club fixture's result goes in (club.js). */
export function clubMatchEnd(st) {
  if (st.club && st.status === "match-over") screen.load().then((m) => m.clubMatchEnd(st));
}

/** The other pair's name in the summary of a match with one person at the table (null otherwise:
 * at a shared screen every seat is named). */
export function clubOpponent(st) {
  return st.club && (st.people?.length ?? 1) <= 1 ? st.club.names[1] : null;
}
