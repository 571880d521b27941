/**
 * The server's tools, exactly two: `mdsel_index` and `mdsel_select`, each in its own module with
 * its schema and register function; `tool_call.ts` runs a call.
 *
 * @module
 */
import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp";
import { MDSEL_INDEX, registerMdselIndex } from "./mdsel_index.ts";
import { MDSEL_SELECT, registerMdselSelect } from "./mdsel_select.ts";
import type { ToolContext } from "./tool_call.ts";

export type { ToolContext };

/** The names of the tools, in the order they are listed. */
export const TOOL_NAMES: readonly string[] = [MDSEL_INDEX, MDSEL_SELECT];

/**
 * Registers both tools on a server, and returns them by name.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // @ts-types="@modelcontextprotocol/sdk/server/mcp"
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * import { registerTools } from "./mod.ts";
 * const server = new McpServer({ name: "example", version: "0.0.0" });
 * const tools = registerTools(server, { settings: DEFAULT_SETTINGS });
 * assert.deepEqual(Object.keys(tools), ["mdsel_index", "mdsel_select"]);
 * ```
 */
export function registerTools(
  server: McpServer,
  context: ToolContext,
): Record<string, RegisteredTool> {
  return {
    [MDSEL_INDEX]: registerMdselIndex(server, context),
    [MDSEL_SELECT]: registerMdselSelect(server, context),
  };
}
