// The setup's deals when "Partita a smazzate" is chosen (issue 24): screens/setup.js readForm, on a
// form given as its elements (readForm reads nothing else of it).
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULTS, readForm, vetChoices } from "../../dist/static/screens/setup.js";

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
