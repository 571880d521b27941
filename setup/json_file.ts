/**
 * Reading a JSON configuration file: its text, its parse tree, and its layout
 * (indentation and line endings), which new entries follow.
 *
 * @module
 */
import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import { ConfigFileError } from "./errors.ts";
import type { JsonLayout } from "./json_edit.ts";

const _UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const _PARSE_OPTIONS = { allowTrailingComma: true, allowEmptyContent: true } as const;

/**
 * The layout of files setup creates: two spaces, `\n`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_JSON_FORMAT } from "./json_file.ts";
 * assert.deepEqual(DEFAULT_JSON_FORMAT, { indent: "  ", eol: "\n" });
 * ```
 */
export const DEFAULT_JSON_FORMAT: JsonLayout = { indent: "  ", eol: "\n" };

/** A JSON configuration file as read. */
export interface JsonFile {
  /** The file's path. */
  readonly path: string;
  /** The file's text, or `undefined` when there is no such file. */
  readonly text: string | undefined;
  /** The parse tree; `undefined` for a missing file or one holding no value (blank, or comments only). */
  readonly root: Node | undefined;
  /** The file's layout, or {@linkcode DEFAULT_JSON_FORMAT} for a new or blank file. */
  readonly format: JsonLayout;
}

/**
 * Reads and parses a JSON file, comments and trailing commas allowed (JSONC).
 * A missing file, or one holding no value, has no parse tree: there is
 * nothing in it to lose. The caller makes sure `path` is a regular file:
 * reading a FIFO would block.
 *
 * @param path The file.
 * @returns Its text, parse tree and layout.
 * @throws {ConfigFileError} When it cannot be read or is not valid UTF-8 JSON; the message names
 * the file, and the line and column of a syntax error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readJsonFile } from "./json_file.ts";
 * const missing = await readJsonFile("/no/such/dir/.mcp.json");
 * assert.equal(missing.text, undefined);
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/bad.json`, '{\n  "a": 1 // fine\n  "b": 2\n}');
 * await assert.rejects(readJsonFile(`${dir}/bad.json`), {
 *   message: `Invalid JSON in "${dir}/bad.json": comma expected at line 3, column 3`,
 * });
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function readJsonFile(path: string): Promise<JsonFile> {
  let text: string;
  try {
    text = _UTF8.decode(await Deno.readFile(path));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { path, text: undefined, root: undefined, format: DEFAULT_JSON_FORMAT };
    }
    throw new ConfigFileError(path, `Cannot read "${path}": ${_firstLine(error)}`, {
      cause: error,
    });
  }
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const root = parseTree(body, errors, _PARSE_OPTIONS);
  if (errors.length > 0) {
    const { offset, error } = errors[0];
    const lines = body.slice(0, offset).split("\n");
    const problem = printParseErrorCode(error).replace(/(?<=.)[A-Z]/g, (c) => ` ${c}`);
    throw new ConfigFileError(
      path,
      `Invalid JSON in "${path}": ${problem.toLowerCase()} at line ${lines.length}, column ${
        lines[lines.length - 1].length + 1
      }`,
    );
  }
  const format = root === undefined ? DEFAULT_JSON_FORMAT : detectJsonFormat(text);
  return { path, text, root, format };
}

/**
 * Detects how a JSON text is laid out. The indentation is that of the first
 * indented line; a text without one (a single line) gets two spaces.
 *
 * @param text A JSON text.
 * @returns Its indentation and line ending.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectJsonFormat } from "./json_file.ts";
 * assert.deepEqual(detectJsonFormat('{\r\n\t"a": 1\r\n}'), { indent: "\t", eol: "\r\n" });
 * ```
 */
export function detectJsonFormat(text: string): JsonLayout {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? DEFAULT_JSON_FORMAT.indent;
  const firstEol = text.indexOf("\n");
  return {
    // JSON.stringify indents by at most ten characters.
    indent: indent.slice(0, 10),
    eol: firstEol > 0 && text[firstEol - 1] === "\r" ? "\r\n" : "\n",
  };
}

function _firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n", 1)[0];
}

/**
 * The parse tree of a JSON text as setup reads it (comments and trailing
 * commas allowed, a byte order mark skipped), for a text setup made itself.
 *
 * @param text Valid JSON with comments, or blank.
 * @returns The tree; `undefined` for a text holding no value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseJsonTree } from "./json_file.ts";
 * assert.equal(parseJsonTree('\uFEFF{"a": 1, // one\n}')?.type, "object");
 * assert.equal(parseJsonTree("  "), undefined);
 * ```
 */
export function parseJsonTree(text: string): Node | undefined {
  return parseTree(text.startsWith("\uFEFF") ? text.slice(1) : text, [], _PARSE_OPTIONS);
}

/**
 * Tells whether a JSON text is strict JSON, the only kind Claude Code reads:
 * no comments, no trailing commas. A blank text counts as strict (it holds
 * nothing to ignore).
 *
 * @param text A JSON text setup accepts (comments and trailing commas allowed).
 * @returns `false` when Claude Code would refuse it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isStrictJson } from "./json_file.ts";
 * assert.ok(isStrictJson('{"a": [1]}\n'));
 * assert.equal(isStrictJson('{"a": [1,]}'), false);
 * assert.equal(isStrictJson('{"a": 1 // one\n}'), false);
 * ```
 */
export function isStrictJson(text: string): boolean {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (body.trim() === "") return true;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}
