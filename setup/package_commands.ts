/**
 * The commands setup writes, pointing at the package it was run from: a
 * version on JSR, or a local checkout.
 *
 * From JSR the commands pin the version setup ran from, so the server and the
 * hook stay the version the user set up (run setup again to move on), and add
 * `--no-config` so a `deno.json` or lockfile in the directory Claude Code runs
 * them in is neither used nor modified. From a checkout they name its
 * `main.ts` and `hook.ts` by absolute path with `--config` on its `deno.json`,
 * which holds the import map, since Claude Code runs them from other
 * directories.
 *
 * @module
 */
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The package's name on JSR.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PACKAGE_NAME } from "./package_commands.ts";
 * assert.equal(`jsr:${PACKAGE_NAME}/hook`, "jsr:@x/mdsel-claude/hook");
 * ```
 */
export const PACKAGE_NAME = "@x/mdsel-claude";

/**
 * Seconds Claude Code waits for the hook before giving up on it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HOOK_TIMEOUT_SECONDS, hookEntry } from "./package_commands.ts";
 * const hook = hookEntry({ kind: "local", root: "/src/mdsel-claude" });
 * assert.equal(hook.timeout, HOOK_TIMEOUT_SECONDS);
 * ```
 */
export const HOOK_TIMEOUT_SECONDS = 10;

/** Where the package setup runs from lives. */
export type PackageSource =
  | { readonly kind: "jsr"; readonly name: string; readonly version: string }
  | { readonly kind: "local"; readonly root: string };

/** An MCP server entry of `.mcp.json` / `~/.claude.json`. */
export interface McpServerEntry {
  /** Always `stdio`. */
  readonly type: "stdio";
  /** The program: `deno`. */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** Environment for the server, when it may read it. */
  readonly env?: Readonly<Record<string, string>>;
}

/** A command hook of Claude Code settings, in exec form (no shell). */
export interface CommandHook {
  /** Always `command`. */
  readonly type: "command";
  /** The program: `deno`. */
  readonly command: string;
  /** Its arguments. */
  readonly args: readonly string[];
  /** Seconds before Claude Code cancels it. */
  readonly timeout: number;
}

// A module of a JSR registry: jsr.io, or the one JSR_URL names (`<registry>/@scope/name/1.2.3/...`).
const _JSR_MODULE = /^https?:\/\/[^/]+\/(@[^/]+\/[^/]+)\/(\d[^/]*)\//;

/**
 * Finds the package a module of it was loaded from.
 *
 * @param moduleUrl The URL of a module at the package root, e.g. setup's `import.meta.url`.
 * @returns The JSR name and version, or the local checkout's root directory.
 * @throws {RangeError} When the module is neither on JSR nor a local file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { packageSource } from "./package_commands.ts";
 * assert.deepEqual(packageSource("https://jsr.io/@x/mdsel-claude/0.1.0/setup.ts"), {
 *   kind: "jsr",
 *   name: "@x/mdsel-claude",
 *   version: "0.1.0",
 * });
 * // A registry of one's own, as JSR_URL names it.
 * assert.equal(packageSource("http://127.0.0.1:8000/@x/mdsel-claude/0.2.0/setup.ts").kind, "jsr");
 * ```
 */
export function packageSource(moduleUrl: string | URL): PackageSource {
  const url = new URL(moduleUrl);
  if (url.protocol === "file:") return { kind: "local", root: dirname(fileURLToPath(url)) };
  const jsr = _JSR_MODULE.exec(url.href);
  if (jsr) return { kind: "jsr", name: jsr[1], version: jsr[2] };
  throw new RangeError(
    `Cannot configure commands for "${url.href}": run setup from JSR or from a local checkout`,
  );
}

/**
 * Builds the `mdsel` server entry.
 *
 * @param source Where the package lives.
 * @param options `sandboxed`: run the server with `--allow-run=mdsel --allow-read` instead of `-A`.
 * @returns The entry for `mcpServers.mdsel`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { serverEntry } from "./package_commands.ts";
 * const source = { kind: "jsr", name: "@x/mdsel-claude", version: "0.1.0" } as const;
 * assert.equal(
 *   serverEntry(source, { sandboxed: false }).args.join(" "),
 *   "run -A --no-config jsr:@x/mdsel-claude@0.1.0",
 * );
 * ```
 */
export function serverEntry(
  source: PackageSource,
  options: { readonly sandboxed: boolean },
): McpServerEntry {
  const module = source.kind === "jsr"
    ? ["--no-config", `jsr:${source.name}@${source.version}`]
    : ["--config", join(source.root, "deno.json"), join(source.root, "main.ts")];
  if (options.sandboxed) {
    return {
      type: "stdio",
      command: "deno",
      args: ["run", "--allow-run=mdsel", "--allow-read", ...module],
    };
  }
  return {
    type: "stdio",
    command: "deno",
    args: ["run", "-A", ...module],
    env: { MDSEL_MIN_WORDS: "200" },
  };
}

/**
 * Builds a Read hook: the reminder (`hook.ts`, for `hooks.PostToolUse`) or
 * the guard (`hook.ts --guard`, for `hooks.PreToolUse`), each allowed the one
 * variable it reads.
 *
 * @param source Where the package lives.
 * @param hook Which hook.
 * @returns The command hook.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hookEntry } from "./package_commands.ts";
 * const source = { kind: "jsr", name: "@x/mdsel-claude", version: "0.1.0" } as const;
 * assert.equal(hookEntry(source).args.at(-1), "jsr:@x/mdsel-claude@0.1.0/hook");
 * assert.deepEqual(hookEntry(source, "guard").args.slice(-2), ["jsr:@x/mdsel-claude@0.1.0/hook", "--guard"]);
 * ```
 */
export function hookEntry(
  source: PackageSource,
  hook: "reminder" | "guard" = "reminder",
): CommandHook {
  const module = source.kind === "jsr"
    ? ["--no-config", `jsr:${source.name}@${source.version}/hook`]
    : ["--config", join(source.root, "deno.json"), join(source.root, "hook.ts")];
  const variable = hook === "guard" ? "MDSEL_GUARD_WORDS" : "MDSEL_MIN_WORDS";
  return {
    type: "command",
    command: "deno",
    args: [
      "run",
      "--allow-read",
      `--allow-env=${variable}`,
      ...module,
      ...(hook === "guard" ? ["--guard"] : []),
    ],
    timeout: HOOK_TIMEOUT_SECONDS,
  };
}

/**
 * Tells whether a hook in a settings file is one of this package's Read
 * hooks (reminder or guard), so that setup updates it rather than adding a
 * second one. It recognises the hook from JSR in any version, in exec or
 * shell form; this checkout's `hook.ts`; and any checkout's hook as setup
 * writes it (`--allow-env=MDSEL_MIN_WORDS` or `MDSEL_GUARD_WORDS` with
 * `--config <dir>/deno.json <dir>/hook.ts`).
 *
 * @param source Where the package lives.
 * @param hook A hook object from a settings file.
 * @returns `true` when setup should update that hook rather than add another.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isOwnHook } from "./package_commands.ts";
 * const source = { kind: "jsr", name: "@x/mdsel-claude", version: "0.2.0" } as const;
 * const old = { type: "command", command: "deno run --allow-read jsr:@x/mdsel-claude/hook" };
 * assert.equal(isOwnHook(source, old), true);
 * assert.equal(isOwnHook(source, { type: "command", command: "echo read" }), false);
 * ```
 */
export function isOwnHook(source: PackageSource, hook: object): boolean {
  const { type, command, args } = hook as Record<string, unknown>;
  if (type !== "command") return false;
  const tokens = (typeof command === "string" ? command.split(/\s+/) : [])
    .concat(Array.isArray(args) ? args.filter((arg) => typeof arg === "string") : [])
    .map((token) => token.replace(/^(["'])(.*)\1$/, "$2"));
  const names = new Set([PACKAGE_NAME]);
  if (source.kind === "jsr") names.add(source.name);
  const localHook = source.kind === "local" ? join(source.root, "hook.ts") : undefined;
  const readsThreshold = tokens.some((token) =>
    /^--allow-env=(?:.*,)?MDSEL_(?:MIN|GUARD)_WORDS(?:,|$)/.test(token)
  );
  return tokens.some((token) => {
    if (token === localHook) return true;
    if (readsThreshold && basename(token) === "hook.ts") {
      return tokens.includes(join(dirname(token), "deno.json"));
    }
    const jsr = /^jsr:(@[^/@]+\/[^/@]+)(?:@[^/]+)?\/hook$/.exec(token);
    return jsr !== null && names.has(jsr[1]);
  });
}

/**
 * The command that installs the bundled `mdsel` CLI, which the sandboxed
 * server runs from PATH.
 *
 * @param source Where the package lives.
 * @returns A shell command line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdselInstallCommand } from "./package_commands.ts";
 * const source = { kind: "jsr", name: "@x/mdsel-claude", version: "0.1.0" } as const;
 * assert.equal(
 *   mdselInstallCommand(source),
 *   "deno install -g -n mdsel --allow-read jsr:@x/mdsel-claude@0.1.0/mdsel",
 * );
 * ```
 */
export function mdselInstallCommand(source: PackageSource): string {
  const module = source.kind === "jsr"
    ? `jsr:${source.name}@${source.version}/mdsel`
    : `--config ${_shellQuote(join(source.root, "deno.json"))} ${
      _shellQuote(join(source.root, "mdsel", "cli.ts"))
    }`;
  return `deno install -g -n mdsel --allow-read ${module}`;
}

function _shellQuote(text: string): string {
  return /^[\w./:@=-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
