/**
 * One-command setup for Claude Code: adds the `mdsel` MCP server to `.mcp.json`
 * (or `~/.claude.json` with `--user`) and the Read reminder hook to
 * `.claude/settings.json` (or `~/.claude/settings.json`).
 *
 * It merges into whatever is there and keeps every other key, server and hook;
 * running it again changes nothing. Files are written atomically, all or
 * nothing, each changed one with a `.bak` of its previous content. A file that
 * is not valid JSON is an error that names it, and then nothing is written.
 *
 * ```sh
 * deno run --allow-read --allow-write jsr:@x/mdsel-claude/setup
 * deno run --allow-read --allow-write --allow-env=HOME,USERPROFILE jsr:@x/mdsel-claude/setup --user
 * ```
 *
 * @module
 */
import { parseSetupArgs, type Scope } from "./setup/args.ts";
import { writeFilesAtomically } from "./setup/atomic_write.ts";
import {
  ConfigFileError,
  ConfigShapeError,
  HomeDirectoryError,
  UsageError,
} from "./setup/errors.ts";
import { formatJson, type JsonFile, readJsonFile } from "./setup/json_file.ts";
import { addMcpServer, type MergeAction, type MergeResult } from "./setup/mcp_servers.ts";
import {
  hookEntry,
  isOwnHook,
  mdselInstallCommand,
  type PackageSource,
  packageSource,
  serverEntry,
} from "./setup/package_commands.ts";
import { addReadHook, HOOK_EVENT } from "./setup/read_hook.ts";
import { homeDirectory, targetFiles } from "./setup/targets.ts";

export type { Scope } from "./setup/args.ts";
export { type PackageSource, packageSource } from "./setup/package_commands.ts";

/**
 * The name the server gets under `mcpServers`.
 *
 * @example
 * ```ts
 * import { SERVER_NAME } from "./setup.ts";
 * console.log(SERVER_NAME); // mdsel
 * ```
 */
export const SERVER_NAME = "mdsel";

/**
 * The setup command's help text, printed by `--help`.
 *
 * @example
 * ```ts
 * import { USAGE } from "./setup.ts";
 * console.log(USAGE.includes("--dry-run")); // true
 * ```
 */
export const USAGE =
  `mdsel-claude setup - add the mdsel MCP server and the Read reminder hook to Claude Code

Usage:
  deno run --allow-read --allow-write jsr:@x/mdsel-claude/setup [--project] [options]
  deno run --allow-read --allow-write --allow-env=HOME,USERPROFILE jsr:@x/mdsel-claude/setup --user [options]

Options:
  --project    Edit .mcp.json and .claude/settings.json in the current directory (default)
  --user       Edit ~/.claude.json and ~/.claude/settings.json
  --dry-run    Print the resulting files instead of writing them
  --sandboxed  Run the server with --allow-run=mdsel --allow-read instead of -A
               (it then needs mdsel on PATH)
  -h, --help   Show this help

Other keys, servers and hooks are kept. Changed files are written atomically,
each with a .bak of its previous content. Running it again changes nothing.
`;

/** What to set up, and where. */
export interface SetupOptions {
  /** `project` edits files in `dir`; `user` edits the files in the home directory `dir`. */
  readonly scope: Scope;
  /** The project directory, or the home directory for `user`. */
  readonly dir: string;
  /** Where the package lives: the commands written point at it. */
  readonly source: PackageSource;
  /** Configure the narrow-permission server. */
  readonly sandboxed?: boolean;
  /** Compute the resulting files without writing them. */
  readonly dryRun?: boolean;
}

/** What setup did, or would do, to one file. */
export interface FileReport {
  /** The file. */
  readonly path: string;
  /** Whether its content changes. */
  readonly changed: boolean;
  /** One line for the user, e.g. `added server "mdsel"` or `unchanged`. */
  readonly summary: string;
  /** The file's resulting text. */
  readonly content: string;
}

/**
 * Adds the server and the hook to one scope's files. Both files are read,
 * parsed and merged before anything is written; then the changed ones are
 * written together, atomically, each with a `.bak` (unless `dryRun`).
 *
 * @param options What to set up, and where.
 * @returns One report per file: the MCP configuration, then the settings.
 * @throws {ConfigFileError} When a file cannot be read, is not valid JSON, has a wrong shape,
 * or cannot be written. Nothing is written then.
 *
 * @example
 * ```ts
 * import { setup } from "./setup.ts";
 * const dir = await Deno.makeTempDir();
 * const source = { kind: "jsr", name: "@x/mdsel-claude", version: "0.1.0" } as const;
 * const first = await setup({ scope: "project", dir, source });
 * console.log(first.map((file) => file.summary));
 * // [ 'created with server "mdsel"', 'created with hook PostToolUse on "Read"' ]
 * const again = await setup({ scope: "project", dir, source });
 * console.log(again.map((file) => file.summary)); // [ "unchanged", "unchanged" ]
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function setup(options: SetupOptions): Promise<FileReport[]> {
  const { source, sandboxed = false, dryRun = false } = options;
  const paths = targetFiles(options.scope, options.dir);
  const [mcpFile, settingsFile] = await Promise.all([
    readJsonFile(paths.mcpConfig),
    readJsonFile(paths.settings),
  ]);
  const server = _merge(
    mcpFile,
    (value) => addMcpServer(value, SERVER_NAME, serverEntry(source, { sandboxed })),
  );
  const hook = _merge(
    settingsFile,
    (value) => addReadHook(value, hookEntry(source), (candidate) => isOwnHook(source, candidate)),
  );
  const reports = [
    _report(mcpFile, server, `server "${SERVER_NAME}"`, dryRun),
    _report(settingsFile, hook, `hook ${HOOK_EVENT} on "${hook.matcher}"`, dryRun),
  ];
  if (!dryRun) {
    const writes = [mcpFile, settingsFile].flatMap((file, i) =>
      reports[i].changed
        ? [{ path: file.path, content: reports[i].content, previous: file.text }]
        : []
    );
    await writeFilesAtomically(writes);
  }
  return reports;
}

/**
 * Renders reports for the terminal: one line per file, `<path>: <summary>`;
 * for a dry run each changed file's resulting text follows its line.
 *
 * @param reports What setup did or would do.
 * @param dryRun Include the resulting texts.
 * @returns The text to print.
 *
 * @example
 * ```ts
 * import { formatReport } from "./setup.ts";
 * const report = { path: "/p/.mcp.json", changed: false, summary: "unchanged", content: "{}\n" };
 * console.log(formatReport([report], false)); // /p/.mcp.json: unchanged
 * ```
 */
export function formatReport(reports: readonly FileReport[], dryRun: boolean): string {
  return reports.map((report) => {
    const line = `${report.path}: ${report.summary}\n`;
    if (!dryRun || !report.changed) return line;
    return line + report.content + (report.content.endsWith("\n") ? "" : "\n");
  }).join("");
}

/**
 * Runs setup as a program.
 *
 * @param args The command-line arguments.
 * @returns The exit code: 0 on success, 1 when setup failed (nothing written), 2 on a usage error.
 *
 * @example
 * ```ts
 * import { main } from "./setup.ts";
 * console.log(await main(["--bogus"])); // 2
 * ```
 */
export async function main(args: readonly string[] = Deno.args): Promise<number> {
  let parsed;
  try {
    parsed = parseSetupArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`error: ${error.message}\nRun with --help for usage.`);
    return 2;
  }
  if (parsed.help) {
    console.log(USAGE.trimEnd());
    return 0;
  }
  try {
    const source = packageSource(import.meta.url);
    const dir = parsed.scope === "user" ? await homeDirectory() : Deno.cwd();
    const reports = await setup({ ...parsed, dir, source });
    await _print(formatReport(reports, parsed.dryRun));
    if (parsed.sandboxed) {
      console.error(
        `note: the sandboxed server runs "mdsel" from PATH; install it with: ${
          mdselInstallCommand(source)
        }`,
      );
    }
    return 0;
  } catch (error) {
    const known = error instanceof ConfigFileError || error instanceof HomeDirectoryError ||
      error instanceof RangeError;
    if (!known) throw error;
    console.error(`error: ${error.message}`);
    return 1;
  }
}

function _merge<T extends MergeResult>(file: JsonFile, merge: (value: unknown) => T): T {
  try {
    return merge(file.value);
  } catch (error) {
    if (!(error instanceof ConfigShapeError)) throw error;
    throw new ConfigFileError(file.path, `Cannot update "${file.path}": ${error.message}`, {
      cause: error,
    });
  }
}

function _report(file: JsonFile, result: MergeResult, what: string, dryRun: boolean): FileReport {
  if (result.action === "unchanged" && file.text !== undefined) {
    return { path: file.path, changed: false, summary: "unchanged", content: file.text };
  }
  return {
    path: file.path,
    changed: true,
    summary: _summary(result.action, file.text === undefined, what, dryRun),
    content: formatJson(result.value, file.format),
  };
}

function _summary(action: MergeAction, created: boolean, what: string, dryRun: boolean): string {
  if (created) return dryRun ? `would be created with ${what}` : `created with ${what}`;
  const verb = action === "added" ? "add" : "update";
  return dryRun ? `would ${verb} ${what}` : `${verb === "add" ? "added" : "updated"} ${what}`;
}

async function _print(text: string): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  for (let written = 0; written < bytes.length;) {
    written += await Deno.stdout.write(bytes.subarray(written));
  }
}

if (import.meta.main) Deno.exit(await main());
