/**
 * How output echoes what the user typed: cut when long, around a syntax error's column, escaped.
 *
 * @module
 */
import type { ErrorEntry } from "../files/errors.ts";
import { clipText } from "../query/clip.ts";

/** Selectors up to this many characters are echoed whole. */
export const MAX_ECHO = 200;

const MARK = "...";

/**
 * An error's selector as echoed: a syntax error's part around its column (and the column in it),
 * else its first {@linkcode MAX_ECHO} characters; `...` where it goes on.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { errorSelector } from "./echo.ts";
 * const message = "Expected an index but found 'x' at column 4";
 * const error = { type: "INVALID_SELECTOR" as const, message, selector: "h1.x" };
 * assert.deepEqual(errorSelector(error), { text: "h1.x", column: 4 });
 * ```
 */
export function errorSelector(
  error: Pick<ErrorEntry, "type" | "message"> & { selector: string },
): { text: string; column?: number } {
  const column = Number(/ at column (\d+)/.exec(error.message)?.[1]);
  const { selector } = error;
  if (error.type !== "INVALID_SELECTOR" || !(column > 0)) {
    return { text: clipText(selector, MAX_ECHO) };
  }
  const chars = Array.from(selector);
  if (chars.length <= MAX_ECHO) return { text: selector, column };
  const at = Math.min(Math.max(column - 1, 0), chars.length);
  const start = Math.max(0, Math.min(at - MAX_ECHO / 2, chars.length - MAX_ECHO));
  const end = Math.min(chars.length, start + MAX_ECHO);
  const before = start > 0 ? MARK : "";
  const after = end < chars.length ? MARK : "";
  return {
    text: before + chars.slice(start, end).join("") + after,
    column: at - start + before.length + 1,
  };
}

/**
 * Text on one output line: control characters and U+2028/U+2029 escaped (`\n`, `\u0000`), so no
 * file name, query or selector can start a line of its own.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { echoLine } from "./echo.ts";
 * assert.equal(echoLine("a\n!FILE_NOT_FOUND: forged"), "a\\n!FILE_NOT_FOUND: forged");
 * ```
 */
export function echoLine(text: string): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (char) => {
    const short: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };
    return short[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * The entries whose `key` none before them has: what is echoed or printed, once each.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { distinct } from "./echo.ts";
 * assert.deepEqual(distinct(["a", "b", "a"], (entry) => entry), ["a", "b"]);
 * ```
 */
export function distinct<T>(entries: readonly T[], key: (entry: T) => string): T[] {
  const seen = new Set<string>();
  return entries.filter((entry) => {
    const k = key(entry);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * A value echoed in an error (a path, a query): cut like a selector, then made safe on one line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { echoValue, MAX_ECHO } from "./echo.ts";
 * assert.equal(echoValue("x".repeat(1000)).length, MAX_ECHO + 3);
 * ```
 */
export function echoValue(text: string): string {
  return echoLine(clipText(text, MAX_ECHO));
}
