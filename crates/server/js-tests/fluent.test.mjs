// The page's Fluent formatter (assets/fluent.js) and language choice (assets/i18n.js), in node.
// `cargo test -p martian-server --test fluent_js` runs this file with FLUENT_CASES naming the
// messages of both languages formatted by the Rust program (fluent-bundle) with many arguments:
// the page must format every one of them the same way.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { FluentBundle } from "../assets/fluent.js";
import { pickLang, langOf } from "../assets/i18n.js";

const LOCALES = new URL("../../i18n/locales/", import.meta.url);
const source = (tag) => readFileSync(new URL(`${tag}.ftl`, LOCALES), "utf8");

function bundle(tag, text) {
  const b = new FluentBundle(tag);
  const errors = b.addResource(text);
  return { b, errors };
}

test("both message files parse without errors and define the same messages", () => {
  const en = bundle("en", source("en"));
  const pt = bundle("pt-BR", source("pt-BR"));
  assert.deepEqual(en.errors, []);
  assert.deepEqual(pt.errors, []);
  assert.deepEqual([...en.b.messages.keys()].sort(), [...pt.b.messages.keys()].sort());
  assert.ok([...en.b.messages.keys()].filter((id) => id.startsWith("web-")).length > 50);
});

test("plurals and genders follow each language", () => {
  const { b: en } = bundle("en", source("en"));
  const { b: pt } = bundle("pt-BR", source("pt-BR"));
  assert.equal(pt.format("web-take", { face: "chicken", count: 1 }), "Pegar 1 galinha");
  assert.equal(pt.format("web-take", { face: "chicken", count: 3 }), "Pegar 3 galinhas");
  assert.equal(en.format("web-take", { face: "death-ray", count: 2 }), "Take 2 death rays");
  // Portuguese puts 0 in "one": the explicit [0] variants come first.
  assert.equal(pt.format("web-stop", { points: 0 }), "Parar e marcar 0 pontos");
  assert.equal(pt.format("web-stop", { points: 1 }), "Parar e marcar 1 ponto");
  assert.equal(en.format("web-stop", { points: 0 }), "Stop and score 0 points");
  assert.equal(pt.format("web-dice-left", { count: 0 }), "não sobra nenhum dado");
  assert.equal(pt.format("web-dice-left", { count: 1 }), "sobra 1 dado");
  assert.equal(
    pt.format("web-scored", { name: "Ana", points: 7, end: "stop" }),
    "Ana marcou 7 pontos (parou)",
  );
  assert.equal(
    pt.format("web-rules-summary", { dice: 13, target: 25, bonus: "one-of-each", end: "complete-round", tie: "roll-off" }),
    "Dados: 13 · Pontuação-alvo: 25 · um humano, uma vaca e uma galinha (oficial) · completar a rodada (oficial) · desempate nos raios da morte (oficial)",
  );
});

test("a missing message shows its id, a missing variable its name, an unknown value the default", () => {
  const { b } = bundle("en", source("en"));
  assert.equal(b.format("no-such-message"), "no-such-message");
  assert.equal(b.format("web-winner"), "{$name} wins!");
  assert.equal(b.format("web-quick-message", { message: "shout" }), "…");
  assert.equal(b.format("web-error", { code: "brand_new", detail: "x" }), "Something went wrong: x");
});

test("the syntax: multiline values, nested selects, numeric keys, references, literals, junk", () => {
  const { b, errors } = bundle(
    "en",
    [
      "# a comment",
      "block =",
      "    First line",
      "      indented more",
      "",
      "    after a blank line",
      "inline = Text { $x } more   ",
      "nested = { $a ->",
      "    [x] { $n ->",
      "        [0] zero",
      "        [one] one { $n }",
      "       *[other] many { $n }",
      "    }",
      "   *[y] why",
      "}",
      "literal = { \"[\" }{ \"\\u00e9\\\\\" } { 1.50 } { \"\" }end",
      "ref = <{ inline }>",
      "-term = Term { $case ->",
      "    [lower] term",
      "   *[upper] TERM",
      "}",
      "use-term = { -term(case: \"lower\") } and { -term }",
      "cycle-a = a { cycle-b }",
      "cycle-b = b { cycle-a }",
      "broken = { $x ->",
      "    [a] no default",
      "}",
      "after-broken = still here",
      "attrs-only =",
      "    .title = T",
      "missing-ref = { no-such } { -no-term } { FUNC() }",
      "",
    ].join("\n"),
  );
  assert.equal(errors.length, 1, errors.join("; "));
  assert.equal(b.format("block"), "First line\n  indented more\n\nafter a blank line");
  assert.equal(b.format("inline", { x: 5 }), "Text 5 more");
  assert.equal(b.format("nested", { a: "x", n: 0 }), "zero");
  assert.equal(b.format("nested", { a: "x", n: 1 }), "one 1");
  assert.equal(b.format("nested", { a: "x", n: 2.5 }), "many 2.5");
  assert.equal(b.format("nested", { a: "z", n: 1 }), "why");
  assert.equal(b.format("literal"), "[é\\ 1.50 end");
  assert.equal(b.format("ref", { x: "y" }), "<Text y more>");
  assert.equal(b.format("use-term", { case: "ignored" }), "Term term and Term TERM");
  assert.match(b.format("cycle-a"), /^a b .*\{\?\?\?\}/);
  assert.equal(b.format("broken"), "broken");
  assert.equal(b.format("after-broken"), "still here");
  assert.equal(b.format("attrs-only"), "attrs-only");
  assert.equal(b.format("missing-ref"), "{no-such} {-no-term} {FUNC()}");
});

test("the page's language: the remembered choice, else the browser's, else English", () => {
  assert.equal(pickLang(null, ["pt-PT", "en"]), "pt-BR");
  assert.equal(pickLang(null, ["fr-FR", "en-US", "pt-BR"]), "en");
  assert.equal(pickLang(null, ["fr", "de"]), "en");
  assert.equal(pickLang(null, []), "en");
  assert.equal(pickLang("pt-BR", ["en-US"]), "pt-BR");
  assert.equal(pickLang("en", ["pt-BR"]), "en");
  assert.equal(pickLang("klingon", ["pt"]), "pt-BR");
  assert.equal(langOf("pt_BR.UTF-8"), "pt-BR");
  assert.equal(langOf("EN"), "en");
  assert.equal(langOf(undefined), null);
});

test("every message formats as the Rust program formats it", { skip: !process.env.FLUENT_CASES && "FLUENT_CASES is set by cargo test -p martian-server --test fluent_js" }, () => {
  const cases = JSON.parse(readFileSync(process.env.FLUENT_CASES, "utf8"));
  const bundles = { en: bundle("en", source("en")).b, "pt-BR": bundle("pt-BR", source("pt-BR")).b };
  const wrong = [];
  for (const { lang, id, args, expected } of cases) {
    const actual = bundles[lang].format(id, args);
    if (actual !== expected) wrong.push({ lang, id, args, expected, actual });
  }
  assert.ok(cases.length > 1000, `only ${cases.length} cases`);
  assert.deepEqual(wrong.slice(0, 10), [], `${wrong.length} of ${cases.length} differ`);
});
