/**
 * Cutting long text that a message or an output line repeats (a selector, a query, an argument,
 * a line read) to its first characters, with `...` where it was cut.
 *
 * @module
 */

/** Options of {@linkcode clipText}. */
export interface ClipOptions {
  /**
   * Count characters as code points (an emoji is one), for text a person typed; UTF-16 code units
   * (an emoji is two) when `false` (the default).
   */
  readonly codePoints?: boolean;
}

/**
 * `text` whole when it holds at most `max` characters, else its first `max` and `...`; never half
 * a surrogate pair.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clipText } from "./clip.ts";
 * assert.equal(clipText("h2.0", 40), "h2.0");
 * assert.equal(clipText("abcdef", 3), "abc...");
 * // The cut goes before a pair it would split; as code points, an emoji is one character.
 * assert.equal(clipText("ab😀", 3), "ab...");
 * assert.equal(clipText("ab😀c", 3, { codePoints: true }), "ab😀...");
 * ```
 */
export function clipText(text: string, max: number, options: ClipOptions = {}): string {
  if (text.length <= max) return text;
  if (options.codePoints) {
    const chars = Array.from(text);
    return chars.length <= max ? text : `${chars.slice(0, max).join("")}...`;
  }
  const end = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, end)}...`;
}
