// The file field: a file's name and folder as words, the size kept in its
// search data, and the quick test that spares reading the terms of names a
// query cannot reach (it must never say no to a name the matcher reaches).
import assert from "node:assert/strict";
import { fileTerms, fileTermsOf, fileWords } from "../../../mdsel/search/file_words.ts";
import { fileMatcher, termMatcher, termSpecs } from "../../../mdsel/search/match.ts";
import { parseQuery } from "../../../mdsel/search/query.ts";
import { searchTerms } from "../../../mdsel/search/text.ts";
import { parseDocument } from "../../../mdsel/parse/markdown_nodes.ts";
import { searchData } from "../../../mdsel/search/data.ts";
import { searchDataOf, searchRecordOf } from "../../../mdsel/cache/search_record.ts";

Deno.test("file words: the last two parts of the path, its extension dropped", () => {
  const cases: [string, string][] = [
    ["docs/runtime/sqlite.mdx", "runtime sqlite"],
    ["/abs/pages/common/tar.md", "common tar"],
    ["C:\\docs\\guide\\intro.md", "guide intro"],
    ["./intro.md", "intro"],
    ["docs//api/./fetch.md", "api fetch"],
    ["README", "README"],
    ["v1.2/notes.v2.md", "v1.2 notes.v2"],
    [".hidden", ""],
    ["a/.md", "a"],
    ["dir/", "dir"],
    ["a/../b.md", ".. b"],
    [" sp /x .md", "sp  x"],
  ];
  for (const [path, words] of cases) assert.equal(fileWords(path), words, path);
});

Deno.test("file words: the size counts distinct terms, as the ranking cuts them", () => {
  const names: string[] = [];
  const counts: number[] = [];
  for (
    const words of ["runtime sqlite", "cli bun-cli", "api fetchApi fetch-api", "東京 タワー", ""]
  ) {
    const size = fileTerms(words, names, counts);
    assert.deepEqual(names, [...new Set(searchTerms(words))], words);
    assert.equal(size, names.length);
    assert.equal(counts.reduce((a, b) => a + b, 0), searchTerms(words).length);
  }
});

Deno.test("file words: search data keeps them, and its record gives them back", () => {
  const doc = parseDocument("# Tar\n\nArchive files.\n", "tar", "pages/common/tar.md");
  const data = searchData(doc);
  assert.deepEqual(data.file, fileTermsOf("pages/common/tar.md"));
  const back = searchDataOf(JSON.parse(JSON.stringify(searchRecordOf(data))), new Map());
  assert.deepEqual(back.file, data.file);
  // A record written before the field existed reads back without it.
  const { f: _, ...old } = searchRecordOf(data);
  assert.equal(searchDataOf(old, new Map()).file, undefined);
});

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test("file words: the quick test never refuses a name the matcher reaches", () => {
  const next = random(7);
  const letters = "abcdeilnorstu";
  const word = (min: number, max: number) => {
    const length = min + Math.floor(next() * (max - min + 1));
    return Array.from({ length }, () => letters[Math.floor(next() * letters.length)]).join("");
  };
  const joiners = ["-", "_", ".", ""];
  let reached = 0;
  let refused = 0;
  for (let q = 0; q < 200; q++) {
    const query = Array.from({ length: 1 + Math.floor(next() * 3) }, () => word(3, 7)).join(" ");
    const specs = termSpecs(parseQuery(query));
    const match = termMatcher(specs);
    const mayReach = fileMatcher(specs);
    for (let n = 0; n < 100; n++) {
      // A name near the query's words: one of them, edited, cased, joined to another.
      const base = query.split(" ")[Math.floor(next() * query.split(" ").length)];
      const edit = Math.floor(next() * base.length);
      const variants = [
        base,
        base.slice(0, edit) + base.slice(edit + 1),
        base.slice(0, edit) + "x" + base.slice(edit),
        base.slice(0, edit) + "z" + base.slice(edit + 1),
        base.toUpperCase(),
        word(2, 8),
      ];
      const name = variants[Math.floor(next() * variants.length)] +
        joiners[Math.floor(next() * joiners.length)] + word(0, 6);
      const words = `${word(2, 6)} ${name}`;
      const reaches = searchTerms(words).some((term) => match(term).length > 0);
      if (reaches) {
        reached++;
        assert.ok(mayReach(words), `"${words}" reaches "${query}" but the test refused it`);
      } else if (!mayReach(words)) refused++;
    }
  }
  // The cases meant to reach do, and the test does refuse some names.
  assert.ok(reached > 2000, `${reached}`);
  assert.ok(refused > 1000, `${refused}`);
});

Deno.test("file words: names that are not ASCII always pass the quick test", () => {
  const mayReach = fileMatcher(termSpecs(parseQuery("cafe")));
  assert.ok(mayReach("menu café"));
  assert.ok(mayReach("ｃａｆｅ"));
  assert.ok(!mayReach("menu tea"));
});
