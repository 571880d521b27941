/**
 * Cutting long text a message repeats (a selector, a query, a line) to its first characters.
 *
 * @module
 */

/** Options of {@linkcode clipText}. */
export interface ClipOptions {
  /** Count code points (an emoji is one), for text a person typed; else UTF-16 code units. */
  readonly codePoints?: boolean;
}

/**
 * `text` when it holds at most `max` characters, else its first `max` and `...`; never half a
 * surrogate pair.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clipText } from "./clip.ts";
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
