// Every value from outside (the address bar, localStorage, an imported file) is checked here before
// use: own-property allow-lists (a name such as "__proto__" or "constructor" is never a choice),
// sizes and nesting depths before any JSON reaches Python, and texts cut to a sane length.
import { CARDS, DAILY, KINDS, LEVELS, NAME_CHARS, PHASES, TOURNAMENTS, VARIANTS } from "../engine/rules-data.js";

/** Size limits in characters (UTF-16 units, close enough to bytes for JSON), and the deepest nesting
 * any real value of ours has (a saved match is 4 deep, a tournament 6): far below what could hurt. */
export const LIMITS = { save: 4_000_000, record: 1_000_000, stats: 4_000_000, tournament: 4_000_000, daily: 1_000_000, setup: 20_000,
  fair: 2_000_000,  // a fair table's side of the deal in play (online/fair/table.js): some 100 KB for five
  depth: 32 };

/** `value` if it is an own key of `table` (an object) or a member of it (an array), else `fallback`. */
export function allowed(table, value, fallback) {
  if (typeof value !== "string" && typeof value !== "number") return fallback;
  if (Array.isArray(table)) return table.includes(value) ? value : fallback;
  return Object.hasOwn(table, String(value)) ? value : fallback;
}

/** Why a JSON text may not go further ("too_big", "too_deep"), or null when it may. A linear scan
 * that skips string contents: no parsing, no recursion. */
export function jsonTrouble(text, maxChars) {
  if (typeof text !== "string") return "not_text";
  if (text.length > maxChars) return "too_big";
  let depth = 0, inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;  // a backslash escapes the next character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > LIMITS.depth) return "too_deep";
    } else if (c === 93 || c === 125) depth--;
  }
  return null;
}

/** JSON.parse that answers {value} or {trouble} and never throws. */
export function parseJson(text, maxChars) {
  const trouble = jsonTrouble(text, maxChars);
  if (trouble) return { trouble };
  try {
    return { value: JSON.parse(text) };
  } catch {
    return { trouble: "bad_json" };
  }
}

/** A text for the screen: one line, at most `n` characters. */
export function cut(text, n = 160) {
  const line = String(text ?? "").replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return line.length > n ? `${line.slice(0, n - 1)}…` : line;
}

// ---------------------------------------------------------------- a stored table state

// A saved match keeps, beside its save text, the engine's last answer for the table, so a returning
// player sees the table before Python is up. That copy comes from localStorage: it is rebuilt here
// from an allow-list of fields, each checked (card codes everywhere a card goes), or refused.
export const CARD = new RegExp(`^[${CARDS.ranks}][${CARDS.suits}]$`);
const RANKS = new RegExp(`^[${CARDS.ranks}]$`), SUITS = new RegExp(`^[${CARDS.suits}]$`);
const int = (lo, hi) => (x) => (Number.isInteger(x) && x >= lo && x <= hi ? x : undefined);
const bool = (x) => (typeof x === "boolean" ? x : undefined);
const oneOf = (...xs) => (x) => (xs.includes(x) ? x : undefined);
const match = (re) => (x) => (typeof x === "string" && re.test(x) ? x : undefined);
const nullOr = (f) => (x) => (x === null ? null : f(x));
const list = (f, max = 64) => (x) => {
  if (!Array.isArray(x) || x.length > max) return undefined;
  const out = x.map(f);
  return out.every((y) => y !== undefined) ? out : undefined;
};
/** An object of exactly the listed fields (optional ones may be missing; unknown ones are dropped). */
const obj = (fields, optional = []) => (x) => {
  if (!x || typeof x !== "object" || Array.isArray(x)) return undefined;
  const out = {};
  for (const [key, f] of Object.entries(fields)) {
    if (!Object.hasOwn(x, key)) {
      if (optional.includes(key)) continue;
      return undefined;
    }
    const y = f(x[key]);
    if (y === undefined) return undefined;
    out[key] = y;
  }
  return out;
};
const map = (keyRe, f) => (x) => {
  if (!x || typeof x !== "object" || Array.isArray(x)) return undefined;
  const out = {};
  for (const [k, v] of Object.entries(x)) {
    const y = keyRe.test(k) ? f(v) : undefined;
    if (y === undefined) return undefined;
    out[k] = y;
  }
  return out;
};
const card = match(CARD), cards = list(card, 40), seat = int(0, 5), ints = list(int(-1e6, 1e6), 6), seats = list(seat, 6);
const ACTION = obj({ play: card, bid: match(RANKS), points: int(61, 120), pass: bool, suit: match(SUITS), exchange: card,
  draw: bool, seat }, ["play", "bid", "points", "pass", "suit", "exchange", "draw", "seat"]);
const VIEW = obj({
  variant: oneOf(...Object.keys(VARIANTS)), players: int(2, 6), seat, dealer: seat,
  options: map(/^[a-z_]{1,20}$/, (x) => bool(x) ?? card(x)), hand: cards, trump: nullOr(card), stock: int(0, 40),
  tricks: list(obj({ leader: seat, cards, winner: seat }), 40), trick: cards, points: ints,
  phase: oneOf(...PHASES), leader: seat, hand_sizes: ints,
  hands: map(/^[0-5]$/, cards), trump_suit: match(SUITS),
  exchanges: list(obj({ seat, gave: card, took: card }), 8),
  auction: list(obj({ seat, bid: match(RANKS), points: int(61, 120), pass: bool }, ["bid", "points", "pass"]), 64),
  caller: nullOr(seat), called: nullOr(card), partner: nullOr(seat), legal: list(ACTION), exchange: cards,
}, ["hands", "trump_suit", "exchanges", "auction", "caller", "called", "partner", "legal", "exchange"]);
// A seat's name: the engine's limit, counted in characters as Python counts them (the u flag).
const NAME = new RegExp(`^[^\\u0000-\\u001f\\u007f]{1,${NAME_CHARS}}$`, "u");
const SEED = (x) => (Number.isSafeInteger(x) || (typeof x === "string" && /^-?\d{1,30}$/.test(x)) ? x : undefined);
// A tournament's match: which one (session.state's `tournament`), for the bar's label.
const TOURNAMENT = obj({ seed: SEED, pairs: int(2, 64), fixture: int(0, 9999), stage: match(/^[a-z_]{1,20}$/),
  round: int(0, 99), opponent: int(0, 63), shape: oneOf(...Object.keys(TOURNAMENTS)) }, ["shape"]);
// A match of an organiser's tournament (session.state's `club`: web_club.py): which, for the bar's label.
const CLUB = obj({ seed: SEED, fixture: match(/^(group|quarter|semi|final):\d{1,4}$/), pairs: list(int(0, 99), 2),
  names: list(match(/^[^\u0000-\u001f\u007f]{1,60}$/u), 2), stage: oneOf("group", "quarter", "semi", "final"), round: int(0, 99) });
const PLAYING = obj({
  status: oneOf("playing"), level: oneOf(...LEVELS),
  format: obj({ kind: oneOf(...KINDS), deals: int(1, 99), replay_ties: bool, knockout: bool }),
  seed: SEED,
  deal_index: int(0, 999), deal_kind: match(/^[a-z_]{1,20}$/), teams: list(seats, 6), sides: list(seats, 6),
  team_points: ints, view: VIEW, to_move: nullOr(seat), trick_points: list(int(0, 120), 40), ai_to_move: bool,
  match: obj({ over: bool, winner: nullOr(seat), sides: list(seats, 6), deal_wins: ints, points: ints,
    scores: nullOr(ints), vp: nullOr(ints), point_difference: nullOr(ints), abandoned_by: nullOr(seat),
    decided_by: nullOr(match(/^[a-z_]{1,30}$/)), deals_played: int(0, 999) }),
  team_piles: nullOr(list(nullOr(seat), 2)),  // Biscambiggia in teams: a reload draws one pile per team at once
  // Pass-and-play: who plays, by which name, and whose view this is (a reload covers the table
  // until the seat to move has the phone when it is another person's).
  people: seats, names: list(nullOr(match(NAME)), 6), viewer: seat,
  tournament: TOURNAMENT,
  club: CLUB,
  practice: obj({ deal: int(1, 999) }),  // a deal played again (briscola/practice.py): the bar says so at once
  // The daily deal (briscola/daily.py): the door's "Continua" names it before Python is up.
  daily: obj({ variant: oneOf(...DAILY.variants), date: match(/^\d{4}-\d{2}-\d{2}$/), late: bool, aside: bool }),
}, ["team_piles", "people", "names", "viewer", "tournament", "club", "practice", "daily"]);

// The daily deal's summary as the engine last gave it (briscola/daily.py Calendar.summary): the
// front door draws the streak and today's games from it before Python is up.
const DAILY_SUMMARY = obj({ as_of: match(/^\d{4}-\d{2}-\d{2}$/), streak: int(0, 1e6), best: int(0, 1e6), days: int(0, 1e6),
  today: map(new RegExp(`^(${DAILY.variants.join("|")})$`), nullOr(int(0, 120))) });

/** A stored daily summary safe to draw, or null. */
export function dailySummary(x) {
  return DAILY_SUMMARY(x) ?? null;
}

/** A table state safe to draw before Python is up (a match in play), or null. */
export function drawableState(st) {
  const clean = PLAYING(st);
  if (!clean || clean.view.hand_sizes.length !== clean.view.players || clean.view.points.length !== clean.view.players) return null;
  return clean;
}

// The engine's answers to the person's next moves (briscola/ahead.py), kept beside the save: each a
// move and op act's answer to it, whose state is drawn and whose save is stored when he makes it.
const SAVE_TEXT = (x) => (typeof x === "string" && x.length <= LIMITS.save ? x : undefined);
const AHEAD = list(obj({ action: ACTION, answer: obj({ ok: oneOf(true), state: (x) => drawableState(x) ?? undefined,
  save: SAVE_TEXT, played: ACTION }) }), 8);

/** Stored answers ahead safe to use ([{action, answer}]), or null. */
export function answersAhead(x) {
  const out = AHEAD(x);
  return out?.length && out.every((a) => Number.isInteger(a.answer.played.seat)) ? out : null;
}
