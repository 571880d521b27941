/**
 * Parsing many files on every core: the main thread and workers (`parse_worker.ts`) claim the
 * files, largest first, from one shared counter, so each core stays busy to the end.
 *
 * @module
 */
import type { ParsedFile } from "./doc_record.ts";
import {
  mdxModuleFor,
  parseCostMs,
  parseText,
  type TextToParse,
  WORKER_MIN_MS,
} from "./parse_text.ts";
import { parseClaimed, type ParseJob, type ParseReply } from "./parse_worker.ts";

/** The most threads that parse at once (the main thread included). */
export const MAX_PARSERS = 8;

/** The fewest cores on which workers are started (on two, V8's threads keep the second busy). */
export const MIN_CORES = 3;

/** One file parsed: by this thread (the document) or by a worker (its record, as JSON). */
export type Parsed = { readonly parsed: ParsedFile } | { readonly record: string };

interface _PoolOptions {
  /** How many workers to start (by default, {@linkcode workerCount}). */
  readonly workers?: number;
  /** Told how many files every thread together has parsed, as this thread goes. */
  readonly onParsed?: (count: number) => void;
}

/**
 * How many workers a call's parsing is worth: one per `WORKER_MIN_MS` of it, none below
 * {@linkcode MIN_CORES} cores, at most one per core besides the main thread.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { workerCount } from "./parse_pool.ts";
 * const big = [{ path: "a.mdx", namespace: "a", text: "x".repeat(4_000_000) }];
 * assert.equal(workerCount(big, 4), 2);
 * ```
 */
export function workerCount(
  files: readonly TextToParse[],
  cores: number = navigator.hardwareConcurrency ?? 1,
): number {
  if (cores < MIN_CORES) return 0;
  return Math.min(cores - 1, MAX_PARSERS - 1, Math.floor(parseCostMs(files) / WORKER_MIN_MS));
}

/**
 * Parses every file, one result per file in order: here, and in workers when worth them. A file
 * no worker answered is parsed here, so errors are those of a call without workers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseAll } from "./parse_pool.ts";
 * const files = [{ path: "a.md", namespace: "a", text: "# A\n" }, { path: "b.md", namespace: "b", text: "# B\n" }];
 * assert.equal((await parseAll(files, { workers: 1 })).length, 2);
 * ```
 */
export async function parseAll(
  files: readonly TextToParse[],
  options: _PoolOptions = {},
): Promise<Parsed[]> {
  const results: (Parsed | undefined)[] = new Array(files.length);
  const mdx = await mdxModuleFor(files);
  const wanted = Math.min(options.workers ?? workerCount(files), files.length);
  const workers = wanted > 0 && _mayStartWorkers() ? wanted : 0;
  const order = files.map((_, i) => i);
  if (workers > 0) order.sort((a, b) => files[b].text.length - files[a].text.length);
  const counter = new SharedArrayBuffer(4 * (1 + workers));
  const job: ParseJob = { files, order, counter, slot: 0 };
  const pool = Array.from({ length: workers }, (_, w) => _runWorker({ ...job, slot: w + 1 }));
  const claimed = new Int32Array(counter);
  parseClaimed(job, mdx, (i, parsed) => {
    results[i] = { parsed };
    // Files claimed by every thread, some still being parsed: near enough for progress.
    options.onParsed?.(Math.min(files.length, Atomics.load(claimed, 0)));
  });
  // A worker still loading when every file is taken is stopped (what it claims is parsed below).
  pool.forEach((worker, w) => {
    if (Atomics.load(claimed, w + 1) === 0) worker.stop();
  });
  for (const reply of await Promise.all(pool.map((worker) => worker.reply))) {
    if ("records" in reply) { for (const [i, record] of reply.records) results[i] = { record }; }
  }
  return results.map((result, i) => result ?? { parsed: parseText(files[i], mdx) });
}

// Prebuilt (tools/engine_build.ts), this module is a chunk beside the CLI, the worker in parse/.
const WORKER_URL = import.meta.url.endsWith(".ts")
  ? new URL("./parse_worker.ts", import.meta.url)
  : new URL("./parse/parse_worker.js", import.meta.url);

/** Whether this process may start a parsing worker (read or import its modules). */
function _mayStartWorkers(): boolean {
  try {
    const descriptor: Deno.PermissionDescriptor = WORKER_URL.protocol === "file:"
      ? { name: "read", path: new URL("../", WORKER_URL) }
      : { name: "import", host: WORKER_URL.host };
    return Deno.permissions.querySync(descriptor).state === "granted";
  } catch {
    return false;
  }
}

/** Starts a worker on the job: its reply to come, and `stop`, which ends it with an empty reply. */
function _runWorker(job: ParseJob): { readonly reply: Promise<ParseReply>; stop(): void } {
  let worker: Worker;
  try {
    worker = new Worker(WORKER_URL, { type: "module" });
  } catch (error) {
    return { reply: Promise.resolve({ error: String(error) }), stop() {} };
  }
  const { promise: reply, resolve } = Promise.withResolvers<ParseReply>();
  const settle = (answer: ParseReply) => {
    worker.terminate();
    resolve(answer);
  };
  worker.onmessage = (event: MessageEvent<ParseReply>) => settle(event.data);
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    settle({ error: event.message });
  };
  worker.onmessageerror = () => settle({ error: "unreadable reply" });
  worker.postMessage(job);
  return { reply, stop: () => settle({ records: [] }) };
}
