import assert from "node:assert/strict";
import { DEFAULT_MIN_WORDS, parseWordThreshold } from "../../hooks/settings.ts";

Deno.test("parseWordThreshold: whole numbers from 0, otherwise the default", () => {
  const table: [string | undefined, number][] = [
    [undefined, DEFAULT_MIN_WORDS],
    ["", 200],
    ["  ", 200],
    ["0", 0],
    ["350", 350],
    [" 42 ", 42],
    ["1e3", 1000],
    ["abc", 200],
    ["-1", 200],
    ["2.5", 200],
    ["NaN", 200],
    ["Infinity", 200],
    ["99999999999999999999", 200],
  ];
  for (const [raw, wanted] of table) {
    assert.equal(parseWordThreshold(raw, DEFAULT_MIN_WORDS), wanted, String(raw));
  }
  assert.equal(parseWordThreshold("many", 2000), 2000);
});
