/**
 * The Claude Code Read reminder hook.
 *
 * Claude Code runs it after (or before) its built-in `Read` tool with the hook
 * JSON on stdin. When `Read` touched a Markdown file of more than
 * `MDSEL_MIN_WORDS` words (default 200), it prints one `hookSpecificOutput`
 * object whose `additionalContext` tells the model to use `mdsel_index` and
 * `mdsel_select` instead. In every other case it prints nothing. It always
 * exits 0: it nudges, it never blocks or fails a read.
 *
 * Run it as
 * `deno run --allow-read --allow-env=MDSEL_MIN_WORDS jsr:@x/mdsel-claude/hook`.
 *
 * The module imports nothing, so start-up stays fast.
 *
 * @module
 */

/**
 * The reminder shown to the model: fixed wording, identical every time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { REMINDER } from "./hook.ts";
 * assert.equal(REMINDER.split("\n")[1], "Use mdsel_index and mdsel_select instead of Read.");
 * ```
 */
export const REMINDER =
  "This is a Markdown file over the configured size threshold.\nUse mdsel_index and mdsel_select instead of Read.";

/**
 * The word threshold when `MDSEL_MIN_WORDS` is unset, unreadable or not a number.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_MIN_WORDS, parseMinWords } from "./hook.ts";
 * assert.ok(parseMinWords(undefined) === DEFAULT_MIN_WORDS);
 * ```
 */
export const DEFAULT_MIN_WORDS = 200;

/**
 * How many bytes the hook reads from the file at a time.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHUNK_SIZE, readFileChunks } from "./hook.ts";
 * for await (const chunk of readFileChunks(import.meta.filename!)) {
 *   assert.ok(chunk.length <= CHUNK_SIZE);
 * }
 * ```
 */
export const CHUNK_SIZE = 64 * 1024;

const _EVENTS = new Set(["PostToolUse", "PreToolUse"]);
const _MARKDOWN_PATH = /\.(?:md|markdown)$/i;

/** The part of a tool hook's input the reminder depends on. */
export interface ToolHookInput {
  /** `hook_event_name`: `PostToolUse` or `PreToolUse`. */
  readonly hookEventName: string;
  /** `tool_name`, e.g. `Read`. */
  readonly toolName: string;
  /** `tool_input`: the tool's arguments. */
  readonly toolInput: Readonly<Record<string, unknown>>;
}

/** What one run of the hook writes. */
export interface HookResult {
  /** The text for stdout: the reminder line, or empty. */
  readonly stdout: string;
  /** One line for stderr explaining why nothing was printed, or empty. */
  readonly stderr: string;
}

/** The hook's input is JSON of the wrong shape. */
export class HookInputError extends TypeError {
  /** The input field that was missing or of the wrong type. */
  readonly field: string;

  /**
   * Creates the error.
   *
   * @param field The input field that was missing or of the wrong type.
   * @param message What is wrong with it.
   */
  constructor(field: string, message: string) {
    super(message);
    this.name = "HookInputError";
    this.field = field;
  }
}

/** The file the hook was asked about contains binary data. */
export class BinaryContentError extends TypeError {
  /**
   * Creates the error.
   *
   * @param message Why the content counts as binary.
   */
  constructor(message = "File contains a NUL byte") {
    super(message);
    this.name = "BinaryContentError";
  }
}

/**
 * Reads a word threshold from the raw value of `MDSEL_MIN_WORDS`.
 *
 * @param raw The variable's value, or `undefined` when it is unset.
 * @returns The threshold: a whole number of at least 0, or {@linkcode DEFAULT_MIN_WORDS}
 * when `raw` is missing, blank or not such a number.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMinWords } from "./hook.ts";
 * assert.equal(parseMinWords("50"), 50);
 * assert.equal(parseMinWords("lots"), 200);
 * ```
 */
export function parseMinWords(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === "") return DEFAULT_MIN_WORDS;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_MIN_WORDS;
}

/**
 * Reads the word threshold from the environment without ever prompting: when
 * the process may not read `MDSEL_MIN_WORDS`, the default applies.
 *
 * @returns The threshold from `MDSEL_MIN_WORDS`, or {@linkcode DEFAULT_MIN_WORDS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readMinWords } from "./hook.ts";
 * assert.ok(readMinWords() >= 0);
 * ```
 */
export function readMinWords(): number {
  const descriptor = { name: "env", variable: "MDSEL_MIN_WORDS" } as const;
  if (Deno.permissions.querySync(descriptor).state !== "granted") return DEFAULT_MIN_WORDS;
  return parseMinWords(Deno.env.get("MDSEL_MIN_WORDS"));
}

/**
 * Tells whether a path names a Markdown file: it ends in `.md` or `.markdown`,
 * in any case.
 *
 * @param path A file path.
 * @returns `true` for a Markdown path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isMarkdownPath } from "./hook.ts";
 * assert.ok(isMarkdownPath("/docs/GUIDE.MD"));
 * assert.equal(isMarkdownPath("/docs/guide.txt"), false);
 * ```
 */
export function isMarkdownPath(path: string): boolean {
  return _MARKDOWN_PATH.test(path);
}

/**
 * Parses a tool hook's JSON input.
 *
 * @param text The hook's stdin.
 * @returns The fields the reminder depends on.
 * @throws {SyntaxError} When `text` is not JSON.
 * @throws {HookInputError} When the JSON is not a tool hook input.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseHookInput } from "./hook.ts";
 * const input = parseHookInput(
 *   '{"hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"/a.md"}}',
 * );
 * assert.equal(input.toolName, "Read");
 * assert.equal(input.toolInput.file_path, "/a.md");
 * ```
 */
export function parseHookInput(text: string): ToolHookInput {
  const value: unknown = JSON.parse(text);
  if (!_isRecord(value)) throw new HookInputError("", "Hook input is not a JSON object");
  const { hook_event_name: hookEventName, tool_name: toolName, tool_input: toolInput } = value;
  if (typeof hookEventName !== "string" || !_EVENTS.has(hookEventName)) {
    throw new HookInputError(
      "hook_event_name",
      `Expected "hook_event_name" to be "PostToolUse" or "PreToolUse", got ${
        _describe(hookEventName)
      }`,
    );
  }
  if (typeof toolName !== "string") {
    throw new HookInputError(
      "tool_name",
      `Expected "tool_name" to be a string, got ${_describe(toolName)}`,
    );
  }
  if (!_isRecord(toolInput)) {
    throw new HookInputError(
      "tool_input",
      `Expected "tool_input" to be an object, got ${_describe(toolInput)}`,
    );
  }
  return { hookEventName, toolName, toolInput };
}

/**
 * Picks the Markdown file a `Read` call touched.
 *
 * @param input A parsed tool hook input.
 * @returns The file path when the tool is `Read` and the path is Markdown; otherwise `undefined`.
 * @throws {HookInputError} When a `Read` call has no string `file_path`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markdownReadPath } from "./hook.ts";
 * const read = { hookEventName: "PostToolUse", toolName: "Read", toolInput: { file_path: "/a.md" } };
 * assert.equal(markdownReadPath(read), "/a.md");
 * assert.equal(markdownReadPath({ ...read, toolName: "Edit" }), undefined);
 * ```
 */
export function markdownReadPath(input: ToolHookInput): string | undefined {
  if (input.toolName !== "Read") return undefined;
  const path = input.toolInput.file_path;
  if (typeof path !== "string" || path === "") {
    throw new HookInputError(
      "tool_input.file_path",
      `Expected "tool_input.file_path" to be a non-empty string, got ${_describe(path)}`,
    );
  }
  return isMarkdownPath(path) ? path : undefined;
}

/**
 * Tells whether a byte stream holds more than `limit` words, counted as
 * maximal runs of non-whitespace characters of the UTF-8 text (the same
 * whitespace as JavaScript's `\s`). Words and characters may be split across
 * chunks. It stops pulling chunks as soon as the answer is known.
 *
 * @param chunks The bytes, in order. A chunk may be reused once the next one is requested.
 * @param limit The word threshold.
 * @returns `true` when the stream holds more than `limit` words.
 * @throws {BinaryContentError} When a chunk it reads contains a NUL byte.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exceedsWordLimit } from "./hook.ts";
 * const bytes = new TextEncoder().encode("one two three");
 * const chunks = [bytes.subarray(0, 5), bytes.subarray(5)]; // "one t" + "wo three"
 * assert.ok(await exceedsWordLimit(chunks, 2));
 * assert.equal(await exceedsWordLimit(chunks, 3), false);
 * ```
 */
export async function exceedsWordLimit(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  limit: number,
): Promise<boolean> {
  const decoder = new TextDecoder();
  let words = 0;
  let inWord = false;
  for await (const chunk of chunks) {
    if (chunk.includes(0)) throw new BinaryContentError();
    const text = decoder.decode(chunk, { stream: true });
    for (let i = 0; i < text.length; i++) {
      if (_isSpace(text.charCodeAt(i))) {
        inWord = false;
      } else if (!inWord) {
        inWord = true;
        if (++words > limit) return true;
      }
    }
  }
  // A trailing incomplete UTF-8 sequence decodes to U+FFFD, which is no
  // whitespace: it only ever continues or starts a word.
  if (decoder.decode().length > 0 && !inWord) words++;
  return words > limit;
}

/**
 * Reads a regular file in chunks. Stopping the iteration early closes the file.
 *
 * @param path The file to read.
 * @param chunkSize The most bytes per chunk.
 * @returns The file's bytes; each chunk is only valid until the next one is requested.
 * @throws {TypeError} When `path` is not a regular file (a directory, for instance).
 * @throws {Deno.errors.NotFound} When there is no file at `path`.
 * @throws {Deno.errors.NotCapable} When the process may not read `path`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readFileChunks } from "./hook.ts";
 * let bytes = 0;
 * for await (const chunk of readFileChunks(import.meta.filename!)) bytes += chunk.length;
 * assert.ok(bytes > 0);
 * ```
 */
export async function* readFileChunks(
  path: string,
  chunkSize: number = CHUNK_SIZE,
): AsyncGenerator<Uint8Array> {
  // Ask first: reading without permission would prompt on a terminal.
  if (Deno.permissions.querySync({ name: "read", path }).state !== "granted") {
    throw new Deno.errors.NotCapable("No read permission: run the hook with --allow-read");
  }
  // stat first: opening a FIFO named `*.md` would block.
  const info = await Deno.stat(path);
  if (!info.isFile) throw new TypeError("Not a regular file");
  using file = await Deno.open(path);
  const buffer = new Uint8Array(chunkSize);
  while (true) {
    const read = await file.read(buffer);
    if (read === null) return;
    if (read > 0) yield buffer.subarray(0, read);
  }
}

/**
 * Renders the reminder the hook prints when it fires.
 *
 * @param hookEventName The input's `hook_event_name`, echoed back.
 * @returns One line of JSON, newline included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reminderOutput } from "./hook.ts";
 * const output = JSON.parse(reminderOutput("PostToolUse"));
 * assert.equal(output.hookSpecificOutput.hookEventName, "PostToolUse");
 * ```
 */
export function reminderOutput(hookEventName: string): string {
  return JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext: REMINDER } }) +
    "\n";
}

/**
 * Decides what the hook prints for one input. It never throws: every failure
 * becomes at most one stderr line and no stdout.
 *
 * @param stdin The hook's JSON input.
 * @param minWords The word threshold.
 * @param readChunks Reads a file in chunks; {@linkcode readFileChunks} by default.
 * @returns What to write to stdout and stderr.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runHook } from "./hook.ts";
 * const stdin = JSON.stringify({
 *   hook_event_name: "PostToolUse",
 *   tool_name: "Read",
 *   tool_input: { file_path: "/notes.md" },
 * });
 * const file = new TextEncoder().encode("three short words");
 * const result = await runHook(stdin, 2, () => [file]);
 * assert.ok(result.stdout.startsWith('{"hookSpecificOutput"'));
 * assert.ok((await runHook(stdin, 3, () => [file])).stdout === "");
 * ```
 */
export async function runHook(
  stdin: string,
  minWords: number,
  readChunks: (path: string) => AsyncIterable<Uint8Array> | Iterable<Uint8Array> = readFileChunks,
): Promise<HookResult> {
  let input: ToolHookInput;
  let path: string | undefined;
  try {
    input = parseHookInput(stdin);
    path = markdownReadPath(input);
  } catch (error) {
    const reason = error instanceof SyntaxError ? "Hook input is not valid JSON" : _message(error);
    return { stdout: "", stderr: `mdsel hook: ${reason}\n` };
  }
  if (path === undefined) return { stdout: "", stderr: "" };
  try {
    const over = await exceedsWordLimit(readChunks(path), minWords);
    return { stdout: over ? reminderOutput(input.hookEventName) : "", stderr: "" };
  } catch (error) {
    return {
      stdout: "",
      // JSON quoting keeps a path with a line break on one stderr line.
      stderr: `mdsel hook: Cannot count words of ${JSON.stringify(path)}: ${_message(error)}\n`,
    };
  }
}

/**
 * Runs the hook as a program: reads stdin, the threshold and the file, writes
 * the result. It always resolves, so the process exits 0. This is what
 * `deno run --allow-read --allow-env=MDSEL_MIN_WORDS hook.ts` runs.
 *
 * @returns When the output is written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileURLToPath } from "node:url";
 * const hook = fileURLToPath(new URL("./hook.ts", import.meta.url));
 * const child = new Deno.Command(Deno.execPath(), {
 *   args: ["run", "--allow-read", "--allow-env=MDSEL_MIN_WORDS", hook],
 *   stdin: "piped",
 *   stdout: "piped",
 *   stderr: "null",
 * }).spawn();
 * const writer = child.stdin.getWriter();
 * await writer.write(new TextEncoder().encode('{"hook_event_name":"PostToolUse","tool_name":"Edit","tool_input":{}}'));
 * await writer.close();
 * const { code, stdout } = await child.output();
 * assert.equal(code, 0);
 * assert.equal(stdout.length, 0);
 * ```
 */
export async function main(): Promise<void> {
  try {
    const stdin = await new Response(Deno.stdin.readable).text();
    const result = await runHook(stdin, readMinWords());
    if (result.stdout) await _writeAll(Deno.stdout, result.stdout);
    if (result.stderr) await _writeAll(Deno.stderr, result.stderr);
  } catch (error) {
    // Nothing may make the hook fail a read: report on stderr, still exit 0.
    try {
      await _writeAll(Deno.stderr, `mdsel hook: ${_message(error)}\n`);
    } catch {
      // stderr is gone too; there is nowhere left to report.
    }
  }
}

async function _writeAll(stream: typeof Deno.stdout, text: string): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  let written = 0;
  while (written < bytes.length) written += await stream.write(bytes.subarray(written));
}

function _isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f ||
    code === 0x3000 || code === 0xfeff;
}

function _isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function _describe(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? JSON.stringify(value) : `a ${typeof value}`;
}

function _message(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n", 1)[0];
}

if (import.meta.main) await main();
