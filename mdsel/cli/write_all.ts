/**
 * Writing a whole text to a stream. No imports: the hooks write with it without loading the engine.
 *
 * @module
 */

/** Where {@linkcode writeAll} writes: `Deno.stdout`, `Deno.stderr`, an open file. */
export interface ByteWriter {
  /** Writes some of `bytes` (perhaps not all, into a pipe), returning how many. */
  write(bytes: Uint8Array): Promise<number>;
}

/**
 * Writes `text` as UTF-8 completely, also into a pipe that takes it a piece at a time; returns
 * how many bytes it wrote.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeAll } from "./write_all.ts";
 * const pieces: string[] = [];
 * const write = (bytes: Uint8Array) => { // takes at most 2 bytes a call
 *   pieces.push(new TextDecoder().decode(bytes.subarray(0, 2)));
 *   return Promise.resolve(Math.min(2, bytes.length));
 * };
 * await writeAll({ write }, "hello");
 * assert.deepEqual(pieces, ["he", "ll", "o"]);
 * ```
 */
export async function writeAll(writer: ByteWriter, text: string): Promise<number> {
  let bytes = new TextEncoder().encode(text);
  const length = bytes.length;
  while (bytes.length > 0) bytes = bytes.subarray(await writer.write(bytes));
  return length;
}
