// The turn loop's drawing half: what the table, the hand's playable marks, the chrome and
// <html data-phase> show of the turn loop's state. It reads the state (TableState, turns.js) it is
// handed and writes only what is on screen (`shown`) and, on a hand-off between two people, the card
// raised; every other field is the loop's (turns.js).
import { model } from "./model.js";
import { showSelection, render } from "./table.js";
import { showSeat, viewerOf } from "./viewer.js";
import { cover, handoffTo, uncover } from "./pnp.js";

/**
 * The drawing of `table` (turns.js's TableState) with the page's hooks (TurnHooks); `askView(seat)`:
 * the next person's view is asked for once he has the phone (pass-and-play).
 * @param {import("./turns.js").TableState} table
 * @param {import("./turns.js").TurnHooks} hooks
 * @param {(seat: number) => void} askView
 */
export function turnView(table, hooks, askView) {
  /** The actions the page takes from the player right now (record syntax), per `latest`. None while
   * a step is animated: the hand is the player's once the screen shows the position he moves in (the
   * trick collected, his card drawn, the deal dealt), so no card plays during the pause after a trick
   * and "Tocca a te" never shows over cards still flying. */
  function accepting() {
    const st = table.latest;
    if (!st || table.pending || table.animating || st.status !== "playing" || !hooks.onTable()) return [];
    return st.view.legal || [];
  }

  /** Whether the page waits for the player's move in the engine's newest position (the move clock
   * runs): from the moment it takes the move (accepting). */
  function awaitingMove() {
    const st = table.latest;
    return !!st && table.active && table.confirmed && !table.pending && !table.animating && st.status === "playing"
      && !!st.view.legal?.length;
  }

  function playableNow() {
    return new Set(accepting().filter((a) => a.play).map((a) => a.play));
  }

  function ui() {
    return { style: hooks.style(), selected: table.selected, dragging: table.dragging, playable: playableNow() };
  }

  function modelOf(st) {
    return model(st, ui());
  }

  /** The chrome around the felt, handed what it draws (TurnChrome): `st` the position it follows. */
  function drawChrome(st = table.animating ? table.latest : table.shown, accept = accepting()) {
    if (st) hooks.drawChrome({ st, shown: table.shown ?? st, accepting: accept, latest: table.latest, awaiting: awaitingMove() });
  }

  /** Draw `st` as the table (the chrome too: bar, turn line, panel); covered between two people. */
  function draw(st) {
    table.shown = st;
    showSeat(viewerOf(st));  // <html data-seat>: the seat this table is drawn for
    if (table.active) hooks.screen(st.status);
    const next = table.active ? handoffTo(st) : null;
    if (next !== null) {
      cover(viewerOf(st), next, () => askView(next), () => { table.selected = table.dragging = null; hooks.clearDialog(); });
      drawChrome(st, []);
      return;
    }
    uncover();
    render(modelOf(st));
    drawChrome(st);
    if (!performance.getEntriesByName("briscola:playable").length) performance.mark("briscola:playable");  // bench/load.py
  }

  /** <html data-phase>: what the table is doing (tests wait on it): "starting" (drawn from the save,
   * the engine not up yet), "busy" (asking the engine or animating) or "idle" (waiting for the player). */
  function showPhase() {
    const phase = !table.active ? "" : !table.confirmed ? "starting"
      : table.running !== null || table.animating || table.pending ? "busy" : "idle";
    const html = document.documentElement;
    if (html.dataset.phase !== phase) html.dataset.phase = phase;
    // What "busy" waits for (the monkey test prints it when a table seems stuck).
    const wait = phase !== "busy" ? "" : table.running !== null ? `engine:${table.asking ?? ""}`
      : table.animating ? "animation" : "queued";
    if (html.dataset.wait !== wait) html.dataset.wait = wait;
    // Idle means the screen shows the engine's newest position: a position replaced while an older
    // step was still animating (another tab, a restart) is drawn here if nothing drew it yet.
    if (phase === "idle" && table.latest && table.shown !== table.latest) draw(table.latest);
  }

  /** After `accepting()` may have changed without a new position: the hand's playable marks and the
   * panel follow, without redrawing the hand (a redraw between two clicks would break a double click). */
  function refreshInput() {
    showPhase();
    if (!table.shown) return;
    const playable = playableNow();
    for (const el of document.querySelectorAll("#my-hand .hand-card")) {
      const now = String(playable.has(el.dataset.card));
      if (el.dataset.playable !== now) el.dataset.playable = now;  // an unchanged hand stays untouched (table.js fill)
    }
    drawChrome();
  }

  const animUi = () => ({
    render: (dm) => render({ ...dm, playable: playableNow() }), model: modelOf, draw, sound: hooks.sound,
    say: hooks.say, sayTrick: hooks.sayTrick, notice: hooks.notice,
  });

  function redraw() {
    if (table.shown && !table.animating) draw(table.shown);
  }

  return { accepting, awaitingMove, playableNow, modelOf, draw, drawChrome, showPhase, refreshInput, animUi, redraw,
    showSelection: (code) => showSelection(code, modelOf(table.shown).placeholder) };
}
