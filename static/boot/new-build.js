// A new build waiting (issue 24). The service worker keeps an open page on the build it started
// with (sw.js: no skipWaiting), so a new deploy waits until every tab of the site is closed, which
// a phone's player may never do. When one waits, the player is told between deals, never mid-trick
// (`calm()` says when: app.js), and takes it with a tap: the match is saved as after every move,
// the waiting worker takes over (sw.js "takeOver") and the page loads again, resuming the match.
import { t } from "../strings/i18n.js";

let reg = null;
let calm = () => false;
let taking = false;
let asked = 0;  // when the server was last asked for a new build (ms)

const ASK_EVERY_MS = 10 * 60_000;  // between deals at most this often: one small request for sw.js

/** Watch the registration `registration` (sw-register.js); `isCalm()`: the page may be reloaded now. */
export function watchNewBuild(registration, isCalm) {
  if (!registration) return;  // a browser that blocks service workers (a test's) resolves to nothing
  reg = registration;
  calm = isCalm;
  reg.addEventListener("updatefound", () => reg.installing?.addEventListener("statechange", offerNewBuild));
  navigator.serviceWorker.addEventListener("controllerchange", () => { if (taking) location.reload(); });
  offerNewBuild();
}

/** Show the offer if a new build waits and the page is between deals; else take it away. Between
 * deals the server is asked now and then whether it has a new one (a page may stay open for days). */
export function offerNewBuild() {
  const here = document.getElementById("new-build");
  const ready = !!reg?.waiting && !!navigator.serviceWorker.controller && calm();
  if (!ready) {
    here?.remove();
    if (reg && calm() && Date.now() - asked > ASK_EVERY_MS) { asked = Date.now(); reg.update().catch(() => {}); }
    return;
  }
  // Inside the box on top if one is open (a modal leaves the rest of the page inert), else floating.
  const host = [...document.querySelectorAll("dialog[open]")].at(-1)?.querySelector(".dialog-card") ?? document.body;
  if (here?.parentElement === host) return;
  here?.remove();
  const box = document.createElement("div");
  box.id = "new-build";
  box.className = `new-build${host === document.body ? " floating" : ""}`;
  box.setAttribute("role", "status");
  box.innerHTML = `<p>${t("nb_ready")}</p><button type="button" id="btn-new-build" class="primary">${t("nb_take")}</button>`;
  box.querySelector("button").addEventListener("click", take);
  host.append(box);
}

// Another language: the offer in its words.
document.addEventListener("briscola:language", () => {
  const box = document.getElementById("new-build");
  if (!box) return;
  box.querySelector("p").textContent = t("nb_ready");
  box.querySelector("button").textContent = t("nb_take");
});

function take() {
  const next = reg?.waiting;
  if (!next) { location.reload(); return; }  // it took over already (another tab): just load it
  taking = true;
  next.postMessage({ takeOver: true });
}
