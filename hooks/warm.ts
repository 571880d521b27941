/**
 * The warm-up: a `SessionStart` hook that runs a detached `deno cache` on the server and the
 * guard's engine, so a user's first run pays for no download; a stamp skips it once warm.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { quietEnv } from "../mdsel/settings/engine_settings.ts";

/**
 * How long the warm-up waits for the download, in milliseconds, inside the plugin's hook timeout;
 * past it the download goes on in the background.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WARM_TIME_LIMIT_MS } from "./warm.ts";
 * assert.equal(WARM_TIME_LIMIT_MS, 90_000);
 * ```
 */
export const WARM_TIME_LIMIT_MS = 90_000;

// A program (Deno itself) and its arguments.
type _WarmCommand = { readonly command: string; readonly args: readonly string[] };

// What the warm-up runs and where it keeps its stamp.
interface _WarmOptions {
  /** The command that fills the cache; {@linkcode warmCommand} by default. */
  readonly command?: _WarmCommand;
  /** The folder for the stamp; `CLAUDE_PLUGIN_DATA` by default; without one, no stamp. */
  readonly stampDir?: string;
  /** How long to wait for the command; {@linkcode WARM_TIME_LIMIT_MS} by default. */
  readonly timeLimitMs?: number;
}

/**
 * The `deno cache` command for the server and the guard's engine of the package at `root` (this
 * one by default): with its `deno.json` from a checkout, with no config from JSR.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { warmCommand } from "./warm.ts";
 * const { args } = warmCommand(new URL("https://jsr.io/@x/mdsel-claude/0.1.0/"));
 * assert.deepEqual(args.slice(0, 4), ["cache", "--quiet", "--no-config", "--no-lock"]);
 * assert.deepEqual(args.slice(4).map((url) => url.slice(37)), ["main.ts", "hooks/outline_worker.ts"]);
 * ```
 */
export function warmCommand(root: URL = new URL("../", import.meta.url)): _WarmCommand {
  const path = (file: string) => fileURLToPath(new URL(file, root));
  const modules = ["main.ts", "hooks/outline_worker.ts"];
  const args = root.protocol === "file:"
    ? ["--config", path("deno.json"), ...modules.map(path)]
    : ["--no-config", "--no-lock", ...modules.map((file) => new URL(file, root).href)];
  return { command: Deno.execPath(), args: ["cache", "--quiet", ...args] };
}

/**
 * Fills Deno's cache for the package unless the stamp says it is full, waiting up to the time
 * limit; never throws, and returns one line for stderr when something went wrong, else "".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { warm } from "./warm.ts";
 * const failing = { command: Deno.execPath(), args: ["eval", "Deno.exit(3)"] };
 * assert.match(await warm({ command: failing }), /\(deno cache exited 3\)/);
 * ```
 */
export async function warm(options: _WarmOptions = {}): Promise<string> {
  try {
    const command = options.command ?? warmCommand();
    const stampDir = options.stampDir ?? (quietEnv("CLAUDE_PLUGIN_DATA") || undefined);
    const stamp = stampDir === undefined
      ? undefined
      : join(stampDir, `deno-cache-${await _stampKey(command)}`);
    // A stat that fails for any reason counts as no stamp: a check costs little.
    if (stamp !== undefined && await Deno.stat(stamp).then(() => true, () => false)) return "";
    const outcome = await _runDetached(command, options.timeLimitMs ?? WARM_TIME_LIMIT_MS);
    if (outcome === "late") return "";
    if (outcome !== 0) {
      return `mdsel hook: Deno could not fetch the package's dependencies (deno cache exited ${outcome}); the first Read of a big file may pass unguarded\n`;
    }
    if (stamp !== undefined) {
      await Deno.mkdir(stampDir!, { recursive: true });
      await Deno.writeTextFile(stamp, `${new Date().toISOString()}\n`);
    }
    return "";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return `mdsel hook: Cannot warm Deno's cache: ${message.split("\n", 1)[0]}\n`;
  }
}

// Runs the command in a process group of its own, to outlive the hook; `"late"` past the limit.
async function _runDetached(command: _WarmCommand, timeLimitMs: number): Promise<number | "late"> {
  const child = new Deno.Command(command.command, {
    args: [...command.args],
    stdin: "null",
    // Nothing of the child may hold the hook's pipes open: Claude Code waits for them to close.
    stdout: "null",
    stderr: "null",
    detached: true,
  }).spawn();
  child.unref();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) =>
    timer = setTimeout(() => resolve("late"), timeLimitMs)
  );
  try {
    return await Promise.race([child.status.then((status) => status.code), late]);
  } finally {
    clearTimeout(timer);
  }
}

// What makes one warm cache differ: Deno's version and cache folder, the command and lockfile.
async function _stampKey(command: _WarmCommand): Promise<string> {
  const config = command.args[command.args.indexOf("--config") + 1];
  const lock = command.args.includes("--config")
    ? await Deno.readTextFile(join(config, "..", "deno.lock")).catch(() => "")
    : "";
  const text = JSON.stringify([Deno.version.deno, quietEnv("DENO_DIR") ?? "", command, lock]);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  const hex = (byte: number) => byte.toString(16).padStart(2, "0");
  return Array.from(new Uint8Array(digest).slice(0, 12), hex).join("");
}
