/**
 * A parsing worker (see `parse_pool.ts`): it takes one {@linkcode ParseJob}, claims its texts one
 * by one from a counter it shares with the main thread and the other workers, and answers with one
 * {@linkcode ParseReply}: each parsed file's record as JSON (what the cache keeps, and what the
 * main thread rebuilds the document from).
 *
 * @module
 */
import { recordOf } from "./doc_record.ts";
import { mdxModuleFor, parseText, type TextToParse } from "./parse_text.ts";

/** What the main thread hands a worker. */
export interface ParseJob {
  /** Every text of the call that needs parsing. */
  readonly files: readonly TextToParse[];
  /** The order to parse them in (largest first). */
  readonly order: readonly number[];
  /**
   * 32-bit counters: the first, the next position of `order` to claim; then
   * one per worker, set once the worker has claimed a file.
   */
  readonly counter: SharedArrayBuffer;
  /** This worker's counter (1 and up; 0 for the main thread, which has none). */
  readonly slot: number;
}

/** What a worker answers: the records of the files it parsed, by index, or why it stopped. */
export type ParseReply =
  | { readonly records: readonly (readonly [number, string])[] }
  | { readonly error: string };

/**
 * Parses files claimed from a shared counter until none is left.
 *
 * @returns Each parsed file's index and record (JSON).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseClaimed } from "./parse_worker.ts";
 * const counter = new SharedArrayBuffer(4);
 * const records = await parseClaimed({
 *   files: [{ path: "a.md", namespace: "a", text: "# A\n" }],
 *   order: [0],
 *   counter,
 *   slot: 0,
 * });
 * assert.equal(records.length, 1);
 * assert.deepEqual(JSON.parse(records[0][1]).t, ["A"]);
 * ```
 */
export async function parseClaimed(job: ParseJob): Promise<[number, string][]> {
  const mdx = await mdxModuleFor(job.files);
  const next = new Int32Array(job.counter);
  const records: [number, string][] = [];
  for (;;) {
    const k = Atomics.add(next, 0, 1);
    if (k >= job.order.length) break;
    if (job.slot > 0) Atomics.store(next, job.slot, 1);
    const i = job.order[k];
    records.push([i, JSON.stringify(recordOf(parseText(job.files[i], mdx)))]);
  }
  return records;
}

// deno-lint-ignore no-explicit-any
const scope = globalThis as any;
if (typeof scope.WorkerGlobalScope !== "undefined" && scope instanceof scope.WorkerGlobalScope) {
  scope.onmessage = async (event: MessageEvent<ParseJob>) => {
    let reply: ParseReply;
    try {
      reply = { records: await parseClaimed(event.data) };
    } catch (error) {
      reply = { error: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage(reply);
  };
}
