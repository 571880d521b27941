/**
 * One tool call: the paths checked, one `mdsel` run in its turn, its output verbatim, `isError`
 * when it failed, one clear line for failures of the server's own; MCP progress when asked.
 *
 * @module
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types";
import type { CacheWarmer } from "./cache_warmer.ts";
import { type CallLimit, QueuedCallCancelledError } from "./call_limit.ts";
import { checkPaths } from "./check_paths.ts";
import { CommandError, CommandExitError } from "./run_command.ts";
import { MdselUnavailableError, runMdsel } from "./run_mdsel.ts";
import type { ServerSettings } from "./settings.ts";
import type { ProgressListener } from "../mdsel/cli/progress.ts";

/** What every tool needs from the server. */
export interface ToolContext {
  readonly settings: ServerSettings;
  /** Aborts when the server shuts down: running `mdsel` processes are killed. */
  readonly shutdown?: AbortSignal;
  /** Bounds the `mdsel` runs in flight; unbounded without it. */
  readonly callLimit?: CallLimit;
  /** Finishes the bundled engine's cache between calls (`cache_warmer.ts`); none without it. */
  readonly warmer?: CacheWarmer;
}

// What a call uses of a tool handler's `extra` (the SDK's `RequestHandlerExtra`).
interface _CallExtra {
  /** Aborts when the client cancels the request. */
  readonly signal?: AbortSignal;
  /** The request's `_meta`: its `progressToken` asks for progress. */
  readonly _meta?: { readonly progressToken?: string | number };
  /** Sends a notification about the request. */
  sendNotification(notification: {
    method: "notifications/progress";
    params: { progressToken: string | number; progress: number; total: number; message: string };
  }): Promise<void>;
}

// How long a call runs before it reports progress: a quick one sends nothing.
const _PROGRESS_AFTER_MS = 1000;

/**
 * Runs `mdsel` on the paths as checked (in its turn) and returns what it printed; never throws.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * import { runToolCall } from "./tool_call.ts";
 * const args = (files: readonly string[]) => ["index", "--", ...files];
 * const extra = { sendNotification: async () => {} };
 * const refused = await runToolCall(["/etc/hostname"], args, extra, { settings: DEFAULT_SETTINGS });
 * assert.match((refused.content[0] as { text: string }).text, /^Not a Markdown file/);
 * ```
 */
export async function runToolCall(
  files: readonly string[],
  args: (checked: readonly string[]) => string[],
  extra: _CallExtra,
  context: ToolContext,
): Promise<CallToolResult> {
  const error = (text: string) => ({ content: [{ type: "text" as const, text }], isError: true });
  const signals = [extra.signal, context.shutdown].filter((signal) => signal !== undefined);
  const signal = signals.length === 0 ? undefined : AbortSignal.any(signals);
  const onProgress = _progressNotifier(extra);
  // The cache's finishing, if running, stops at once; it goes on once this call is answered.
  context.warmer?.callStarted();
  let warm: { files: string[]; scopes: string[] } | undefined;
  let tail: Promise<void> | undefined;
  try {
    const checked = await checkPaths(files, context.settings);
    if (typeof checked === "string") return error(checked);
    // An earlier call over these files still writing its cache: what it writes is read here.
    await context.warmer?.tailsOver(checked.scopes, signal);
    const mdsel = {
      args: args(checked.files),
      files: checked.scopes,
      signal,
      // The bundled engine's answer, an error of its own (exit 1) included, is worth finishing.
      onBundled: () => warm = checked,
      onProgress,
      onTail: (exited: Promise<void>) => tail = exited,
    };
    const run = () => runMdsel(mdsel, context.settings);
    const { stdout } = context.callLimit ? await context.callLimit.run(run, signal) : await run();
    return { content: [{ type: "text", text: stdout }] };
  } catch (caught) {
    // Killed, timed out or failed to start: nothing to finish after it.
    if (!(caught instanceof CommandExitError && caught.code === 1)) warm = undefined;
    if (caught instanceof CommandExitError) {
      const how = caught.signal === null
        ? `mdsel exited with code ${caught.code}`
        : `mdsel was killed by signal ${caught.signal}`;
      return error(caught.stdout || caught.stderr || how);
    }
    if (
      caught instanceof CommandError || caught instanceof MdselUnavailableError ||
      caught instanceof QueuedCallCancelledError
    ) {
      return error(caught.message);
    }
    // Anything else is a bug of the server's: still an answer, never a crash.
    const message = caught instanceof Error ? caught.message : String(caught);
    console.error(`mdsel-claude: unexpected error running mdsel: ${message}`);
    return error(`mdsel-claude: cannot run mdsel: ${message.split("\n", 1)[0]}`);
  } finally {
    context.warmer?.callDone(warm, tail);
  }
}

// MCP progress once the call has run a while, when the client sent a `progressToken`: files read
// of files to read, counts going up only; a failed send is let go.
function _progressNotifier(extra: _CallExtra): ProgressListener | undefined {
  const token = extra._meta?.progressToken;
  if (token === undefined) return undefined;
  const started = performance.now();
  let sent = -1;
  return (done, total) => {
    if (done <= sent || performance.now() - started < _PROGRESS_AFTER_MS) return;
    sent = done;
    const [count, of] = [done, total].map((number) => number.toLocaleString("en-US"));
    const message = `${count} of ${of} files read`;
    extra.sendNotification({
      method: "notifications/progress",
      params: { progressToken: token, progress: done, total, message },
    }).catch(() => {});
  };
}
