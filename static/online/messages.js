// What goes over an online table's channel (JSON objects, `t` their kind), and the checks a message
// from another page passes before it is used. Guest → host: hello {token, name, seat?}, act {action, ms?},
// clock {ms}, timeout {ms}, review, beat {hidden}, bye. Host → guest: seat {seat, token, seats, fair?},
// lobby {seats, seat}, full, state {played, dealt, ack, sync?, state} (briscola/guests.py), refused
// {ack, error}, review {answer}, closed {review?}, beat {hidden}, who (greet again), elsewhere (the
// seat went to another page). A fair table (online/fair-seat.js): fair, fstep, again, deal, fault both ways
// (the host relays a guest's to the others as relay {from, msg}), fair_start {settings, fair} from the host.

import { ACTIONS } from "../engine/rules-data.js";

const MAX_MESSAGE = 4096;  // a guest's message, as JSON text
const MAX_FAIR = 65_536;  // a fair table's message (a shuffle's hop: 40 pairs of points, some 6 KB)

/** The messages of a fair table between pages (online/fair/table.js), relayed by the host. */
export const FAIR_MESSAGES = new Set(["fair", "fstep", "again", "deal", "fault"]);

// A move's fields and their JavaScript types, as the engine reads them (briscola/actions.py, through
// the generated rules-data.js: page_data.action_data).
const ACTION_FIELDS = ACTIONS.fields;

/** A message from outside: JSON of at most 4 KB, an object of a known kind; else null. */
export function vet(msg) {
  let text;
  try { text = JSON.stringify(msg); } catch { return null; }
  const max = FAIR_MESSAGES.has(msg?.t) ? MAX_FAIR : MAX_MESSAGE;
  if (typeof text !== "string" || text.length > max || !msg || typeof msg !== "object" || Array.isArray(msg)) return null;
  return typeof msg.t === "string" ? msg : null;
}

/** A move's shape: an object of known fields with plain values, else null (whose move it may be, an
 * exchange's seat included, is the engine's to say: op seat_act refuses another seat's exchange). */
export function vetAction(action) {
  if (!action || typeof action !== "object" || Array.isArray(action)) return null;
  const keys = Object.keys(action);
  if (!keys.length || keys.length > 3) return null;
  for (const k of keys) {
    if (!Object.hasOwn(ACTION_FIELDS, k) || typeof action[k] !== ACTION_FIELDS[k]) return null;
    if (typeof action[k] === "string" && action[k].length > 4) return null;
    if (typeof action[k] === "number" && !Number.isSafeInteger(action[k])) return null;
  }
  return action;
}

/** A clock's milliseconds (a day at most), or null. */
export const msOf = (ms) => (Number.isSafeInteger(ms) && ms >= 0 && ms <= 86_400_000 ? ms : null);

/** An error's code as it may travel: a short string. */
export const codeOf = (error) => String(error?.code ?? "illegal").slice(0, 40);
