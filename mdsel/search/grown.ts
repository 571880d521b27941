/**
 * Growing the flat typed arrays a search gathers its lists of numbers in.
 *
 * @module
 */

/** A typed array {@linkcode grown} copies. */
export type GrowingArray =
  | Int32Array<ArrayBuffer>
  | Float64Array<ArrayBuffer>
  | Uint8Array<ArrayBuffer>;

/**
 * A copy of `array`, then zeros: twice as long, or `least` items when that is more.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { grown } from "./grown.ts";
 * assert.deepEqual(grown(Int32Array.of(1, 2)), Int32Array.of(1, 2, 0, 0));
 * ```
 */
export function grown<T extends GrowingArray>(array: T, least = 0): T {
  const make = array.constructor as new (length: number) => T;
  const next = new make(Math.max(array.length * 2, least));
  next.set(array);
  return next;
}
