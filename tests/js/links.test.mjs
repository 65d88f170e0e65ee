// boot/links.js: a `?new=`, `?host=` or `?record=` link from outside is vetted before anything
// runs; what does not pass is an error naming the setting, the value (cut) and the choices.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { fromUrl, hostFromUrl, recordLink, relayFromUrl } from "../../static/boot/links.js";
import { vetChoices } from "../../static/screens/setup.js";
import { LIMITS } from "../../static/storage/checks.js";
import { LEVELS, VARIANTS } from "../../static/engine/rules-data.js";

const PROTOTYPE_NAMES = ["__proto__", "constructor", "toString"];
const q = (text) => new URLSearchParams(text);
const choices = (c = {}) => vetChoices(c);  // what the setup remembers, vetted

describe("fromUrl (?new=)", () => {
  test("no link, no match", () => {
    assert.equal(fromUrl(q("players=2"), choices()), null);
  });

  test("a match with the link's settings", () => {
    const link = fromUrl(q("new=brisca&players=4&seed=7&level=campione&style=toscane&speed=veloce"), choices());
    assert.deepEqual([link.style, link.chosen], ["toscane", true]);
    assert.equal(link.speed, "veloce");
    const s = link.settings;
    assert.deepEqual([s.variant, s.players, s.seed, s.level], ["brisca", 4, 7, "campione"]);
    assert.equal(s.format.kind, "first_to");  // brisca's usual match (FORMATS), not the remembered one
  });

  test("a game that does not exist is explained with the games there are", () => {
    for (const variant of [...PROTOTYPE_NAMES, "tressette"]) {
      const link = fromUrl(q(`new=${encodeURIComponent(variant)}&players=2&seed=7`), choices());
      assert.deepEqual(link, { error: { code: "bad_setting", setting: "variant", value: variant, choices: Object.keys(VARIANTS) } });
    }
  });

  test("a style that does not exist is the remembered one, else the game's own deck", () => {
    for (const style of [...PROTOTYPE_NAMES, "nessuno"]) {
      const mine = choices({ style: "siciliane", style_chosen: true });
      const link = fromUrl(q(`new=classica&players=2&seed=7&style=${encodeURIComponent(style)}`), mine);
      assert.deepEqual([link.style, link.chosen], ["siciliane", false], style);
      assert.equal(fromUrl(q(`new=classica&style=${encodeURIComponent(style)}`), choices()).style, "napoletane", style);
      assert.equal(fromUrl(q(`new=brisca&style=${encodeURIComponent(style)}`), choices()).style, "spagnole", style);
      assert.equal(fromUrl(q(`new=biscambiggia&style=${encodeURIComponent(style)}`), choices()).style, "genovesi", style);
      assert.equal(fromUrl(q(`new=brisca&style=${encodeURIComponent(style)}`), mine).style, "siciliane", style);
    }
  });

  test("a speed that does not exist is the remembered one", () => {
    assert.equal(fromUrl(q("new=classica&speed=constructor"), choices({ speed: "lenta" })).speed, "lenta");
  });

  test("a number of players the game does not have is explained, never replaced (issue 24)", () => {
    for (const [variant, players] of [["brisca", "5"], ["classica", "9"], ["chiamata", "4"], ["brisca", "1"], ["brisca", "007"], ["classica", "99999"]]) {
      assert.deepEqual(fromUrl(q(`new=${variant}&players=${players}&seed=7`), choices()).error,
        { code: "bad_setting", setting: "players", value: players, choices: VARIANTS[variant].players, variant });
    }
    for (const players of ["x", "", "2.0", "-3", "1e1", "0x3"]) {  // not a count at all: "a whole number is needed"
      assert.deepEqual(fromUrl(q(`new=classica&players=${encodeURIComponent(players)}`), choices()).error,
        { code: "bad_setting", setting: "players", value: players, choices: [] }, players);
    }
  });

  test("no number of players asked: the game's first; Brisca for three from a link", () => {
    assert.equal(fromUrl(q("new=chiamata"), choices()).settings.players, 5);
    assert.equal(fromUrl(q("new=brisca"), choices()).settings.players, 2);
    const s = fromUrl(q("new=brisca&players=3&seed=4"), choices()).settings;
    assert.deepEqual([s.variant, s.players, s.format.kind, s.options.removed_two], ["brisca", 3, "first_to", "2S"]);
  });

  test("the level: the link's if it exists, else an error; none asked, the remembered one", () => {
    for (const level of [...PROTOTYPE_NAMES, "imbattibile"]) {
      assert.deepEqual(fromUrl(q(`new=classica&level=${encodeURIComponent(level)}`), choices()).error,
        { code: "bad_setting", setting: "level", value: level, choices: LEVELS });
    }
    assert.equal(fromUrl(q("new=classica"), choices({ level: "principiante" })).settings.level, "principiante");
  });

  test("any whole number is a seed; past 2^53 it travels as text", () => {
    const seed = (text) => fromUrl(q(`new=classica&seed=${text}`), choices()).settings.seed;
    assert.equal(seed("-5"), -5);
    assert.equal(seed("0"), 0);
    assert.equal(seed("1234567890123456"), 1234567890123456);
    assert.equal(seed("9007199254740993"), "9007199254740993");  // 2^53 + 1: a number would lose the 3
    assert.equal(seed("98765432109876543210"), "98765432109876543210");
  });

  test("anything else is not a seed", () => {
    for (const text of ["abc", "1.5", "1e9", "0x10", " 7", "1".repeat(31)]) {
      const link = fromUrl(q(`new=classica&seed=${encodeURIComponent(text)}`), choices());
      assert.deepEqual(link.error, { code: "bad_setting", setting: "seed", value: text.trim(), choices: [] }, text);
    }
  });

  test("no seed: a fresh one each time, a whole number", () => {
    const seed = fromUrl(q("new=classica"), choices()).settings.seed;
    assert.ok(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31, String(seed));
  });

  test("a clock only when the link asks, in whole seconds", () => {
    assert.deepEqual(fromUrl(q("new=classica"), choices({ move_s: 30 })).settings.format.move_ms, undefined);
    const fmt = fromUrl(q("new=classica&move=45&match=600"), choices()).settings.format;
    assert.equal(fmt.move_ms, 45_000);
    assert.equal(fmt.match_ms, 600_000);
    for (const [query, setting] of [["move=0", "clock_move"], ["move=3601", "clock_move"], ["move=1.5", "clock_move"],
      ["match=86401", "clock_match"], ["match=-1", "clock_match"]]) {
      assert.equal(fromUrl(q(`new=classica&${query}`), choices()).error?.setting, setting, query);
    }
  });

  test("a huge value is quoted cut", () => {
    const value = fromUrl(q(`new=${"x".repeat(10_000)}`), choices()).error.value;
    assert.equal(value.length, 40);
    assert.ok(value.endsWith("…"));
  });
});

describe("recordLink (?record= and an imported file)", () => {
  test("a link's text goes to the engine as it is, unless it is too big", () => {
    assert.deepEqual(recordLink("eJxLTEoGAAJNASc", "link"), { arg: { link: "eJxLTEoGAAJNASc" } });
    assert.deepEqual(recordLink("x".repeat(LIMITS.record + 1), "link"), { error: { code: "bad_record", reason: "too_big" } });
    assert.deepEqual(recordLink(null, "link"), { error: { code: "bad_record", reason: "too_big" } });
  });

  test("a file's text is parsed here, deep or broken JSON never reaching Python", () => {
    assert.deepEqual(recordLink('{"deal": [1]}', "file"), { arg: { record: { deal: [1] } } });
    assert.deepEqual(recordLink("[".repeat(8000) + "]".repeat(8000), "file"), { error: { code: "bad_record", reason: "too_deep" } });
    assert.deepEqual(recordLink("{nope", "file"), { error: { code: "bad_record", reason: "bad_json" } });
    assert.deepEqual(recordLink(" ".repeat(LIMITS.record + 1), "file"), { error: { code: "bad_record", reason: "too_big" } });
  });
});

describe("relayFromUrl", () => {
  test("none: the default relays; local, ws:// or wss:// addresses, each relay= one, as a list", () => {
    assert.equal(relayFromUrl(q("host=classica")), null);
    for (const relay of ["local", "ws://127.0.0.1:8765", "wss://relay.example.org/briscola", "ws://[::1]:9000/"]) {
      assert.deepEqual(relayFromUrl(q(`relay=${encodeURIComponent(relay)}`)), [relay]);
    }
    assert.deepEqual(relayFromUrl(q("relay=ws://127.0.0.1:1&relay=wss://relay.example.org&relay=ws://127.0.0.1:1")),
      ["ws://127.0.0.1:1", "wss://relay.example.org"]);
  });

  test("local is alone or an error; one bad relay among good ones is an error", () => {
    assert.equal(relayFromUrl(q("relay=local&relay=ws://127.0.0.1:1")).error?.setting, "relay");
    assert.equal(relayFromUrl(q("relay=ws://127.0.0.1:1&relay=http://x")).error?.setting, "relay");
  });

  test("anything else is an error", () => {
    for (const relay of ["javascript:alert(1)", "http://relay.example.org", "wss://a b", "wss://x/<script>", "", "LOCAL"]) {
      assert.equal(relayFromUrl(q(`relay=${encodeURIComponent(relay)}`)).error?.setting, "relay", relay);
    }
  });
});

describe("hostFromUrl (?host=)", () => {
  test("no link, no table", () => {
    assert.equal(hostFromUrl(q("new=classica"), choices()), null);
  });

  test("the ?new= match, online, with the first k seats people (the host's at 0)", () => {
    const link = hostFromUrl(q("host=classica&players=4&people=3&seed=9&relay=local"), choices());
    assert.deepEqual(link.relay, ["local"]);
    assert.deepEqual(link.settings.people, [0, 1, 2]);
    assert.equal(link.settings.online, true);
    assert.equal(link.settings.seed, 9);
    assert.equal(hostFromUrl(q("host=brisca"), choices()).settings.people.length, 2);  // two people unless told
  });

  test("a count of people the table cannot seat is an error", () => {
    for (const people of ["0", "5", "-1", "x", "2.0", "002"]) {
      assert.deepEqual(hostFromUrl(q(`host=classica&players=4&people=${people}`), choices()).error,
        { code: "bad_setting", setting: "people", value: people, choices: [] }, people);
    }
  });

  test("the ?new= link's own errors and a bad relay come back as they are", () => {
    assert.equal(hostFromUrl(q("host=constructor"), choices()).error.setting, "variant");
    assert.equal(hostFromUrl(q("host=classica&relay=ftp://x"), choices()).error.setting, "relay");
  });
});
