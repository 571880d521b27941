// Runs the bundled mdsel CLI for the end-to-end tests: as a real process (exit
// code, real stdout and stderr, pipes) or in-process through `run` (fast).
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { run } from "../../mdsel/cli.ts";

/** What one CLI run printed, and its exit code. */
export interface CliResult {
  /** The exit code: 0 success, 1 error, 2 usage error. */
  code: number;
  /** Everything written to standard output. */
  stdout: string;
  /** Everything written to standard error. */
  stderr: string;
}

/** Options of {@linkcode mdsel}. */
export interface CliOptions {
  /** Working directory of the process; the test's own when absent. */
  cwd?: string;
  /** Extra environment variables (`MDSEL_*` of the test process never leak in). */
  env?: Record<string, string>;
  /** Whether the process gets `--allow-env` (default `true`). */
  allowEnv?: boolean;
  /** What the process may read: everything (default) or only these paths. */
  allowRead?: true | string[];
  /** The process's permission flags, instead of those `allowEnv` and `allowRead` give. */
  permissions?: readonly string[];
  /** Kills the process and fails after this long: a guard against hangs, not a speed test. */
  timeoutMs?: number;
}

/** `mdsel/cli.ts`, as a path. */
export const CLI_PATH = fileURLToPath(new URL("../../mdsel/cli.ts", import.meta.url));
/** The package's `deno.json`, as a path (for the import map). */
export const CONFIG_PATH = fileURLToPath(new URL("../../deno.json", import.meta.url));
/**
 * The worked examples of the spec, byte-for-byte. They are stored as `*.md.txt`
 * so that `deno fmt` does not rewrap them and `deno test --doc` does not run
 * their code blocks; {@linkcode examplesDir} gives them their real names.
 */
export const EXAMPLE_FILES = ["readme.md", "guide.md"] as const;

let _examplesDir: string | undefined;

/**
 * A temporary folder holding `readme.md` and `guide.md` of the worked
 * examples, created once per test module and removed when it unloads.
 *
 * @returns The folder's path, to run the CLI in.
 */
export function examplesDir(): string {
  if (_examplesDir === undefined) {
    const dir = Deno.makeTempDirSync({ prefix: "mdsel_examples_" });
    for (const name of EXAMPLE_FILES) {
      Deno.copyFileSync(
        fileURLToPath(new URL(`./fixtures/examples/${name}.txt`, import.meta.url)),
        `${dir}/${name}`,
      );
    }
    globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
    _examplesDir = dir;
  }
  return _examplesDir;
}

function _childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env = Deno.env.toObject();
  for (const name of Object.keys(env)) if (name.startsWith("MDSEL_")) delete env[name];
  return { ...env, ...extra };
}

/**
 * Runs `mdsel` as a real process: `deno run --allow-read [--allow-env] mdsel/cli.ts`.
 *
 * @param args The arguments after `mdsel`.
 * @param options Working directory, environment, permissions.
 * @returns Exit code and the complete output.
 */
export async function mdsel(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const read = options.allowRead === undefined || options.allowRead === true
    ? "--allow-read"
    : `--allow-read=${options.allowRead.join(",")}`;
  const permissions = options.permissions ??
    (options.allowEnv === false ? [read] : [read, "--allow-env"]);
  const command = new Deno.Command(Deno.execPath(), {
    args: ["run", "--quiet", "--config", CONFIG_PATH, ...permissions, CLI_PATH, ...args],
    cwd: options.cwd,
    env: _childEnv(options.env),
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs),
  });
  const output = await command.output();
  if (output.signal === "SIGTERM" && options.timeoutMs !== undefined) {
    throw new Error(`mdsel ${args.join(" ").slice(0, 200)} did not end in ${options.timeoutMs} ms`);
  }
  const decoder = new TextDecoder();
  return {
    code: output.code,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

/**
 * Runs `mdsel` in this process through `run` from `mdsel/cli.ts`: the same
 * output and exit code, without the start-up of a process. Paths are relative
 * to this process's working directory, so pass absolute ones.
 *
 * @param args The arguments after `mdsel`.
 * @param env The environment to read settings from (empty by default, so the
 * test process's `MDSEL_*` never leak in).
 * @returns Exit code and output.
 */
export async function mdselInProcess(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<CliResult> {
  return await run(args, { env });
}

/**
 * Parses the stdout of a `--json` run, asserting it is exactly one line of
 * JSON followed by a newline.
 *
 * @param stdout What the run printed.
 * @returns The parsed envelope.
 */
// deno-lint-ignore no-explicit-any
export function parseEnvelope(stdout: string): any {
  assert.ok(stdout.endsWith("\n"), `stdout does not end in a newline: ${stdout.slice(-80)}`);
  const body = stdout.slice(0, -1);
  assert.ok(!body.includes("\n"), "stdout is more than one line");
  const envelope = JSON.parse(body);
  assert.equal(typeof envelope, "object");
  assert.equal(typeof envelope.success, "boolean");
  assert.ok(envelope.command === "index" || envelope.command === "select");
  assert.ok(!Number.isNaN(Date.parse(envelope.timestamp)), `timestamp ${envelope.timestamp}`);
  assert.ok("data" in envelope);
  return envelope;
}

/**
 * Creates a temporary folder with the given files, runs `body` in it, then
 * removes it.
 *
 * @param files File names and their contents (text, or bytes as given).
 * @param body The test, given the folder's path.
 */
export async function withTempDir(
  files: Record<string, string | Uint8Array>,
  body: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel_test_" });
  try {
    for (const [name, content] of Object.entries(files)) {
      const path = `${dir}/${name}`;
      await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
      if (typeof content === "string") await Deno.writeTextFile(path, content);
      else await Deno.writeFile(path, content);
    }
    await body(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}
