/**
 * The guard's engine, run in a worker so it stays out of the hook's module graph: it answers one
 * `{ path, maxChars }` message with `{ outline }` ({@linkcode fileOutline}), or `{ error }`.
 *
 * @module
 */
import { type FileOutline, fileOutline } from "../mdsel/commands/file_outline.ts";

/** What the guard asks of the worker: a file, and the most characters its outline may take. */
export interface OutlineRequest {
  path: string;
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
