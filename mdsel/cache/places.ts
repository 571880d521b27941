/**
 * The places of a stem term, merged in one pass from the ordered places of
 * the words it stems; {@linkcode mergePlaces} when a list is not in order.
 *
 * @module
 */
import { BODY } from "../search/data.ts";
import { mergePlaces } from "./search_record.ts";

/**
 * The places of a stem term in a document, from those of the words it stems
 * there: per section and field, counts added and positions merged.
 *
 * @param lists The places of each word.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeOrderedPlaces } from "./places.ts";
 * // "redirects" in the heading of section 0 and twice in its body; "redirect" once in that body.
 * assert.deepEqual(
 *   mergeOrderedPlaces([[0, 0, 1, 0, 2, 2, 3, 9], [0, 2, 1, 5]]),
 *   [0, 0, 1, 0, 2, 3, 3, 5, 9],
 * );
 * ```
 */
export function mergeOrderedPlaces(lists: readonly ArrayLike<number>[]): number[] {
  if (lists.length < 2) return mergePlaces(lists);
  let merged: number[] | undefined = _mergeTwo(lists[0], lists[1]);
  for (let i = 2; i < lists.length && merged !== undefined; i++) {
    merged = _mergeTwo(merged, lists[i]);
  }
  return merged ?? mergePlaces(lists);
}

/**
 * Two places lists merged in one pass, or `undefined` when either is not in
 * order (its sections and fields ascending, its positions not descending).
 */
function _mergeTwo(a: ArrayLike<number>, b: ArrayLike<number>): number[] | undefined {
  const merged: number[] = [];
  let i = 0;
  let j = 0;
  let lastA = -1;
  let lastB = -1;
  while (i < a.length || j < b.length) {
    const keyA = i < a.length ? a[i] * 4 + a[i + 1] : Infinity;
    const keyB = j < b.length ? b[j] * 4 + b[j + 1] : Infinity;
    if (keyA <= lastA || keyB <= lastB) return undefined;
    const key = Math.min(keyA, keyB);
    const countA = keyA === key ? a[i + 2] : 0;
    const countB = keyB === key ? b[j + 2] : 0;
    const field = key % 4;
    merged.push((key - field) / 4, field, countA + countB);
    const startA = keyA === key ? i + 3 : i;
    const startB = keyB === key ? j + 3 : j;
    const bodyA = field === BODY ? countA : 0;
    const bodyB = field === BODY ? countB : 0;
    let x = startA;
    let y = startB;
    const endA = startA + bodyA;
    const endB = startB + bodyB;
    let previous = -Infinity;
    while (x < endA || y < endB) {
      const at = y >= endB || (x < endA && a[x] <= b[y]) ? a[x++] : b[y++];
      if (at < previous) return undefined;
      merged.push(previous = at);
    }
    if (keyA === key) {
      lastA = keyA;
      i = endA;
    }
    if (keyB === key) {
      lastB = keyB;
      j = endB;
    }
  }
  return merged;
}
