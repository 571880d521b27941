/**
 * The `mdsel_select` tool: the content behind a selector.
 *
 * @module
 */
import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp";
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types";
import type { OutputFormat, ServerSettings } from "./settings.ts";
import { runToolCall, type ToolContext } from "./tool_call.ts";
import {
  argumentSchema,
  filesSchema,
  MAX_SELECTOR_CHARS,
  READ_ONLY_ANNOTATIONS,
} from "./tool_config.ts";

/** The tool's name. */
export const MDSEL_SELECT = "mdsel_select";

/** The tool's input: a selector and the files to search. */
export const MdselSelectSchema = {
  selector: argumentSchema(MAX_SELECTOR_CHARS)
    .describe(
      "Selector as the outline prints it (e.g. 'h2.1', 'h2.1/code.0', 'readme::h2.1?full=true'), " +
        "several comma-separated, or words to search for",
    ),
  files: filesSchema("search"),
};

/**
 * The tool's title, description and annotations (`registerTool`'s config without the schema); the
 * description says what the output format in use returns.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * import { mdselSelectConfig } from "./mdsel_select.ts";
 * const config = mdselSelectConfig({ ...DEFAULT_SETTINGS, format: "json" });
 * assert.ok(config.description.includes("Returns: JSON with each match's exact Markdown source"));
 * ```
 */
export function mdselSelectConfig(
  settings: Pick<ServerSettings, "format">,
): { title: string; description: string; annotations: ToolAnnotations } {
  const returns = settings.format === "json"
    ? "Returns: JSON with each match's exact Markdown source (content), ready to quote or edit, " +
      "and its direct children (children_available) with their selectors and word counts. A " +
      "section too big for one page answers with its introduction and outline: true, its " +
      "subsections listed in children_available to choose from; long content comes in pages, " +
      "pagination.next giving the selector of the next."
    : "Returns: the exact Markdown source of the match, ready to quote or edit. A section too " +
      "big for one page answers with its introduction and an outline of its subsections to " +
      "choose from; long content comes in pages, each ending with the selector of the next.";
  const description = [
    "Retrieve specific content from Markdown documents using selectors. REQUIRED: Call " +
    "mdsel_index first to discover available selectors. Do NOT use the Read tool for large " +
    "Markdown files.",
    "",
    returns,
    "",
    "Selector Syntax:",
    "- h2.1 (second h2), h2.1/code.0 (its first code block), readme::h2.1 (in readme, of " +
    "several files); long forms such as heading:h2[1]/block:code[0] work too",
    "- Then ?full=true, ?page=N, ?head=N or ?tail=N",
    "- Several at once, comma-separated: h2.1, h3.4/code.0",
    "- Or words, when unsure where: the question, then after its ? the docs' likely words " +
    "(API names, flags): how do I cancel a request? AbortController abort. Or fs.readFile, " +
    '"exact phrase", a few words (readme::words: one file). Lists the best sections; a short ' +
    "or standout best comes whole",
    "- Types: h1-h6, section, para, code, list, table, quote, intro (before the first heading), " +
    "root (whole file)",
    "",
    "Usage Pattern:",
    "1. mdsel_index to discover selectors",
    "2. mdsel_select with discovered selectors",
    "3. Drill down with child selectors as needed",
  ].join("\n");
  return { title: "Markdown Selector Select", description, annotations: READ_ONLY_ANNOTATIONS };
}

/**
 * The `mdsel` arguments of one call: selector and files after `--`, so a leading `-` is no option.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdselSelectArgs } from "./mdsel_select.ts";
 * assert.deepEqual(mdselSelectArgs("-h2.0", ["/a.md"], "json"), ["select", "--json", "--", "-h2.0", "/a.md"]);
 * ```
 */
export function mdselSelectArgs(
  selector: string,
  files: readonly string[],
  format: OutputFormat,
): string[] {
  return ["select", ...(format === "json" ? ["--json"] : []), "--", selector, ...files];
}

/**
 * Registers the `mdsel_select` tool on a server.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // @ts-types="@modelcontextprotocol/sdk/server/mcp"
 * import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * import { registerMdselSelect } from "./mdsel_select.ts";
 * const server = new McpServer({ name: "example", version: "0.0.0" });
 * assert.equal(registerMdselSelect(server, { settings: DEFAULT_SETTINGS }).title, "Markdown Selector Select");
 * ```
 */
export function registerMdselSelect(server: McpServer, context: ToolContext): RegisteredTool {
  const { settings } = context;
  return server.registerTool(
    MDSEL_SELECT,
    { ...mdselSelectConfig(settings), inputSchema: MdselSelectSchema },
    ({ selector, files }, extra) =>
      runToolCall(
        files,
        (checked) => mdselSelectArgs(selector, checked, settings.format),
        extra,
        context,
      ),
  );
}
