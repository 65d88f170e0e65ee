// The browser's back button inside the app (issue 24). The page is one document: with no history
// entry of its own, "back" left the app (for a blank page) with the statistics open or mid-match.
// While a box is open, the phone's menu is open or a match is on the table, one entry of the
// page's own (a guard, same address) lies on top of the history. Back pops it, and the page closes
// the box on top as Escape does (modal.js: a box that needs an answer stays), closes the menu, or,
// mid-match with nothing open, asks whether to leave the match, or on a screen reached from the setup
// (the tournament's, the host's online lobby) goes back to the setup; then it lays the guard again if it is still wanted.
// With nothing of the page's to close or keep, the back goes on out of the page.

const GUARD = "briscolaGuard";

/** @type {{midMatch: () => boolean, menuOpen: () => boolean, closeMenu: () => void, askLeave: () => void,
 *   onScreen: () => boolean, leaveScreen: () => void} | null} */
let hooks = null;

/** The modal box on top: the one holding the focus, else the last opened in the document. */
function topBox() {
  const open = [...document.querySelectorAll("dialog[open]")];
  return open.find((d) => d.contains(document.activeElement)) ?? open.at(-1) ?? null;
}

const wanted = () => topBox() !== null || hooks.menuOpen() || hooks.midMatch() || hooks.onScreen();

/** Lay the guard on top of the history if the page now has something a back press must not lose. */
export function guardHistory() {
  if (!hooks || history.state?.[GUARD] || !wanted()) return;
  history.pushState({ [GUARD]: true }, "");  // the same address: a reload reopens what it would
}

function onPopState(e) {
  if (e.state?.[GUARD]) return;  // forward onto the guard: nothing to do
  const box = topBox();
  if (box) box.dispatchEvent(new Event("cancel", { cancelable: true }));  // modal.js: what Escape does
  else if (hooks.menuOpen()) hooks.closeMenu();
  else if (hooks.midMatch()) hooks.askLeave();
  else if (hooks.onScreen()) hooks.leaveScreen();
  else { history.back(); return; }  // the page keeps nothing: the press was meant to leave
  guardHistory();
}

/** Start: `midMatch` says whether a match is on the table and not over, `askLeave` asks whether to
 * leave it; `onScreen` whether a screen reached from the setup is shown (the tournament's),
 * `leaveScreen` goes back from it to the setup; the menu's state and closing are the bar's. */
export function initBack(given) {
  hooks = given;
  addEventListener("popstate", onPopState);
  // A box opening (a native <dialog>'s `open`) or the menu unfolding lays the guard: whoever opens it.
  new MutationObserver(guardHistory).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["open", "aria-expanded"] });
  guardHistory();
}
