/**
 * The result budget's arithmetic: what lines cost, and how many whole groups of them fit.
 *
 * @module
 */

/** What errors, unresolved selectors and warnings may claim ahead of matches and outlines. */
export const AFTER_RESERVE = 400;

/**
 * Characters of lines once joined and ended by newlines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { linesChars } from "./budget.ts";
 * assert.equal(linesChars(["ab", "c"]), 5);
 * ```
 */
export function linesChars(lines: readonly string[]): number {
  let chars = 0;
  for (const line of lines) chars += line.length + 1;
  return chars;
}

/**
 * Whole groups of lines, in order, as many as fit `room` (the first whatever the room), then a
 * closing line from `closing` saying how many were left out, cut to fit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitGroups } from "./budget.ts";
 * const groups = [["!a", "reason a"], ["!b", "reason b"], ["!c", "reason c"]];
 * const closing = (left: number) => `[${left} more not shown]`;
 * assert.deepEqual(fitGroups(groups, 32, closing), ["!a", "reason a", "[2 more not shown]"]);
 * ```
 */
export function fitGroups(
  groups: readonly (readonly string[])[],
  room: number,
  closing: (left: number) => string,
): string[] {
  const sizes = groups.map(linesChars);
  if (sizes.reduce((sum, size) => sum + size, 0) <= room) return groups.flat();
  const n = groups.length;
  const kept = fitCount(sizes, room, (k) => closing(n - k).length + 1, 1);
  const lines = groups.slice(0, kept).flat();
  if (kept === n) return lines;
  const left = room - linesChars(lines);
  const last = closing(n - kept);
  const cut = last.length + 1 <= left ? last : last.slice(0, Math.max(0, left - 1));
  // The first group may have taken all the room: no empty closing line.
  if (cut.length > 0) lines.push(cut);
  return lines;
}

/**
 * How many of the leading `sizes` fit `room` (the first `least` whatever the room), each next
 * one only if it fits beside what `closing(kept)` costs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitCount } from "./budget.ts";
 * assert.equal(fitCount([3, 3, 3], 7, () => 2), 1);
 * ```
 */
export function fitCount(
  sizes: readonly number[],
  room: number,
  closing: (kept: number) => number = () => 0,
  least = 0,
): number {
  let kept = Math.min(least, sizes.length);
  let used = 0;
  for (let i = 0; i < kept; i++) used += sizes[i];
  while (kept < sizes.length && used + sizes[kept] + closing(kept + 1) <= room) {
    used += sizes[kept++];
  }
  return kept;
}
