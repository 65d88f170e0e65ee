// The end of a deal or match: the summary, the deal's analysis and the statistics counted behind
// it, the review of a deal and "Rigioca la smazzata" (compare.js). The page's controller (app.js)
// hands in what it owns (initDealEnd); the turn loop calls settled() when a deal or match ends.
import { explain } from "../strings/explain.js";
import { onlineRole } from "../online/online.js";
import { showSeat, viewerOf } from "../table/viewer.js";
import { dialogOpen, hideDialog, showSummary } from "./dialogs.js";
import { notice } from "../table/notice.js";
import { later } from "../boot/later.js";
import { analysable, analyse, dealKey, stopAnalysis, summaryLine } from "./analysis-view.js";
import * as turns from "../table/turns.js";
import { OP } from "../engine/api.js";
import { loadDeck } from "../decks/cards.js";
import { backToTournament, openTournament, opponentPairName, tournamentMatch, tournamentMatchEnd } from "./tournament-entry.js";
import { clubMatchEnd, clubOpponent, openClub } from "./club-entry.js";
import { dailyEnd, dailyStats } from "./daily-entry.js";

/** What the page hands in: its screens, the start of a match, a record file's import and the offer
 * of a new build (boot/: the page's start, above the screens).
 * @type {{setScreen: (name: string) => void, onTable: () => boolean, startMatch: (settings: object, op?: string) => Promise<unknown>,
 *   openSetup: () => void, tableDeck: (variant?: string) => string, importRecord: (text: string) => Promise<void>,
 *   offerNewBuild: () => void}} */
let app;

export function initDealEnd(deps) {
  app = deps;
}

// The review, the comparison of a deal played again and the statistics arrive when first opened
// (boot/later.js); meanwhile none of them is open.
const review = later(() => import("./review.js"));
const compare = later(() => import("./compare.js"));
const stats = later(() => import("./stats.js"));

/** Whether the review is on screen. */
export const reviewOpen = () => review.now()?.reviewOpen() ?? false;
/** Close the review (if it has ever been opened). */
export const closeReview = () => review.now()?.closeReview();
/** Whether the comparison is on screen. */
export const compareOpen = () => compare.now()?.compareOpen() ?? false;
/** Close the comparison (if it has ever been opened). */
export const closeCompare = () => compare.now()?.closeCompare();
/** The statistics' dialog (the door's progress line). */
export const openStats = () => stats.load().then((m) => m.showStats(statsPage));

let summaryFor = null;
let statsDue = null;  // the finished match's statistics, counted once its last deal is analysed
let statsRun = 0;  // bumped when the match on the table is let go: a count still waiting is dropped
let analysedAccuracy = null;  // the state's accuracy as the last analysis answer gave it

/** The analysis of the deal `st` ends (a promise of the engine's analysis, or null when the deal gets
 * none): run in the worker a slice at a time, the deal's figures saved with the match. */
function dealAnalysis(st) {
  if (!analysable(st, onlineRole())) return null;
  const arg = { deal: st.deal_index, seed: st.seed, points: st.deal_result.team_points };
  return analyse(turns.tableEngine(), dealKey(st), arg, (res) => {
    analysedAccuracy = res.state?.accuracy ?? analysedAccuracy;
    turns.keepSave(res);
  });
}

export async function settled(st) {
  if (st.status === "playing" || summaryFor === st) return;
  if (st.fair && !st.fair.settled) return;  // a fair table's deal: its summary once every page has checked it
  summaryFor = st;
  showSeat(viewerOf(st));
  if (st.practice) { app.setScreen(st.status); showComparison(); return; }  // a deal played again: never counted
  if (st.daily) { app.setScreen(st.status); dailyEnd(); return; }  // the daily deal: its result, never counted (daily.js)
  // A deal analysed already (its figures are in the save: a reload) is analysed again only for its review.
  const kept = st.accuracy?.deals?.[String(st.deal_index)];
  const analysis = kept === undefined ? dealAnalysis(st) : null;
  analysedAccuracy = st.accuracy ?? null;
  // The summary first: the statistics are counted behind it, with the last deal's accuracy (the
  // player sees them later); a new match first waits for them (startMatch).
  if (st.status === "match-over") {
    const run = ++statsRun;
    statsDue = (analysis ?? Promise.resolve()).then(() => (run === statsRun ? stats.load().then((m) => m.countStats(statsPage)) : null))
      .catch(() => {})  // a dead engine: counted next time
      .finally(() => { if (run === statsRun) statsDue = null; });
  }
  if (!app.onTable() && dialogOpen()) return;
  app.setScreen(st.status);
  showSummary(st, {
    onNext: () => { hideDialog(); turns.command(OP.nextDeal); },
    onNew: () => (backToTournament() ? openTournament() : st.club ? openClub() : app.openSetup()),
    onRematch: backToTournament() || tournamentMatch(st) || st.club || onlineRole() ? null : () => { hideDialog(); app.startMatch({}, OP.rematch); },
    onReview: async () => showReview(await turns.tableEngine().review(), { own: true, analysis: analysis ?? dealAnalysis(st) ?? undefined }),
    onReplay: replayable(st) ? replayDeal : null,
    opponentName: opponentPairName(st) ?? clubOpponent(st),
  });
  const shown = analysis ?? (kept === undefined ? null : Promise.resolve({ accuracy: kept, given_away: st.accuracy.given?.[String(st.deal_index)] }));
  if (shown) {
    const several = (st.match.deals?.length ?? 1) > 1;
    summaryLine(document.querySelector("#dialog .dialog-body"), shown, () => (several ? analysedAccuracy?.match : null));
  }
  app.offerNewBuild();  // in the summary's box: the rest of the page is inert under it
  if (st.status === "match-over") tournamentMatchEnd(st);
  clubMatchEnd(st);  // a match of an organiser's tournament: its result goes in (club.js)
}

/** What the statistics dialog takes from the page (screens/stats.js): the engine's answers. */
export const statsPage = {
  count: (stored) => turns.countStats(stored), stats: (stored) => turns.tableEngine().stats(stored),
  reset: () => turns.tableEngine().statsReset(), explain, daily: dailyStats,
};

/** The step-by-step replay of a deal (the engine's review answer); a bad record is explained,
 * nothing else changes. `own`: the table's own finished deal, which may be played again;
 * `analysis`: the promise of the table's deal analysed (dealAnalysis), by default a record's is
 * made for the viewer's seat. */
export async function showReview(answer, { own = false, analysis = undefined } = {}) {
  if (!answer.ok) { notice(() => explain(answer.error)); return; }
  const style = app.tableDeck(answer.result.variant);
  await loadDeck(style).catch(() => {});  // a record of another game may be drawn with a deck not loaded yet
  hideDialog();
  const st = turns.current();
  const seat = viewerOf(st).seat ?? 0;
  const rec = answer.result.record;
  if (analysis === undefined && onlineRole() !== "guest" && seat < rec.players) {
    analysis = analyse(turns.tableEngine(), `record:${seat}:${JSON.stringify(rec)}`, { record: rec, seat });
  }
  (await review.load()).openReview(answer.result, {
    analysis,
    style, viewer: viewerOf(st), toast: (text) => notice(text, "info"), onImport: app.importRecord,
    onClose: () => { summaryFor = null; const st = turns.current(); if (st && st.status !== "playing") settled(st); turns.refreshInput(); },
    onReplay: own && st && replayable(st) ? replayDeal : null,
  });
  turns.refreshInput();
}

// ------------------------------------------------------------------ "Rigioca la smazzata" (compare.js)

/** Whether the finished deal on the table may be played again: one person against the computer,
 * not online, not a tournament's match (briscola/practice.py refuses the rest too). */
const replayable = (st) => !!st.deal_result && !st.practice && !st.tournament && !st.club && !onlineRole() && (st.people ?? [0]).length <= 1;

/** The deal again, as practice: a match of its own carrying the match (saved inside it). */
function replayDeal() {
  hideDialog();
  if (reviewOpen()) closeReview();
  closeCompare();
  app.startMatch({}, OP.replayDeal);
}

/** The practice ends or is left: the match comes back as it was (its summary shows again). */
export function endPractice() {
  closeCompare();
  hideDialog();
  app.startMatch({}, OP.replayEnd);
}

/** Both plays side by side, once the practice deal is over; each may be stepped through. */
async function showComparison() {
  const res = await turns.tableEngine().replayCompare();
  const st = turns.current();
  if (!st?.practice || st.status === "playing") return;  // left meanwhile
  if (!res.ok) { notice(() => explain(res.error)); return; }
  hideDialog();
  const reopen = () => { summaryFor = null; settled(turns.current()); };
  // Each play's moves analysed from its record, for the player's seat (the first play's too: the
  // match's analysis of it is by deal, in the match's save, not by record).
  const seat = viewerOf(st).seat ?? 0;
  const analyses = {};
  for (const name of ["first", "replay"]) {
    const rec = res.result[name].review.record;
    analyses[name] = analyse(turns.tableEngine(), `record:${seat}:${JSON.stringify(rec)}`, { record: rec, seat });
  }
  const [{ openCompare }, { openReview }] = await Promise.all([compare.load(), review.load()]);
  const now = turns.current();
  if (!now?.practice || now.status === "playing") return;  // left while they came
  openCompare(res.result, {
    style: app.tableDeck(res.result.variant), viewer: viewerOf(st), onRetry: replayDeal, onBack: endPractice, analyses,
    onReview: (review, name) => openReview(review, {
      analysis: analyses[name], style: app.tableDeck(review.variant), viewer: viewerOf(st), toast: (text) => notice(text, "info"),
      onImport: app.importRecord, onClose: reopen,
    }),
  });
  turns.refreshInput();
}

/** The match just over is counted now, without waiting for its last deal's analysis (a new match
 * replaces it; the statistics are opened). */
export async function countNow() {
  if (!statsDue) return;
  stopAnalysis();
  await statsDue;
}

/** The summary on screen is for no state any more: the next settled() shows one again. */
export function forgetSummary() {
  summaryFor = null;
}

/** The match on the table is let go: a count of its statistics still waiting is dropped. */
export function letMatchGo() {
  statsRun++;
  statsDue = null;
}
