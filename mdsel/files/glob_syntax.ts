/**
 * Whether a path holds glob syntax: cheap enough for every path, so only a glob loads `glob.ts`.
 *
 * @module
 */

/**
 * Whether a path may be a glob: it holds an unescaped `*`, `?`, `[` or `{`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isGlob } from "./glob_syntax.ts";
 * assert.equal(isGlob("docs/{a,b}.md"), true);
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
