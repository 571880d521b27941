/**
 * The warning for an `.mdx` file MDX rejects (it is read as Markdown then), apart from the MDX
 * parser, so that a document read back from the cache can say it without loading that parser.
 *
 * @module
 */

/** Where and why MDX rejected a text. */
export interface MdxProblem {
  /** The line, 1-based. */
  readonly line: number;
  /** The column, 1-based. */
  readonly column: number;
  /** Why, as MDX says it (whitespace runs made single spaces). */
  readonly reason: string;
}

/**
 * The one-line warning for a file MDX rejected.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdxWarning } from "./mdx_warning.ts";
 * assert.equal(
 *   mdxWarning("a.mdx", { line: 3, column: 2, reason: "Unexpected character" }),
 *   "Not valid MDX in a.mdx at 3:2 (Unexpected character); read as Markdown",
 * );
 * ```
 */
export function mdxWarning(filePath: string, problem: MdxProblem): string {
  const { line, column, reason } = problem;
  return `Not valid MDX in ${filePath} at ${line}:${column} (${reason}); read as Markdown`;
}
