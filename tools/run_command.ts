/**
 * The one wrapper around subprocesses, {@linkcode runCommand}: no shell, no stdin, a timeout, a
 * cap on output, cancellation, and a child (and its process group) always killed and reaped.
 *
 * @module
 */
import { formatBytes } from "../mdsel/files/format_bytes.ts";

/** What a finished command printed, decoded as UTF-8. */
export interface CommandOutput {
  readonly stdout: string;
  readonly stderr: string;
}

// Limits and cancellation for runCommand.
interface _RunCommandOptions {
  /** Arguments, passed as they are (no shell). */
  readonly args: readonly string[];
  /** Kill the child after this many milliseconds. */
  readonly timeoutMs: number;
  /** Kill the child once stdout and stderr together pass this many bytes. */
  readonly maxOutputBytes: number;
  /** Kill the child when this signal aborts (request cancelled, server shutting down). */
  readonly signal?: AbortSignal;
  /** Extra environment variables for the child (the rest is inherited). */
  readonly env?: Readonly<Record<string, string>>;
  /** How messages name the program; `command` by default. */
  readonly name?: string;
  /** Sees each line of stderr as it comes; a line it returns `true` for is left out of stderr. */
  readonly onStderrLine?: (line: string) => boolean;
  /**
   * Reads the stderr line by which the child says it has answered (the code it will exit with,
   * the bytes of its stdout): once stdout has given them, the run returns, and the rest of the
   * child's run goes to `onTail`.
   */
  readonly answered?: (line: string) => { code: number; bytes: number } | undefined;
  /** Told, when the run returned before the child exited, of its exit (it never rejects). */
  readonly onTail?: (exited: Promise<void>) => void;
}

/** A command that ran but did not succeed. */
export class CommandError extends Error {
  override name = "CommandError";
}

/** The command exited with a non-zero code or was killed by a signal. */
export class CommandExitError extends CommandError {
  override name = "CommandExitError";
  /** The exit code (128 + the signal number after a signal). */
  readonly code: number;
  /** The signal that killed it, if one did. */
  readonly signal: Deno.Signal | null;
  readonly stdout: string;
  readonly stderr: string;

  constructor(command: string, status: Deno.CommandStatus, output: CommandOutput) {
    const how = status.signal === null
      ? `exited with code ${status.code}`
      : `was killed by signal ${status.signal}`;
    // The last three non-empty lines of stderr, on one line of at most 300 characters.
    const lines = output.stderr.split(/\r?\n/).map((line) => line.trim()).filter((line) => line);
    const tail = lines.slice(-3).join(" | ");
    const shown = tail.length <= 300 ? tail : `...${tail.slice(tail.length - 300)}`;
    super(`${command} ${how}${shown === "" ? "" : `: ${shown}`}`);
    this.code = status.code;
    this.signal = status.signal;
    this.stdout = output.stdout;
    this.stderr = output.stderr;
  }
}

/** The command ran longer than its timeout and was killed. */
export class CommandTimeoutError extends CommandError {
  override name = "CommandTimeoutError";
  constructor(command: string, timeoutMs: number) {
    super(`${command} timed out after ${Number((timeoutMs / 1000).toFixed(3))} s`);
  }
}

/** The command printed more than allowed and was killed. */
export class CommandOutputLimitError extends CommandError {
  override name = "CommandOutputLimitError";
  constructor(command: string, maxOutputBytes: number) {
    super(`${command} output exceeded ${formatBytes(maxOutputBytes, { binary: true })}`);
  }
}

/** The command was cancelled before it finished, and killed. */
export class CommandAbortedError extends CommandError {
  override name = "CommandAbortedError";
  constructor(command: string) {
    super(`${command} was cancelled`);
  }
}

/**
 * Runs a program (a name on PATH, or a path) to completion, or until it says it has answered, and
 * returns what it printed. Spawning errors are not wrapped (`Deno.errors.NotFound`,
 * `Deno.errors.NotCapable`).
 *
 * @throws {CommandExitError} When it exits with another code or dies from a signal.
 * @throws {CommandTimeoutError} When it runs longer than `timeoutMs`.
 * @throws {CommandOutputLimitError} When it prints more than `maxOutputBytes`.
 * @throws {CommandAbortedError} When `signal` aborts first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCommand } from "./run_command.ts";
 * const options = { args: ["eval", "console.log('hi')"], timeoutMs: 10_000, maxOutputBytes: 1024 };
 * assert.equal((await runCommand(Deno.execPath(), options)).stdout, "hi\n");
 * ```
 */
export async function runCommand(
  command: string,
  options: _RunCommandOptions,
): Promise<CommandOutput> {
  const name = options.name ?? command;
  if (options.signal?.aborted) throw new CommandAbortedError(name);
  const child = new Deno.Command(command, {
    args: [...options.args],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    // Its own process group, so a kill reaches a wrapper script's children too.
    detached: usesProcessGroup(),
    ...(options.env ? { env: { ...options.env } } : {}),
  }).spawn();

  let stop: CommandError | undefined;
  const readers = [child.stdout.getReader(), child.stderr.getReader()];
  const kill = (reason: CommandError) => {
    if (stop !== undefined) return;
    stop = reason;
    _killTree(child);
    // A grandchild may still hold the pipes open: stop reading them.
    for (const reader of readers) reader.cancel().catch(() => {});
  };
  const { timeoutMs } = options;
  const timer = setTimeout(() => kill(new CommandTimeoutError(name, timeoutMs)), timeoutMs);
  const onAbort = () => kill(new CommandAbortedError(name));
  options.signal?.addEventListener("abort", onAbort, { once: true });

  let total = 0;
  const collect = async (
    reader: ReadableStreamDefaultReader<Uint8Array>,
    onChunk?: (chunk: Uint8Array) => void,
    chunks: Uint8Array[] = [],
  ) => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > options.maxOutputBytes) {
          kill(new CommandOutputLimitError(name, options.maxOutputBytes));
          break;
        }
        chunks.push(value);
        onChunk?.(value);
      }
    } catch {
      // Cancelled by kill(): what was read so far is all there is.
    }
    return _decode(chunks);
  };
  // An early answer: the code told on stderr, once stdout has given the bytes told.
  const out: Uint8Array[] = [];
  let outBytes = 0;
  let told: { code: number; bytes: number } | undefined;
  let answer: (code: number) => void = () => {};
  const early = new Promise<number>((resolve) => answer = resolve);
  const check = () => told !== undefined && outBytes >= told.bytes && answer(told.code);
  const { onStderrLine, answered } = options;
  const take = (line: string) => {
    const said = answered?.(line);
    if (said === undefined) return onStderrLine?.(line) === true;
    told = said;
    check();
    return true;
  };
  const lines = onStderrLine || answered ? new _LineSplitter(take) : undefined;
  const onOut = (chunk: Uint8Array) => {
    outBytes += chunk.byteLength;
    check();
  };
  const exited = (async () => {
    try {
      const [stdout, whole] = await Promise.all([
        collect(readers[0], onOut, out),
        collect(readers[1], lines && ((chunk) => lines.push(chunk))),
      ]);
      const stderr = lines === undefined ? whole : lines.end();
      const status = await child.status;
      if (stop !== undefined) throw stop;
      if (!status.success) throw new CommandExitError(name, status, { stdout, stderr });
      return { stdout, stderr };
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    }
  })();
  exited.catch(() => {}); // past an early answer, told to `onTail` only: never unhandled
  const first = await Promise.race([exited.then((output) => ({ output })), early]);
  if (typeof first !== "number") return first.output;
  if (stop !== undefined) return await exited;
  // The rest of the run (the cache written, or a kill) decides nothing of the answer.
  options.onTail?.(exited.then(() => {}, () => {}));
  const output = { stdout: _decode(out), stderr: lines?.kept ?? "" };
  if (first === 0) return output;
  throw new CommandExitError(name, { success: false, code: first, signal: null }, output);
}

/**
 * Whether a run gets its own process group, for kills to reach its children: not on Windows.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { usesProcessGroup } from "./run_command.ts";
 * assert.equal(usesProcessGroup("darwin"), true);
 * assert.equal(usesProcessGroup("windows"), false);
 * ```
 */
export function usesProcessGroup(os: typeof Deno.build.os = Deno.build.os): boolean {
  return os !== "windows";
}

function _killTree(child: Deno.ChildProcess): void {
  try {
    // The whole group (needs --allow-run without a list of programs); else the child at least.
    if (usesProcessGroup()) return Deno.kill(-child.pid, "SIGKILL");
  } catch { /* not allowed, or gone */ }
  try {
    child.kill("SIGKILL");
  } catch { /* it has already exited */ }
}

function _decode(chunks: readonly Uint8Array[]): string {
  const decoder = new TextDecoder();
  let text = "";
  for (const chunk of chunks) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/** Cuts a stream's bytes into lines for a listener, keeping the lines it does not take. */
class _LineSplitter {
  readonly #decoder = new TextDecoder();
  #partial = "";
  /** The text of the lines not taken so far. */
  kept = "";

  constructor(readonly take: (line: string) => boolean) {}

  push(chunk: Uint8Array): void {
    const lines = (this.#partial + this.#decoder.decode(chunk, { stream: true })).split("\n");
    this.#partial = lines.pop()!;
    for (const line of lines) if (!this.take(line.replace(/\r$/, ""))) this.kept += line + "\n";
  }

  /** The text of the lines not taken. */
  end(): string {
    const last = this.#partial + this.#decoder.decode();
    if (last !== "" && !this.take(last)) this.kept += last;
    return this.kept;
  }
}
