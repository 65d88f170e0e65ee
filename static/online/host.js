// The host's table: opened from the setup or a `?host=<variant>&players=<n>&people=<k>...` link, it
// shows a lobby with the invite; guests take the people's seats in the order they come (referee.js),
// and once every seat is taken the match starts (op "new" with `people` and `online`). A reload
// finds the table again (records.js); a guest not back within 15 s of it is played by the computer.
// The host may give an away seat to whoever opens the invite next, and closes the table.
import { t } from "../strings/i18n.js";
import { myName } from "../table/pnp.js";
import { seatName, viewerOf } from "../table/viewer.js";
import { OP, engine } from "../engine/api.js";
import * as turns from "../table/turns.js";
import { forgetFairSide } from "../storage/storage.js";
import { drawLobby, lobbySection, qrSvg } from "./lobby.js";
import { allSeated, awaySeats, referee } from "./referee.js";
import { forgetHostRecord, guestSeats, inviteUrl, loadHostRecord, randomId, saveHostRecord, secretSeed } from "./records.js";
import { heartbeat, openTableRoom, silent } from "./room.js";
import { fairSeat } from "./fair-seat.js";
import { goneText } from "./fair-words.js";
import { soFar } from "./table-menu.js";

const GRACE_MS = 15_000;  // after the host's reload, a guest not back by then is played by the computer
const TROUBLE_MS = 20_000;  // no connection by then: say why and what to try
const GONE_MS = 60_000;  // a fair table: a person's page gone this long holds the deal up no more (dealt again)

/**
 * The host's side of the table. `ctx`: {app (app.js's hooks), role(), setRole(role, seat?),
 * buttonsChanged()}. Answers {open(link, query), resumed(st), changed(op, res, arg), stop(), buttons()}.
 */
export function hostTable(ctx) {
  const { app } = ctx;
  // peers: peerId -> seat; seen: peerId -> {at, hidden} (the last word from that peer)
  const host = { record: null, peers: new Map(), seen: new Map(), settings: null, grace: null, heard: false,
    trouble: null, net: null, beat: null, qr: { text: null, svg: "" }, fair: null, gone: new Map(), club: null, pick: null };
  const ref = referee(host, { app, lobbyChanged: drawHostLobby, allSeated: startMatch, buttonsChanged: ctx.buttonsChanged,
    fairGone, fairBack });
  const send = (msg, peer) => host.net?.send(msg, peer);

  /** The host's lobby at once; its QR code when the library has made it. */
  function drawHostLobby() {
    const rec = host.record;
    // A table that seats people by name (a club's fixture) has an invite for each free seat, the one
    // picked shown; another, one invite for all. The key comes with the room.
    const free = rec.named ? guestSeats(rec).filter((s) => !rec.tokens[s]) : [];
    if (!free.includes(host.pick)) host.pick = free[0] ?? null;
    const invite = host.net && (!rec.named || host.pick !== null) ? inviteUrl(rec.room, rec.relays, rec.pub, rec.named ? host.pick : null, rec.fair) : null;
    const invites = rec.named ? { seats: free.map((s) => ({ seat: s, name: rec.names?.[s] ?? "" })), pick: host.pick,
      onPick: (s) => { host.pick = s; drawHostLobby(); } } : null;
    const draw = () => {
      if (ctx.role() === "host" && host.record === rec && !rec.started) {
        drawLobby(app, { seats: ref.seatsOf(rec), invite, invites, qr: invite && host.qr.text === invite ? host.qr.svg : "", mine: 0,
          status: t(invite ? "ol_waiting" : "ol_connecting"), trouble: !host.heard && host.trouble === true, onCancel: cancelTable, fair: rec.fair });
      }
    };
    draw();
    if (invite && host.qr.text !== invite) qrSvg(invite).then((svg) => { host.qr = { text: invite, svg }; draw(); });
  }

  /** Every table with people deals fairly (fair-seat.js: no page holds the deck, the host's
   * included), but a club's fixture (its match starts by op club_match, not yet a fair deal) and a
   * `?host=` link that asks for the host-referee way (`fair=0`: the host's page deals and the
   * guests' pages run no Python; docs/fair-deal.md "The default"). */
  const fairTable = (link, query) => !link.club && new URLSearchParams(query ?? "").get("fair") !== "0";

  /** Open a table: `link` {settings (engine settings with `people`, a list of seats, 0 first),
   * relay, style, speed, club?: {arg, names} (a club's fixture: its match starts by op club_match
   * with `arg`, each person invited to the seat of his name)}. `query` (a `?host=` link's text): the same link opened again before the
   * start (a reload) keeps the room and the seats given; null (the setup) always opens a new room. */
  async function open(link, query) {
    const stored = loadHostRecord();
    const people = link.settings.people ?? [0];
    const rec = query && stored && !stored.started && stored.query === query ? stored
      : { room: randomId(), relays: link.relay ?? null, query, tokens: {}, started: false };
    if (stored?.room && stored.room !== rec.room) forgetFairSide(stored.room, 0);  // the table before: this page hosts one
    Object.assign(rec, { players: link.settings.players, guests: people.filter((s) => s !== 0), level: link.settings.level,
      fair: fairTable(link, query) });
    delete rec.people;
    rec.named = !!link.club;
    if (link.club) rec.names = Object.fromEntries(link.club.names.map((n, s) => [s, n]).filter(([, n]) => n));
    host.club = link.club?.arg ?? null;
    saveHostRecord(rec);
    const fixed = query !== null && new URLSearchParams(query).has("seed");  // a link that names its deal keeps it
    host.record = rec;
    host.settings = fixed ? link.settings : { ...link.settings, seed: secretSeed() };
    Object.assign(host, { heard: false, trouble: false });
    ctx.setRole("host", 0);
    if (rec.guests.length) {
      drawHostLobby();
      clearTimeout(host.trouble);
      host.trouble = setTimeout(() => { host.trouble = true; if (!host.heard) drawHostLobby(); }, TROUBLE_MS);
    }
    await openRoom();
    if (rec.guests.length && ctx.role() === "host" && host.record === rec && !rec.started) drawHostLobby();  // now with the invite
    if (!rec.guests.length) startMatch();
  }

  async function openRoom() {
    host.beat?.stop();
    host.peers.clear();
    host.seen.clear();
    const rec = host.record;
    try {
      host.net = await openTableRoom(rec.room, rec.relays, { secret: rec.secret ?? null });
    } catch {
      app.notice(() => t("ol_net_failed"), "error");
      return;
    }
    if (host.net.identity && rec.secret !== host.net.identity.secret) {  // the key guests know the host by, kept for reloads
      Object.assign(rec, { secret: host.net.identity.secret, pub: host.net.identity.pub });
      saveHostRecord(rec);
    }
    host.net.onMessage((msg, peer) => ref.message(msg, peer));
    host.net.onPeerJoin(() => { host.heard = true; });
    host.net.onPeerLeave((peer) => ref.peerLeft(peer));
    host.net.onPath((peer, how) => {
      // A hidden tab keeps its data channel: one that closed is a page gone (or a network changed), so a
      // hidden guest's minute of grace ends, and his silence counts as one through the relays.
      if (how === "relay" && host.seen.get(peer)) host.seen.get(peer).hidden = false;
      ref.pathChanged(peer);
    });
    host.beat = heartbeat({ tick, say: (hidden) => host.net?.beat({ t: "beat", hidden }) });
  }

  /** Every half second: say we are here (each second), and let go of guests gone silent. After a
   * stall of this page (a hidden tab, a busy phone), guests' words may still wait in the queue:
   * they are read before anyone is counted gone. */
  function tick({ now, due, stalled }) {
    if (due) host.net?.beat({ t: "beat", hidden: document.hidden });
    if (stalled) return;
    for (const peer of [...host.peers.keys()]) if (silent(host.seen.get(peer), now, host.net?.how(peer))) ref.peerLeft(peer);
  }

  async function startMatch() {
    const rec = host.record;
    rec.started = true;
    saveHostRecord(rec);
    history.replaceState(null, "", location.pathname + location.hash);  // a reload resumes the saved match
    lobbySection().replaceChildren();  // the invite goes with the lobby: every seat is taken
    // The people's names (the host's own from its setup, each guest's from his hello), fixed from now on.
    const names = Array.from({ length: rec.players }, (_, s) => (s === 0 ? myName() : rec.names?.[s]) || null);
    const settings = { ...host.settings, room: rec.room, ...(names.some(Boolean) ? { names } : {}) };
    if (rec.fair) { await startFair(settings); return; }  // (a club's fixture is never a fair table yet: its link is not a `?host=`)
    // A club's fixture deals from the table's secret seed too: from a finished deal's record a guest
    // could otherwise try every 31-bit seed and know the next deal's cards.
    const err = host.club ? await app.startMatch({ ...host.club, seed: host.settings.seed, online: true, room: rec.room }, OP.clubMatch)
      : await app.startMatch(settings);
    if (err) return;
    const here = new Set(host.peers.values());
    for (const s of guestSeats(rec)) if (!here.has(s)) ref.setAway(s, true);
  }

  // ---------------------------------------------------------------- a fair table (fair-seat.js)

  /** The people's seats whose pages are here (the host's first). */
  const present = () => [0, ...[...new Set(host.peers.values())].sort((a, b) => a - b)];

  /** The shuffle that deals the next deal among the pages `here`: the one the pages made while this
   * deal was played (the engine's `then`) if this deal was dealt among the same pages, else a new one. */
  function shuffleFor(here) {
    const fair = turns.current()?.fair;
    const same = typeof fair?.then === "string" && Array.isArray(fair.here) && fair.here.join() === [...here].sort((a, b) => a - b).join();
    return same ? fair.then : randomId(12);
  }

  function fairOn(rec) {
    // A fault this page named is named on every page; one a guest's page named (a step or a share
    // false for it alone, which the others cannot check) deals again without naming anyone.
    let voided = null;  // the deal dealt again already (once, whoever names it)
    const again = (fault) => {
      const { table } = host.fair;
      if (voided === table.k) return;
      voided = table.k;
      const here = present();
      table.deal("fair_void", shuffleFor(here), here, fault, randomId(12));
    };
    host.fair = fairSeat({ room: rec.room, seat: 0, app, send: (msg) => ref.relayFair(msg, 0),
      named: (fault) => again(fault), heard: () => again({ seat: null, why: "unknown" }) });
    turns.fairDealer(() => {
      const here = present(), k = shuffleFor(here), then = randomId(12);  // then: made while this one is played
      host.fair.table.announce("next_deal", k, here, null, then);
      return { fair: { k, here, then } };
    });
  }

  /** Every person's page starts the match from its own seat; no page holds the deck. */
  async function startFair(settings) {
    const rec = host.record, fair = { k: randomId(12), here: present(), then: randomId(12) };
    rec.fairStart = { t: "fair_start", settings, fair };  // sent again to a guest back (his page resumes its own save)
    saveHostRecord(rec);
    fairOn(rec);
    for (const [peer] of host.peers) send(rec.fairStart, peer);
    await app.startMatch({ ...settings, viewer: 0, fair });
  }

  /** Every page marks the people's seats whose pages are gone (the host's word: it alone knows who
   * is here), as at a host-referee table; sent again to a page back. */
  function fairAway() {
    if (!host.fair) return;
    const here = present(), seats = guestSeats(host.record).filter((s) => !here.includes(s));
    host.fair.away(seats);
    for (const [peer] of host.peers) send({ t: "away", seats }, peer);
  }

  /** A person's page gone: its keys with it. The deal waits, his seat marked; after GONE_MS it is
   * dealt again with the computer in his seat (played on a page of his side that is here, else the host's). */
  function fairGone(seat) {
    fairAway();
    clearTimeout(host.gone.get(seat));
    host.gone.set(seat, setTimeout(() => {
      host.gone.delete(seat);
      if (!host.fair || present().includes(seat) || turns.current()?.status === "match-over") return;
      app.notice(() => goneText(turns.current(), seat), "info");
      const here = present();
      host.fair.table.deal("fair_void", shuffleFor(here), here, null, randomId(12));
    }, GONE_MS));
  }

  function fairBack(seat, peer, fresh = false) {
    if (fresh) fairLetIn(peer);
    else if (host.record?.fairStart) send(host.record.fairStart, peer);
    host.fair?.table.again();  // what this page may have missed of his (after its own reload, say)
    fairAway();
    if (!host.gone.has(seat)) return;  // a page that greets again, never gone
    clearTimeout(host.gone.get(seat));
    host.gone.delete(seat);
    app.notice(() => t("ol_back", { name: seatName(viewerOf(turns.current()), seat) }), "info");
  }

  /** A person let back in who lost his page's data ("Fai rientrare"): his old keys are gone, so the
   * match as every page may know it goes to his page (op fair_share: the checked deals, nothing of
   * the deal in play), and the deal in play is dealt again with him in; he takes the match up from
   * his seat with that shuffle (op fair_join). Between deals, he is in from the next. */
  async function fairLetIn(peer) {
    const res = await engine.fairShare().catch(() => null);
    if (!res?.ok || !host.fair || !host.record?.fairStart) return;
    const st = turns.current(), inPlay = !!st?.fair?.k && !st.fair.settled && st.status !== "match-over";
    const fair = inPlay ? { k: randomId(12), here: present() } : null;
    send({ ...host.record.fairStart, fair, match: res.result.match }, peer);
    if (inPlay) host.fair.table.deal("fair_void", fair.k, fair.here);
  }

  /** After the host's page resumed a saved online match: it rejoins its room. */
  async function resumed(st) {
    const rec = loadHostRecord();
    // A table closed before (or another table's record): the computer plays on, offline.
    if (!rec || !rec.started || (st.room && st.room !== rec.room)) return;
    host.record = rec;
    ctx.setRole("host", 0);
    if (rec.fair && st.fair) {  // its side of the deal from storage; the guests' pages are their own
      // Before the room opens: a move made meanwhile is its FairTable's (kept, sent again when asked).
      fairOn(rec);
      host.fair.resumed(st);
      await openRoom();
      clearTimeout(host.grace);
      host.grace = setTimeout(() => {  // a person whose page is not back by then: waited for, marked (fairGone)
        const here = present();
        for (const s of guestSeats(rec)) if (!here.includes(s) && !host.gone.has(s)) fairGone(s);
      }, GRACE_MS);
      return;
    }
    await openRoom();
    clearTimeout(host.grace);
    host.grace = setTimeout(() => {  // guests reconnect by themselves; one who does not is played by the computer
      const cur = turns.current(), here = new Set(host.peers.values());
      for (const s of guestSeats(rec)) if (!here.has(s) && !cur?.away?.includes(s)) ref.setAway(s, true);
    }, GRACE_MS);
  }

  /** turns.js: the engine answered a step (or started the match): every guest gets it. */
  async function changed(op, res, arg) {
    if (!host.record?.started) return;
    if ((res.state ?? res).online === false) { stop(); return; }  // the host started another match, offline
    if (host.fair) host.fair.changed(op, res);
    else if (!host.record.fair) await ref.changed(op, res, arg);  // (a fair table's guests hold their own match)
    ctx.buttonsChanged();
  }

  function askReadmit() {
    const rec = host.record;
    app.showDialog(t("ol_readmit"), [t("ol_readmit_why"), inviteUrl(rec.room, rec.relays, rec.pub, null, rec.fair)], [
      ...awaySeats().map((s) => ({ label: t("ol_readmit_seat", { name: seatName(viewerOf(turns.current()), s) }), id: `btn-readmit-${s}`, action: () => {
        rec.open = { ...rec.open, [s]: true };
        saveHostRecord(rec);
        app.hideDialog();
        app.notice(() => t("ol_readmit_done", { name: seatName(viewerOf(turns.current()), s) }), "info");
      } })),
      { label: t("cancel"), cancel: true, action: app.hideDialog },
    ]);
  }

  /** The host's lobby is cancelled: the room is left and forgotten, the setup again. */
  function cancelTable() {
    for (const [peer] of host.peers) send({ t: "closed", review: null }, peer);
    stop();
    forgetHostRecord();
    history.replaceState(null, "", location.pathname + location.hash);
    app.openSetup();
  }

  function askClose() {
    app.showDialog(t("ol_close"), [t("ol_close_confirm")], [
      { label: t("cancel"), cancel: true, action: app.hideDialog },
      { label: t("ol_close_yes"), primary: true, id: "btn-close-table-yes", action: closeTable },
    ]);
  }

  /** The host ends the table: every guest is told (with the deal's record when it is over), the room
   * is left, and the computer plays the guests' seats should the host play on. */
  async function closeTable() {
    const st = turns.current();
    let review = null;
    if (st && st.status !== "playing") {
      const res = await engine.review().catch(() => null);
      if (res?.ok) review = res.result;
    }
    for (const [peer] of host.peers) send({ t: "closed", review }, peer);
    const rec = host.record;
    await new Promise((r) => setTimeout(r, 300));  // the last messages leave before the room closes
    stop();
    forgetHostRecord();
    for (const s of rec ? guestSeats(rec) : []) ref.setAway(s, true);
    const buttons = [{ label: t("new_game"), id: "btn-closed-new", action: app.openSetup },
      { label: t("ol_play_on"), primary: true, id: "btn-closed-play-on", action: app.hideDialog }];
    if (review) buttons.unshift({ label: t("review_title"), id: "btn-closed-review", action: () => app.showReview({ ok: true, result: review }) });
    app.showDialog(t("ol_closed_title"), [t("ol_closed_you"), ...soFar(st)], buttons);
  }

  /** Leave the room; the page is no table's host any more. */
  function stop() {
    host.fair?.stop();
    host.fair = null;
    turns.fairDealer(null);
    for (const timer of host.gone.values()) clearTimeout(timer);
    host.gone.clear();
    clearTimeout(host.grace);
    clearTimeout(host.trouble);
    host.beat?.stop();
    host.net?.leave();
    host.net = null;
    host.peers.clear();
    host.seen.clear();
    ctx.setRole(null);
  }

  /** The table's menu while this page hosts: "Chiudi il tavolo", and "Fai rientrare" while a seat is away. */
  const buttons = () => ({ close: askClose, readmit: host.record?.started && awaySeats().length ? askReadmit : null });

  return { open, resumed, changed, stop, buttons };
}
