// Links from outside: `?new=` (UI-CONTRACT: start a match with these settings, once), `?daily=`
// (a day's deal, UI-CONTRACT "Daily deal") and `?record=` (a shared deal to replay), and imported
// record files. Every value is checked against
// own-property allow-lists before use; what does not pass is explained in the player's words.
import { STYLES } from "../decks/cards.js";
import { DAILY } from "../engine/rules-data.js";
import { LIMITS, allowed, cut, jsonTrouble } from "../storage/checks.js";
import { LEVELS, SPEEDS, VARIANTS, deckFor, defaultFormat, toSettings } from "../screens/setup.js";
import { clockFromLink } from "../table/clock.js";

const SEED = /^-?\d{1,30}$/;
// Every key of a `?new=` link (fromUrl, and clockFromLink's move/match), of a `?daily=` link and
// of a `?record=` link: the links app.js follows in place hold no other key.
export const MATCH_LINK_KEYS = new Set(["new", "players", "seed", "level", "speed", "style", "move", "match", "record",
  "daily", "date"]);

function badSetting(setting, value, choices, more = {}) {
  return { error: { code: "bad_setting", setting, value: cut(value, 40), choices, ...more } };
}

/** The match a `?new=` link asks for: {settings, style, chosen, speed}, {error} to explain, or null (no link). */
export function fromUrl(q, choices) {
  if (!q.has("new")) return null;
  const variant = allowed(VARIANTS, q.get("new"), null);
  if (!variant) return badSetting("variant", q.get("new"), Object.keys(VARIANTS));
  const table = VARIANTS[variant];
  const level = q.has("level") ? allowed(LEVELS, q.get("level"), null) : choices.level;
  if (!level) return badSetting("level", q.get("level"), LEVELS);
  // No count asked: the game's first. A count it does not have is said, never replaced (issue 24).
  const players = q.has("players") ? Number(q.get("players")) : table.players[0];
  if (!/^\d+$/.test(q.get("players") ?? "0")) return badSetting("players", q.get("players"), []);
  if (!table.players.includes(players)) return badSetting("players", q.get("players"), table.players, { variant });
  const raw = q.get("seed");
  if (raw !== null && !SEED.test(raw)) return badSetting("seed", raw, []);
  // Big seeds travel as text: a JavaScript number loses digits past 2^53 (the engine reads either).
  const seed = raw === null ? Math.floor(Math.random() * 2 ** 31) : Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
  const clock = clockFromLink(q);  // move=<s>, match=<s>: no clock unless the link asks
  if (clock.error) return badSetting(`clock_${clock.error}`, q.get(clock.error), []);
  const c = { ...choices, variant, players, ...defaultFormat(variant, players), level, ...clock };
  return {
    settings: toSettings(c, seed),
    // The link's deck (then the player's: `chosen`), else his own choice, else the game's deck
    // (setup.js deckFor); an unknown style is ignored, never remembered.
    style: allowed(STYLES, q.get("style"), deckFor(choices, variant)),
    chosen: allowed(STYLES, q.get("style"), null) !== null,
    speed: allowed(SPEEDS, q.get("speed"), choices.speed),
  };
}

/** The day's deal a `?daily=<variant>&date=YYYY-MM-DD` link asks for (no date: today's):
 * {variant, date (null: today), style, chosen, speed}, {error} to explain, or null (no link). The
 * engine judges the date (a day of the calendar, not to come, not before the first daily deal). */
export function dailyFromUrl(q, choices) {
  if (!q.has("daily")) return null;
  const variant = allowed(DAILY.variants, q.get("daily"), null);
  if (!variant) return badSetting("variant", q.get("daily"), DAILY.variants);
  const date = q.get("date");
  if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date)) return { error: { code: "daily_date", reason: "bad_date" } };
  return {
    variant, date,
    style: allowed(STYLES, q.get("style"), deckFor(choices, variant)),
    chosen: allowed(STYLES, q.get("style"), null) !== null,
    speed: allowed(SPEEDS, q.get("speed"), choices.speed),
  };
}

/** A record to replay, from a `?record=` link or an imported file's text: {arg} for the engine's
 * "review" op, or {error} (too big or too deep: never handed to Python). */
export function recordLink(text, kind) {
  if (kind === "link") {
    if (typeof text !== "string" || text.length > LIMITS.record) return { error: { code: "bad_record", reason: "too_big" } };
    return { arg: { link: text } };
  }
  const trouble = jsonTrouble(text, LIMITS.record);
  if (trouble) return { error: { code: "bad_record", reason: trouble } };
  try {
    return { arg: { record: JSON.parse(text) } };
  } catch {
    return { error: { code: "bad_record", reason: "bad_json" } };
  }
}

const RELAY = /^(local|wss?:\/\/[\w.:\-[\]]{1,100}(\/[\w.\-/]{0,100})?)$/;

/** The relays a link names, each `relay=` one (UI-CONTRACT "Several relays"; `relay=local`: the pages of
 * one browser, static/online/net-local.js), as a list; null for the default relays, or {error}. */
export function relayFromUrl(q) {
  const relays = [...new Set(q.getAll("relay"))];
  if (!relays.length) return null;
  const bad = relays.find((r) => !RELAY.test(r)) ?? (relays.length > 1 && relays.includes("local") ? "local" : null);
  return bad === null ? relays : badSetting("relay", bad, []);
}

/** An online table a `?host=` link opens (UI-CONTRACT, "Online tables"): the `?new=` match with
 * `people=<k>` seats for people (the host's at 0 included) and `online`; {error} or null. */
export function hostFromUrl(q, choices) {
  if (!q.has("host")) return null;
  const asNew = new URLSearchParams(q);
  asNew.set("new", q.get("host"));
  const link = fromUrl(asNew, choices);
  if (link.error) return link;
  const players = link.settings.players, raw = q.get("people") ?? "2";
  const k = Number(raw);
  if (!/^\d{1,2}$/.test(raw) || k < 1 || k > players) return badSetting("people", raw, []);
  const relay = relayFromUrl(q);
  if (relay?.error) return relay;
  return { ...link, relay, settings: { ...link.settings, people: Array.from({ length: k }, (_, i) => i), online: true } };
}
