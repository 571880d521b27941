/**
 * A parsing worker (see `parse_pool.ts`): it claims the texts of one {@linkcode ParseJob} from a
 * counter shared with the other threads and answers with their records as JSON.
 *
 * @module
 */
import { type ParsedFile, recordOf } from "./doc_record.ts";
import { type MdxModule, mdxModuleFor, parseText, type TextToParse } from "./parse_text.ts";

/** What the main thread hands a worker. */
export interface ParseJob {
  /** Every text of the call that needs parsing. */
  readonly files: readonly TextToParse[];
  /** The order to parse them in (largest first). */
  readonly order: readonly number[];
  /** Int32s: the next index of `order` to claim, then one per worker, set once it claims. */
  readonly counter: SharedArrayBuffer;
  /** This worker's counter (1 and up; 0 for the main thread, which has none). */
  readonly slot: number;
}

/** What a worker answers: the records of the files it parsed, by index, or why it stopped. */
export type ParseReply =
  | { readonly records: readonly (readonly [number, string])[] }
  | { readonly error: string };

/**
 * Parses the files of the job that this thread claims from its counter, handing each to `parsed`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseClaimed } from "./parse_worker.ts";
 * const files = [{ path: "a.md", namespace: "a", text: "# A\n" }];
 * const claimed: number[] = [];
 * const job = { files, order: [0], counter: new SharedArrayBuffer(4), slot: 0 };
 * parseClaimed(job, undefined, (i) => claimed.push(i));
 * assert.deepEqual(claimed, [0]);
 * ```
 */
export function parseClaimed(
  job: ParseJob,
  mdx: MdxModule | undefined,
  parsed: (i: number, file: ParsedFile) => void,
): void {
  const next = new Int32Array(job.counter);
  for (let k = Atomics.add(next, 0, 1); k < job.order.length; k = Atomics.add(next, 0, 1)) {
    if (job.slot > 0) Atomics.store(next, job.slot, 1);
    const i = job.order[k];
    parsed(i, parseText(job.files[i], mdx));
  }
}

// deno-lint-ignore no-explicit-any
const scope = globalThis as any;
if (typeof scope.WorkerGlobalScope !== "undefined" && scope instanceof scope.WorkerGlobalScope) {
  scope.onmessage = async (event: MessageEvent<ParseJob>) => {
    try {
      const records: [number, string][] = [];
      const mdx = await mdxModuleFor(event.data.files);
      parseClaimed(event.data, mdx, (i, parsed) => {
        records.push([i, JSON.stringify(recordOf(parsed))]);
      });
      scope.postMessage({ records });
    } catch (error) {
      scope.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  };
}
