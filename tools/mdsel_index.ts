/**
 * The `mdsel_index` tool: the selector inventory of Markdown files.
 *
 * @module
 */
import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types";
import type { OutputFormat, ServerSettings } from "./settings.ts";
import { filesSchema, formatName, READ_ONLY_ANNOTATIONS } from "./tool_config.ts";
import { mdselToolResult, type ToolContext } from "./tool_result.ts";

/** The tool's name. */
export const MDSEL_INDEX = "mdsel_index";

/** The tool's input: the files to index. */
export const MdselIndexSchema = { files: filesSchema("index") };

/**
 * The tool's title, description and annotations. The description carries the
 * live `MDSEL_MIN_WORDS` and says `text` instead of `JSON` under `MDSEL_FORMAT=text`.
 *
 * @param settings The server's settings.
 * @returns The config `registerTool` takes (without the schema).
 *
 * @example
 * ```ts
 * import { mdselIndexConfig } from "./mdsel_index.ts";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * const config = mdselIndexConfig({ ...DEFAULT_SETTINGS, minWords: 500 });
 * console.log(config.title, config.description.includes("over 500 words")); // Markdown Selector Index true
 * ```
 */
export function mdselIndexConfig(
  settings: Pick<ServerSettings, "minWords" | "format">,
): { title: string; description: string; annotations: ToolAnnotations } {
  const description = [
    "Index Markdown documents to discover available selectors. REQUIRED: Call this BEFORE " +
    `mdsel_select when working with Markdown documents over ${settings.minWords} words. ` +
    "Do NOT use the Read tool for large Markdown files - use mdsel_index first to understand " +
    "the document structure, then mdsel_select to retrieve specific sections.",
    "",
    `Returns: ${formatName(settings.format)} with selector inventory including headings, blocks ` +
    "(paragraphs, code, lists, tables), and word counts for each section.",
    "",
    "Selector Grammar:",
    "- namespace::type[index]/path?query",
    "- Types: heading:h1-h6, section, block:paragraph, block:code, block:list, block:table",
    "- Example: readme::heading:h2[0]/block:code[0]",
  ].join("\n");
  return { title: "Markdown Selector Index", description, annotations: READ_ONLY_ANNOTATIONS };
}

/**
 * The `mdsel` arguments of one call: files after `--`, so a name starting
 * with `-` is never taken for an option.
 *
 * @param files The files to index.
 * @param format `json` adds `--json`.
 * @returns The arguments after `mdsel`.
 *
 * @example
 * ```ts
 * import { mdselIndexArgs } from "./mdsel_index.ts";
 * console.log(mdselIndexArgs(["/a.md", "-b.md"], "json")); // [ "index", "--json", "--", "/a.md", "-b.md" ]
 * ```
 */
export function mdselIndexArgs(files: readonly string[], format: OutputFormat): string[] {
  return ["index", ...(format === "json" ? ["--json"] : []), "--", ...files];
}

/**
 * Registers `mdsel_index` on a server.
 *
 * @param server The MCP server.
 * @param context The settings and the shutdown signal.
 * @returns The registered tool.
 *
 * @example
 * ```ts
 * // @ts-types="@modelcontextprotocol/sdk/server/mcp"
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { registerMdselIndex } from "./mdsel_index.ts";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * const server = new McpServer({ name: "example", version: "0.0.0" });
 * console.log(registerMdselIndex(server, { settings: DEFAULT_SETTINGS }).title); // Markdown Selector Index
 * ```
 */
export function registerMdselIndex(server: McpServer, context: ToolContext): RegisteredTool {
  return server.registerTool(
    MDSEL_INDEX,
    { ...mdselIndexConfig(context.settings), inputSchema: MdselIndexSchema },
    ({ files }, extra) =>
      mdselToolResult(
        { args: mdselIndexArgs(files, context.settings.format), files, signal: extra.signal },
        context,
      ),
  );
}
