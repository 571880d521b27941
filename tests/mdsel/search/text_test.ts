import assert from "node:assert/strict";
import {
  cjkBigrams,
  normalizeText,
  searchTerms,
  wordSequence,
} from "../../../mdsel/search/text.ts";

Deno.test("text is read as a reader sees it: NFC, no zero-width characters, no soft hyphens", () => {
  const composed = "résumé";
  assert.equal(normalizeText("re\u0301sume\u0301"), composed);
  assert.equal(normalizeText("r\u200Bé\u200Csu\u200Dm\u2060é\uFEFF"), composed);
  assert.equal(normalizeText("hy\u00ADphen"), "hyphen");
  assert.deepEqual(searchTerms("re\u0301sume\u0301 zero\u200Bwidth"), ["résumé", "zerowidth"]);
});

Deno.test("identifiers with punctuation are terms as written and by their parts", () => {
  const table: [string, string[]][] = [
    ["import.meta.env", ["import.meta.env", "import", "meta", "env"]],
    ["@astrojs/node", ["@astrojs/node", "astrojs", "node"]],
    ["getStaticPaths()", ["getstaticpaths", "get", "static", "paths"]],
    ["bun:sqlite", ["bun:sqlite", "bun", "sqlite"]],
    ["--frozen-lockfile", ["--frozen-lockfile", "frozen", "lockfile"]],
    [".env", [".env", "env"]],
    ["package.json.", ["package.json", "package", "json"]],
    ["std::vector", ["std::vector", "std", "vector"]],
    // One letter or digit alone is no part of its own: it would match any name. A version is
    // also a term without its v.
    ["v2.0", ["v2.0", "2.0", "v2", "0"]],
    ["7.14.0", ["7.14.0", "7", "14", "0"]],
    ["so-called", ["so-called", "so", "called"]],
  ];
  for (const [text, terms] of table) assert.deepEqual(searchTerms(text), terms, text);
});

Deno.test("Chinese and Japanese runs are searched by characters and bigrams", () => {
  const terms = searchTerms("東京タワーについて");
  for (const wanted of ["東京", "タワ", "ワー"]) assert.ok(terms.includes(wanted), wanted);
  assert.deepEqual(searchTerms("Vue组件"), ["vue", "组", "组件", "件"]);
  assert.deepEqual(cjkBigrams("タワー"), ["タワ", "ワー"]);
  // A phrase's words, each character a word of its own.
  assert.ok(wordSequence("東京タワーについて").includes(wordSequence("タワー")));
  assert.ok(!wordSequence("東京のタワー").includes(wordSequence("東京タワー")));
});
