// engine/api.js: the page's one door to the engine has a function per operation, each handing its
// operation's name and argument to the door (`call`) and its answer back untouched.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { OP, engine, engineApi } from "../../static/engine/api.js";

// Each function of the API: how the page calls it, and what the door must be asked.
const CALLS = {
  newMatch: [[{ variant: "classica" }], "new", { variant: "classica" }],
  state: [[], "state", null],
  act: [[{ play: "AC" }], "act", { play: "AC" }],
  aiMove: [[], "ai_move", null],
  ahead: [[], "ahead", null],
  hint: [[], "hint", null],
  review: [[], "review", null],
  analysis: [[{ deal: 0, budget_ms: 25 }], "analysis", { deal: 0, budget_ms: 25 }],
  stats: [[{ lines: [] }], "stats", { stats: { lines: [] } }],
  statsAdd: [[{ lines: [] }], "stats_add", { stats: { lines: [] } }],
  statsReset: [[], "stats_reset", null],
  statsInterrupted: [[{ variant: "classica" }], "stats_interrupted", { variant: "classica" }],
  nextDeal: [[], "next_deal", null],
  abandon: [[], "abandon", null],
  standIn: [[true], "stand_in", { on: true }],
  save: [[], "save", null],
  load: [["{}"], "load", "{}"],
  timeout: [[{ ms: 1 }], "timeout", { ms: 1 }],
  clock: [[{ ms: 2 }], "clock", { ms: 2 }],
  rematch: [[], "rematch", null],
  view: [[2], "view", { seat: 2 }],
  guestUpdates: [[{ since: 3 }], "guest_updates", { since: 3 }],
  seatAct: [[{ seat: 1 }], "seat_act", { seat: 1 }],
  away: [[3, false], "away", { seat: 3, on: false }],
  seatTimeout: [[{ seat: 1 }], "seat_timeout", { seat: 1 }],
  seatClock: [[{ seat: 1 }], "seat_clock", { seat: 1 }],
  tournamentNew: [[{ shape: "girone" }], "tournament_new", { shape: "girone" }],
  tournamentOpen: [[{ tournament: {} }], "tournament_open", { tournament: {} }],
  tournamentView: [[], "tournament_view", null],
  tournamentPlayAi: [[{ slice: 1 }], "tournament_play_ai", { slice: 1 }],
  tournamentMatch: [[], "tournament_match", null],
  tournamentRecord: [[], "tournament_record", null],
  replayDeal: [[], "replay_deal", null],
  replayEnd: [[], "replay_end", null],
  replayCompare: [[], "replay_compare", null],
  ...Object.fromEntries(["propose", "new", "open", "import", "result", "read", "link", "follow", "seats", "table", "match", "record"]
    .map((op) => [`club${op[0].toUpperCase()}${op.slice(1)}`, [[{ club: {} }], `club_${op}`, { club: {} }]])),
  ...Object.fromEntries(["day", "start", "done", "duplicate", "calendar"]
    .map((op) => [`daily${op[0].toUpperCase()}${op.slice(1)}`, [[{ calendar: null }], `daily_${op}`, { calendar: null }]])),
  fairStep: [[{ shown: [] }], "fair_step", { shown: [] }],
  fairVerify: [[{ deck: [] }], "fair_verify", { deck: [] }],
  fairVoid: [[{ k: "a", here: [0] }], "fair_void", { k: "a", here: [0] }],
  fairShare: [[], "fair_share", null],
  fairJoin: [[{ match: "" }], "fair_join", { match: "" }],
};

describe("engineApi", () => {
  test("the operations' names: fixed, one each", () => {
    assert.ok(Object.isFrozen(OP));
    const names = Object.values(OP);
    assert.equal(new Set(names).size, names.length);
    for (const name of names) assert.match(name, /^[a-z]+(_[a-z]+)*$/);
  });

  test("each function asks the door for its operation, with its argument, and answers what the door answers", async () => {
    const asked = [];
    const api = engineApi(async (op, arg) => {
      asked.push([op, arg]);
      return { ok: true, op };
    });
    for (const [name, [args, op, arg]] of Object.entries(CALLS)) {
      asked.length = 0;
      assert.deepEqual(await api[name](...args), { ok: true, op }, name);
      assert.deepEqual(asked, [[op, arg]], name);
    }
    assert.deepEqual(await api.ask("state"), { ok: true, op: "state" });
    assert.deepEqual(await api.review({ link: "x" }), { ok: true, op: "review" });
  });

  test("every operation has its function, and the API nothing else but start, restart and ask", () => {
    const api = engineApi(async () => ({}));
    assert.deepEqual(new Set(Object.values(CALLS).map(([, op]) => op)), new Set(Object.values(OP)));
    assert.deepEqual(Object.keys(api).sort(), [...Object.keys(CALLS), "ask", "restart", "start"].sort());
  });

  test("a refusal or a failure comes back as the door gives it", async () => {
    const refused = { ok: false, error: { code: "illegal" }, state: { status: "playing" } };
    assert.equal(await engineApi(async () => refused).act({ play: "AC" }), refused);
    const down = new Error("gone");
    await assert.rejects(engineApi(async () => { throw down; }).state(), (e) => e === down);
  });

  test("start and restart: the door's own, else nothing to do", async () => {
    const start = async () => "started", restart = async () => "restarted";
    const api = engineApi(async () => ({}), { start, restart });
    assert.equal(api.start, start);
    assert.equal(api.restart, restart);
    const bare = engineApi(async () => ({}));
    assert.equal(await bare.start(), undefined);
    assert.equal(await bare.restart(), undefined);
  });

  test("the worker's engine is the same API", () => {
    assert.deepEqual(Object.keys(engine).sort(), Object.keys(engineApi(async () => ({}))).sort());
  });
});
