// The setup's choices from outside (localStorage, the form): screens/setup.js vetChoices and
// toSettings, with the parts it takes from table/clock.js, table/pnp.js and online/setup.js.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import { DEFAULTS, deckFor, toSettings, vetChoices } from "../../static/screens/setup.js";
import { clockFormat, clockFromLink, vetClock } from "../../static/table/clock.js";
import { cleanName, peopleOf, peopleSettings, vetPeople } from "../../static/table/pnp.js";
import { NAME_CHARS } from "../../static/engine/rules-data.js";
import { hostLink, keepTurn, loadTurn, vetWhere } from "../../static/online/setup.js";

const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString"];

describe("vetChoices", () => {
  test("nothing remembered: the defaults", () => {
    const c = vetChoices({});
    for (const key of ["variant", "players", "level", "style", "speed", "removed_two", "move_s", "match_min"]) {
      assert.equal(c[key], DEFAULTS[key], key);
    }
    assert.equal(c.where, "device");
  });

  test("a remembered game that does not exist is classica, with its own counts, at the first level", () => {
    for (const variant of [...PROTOTYPE_NAMES, "tressette"]) {
      const c = vetChoices({ variant, players: 9, level: "x" });
      assert.deepEqual([c.variant, c.players, c.level, c.kind], ["classica", 2, "principiante", "punti"], variant);
    }
  });

  test("every field is checked against what exists", () => {
    for (const name of PROTOTYPE_NAMES) {
      const c = vetChoices({ variant: "brisca", players: 4, kind: name, level: name, style: name, speed: name, removed_two: name });
      assert.deepEqual([c.kind, c.level, c.style, c.speed, c.removed_two],
        ["first_to", DEFAULTS.level, "spagnole", DEFAULTS.speed, DEFAULTS.removed_two], name);  // brisca's own deck
    }
  });

  test("each game its own deck until the player chooses one, then his for every game", () => {
    const deck = (c) => vetChoices(c).style;
    assert.deepEqual(["classica", "brisca", "biscambiggia", "chiamata"].map((variant) => deck({ variant })),
      ["napoletane", "spagnole", "genovesi", "napoletane"]);
    assert.equal(deck({ variant: "brisca", style: "siciliane", style_chosen: false }), "spagnole");
    assert.equal(deck({ variant: "brisca", style: "siciliane" }), "siciliane");  // saved before: his choice
    assert.equal(deck({ variant: "brisca", style: "napoletane" }), "spagnole");  // the old default: none
    for (const variant of ["classica", "brisca", "biscambiggia"]) {
      assert.equal(deck({ variant, style: "siciliane", style_chosen: true }), "siciliane", variant);
    }
    assert.equal(deck({ variant: "brisca", style: "constructor", style_chosen: true }), DEFAULTS.style);
    assert.equal(deckFor(vetChoices({ variant: "classica" }), "brisca"), "spagnole");  // a link's game
    assert.equal(deckFor(vetChoices({ variant: "classica", style: "toscane", style_chosen: true }), "brisca"), "toscane");
  });

  test("a good choice is kept", () => {
    const c = vetChoices({ variant: "biscambiggia", players: "6", kind: "smazzate", deals: "7", level: "campione",
      style: "genovesi", speed: "lenta", removed_two: "2C", sound: true, carte_viste: true, move_s: "30", match_min: 10 });
    assert.deepEqual([c.variant, c.players, c.kind, c.deals, c.level, c.style, c.speed, c.removed_two],
      ["biscambiggia", 6, "smazzate", 7, "campione", "genovesi", "lenta", "2C"]);
    assert.deepEqual([c.sound, c.carte_viste, c.move_s, c.match_min], [true, true, 30, 10]);
  });

  test("a number of players the game does not have is its first; deals out of 1..15 are its usual", () => {
    assert.equal(vetChoices({ variant: "chiamata", players: 4 }).players, 5);
    assert.equal(vetChoices({ variant: "brisca", players: 5 }).players, 2);
    assert.equal(vetChoices({ variant: "brisca", players: 3 }).players, 3);  // Brisca for three (issue 24)
    for (const deals of [0, 16, 2.5, "x", null]) assert.equal(vetChoices({ variant: "brisca", deals }).deals, 2, String(deals));
  });

  test("a flag is true only when it is true", () => {
    for (const value of ["true", 1, "yes", {}, []]) assert.equal(vetChoices({ sound: value, cut: value }).sound, false, String(value));
    assert.equal(vetChoices({ cut: true }).cut, true);
  });
});

describe("toSettings", () => {
  test("the engine's settings for the choices", () => {
    const s = toSettings(vetChoices({ variant: "classica", players: 4, kind: "smazzate", deals: 3, carte_scoperte: true,
      knockout: true, move_s: 15 }), 12);
    assert.deepEqual(s, {
      variant: "classica", players: 4, seed: 12, level: "principiante",
      options: { vinco_subito: false, carte_viste: false, carte_scoperte: true, mostra_carte: false },
      format: { kind: "smazzate", deals: 3, replay_ties: false, knockout: true, move_ms: 15_000 },
    });
  });

  test("options a table does not have are not sent", () => {
    const three = toSettings(vetChoices({ variant: "classica", players: 3, removed_two: "2B", carte_scoperte: true, knockout: true }), 1);
    assert.deepEqual(three.options, { vinco_subito: false, carte_viste: false, removed_two: "2B" });
    assert.equal(three.format.knockout, false);  // three sides
    const chiamata = toSettings(vetChoices({ variant: "chiamata", vinco_subito: true, move_s: 30, replay_ties: true }), 1);
    assert.equal(chiamata.options.vinco_subito, false);
    assert.deepEqual(chiamata.format, { kind: "chiamata", deals: 5, replay_ties: false, knockout: false });
  });

  test("the draw for seats only in brisca for four; the cut anywhere", () => {
    assert.equal(toSettings(vetChoices({ variant: "brisca", players: 4, draw: true }), 1).format.draw, true);
    assert.equal(toSettings(vetChoices({ variant: "classica", players: 4, draw: true }), 1).format.draw, undefined);
    assert.equal(toSettings(vetChoices({ variant: "chiamata", cut: true }), 1).format.cut, true);
  });

  test("people at this device go with their names", () => {
    const s = toSettings(vetChoices({ variant: "classica", players: 4, who_2: "person", name_0: " Anna ", name_2: "Marco" }), 1);
    assert.deepEqual([s.people, s.names], [[0, 2], ["Anna", null, "Marco", null]]);
    assert.equal(Object.hasOwn(toSettings(vetChoices({}), 1), "people"), false);  // alone: nothing sent
  });
});

describe("the clock's choices", () => {
  test("vetClock: the offered choices, else no limit", () => {
    assert.deepEqual(vetClock({ move_s: "60", match_min: 20 }), { move_s: 60, match_min: 20 });
    assert.deepEqual(vetClock({ move_s: 45, match_min: "constructor" }), { move_s: 0, match_min: 0 });
  });

  test("clockFormat: milliseconds for the engine, none in chiamata", () => {
    assert.deepEqual(clockFormat({ variant: "classica", move_s: 15, match_min: 5 }), { move_ms: 15_000, match_ms: 300_000 });
    assert.deepEqual(clockFormat({ variant: "classica", move_s: 0, match_min: 0 }), {});
    assert.deepEqual(clockFormat({ variant: "chiamata", move_s: 15, match_min: 5 }), {});
  });

  test("clockFromLink: whole seconds up to an hour a move, a day a match", () => {
    const link = (text) => clockFromLink(new URLSearchParams(text));
    assert.deepEqual(link(""), { move_s: 0, match_min: 0 });
    assert.deepEqual(link("move=3600&match=90"), { move_s: 3600, match_min: 1.5 });
    assert.deepEqual(link("match=86400"), { move_s: 0, match_min: 1440 });
    for (const [text, error] of [["move=0", "move"], ["move=3601", "move"], ["move=+5", "move"], ["match=86401", "match"],
      ["match=", "match"], ["move=1234567", "move"]]) {
      assert.deepEqual(link(text), { error }, text);
    }
  });
});

describe("pass-and-play's seats (table/pnp.js)", () => {
  test("cleanName: as the engine takes a name", () => {
    assert.equal(cleanName("  Anna  "), "Anna");
    assert.equal(cleanName("An\u0000na\u007f\n"), "Anna");
    // The engine's limit (seats.py NAME_CHARS, through rules-data.js): 40, a whole first and last name.
    assert.equal(NAME_CHARS, 40);
    assert.equal(cleanName("x".repeat(NAME_CHARS + 5)), "x".repeat(NAME_CHARS));
    assert.equal(cleanName("😀".repeat(NAME_CHARS + 5)), "😀".repeat(NAME_CHARS));  // characters, not UTF-16 halves
    for (const value of [null, undefined, 7, {}, ["Anna"]]) assert.equal(cleanName(value), "", String(value));
  });

  test("vetPeople: each seat a person or the computer, with a clean name", () => {
    const out = vetPeople({ who_1: "person", who_2: "constructor", who_3: true, name_0: "\tIo ", name_1: "<b>Bo</b>" });
    assert.deepEqual(out, {
      name_0: "Io", who_1: "person", name_1: "<b>Bo</b>", who_2: "computer", name_2: "", who_3: "computer", name_3: "",
      who_4: "computer", name_4: "", who_5: "computer", name_5: "",
    });
    assert.equal(Object.hasOwn(out, "who_0"), false);  // seat 0 is always the device's owner
  });

  test("peopleOf: seat 0 and the seats people play, at this table's size", () => {
    const c = { who_1: "person", who_3: "person", who_5: "person" };
    assert.deepEqual(peopleOf(c, 4), [0, 1, 3]);
    assert.deepEqual(peopleOf(c, 2), [0, 1]);
    assert.deepEqual(peopleOf({}, 5), [0]);
  });

  test("peopleSettings: people and names, a seat without a name left to the engine", () => {
    assert.deepEqual(peopleSettings({ players: 3, who_2: "person", name_2: "Eva", name_1: "Not playing" }),
      { people: [0, 2], names: [null, null, "Eva"] });
    assert.deepEqual(peopleSettings({ players: 3, who_1: "computer", name_0: "Io" }), {});
  });
});

describe("online tables' setup (online/setup.js)", () => {
  beforeEach(() => localStorage.clear());

  test("vetWhere: online only when it says so; each seat online a person unless the computer was chosen", () => {
    const people = { online_1: "person", online_2: "person", online_3: "person", online_4: "person", online_5: "person" };
    assert.deepEqual(vetWhere({ where: "online" }), { where: "online", ...people });
    for (const where of [undefined, "constructor", "ONLINE"]) assert.deepEqual(vetWhere({ where }), { where: "device", ...people });
    assert.equal(vetWhere({ online_2: "computer", online_3: "robot" }).online_2, "computer");
    assert.equal(vetWhere({ online_2: "computer", online_3: "robot" }).online_3, "person");
  });

  test("hostLink: the people's seats, online, without pass-and-play's names", () => {
    const c = vetChoices({ variant: "classica", players: 4, who_1: "person", who_2: "person", online_2: "computer",
      name_0: "Host", name_1: "X", style: "spagnole", speed: "veloce", where: "online" });
    const link = hostLink(c, toSettings(c, 5), ["local"]);
    assert.deepEqual(link.settings.people, [0, 1, 3]);  // online's own choice of seats, not pass-and-play's
    assert.equal(link.settings.online, true);
    assert.equal(Object.hasOwn(link.settings, "names"), false);
    assert.deepEqual([link.relay, link.style, link.speed, link.settings.seed], [["local"], "spagnole", "veloce", 5]);
  });

  test("hostLink: never a table of the host alone (every other seat the computer: the first is a person's)", () => {
    const c = vetChoices({ players: 3, where: "online", online_1: "computer", online_2: "computer" });
    assert.deepEqual(hostLink(c, toSettings(c, 1), null).settings.people, [0, 1]);
    assert.deepEqual(hostLink(vetChoices({ players: 2, where: "online" }), toSettings(c, 1), null).settings.people, [0, 1]);
  });

  test("keepTurn: a turn: or turns: URL with a user name and a password", () => {
    assert.deepEqual(keepTurn(" turn:turn.example.org:3478?transport=udp ", "u", "p"), { ok: "os_turn_saved" });
    assert.deepEqual(loadTurn(), { urls: "turn:turn.example.org:3478?transport=udp", username: "u", credential: "p" });
    assert.deepEqual(keepTurn("turns:[2001:db8::1]:5349", "u", "p"), { ok: "os_turn_saved" });
  });

  test("keepTurn: any other URL, or a missing login, is refused and nothing is kept", () => {
    for (const url of ["stun:stun.example.org", "https://turn.example.org", "turn:a b", "turn:x?transport=sctp",
      "turn:<img>", `turn:${"x".repeat(201)}`, "javascript:alert(1)"]) {
      assert.deepEqual(keepTurn(url, "u", "p"), { error: "os_turn_bad_url" }, url);
    }
    assert.deepEqual(keepTurn("turn:turn.example.org", "", "p"), { error: "os_turn_login" });
    assert.deepEqual(keepTurn("turn:turn.example.org", "u", "a\nb"), { error: "os_turn_login" });
    assert.equal(loadTurn(), null);
  });

  test("keepTurn: all empty forgets the server; a stored one not valid any more is none", () => {
    keepTurn("turn:turn.example.org", "u", "p");
    assert.deepEqual(keepTurn("  ", "", ""), { ok: "os_turn_cleared" });
    assert.equal(loadTurn(), null);
    localStorage.setItem("briscola:turn", JSON.stringify({ urls: "http://x", username: "u", credential: "p" }));
    assert.equal(loadTurn(), null);
  });
});
