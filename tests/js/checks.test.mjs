// storage/checks.js: values from outside pass own-property allow-lists, JSON is measured before it
// is parsed, and a stored table state is rebuilt from checked fields or refused.
// Run: ./build.sh && node --test tests/js/   (tests/js/README.md)
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { LIMITS, allowed, answersAhead, cut, drawableState, jsonTrouble, parseJson } from "../../static/storage/checks.js";
import { LEVELS, NAME_CHARS, VARIANTS } from "../../static/engine/rules-data.js";

const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"];

describe("allowed", () => {
  test("an own key of a table, or a member of a list", () => {
    assert.equal(allowed(VARIANTS, "brisca", "x"), "brisca");
    assert.equal(allowed(LEVELS, "campione", "x"), "campione");
    assert.equal(allowed({ 2: "two" }, 2, "x"), 2);
  });

  test("a name every object has is no choice", () => {
    for (const name of PROTOTYPE_NAMES) {
      assert.equal(allowed(VARIANTS, name, "fallback"), "fallback", name);
      assert.equal(allowed(LEVELS, name, "fallback"), "fallback", name);
    }
    assert.equal(allowed(LEVELS, "includes", "fallback"), "fallback");
  });

  test("only a text or a number is looked up", () => {
    for (const value of [null, undefined, true, {}, ["classica"], { toString: () => "classica" }]) {
      assert.equal(allowed(VARIANTS, value, "fallback"), "fallback", String(value));
    }
  });
});

describe("jsonTrouble and parseJson", () => {
  const nested = (n) => "[".repeat(n) + "]".repeat(n);

  test("nesting up to the limit passes, one more level does not", () => {
    assert.equal(jsonTrouble(nested(LIMITS.depth), 1000), null);
    assert.equal(jsonTrouble(nested(LIMITS.depth + 1), 1000), "too_deep");
    assert.equal(jsonTrouble('{"a":'.repeat(LIMITS.depth + 1) + "1" + "}".repeat(LIMITS.depth + 1), 1000), "too_deep");
  });

  test("closed brackets give their depth back", () => {
    assert.equal(jsonTrouble(nested(LIMITS.depth).repeat(3), 1000), null);
  });

  test("brackets inside a text are not nesting, an escaped quote does not end it", () => {
    assert.equal(jsonTrouble(JSON.stringify("[".repeat(100)), 1000), null);
    assert.equal(jsonTrouble(JSON.stringify(`\\"${"[".repeat(100)}`), 1000), null);
    assert.equal(jsonTrouble(JSON.stringify(["\"", "[".repeat(100)]), 1000), null);
  });

  test("too big, or not text", () => {
    assert.equal(jsonTrouble("[1]", 3), null);
    assert.equal(jsonTrouble("[10]", 3), "too_big");
    assert.equal(jsonTrouble(null, 10), "not_text");
    assert.equal(jsonTrouble({}, 10), "not_text");
  });

  test("parseJson answers a value or a trouble and never throws", () => {
    assert.deepEqual(parseJson('{"a": [1, "]"]}', 100), { value: { a: [1, "]"] } });
    assert.deepEqual(parseJson("{broken", 100), { trouble: "bad_json" });
    assert.deepEqual(parseJson("", 100), { trouble: "bad_json" });
    assert.deepEqual(parseJson(nested(LIMITS.depth + 1), 1000), { trouble: "too_deep" });
    assert.deepEqual(parseJson("[1, 2]", 3), { trouble: "too_big" });
    assert.deepEqual(parseJson(undefined, 3), { trouble: "not_text" });
  });
});

describe("cut", () => {
  test("one line, trimmed", () => {
    assert.equal(cut("  a\nb\t\u0000c\u007f  "), "a b c");
    assert.equal(cut(null), "");
    assert.equal(cut(undefined), "");
    assert.equal(cut(42), "42");
  });

  test("at most n characters, the last an ellipsis", () => {
    assert.equal(cut("x".repeat(10), 10), "x".repeat(10));
    assert.equal(cut("x".repeat(11), 10), `${"x".repeat(9)}…`);
    assert.equal(cut("y".repeat(1_000_000)).length, 160);
  });
});

// As the engine answered `tournament_match` (a girone of 6 pairs, seed 3): a match of four in play,
// the computer to move, with the fields the page keeps none of (levels, clock...) and its tournament.
const TOURNAMENT_STATE = {
  status: "playing", level: "esperto", format: { kind: "smazzate", deals: 3, replay_ties: true, knockout: false },
  seed: 2058442145, deal_index: 0, deal_kind: "deal", teams: [[0, 2], [1, 3]], sides: [[0, 2], [1, 3]], team_points: [0, 0],
  view: {
    variant: "classica", players: 4, seat: 0, dealer: 0, options: { vinco_subito: false, mostra_carte: true },
    hand: ["6C", "2C", "JS"], trump: "2S", stock: 28, tricks: [], trick: [], points: [0, 0, 0, 0], phase: "play",
    leader: 1, hand_sizes: [3, 3, 3, 3],
  },
  to_move: 1, trick_points: [], ai_to_move: true, stand_in: false,
  match: {
    over: false, winner: null, sides: [[0, 2], [1, 3]], deal_wins: [0, 0], points: [0, 0], scores: null, vp: null,
    point_difference: null, abandoned_by: null, decided_by: null, deals_played: 1,
    deals: [{ kind: "deal", spareggio: null, over: false, winner: null, sides: [[0, 2], [1, 3]], team_points: [0, 0],
      counted: false, replayed: false, last_trick: null }],
  },
  people: [0], names: [null, null, null, null], levels: ["esperto", "esperto", "esperto", "esperto"], online: false,
  room: null, viewer: 0, away: [], draw: null, cut: null, clock: null, team_piles: null,
  tournament: { seed: 3, pairs: 6, fixture: 0, stage: "group", round: 0, opponent: 5 },
};

/** The state with `change` applied to a deep copy (what localStorage could hold instead). */
function altered(change) {
  const st = structuredClone(TOURNAMENT_STATE);
  change(st);
  return st;
}

describe("drawableState", () => {
  test("a tournament's match keeps which one it is (the bar's label before Python)", () => {
    const clean = drawableState(structuredClone(TOURNAMENT_STATE));
    assert.ok(clean);
    assert.deepEqual(clean.tournament, TOURNAMENT_STATE.tournament);
    assert.deepEqual(clean.view, TOURNAMENT_STATE.view);
    assert.equal(clean.to_move, 1);
  });

  test("a match alone has no tournament, and a tournament's shape may be named", () => {
    assert.equal(drawableState(altered((st) => delete st.tournament)).tournament, undefined);
    const secca = drawableState(altered((st) => Object.assign(st.tournament, { shape: "secca", stage: "semi" })));
    assert.equal(secca.tournament.shape, "secca");
  });

  test("only the listed fields are kept", () => {
    const clean = drawableState(altered((st) => {
      st.surprise = "<img src=x>";
      st.view.surprise = 1;
      Object.defineProperty(st, "__proto__", { value: { polluted: true }, enumerable: true });
    }));
    for (const field of ["surprise", "levels", "clock", "online", "room", "away", "stand_in"]) {
      assert.equal(Object.hasOwn(clean, field), false, field);
    }
    assert.equal(Object.hasOwn(clean.view, "surprise"), false);
    assert.equal(Object.hasOwn(clean.match, "deals"), false);
    assert.equal(clean.polluted, undefined);
    assert.equal({}.polluted, undefined);
  });

  const BAD = {
    "a tournament's opponent past its pairs": (st) => { st.tournament.opponent = 64; },
    "a tournament's shape the engine does not have": (st) => { st.tournament.shape = "constructor"; },
    "a tournament's stage with markup": (st) => { st.tournament.stage = "<b>final</b>"; },
    "a tournament without its fixture": (st) => { delete st.tournament.fixture; },
    "a tournament that is not an object": (st) => { st.tournament = "girone"; },
    "a card that is no card": (st) => { st.view.hand[0] = "ZZ"; },
    "a trump that is no card": (st) => { st.view.trump = "<svg>"; },
    "a game the engine does not have": (st) => { st.view.variant = "__proto__"; },
    "a level the engine does not have": (st) => { st.level = "constructor"; },
    "a hand size for each seat missing": (st) => { st.view.hand_sizes.pop(); },
    "points for each seat missing": (st) => { st.view.points.pop(); },
    "a seat past six": (st) => { st.to_move = 6; },
    "a match not in play": (st) => { st.status = "over"; },
    "a name with a control character": (st) => { st.names[1] = "a\u0000b"; },
    "a name too long": (st) => { st.names[1] = "x".repeat(NAME_CHARS + 1); },
    "an emoji name too long": (st) => { st.names[1] = "😀".repeat(NAME_CHARS + 1); },
    "a hand shown for a seat that does not exist": (st) => { st.view.hands = { 6: ["AC"] }; },
    "an option that is neither a flag nor a card": (st) => { st.view.options.vinco_subito = "yes"; },
    "a seed that is not a whole number": (st) => { st.seed = "1e9"; },
    "a required field missing": (st) => { delete st.view.stock; },
  };
  for (const [what, change] of Object.entries(BAD)) {
    test(`refused: ${what}`, () => assert.equal(drawableState(altered(change)), null));
  }

  test("refused: anything not an object", () => {
    for (const value of [null, undefined, 3, "playing", [TOURNAMENT_STATE]]) assert.equal(drawableState(value), null);
  });

  test("a name as long as the engine takes is kept, counted in characters", () => {
    for (const name of ["x".repeat(NAME_CHARS), "😀".repeat(NAME_CHARS), "Maria Concetta Esposito di Castellammare"]) {
      assert.equal(drawableState(altered((st) => { st.names[1] = name; })).names[1], name);
    }
  });

  test("a seed past JavaScript's precision stays text", () => {
    assert.equal(drawableState(altered((st) => { st.seed = "98765432109876543210"; })).seed, "98765432109876543210");
  });
});

describe("answersAhead", () => {
  /** Three answers ahead as the engine gives them (briscola/ahead.py), each with the state above. */
  const ahead = () => TOURNAMENT_STATE.view.hand.map((code) => ({
    action: { play: code }, answer: { ok: true, state: structuredClone(TOURNAMENT_STATE), save: `{"v":1,"${code}":1}`, played: { seat: 0, play: code } },
  }));

  test("the engine's answers are kept, each state as drawableState keeps it", () => {
    const out = answersAhead(ahead());
    assert.deepEqual(out.map((a) => a.action), [{ play: "6C" }, { play: "2C" }, { play: "JS" }]);
    assert.deepEqual(out[1].answer.state, drawableState(structuredClone(TOURNAMENT_STATE)));
    assert.equal(out[2].answer.save, '{"v":1,"JS":1}');
  });

  const BAD_AHEAD = {
    "not a list": () => ({ action: { play: "6C" } }),
    "an empty list": () => [],
    "more than eight": () => Array.from({ length: 9 }, () => ahead()[0]),
    "a refused answer": () => ahead().map((a) => ({ ...a, answer: { ...a.answer, ok: false } })),
    "a state not drawable": () => ahead().map((a) => ({ ...a, answer: { ...a.answer, state: { status: "playing" } } })),
    "a save not text": () => ahead().map((a) => ({ ...a, answer: { ...a.answer, save: 7 } })),
    "a save too big": () => ahead().map((a) => ({ ...a, answer: { ...a.answer, save: "x".repeat(LIMITS.save + 1) } })),
    "a move played by nobody": () => ahead().map((a) => ({ ...a, answer: { ...a.answer, played: { play: "6C" } } })),
    "a card that is none": () => ahead().map((a) => ({ ...a, action: { play: "ZZ" } })),
    "a name for a key": () => [{ __proto__: null, action: { play: "6C" } }],
  };
  for (const [what, make] of Object.entries(BAD_AHEAD)) {
    test(`refused: ${what}`, () => assert.equal(answersAhead(make()), null));
  }
});
