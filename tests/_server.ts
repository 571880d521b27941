// Starts the real server over stdio with the SDK's Client, for the server's
// end-to-end tests, and makes the `mdsel` programs they run against.
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** The checkout's root directory. */
export const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The sandboxed flags the README documents. */
export const SANDBOXED = ["--allow-run=mdsel", "--allow-read"] as const;
/** A PATH with Deno and the system, and no `mdsel`. */
export const BASE_PATH = [dirname(Deno.execPath()), "/usr/bin", "/bin"].join(delimiter);

/** A `PATH` of these folders first, then {@linkcode BASE_PATH}, joined as the platform joins it. */
export function pathWith(...dirs: string[]): string {
  return [...dirs, BASE_PATH].join(delimiter);
}

/** A running server and its client. */
export interface RunningServer extends AsyncDisposable {
  readonly client: Client;
  readonly transport: StdioClientTransport;
  /** Everything the server wrote on stderr so far. */
  stderr(): string;
}

let _cacheDir: string | undefined;

/**
 * A test server's whole environment: HOME and PATH, no colours, the engine's
 * cache in {@linkcode testCacheDir}, then the test's own variables.
 *
 * @param env The test's variables.
 * @returns The environment.
 */
function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    HOME: Deno.env.get("HOME") ?? "/root",
    PATH: BASE_PATH,
    NO_COLOR: "1",
    MDSEL_CACHE_DIR: testCacheDir(),
    ...env,
  };
}

/**
 * The engine's cache folder for the servers a test module starts (never the
 * user's own): a temporary folder, created once per test module and removed
 * when it unloads.
 *
 * @returns The folder's path.
 */
export function testCacheDir(): string {
  if (_cacheDir === undefined) {
    const dir = Deno.makeTempDirSync({ prefix: "mdsel_cache_" });
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // removed already
      }
    });
    _cacheDir = dir;
  }
  return _cacheDir;
}

/**
 * Starts `deno run <flags> main.ts` in the checkout, as a Claude Code client would.
 *
 * @param flags Deno permission flags.
 * @param env The server's whole environment (besides HOME, PATH and MDSEL_CACHE_DIR defaults).
 * @param cwd Its working directory; the checkout by default.
 * @returns The connected client; dispose it to close the server.
 */
export function startServer(
  flags: readonly string[],
  env: Record<string, string> = {},
  cwd: string = ROOT,
): Promise<RunningServer> {
  const args = ["run", ...flags, "--config", join(ROOT, "deno.json"), join(ROOT, "main.ts")];
  return connectServer(Deno.execPath(), args, env, cwd);
}

/**
 * Starts a server by any command line and connects the SDK's Client to it.
 *
 * @param command The program.
 * @param args Its arguments.
 * @param env The server's whole environment (besides HOME and PATH defaults).
 * @param cwd Its working directory.
 * @returns The connected client; dispose it to close the server.
 */
export async function connectServer(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
): Promise<RunningServer> {
  const transport = new StdioClientTransport({
    command,
    args: [...args],
    cwd,
    env: serverEnv(env),
    stderr: "pipe",
  });
  let stderr = "";
  const decoder = new TextDecoder();
  transport.stderr?.on("data", (chunk: Uint8Array) => stderr += decoder.decode(chunk));
  const client = new Client({ name: "mdsel-claude-tests", version: "0.0.0" });
  await client.connect(transport);
  return {
    client,
    transport,
    stderr: () => stderr,
    async [Symbol.asyncDispose]() {
      await client.close();
    },
  };
}

/** What a tool call returned, narrowed to the single text part the server sends. */
export interface TextResult {
  readonly text: string;
  readonly isError: boolean;
}

/**
 * Calls a tool and returns its one text part.
 *
 * @param client A connected client.
 * @param name The tool.
 * @param args Its arguments.
 * @returns The text and whether it is an error.
 */
export async function callText(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<TextResult> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text: string }[];
  if (content.length !== 1 || content[0].type !== "text") {
    throw new Error(`Expected one text part, got ${JSON.stringify(result)}`);
  }
  return { text: content[0].text, isError: result.isError === true };
}

/**
 * Parses an mdsel JSON envelope and drops its timestamp, to compare two runs.
 *
 * @param text One line of JSON.
 * @returns The envelope without `timestamp`.
 */
export function withoutTimestamp(text: string): unknown {
  const { timestamp, ...rest } = JSON.parse(text);
  if (typeof timestamp !== "string") throw new Error(`No timestamp in ${text.slice(0, 200)}`);
  return rest;
}

/**
 * Installs the bundled CLI as a command named `mdsel` in a new folder, the
 * way the README tells sandboxed users to.
 *
 * @returns The folder to put on PATH.
 */
export async function installBundledMdsel(): Promise<string> {
  const root = await Deno.makeTempDir({ prefix: "mdsel-install-" });
  const output = await new Deno.Command(Deno.execPath(), {
    args: [
      "install",
      "-g",
      "-q",
      "--root",
      root,
      "-n",
      "mdsel",
      "--allow-read",
      "--config",
      join(ROOT, "deno.json"),
      join(ROOT, "mdsel", "cli.ts"),
    ],
    cwd: ROOT,
    stdin: "null",
  }).output();
  if (!output.success) throw new Error(new TextDecoder().decode(output.stderr));
  return join(root, "bin");
}

/**
 * The options of a test that needs a POSIX system: the fake `mdsel` scripts
 * (`#!/bin/sh`), process groups, signals beyond SIGINT. Skipped on Windows.
 */
export const POSIX_ONLY: { readonly ignore: boolean } = { ignore: Deno.build.os === "windows" };

/**
 * Writes small fake `mdsel` scripts for fault injection (POSIX only: see
 * {@linkcode POSIX_ONLY}).
 *
 * @param scripts Script bodies by name (`#!/bin/sh` is prepended).
 * @returns The folder holding them, and the path of each.
 */
export async function writeFakes(
  scripts: Record<string, string>,
): Promise<{ dir: string; path: (name: string) => string }> {
  const dir = await Deno.makeTempDir({ prefix: "mdsel-fakes-" });
  for (const [name, body] of Object.entries(scripts)) {
    await Deno.writeTextFile(join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  }
  return { dir, path: (name) => join(dir, name) };
}

/**
 * Tells whether a process is still running (a zombie counts as gone).
 *
 * @param pid The process id.
 * @returns `true` while it runs.
 */
export function isRunning(pid: number): boolean {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    return !/^State:\s+Z/m.test(status);
  } catch {
    return false;
  }
}

/**
 * Waits until a condition holds, or fails after a while.
 *
 * @param condition Checked every 20 ms.
 * @param what Named in the failure.
 * @param timeoutMs How long to wait.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Starts `deno run <flags> main.ts` spoken to in raw JSON-RPC lines, for
 * what the SDK's Client would never send.
 *
 * @param flags Deno permission flags.
 * @param env The server's whole environment (besides HOME, PATH and MDSEL_CACHE_DIR defaults).
 * @returns The child, its stdout lines so far, and helpers to write and wait.
 */
export function spawnRaw(flags: readonly string[], env: Record<string, string> = {}) {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", ...flags, "main.ts"],
    cwd: ROOT,
    env: serverEnv(env),
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines: string[] = [];
  const stdoutDone = (async () => {
    let buffer = "";
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline;
      while ((newline = buffer.indexOf("\n")) !== -1) {
        lines.push(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
      }
    }
    if (buffer !== "") lines.push(buffer);
  })();
  const stderrText = new Response(child.stderr).text();
  return {
    child,
    lines,
    stdoutDone,
    stderrText,
    send: (text: string) => writer.write(new TextEncoder().encode(text)),
    closeStdin: () => writer.close(),
    /** Waits for the response with this id. */
    async response(id: number) {
      let found: { id?: number; result?: unknown; error?: unknown } | undefined;
      await waitFor(() => {
        found = lines.map((line) => JSON.parse(line)).find((message) => message.id === id);
        return found !== undefined;
      }, `response ${id}`);
      return found!;
    },
  };
}

/** An initialize request, id 1, as a raw line's JSON. */
export const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "0" },
  },
});
