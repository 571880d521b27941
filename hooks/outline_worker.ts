/**
 * The guard's engine, run in a worker: `mdsel index --lines` of one file. It
 * takes one message, `{ path, maxChars }`, and answers `{ code, stdout }`, or
 * `{ error }` when the engine throws. As a worker it stays out of the hook's
 * module graph, and its specifier stays one `deno publish` can analyze.
 *
 * @module
 */
import { run } from "../mdsel/cli.ts";

/** What the guard asks of the worker. */
export interface OutlineRequest {
  /** The file to outline. */
  path: string;
  /** The most characters the outline may take. */
  maxChars: number;
}

/** What the worker answers. */
export type OutlineReply = { code: number; stdout: string } | { error: string };

/**
 * The text index of `path` with line ranges, within `maxChars`: the engine's
 * exit code and standard output.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { outline } from "./outline_worker.ts";
 * const path = await Deno.makeTempFile({ suffix: ".md" });
 * await Deno.writeTextFile(path, "# Title\n\ntext\n");
 * const { code, stdout } = await outline({ path, maxChars: 2000 });
 * assert.equal(code, 0);
 * assert.ok(stdout.includes("h1.0 Title L1-3"));
 * await Deno.remove(path);
 * ```
 */
export async function outline(request: OutlineRequest): Promise<{ code: number; stdout: string }> {
  const budget = String(Math.max(1, Math.floor(request.maxChars)));
  const result = await run(["index", "--lines", "--", request.path], {
    env: { MDSEL_MAX_CHARS: budget, MDSEL_INDEX_MAX_CHARS: budget },
  });
  return { code: result.code, stdout: result.stdout };
}

// deno-lint-ignore no-explicit-any
const scope = globalThis as any;
if (typeof scope.WorkerGlobalScope !== "undefined" && scope instanceof scope.WorkerGlobalScope) {
  scope.onmessage = async (event: MessageEvent<OutlineRequest>) => {
    let reply: OutlineReply;
    try {
      reply = await outline(event.data);
    } catch (error) {
      reply = { error: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage(reply);
  };
}
