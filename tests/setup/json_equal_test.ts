import assert from "node:assert/strict";
import { jsonEqual } from "../../setup/json_equal.ts";

Deno.test("jsonEqual compares parsed JSON by value, objects in any key order", () => {
  const equal: [unknown, unknown][] = [
    [1, 1],
    ["a", "a"],
    [null, null],
    [[], []],
    [{ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }],
  ];
  const different: [unknown, unknown][] = [
    [1, "1"],
    [null, {}],
    [[], {}],
    [[1, 2], [2, 1]],
    [{ a: 1 }, { a: 1, b: 2 }],
    [{ a: 1, b: 2 }, { a: 1, c: 2 }],
    [{ a: undefined }, { b: undefined }],
    [{ a: [1] }, { a: [1, 1] }],
  ];
  for (const [a, b] of equal) assert.equal(jsonEqual(a, b), true, JSON.stringify([a, b]));
  for (const [a, b] of different) {
    assert.equal(jsonEqual(a, b), false, JSON.stringify([a, b]));
    assert.equal(jsonEqual(b, a), false, JSON.stringify([b, a]));
  }
});
