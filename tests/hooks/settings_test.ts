import assert from "node:assert/strict";
import { DEFAULT_MIN_WORDS, readWordThreshold } from "../../hooks/settings.ts";

Deno.test("readWordThreshold: whole numbers from 0, in digits, otherwise the next variable or the default", () => {
  // Variables of this test's own, so no other test sees them.
  const [first, second] = ["MDSEL_TEST_THRESHOLD_A", "MDSEL_TEST_THRESHOLD_B"];
  const table: [string | undefined, number][] = [
    [undefined, DEFAULT_MIN_WORDS],
    ["", 200],
    ["  ", 200],
    ["0", 0],
    ["350", 350],
    [" 42 ", 42],
    ["1e3", 200],
    ["0x10", 200],
    ["+400", 200],
    ["400.0", 200],
    ["abc", 200],
    ["-1", 200],
    ["2.5", 200],
    ["NaN", 200],
    ["Infinity", 200],
    ["99999999999999999999", 200],
  ];
  try {
    for (const [raw, wanted] of table) {
      if (raw === undefined) Deno.env.delete(first);
      else Deno.env.set(first, raw);
      assert.equal(readWordThreshold([first], DEFAULT_MIN_WORDS), wanted, String(raw));
    }
    Deno.env.set(first, "many");
    assert.equal(readWordThreshold([first], 2000), 2000);
    // The first variable holding a whole number wins; one unset, blank or of another kind (a plugin
    // option of `-5`) gives way to the next.
    Deno.env.set(second, "7");
    assert.equal(readWordThreshold([first, second], 2000), 7);
    Deno.env.set(first, "12");
    assert.equal(readWordThreshold([first, second], 2000), 12);
    Deno.env.set(first, " ");
    assert.equal(readWordThreshold([first, second], 2000), 7);
  } finally {
    Deno.env.delete(first);
    Deno.env.delete(second);
  }
});
