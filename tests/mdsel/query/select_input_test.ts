import assert from "node:assert/strict";
import { parseSelectInput, SEARCH_HINT } from "../../../mdsel/query/select_input.ts";
import { SelectorSyntaxError } from "../../../mdsel/query/selector.ts";

// What developers type, tried on a real docs site: every one a search.
const SEARCHES: [string, string | null, string][] = [
  ["`getStaticPaths()`", null, "`getStaticPaths()`"],
  ['"content collections"', null, '"content collections"'],
  ["@astrojs/mdx integration", null, "@astrojs/mdx integration"],
  [".env variables", null, ".env variables"],
  ["package.json scripts", null, "package.json scripts"],
  ["astro.config.mjs options", null, "astro.config.mjs options"],
  ["import.meta.env", null, "import.meta.env"],
  ["Astro.props type", null, "Astro.props type"],
  ["v2.0 breaking changes", null, "v2.0 breaking changes"],
  ["tables?", null, "tables?"],
  ["code examples", null, "code examples"],
  ["table of contents", null, "table of contents"],
  ["root cause", null, "root cause"],
  ["quote styling", null, "quote styling"],
  ["h1 styling", null, "h1 styling"],
  ["node:fs readFile", null, "node:fs readFile"],
  ["process.argv[2]", null, "process.argv[2]"],
  ["foo[0]", null, "foo[0]"],
  ["section 3 of the guide", null, "section 3 of the guide"],
  ["code, examples", null, "code, examples"],
  ["heading: how to write one", null, "heading: how to write one"],
  // A prefix alone is no selector: the word (a block editor's docs say "block" often).
  ["block", null, "block"],
  ["Heading", null, "Heading"],
  ["notion::block", "notion", "block"],
  ["  how do I abort a request?  ", null, "how do I abort a request?"],
  ["readme::abort request", "readme", "abort request"],
  ["README :: code examples", "readme", "code examples"],
  ["std::vector", "std", "vector"],
  ["東京タワー", null, "東京タワー"],
  // Names every JavaScript object has are words, not block types.
  ["constructor", null, "constructor"],
  ["Constructor", null, "Constructor"],
  ["toString", null, "toString"],
  ["__proto__", null, "__proto__"],
  ["hasOwnProperty", null, "hasOwnProperty"],
];

Deno.test("text that is no selector and does not start like one is a search", () => {
  for (const [input, namespace, query] of SEARCHES) {
    assert.deepEqual(parseSelectInput(input), { kind: "search", namespace, query }, input);
  }
});

Deno.test("text that parses as selectors is selectors, type names alone included", () => {
  const counts: [string, number][] = [
    ["h2.0", 1],
    ["code", 1],
    ["table", 1],
    ["root", 1],
    ["h1 . 0 / quote", 1],
    ["h2.0, h3.4, code.2", 3],
    ["h2.0,2", 1],
    ["readme::h2.0/code.0?head=3", 1],
    ["h2[0, 1], code.0", 2],
  ];
  for (const [input, count] of counts) {
    const parsed = parseSelectInput(input);
    assert.equal(parsed.kind === "selectors" && parsed.selectors.length, count, input);
  }
});

Deno.test("text that starts like a selector keeps its error and column", () => {
  const errors: [string, string, number][] = [
    ["h2.x", "INVALID_INDEX", 4],
    ["h7.0", "INVALID_HEADING_LEVEL", 1],
    ["heading:h2[", "INVALID_INDEX", 12],
    ["fs::h2.x", "INVALID_INDEX", 8],
    ["table?", "MALFORMED_QUERY", 7],
    ["code[", "INVALID_INDEX", 6],
    ["h2.0, abort request", "INVALID_SYNTAX", 7],
    // A comma inside `[...]` separates indexes, not selectors: the error is the index's.
    ["h2[1,]", "INVALID_INDEX", 6],
    ["code.0, h2[0, ]", "INVALID_INDEX", 15],
    ["sectoin[1]", "INVALID_SYNTAX", 1],
    ["heding:h2[14]", "INVALID_SYNTAX", 1],
    ["", "EMPTY_SELECTOR", 1],
    ["   ", "EMPTY_SELECTOR", 1],
  ];
  for (const [input, code, column] of errors) {
    assert.throws(() => parseSelectInput(input), (error: unknown) => {
      assert.ok(error instanceof SelectorSyntaxError, input);
      assert.equal(error.code, code, input);
      assert.equal(error.column, column, `${input}: ${error.message}`);
      return true;
    });
  }
});

Deno.test("a selector error that could have been meant as words says how to search instead", () => {
  const message = (input: string) => {
    try {
      parseSelectInput(input);
    } catch (error) {
      assert.ok(error instanceof SelectorSyntaxError, input);
      return error.message;
    }
    assert.fail(`${input} parsed`);
  };
  for (const input of ["list.files", "code.examples", "h2.0, abort request", "table?foo"]) {
    assert.ok(message(input).endsWith(SEARCH_HINT), message(input));
  }
  // Only words of the grammar, numbers and misspelt type names: no hint.
  for (const input of ["h2.x", "h7.0", "heading:h2[", "fs::h2.x", "table?", "sectoin[1]"]) {
    assert.ok(!message(input).includes(SEARCH_HINT), message(input));
  }
  // The hint's way out works: the same words in double quotes are a search.
  assert.equal(parseSelectInput('"list.files"').kind, "search");
});
