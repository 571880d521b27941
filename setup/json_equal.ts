/**
 * Equality of parsed JSON values.
 *
 * @module
 */

/**
 * Tells whether two parsed JSON values are equal: same types, same array
 * items in order, same object keys in any order with equal values.
 *
 * @param a A parsed JSON value.
 * @param b Another one.
 * @returns `true` when they are equal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonEqual } from "./json_equal.ts";
 * assert.equal(jsonEqual({ a: [1, { b: 2 }], c: null }, { c: null, a: [1, { b: 2 }] }), true);
 * assert.equal(jsonEqual([1, 2], [2, 1]), false);
 * ```
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => jsonEqual(item, b[i]));
  }
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const keys = Object.keys(aRecord);
  if (keys.length !== Object.keys(bRecord).length) return false;
  return keys.every((key) => Object.hasOwn(bRecord, key) && jsonEqual(aRecord[key], bRecord[key]));
}
