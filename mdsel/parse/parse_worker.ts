/**
 * A parsing worker (see `parse_pool.ts`): it claims the texts of one {@linkcode ParseJob} from a
 * counter shared with the other threads and answers with their records as JSON.
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
  /** Int32s: the next index of `order` to claim, then one per worker, set once it claims. */
  readonly counter: SharedArrayBuffer;
  /** This worker's counter (1 and up; 0 for the main thread, which has none). */
  readonly slot: number;
}

/** What a worker answers: the records of the files it parsed, by index, or why it stopped. */
export type ParseReply =
  | { readonly records: readonly (readonly [number, string])[] }
  | { readonly error: string };

// Not `_`-prefixed: the bench's profiles look for this name.
async function parseClaimed(job: ParseJob): Promise<[number, string][]> {
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
