// The online table's records and links: the host's table record (its room, the seats' tokens and
// names, kept so a reload finds the table again), each guest's seat token per room, the invite
// and a guest's seat link. Stored through storage.js; everything read back is checked here.
import { forgetOnlineGuest, forgetOnlineHost, loadOnlineGuest, loadOnlineHost, saveOnlineGuest, saveOnlineHost } from "../storage/storage.js";

export const ROOM = /^[a-z0-9]{8,32}$/;
export const TOKEN = /^[a-z0-9]{8,64}$/;

export const randomId = (bytes = 10) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)),
  (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

/** A seed no guest can find by trying them all (a finished deal's record shows its deck): 29 digits. */
export const secretSeed = () => Array.from(crypto.getRandomValues(new Uint8Array(29)),
  (b, i) => (i === 0 ? 1 + (b % 9) : b % 10)).join("");

/**
 * The host's table record: {room, relays (the `relay=` given, a list, or null: the default ones), secret
 * (the host's key: its public half goes in the invite; the same after a reload), query (the `?host=` link's text, or null from the setup),
 * players, guests (the people's seats but the host's), level, tokens {seat: token}, names {seat:
 * name}, named (a club's fixture: each person invited to his seat, the names the host's), open
 * {seat: true} (away seats given to the next newcomer), started}; null when there is
 * none or it names no room.
 */
export function loadHostRecord() {
  const rec = loadOnlineHost();
  if (!rec || typeof rec.room !== "string" || !ROOM.test(rec.room)) return null;
  rec.relays = relayList(rec.relays ?? rec.relay);  // records before several relays had one, `relay`
  delete rec.relay;
  if (typeof rec.secret !== "string") delete rec.secret;
  rec.named = rec.named === true;
  return rec;
}

/** A list of relay URLs as records and links keep it: a non-empty list of strings, or null. */
export function relayList(value) {
  const list = (Array.isArray(value) ? value : [value]).filter((r) => typeof r === "string" && r);
  return list.length ? list : null;
}

export const saveHostRecord = (rec) => saveOnlineHost(rec);
export const forgetHostRecord = () => forgetOnlineHost();

/** The people's seats other than the host's (records before these had `people` as a count). */
export const guestSeats = (rec) => (Array.isArray(rec.guests) ? rec.guests
  : Array.from({ length: Math.max(0, (rec.people ?? 1) - 1) }, (_, i) => i + 1));

/** The guest's token at `room` (the invite opened again gives the seat back), or null. */
export function loadToken(room) {
  const token = loadOnlineGuest(room)?.token;
  return typeof token === "string" && TOKEN.test(token) ? token : null;
}

export const keepToken = (room, token, seat) => saveOnlineGuest(room, { token, seat });
export const forgetToken = (room) => forgetOnlineGuest(room);

/** This page's address with only `params` in its query (a list: the key once for each value). */
function linkWith(params) {
  const u = new URL(location.href);
  u.search = "";
  u.hash = "";
  for (const [k, v] of Object.entries(params)) for (const one of [v].flat()) if (one) u.searchParams.append(k, one);
  return u.href;
}

/** The invite: `?join=<room>[&relay=...][&k=<the host's public key>][&seat=<s>][&fair=1]` (`seat`: a table whose
 * host seats each person by name, a club's fixture: that seat's own invite; `fair`: a fair table, whose
 * guest's page starts Python at once: a hint only, the host's `fair_start` decides). */
export const inviteUrl = (room, relays, key, seat = null, fair = false) => linkWith({ join: room, relay: relays ?? [], k: key,
  seat: seat === null ? null : String(seat), fair: fair ? "1" : null });

/** A guest's seat link: the invite with his token, to open on another device of his own (it moves the
 * seat there, as the invite opened again in this browser does). Never to be shared. */
export const seatLink = (room, relays, key, token, fair = false) => linkWith({ join: room, relay: relays ?? [], k: key, token,
  fair: fair ? "1" : null });
