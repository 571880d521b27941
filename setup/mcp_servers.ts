/**
 * The changes that add one server to, or remove it from, the `mcpServers` of
 * a Claude Code MCP configuration (`.mcp.json` or `~/.claude.json`), leaving
 * everything else as it is.
 *
 * @module
 */
import type { Node } from "jsonc-parser";
import { ConfigShapeError } from "./errors.ts";
import type { JsonChange } from "./json_edit.ts";
import { entryChanges, member } from "./json_tree.ts";
import type { McpServerEntry } from "./package_commands.ts";

/** What setup does to a file: adds, updates or removes its entry, or finds nothing to do. */
export type MergeAction = "added" | "updated" | "unchanged" | "removed" | "absent";

/** The changes to one file. */
export interface MergeResult {
  /** The text edits, in order; none when nothing changes. */
  readonly changes: readonly JsonChange[];
  /** What they do: `unchanged` (already as wanted) and `absent` (nothing to remove) change nothing. */
  readonly action: MergeAction;
}

const _REQUIRED = ["type", "command", "args"];

/**
 * Sets `mcpServers[name]`. An existing entry keeps its other keys (its `env`,
 * for one); `type`, `command` and `args` are set, and the entry's remaining
 * keys are added only where missing. A `null` `mcpServers` counts as none.
 *
 * @param root The configuration's parse tree; `undefined` for an empty file.
 * @param name The server's name, e.g. `mdsel`.
 * @param entry The wanted entry.
 * @returns The changes and what they do.
 * @throws {ConfigShapeError} When the configuration or its `mcpServers` is not an object, or a key
 * on the way appears twice.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "jsonc-parser";
 * import { addMcpServer } from "./mcp_servers.ts";
 * const entry = { type: "stdio", command: "deno", args: ["main.ts"] } as const;
 * const first = addMcpServer(parseTree('{"mcpServers": {"other": {}}}'), "mdsel", entry);
 * assert.deepEqual(first, { changes: [{ set: ["mcpServers", "mdsel"], value: entry }], action: "added" });
 * const again = addMcpServer(parseTree(`{"mcpServers": {"mdsel": ${JSON.stringify(entry)}}}`), "mdsel", entry);
 * assert.deepEqual(again, { changes: [], action: "unchanged" });
 * ```
 */
export function addMcpServer(
  root: Node | undefined,
  name: string,
  entry: McpServerEntry,
): MergeResult {
  const servers = _servers(root, true);
  const existing = servers?.type === "object"
    ? member(servers, name, `mcpServers.${name}`)
    : undefined;
  const set = { set: ["mcpServers", name], value: entry };
  if (existing === undefined) return { changes: [set], action: "added" };
  if (existing.type !== "object") return { changes: [set], action: "updated" };
  const changes = entryChanges(
    existing,
    ["mcpServers", name],
    `mcpServers.${name}`,
    { ...entry },
    _REQUIRED,
  );
  return { changes, action: changes.length > 0 ? "updated" : "unchanged" };
}

/**
 * Removes `mcpServers[name]`, whatever it holds. When it is the only server,
 * `mcpServers` goes with it; an `mcpServers` without it, empty or not, stays.
 *
 * @param root The configuration's parse tree; `undefined` for an empty file.
 * @param name The server's name, e.g. `mdsel`.
 * @returns The changes: `removed`, or `absent` when there is no such server.
 * @throws {ConfigShapeError} When a key on the way appears twice.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseTree } from "jsonc-parser";
 * import { removeMcpServer } from "./mcp_servers.ts";
 * const only = removeMcpServer(parseTree('{"mcpServers": {"mdsel": {}}}'), "mdsel");
 * assert.deepEqual(only, { changes: [{ remove: ["mcpServers"] }], action: "removed" });
 * const none = removeMcpServer(parseTree('{"mcpServers": {}}'), "mdsel");
 * assert.deepEqual(none, { changes: [], action: "absent" });
 * ```
 */
export function removeMcpServer(root: Node | undefined, name: string): MergeResult {
  const servers = _servers(root, false);
  if (servers?.type !== "object") return { changes: [], action: "absent" };
  if (member(servers, name, `mcpServers.${name}`) === undefined) {
    return { changes: [], action: "absent" };
  }
  const alone = servers.children!.length === 1;
  return {
    changes: [{ remove: alone ? ["mcpServers"] : ["mcpServers", name] }],
    action: "removed",
  };
}

// The `mcpServers` node; with `strict`, a wrong shape is an error rather than nothing to do.
function _servers(root: Node | undefined, strict: boolean): Node | undefined {
  if (root === undefined) return undefined;
  if (root.type !== "object") {
    if (strict) throw new ConfigShapeError("", "an object");
    return undefined;
  }
  const servers = member(root, "mcpServers", "mcpServers");
  if (strict && servers !== undefined && servers.type !== "object" && servers.type !== "null") {
    throw new ConfigShapeError("mcpServers", "an object");
  }
  return servers;
}
