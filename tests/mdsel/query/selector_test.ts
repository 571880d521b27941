import assert from "node:assert/strict";
import { parseSelectInput } from "../../../mdsel/query/select_input.ts";
import {
  parseSelector,
  type SelectorErrorCode,
  SelectorSyntaxError,
} from "../../../mdsel/query/selector.ts";
import { formatSelector } from "../../../mdsel/query/selector_format.ts";

// Each row: input, then its canonical form and parameters.
const VALID: [string, string, Record<string, unknown>][] = [
  ["h2.0", "heading:h2[0]", { full: false }],
  ["h2[0]", "heading:h2[0]", { full: false }],
  ["H2.0", "heading:h2[0]", { full: false }],
  ["heading:h2[0]", "heading:h2[0]", { full: false }],
  ["HEADING:H6", "heading:h6", { full: false }],
  ["section[1]", "section[1]", { full: false }],
  ["root", "root", { full: false }],
  ["root.3", "root", { full: false }],
  ["intro", "intro", { full: false }],
  ["readme::intro.2", "readme::intro", { full: false }],
  ["root/h1.0", "root/heading:h1[0]", { full: false }],
  ["para.0", "block:paragraph[0]", { full: false }],
  ["paragraph", "block:paragraph", { full: false }],
  ["quote.1", "block:blockquote[1]", { full: false }],
  ["block:blockquote[0]", "block:blockquote[0]", { full: false }],
  ["Block:Code[2]", "block:code[2]", { full: false }],
  ["list", "block:list", { full: false }],
  ["table.0", "block:table[0]", { full: false }],
  ["h2.0-1", "heading:h2[0-1]", { full: false }],
  ["h2.0,2", "heading:h2[0,2]", { full: false }],
  ["h2[0, 2-3]", "heading:h2[0,2-3]", { full: false }],
  ["h2.1-1", "heading:h2[1]", { full: false }],
  ["  h2 . 0 / code [ 1 ]  ", "heading:h2[0]/block:code[1]", { full: false }],
  ["README::h1.0", "readme::heading:h1[0]", { full: false }],
  ["my-doc_2 :: h1", "my-doc_2::heading:h1", { full: false }],
  ["h1?full=true", "heading:h1?full=true", { full: true }],
  ["h1?FULL=TRUE", "heading:h1?full=true", { full: true }],
  ["h1?page=2", "heading:h1?page=2", { full: false, page: 2 }],
  ["h1?head=007", "heading:h1?head=7", { full: false, head: 7 }],
  ["h1 ? tail = 3 & page = 1", "heading:h1?tail=3&page=1", { full: false, tail: 3, page: 1 }],
];

Deno.test("parseSelector accepts every form of the grammar", () => {
  for (const [input, canonical, params] of VALID) {
    const selector = parseSelector(input);
    assert.equal(formatSelector(selector), canonical, input);
    assert.deepEqual({ ...selector.params }, params, input);
  }
});

// Each row: input, error code, column, and a part of the message.
const INVALID: [string, SelectorErrorCode, number, string][] = [
  ["", "EMPTY_SELECTOR", 1, "Selector is empty"],
  [" \t ", "EMPTY_SELECTOR", 1, "Selector is empty"],
  [
    "foo[0]",
    "INVALID_SYNTAX",
    1,
    "Unknown selector 'foo' at column 1 - use h1-h6, code, para, list, table, quote, intro, root or section",
  ],
  ["h2.0/bar", "INVALID_SYNTAX", 6, "Unknown selector 'bar'"],
  ["h1/root", "INVALID_SYNTAX", 4, "'root' is only valid as the first segment"],
  ["h2.0/intro", "INVALID_SYNTAX", 6, "'intro' is only valid as the first segment"],
  ["h2/", "INVALID_SYNTAX", 4, "Expected a selector type"],
  ["h2//code", "INVALID_SYNTAX", 4, "Unexpected character '/'"],
  ["h2.0 x", "INVALID_SYNTAX", 6, "Unexpected character 'x'"],
  ["h2\u0001", "INVALID_SYNTAX", 3, "'\\u0001'"],
  ["::h1", "INVALID_SYNTAX", 1, "Missing namespace before '::'"],
  ["1doc::h1", "INVALID_SYNTAX", 1, "Invalid namespace '1doc'"],
  ["foo:bar", "INVALID_SYNTAX", 1, "Unknown selector 'foo:bar'"],
  ["h7", "INVALID_HEADING_LEVEL", 1, "Invalid heading level 'h7' at column 1 - use h1 to h6"],
  ["h0.1", "INVALID_HEADING_LEVEL", 1, "Invalid heading level 'h0'"],
  ["code/heading:x2", "INVALID_HEADING_LEVEL", 14, "Invalid heading level 'x2'"],
  ["heading:h7[0]", "INVALID_HEADING_LEVEL", 9, "Invalid heading level 'h7' at column 9"],
  ["heading", "INVALID_HEADING_LEVEL", 1, "Missing heading level"],
  ["block:foo", "INVALID_BLOCK_TYPE", 7, "Unknown block type 'foo' at column 7"],
  ["block:quote", "INVALID_BLOCK_TYPE", 7, "Unknown block type 'quote'"],
  ["block", "INVALID_BLOCK_TYPE", 1, "Missing block type"],
  ["h2.x", "INVALID_INDEX", 4, "Expected an index but found 'x'"],
  ["h2.", "INVALID_INDEX", 4, "found end of selector"],
  ["h2[]", "INVALID_INDEX", 4, "Expected an index"],
  ["h2.0-", "INVALID_INDEX", 6, "Expected a range end"],
  ["h2[-1]", "INVALID_INDEX", 4, "found '-'"],
  ["h2.3-1", "INVALID_INDEX", 4, "Invalid range '3-1'"],
  ["h2.0,", "INVALID_INDEX", 6, "Expected an index"],
  ["h2.99999999999999999999", "INVALID_INDEX", 4, "is too large"],
  ["h2[0", "UNCLOSED_BRACKET", 3, "Unclosed '['"],
  ["h2[0 x", "UNCLOSED_BRACKET", 6, "Expected ']'"],
  ["h2?", "MALFORMED_QUERY", 4, "Empty query parameter"],
  ["h2?page=1&", "MALFORMED_QUERY", 11, "Empty query parameter"],
  [
    "h2?foo=1",
    "MALFORMED_QUERY",
    4,
    "Unknown query parameter 'foo' at column 4 - use full=true, page=N, head=N or tail=N",
  ],
  ["h2?page", "MALFORMED_QUERY", 8, "Expected '=' after 'page'"],
  ["h2?page=0", "MALFORMED_QUERY", 9, "Invalid value '0' for 'page'"],
  ["h2?head=-1", "MALFORMED_QUERY", 9, "Invalid value '-1' for 'head'"],
  ["h2?full=yes", "MALFORMED_QUERY", 9, "Invalid value 'yes' for 'full'"],
  ["h2?page=1&page=2", "MALFORMED_QUERY", 11, "Duplicate query parameter 'page'"],
  ["h2?head=1&tail=1", "MALFORMED_QUERY", 3, "'head' and 'tail' cannot be combined"],
  ["h2?full=true&page=2", "MALFORMED_QUERY", 3, "'full' and 'page' cannot be combined"],
  ["h2?page=1;x", "MALFORMED_QUERY", 9, "Invalid value '1;x' for 'page'"],
  ["h2?page=2 x", "MALFORMED_QUERY", 11, "Unexpected character 'x'"],
];

Deno.test("parseSelector reports each syntax error with its code and column", () => {
  for (const [input, code, column, message] of INVALID) {
    assert.throws(
      () => parseSelector(input),
      (error: unknown) => {
        assert.ok(error instanceof SelectorSyntaxError, input);
        assert.ok(error instanceof SyntaxError, input);
        assert.equal(error.code, code, input);
        assert.equal(error.column, column, `${input}: ${error.message}`);
        assert.equal(error.selector, input);
        assert.ok(error.message.includes(message), `${input}: ${error.message}`);
        assert.ok(error.message.includes(`at column ${column}`), error.message);
        assert.ok(!error.message.endsWith("."), error.message);
        return true;
      },
    );
  }
});

Deno.test("parseSelector counts columns in characters, not UTF-16 units", () => {
  assert.throws(() => parseSelector("h1/😀"), (error: unknown) => {
    assert.ok(error instanceof SelectorSyntaxError);
    assert.equal(error.column, 4);
    return true;
  });
  assert.throws(() => parseSelector("😀😀::h1/x"), (error: unknown) => {
    assert.ok(error instanceof SelectorSyntaxError);
    assert.equal(error.column, 1);
    return true;
  });
});

Deno.test("parseSelector handles a 100 KB selector in linear time", () => {
  const long = "h1/".repeat(33_000) + "h1";
  assert.equal(parseSelector(long).segments.length, 33_001);
  const junk = "h1." + "0,".repeat(50_000) + "x";
  assert.throws(() => parseSelector(junk), SelectorSyntaxError);
});

Deno.test("parseSelector clips long user text in messages", () => {
  const word = "z".repeat(5000);
  assert.throws(() => parseSelector(word), (error: unknown) => {
    assert.ok(error instanceof SelectorSyntaxError);
    assert.ok(error.message.length < 200, error.message);
    return true;
  });
});

Deno.test("a misspelt type name carries the name it most likely means", () => {
  const fixOf = (input: string) => {
    try {
      parseSelectInput(input);
    } catch (error) {
      assert.ok(error instanceof SelectorSyntaxError, input);
      return error.fix;
    }
    assert.fail(`${input} parsed`);
  };
  assert.deepEqual(fixOf("sectoin[1]"), { offset: 0, length: 7, replacement: "section" });
  assert.deepEqual(fixOf("heding:h2[14]"), { offset: 0, length: 6, replacement: "heading" });
  assert.deepEqual(fixOf("block:pargraph"), { offset: 6, length: 8, replacement: "paragraph" });
  assert.deepEqual(fixOf("h1.0/Tabel"), { offset: 5, length: 5, replacement: "table" });
  // In a list of selectors, the offset counts from the start of the whole input.
  assert.deepEqual(fixOf("h2.0, lst.1"), { offset: 6, length: 3, replacement: "list" });
  // Nothing close enough: no guess.
  assert.equal(fixOf("h2.x"), undefined);
});
