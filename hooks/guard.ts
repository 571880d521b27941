/**
 * The Read guard: before a whole `Read` of a big Markdown file, it denies the
 * read and gives the model the file's outline instead (from the bundled
 * engine, loaded only for a big file), with selectors, line ranges and the
 * ways to go on. Any other `Read` passes untouched.
 *
 * @module
 */
import type { FileOutline, OutlineHeading } from "../mdsel/commands/file_outline.ts";
import type { OutlineReply, OutlineRequest } from "./outline_worker.ts";
import { isGuardedPath, isWholeRead, markdownReadPath, type ToolHookInput } from "./input.ts";
import { fileExceedsWordLimit, readFileChunks } from "./word_count.ts";
import { countWords } from "../mdsel/parse/words.ts";

/**
 * The most characters of the reason the model reads instead of the file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GUARD_MAX_CHARS } from "./guard.ts";
 * assert.equal(GUARD_MAX_CHARS, 4000);
 * ```
 */
export const GUARD_MAX_CHARS = 4000;

/**
 * The biggest file the guard outlines. A bigger one is still denied, but
 * without an outline (the reason points to `mdsel_index`): parsing it could
 * approach the hook's timeout, and a hook that times out is a hook error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GUARD_MAX_BYTES } from "./guard.ts";
 * assert.equal(GUARD_MAX_BYTES, 2 * 1024 * 1024);
 * ```
 */
export const GUARD_MAX_BYTES = 2 * 1024 * 1024;

/**
 * How long the guard may take, in milliseconds: well inside the 10 s the
 * plugin gives its hooks. A guard that cannot outline the file in time (a
 * first run may still be fetching the engine's packages) lets the `Read` through.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GUARD_TIME_LIMIT_MS } from "./guard.ts";
 * assert.equal(GUARD_TIME_LIMIT_MS, 5000);
 * ```
 */
export const GUARD_TIME_LIMIT_MS = 5000;

/** The longest section the reason's examples prefer, in lines. */
const _EXAMPLE_LINES = 200;

/** The least room an outline needs to be worth printing. */
const _MIN_OUTLINE_CHARS = 600;

/** How the guard reads files and makes outlines; the real file system and engine by default. */
export interface GuardIo {
  /** Reads a file in chunks, to count its first words. */
  readonly readChunks?: (path: string) => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Makes the outline of a file with line ranges within `maxChars`. */
  readonly outline?: (path: string, maxChars: number, deadline: number) => Promise<FileOutline>;
  /**
   * When the guard must have answered, on the `performance.now()` clock;
   * {@linkcode GUARD_TIME_LIMIT_MS} after the guard is called by default.
   */
  readonly deadline?: number;
}

/** What the reason says about a file. */
export interface GuardFacts {
  /** The file, as the `Read` named it. */
  readonly path: string;
  /** Its lines. */
  readonly lines: number;
  /** Its words: the engine's count (text only) when it outlined the file, else every word. */
  readonly words: number;
  /** Its characters. */
  readonly chars: number;
}

/**
 * What the guard prints for one tool call: a deny with the file's outline when
 * the call is a `PreToolUse` of a `Read` without `offset` and `limit` of a
 * Markdown file of more than `guardWords` words (`0` turns the guard off);
 * otherwise nothing.
 *
 * @throws {Error} When the file cannot be read or outlined (the caller lets the read pass).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { guard } from "./guard.ts";
 * const read = { hookEventName: "PreToolUse", toolName: "Read", toolInput: { file_path: "/a.md" } };
 * const io = {
 *   readChunks: () => [new TextEncoder().encode("# A\n\nfour words of text\n")],
 *   outline: () => Promise.resolve({ words: 5, text: "h1.0 A L1-3\n", headings: [] }),
 * };
 * const denied = JSON.parse(await guard(read, 5, io)).hookSpecificOutput;
 * assert.equal(denied.permissionDecision, "deny");
 * assert.equal(await guard(read, 6, io), "");
 * assert.equal(await guard({ ...read, toolInput: { file_path: "/a.md", limit: 40 } }, 5, io), "");
 * ```
 */
export async function guard(
  input: ToolHookInput,
  guardWords: number,
  io: GuardIo = {},
): Promise<string> {
  const deadline = io.deadline ?? performance.now() + GUARD_TIME_LIMIT_MS;
  // Cheapest first: only a whole Read of a Markdown file before it runs reads the file.
  if (input.hookEventName !== "PreToolUse" || guardWords === 0) return "";
  const path = markdownReadPath(input, isGuardedPath);
  if (path === undefined || !isWholeRead(input)) return "";
  const readChunks = io.readChunks ?? readFileChunks;
  if (!await fileExceedsWordLimit(path, guardWords, readChunks)) return "";
  const text = await _readText(path, readChunks);
  const facts = {
    path,
    lines: text === undefined ? 0 : _lineCount(text),
    words: text === undefined ? 0 : countWords(text),
    chars: text?.length ?? 0,
  };
  const room = GUARD_MAX_CHARS - guardReason(facts).length;
  if (text === undefined || room < _MIN_OUTLINE_CHARS) return denyOutput(guardReason(facts));
  const outline = await (io.outline ?? engineOutline)(path, room, deadline);
  // The outline counts the file's words as its sections do.
  return denyOutput(guardReason({ ...facts, words: outline.words }, outline));
}

/**
 * The reason the model reads instead of the file: its size, its outline and
 * how to go on, with a selector and a line range from the outline as examples.
 *
 * @param outline Its outline with line ranges, when there is room for one.
 * @returns The reason, without a final newline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { guardReason } from "./guard.ts";
 * const facts = { path: "/d/fs.md", lines: 8268, words: 24760, chars: 261973 };
 * const reason = guardReason(facts, {
 *   words: 24760,
 *   text: "h1.0 File system L1-8268 [24014 words]\n h2.0 Promise example L37-64\n",
 *   headings: [
 *     { selector: "h1.0", depth: 1, startLine: 1, endLine: 8268 },
 *     { selector: "h2.0", depth: 2, startLine: 37, endLine: 64 },
 *   ],
 * });
 * assert.ok(reason.startsWith("Not read: /d/fs.md is a big Markdown file (8,268 lines, 24,760 words, about 65,000 tokens)."));
 * assert.ok(reason.includes('(e.g. "h2.0")'));
 * assert.ok(reason.includes("(e.g. offset: 37, limit: 28 for h2.0)"));
 * ```
 */
export function guardReason(facts: GuardFacts, outline?: FileOutline): string {
  const size = facts.chars === 0
    ? ""
    : ` (${_number(facts.lines)} lines, ${_number(facts.words)} words, about ${
      _number(_roughTokens(facts.chars))
    } tokens)`;
  const example = outline && _example(outline.headings);
  const lines = [
    `Not read: ${facts.path} is a big Markdown file${size}. Reading it whole would put all of it ` +
    "into the context.",
  ];
  if (outline !== undefined && outline.text !== "") {
    lines.push(
      "Its outline: each heading's selector, text, line range and, for big sections, words:",
      outline.text.trimEnd(),
    );
  } else {
    lines.push("mdsel_index on this file gives its outline, with the selectors to use.");
  }
  lines.push(
    "Take only the part you need:",
    `- mdsel_select with a selector from the outline${
      example ? ` (e.g. "${example.selector}")` : ""
    } and this file returns that section as written; or search it: the question, then after its ? the docs' likely words.`,
    `- Read with offset and limit returns exact lines${
      example
        ? ` (e.g. offset: ${example.startLine}, limit: ${
          example.endLine - example.startLine + 1
        } for ${example.selector})`
        : ""
    }; an Edit works after such a Read.`,
    "- Read with offset: 1 reads it anyway, in pages past about 25,000 tokens.",
  );
  return lines.join("\n");
}

/**
 * The hook output that denies the tool call, with the reason the model
 * reads: one line of JSON, newline included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { denyOutput } from "./guard.ts";
 * assert.deepEqual(JSON.parse(denyOutput("Use the outline.")), {
 *   hookSpecificOutput: {
 *     hookEventName: "PreToolUse",
 *     permissionDecision: "deny",
 *     permissionDecisionReason: "Use the outline.",
 *   },
 * });
 * ```
 */
export function denyOutput(reason: string): string {
  return JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "deny",
      permissionDecisionReason: reason,
    },
  }) + "\n";
}

/**
 * The engine's outline of a file with line ranges, within `maxChars`, by a
 * deadline, from a worker ({@linkcode FileOutline}).
 *
 * @param deadline When to give up, on the `performance.now()` clock;
 *   {@linkcode GUARD_TIME_LIMIT_MS} from now by default.
 * @throws {Error} When the engine reports an error for the file, or has not answered by the deadline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineOutline } from "./guard.ts";
 * const path = await Deno.makeTempFile({ suffix: ".md" });
 * await Deno.writeTextFile(path, "# Title\n\ntext\n\n## Part\n\nmore\n");
 * const outline = await engineOutline(path, 2000);
 * assert.equal(outline.words, 4);
 * assert.equal(outline.text, "h1.0 Title L1-7\n h2.0 Part L5-7\n---\npara:2\n");
 * await Deno.remove(path);
 * ```
 */
export async function engineOutline(
  path: string,
  maxChars: number,
  deadline: number = performance.now() + GUARD_TIME_LIMIT_MS,
): Promise<FileOutline> {
  // In a worker, the engine's modules stay out of the hook's graph: a Read of a small
  // file never makes Deno resolve the parser and its npm packages.
  const worker = new Worker(new URL("./outline_worker.ts", import.meta.url), { type: "module" });
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const reply = await new Promise<OutlineReply>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<OutlineReply>) => resolve(event.data);
      worker.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        reject(new Error(event.message));
      };
      // A first run may still be downloading the worker's modules: do not wait past the deadline.
      timer = setTimeout(() => {
        reject(
          new Error(
            `No outline of ${JSON.stringify(path)} in time (a first run may still be fetching ` +
              "the engine's packages): the Read goes ahead",
          ),
        );
      }, Math.max(0, deadline - performance.now()));
      worker.postMessage({ path, maxChars } satisfies OutlineRequest);
    });
    if ("error" in reply) throw new Error(reply.error);
    return reply.outline;
  } finally {
    clearTimeout(timer);
    worker.terminate();
  }
}

/** The whole file as text, or `undefined` when it is too big to outline. */
async function _readText(
  path: string,
  readChunks: (path: string) => AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
): Promise<string | undefined> {
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for await (const chunk of readChunks(path)) {
    bytes += chunk.length;
    if (bytes > GUARD_MAX_BYTES) return undefined;
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * Lines as an editor and the outline number them: `\n`, `\r\n` and a lone
 * `\r` each end one, and a final line break ends the last line.
 */
function _lineCount(text: string): number {
  let lines = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) lines++;
  }
  const last = text.charCodeAt(text.length - 1);
  return text.length > 0 && last !== 10 && last !== 13 ? lines + 1 : lines;
}

/** About four characters to a token, rounded to two significant digits. */
function _roughTokens(chars: number): number {
  const tokens = chars / 4;
  if (tokens < 100) return Math.round(tokens);
  const unit = 10 ** (Math.floor(Math.log10(tokens)) - 1);
  return Math.round(tokens / unit) * unit;
}

function _number(value: number): string {
  return value.toLocaleString("en-US");
}

/**
 * The heading the reason's examples name: the first below h1 whose
 * section is at most {@linkcode _EXAMPLE_LINES} lines (a read worth showing),
 * else the first below h1, else the first.
 */
function _example(headings: readonly OutlineHeading[]): OutlineHeading | undefined {
  const deeper = headings.filter((heading) => heading.depth > 1);
  return deeper.find((heading) => heading.endLine - heading.startLine < _EXAMPLE_LINES) ??
    deeper[0] ?? headings[0];
}
