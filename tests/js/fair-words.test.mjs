// A fair table's words (online/fair-words.js): whose phone plays each computer's seat, a deal that
// does not add up with its culprit named, in the three languages.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { setLanguage } from "../../static/strings/lookup.js";
import { goneText, mismatchText, pagesFor, playsTexts, watchText } from "../../static/online/fair-words.js";

after(() => setLanguage("it"));

/** A fair table's state as the engine answers it on `seat`'s page: people 0 (Anna) and 1 (Luca); the computer's seats 2 and 3 have their own names. */
const state = (seat, plays, status = "playing") => ({ status, view: { seat }, people: [0, 1], names: ["Anna", "Luca", null, null],
  fair: { plays } });

test("each computer's seat says whose phone plays it; a person's own seat says nothing", () => {
  setLanguage("it");
  assert.deepEqual(playsTexts(state(1, [0, 1, 0, 1])), [
    "Marco: il computer gioca dal telefono di Anna.", "Rosa: il computer gioca dal tuo telefono."]);
  setLanguage("en");  // Luca's page is gone: the computer plays his seat too, on Anna's
  assert.deepEqual(playsTexts(state(0, [0, 0, 0, 0])), ["Luca: the computer plays from your phone.",
    "Jack: the computer plays from your phone.", "Rose: the computer plays from your phone."]);
  setLanguage("es");
  assert.deepEqual(playsTexts(state(0, [0, 1, 0, 1])), ["Pablo: el ordenador juega desde tu móvil.",
    "Rosa: el ordenador juega desde el móvil de Luca."]);
});

test("a deal that does not add up names who, in the player's words", () => {
  setLanguage("it");
  assert.equal(mismatchText(state(0, [0, 1]), { seat: 1, why: "false_show" }),
    "La smazzata non torna: Luca ha mostrato una carta che non aveva. Si rigioca da capo.");
  assert.equal(mismatchText(state(0, [0, 1]), { seat: null, why: "false_card" }),
    "La smazzata non torna: una carta non corrisponde al mazzo. Si rigioca da capo.");
  setLanguage("en");
  assert.equal(mismatchText(state(1, [0, 1]), { seat: 0, why: "false_shuffle" }),
    "The deal does not add up: Anna did not shuffle honestly. It is dealt again from the start.");
  setLanguage("es");
  assert.equal(goneText(state(0, [0, 0]), 1),
    "Luca no ha vuelto: se vuelve a repartir la mano desde el principio y juega el ordenador en su lugar.");
});

test("a person whose seat the computer plays this deal is told he watches", () => {
  setLanguage("it");
  assert.equal(watchText(state(1, [0, 0, 0, 0])), "Per questa smazzata al tuo posto gioca il computer: dalla prossima giochi tu.");
  assert.equal(watchText(state(1, [0, 1, 0, 1])), null);
  assert.equal(watchText(state(1, [0, 0, 0, 0], "deal-over")), null);
});

test("whose page will play each seat: a person's own, else his side's person at the table, else the host's", () => {
  assert.deepEqual(pagesFor("classica", 4, []), [0, 0, 0, 0]);  // the host alone yet: every seat his
  assert.deepEqual(pagesFor("classica", 4, [1]), [0, 1, 0, 1]);  // each side's computer on its person's page
  assert.deepEqual(pagesFor("biscambiggia", 6, [1, 5]), [0, 1, 0, 1, 0, 5]);
  assert.deepEqual(pagesFor("chiamata", 5, [1, 2]), [0, 1, 2, 0, 0]);  // sides known only in play: the host's
  assert.equal(pagesFor("nessuna", 2, []), null);
});
