/**
 * Adding one server to the `mcpServers` of a Claude Code MCP configuration
 * (`.mcp.json` or `~/.claude.json`), keeping everything else.
 *
 * @module
 */
import { ConfigShapeError } from "./errors.ts";
import { jsonEqual } from "./json_equal.ts";
import type { McpServerEntry } from "./package_commands.ts";

/** What a merge did to a configuration. */
export type MergeAction = "added" | "updated" | "unchanged";

/** A merged configuration. */
export interface MergeResult {
  /** The new configuration; the input is never modified. */
  readonly value: Record<string, unknown>;
  /** Whether the entry was added, updated or already as wanted. */
  readonly action: MergeAction;
}

/**
 * Sets `mcpServers[name]`. An existing entry keeps its other keys (its `env`,
 * for one); `type`, `command` and `args` are set, and the entry's remaining
 * keys are added only where missing. Every other key and server is kept.
 *
 * @param config The parsed configuration file.
 * @param name The server's name, e.g. `mdsel`.
 * @param entry The wanted entry.
 * @returns The new configuration and what changed.
 * @throws {ConfigShapeError} When the configuration or its `mcpServers` is not an object.
 *
 * @example
 * ```ts
 * import { addMcpServer } from "./mcp_servers.ts";
 * const entry = { type: "stdio", command: "deno", args: ["run", "-A", "main.ts"] } as const;
 * const config = { mcpServers: { other: { command: "other" } } };
 * const first = addMcpServer(config, "mdsel", entry);
 * console.log(first.action, Object.keys(first.value.mcpServers as object)); // added [ "other", "mdsel" ]
 * console.log(addMcpServer(first.value, "mdsel", entry).action); // unchanged
 * ```
 */
export function addMcpServer(
  config: unknown,
  name: string,
  entry: McpServerEntry,
): MergeResult {
  if (!_isRecord(config)) throw new ConfigShapeError("", "an object");
  const value = structuredClone(config);
  const servers = value.mcpServers ?? {};
  if (!_isRecord(servers)) throw new ConfigShapeError("mcpServers", "an object");
  value.mcpServers = servers;
  const existing = servers[name];
  if (!_isRecord(existing)) {
    servers[name] = structuredClone(entry);
    return { value, action: existing === undefined ? "added" : "updated" };
  }
  const { type, command, args, ...defaults } = structuredClone(entry);
  const merged: Record<string, unknown> = { ...existing, type, command, args };
  for (const [key, fallback] of Object.entries(defaults)) {
    if (!Object.hasOwn(merged, key)) merged[key] = fallback;
  }
  if (jsonEqual(merged, existing)) return { value: config, action: "unchanged" };
  servers[name] = merged;
  return { value, action: "updated" };
}

function _isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
