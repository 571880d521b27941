/**
 * Namespaces: the identifier a selector uses to name one file of a call.
 *
 * @module
 */

/**
 * The namespace of a path: its base name without the last extension, lower-cased, made a valid
 * identifier (`[a-z_][a-z0-9_-]*`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { namespaceOf } from "./namespace.ts";
 * assert.equal(namespaceOf("2024 Notes.v2.md"), "_2024_notes_v2");
 * ```
 */
export function namespaceOf(path: string): string {
  // Read from the end, without splitting: a call names thousands of files.
  let end = path.length;
  while (end > 0 && (path[end - 1] === "/" || path[end - 1] === "\\")) end--;
  let start = end;
  while (start > 0 && path[start - 1] !== "/" && path[start - 1] !== "\\") start--;
  const base = path.slice(start, end);
  const dot = base.lastIndexOf(".");
  const stem = (dot > 0 ? base.slice(0, dot) : base).toLowerCase();
  const name = stem.replace(/[^a-z0-9_-]/g, "_");
  if (name === "") return "_";
  if (/^[0-9]/.test(name)) return `_${name}`;
  return name[0] === "-" ? `_${name.slice(1)}` : name;
}

/**
 * Namespaces for all files of one call, unique: a later file whose namespace is taken gets `_2`,
 * `_3`, ... in argument order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assignNamespaces } from "./namespace.ts";
 * assert.deepEqual(assignNamespaces(["a/readme.md", "b/README.md"]), ["readme", "readme_2"]);
 * ```
 */
export function assignNamespaces(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    const base = namespaceOf(path);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    return name;
  });
}
