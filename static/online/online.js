// Online tables (UI-CONTRACT "Online tables"): what app.js calls. The host's page is the referee
// (host.js, referee.js): its engine holds the match; each guest's page runs no Python and plays
// through its door to the host (guest.js, guest-door.js). At a fair table (fair-seat.js) every
// person's page runs its own engine and keeps its own match (a guest's at its table's place: storage.js matchAt). Beside them: the room and heartbeat
// (room.js), the messages and their checks (messages.js), the records and links (records.js), the
// lobby (lobby.js), the table's menu buttons (table-menu.js), the setup's online fields (setup.js).
//
// This page's role: "host", "guest", "left" (a guest's page after the table: inert; it never takes
// up the browser's own saved match, whatever another tab does) or null; <html data-online> says it.
//
// The host's and the guest's sides (and the transport, the keys, the fair deal beneath them) are
// loaded when this page becomes one of them (boot/later.js): the first screen does without them.
import { later } from "../boot/later.js";
import { showTableButtons } from "./table-menu.js";

const hostSide = later(() => import("./host.js"));
const guestSide = later(() => import("./guest.js"));

const html = document.documentElement;
let app = null;  // app.js: {setScreen, seatElsewhere, startMatch, notice, explain, showDialog, hideDialog, showReview, openSetup}
let role = null;
let side = null;  // the host's or the guest's table, once this page is one of them

const ctx = {
  get app() { return app; },
  role: () => role,
  setRole(r, seat = null) {
    role = r;
    html.dataset.online = r ?? "";
    if (seat != null) html.dataset.seat = String(seat);
    buttonsChanged();
  },
  buttonsChanged,
};

function buttonsChanged() {
  showTableButtons(role === "host" || role === "guest" ? side?.buttons() : {});
}

document.addEventListener("briscola:language", buttonsChanged);

export function initOnline(hooks) {
  app = hooks;
}

/** The role of this page at an online table, or null. */
export function onlineRole() {
  return role;
}

/** Whether the address bar opens a guest's page (then Python is never started). */
export function guestLink(q) {
  return q.has("join");
}

const host = async () => {
  const { hostTable } = await hostSide.load();
  return (side ??= hostTable(ctx));
};

/** Open a table as its host: `link` (online/setup.js hostLink, or a `?host=` link) and, for a link,
 * its query text (the same link opened again keeps the room and the seats given). */
export async function openHost(link, query = null) {
  return (await host()).open(link, query);
}

/** `?join=<room>[&relay=...]&k=`: take a seat at the host's table (`relays`: the link's, a list, or null). */
export async function openGuest(q, relays) {
  const { guestTable } = await guestSide.load();
  side = guestTable(ctx);
  return side.open(q, relays);
}

// A resumed online match's side on its way (host.js loads on first use): the turn loop's steps wait
// for it, or a step made meanwhile (the computer's, a card played at once) would reach no guest and
// no fair table, and the table would wait for it forever.
let arriving = null;

/** After the page resumed a saved match: an online one rejoins its room as its host. */
export async function resumedMatch(st) {
  if (!st?.online) { if (role === "host") side.stop(); return; }
  let rejoined = null;
  // h.resumed sets the page's role and its fair side before its first await: steps after it find them.
  const here = arriving = host().then((h) => { rejoined = h.resumed(st); }, () => {});
  await here;
  if (arriving === here) arriving = null;
  await rejoined;
}

/** turns.js: the engine answered a step (or started the match): the host tells every guest; at a fair
 * table, every page's FairTable hears its own engine (fair-seat.js). */
export async function changed(op, res, arg = null) {
  if (arriving) await arriving;
  if (role === "host" || role === "guest") await side.changed?.(op, res, arg);
}
