/**
 * Turns one `mdsel` run into a tool result: its output verbatim, `isError` when it failed, and one
 * clear line for failures of the server's own and for paths beyond the server's boundaries.
 *
 * @module
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types";
import { type CacheWarmer, warmTarget } from "./cache_warmer.ts";
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

/** One tool call's `mdsel` run, before its paths are checked. */
export interface ToolCall {
  /** The paths the call names, as given. */
  readonly files: readonly string[];
  /** The `mdsel` arguments for the paths as checked (`.` and `..` resolved). */
  readonly args: (files: readonly string[]) => string[];
  readonly signal?: AbortSignal;
  /** Told of the engine's progress, when the client asked for it (`progress.ts`). */
  readonly onProgress?: ProgressListener;
}

/**
 * Runs `mdsel` (in its turn, with a `callLimit`) and returns what it printed as the tool result,
 * with `isError: true` on another exit than 0 or for paths {@linkcode checkPaths} refuses. It
 * never throws for a failure of `mdsel`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdselToolResult } from "./tool_result.ts";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * const args = (files: readonly string[]) => ["select", "--json", "--", "h1.0", ...files];
 * const result = await mdselToolResult({ files: ["/no/such/file.md"], args }, { settings: DEFAULT_SETTINGS });
 * assert.equal(result.isError, true);
 * assert.equal(JSON.parse(result.content[0].text).success, false);
 * const refused = await mdselToolResult(
 *   { files: ["/etc/hostname"], args: (files) => ["index", "--", ...files] },
 *   { settings: DEFAULT_SETTINGS },
 * );
 * assert.equal(refused.isError, true);
 * assert.match(refused.content[0].text, /^Not a Markdown file/);
 * ```
 */
export async function mdselToolResult(
  call: ToolCall,
  context: ToolContext,
): Promise<CallToolResult & { content: [{ type: "text"; text: string }] }> {
  const signals = [call.signal, context.shutdown].filter((signal) => signal !== undefined);
  const signal = signals.length === 0 ? undefined : AbortSignal.any(signals);
  // The cache's finishing, if running, stops at once; it goes on once this call is answered.
  context.warmer?.callStarted();
  let warm: { files: string[]; scopes: string[] } | undefined;
  try {
    const checked = await checkPaths(call.files, context.settings);
    if (typeof checked === "string") {
      return { content: [{ type: "text", text: checked }], isError: true };
    }
    // The bundled engine's answer, an error of its own (exit 1) included, is worth finishing.
    const onBundled = () => warm = checked;
    const { onProgress } = call;
    const mdsel = {
      args: call.args(checked.files),
      files: checked.scopes,
      signal,
      onBundled,
      onProgress,
    };
    const run = () => runMdsel(mdsel, context.settings);
    const { stdout } = context.callLimit ? await context.callLimit.run(run, signal) : await run();
    return { content: [{ type: "text", text: stdout }] };
  } catch (error) {
    // Killed, timed out or failed to start: nothing to finish after it.
    if (!(error instanceof CommandExitError && error.code === 1)) warm = undefined;
    if (error instanceof CommandExitError) {
      const how = error.signal === null
        ? `mdsel exited with code ${error.code}`
        : `mdsel was killed by signal ${error.signal}`;
      const text = error.stdout !== "" ? error.stdout : error.stderr !== "" ? error.stderr : how;
      return { content: [{ type: "text", text }], isError: true };
    }
    if (
      error instanceof CommandError || error instanceof MdselUnavailableError ||
      error instanceof QueuedCallCancelledError
    ) {
      return { content: [{ type: "text", text: error.message }], isError: true };
    }
    // Anything else is a bug of the server's: still an answer, never a crash.
    const message = error instanceof Error ? error.message : String(error);
    console.error(`mdsel-claude: unexpected error running mdsel: ${message}`);
    const text = `mdsel-claude: cannot run mdsel: ${message.split("\n", 1)[0]}`;
    return { content: [{ type: "text", text }], isError: true };
  } finally {
    _answered(context.warmer, warm);
  }
}

// Tells the warmer the call is done, with its paths when they may be worth finishing.
function _answered(
  warmer: CacheWarmer | undefined,
  paths: { files: string[]; scopes: string[] } | undefined,
): void {
  if (warmer === undefined) return;
  if (paths === undefined || !warmer.enabled) return warmer.callAnswered();
  // Told after the answer is sent: the stat of the paths never delays it.
  warmTarget(paths.files, paths.scopes).then(
    (target) => warmer.callAnswered(target),
    () => warmer.callAnswered(),
  );
}
