// The page's one door to the engine: a named function per operation, one answer shape.
//
// Every function resolves with
//   {ok: true,  state?, save?, played?, result?}   the operation was done
//   {ok: false, error: {code, ...}, state?, save?}  refused or bad input (state: the match as it is)
// where `state` is the match as its viewer sees it (briscola.session.Session.state), `save` the
// match's save text when the operation changed it (stored before anything is drawn; never without
// `state`), `played` the action a move applied, and `result` what an operation answers that is not
// the match (a hint, a review's frames, statistics, a tournament's screen, the guests' messages).
// briscola/answers.py makes every answer of the worker's Python in this shape. It rejects with
// EngineDown (worker.js) when the engine is gone; the caller loads the match again from its save.
//
// The same API is made over another door by `engineApi(call)`: the Python worker (worker.js), or
// at an online table the host's page (online/), so the turn loop never asks which it has. A door
// answers every op in the shape above itself: nothing here reshapes.
import { OPS } from "./rules-data.js";
import { EngineDown, call as workerCall, restartEngine, startEngine } from "./worker.js";

export { EngineDown };

/** The operations' names, as briscola/web.py's call table knows them (rules-data.js's OPS, generated
 * from it), each under its camelCase name: OP.aiMove is "ai_move". */
export const OP = Object.freeze(Object.fromEntries(OPS.map((op) => [op.replace(/_([a-z])/g, (_, c) => c.toUpperCase()), op])));

/** The engine API over `call(op, arg)` (which resolves with the operation's answer). */
export function engineApi(call, { start = async () => {}, restart = async () => {} } = {}) {
  const ask = (op, arg = null) => call(op, arg);
  return {
    start, restart, ask,
    newMatch: (settings) => ask(OP.new, settings),
    state: () => ask(OP.state),
    act: (action) => ask(OP.act, action),
    aiMove: () => ask(OP.aiMove),
    ahead: () => ask(OP.ahead),  // the person's next moves answered ahead, kept with the save (briscola/ahead.py)
    hint: () => ask(OP.hint),
    review: (arg = null) => ask(OP.review, arg),
    analysis: (arg) => ask(OP.analysis, arg),  // a finished deal's analysis, a slice at a time
    stats: (stored) => ask(OP.stats, { stats: stored }),
    statsAdd: (stored) => ask(OP.statsAdd, { stats: stored }),
    statsReset: () => ask(OP.statsReset),
    statsInterrupted: (arg) => ask(OP.statsInterrupted, arg),  // an online guest's match whose host is gone
    nextDeal: () => ask(OP.nextDeal),
    abandon: () => ask(OP.abandon),
    standIn: (on) => ask(OP.standIn, { on }),
    save: () => ask(OP.save),
    load: (text) => ask(OP.load, text),
    timeout: (arg) => ask(OP.timeout, arg),
    clock: (arg) => ask(OP.clock, arg),
    rematch: (arg = null) => ask(OP.rematch, arg),
    view: (seat) => ask(OP.view, { seat }),
    guestUpdates: (arg) => ask(OP.guestUpdates, arg),
    seatAct: (arg) => ask(OP.seatAct, arg),
    away: (seat, on) => ask(OP.away, { seat, on }),
    seatTimeout: (arg) => ask(OP.seatTimeout, arg),
    seatClock: (arg) => ask(OP.seatClock, arg),
    // The tournament: handed over once (new or open), then held by the engine (web_tournament.py).
    tournamentNew: (settings) => ask(OP.tournamentNew, settings),
    tournamentOpen: (stored) => ask(OP.tournamentOpen, stored),
    tournamentView: () => ask(OP.tournamentView),
    tournamentPlayAi: (slice) => ask(OP.tournamentPlayAi, slice),
    tournamentMatch: () => ask(OP.tournamentMatch),
    tournamentRecord: () => ask(OP.tournamentRecord),
    // "Rigioca la smazzata" (briscola/practice.py): the practice, and its end, replace the match (turns.startMatch).
    replayDeal: () => ask(OP.replayDeal),
    replayEnd: () => ask(OP.replayEnd),
    replayCompare: () => ask(OP.replayCompare),
    // An organiser's tournament (web_club.py): the page sends the stored tournament with each call.
    clubPropose: (arg) => ask(OP.clubPropose, arg),
    clubNew: (arg) => ask(OP.clubNew, arg),
    clubOpen: (arg) => ask(OP.clubOpen, arg),
    clubImport: (arg) => ask(OP.clubImport, arg),
    clubResult: (arg) => ask(OP.clubResult, arg),
    clubRead: (arg) => ask(OP.clubRead, arg),
    clubLink: (arg) => ask(OP.clubLink, arg),
    clubFollow: (arg) => ask(OP.clubFollow, arg),
    clubSeats: (arg) => ask(OP.clubSeats, arg),
    clubTable: (arg) => ask(OP.clubTable, arg),
    clubMatch: (arg) => ask(OP.clubMatch, arg),  // the table starts it as any match (turns.startMatch(arg, OP.clubMatch))
    clubRecord: (arg) => ask(OP.clubRecord, arg),
    // The daily deal (web_daily.py): the page sends the stored calendar and its own date with each call.
    dailyDay: (arg) => ask(OP.dailyDay, arg),
    dailyStart: (arg) => ask(OP.dailyStart, arg),  // the table starts it as any match (turns.startMatch(arg, OP.dailyStart))
    dailyDone: (arg) => ask(OP.dailyDone, arg),
    dailyDuplicate: (arg) => ask(OP.dailyDuplicate, arg),
    dailyCalendar: (arg) => ask(OP.dailyCalendar, arg),
    // A fair table (web_fair.py, docs/fair-deal.md): asked through the turn loop (online/fair-seat.js).
    fairStep: (arg) => ask(OP.fairStep, arg),
    fairVerify: (arg) => ask(OP.fairVerify, arg),
    fairVoid: (arg) => ask(OP.fairVoid, arg),
    fairShare: () => ask(OP.fairShare),  // the host's page: the match for a person let back in (online/host.js)
    fairJoin: (arg) => ask(OP.fairJoin, arg),  // his page takes it up (turns.startMatch(arg, OP.fairJoin))
  };
}

/** The engine in this page's worker. */
export const engine = engineApi(workerCall, { start: startEngine, restart: restartEngine });
