// The real Claude Code CLI, pinned, for the plugin's end-to-end tests: it is
// installed from the npm registry with npm itself into
// `claude-code@<version>/` of the test cache, outside the checkout
// (tests/_cache.ts), once, and run in a throwaway HOME. A folder appears there
// only by the rename of a complete install, so several test processes may
// install at once.
import { join } from "node:path";
import { TEST_CACHE_DIR } from "../_cache.ts";
import { exists } from "../_corpus.ts";

/** The Claude Code version the plugin is tested with. */
export const CLAUDE_CODE_VERSION = "2.1.197";

// How this machine reaches npm (proxies, certificate authorities) carries over.
const NETWORK_ENV = Object.fromEntries(
  Object.entries(Deno.env.toObject()).filter(([name]) => /proxy|cert|_ca_|ssl|tls/i.test(name)),
);

/**
 * Installs `@anthropic-ai/claude-code@<version>` unless it is there, and
 * checks that it runs.
 *
 * @returns The path of the `claude` executable.
 */
export async function ensureClaudeCode(version = CLAUDE_CODE_VERSION): Promise<string> {
  const target = join(TEST_CACHE_DIR, `claude-code@${version}`);
  const bin = join(target, "node_modules", ".bin", "claude");
  if (!(await exists(target))) {
    const tmpRoot = join(TEST_CACHE_DIR, ".tmp");
    await Deno.mkdir(tmpRoot, { recursive: true });
    const work = await Deno.makeTempDir({ dir: tmpRoot, prefix: "claude-code-" });
    try {
      // npm picks the native binary of this platform from the package's optional dependencies.
      await _run("npm", [
        "install",
        "--prefix",
        work,
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        `@anthropic-ai/claude-code@${version}`,
      ]);
      try {
        await Deno.rename(work, target);
      } catch (error) {
        if (!(await exists(target))) throw error;
      }
    } finally {
      await Deno.remove(work, { recursive: true }).catch(() => {});
    }
  }
  const home = await Deno.makeTempDir({ prefix: "claude-home-" });
  let stdout: string;
  try {
    ({ stdout } = await _run(bin, ["--version"], { HOME: home }));
  } finally {
    await Deno.remove(home, { recursive: true });
  }
  if (!stdout.startsWith(`${version} `)) {
    throw new Error(`${bin} --version printed ${JSON.stringify(stdout)}, not ${version}`);
  }
  return bin;
}

/**
 * The Deno cache the tests run with: the plugin's server and hooks find the
 * package's dependencies there, as they would on a user's machine.
 *
 * @returns The `DENO_DIR` in use.
 */
export async function denoDir(): Promise<string> {
  const { stdout } = await _run(Deno.execPath(), ["info", "--json"]);
  return JSON.parse(stdout).denoDir;
}

/** What one `claude` run printed. */
export interface ClaudeRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Where and how `claude` runs. */
export interface ClaudeWorld {
  /** The `claude` executable. */
  readonly bin: string;
  /** The throwaway HOME. */
  readonly home: string;
  /** The working directory (a project folder). */
  readonly cwd: string;
  /** The environment besides HOME: PATH, DENO_DIR, and anything else. */
  readonly env: Record<string, string>;
}

/**
 * Runs `claude` with a clean environment: only the world's variables, the
 * network's, and the switches that keep it from calling home.
 *
 * @param world Where and how.
 * @param args The arguments.
 * @param env More variables for this run (e.g. `PATH` without Deno).
 * @returns What it printed, and its exit code.
 */
export async function claude(
  world: ClaudeWorld,
  args: string[],
  env: Record<string, string> = {},
): Promise<ClaudeRun> {
  const output = await new Deno.Command(world.bin, {
    args,
    cwd: world.cwd,
    clearEnv: true,
    env: {
      ...NETWORK_ENV,
      DISABLE_TELEMETRY: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_ERROR_REPORTING: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      NO_COLOR: "1",
      ...world.env,
      HOME: world.home,
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code: output.code, stdout: decode(output.stdout), stderr: decode(output.stderr) };
}

async function _run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ stdout: string }> {
  const output = await new Deno.Command(command, {
    args,
    env: { ...NETWORK_ENV, ...env },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(output.stdout);
  if (!output.success) {
    const stderr = new TextDecoder().decode(output.stderr);
    throw new Error(`${command} ${args.join(" ")} failed (${output.code}):\n${stderr}${stdout}`);
  }
  return { stdout };
}
