/**
 * Runs `mdsel` for both tools: `MDSEL_BIN` when set, else `mdsel` on PATH, else the bundled engine
 * with read access to the named files only.
 *
 * @module
 */
import { dirname, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { ENGINE_VARIABLES } from "../mdsel/settings/engine_settings.ts";
import {
  PROGRESS_VARIABLE,
  type ProgressListener,
  readAnsweredLine,
  readProgressLine,
} from "../mdsel/cli/progress.ts";
import { CommandExitError, type CommandOutput, runCommand } from "./run_command.ts";
import { ENGINE_URL, engineLock, prebuiltEngine } from "./engine_build.ts";
import type { ServerSettings } from "./settings.ts";

// The command that installs the bundled CLI as `mdsel` from where this server runs.
function _installHint(moduleUrl: URL = ENGINE_URL): string {
  const install = "deno install -g -n mdsel --allow-read";
  if (moduleUrl.protocol === "file:") {
    const config = fileURLToPath(new URL("../deno.json", moduleUrl));
    return `${install} --config ${config} ${fileURLToPath(moduleUrl)}`;
  }
  const published = /^\/(@[^/]+\/[^/]+)\/([^/]+)\/mdsel\/cli\.ts$/.exec(moduleUrl.pathname);
  const version = published ? `${published[1]}@${published[2]}` : "@x/mdsel-claude";
  return `${install} jsr:${version}/mdsel`;
}

/** The longest `--allow-read=` argument for the bundled engine, in bytes (Linux caps at 128 KiB). */
export const MAX_READ_FLAG_BYTES = 64 * 1024;

// A young generation of 8 MiB, not V8's 32: a cold call over a big tree peaks ~40 MB lower.
const _ENGINE_V8_FLAGS = "--v8-flags=--max-semi-space-size=8";

/** `mdsel` could not be started: missing, or not allowed. One line, for the agent. */
export class MdselUnavailableError extends Error {
  override name = "MdselUnavailableError";
}

// One `mdsel` call.
interface _MdselCall {
  /** The arguments after `mdsel`. */
  readonly args: readonly string[];
  /** Its files, folders and globs' base folders, as checked: all the bundled engine may read. */
  readonly files: readonly string[];
  readonly signal?: AbortSignal;
  /** Told when the bundled engine is the one that runs (whatever it answers). */
  readonly onBundled?: () => void;
  /** Told of the engine's progress (files read of files to read), when it reports it. */
  readonly onProgress?: ProgressListener;
  /** Told, when the engine answered before it wrote its cache, of its exit. */
  readonly onTail?: (exited: Promise<void>) => void;
}

// A program and the arguments that start it.
interface _CommandLine {
  readonly command: string;
  readonly args: readonly string[];
  /** Variables to set for it (the rest is inherited). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * Runs one `mdsel` call with the server's settings and returns what it printed, when it exited 0.
 *
 * @throws {MdselUnavailableError} When no `mdsel` can be started.
 * @throws {CommandExitError} When `mdsel` exits with another code (its output is on the error).
 * @throws {CommandTimeoutError} When it runs longer than the timeout.
 * @throws {CommandOutputLimitError} When it prints more than the cap.
 * @throws {CommandAbortedError} When the call is cancelled.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_SETTINGS } from "./settings.ts";
 * import { runMdsel } from "./run_mdsel.ts";
 * const { stdout } = await runMdsel({ args: ["--version"], files: [] }, DEFAULT_SETTINGS);
 * assert.match(stdout, /^mdsel /);
 * ```
 */
export async function runMdsel(call: _MdselCall, settings: ServerSettings): Promise<CommandOutput> {
  const limits = {
    timeoutMs: settings.timeoutMs,
    maxOutputBytes: settings.maxOutputBytes,
    signal: call.signal,
    name: "mdsel",
    // The engine's lines to the server, taken out of its stderr: progress, and the answer told
    // before it writes its cache.
    env: { [PROGRESS_VARIABLE]: "1" },
    onStderrLine: (line: string) => {
      const progress = readProgressLine(line);
      if (progress !== undefined) call.onProgress?.(progress.done, progress.total);
      return progress !== undefined;
    },
    answered: readAnsweredLine,
    ...(call.onTail === undefined ? {} : { onTail: call.onTail }),
  };
  const program = settings.mdselBin ?? "mdsel";
  let denied: boolean;
  try {
    return await runCommand(program, { ...limits, args: call.args });
  } catch (error) {
    if (error instanceof Deno.errors.PermissionDenied) {
      const message = `Cannot run ${program}: permission denied (is it an executable file?)`;
      throw new MdselUnavailableError(message, { cause: error });
    }
    denied = error instanceof Deno.errors.NotCapable;
    if (!denied && !(error instanceof Deno.errors.NotFound)) throw error;
    if (settings.mdselBin !== undefined) {
      if (denied) throw _notAllowed(program, error);
      const message =
        `Cannot find the mdsel CLI at MDSEL_BIN='${program}': fix MDSEL_BIN or unset it`;
      throw new MdselUnavailableError(message, { cause: error });
    }
  }
  call.onBundled?.();
  let locked = false;
  const runBundled = (lock: boolean) => {
    const bundled = bundledMdsel(call.files, undefined, settings.cacheDir, lock);
    locked = bundled.args.some((arg) => arg.startsWith("--lock="));
    return runCommand(bundled.command, {
      ...limits,
      args: [...bundled.args, ...call.args],
      ...(bundled.env === undefined ? {} : { env: { ...limits.env, ...bundled.env } }),
    });
  };
  try {
    try {
      return await runBundled(true);
    } catch (error) {
      // The lock is a cache too: one Deno cannot read is written again, one it cannot write let go.
      const lockFailed = error instanceof CommandExitError && _LOCK_FAILURE.test(error.stderr);
      if (!locked || !lockFailed) throw error;
      const lock = engineLock(settings.cacheDir);
      const removed = lock !== undefined && await Deno.remove(lock).then(() => true, () => false);
      return await runBundled(removed);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotCapable || error instanceof Deno.errors.NotFound)) {
      throw error;
    }
    if (denied) throw _notAllowed("mdsel", error);
    throw new MdselUnavailableError(
      `Cannot find the mdsel CLI: install it (${_installHint()}) on the server's PATH, ` +
        "or set MDSEL_BIN (or run the server with -A to use the bundled one)",
      { cause: error },
    );
  }
}

/**
 * The command line (before `mdsel`'s own arguments) that runs the CLI at `moduleUrl`: this Deno
 * reading only `files` (their folders past {@linkcode MAX_READ_FLAG_BYTES}), its own modules and
 * `cacheDir`, which it may also write, with the engine's variables. The engine's build in
 * `cacheDir` runs once `buildEngine` has one; else a checkout's engine loads its modules as its
 * command needs them, and a published one keeps Deno's lock in `cacheDir` unless `lock` is `false`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bundledMdsel } from "./run_mdsel.ts";
 * const cached = bundledMdsel(["/docs/a.md"], new URL("file:///src/mdsel/cli.ts"), "/home/ann/.cache/mdsel");
 * assert.ok(cached.args.includes("--allow-read=/docs/a.md,/src/mdsel,/home/ann/.cache/mdsel"));
 * const published = bundledMdsel([], new URL("https://jsr.io/@x/mdsel-claude/0.1.0/mdsel/cli.ts"), "/c");
 * assert.ok(published.args.some((arg) => /^--lock=\/c\/deno-.+\.lock$/.test(arg)));
 * ```
 */
export function bundledMdsel(
  files: readonly string[],
  moduleUrl: URL = ENGINE_URL,
  cacheDir?: string,
  lock = true,
): _CommandLine {
  const built = prebuiltEngine(moduleUrl, cacheDir);
  let read = _readFlag(files);
  const cache: string[] = [];
  const engine = built !== undefined
    ? dirname(built)
    : moduleUrl.protocol === "file:"
    ? fileURLToPath(new URL("./", moduleUrl)).replace(/[\\/]$/, "")
    : "";
  const ownModules = engine !== "" && !engine.includes(",") ? [engine] : [];
  if (read.length > 0 && read[0] !== "--allow-read") {
    const extra = [...ownModules];
    if (cacheDir !== undefined && !cacheDir.includes(",")) extra.push(cacheDir);
    read = [[read[0], ...extra].join(",")];
  } else if (read.length === 0 && ownModules.length > 0) {
    // A call that reads no file needs neither its parsing workers nor the cache, but the modules
    // of its command still load (a glob's error, `help`).
    read = [`--allow-read=${ownModules[0]}`];
  }
  // A comma cannot stand in Deno's flag.
  if (cacheDir !== undefined && files.length > 0 && !cacheDir.includes(",")) {
    cache.push(`--allow-write=${cacheDir}`);
  }
  // A checkout needs its deno.json and lock; a published module must not touch the user's, and
  // keeps its own in the cache, which spares each run reading its npm packages' registry data.
  const ownLock = lock ? engineLock(cacheDir) : undefined;
  const module = built !== undefined
    ? ["--no-config", "--no-lock", built]
    : moduleUrl.protocol === "file:"
    ? ["--config", fileURLToPath(new URL("../deno.json", moduleUrl)), fileURLToPath(moduleUrl)]
    : ["--no-config", ownLock === undefined ? "--no-lock" : `--lock=${ownLock}`, moduleUrl.href];
  const env = `--allow-env=${[...ENGINE_VARIABLES, PROGRESS_VARIABLE].join(",")}`;
  const variables: Record<string, string> = {
    // A build's or a checkout's modules are all on disk: each loads when a command needs it, not at
    // start-up (a published one's would be fetched then). A Deno without the feature ignores it.
    ...(built !== undefined || moduleUrl.protocol === "file:"
      ? { DENO_UNSTABLE_LAZY_DYNAMIC_IMPORTS: "1" }
      : {}),
    ...(cache.length === 0 ? {} : { MDSEL_CACHE_DIR: cacheDir! }),
  };
  return {
    command: Deno.execPath(),
    args: ["run", "--quiet", "--no-prompt", _ENGINE_V8_FLAGS, ...read, ...cache, env, ...module],
    ...(Object.keys(variables).length === 0 ? {} : { env: variables }),
  };
}

// What Deno says of a lock file it cannot parse or write.
const _LOCK_FAILURE = /Failed (reading|writing) lockfile/;

function _readFlag(files: readonly string[]): string[] {
  const paths = [...new Set(files)];
  if (paths.length === 0) return [];
  if (paths.some((path) => path.includes(","))) return ["--allow-read"];
  for (const scope of [paths, _outermost(paths.map((path) => dirname(path)))]) {
    const flag = `--allow-read=${scope.join(",")}`;
    if (new TextEncoder().encode(flag).length <= MAX_READ_FLAG_BYTES) return [flag];
  }
  return ["--allow-read"];
}

function _outermost(folders: readonly string[]): string[] {
  // Sorted, a folder comes right before the folders inside it.
  const kept: string[] = [];
  for (const folder of [...new Set(folders)].sort()) {
    const last = kept.at(-1);
    const inside = last !== undefined &&
      (last === sep ? folder.startsWith(sep) : folder.startsWith(last + sep));
    if (!inside) kept.push(folder);
  }
  return kept;
}

function _notAllowed(program: string, cause: unknown): MdselUnavailableError {
  const message =
    `Not allowed to run ${program}: start the server with --allow-run=${program} (or -A)`;
  return new MdselUnavailableError(message, { cause });
}
