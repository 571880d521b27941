import assert from "node:assert/strict";
import { wholeNumber, wholeNumberProblem } from "../../../mdsel/settings/whole_number.ts";
import { readSettings } from "../../../mdsel/settings/engine_settings.ts";

Deno.test("wholeNumber: digits only, as a person writes a whole number", () => {
  const table: [string, number][] = [
    ["0", 0],
    ["400", 400],
    [" 42\n", 42],
    ["007", 7],
  ];
  for (const [raw, value] of table) assert.equal(wholeNumber(raw), value, JSON.stringify(raw));
  for (const raw of ["", "1e3", "0x10", "+400", "-1", "400.0", "4 00", "Infinity", "NaN", "٣"]) {
    assert.ok(Number.isNaN(wholeNumber(raw)), JSON.stringify(raw));
  }
  assert.equal(
    wholeNumberProblem(wholeNumber("99999999999999999999")),
    "too large: at most 9007199254740991",
  );
  assert.equal(wholeNumberProblem(wholeNumber("1e3")), "not a positive whole number");
});

Deno.test("the engine's settings: another kind of number is ignored with a warning", () => {
  const env: Record<string, string> = {
    MDSEL_PAGE_WORDS: "1e3",
    MDSEL_SIZE_WORDS: "99999999999999999999",
  };
  const settings = readSettings((name) => env[name]);
  assert.deepEqual(settings.warnings, [
    "warning: ignoring MDSEL_PAGE_WORDS='1e3' (not a positive whole number)",
    "warning: ignoring MDSEL_SIZE_WORDS='99999999999999999999' (too large: at most 9007199254740991)",
  ]);
});
