/**
 * Reading the parse tree of a configuration file, as `jsonc-parser` builds
 * it: the member under a key, and the changes that make an entry as wanted.
 * Setup decides on the tree, and edits the text, so that it changes only the
 * keys it owns.
 *
 * @module
 */
import { getNodeValue, type Node } from "jsonc-parser";
import { ConfigShapeError } from "./errors.ts";
import type { JsonChange, JsonPath } from "./json_edit.ts";
import { jsonEqual } from "./json_equal.ts";

/**
 * Finds the value under a key of an object node. A key written twice is an
 * error: readers keep the last, an edit would find the first, and which one
 * the user meant is theirs to say.
 *
 * @param object An object node.
 * @param key The key.
 * @param keyPath The dotted key, for the error, e.g. `mcpServers.mdsel`.
 * @returns The value node, or `undefined` when the key is missing.
 * @throws {ConfigShapeError} When the key appears more than once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "jsonc-parser";
 * import { member } from "./json_tree.ts";
 * const root = parseTree('{"a": {"b": 1}}')!;
 * assert.equal(member(root, "a", "a")?.type, "object");
 * assert.equal(member(root, "z", "z"), undefined);
 * assert.throws(() => member(parseTree('{"a": 1, "a": 2}')!, "a", "a"), /appears once/);
 * ```
 */
export function member(object: Node, key: string, keyPath: string): Node | undefined {
  const found = (object.children ?? []).filter((property) => property.children?.[0].value === key);
  if (found.length > 1) throw new ConfigShapeError(keyPath, "a key that appears once");
  return found[0]?.children?.[1];
}

/**
 * The plain value of a node.
 *
 * @param node A node, or `undefined`.
 * @returns Its value, objects without a prototype; `undefined` for no node.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "jsonc-parser";
 * import { nodeValue } from "./json_tree.ts";
 * assert.equal(JSON.stringify(nodeValue(parseTree('{"a": [1] // note\n}'))), '{"a":[1]}');
 * ```
 */
export function nodeValue(node: Node | undefined): unknown {
  return node === undefined ? undefined : getNodeValue(node);
}

/**
 * The changes that make an existing entry as wanted: the `required` keys get
 * the wanted values; the wanted entry's other keys are added only where
 * missing, so the user's own values (an `env`, a `timeout`) stay. Keys already
 * right are not touched.
 *
 * @param node The existing entry, an object node.
 * @param path Where the entry is in the file.
 * @param keyPath The entry's dotted key, for errors.
 * @param wanted The wanted entry.
 * @param required The keys that must have the wanted values.
 * @returns The changes; none when the entry is already as wanted.
 * @throws {ConfigShapeError} When a key of the entry appears more than once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "jsonc-parser";
 * import { entryChanges } from "./json_tree.ts";
 * const node = parseTree('{"command": "old", "env": {"A": "1"}}')!;
 * const wanted = { command: "deno", env: { A: "2" }, timeout: 10 };
 * assert.deepEqual(entryChanges(node, ["s"], "s", wanted, ["command"]), [
 *   { set: ["s", "command"], value: "deno" },
 *   { set: ["s", "timeout"], value: 10 },
 * ]);
 * ```
 */
export function entryChanges(
  node: Node,
  path: JsonPath,
  keyPath: string,
  wanted: Readonly<Record<string, unknown>>,
  required: readonly string[],
): JsonChange[] {
  const changes: JsonChange[] = [];
  for (const [key, value] of Object.entries(wanted)) {
    const existing = member(node, key, `${keyPath}.${key}`);
    const missing = existing === undefined;
    if (missing || (required.includes(key) && !jsonEqual(nodeValue(existing), value))) {
      changes.push({ set: [...path, key], value });
    }
  }
  return changes;
}
