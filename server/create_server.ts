/**
 * The MCP server: the SDK's `McpServer` with the two tools and their `instructions`.
 *
 * @module
 */
// The SDK's "./*" export maps types to "*.js.d.ts", which do not exist: name the types.
// @ts-types="@modelcontextprotocol/sdk/server/mcp"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { VERSION } from "../mdsel/settings/version.ts";
import { CacheWarmer } from "../tools/cache_warmer.ts";
import { CallLimit } from "../tools/call_limit.ts";
import { registerTools, type ToolContext } from "../tools/mod.ts";
import type { OutputFormat } from "../tools/settings.ts";

/** The name the server reports in its initialize result. */
export const SERVER_NAME = "mdsel-claude";

/**
 * The server's `instructions`: how to use the two tools, with the live threshold
 * (`MDSEL_MIN_WORDS`), in the words of the output format (`MDSEL_FORMAT`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serverInstructions } from "./create_server.ts";
 * assert.ok(serverInstructions(200, "text").includes("over 200 words"));
 * assert.ok(serverInstructions(200, "json").includes("pagination.next"));
 * ```
 */
export function serverInstructions(minWords: number, format: OutputFormat): string {
  const steps = format === "json"
    ? [
      "1. mdsel_index with the absolute paths of the files: it returns JSON listing the headings, each with its selector, its text and the words of its section (section_word_count), and the block counts.",
      "2. mdsel_select with a selector from the index, e.g. readme::heading:h2[0] for a section or readme::heading:h2[0]/block:code[0] for its first code block.",
      "3. Drill down with the selectors in children_available, each with its word_count. A section too big for one page answers with its introduction and outline: true, its subsections in children_available. Long content comes in pages: follow pagination.next, or add ?full=true.",
    ]
    : [
      "1. mdsel_index with the absolute paths of the files: it prints an outline, one line per heading with its selector and text (h2.1 Usage). Big sections show their size ([1200 words]); a folded heading says how many subsections it hides (+K subsections).",
      "2. mdsel_select with a selector from the outline, e.g. h2.1 for a section or h2.1/code.0 for its first code block; with several files, prefix the file's namespace from the outline (readme::h2.1).",
      "3. A section too big for one page answers with its introduction and an outline of its subsections: select one, or add ?page=1 to read it in pages. Long content comes in pages; every page but the last ends with a line [page 1 of 3, next: <selector>]: select that next selector to read on, or add ?full=true for everything at once.",
    ];
  return [
    `For Markdown files over ${minWords} words, do not use Read: use these two tools to read only the part you need.`,
    ...steps,
    'Not sure where? mdsel_select with words lists the best sections: the question, then after its ? the docs\' likely words (how do I cancel a request? AbortController abort), or an identifier or "exact phrase". Several selectors fit one call (h2.1, h3.4); files may be folders or globs (docs/**/*.md).',
    "A selector that matches nothing says why, and names the closest that exist.",
  ].join("\n");
}

/**
 * Creates the MCP server with its two tools, not yet connected; the call limit is by default one
 * of `settings.maxConcurrent` calls.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { createServer } from "./create_server.ts";
 * import { DEFAULT_SETTINGS } from "../tools/settings.ts";
 * const server = createServer({ settings: DEFAULT_SETTINGS });
 * assert.equal(server.isConnected(), false);
 * ```
 */
export function createServer(context: ToolContext): McpServer {
  const server = new McpServer(
    { name: SERVER_NAME, version: VERSION },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: serverInstructions(context.settings.minWords, context.settings.format),
    },
  );
  registerTools(server, {
    callLimit: new CallLimit(context.settings.maxConcurrent),
    warmer: new CacheWarmer(context.settings, context.shutdown),
    ...context,
  });
  server.server.onerror = (error) =>
    console.error(`mdsel-claude: ${error.message.replace(/\s+/g, " ").trim()}`);
  return server;
}
