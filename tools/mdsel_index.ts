/**
 * The `mdsel_index` tool: the outline of Markdown files, with their selectors.
 *
 * @module
 */
import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types";
import type { OutputFormat, ServerSettings } from "./settings.ts";
import { runToolCall, type ToolContext } from "./tool_call.ts";
import { filesSchema, READ_ONLY_ANNOTATIONS } from "./tool_config.ts";

/** The tool's name. */
export const MDSEL_INDEX = "mdsel_index";

/** The tool's input: the files to index. */
export const MdselIndexSchema = { files: filesSchema("index") };

/**
 * The tool's title, description and annotations (`registerTool`'s config without the schema); the
 * description carries the live thresholds and the output format in use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * import { mdselIndexConfig } from "./mdsel_index.ts";
 * const config = mdselIndexConfig({ ...DEFAULT_SETTINGS, minWords: 500 });
 * assert.ok(config.description.includes("over 500 words"));
 * ```
 */
export function mdselIndexConfig(
  settings: Pick<ServerSettings, "minWords" | "format" | "sizeWords">,
): { title: string; description: string; annotations: ToolAnnotations } {
  const returns = settings.format === "json"
    ? "Returns: JSON with one entry per heading: its selector (e.g. readme::heading:h2[1]), its " +
      "text, the words of its section (section_word_count) and its lines (start_line, " +
      "end_line); then the counts of paragraphs, code blocks, lists, tables and blockquotes. " +
      "When the index would pass its size budget, the deepest " +
      "heading levels are left out (headings_omitted, max_depth): select a section to list its " +
      "subsections (children_available)."
    : "Returns: an outline with one line per heading: its selector (e.g. h2.1) and its text; " +
      `sections of ${settings.sizeWords} words or more also show their size ("[1200 words]"), ` +
      "so you can see what a read will cost. On big documents deeper headings are folded " +
      '("+N subsections"): select that section to list them. Then the block counts.';
  const description = [
    "Index Markdown documents to discover available selectors. REQUIRED: Call this BEFORE " +
    `mdsel_select when working with Markdown documents over ${settings.minWords} words. ` +
    "Do NOT use the Read tool for large Markdown files - use mdsel_index first to understand " +
    "the document structure, then mdsel_select to retrieve specific sections.",
    "",
    returns,
    "",
    "Files may also be folders (their .md, .markdown and .mdx files, skipping what " +
    "git ignores) or globs (docs/**/*.md); each document then starts with a line naming it. " +
    "A folder too big to show whole answers with its tree (subfolders with sizes, then files " +
    "as room allows); index a subfolder or a file to go deeper.",
    "",
    "Selectors:",
    "- h2.1 (second h2), h2.1/code.0 (its first code block), readme::h2.1 (in readme, of " +
    "several files); long forms (readme::heading:h2[1]) work too",
    "- Types: h1-h6, section, para, code, list, table, quote, intro (before the first heading), " +
    "root (whole file)",
  ].join("\n");
  return { title: "Markdown Selector Index", description, annotations: READ_ONLY_ANNOTATIONS };
}

/**
 * The `mdsel` arguments of one call: files after `--`, so a name starting with `-` is no option.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdselIndexArgs } from "./mdsel_index.ts";
 * assert.deepEqual(mdselIndexArgs(["/a.md", "-b.md"], "json"), ["index", "--json", "--", "/a.md", "-b.md"]);
 * ```
 */
export function mdselIndexArgs(files: readonly string[], format: OutputFormat): string[] {
  return ["index", ...(format === "json" ? ["--json"] : []), "--", ...files];
}

/**
 * Registers the `mdsel_index` tool on a server.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // @ts-types="@modelcontextprotocol/sdk/server/mcp"
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * import { registerMdselIndex } from "./mdsel_index.ts";
 * const server = new McpServer({ name: "example", version: "0.0.0" });
 * assert.equal(registerMdselIndex(server, { settings: DEFAULT_SETTINGS }).title, "Markdown Selector Index");
 * ```
 */
export function registerMdselIndex(server: McpServer, context: ToolContext): RegisteredTool {
  const { settings } = context;
  return server.registerTool(
    MDSEL_INDEX,
    { ...mdselIndexConfig(settings), inputSchema: MdselIndexSchema },
    ({ files }, extra) =>
      runToolCall(files, (checked) => mdselIndexArgs(checked, settings.format), extra, context),
  );
}
