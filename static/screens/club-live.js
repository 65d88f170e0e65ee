// The followers' standings, live (issue 40). Once the organiser has shared his tournament's link, his
// page sits in a room of its own on the relays while the tournament is on its screen (the online
// tables' transport: online/room.js), under a key kept on his phone; the link names the room and
// that key's public half (`live`, `k`, and `relay` when the page was given its own). A follower's
// page joins the room and takes only what that key sealed (net.js: the host of a room is its key):
// the tournament's link text, sent when the follower comes and after every change, which the engine
// reads as the link's (op club_follow). With the organiser's page closed, a follower's page shows the
// tournament as it was last sent, and its address carries that (a reload shows it).
//
//   liveRelays(relays); showLive(seed, async () => link); await shareLive(seed, link) -> {live, k?, relay?}; stopLive()
//   const leave = await followLive(q, (link) => ...)   // q: the follower's address's query
import { relayFromUrl } from "../boot/links.js";
import { ROOM, randomId } from "../online/records.js";
import { loadClubLive, saveClubLive } from "../storage/storage.js";

const LINK = /^[A-Za-z0-9_-]{1,60000}$/;  // the engine's link text (base64url): at most what an address holds
const KEY = /^[A-Za-z0-9_-]{20,100}$/;

const transport = () => import("../online/room.js");

/** The organiser's room record for tournament `seed`: {seed, room, secret?, pub?}, a new one when the
 * stored one is another tournament's (or damaged). */
function recordFor(seed) {
  const rec = loadClubLive();
  const ok = rec && rec.seed === seed && ROOM.test(rec.room ?? "")
    && (rec.secret === undefined || KEY.test(rec.secret)) && (rec.pub === undefined || KEY.test(rec.pub));
  return ok ? rec : { seed, room: randomId(12) };
}

let relaysOf = () => null;  // the page's own (`relay=`), or null: the public ones
let seed = null, link = null, net = null, opening = null;

/** How the organiser's room finds its relays: `fn()` the page's own `relay=` (null: the public ones). */
export function liveRelays(fn) {
  relaysOf = fn;
}

const sharedFor = (s) => { const rec = loadClubLive(); return rec?.seed === s && rec.shared === true; };

async function open(rec) {
  const { openTableRoom } = await transport();
  const room = await openTableRoom(rec.room, relaysOf(), { secret: rec.secret ?? null });
  if (seed !== rec.seed) { room.leave(); return null; }  // another tournament since
  if (room.identity && rec.secret !== room.identity.secret) {
    Object.assign(rec, { secret: room.identity.secret, pub: room.identity.pub });
    saveClubLive(rec);
  }
  room.onPeerJoin((peer) => { if (link) room.send({ t: "club", link }, peer); });
  return room;
}

function start(rec) {
  opening ??= open(rec).then((room) => { net = room; return room; }, () => { opening = null; return null; });
  return opening;
}

function follow(s) {
  if (seed !== s) stopLive();
  seed = s;
}

/** The organiser's tournament `s` is drawn: if its link was shared, its room opens (once) and every
 * follower there gets `linkOf()`'s text (an engine call, made only then). Never throws. */
export async function showLive(s, linkOf) {
  if (!sharedFor(s)) return;
  follow(s);
  const text = await linkOf();
  if (!text || seed !== s) return;
  link = text;
  await start(recordFor(s));
  net?.send({ t: "club", link });
}

/** The link `text` of tournament `s` is being shared: its room opens, kept from now on. Resolves
 * with the link's parameters ({live, k?, relay?}), or null when the transport cannot load (the link
 * stays a snapshot). */
export async function shareLive(s, text) {
  follow(s);
  link = text;
  const rec = recordFor(s);
  if (!rec.shared) { rec.shared = true; saveClubLive(rec); }
  if (!await start(rec)) return null;
  const kept = recordFor(s), relays = relaysOf();
  return { live: kept.room, ...(kept.pub ? { k: kept.pub } : {}), ...(relays ? { relay: relays } : {}) };
}

/** The organiser's screen is left: the room too (followers keep what they were last sent). */
export function stopLive() {
  const was = opening;
  net = null;
  opening = null;
  seed = null;
  was?.then((room) => room?.leave());
}

/**
 * A follower's side: the room of the link's `live` and `k` (through its `relay`s, else the public
 * ones); `onLink(text)` for each tournament the organiser's page sends. Resolves with a function
 * that leaves the room, or null (no live room in the link, a bad one, or no transport).
 */
export async function followLive(q, onLink) {
  const room = q.get("live"), key = q.get("k"), relays = relayFromUrl(q);
  const local = relays?.[0] === "local";
  if (!ROOM.test(room ?? "") || (!local && !KEY.test(key ?? "")) || relays?.error) return null;
  try {
    const { openTableRoom } = await transport();
    const net = await openTableRoom(room, relays, { anchor: local ? null : key });
    net.onMessage((msg) => {
      if (msg && msg.t === "club" && typeof msg.link === "string" && LINK.test(msg.link)) onLink(msg.link);
    });
    return () => net.leave();
  } catch {
    return null;
  }
}
