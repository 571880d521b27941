import assert from "node:assert/strict";
import { searchLines } from "../../../mdsel/commands/search_answer.ts";
import { SNIPPET_HITS } from "../../../mdsel/search/limits.ts";

/** Result `i` of a search of one file, `d.md`. */
const result = (i: number, snippet = "") => ({
  selector: `d::heading:h2[${i}]`,
  label: `h2.${i}`,
  file: "d.md",
  heading_path: ["T", `S${i}`],
  word_count: 10,
  start_line: i,
  end_line: i,
  score: 1,
  snippet,
});

Deno.test("a search's first line says how many matched and how many are shown", () => {
  const first = (matched: number, shown: number) =>
    searchLines({
      query: "q",
      matched,
      results: Array.from({ length: shown }, (_, i) => result(i)),
    })[0];
  // The call names the query: the first line says what was found.
  assert.equal(first(0, 0), "search: no section matches");
  assert.equal(first(1, 1), "search: 1 section matches");
  assert.equal(first(3, 3), "search: 3 sections match");
  assert.equal(first(40, 10), "search: the best 10 of 40 matching sections");
  assert.equal(first(40, 1), "search: the best of 40 matching sections");
  assert.equal(first(4, 2), "search: the best 2 of 4 matching sections");
});

Deno.test("a search result shows its size where the outline would: from MDSEL_SIZE_WORDS words", () => {
  const result = (words: number) => ({
    selector: "g::heading:h2[0]",
    label: "h2.0",
    file: "g.md",
    heading_path: ["Guide", "Abort"],
    word_count: words,
    start_line: 1,
    end_line: 9,
    score: 1,
    snippet: "",
  });
  const line = (words: number, sizeWords?: number) =>
    searchLines({ query: "q", matched: 1, results: [result(words)] }, sizeWords)[1];
  assert.equal(line(499), "h2.0 Guide > Abort");
  assert.equal(line(500), "h2.0 Guide > Abort [500 words]");
  assert.equal(line(12, 10), "h2.0 Guide > Abort [12 words]");
  assert.equal(line(9, 10), "h2.0 Guide > Abort");
});

Deno.test("over several files, a search's results come grouped under their file's path", () => {
  const result = (ns: string, file: string, i: number, title: string[]) => ({
    selector: `${ns}::heading:h2[${i}]`,
    label: `${ns}::h2.${i}`,
    file,
    heading_path: title,
    word_count: 10,
    start_line: i,
    end_line: i,
    score: 1,
    snippet: `text ${ns}${i}`,
  });
  const intro = { ...result("b", "api/b.md", 0, ["Page B"]), label: "b::intro" };
  assert.deepEqual(
    searchLines({
      query: "q",
      matched: 3,
      results: [
        result("a", "guide/a.md", 0, ["A", "One"]),
        result("a", "guide/a.md", 1, ["A", "Two"]),
        intro,
        { ...intro, label: "c::intro", file: "c.md", heading_path: [] },
      ],
    }).slice(1),
    [
      "guide/a.md",
      " a::h2.0 One",
      "   text a0",
      " a::h2.1 Two",
      "   text a1",
      "api/b.md",
      " b::intro Page B",
      "   text b0",
      "c.md",
      // The same text as a result above (docs that share a snippet file): not repeated.
      " c::intro (before the first heading)",
    ],
  );
});

Deno.test("past the first few results, a search shows headings without snippets", () => {
  const results = Array.from({ length: SNIPPET_HITS + 2 }, (_, i) => result(i, `text ${i}`));
  const lines = searchLines({ query: "q", matched: results.length, results }).slice(1);
  const snippets = lines.filter((line) => line.startsWith("  text "));
  assert.deepEqual(snippets, results.slice(0, SNIPPET_HITS).map((r) => `  ${r.snippet}`));
  // Every result keeps its line, selector first.
  assert.equal(lines.filter((line) => /^h2\.\d+ /.test(line)).length, results.length);
});
