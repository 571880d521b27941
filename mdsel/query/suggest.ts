/**
 * "Did you mean" suggestions: the existing selectors closest to what the user typed.
 *
 * @module
 */

/** Longer inputs get no suggestions (edit distance is quadratic). */
const MAX_COMPARED_LENGTH = 256;
const MIN_SIMILARITY = 0.4;
const MAX_SUGGESTIONS = 5;

/** The Levenshtein edit distance: the fewest single-character edits turning `a` into `b`. */
function _editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    const code = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = code === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    [previous, current] = [current, previous];
  }
  return previous[b.length];
}

/**
 * Case-insensitive similarity `(maxLen - distance) / maxLen`: 1 for equal strings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { similarity } from "./suggest.ts";
 * assert.equal(similarity("H2", "h2"), 1);
 * ```
 */
export function similarity(a: string, b: string): number {
  const maxLength = Math.max(a.length, b.length);
  if (maxLength === 0) return 1;
  return (maxLength - _editDistance(a.toLowerCase(), b.toLowerCase())) / maxLength;
}

/**
 * Up to five candidates with a similarity of at least 0.4 to the input (in canonical form),
 * most similar first (ties: smaller distance, then shorter, then first seen).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closestSelectors } from "./suggest.ts";
 * const candidates = ["h2.0", "h2.1", "code.0"].map((s) => ({ compare: s, selector: s }));
 * assert.deepEqual(closestSelectors("h2.5", candidates), ["h2.0", "h2.1"]);
 * ```
 */
export function closestSelectors(
  input: string,
  candidates: Iterable<{ compare: string; selector: string }>,
): string[] {
  if (input.length > MAX_COMPARED_LENGTH) return [];
  const lowerInput = input.toLowerCase();
  const scored: { selector: string; score: number; distance: number; order: number }[] = [];
  const seen = new Set<string>();
  let order = 0;
  for (const { compare, selector } of candidates) {
    if (seen.has(selector)) continue;
    seen.add(selector);
    const maxLength = Math.max(lowerInput.length, compare.length);
    // Cheap bound first: the distance is at least the difference in length.
    const gap = Math.abs(lowerInput.length - compare.length);
    if (maxLength - gap < MIN_SIMILARITY * maxLength) continue;
    const distance = _editDistance(lowerInput, compare.toLowerCase());
    const score = maxLength === 0 ? 1 : (maxLength - distance) / maxLength;
    if (score >= MIN_SIMILARITY) scored.push({ selector, score, distance, order: order++ });
  }
  scored.sort((a, b) =>
    b.score - a.score || a.distance - b.distance || a.selector.length - b.selector.length ||
    a.order - b.order
  );
  return scored.slice(0, MAX_SUGGESTIONS).map((entry) => entry.selector);
}
