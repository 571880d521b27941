/**
 * The warning for an `.mdx` file MDX rejects, apart from the MDX parser, so that a document read
 * back from the cache can say it without loading that parser.
 *
 * @module
 */

/** Where (1-based) and why MDX rejected a text; `reason` has its whitespace runs made spaces. */
export interface MdxProblem {
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

/**
 * The one-line warning for a file MDX rejected (it is read as Markdown then).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdxWarning } from "./mdx_warning.ts";
 * const warning = mdxWarning("a.mdx", { line: 3, column: 2, reason: "Unexpected character" });
 * assert.equal(warning, "Not valid MDX in a.mdx at 3:2 (Unexpected character); read as Markdown");
 * ```
 */
export function mdxWarning(filePath: string, problem: MdxProblem): string {
  const { line, column, reason } = problem;
  return `Not valid MDX in ${filePath} at ${line}:${column} (${reason}); read as Markdown`;
}
