// The setup's deals when "Partita a smazzate" is chosen (issue 24): screens/setup.js readForm, on a
// form given as its elements (readForm reads nothing else of it).
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULTS, GAME_DECK, readForm, vetChoices } from "../../static/screens/setup.js";

/** The form as the setup draws it: the kind's select, and the deals' select when the kind has one. */
const form = (kind, deals) => ({ elements: [{ name: "kind", value: kind }, ...(deals ? [{ name: "deals", value: String(deals) }] : [])] });

describe("readForm: the deals of a partita a smazzate", () => {
  test("chosen after a points match (one deal): the best of three", () => {
    const before = vetChoices({ ...DEFAULTS, variant: "classica", players: 2, kind: "punti" });
    assert.equal(before.deals, 1);
    assert.equal(readForm(form("smazzate"), before).deals, 3);
  });

  test("chosen after first to N wins: three, not the wins' count", () => {
    const before = vetChoices({ variant: "brisca", players: 2, kind: "first_to", deals: 2 });
    assert.equal(readForm(form("smazzate", 2), before).deals, 3);
  });

  test("already a smazzate: the player's count stays, one deal too", () => {
    const before = vetChoices({ variant: "classica", players: 2, kind: "smazzate", deals: 5 });
    assert.equal(readForm(form("smazzate", 5), before).deals, 5);
    assert.equal(readForm(form("smazzate", 1), before).deals, 1);
  });
});

describe("readForm: the deck (issue 24)", () => {
  const deckForm = (variant, style) => ({ elements: [{ name: "variant", value: variant }, { name: "style", value: style }] });

  test("a deck picked stays the player's, the game's own deck included", () => {
    const before = vetChoices({ variant: "brisca" });
    assert.equal(before.style, "spagnole");
    const picked = vetChoices(readForm(deckForm("brisca", "toscane"), before));
    assert.deepEqual([picked.style, picked.style_chosen], ["toscane", true]);
    assert.equal(vetChoices({ ...picked, variant: "biscambiggia" }).style, "toscane");
    const same = vetChoices(readForm(deckForm("brisca", "spagnole"), before));  // the game's deck, by name
    assert.deepEqual([same.style, same.style_chosen], ["spagnole", true]);
  });

  test("the game's own deck undoes a pick: the deck follows the game again", () => {
    const picked = vetChoices({ variant: "brisca", style: "toscane", style_chosen: true });
    const back = vetChoices(readForm(deckForm("brisca", GAME_DECK), picked));
    assert.deepEqual([back.style, back.style_chosen], ["spagnole", false]);
    const other = vetChoices(readForm(deckForm("biscambiggia", GAME_DECK), back));
    assert.deepEqual([other.style, other.style_chosen], ["genovesi", false]);
    assert.equal(vetChoices(readForm(deckForm("classica", GAME_DECK), back)).style, DEFAULTS.style);
  });

  test("a form without the deck's choice leaves it as it was", () => {
    const before = vetChoices({ variant: "brisca" });
    assert.equal(readForm({ elements: [{ name: "variant", value: "brisca" }] }, before).style_chosen, false);
  });
});
