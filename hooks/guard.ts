/**
 * The Read guard: it denies a whole `Read` of a big Markdown file and gives the model the file's
 * outline instead, with selectors, line ranges and the ways to go on.
 *
 * @module
 */
import type { FileOutline, OutlineHeading } from "../mdsel/commands/file_outline.ts";
import type { OutlineReply, OutlineRequest } from "./outline_worker.ts";
import { isMarkdownPath, isWholeRead, markdownReadPath, type ToolHookInput } from "./input.ts";
import { type ChunkReader, fileExceedsWordLimit, readFileChunks } from "./word_count.ts";
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
 * The biggest file the guard outlines; a bigger one is denied without an outline, since parsing
 * it could approach the hook's timeout.
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
 * How long the guard may take, in milliseconds, well inside the plugin's hook timeout; a guard
 * that cannot outline the file in time lets the `Read` through.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { GUARD_TIME_LIMIT_MS } from "./guard.ts";
 * assert.equal(GUARD_TIME_LIMIT_MS, 5000);
 * ```
 */
export const GUARD_TIME_LIMIT_MS = 5000;

// The least room an outline needs to be worth printing.
const _MIN_OUTLINE_CHARS = 600;
// The most the examples of a section add to the reason (two selectors and a line range).
const _EXAMPLES_CHARS = 120;

/** How the guard reads files and makes outlines; the real file system and engine by default. */
export interface GuardIo {
  /** Reads a file in chunks, to count its first words. */
  readonly readChunks?: (path: string) => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
  /** Makes the outline of a file with line ranges within `maxChars`. */
  readonly outline?: (path: string, maxChars: number, deadline: number) => Promise<FileOutline>;
  /** When the guard must have answered (`performance.now()` clock); {@linkcode GUARD_TIME_LIMIT_MS} from the call by default. */
  readonly deadline?: number;
}

// What the reason says of the file as the Read named it: `words` is the engine's count (text only)
// once it outlined the file, else every word.
type _GuardFacts = { path: string; lines: number; words: number; chars: number };

/**
 * What the guard prints for a `PreToolUse` of a whole `Read` of a Markdown file of more than
 * `guardWords` words (`0` turns it off): a deny with the file's outline; otherwise nothing.
 *
 * @throws {Error} When the file cannot be read or outlined (the caller lets the read pass).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { guard } from "./guard.ts";
 * const read = { hookEventName: "PreToolUse", toolName: "Read", toolInput: { file_path: "/a.md" } };
 * const readChunks = () => [new TextEncoder().encode("# A\n\nfour words of text\n")];
 * const io = { readChunks, outline: () => Promise.resolve({ words: 5, text: "h1.0 A L1-3\n", headings: [] }) };
 * assert.equal(JSON.parse(await guard(read, 5, io)).hookSpecificOutput.permissionDecision, "deny");
 * assert.equal(await guard(read, 6, io), "");
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
  const path = markdownReadPath(input, (file) => isMarkdownPath(file) || /\.mdx$/i.test(file));
  if (path === undefined || !isWholeRead(input)) return "";
  const readChunks = io.readChunks ?? readFileChunks;
  if (!await fileExceedsWordLimit(path, guardWords, readChunks, deadline)) return "";
  const text = await _readText(path, readChunks);
  const facts = { path, lines: _lineCount(text), words: countWords(text), chars: text.length };
  // What the reason holds besides the outline's lines: its heading line and the two examples.
  const fixed = _reason(facts, { words: 0, text: "\n", headings: [] }).length + _EXAMPLES_CHARS;
  const room = GUARD_MAX_CHARS - fixed;
  // The outline counts the file's words as its sections do.
  const outline = text === "" || room < _MIN_OUTLINE_CHARS
    ? undefined
    : await (io.outline ?? engineOutline)(path, room, deadline);
  let reason = _reason({ ...facts, words: outline?.words ?? facts.words }, outline);
  if (reason.length > GUARD_MAX_CHARS) reason = _reason(facts); // the cap holds whatever the outline
  const hookSpecificOutput = {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: reason,
  };
  return JSON.stringify({ hookSpecificOutput }) + "\n";
}

// The reason the model reads instead of the file (no final newline): its size, its outline (when
// there is room for one) and how to go on, with examples from the outline.
function _reason(facts: _GuardFacts, outline?: FileOutline): string {
  const { lines, words, chars } = facts;
  const number = (value: number) => value.toLocaleString("en-US");
  const tokens = number(_roughTokens(chars));
  const size = chars === 0
    ? ""
    : ` (${number(lines)} lines, ${number(words)} words, about ${tokens} tokens)`;
  const example = outline && _example(outline.headings);
  const selectExample = example ? ` (e.g. "${example.selector}")` : "";
  const readExample = example
    ? ` (e.g. offset: ${example.startLine}, limit: ${example.endLine - example.startLine + 1} ` +
      `for ${example.selector})`
    : "";
  return [
    `Not read: ${facts.path} is a big Markdown file${size}. Reading it whole would put all of it ` +
    "into the context.",
    ...(outline !== undefined && outline.text !== ""
      ? [
        "Its outline: each heading's selector, text, line range and, for big sections, words:",
        outline.text.trimEnd(),
      ]
      : ["mdsel_index on this file gives its outline, with the selectors to use."]),
    "Take only the part you need:",
    `- mdsel_select with a selector from the outline${selectExample} and this file returns that ` +
    "section as written; or search it: the question, then after its ? the docs' likely words.",
    `- Read with offset and limit returns exact lines${readExample}; an Edit works after such a Read.`,
    "- Read with offset: 1 reads it anyway, in pages past about 25,000 tokens.",
  ].join("\n");
}

/**
 * The engine's outline of a file, line ranges within `maxChars`, from a worker by `deadline`.
 *
 * @throws {Error} When the engine reports an error for the file, or has not answered by the deadline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { engineOutline } from "./guard.ts";
 * const path = await Deno.makeTempFile({ suffix: ".md" });
 * await Deno.writeTextFile(path, "# Title\n\ntext\n\n## Part\n\nmore\n");
 * assert.equal((await engineOutline(path, 2000)).text, "h1.0 Title L1-7\n h2.0 Part L5-7\n---\npara:2\n");
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
      const late = `No outline of ${JSON.stringify(path)} in time (a first run may still be ` +
        "fetching the engine's packages): the Read goes ahead";
      timer = setTimeout(() => reject(new Error(late)), Math.max(0, deadline - performance.now()));
      worker.postMessage({ path, maxChars } satisfies OutlineRequest);
    });
    if ("error" in reply) throw new Error(reply.error);
    return reply.outline;
  } finally {
    clearTimeout(timer);
    worker.terminate();
  }
}

// The whole file as text, or "" when it is too big to outline.
async function _readText(path: string, readChunks: ChunkReader): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  for await (const chunk of readChunks(path)) {
    bytes += chunk.length;
    if (bytes > GUARD_MAX_BYTES) return "";
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

// Lines as an editor numbers them: `\n`, `\r\n` and a lone `\r` each end one.
function _lineCount(text: string): number {
  let lines = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10 || (code === 13 && text.charCodeAt(i + 1) !== 10)) lines++;
  }
  const last = text.charCodeAt(text.length - 1);
  return text.length > 0 && last !== 10 && last !== 13 ? lines + 1 : lines;
}

// About four characters to a token, rounded to two significant digits.
function _roughTokens(chars: number): number {
  const tokens = chars / 4;
  if (tokens < 100) return Math.round(tokens);
  const unit = 10 ** (Math.floor(Math.log10(tokens)) - 1);
  return Math.round(tokens / unit) * unit;
}

// The first heading below h1 with a section of at most 200 lines, else the first below h1.
function _example(headings: readonly OutlineHeading[]): OutlineHeading | undefined {
  const deeper = headings.filter((heading) => heading.depth > 1);
  return deeper.find((heading) => heading.endLine - heading.startLine < 200) ??
    deeper[0] ?? headings[0];
}
