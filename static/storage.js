// localStorage under keys prefixed "briscola:" (GitHub Pages shares storage between projects).
// The match is one key holding {rev, text}: a write is atomic, and the revision lets two tabs
// on the same match notice each other instead of overwriting a newer position.
const MATCH = "briscola:match";
const PREFS = "briscola:setup";

let knownRev = 0;

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;  // storage disabled: play on without saving
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The saved match: {text} (text may be corrupt: the engine judges), {corrupt} or null. */
export function loadMatch() {
  const raw = read(MATCH);
  if (raw === null) return null;
  try {
    const data = JSON.parse(raw);
    if (data && typeof data.text === "string" && Number.isInteger(data.rev)) {
      knownRev = data.rev;
      return { text: data.text, rev: data.rev };
    }
  } catch { /* fall through */ }
  return { corrupt: true, text: raw };
}

/** Save the match text; refused (returns false) when another tab saved a newer revision. */
export function saveMatch(text) {
  const current = read(MATCH);
  let rev = 0;
  try { rev = JSON.parse(current)?.rev ?? 0; } catch { rev = 0; }
  if (Number.isInteger(rev) && rev > knownRev) return false;
  knownRev = Math.max(knownRev, Number.isInteger(rev) ? rev : 0) + 1;
  return write(MATCH, JSON.stringify({ rev: knownRev, text }));
}

/** Start afresh (a new match replaces the old one, whatever its state). */
export function saveNewMatch(text) {
  let rev = 0;
  try { rev = JSON.parse(read(MATCH))?.rev ?? 0; } catch { rev = 0; }
  knownRev = (Number.isInteger(rev) ? rev : 0) + 1;
  return write(MATCH, JSON.stringify({ rev: knownRev, text }));
}

/** Call back when another tab writes `key` (not when it removes it). */
function onWrite(key, callback) {
  window.addEventListener("storage", (e) => {
    if (e.key === key && e.newValue !== null) callback();
  });
}

/** Call back when another tab changes the saved match. */
export function onOtherTab(callback) {
  onWrite(MATCH, callback);
}

export function loadSetup() {
  try {
    const data = JSON.parse(read(PREFS) || "{}");
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

export function saveSetup(data) {
  write(PREFS, JSON.stringify(data));
}

// Statistics (briscola.stats JSON) under their own key: a damaged value is reported by the
// engine and reset only when the player says so; no other key is ever touched.
const STATS = "briscola:stats";

/** The stored statistics: parsed JSON, null when there are none, or {damaged: raw}. */
export function loadStats() {
  const raw = read(STATS);
  if (raw === null) return null;
  try { return JSON.parse(raw); } catch { return { damaged: raw }; }
}

export function saveStats(data) {
  return write(STATS, JSON.stringify(data));
}

// The tournament (tournament.js) under its own key: {saved (the engine's JSON), match (the player's
// match in progress, as save text), fixture, screen}. A damaged value is explained by the screen
// and replaced only when the player starts a new tournament; no other key is touched.
const TOURNAMENT = "briscola:tournament";

/** The stored tournament: parsed JSON, null when there is none, or {damaged: raw}. */
export function loadTournament() {
  const raw = read(TOURNAMENT);
  if (raw === null) return null;
  try {
    const data = JSON.parse(raw);
    return data && typeof data === "object" && !Array.isArray(data) ? data : { damaged: raw };
  } catch { return { damaged: raw }; }
}

export function saveTournament(data) {
  return write(TOURNAMENT, JSON.stringify(data));
}

/** Call back when another tab changes the stored tournament. */
export function onTournamentChange(callback) {
  onWrite(TOURNAMENT, callback);
}
