/**
 * Counting a file's words without reading more of it than the answer needs. Words are maximal
 * runs of non-whitespace of the raw text, markup included, as `wc -w` and the engine count them.
 *
 * @module
 */
import { WordCount } from "../mdsel/parse/words.ts";

// How many bytes the hook reads from the file at a time.
const _CHUNK_SIZE = 64 * 1024;

/**
 * How long a hook counts a file's words at most, in ms: well inside a hook's 10 s.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COUNT_TIME_LIMIT_MS } from "./word_count.ts";
 * assert.equal(COUNT_TIME_LIMIT_MS, 5000);
 * ```
 */
export const COUNT_TIME_LIMIT_MS = 5000;

/** Reads a file in chunks. */
export type ChunkReader = (path: string) => AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

/**
 * Reads a regular file in chunks, each only valid until the next one is requested; stopping the
 * iteration early closes the file.
 *
 * @throws {TypeError} When `path` is not a regular file (a directory, for instance).
 * @throws {Deno.errors.NotCapable} When the process may not read `path`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readFileChunks } from "./word_count.ts";
 * let bytes = 0;
 * for await (const chunk of readFileChunks(import.meta.filename!)) bytes += chunk.length;
 * assert.ok(bytes > 0);
 * ```
 */
export async function* readFileChunks(
  path: string,
  chunkSize: number = _CHUNK_SIZE,
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
 * Tells whether a file holds more than `limit` words, pulling no more chunks of it than the answer
 * needs (a chunk may be reused once the next is requested), by `deadline` (`performance.now()`
 * clock; {@linkcode COUNT_TIME_LIMIT_MS} from the call by default).
 *
 * @throws {Error} `Cannot count words of "<path>": <reason>` when the file cannot be read, holds
 * binary data, or is not counted by the deadline (the path JSON-quoted, so the message stays on one
 * line).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileExceedsWordLimit } from "./word_count.ts";
 * assert.ok(await fileExceedsWordLimit(import.meta.filename!, 10));
 * await assert.rejects(fileExceedsWordLimit("/no/such.md", 10), /^Error: Cannot count words of "\/no\/such\.md": /);
 * ```
 */
export async function fileExceedsWordLimit(
  path: string,
  limit: number,
  readChunks: ChunkReader = readFileChunks,
  deadline: number = performance.now() + COUNT_TIME_LIMIT_MS,
): Promise<boolean> {
  try {
    const decoder = new TextDecoder();
    const words = new WordCount();
    for await (const chunk of readChunks(path)) {
      if (chunk.includes(0)) throw new TypeError("File contains a NUL byte");
      words.add(decoder.decode(chunk, { stream: true }));
      if (words.count > limit) return true;
      // Gigabytes of blank lines, or a file that grows as it is read: past Claude Code's patience.
      if (performance.now() > deadline) throw new Error("Not counted in time");
    }
    // A trailing incomplete UTF-8 sequence decodes to U+FFFD, which only continues or starts a word.
    if (decoder.decode().length > 0) words.word();
    return words.count > limit;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split("\n", 1)[0];
    throw new Error(`Cannot count words of ${JSON.stringify(path)}: ${reason}`, { cause: error });
  }
}
