/**
 * Parsing many files on every core (from {@linkcode MIN_CORES}): the main thread and up to
 * {@linkcode MAX_PARSERS}` - 1` workers (`parse_worker.ts`) claim the files, largest first, from
 * one shared counter, so each core stays busy to the end. A call with little to parse starts no
 * worker: loading the parsers in one costs more than it saves.
 *
 * @module
 */
import type { ParsedFile } from "./doc_record.ts";
import {
  type MdxModule,
  mdxModuleFor,
  parseCostMs,
  parseText,
  type TextToParse,
  WORKER_MIN_MS,
} from "./parse_text.ts";
import type { ParseJob, ParseReply } from "./parse_worker.ts";

/** The most threads that parse at once (the main thread included). */
export const MAX_PARSERS = 8;

/**
 * The fewest cores on which workers are started: on two, V8's own threads (garbage collection,
 * compilation) already keep the second core busy, and a worker makes the call slower.
 */
export const MIN_CORES = 3;

/** One file parsed: by this thread (the document) or by a worker (its record, as JSON). */
export type Parsed = { readonly parsed: ParsedFile } | { readonly record: string };

/** Options of {@linkcode parseAll}. */
export interface PoolOptions {
  /** How many workers to start (by default, from the work and the cores). */
  readonly workers?: number;
  /** Told how many files are parsed, by every thread together, as this thread goes. */
  readonly onParsed?: (count: number) => void;
}

/**
 * How many workers a call's parsing is worth: none for little work or on
 * fewer than {@linkcode MIN_CORES} cores, else one per `WORKER_MIN_MS` (see
 * `parse_text.ts`) of it, at most one per core besides the main thread.
 *
 * @param cores The cores this process may use.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { workerCount } from "./parse_pool.ts";
 * const small = [{ path: "a.md", namespace: "a", text: "# A\n" }];
 * assert.equal(workerCount(small, 8), 0);
 * const big = [{ path: "a.mdx", namespace: "a", text: "x".repeat(4_000_000) }];
 * assert.equal(workerCount(big, 4), 2);
 * assert.equal(workerCount(big, 2), 0);
 * ```
 */
export function workerCount(
  files: readonly TextToParse[],
  cores: number = navigator.hardwareConcurrency ?? 1,
): number {
  const ms = parseCostMs(files);
  if (cores < MIN_CORES) return 0;
  return Math.max(0, Math.min(cores - 1, MAX_PARSERS - 1, Math.floor(ms / WORKER_MIN_MS)));
}

/**
 * Parses every file: in this thread, and in workers when the work is worth
 * them. A file a worker did not answer (it failed, or could not start) is
 * parsed here, so errors are the same as without workers.
 *
 * @param options How many workers (by default {@linkcode workerCount}).
 * @returns One result per file, in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseAll } from "./parse_pool.ts";
 * const files = [{ path: "a.md", namespace: "a", text: "# A\n" }, { path: "b.md", namespace: "b", text: "# B\n" }];
 * const results = await parseAll(files, { workers: 1 });
 * assert.equal(results.length, 2);
 * ```
 */
export async function parseAll(
  files: readonly TextToParse[],
  options: PoolOptions = {},
): Promise<Parsed[]> {
  const results: (Parsed | undefined)[] = new Array(files.length);
  const mdx = await mdxModuleFor(files);
  const wanted = Math.min(options.workers ?? workerCount(files), files.length);
  const workers = wanted > 0 && _mayStartWorkers() ? wanted : 0;
  if (workers === 0) {
    return files.map((file, k) => {
      const parsed = parseText(file, mdx);
      options.onParsed?.(k + 1);
      return { parsed };
    });
  }
  // Largest first: the last files claimed are small, so the threads end together.
  const order = files.map((_, i) => i).sort((a, b) => files[b].text.length - files[a].text.length);
  const counter = new SharedArrayBuffer(4 * (1 + workers));
  const job: ParseJob = { files, order, counter, slot: 0 };
  const pool = Array.from({ length: workers }, (_, w) => _runWorker({ ...job, slot: w + 1 }));
  _parseClaimed(job, mdx, results, options.onParsed);
  // A worker still loading when every file is taken is stopped, not waited for (a file it
  // claims in that moment is parsed here, below).
  const claimed = new Int32Array(counter);
  pool.forEach((worker, w) => {
    if (Atomics.load(claimed, w + 1) === 0) worker.stop();
  });
  for (const reply of await Promise.all(pool.map((worker) => worker.reply))) {
    if ("records" in reply) { for (const [i, record] of reply.records) results[i] = { record }; }
  }
  return results.map((result, i) => result ?? { parsed: parseText(files[i], mdx) });
}

/** Whether this process may start a parsing worker (read or import its own modules). */
function _mayStartWorkers(moduleUrl: URL = WORKER_URL): boolean {
  try {
    const descriptor: Deno.PermissionDescriptor = moduleUrl.protocol === "file:"
      ? { name: "read", path: new URL("../", moduleUrl) }
      : { name: "import", host: moduleUrl.host };
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}

/** The parsing worker's module. */
const WORKER_URL = new URL("./parse_worker.ts", import.meta.url);

/** This thread's share: the files it claims from the counter. */
function _parseClaimed(
  job: ParseJob,
  mdx: MdxModule | undefined,
  results: (Parsed | undefined)[],
  onParsed?: (count: number) => void,
) {
  const next = new Int32Array(job.counter);
  for (;;) {
    const k = Atomics.add(next, 0, 1);
    if (k >= job.order.length) return;
    const i = job.order[k];
    results[i] = { parsed: parseText(job.files[i], mdx) };
    // Files claimed by every thread, those still being parsed among them: near enough for progress.
    onParsed?.(Math.min(job.order.length, Atomics.load(next, 0)));
  }
}

/** A worker at work: its answer to come, and how to stop it. */
interface _Running {
  /** Its records, or why it has none. */
  readonly reply: Promise<ParseReply>;
  /** Ends it now: its reply is then an empty one. */
  stop(): void;
}

/** Starts a worker on the job. */
function _runWorker(job: ParseJob): _Running {
  let worker: Worker;
  try {
    worker = new Worker(WORKER_URL, { type: "module" });
  } catch (error) {
    return { reply: Promise.resolve({ error: String(error) }), stop() {} };
  }
  let settle!: (reply: ParseReply) => void;
  const reply = new Promise<ParseReply>((resolve) => {
    settle = (answer) => {
      worker.terminate();
      resolve(answer);
    };
    worker.onmessage = (event: MessageEvent<ParseReply>) => settle(event.data);
    worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      settle({ error: event.message });
    };
    worker.onmessageerror = () => settle({ error: "unreadable reply" });
  });
  worker.postMessage(job);
  return { reply, stop: () => settle({ records: [] }) };
}
