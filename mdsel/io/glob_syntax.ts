/**
 * Whether a path holds glob syntax: a test cheap enough to run on every path,
 * so that only a call with a glob loads the matcher (`glob.ts`).
 *
 * @module
 */

/**
 * Whether a path holds glob syntax: an unescaped `*`, `?`, `[` or `{`. A
 * quick test: a path without any is always taken literally.
 *
 * @param path A path.
 * @returns `true` when it may be a glob.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isGlob } from "./glob_syntax.ts";
 * assert.equal(isGlob("docs/**\/*.md"), true);
 * assert.equal(isGlob("docs/{a,b}.md"), true);
 * assert.equal(isGlob("docs/README.md"), false);
 * assert.equal(isGlob("docs/a\\*.md"), false);
 * ```
 */
export function isGlob(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const char = path[i];
    if (char === "\\") i++;
    else if (char === "*" || char === "?" || char === "[" || char === "{") return true;
  }
  return false;
}
