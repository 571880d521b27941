/**
 * MCP progress for a tool call: when the client sent a `progressToken`, a call that runs long
 * reports the engine's files read of files to read as `notifications/progress`.
 *
 * @module
 */
import type { ProgressListener } from "../mdsel/cli/progress.ts";

// How long a call runs before it reports progress: a quick one sends nothing.
const _AFTER_MS = 1000;

/** What a tool handler's `extra` offers for progress (the SDK's `RequestHandlerExtra`). */
export interface ProgressChannel {
  /** The request's metadata: its `progressToken`, when the client asks for progress. */
  readonly _meta?: { readonly progressToken?: string | number };
  /** Sends a notification about the request. */
  sendNotification(notification: {
    method: "notifications/progress";
    params: { progressToken: string | number; progress: number; total: number; message: string };
  }): Promise<void>;
}

/**
 * A listener that sends MCP progress for the request once it has run `afterMs`, or `undefined`
 * when the client did not ask for it. Counts go up only; a failed send is let go.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { progressNotifier } from "./progress.ts";
 * const sent: unknown[] = [];
 * const extra = {
 *   _meta: { progressToken: 7 },
 *   sendNotification: (notification: unknown) => (sent.push(notification), Promise.resolve()),
 * };
 * const report = progressNotifier(extra, 0)!;
 * report(3, 10);
 * report(2, 10);
 * assert.deepEqual(sent, [{
 *   method: "notifications/progress",
 *   params: { progressToken: 7, progress: 3, total: 10, message: "3 of 10 files read" },
 * }]);
 * assert.equal(progressNotifier({ sendNotification: () => Promise.resolve() }), undefined);
 * ```
 */
export function progressNotifier(
  extra: ProgressChannel,
  afterMs: number = _AFTER_MS,
): ProgressListener | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  const started = performance.now();
  let sent = -1;
  return (done, total) => {
    if (done <= sent || performance.now() - started < afterMs) return;
    sent = done;
    const [count, of] = [done, total].map((number) => number.toLocaleString("en-US"));
    const message = `${count} of ${of} files read`;
    extra.sendNotification({
      method: "notifications/progress",
      params: { progressToken: token, progress: done, total, message },
    }).catch(() => {});
  };
}
