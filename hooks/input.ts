/**
 * The hook's input: the JSON Claude Code writes on a tool hook's stdin, and the `Read` of a
 * Markdown file in it.
 *
 * @module
 */

const _EVENTS = new Set(["PostToolUse", "PreToolUse"]);
const _MARKDOWN_PATH = /\.(?:md|markdown)$/i;

/** The part of a tool hook's input the hooks depend on. */
export interface ToolHookInput {
  /** `hook_event_name`: `PostToolUse` or `PreToolUse`. */
  readonly hookEventName: string;
  /** `tool_name`, e.g. `Read`. */
  readonly toolName: string;
  /** `tool_input`: the tool's arguments. */
  readonly toolInput: Readonly<Record<string, unknown>>;
}

/**
 * Tells whether a path names a Markdown file: it ends in `.md` or `.markdown`, in any case.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isMarkdownPath } from "./input.ts";
 * assert.ok(isMarkdownPath("/docs/GUIDE.MD"));
 * assert.equal(isMarkdownPath("/docs/guide.txt"), false);
 * ```
 */
export function isMarkdownPath(path: string): boolean {
  return _MARKDOWN_PATH.test(path);
}

/**
 * Parses a tool hook's JSON input (its stdin) into the fields the hooks depend on.
 *
 * @throws {SyntaxError} When `text` is not JSON.
 * @throws {TypeError} When the JSON is not a tool hook input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseHookInput } from "./input.ts";
 * const input = parseHookInput('{"hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"/a.md"}}');
 * assert.equal(input.toolInput.file_path, "/a.md");
 * ```
 */
export function parseHookInput(text: string): ToolHookInput {
  const value: unknown = JSON.parse(text);
  if (!_isRecord(value)) throw new TypeError("Hook input is not a JSON object");
  const { hook_event_name: hookEventName, tool_name: toolName, tool_input: toolInput } = value;
  if (typeof hookEventName !== "string" || !_EVENTS.has(hookEventName)) {
    throw _expected("hook_event_name", '"PostToolUse" or "PreToolUse"', hookEventName);
  }
  if (typeof toolName !== "string") throw _expected("tool_name", "a string", toolName);
  if (!_isRecord(toolInput)) throw _expected("tool_input", "an object", toolInput);
  return { hookEventName, toolName, toolInput };
}

/**
 * The path a `Read` call touched when `accepts` it ({@linkcode isMarkdownPath} by default), else
 * `undefined`.
 *
 * @throws {TypeError} When a `Read` call has no string `file_path`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markdownReadPath } from "./input.ts";
 * const read = { hookEventName: "PostToolUse", toolName: "Read", toolInput: { file_path: "/a.md" } };
 * assert.equal(markdownReadPath(read), "/a.md");
 * assert.equal(markdownReadPath({ ...read, toolName: "Edit" }), undefined);
 * ```
 */
export function markdownReadPath(
  input: ToolHookInput,
  accepts: (path: string) => boolean = isMarkdownPath,
): string | undefined {
  if (input.toolName !== "Read") return undefined;
  const path = input.toolInput.file_path;
  if (typeof path !== "string" || path === "") {
    throw _expected("tool_input.file_path", "a non-empty string", path);
  }
  return accepts(path) ? path : undefined;
}

/**
 * Tells whether a tool call reads a whole file: neither `offset` nor `limit` is given (`null`
 * counts as not given). Any value of either, even `offset: 1`, asks for lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isWholeRead } from "./input.ts";
 * const read = { hookEventName: "PreToolUse", toolName: "Read", toolInput: { file_path: "/a.md" } };
 * assert.ok(isWholeRead(read));
 * assert.equal(isWholeRead({ ...read, toolInput: { file_path: "/a.md", offset: 1 } }), false);
 * ```
 */
export function isWholeRead(input: ToolHookInput): boolean {
  const { offset, limit } = input.toolInput;
  return (offset === undefined || offset === null) && (limit === undefined || limit === null);
}

function _isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function _expected(field: string, wanted: string, value: unknown): TypeError {
  const got = value === undefined
    ? "nothing"
    : value === null
    ? "null"
    : Array.isArray(value)
    ? "an array"
    : typeof value === "string"
    ? JSON.stringify(value)
    : `a ${typeof value}`;
  return new TypeError(`Expected "${field}" to be ${wanted}, got ${got}`);
}
