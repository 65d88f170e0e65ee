// The page's words: strings/lookup.js (the language, t and its placeholders and fallbacks), the
// entry point strings/i18n.js, every table merged, and the rules screen's markup (screens/rules.js)
// asking only for texts that exist. tests/engine/string_tables.py checks the tables themselves
// (one layout, the same keys and placeholders in every language) and against the engine.
import "./page-globals.mjs";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { after, beforeEach, describe, test } from "node:test";
import * as i18n from "../../static/strings/i18n.js";
import * as lookup from "../../static/strings/lookup.js";
import * as tournamentNames from "../../static/strings/tournament-names.js";
import * as translate from "../../static/strings/translate.js";
import { rulesHtml } from "../../static/screens/rules.js";
import { RULES_STRINGS } from "../../static/strings/rules-text.js";
import { VARIANTS } from "../../static/engine/rules-data.js";
import { explain } from "../../static/strings/explain.js";
import { fromUrl } from "../../static/boot/links.js";
import { vetChoices } from "../../static/screens/setup.js";

const { addStrings, chooseLanguage, hasText, language, preferredLanguage, reasonText, setLanguage, t } = lookup;
const LANGS = ["it", "en", "es"];
const STRINGS_DIR = new URL("../../static/strings/", import.meta.url);
const SCREENS_DIR = new URL("../../static/screens/", import.meta.url);

/** Every table of texts: each strings/ module's `<CONCERN>_STRINGS` export, by file. */
async function tables() {
  const out = {};
  for (const file of readdirSync(STRINGS_DIR).filter((f) => f.endsWith(".js")).sort()) {
    const module = await import(new URL(file, STRINGS_DIR).href);
    for (const [name, table] of Object.entries(module)) if (name.endsWith("_STRINGS")) out[`${file} ${name}`] = table;
  }
  return out;
}

beforeEach(() => {
  setLanguage("it");
  localStorage.clear();
});
after(() => setLanguage("it"));

describe("t", () => {
  test("the text in the current language", () => {
    assert.equal(t("seat_name", { n: 3 }), "Giocatore 3");
    setLanguage("en");
    assert.equal(t("seat_name", { n: 3 }), "Player 3");
    setLanguage("es");
    assert.equal(language(), "es");
    assert.equal(document.documentElement.lang, "es");
  });

  test("a placeholder without its value stays as written; only own values fill it", () => {
    assert.equal(t("seat_name"), "Giocatore {n}");
    assert.equal(t("seat_name", Object.create({ n: 5 })), "Giocatore {n}");
    assert.equal(t("seat_name", { n: "<b>" }), "Giocatore <b>");  // t makes text; markup escapes it (dom/html.js)
    assert.equal(t("seat_name", { n: 0 }), "Giocatore 0");
  });

  test("a key without a text is itself, even one every object has", () => {
    for (const key of ["no_such_key", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
      assert.equal(t(key), key);
      assert.equal(hasText(key), false, key);
    }
    setLanguage("en");
    assert.equal(t("constructor"), "constructor");
  });

  test("a language the page does not speak is Italian", () => {
    for (const code of ["fr", "constructor", "__proto__", "", null, "EN"]) {
      setLanguage("en");
      setLanguage(code);
      assert.equal(language(), "it", String(code));
    }
  });

  test("the language event goes out only on a change", () => {
    const sent = [];
    const before = document.dispatchEvent;
    document.dispatchEvent = (e) => sent.push([e.type, e.detail]);
    try {
      setLanguage("it");
      setLanguage("en");
      setLanguage("en");
    } finally {
      document.dispatchEvent = before;
    }
    assert.deepEqual(sent, [["briscola:language", "en"]]);
  });

  test("refusals, cards and names worded", () => {
    assert.equal(reasonText({ reason: "too_deep" }), t("reason_too_deep"));
    for (const error of [{ reason: "constructor" }, { reason: "nope" }, {}, null]) assert.equal(reasonText(error), t("reason_invalid"));
    assert.equal(lookup.cardName("AS"), "Asso di spade");
    assert.deepEqual([lookup.theCard("AS"), lookup.theCard("2C")], ["l'Asso di spade", "il Due di coppe"]);
    assert.deepEqual([lookup.joinNames([]), lookup.joinNames(["a"]), lookup.joinNames(["a", "b", "c"])], ["", "a", "a, b e c"]);
    setLanguage("en");
    assert.deepEqual([lookup.theCard("AS"), lookup.joinNames(["a", "b"])], ["the Ace of Swords", "a and b"]);
  });

  test("cards named in the words of the deck, with the article of the word", () => {
    const said = (style) => ["AD", "QC", "JB", "KS", "7D"].map((code) => lookup.theCard(code, style));
    assert.deepEqual(said("genovesi"), ["l'Asso di quadri", "la Donna di cuori", "il Fante di fiori", "il Re di picche", "il Sette di quadri"]);
    assert.deepEqual(said("napoletane"), ["l'Asso di denari", "il Cavallo di coppe", "il Fante di bastoni", "il Re di spade", "il Sette di denari"]);
    assert.deepEqual(said("spagnole"), said("piacentine"));
    setLanguage("en");
    assert.deepEqual(said("toscane"), ["the Ace of Diamonds", "the Queen of Hearts", "the Jack of Clubs", "the King of Spades", "the Seven of Diamonds"]);
    assert.deepEqual(said("spagnole"), ["the Ace of Coins", "the Knight of Cups", "the Knave of Clubs", "the King of Swords", "the Seven of Coins"]);
    setLanguage("es");
    assert.deepEqual(said("francesi"), ["el As de diamantes", "la Reina de corazones", "la Jota de tréboles", "el Rey de picas", "el Siete de diamantes"]);
    assert.deepEqual(said("spagnole"), ["el As de oros", "el Caballo de copas", "la Sota de bastos", "el Rey de espadas", "el Siete de oros"]);
  });

  test("the deck in play (<html data-style>) names the cards, the suits and the ranks", () => {
    const html = document.documentElement;
    try {
      html.dataset.style = "genovesi";
      assert.deepEqual([lookup.cardName("QC"), t("suit_S"), t("rank_J"), lookup.cardName("QC", "napoletane")],
        ["Donna di cuori", "picche", "Fante", "Cavallo di coppe"]);
      assert.deepEqual([t("bid_Q"), t("bid_A"), t("bid_2_points", { points: 61 })], ["la donna", "l'asso", "il due a 61"]);
      setLanguage("es");
      assert.deepEqual([lookup.theCard("JD"), t("bid_J"), t("suit_B")], ["la Jota de diamantes", "la jota", "tréboles"]);
      setLanguage("it");
      html.dataset.style = "bergamasche";
      assert.deepEqual([lookup.cardName("QC"), t("suit_S")], ["Cavallo di coppe", "spade"]);
    } finally {
      delete html.dataset.style;
    }
  });
});

describe("the language a visit starts in", () => {
  const browser = (languages) => Object.assign(navigator, { languages, language: languages[0] ?? "" });
  after(() => browser(["it-IT"]));

  test("the remembered one, if the page speaks it", () => {
    browser(["en-US"]);
    localStorage.setItem("briscola:lang", "es");
    assert.equal(preferredLanguage(), "es");
  });

  test("a remembered language that does not exist: the browser's first the page speaks, else Italian", () => {
    for (const value of ["constructor", "__proto__", "toString", "xx", "EN"]) {
      localStorage.setItem("briscola:lang", value);
      browser(["fr-FR", "es-ES", "en-GB"]);
      assert.equal(preferredLanguage(), "es", value);
      browser(["de-DE"]);
      assert.equal(preferredLanguage(), "it", value);
      browser(["it-IT"]);
      assert.equal(preferredLanguage(), "it", value);
    }
  });

  test("chooseLanguage remembers the language it switched to", () => {
    chooseLanguage("en");
    assert.equal(localStorage.getItem("briscola:lang"), "en");
    chooseLanguage("constructor");
    assert.equal(localStorage.getItem("briscola:lang"), "it");
  });
});

describe("the tables", () => {
  test("the lookup merges every table, and no key is in two", async () => {
    const all = await tables();
    assert.ok(Object.keys(all).length > 10, Object.keys(all).join(", "));
    // A table reaches the page one way: the lookup merges it at once (the first screen's words), or
    // once the page has started (later-texts.js LATER_TABLES, merged by page-globals.mjs here as by
    // textsReady on the page), or it comes with the one screen module that uses it, which adds it as
    // it loads (`addStrings(X_STRINGS)`, boot/later.js): added here as that module does.
    const screens = readdirSync(SCREENS_DIR).filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(new URL(f, SCREENS_DIR), "utf8")).join("\n");
    const atOnce = readFileSync(new URL("lookup.js", STRINGS_DIR), "utf8"), after = readFileSync(new URL("later-texts.js", STRINGS_DIR), "utf8");
    const where = {};
    for (const [name, table] of Object.entries(all)) {
      assert.deepEqual(Object.keys(table), LANGS, name);
      const exported = name.split(" ")[1];
      const ways = [atOnce.includes(`${exported},`) || atOnce.includes(`${exported}]`), after.includes(`${exported},`) || after.includes(`${exported}]`),
        screens.includes(`addStrings(${exported})`)];
      assert.equal(ways.filter(Boolean).length, 1, `${name}: merged at once, later, by a screen: ${ways}`);
      if (!hasText(Object.keys(table.it)[0])) {
        assert.ok(screens.includes(`addStrings(${exported})`), `${name}: neither merged by the lookup nor added by a screen`);
        addStrings(table);
      }
      for (const key of Object.keys(table.it)) {
        assert.equal(where[key], undefined, `${key} is in ${where[key]} and in ${name}`);
        where[key] = name;
      }
      for (const lang of LANGS) {
        setLanguage(lang);
        for (const [key, text] of Object.entries(table[lang])) assert.equal(t(key), text, `${name} ${lang} ${key}`);
      }
    }
    assert.ok(Object.keys(where).length > 600);
  });

  test("the entry point exports all of the lookup, the translation and the tournament's names", () => {
    for (const [file, module] of [["lookup.js", lookup], ["translate.js", translate], ["tournament-names.js", tournamentNames]]) {
      const own = Object.entries(module).filter(([name]) => !name.endsWith("_STRINGS"));
      assert.ok(own.length, file);
      for (const [name, value] of own) assert.equal(i18n[name], value, `${file} ${name}`);
    }
  });
});

describe("the rules screen's markup (screens/rules.js)", () => {
  test("every game's rules, in every language, ask only for texts that exist and fill every placeholder", () => {
    assert.deepEqual(Object.keys(VARIANTS).sort(), ["biscambiggia", "brisca", "chiamata", "classica"]);
    for (const lang of LANGS) {
      setLanguage(lang);
      for (const game of Object.keys(VARIANTS)) {
        const text = rulesHtml(game).replace(/<[^>]*>/g, " ");
        assert.deepEqual(text.match(/\b\w+_\w+\b/g), null, `${lang} ${game}: a key without a text`);
        assert.deepEqual(text.match(/\{\w+\}/g), null, `${lang} ${game}: a placeholder not filled`);
      }
    }
  });

  test("the table of ranks and the texts name the court cards alike, in the deck's words (issue 24)", () => {
    const ranks = (html) => [...html.matchAll(/<tr data-rank="([JQK])"><th scope="row">([^<]*)</g)].map((m) => m[2]);
    const words = {  // [language, deck]: the table's Re/Cavallo/Fante, then words the texts must and must not say
      "it napoletane": [["Re", "Cavallo", "Fante"], ["il cavallo", "re, cavallo, fante"], ["donna"]],
      "it genovesi": [["Re", "Donna", "Fante"], ["la donna", "re, donna, fante"], ["cavallo,", "il cavallo"]],
      "en toscane": [["King", "Queen", "Jack"], ["the queen", "king, queen, jack"], ["knight"]],
      "en piacentine": [["King", "Knight", "Knave"], ["the knight", "king, knight, knave"], ["queen"]],
      "es spagnole": [["Rey", "Caballo", "Sota"], ["el caballo", "rey, caballo, sota"], ["reina"]],
      "es francesi": [["Rey", "Reina", "Jota"], ["la reina", "rey, reina, jota"], ["el caballo"]],
    };
    for (const [where, [table, say, never]] of Object.entries(words)) {
      const [lang, style] = where.split(" ");
      setLanguage(lang);
      for (const game of ["classica", "chiamata"]) {
        const html = rulesHtml(game, style);
        assert.deepEqual(ranks(html), table, `${where} ${game}`);
        const text = html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");
        if (game === "classica") assert.ok(text.includes(say[0]), `${where}: ${say[0]}`);
        if (game === "chiamata") assert.ok(text.includes(say[1]), `${where}: ${say[1]}`);
        for (const word of never) assert.ok(!text.includes(word), `${where} ${game}: ${word}`);
      }
    }
    setLanguage("it");
    assert.deepEqual(ranks(rulesHtml("biscambiggia")), ["Re", "Donna", "Fante"]);  // no form: the game's own deck
    assert.deepEqual(ranks(rulesHtml("brisca")), ["Re", "Cavallo", "Fante"]);  // the Spanish deck, said in Italian
  });

  test("the page's labels the rules quote are the page's own texts, in every language, not the rules'", async () => {
    const quoted = new Set(Object.values(RULES_STRINGS.it).flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])));
    assert.ok(quoted.size > 5);
    const all = Object.values(await tables());
    for (const name of quoted) {
      assert.ok(hasText(name), name);
      for (const lang of LANGS) {
        assert.equal(Object.hasOwn(RULES_STRINGS[lang], name), false, `${lang} ${name}`);
        assert.ok(all.some((table) => Object.hasOwn(table[lang], name)), `${lang} ${name}`);
      }
    }
  });
});

describe("explain: a refused link in the player's words", () => {
  // (the link's query, the language, what the message says); tests/e2e/test_impatient.py shows two
  // of them over the setup screen, the saved match untouched
  const REFUSED = [
    ["new=__proto__&players=2&seed=7", "it", ["Impostazioni non valide", "«__proto__»"]],
    ["new=nonsense", "en", ["Invalid settings", "“nonsense”", "Classic Briscola, Brisca (Spanish)"]],
    ["new=brisca&players=5&seed=7", "it", ["Impostazioni non valide — Brisca (spagnola) si gioca in 2, 3 o 4, non in 5."]],
    ["new=brisca&players=5&seed=7", "en", ["Invalid settings — Brisca (Spanish) is played by 2, 3, or 4 players, not 5."]],
    ["new=classica&players=9&seed=7&level=esperto", "es", ["Ajustes no válidos — Briscola clásica se juega con 2, 3 o 4 jugadores, no con 9."]],
    ["new=chiamata&players=cinque", "it", ["Giocatori", "«cinque»", "numero intero"]],
  ];
  for (const [query, lang, words] of REFUSED) {
    test(`${query} (${lang})`, () => {
      const { error } = fromUrl(new URLSearchParams(query), vetChoices({}));
      setLanguage(lang);
      const said = explain(error);
      for (const w of words) assert.ok(said.includes(w), `${w} not in: ${said}`);
    });
  }

  test("an error the page has no words for is still said, never as the engine's text", () => {
    assert.equal(explain({ code: "no_such_code", message: "Traceback ..." }), t("err_unknown", { detail: reasonText({}) }));
  });
});
