/**
 * The Claude Code hooks, run with the hook JSON on stdin: the Read reminder (no argument), the
 * Read guard (`--guard`) and the cache warm-up (`--warm`). It always exits 0.
 *
 * ```sh
 * deno run --allow-read --allow-env=MDSEL_MIN_WORDS jsr:@x/mdsel-claude/hook
 * deno run --allow-read --allow-env=MDSEL_GUARD_WORDS jsr:@x/mdsel-claude/hook --guard
 * deno run --quiet --allow-read --allow-run --allow-env=DENO_DIR jsr:@x/mdsel-claude/hook --warm
 * ```
 *
 * @module
 */
import { parseHookInput } from "./hooks/input.ts";
import type { GuardIo } from "./hooks/guard.ts";
import {
  DEFAULT_GUARD_WORDS,
  DEFAULT_MIN_WORDS,
  GUARD_WORDS_VARIABLES,
  MIN_WORDS_VARIABLES,
  readWordThreshold,
} from "./hooks/settings.ts";
import { writeAll } from "./mdsel/cli/write_all.ts";

export type { GuardIo } from "./hooks/guard.ts";
export type { FileOutline, OutlineHeading } from "./mdsel/commands/file_outline.ts";

/** What one run of the hook writes. */
export interface HookResult {
  /** The text for stdout: the hook's JSON output, or empty. */
  readonly stdout: string;
  /** One line for stderr explaining why nothing was printed, or empty. */
  readonly stderr: string;
}

/** Which hook to run, and its threshold. */
export type HookMode =
  | { readonly hook: "reminder"; readonly minWords: number }
  | { readonly hook: "guard"; readonly guardWords: number }
  | { readonly hook: "warm" };

/**
 * Decides what the hook prints for one input; it never throws: a failure becomes one stderr line.
 *
 * @param io How the hook reads files (and the guard outlines them); the real ones by default.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runHook } from "./hook.ts";
 * const stdin = '{"hook_event_name":"PostToolUse","tool_name":"Read","tool_input":{"file_path":"/a.md"}}';
 * const readChunks = () => [new TextEncoder().encode("three short words")];
 * const result = await runHook(stdin, { hook: "reminder", minWords: 2 }, { readChunks });
 * assert.ok(result.stdout.startsWith('{"hookSpecificOutput"'));
 * assert.equal((await runHook("{", { hook: "guard", guardWords: 2 })).stderr, "mdsel hook: Hook input is not valid JSON\n");
 * ```
 */
export async function runHook(
  stdin: string,
  mode: HookMode,
  io: GuardIo = {},
): Promise<HookResult> {
  try {
    if (mode.hook === "warm") {
      return { stdout: "", stderr: await (await import("./hooks/warm.ts")).warm() };
    }
    const input = parseHookInput(stdin);
    // Each mode loads only its own module: every Read starts one of them.
    const stdout = mode.hook === "guard"
      ? await (await import("./hooks/guard.ts")).guard(input, mode.guardWords, io)
      : await (await import("./hooks/reminder.ts")).remind(input, mode.minWords, io.readChunks);
    return { stdout, stderr: "" };
  } catch (error) {
    const reason = error instanceof SyntaxError ? "Hook input is not valid JSON" : _message(error);
    // A path in a message is JSON-quoted, so a line break in it stays on one stderr line.
    return { stdout: "", stderr: `mdsel hook: ${reason}\n` };
  }
}

/**
 * Which hook the arguments ask for (none for the reminder, `--guard`, `--warm`), with its
 * threshold from the environment.
 *
 * @throws {TypeError} For any other argument, or more than one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookMode } from "./hook.ts";
 * assert.equal(hookMode(["--guard"]).hook, "guard");
 * assert.throws(() => hookMode(["--gaurd"]), TypeError);
 * ```
 */
export function hookMode(args: readonly string[]): HookMode {
  const unknown = args.find((arg) => arg !== "--guard" && arg !== "--warm");
  if (unknown !== undefined || args.length > 1) {
    const shown = JSON.stringify(unknown ?? args.join(" "));
    throw new TypeError(`Unknown argument ${shown}: use --guard, --warm or nothing`);
  }
  if (args[0] === "--warm") return { hook: "warm" };
  return args.includes("--guard")
    ? { hook: "guard", guardWords: readWordThreshold(GUARD_WORDS_VARIABLES, DEFAULT_GUARD_WORDS) }
    : { hook: "reminder", minWords: readWordThreshold(MIN_WORDS_VARIABLES, DEFAULT_MIN_WORDS) };
}

/**
 * Runs the hook as a program on stdin and `args`, writing the result; it always resolves.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const args = ["run", "--allow-read", new URL("./hook.ts", import.meta.url).href];
 * const { code, stdout } = await new Deno.Command(Deno.execPath(), { args, stdin: "null" }).output();
 * assert.equal(code, 0); // even on input that is not JSON
 * assert.equal(stdout.length, 0);
 * ```
 */
export async function main(args: readonly string[] = Deno.args): Promise<void> {
  try {
    const mode = hookMode(args);
    // The warm-up needs nothing of its input (and may be run by hand, stdin a terminal).
    const stdin = mode.hook === "warm" ? "" : await new Response(Deno.stdin.readable).text();
    const result = await runHook(stdin, mode);
    if (result.stdout) await writeAll(Deno.stdout, result.stdout);
    if (result.stderr) await writeAll(Deno.stderr, result.stderr);
  } catch (error) {
    // Nothing may make the hook fail a read: report on stderr (unless it is gone too), exit 0.
    await writeAll(Deno.stderr, `mdsel hook: ${_message(error)}\n`).catch(() => {});
  }
}

function _message(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n", 1)[0];
}

if (import.meta.main) {
  await main();
  // A guard past its deadline leaves its worker's module downloads behind, the warm-up
  // its detached download: neither may hold the process (and the Read) open.
  Deno.exit(0);
}
