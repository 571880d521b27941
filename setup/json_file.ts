/**
 * Reading a JSON configuration file and writing it back in its own style:
 * indentation, line endings, final newline and byte order mark are kept.
 *
 * @module
 */
import { ConfigFileError } from "./errors.ts";

/** How a JSON file is laid out. */
export interface JsonFormat {
  /** One level of indentation, e.g. two spaces or a tab. */
  readonly indent: string;
  /** The line ending. */
  readonly eol: "\n" | "\r\n";
  /** Whether the file ends with a line ending. */
  readonly finalNewline: boolean;
  /** Whether the file starts with a byte order mark. */
  readonly bom: boolean;
}

const _UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * The layout of files setup creates: two spaces, `\n`, a final newline.
 *
 * @example
 * ```ts
 * import { DEFAULT_JSON_FORMAT, formatJson } from "./json_file.ts";
 * console.log(formatJson({}, DEFAULT_JSON_FORMAT) === "{}\n"); // true
 * ```
 */
export const DEFAULT_JSON_FORMAT: JsonFormat = {
  indent: "  ",
  eol: "\n",
  finalNewline: true,
  bom: false,
};

/** A JSON configuration file as read. */
export interface JsonFile {
  /** The file's path. */
  readonly path: string;
  /** The file's text, or `undefined` when there is no such file. */
  readonly text: string | undefined;
  /** The parsed value; `{}` for a missing or blank file. */
  readonly value: unknown;
  /** The file's layout, or {@linkcode DEFAULT_JSON_FORMAT} for a new or blank file. */
  readonly format: JsonFormat;
}

/**
 * Reads and parses a JSON file. A missing file, or one holding only
 * whitespace, reads as `{}`: there is nothing in it to lose.
 *
 * @param path The file.
 * @returns Its text, value and layout.
 * @throws {ConfigFileError} When it cannot be read or is not valid UTF-8 JSON; the message names the file.
 *
 * @example
 * ```ts
 * import { readJsonFile } from "./json_file.ts";
 * const file = await readJsonFile("/no/such/dir/.mcp.json");
 * console.log(file.text, file.value); // undefined {}
 * ```
 */
export async function readJsonFile(path: string): Promise<JsonFile> {
  let text: string;
  try {
    text = _UTF8.decode(await Deno.readFile(path));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { path, text: undefined, value: {}, format: DEFAULT_JSON_FORMAT };
    }
    throw new ConfigFileError(path, `Cannot read "${path}": ${_firstLine(error)}`, {
      cause: error,
    });
  }
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (body.trim() === "") return { path, text, value: {}, format: DEFAULT_JSON_FORMAT };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new ConfigFileError(path, `Invalid JSON in "${path}": ${_firstLine(error)}`, {
      cause: error,
    });
  }
  return { path, text, value, format: detectJsonFormat(text) };
}

/**
 * Detects how a JSON text is laid out. The indentation is that of the first
 * indented line; a text without one (a single line) gets two spaces.
 *
 * @param text A JSON text.
 * @returns Its layout.
 *
 * @example
 * ```ts
 * import { detectJsonFormat } from "./json_file.ts";
 * const format = detectJsonFormat('{\r\n\t"a": 1\r\n}');
 * console.log(JSON.stringify(format.indent), JSON.stringify(format.eol), format.finalNewline);
 * // "\t" "\r\n" false
 * ```
 */
export function detectJsonFormat(text: string): JsonFormat {
  const indent = /\n([ \t]+)\S/.exec(text)?.[1] ?? DEFAULT_JSON_FORMAT.indent;
  const firstEol = text.indexOf("\n");
  return {
    // JSON.stringify indents by at most ten characters.
    indent: indent.slice(0, 10),
    eol: firstEol > 0 && text[firstEol - 1] === "\r" ? "\r\n" : "\n",
    finalNewline: firstEol === -1 ? true : text.endsWith("\n"),
    bom: text.startsWith("\uFEFF"),
  };
}

/**
 * Serialises a JSON value in a given layout.
 *
 * @param value A JSON value.
 * @param format The layout to use.
 * @returns The file text.
 *
 * @example
 * ```ts
 * import { DEFAULT_JSON_FORMAT, formatJson } from "./json_file.ts";
 * console.log(formatJson({ a: [1] }, DEFAULT_JSON_FORMAT) === '{\n  "a": [\n    1\n  ]\n}\n'); // true
 * ```
 */
export function formatJson(value: unknown, format: JsonFormat): string {
  let text = JSON.stringify(value, null, format.indent);
  if (format.eol === "\r\n") text = text.replaceAll("\n", "\r\n");
  if (format.finalNewline) text += format.eol;
  return format.bom ? `\uFEFF${text}` : text;
}

function _firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split("\n", 1)[0];
}
