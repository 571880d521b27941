/**
 * Reading a setting that is a whole number: digits only, as a person writes one (no `1e3`, `0x10`,
 * `+5` or `5.0`), and why a value is refused.
 *
 * @module
 */

/**
 * The number a setting's text writes in digits (spaces around it allowed), `NaN` for any other text;
 * past `Number.MAX_SAFE_INTEGER` it is not a safe integer, which {@linkcode wholeNumberProblem} names.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wholeNumber } from "./whole_number.ts";
 * assert.equal(wholeNumber(" 400 "), 400);
 * assert.ok(Number.isNaN(wholeNumber("1e3")));
 * assert.ok(!Number.isSafeInteger(wholeNumber("99999999999999999999")));
 * ```
 */
export function wholeNumber(raw: string): number {
  const text = raw.trim();
  return /^\d+$/.test(text) ? Number(text) : NaN;
}

/**
 * Why a setting's value that is not a whole number from 1 to `Number.MAX_SAFE_INTEGER` is ignored.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wholeNumberProblem } from "./whole_number.ts";
 * assert.equal(wholeNumberProblem(1e20), "too large: at most 9007199254740991");
 * ```
 */
export function wholeNumberProblem(value: number): string {
  return Number.isInteger(value) && value > Number.MAX_SAFE_INTEGER
    ? `too large: at most ${Number.MAX_SAFE_INTEGER}`
    : "not a positive whole number";
}
