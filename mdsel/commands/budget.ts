/**
 * The result budget's arithmetic: what lines cost, and how many whole groups of them fit, with
 * one closing line for the rest. Everything that grows with the input goes through here.
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
 * Whole groups of lines, in order, as many as fit `room` characters; when some are left out, a
 * closing line from `closing` says so and fits too (cut when too long, none when no room is left).
 *
 * @param closing The closing line, given how many groups were left out and the first of them.
 * @param least How many groups are printed whatever the room (a failure always says why).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitGroups } from "./budget.ts";
 * const groups = [["!a", "reason a"], ["!b", "reason b"], ["!c", "reason c"]];
 * const closing = (left: number) => `[${left} more not shown]`;
 * assert.deepEqual(fitGroups(groups, 1000, closing), groups.flat());
 * assert.deepEqual(fitGroups(groups, 32, closing), ["!a", "reason a", "[2 more not shown]"]);
 * assert.deepEqual(fitGroups(groups, 10, closing), ["[3 more n"]);
 * assert.deepEqual(fitGroups(groups, 10, closing, 1), ["!a", "reason a"]);
 * ```
 */
export function fitGroups(
  groups: readonly (readonly string[])[],
  room: number,
  closing: (left: number, first: number) => string,
  least = 0,
): string[] {
  const sizes = groups.map(linesChars);
  if (sizes.reduce((sum, size) => sum + size, 0) <= room) return groups.flat();
  const n = groups.length;
  const kept = fitCount(sizes, room, (k) => closing(n - k, k).length + 1, least);
  const lines = groups.slice(0, kept).flat();
  if (kept === n) return lines;
  const left = room - linesChars(lines);
  const last = closing(n - kept, kept);
  const cut = last.length + 1 <= left ? last : last.slice(0, Math.max(0, left - 1));
  // The `least` groups may have taken all the room: no empty closing line.
  if (cut.length > 0) lines.push(cut);
  return lines;
}

/**
 * How many of the leading `sizes` fit `room` together (the first `least` whatever the room), each
 * next one only if it fits beside what `closing(kept)` costs with that many kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitCount } from "./budget.ts";
 * assert.equal(fitCount([3, 3, 3], 7), 2);
 * assert.equal(fitCount([3, 3, 3], 7, () => 2), 1);
 * assert.equal(fitCount([3, 3, 3], 1, () => 0, 2), 2);
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
