/**
 * Growing a typed array: the lists of numbers a search gathers (places, terms, postings) keep
 * their items in flat typed arrays that double as needed.
 *
 * @module
 */

/** A typed array {@linkcode grown} copies. */
export type GrowingArray =
  | Int32Array<ArrayBuffer>
  | Float64Array<ArrayBuffer>
  | Uint8Array<ArrayBuffer>;

/**
 * A copy of `array` with room for more: twice as long, or `least` items when that is more. Its
 * items are `array`'s, then zeros.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { grown } from "./grown.ts";
 * const ints = grown(Int32Array.of(1, 2));
 * assert.ok(ints instanceof Int32Array);
 * assert.deepEqual([...ints], [1, 2, 0, 0]);
 * assert.equal(grown(new Float64Array(2), 9).length, 9);
 * ```
 */
export function grown<T extends GrowingArray>(array: T, least = 0): T {
  const next = new (array.constructor as new (length: number) => T)(
    Math.max(array.length * 2, least),
  );
  next.set(array);
  return next;
}
