/**
 * The guard's engine, run in a worker: one file's outline as data
 * ({@linkcode fileOutline}). It takes one message, `{ path, maxChars }`, and
 * answers `{ outline }`, or `{ error }` when the engine throws. As a worker it
 * stays out of the hook's module graph, and its specifier stays one `deno
 * publish` can analyze.
 *
 * @module
 */
import { type FileOutline, fileOutline } from "../mdsel/commands/file_outline.ts";

/** What the guard asks of the worker. */
export interface OutlineRequest {
  /** The file to outline. */
  path: string;
  /** The most characters the outline may take. */
  maxChars: number;
}

/** What the worker answers. */
export type OutlineReply = { outline: FileOutline } | { error: string };

// deno-lint-ignore no-explicit-any
const scope = globalThis as any;
if (typeof scope.WorkerGlobalScope !== "undefined" && scope instanceof scope.WorkerGlobalScope) {
  scope.onmessage = async (event: MessageEvent<OutlineRequest>) => {
    let reply: OutlineReply;
    try {
      reply = { outline: await fileOutline(event.data.path, event.data.maxChars) };
    } catch (error) {
      reply = { error: error instanceof Error ? error.message : String(error) };
    }
    scope.postMessage(reply);
  };
}
