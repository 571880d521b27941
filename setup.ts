/**
 * One-command setup for Claude Code: adds the `mdsel` MCP server to `.mcp.json`
 * (or `~/.claude.json` with `--user`) and the Read reminder hook to
 * `.claude/settings.json` (or `~/.claude/settings.json`); `--remove` takes
 * them out again.
 *
 * It edits the files' text, not a re-serialised copy: only the server entry
 * and its own hook change, and every other byte (numbers, duplicate keys,
 * comments, layout) stays; running it again changes nothing. It writes only
 * regular files (or the regular file a symbolic link leads to) that are
 * writable, all or nothing and atomically, keeping the previous content of
 * each changed file in `~/.claude/backups/mdsel-claude/`. A file that is not
 * valid JSON (comments and trailing commas are fine) is an error that names
 * it, and then nothing is written.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-env=HOME,USERPROFILE jsr:@x/mdsel-claude/setup
 * deno run --allow-read --allow-write --allow-env=HOME,USERPROFILE jsr:@x/mdsel-claude/setup --user
 * ```
 *
 * @module
 */
import { join } from "node:path";
import { parseSetupArgs, type Scope } from "./setup/args.ts";
import { type FileWrite, writeFilesAtomically } from "./setup/atomic_write.ts";
import { BACKUP_GITIGNORE, backupDirectory, backupPath } from "./setup/backups.ts";
import {
  ConfigFileError,
  ConfigShapeError,
  HomeDirectoryError,
  UsageError,
} from "./setup/errors.ts";
import { editJson } from "./setup/json_edit.ts";
import { type JsonFile, readJsonFile } from "./setup/json_file.ts";
import {
  addMcpServer,
  type MergeAction,
  type MergeResult,
  removeMcpServer,
} from "./setup/mcp_servers.ts";
import {
  hookEntry,
  isOwnHook,
  mdselInstallCommand,
  type PackageSource,
  packageSource,
  serverEntry,
} from "./setup/package_commands.ts";
import { addReadHook, HOOK_EVENT, removeReadHook } from "./setup/read_hook.ts";
import { assertWritable, inspectTarget, type TargetFile } from "./setup/target_file.ts";
import { homeDirectory, targetFiles } from "./setup/targets.ts";
import { unifiedDiff } from "./setup/text_diff.ts";

export type { Scope } from "./setup/args.ts";
export { type PackageSource, packageSource } from "./setup/package_commands.ts";

/**
 * The name the server gets under `mcpServers`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SERVER_NAME } from "./setup.ts";
 * assert.equal(SERVER_NAME, "mdsel");
 * ```
 */
export const SERVER_NAME = "mdsel";

/**
 * The setup command's help text, printed by `--help`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { USAGE } from "./setup.ts";
 * assert.match(USAGE, /--remove/);
 * ```
 */
export const USAGE =
  `mdsel-claude setup - add the mdsel MCP server and the Read reminder hook to Claude Code

Usage:
  deno run --allow-read --allow-write --allow-env=HOME,USERPROFILE jsr:@x/mdsel-claude/setup [--project] [options]
  deno run --allow-read --allow-write --allow-env=HOME,USERPROFILE jsr:@x/mdsel-claude/setup --user [options]

Options:
  --project    Edit .mcp.json and .claude/settings.json in the current directory (default)
  --user       Edit ~/.claude.json and ~/.claude/settings.json
  --remove     Take the mdsel server and setup's own hook out again (files stay)
  --dry-run    Print what would change, as a diff of the edited lines, and write nothing
  --sandboxed  Run the server with --allow-run=mdsel --allow-read instead of -A
               (it then needs mdsel on PATH)
  -h, --help   Show this help

Only the mdsel server and setup's own hook are edited: every other byte stays,
comments included, and running it again changes nothing. Setup writes only
regular files (a symbolic link's target in its place), refuses read-only ones
and anything else, and writes all or nothing. The previous content of each
changed file goes to ~/.claude/backups/mdsel-claude/ (without --allow-env, to
.claude/backups/mdsel-claude/ in the project), one file per run.
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
  /** Take the server and the hook out instead of adding them. */
  readonly remove?: boolean;
  /** Compute the changes without writing them. */
  readonly dryRun?: boolean;
  /** Where backups go; by default `~/.claude/backups/mdsel-claude`, or below `dir` without a home. */
  readonly backupDir?: string;
}

/** What setup did, or would do, to one file. */
export interface FileReport {
  /** The file, as setup names it. */
  readonly path: string;
  /** The regular file read and written: `path`, or the file the symbolic link `path` leads to. */
  readonly file: string;
  /** Whether its content changes. */
  readonly changed: boolean;
  /** One line for the user, e.g. `added server "mdsel"` or `unchanged`. */
  readonly summary: string;
  /** The file's resulting text. */
  readonly content: string;
  /** The change as a unified diff of the edited lines; empty when nothing changes. */
  readonly diff: string;
  /** Where the previous content was kept, when the file was changed. */
  readonly backup?: string;
}

/**
 * Adds the server and the hook to one scope's files, or with `remove` takes
 * them out. Both files are checked, read and edited before anything is
 * written; then the changed ones are written together, atomically, each with
 * a backup (unless `dryRun`).
 *
 * @param options What to set up, and where.
 * @returns One report per file: the MCP configuration, then the settings.
 * @throws {ConfigFileError} When a file is no regular file, is read-only and would change, cannot be
 * read, is not valid JSON, has a wrong shape, or cannot be written. Nothing is written then.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { setup } from "./setup.ts";
 * const dir = await Deno.makeTempDir();
 * const source = { kind: "jsr", name: "@x/mdsel-claude", version: "0.1.0" } as const;
 * const first = await setup({ scope: "project", dir, source });
 * assert.deepEqual(first.map((file) => file.summary), [
 *   'created with server "mdsel"',
 *   'created with hook PostToolUse on "Read"',
 * ]);
 * const again = await setup({ scope: "project", dir, source });
 * assert.deepEqual(again.map((file) => file.summary), ["unchanged", "unchanged"]);
 * const removed = await setup({ scope: "project", dir, source, remove: true, backupDir: `${dir}/b` });
 * assert.deepEqual(removed.map((file) => file.summary), [
 *   'removed server "mdsel"',
 *   'removed hook PostToolUse on "Read"',
 * ]);
 * assert.equal(await Deno.readTextFile(`${dir}/.mcp.json`), "{}\n");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function setup(options: SetupOptions): Promise<FileReport[]> {
  const { source, sandboxed = false, remove = false, dryRun = false } = options;
  const paths = targetFiles(options.scope, options.dir);
  // Every target is checked before any is read, and all are read before any is written.
  const targets = await Promise.all([
    inspectTarget(paths.mcpConfig),
    inspectTarget(paths.settings),
  ]);
  if (targets[0].exists && targets[0].file === targets[1].file) {
    throw new ConfigFileError(
      paths.settings,
      `Cannot write "${paths.settings}": it is the same file as "${paths.mcpConfig}"; no file was changed`,
    );
  }
  const [mcpFile, settingsFile] = await Promise.all(
    targets.map((target) => readJsonFile(target.file)),
  );
  const isOwn = (candidate: object) => isOwnHook(source, candidate);
  const server = _merge(
    mcpFile,
    (root) =>
      remove
        ? removeMcpServer(root, SERVER_NAME)
        : addMcpServer(root, SERVER_NAME, serverEntry(source, { sandboxed })),
  );
  const hook = _merge(
    settingsFile,
    (root) => remove ? removeReadHook(root, isOwn) : addReadHook(root, hookEntry(source), isOwn),
  );
  const plans: _Plan[] = [
    { target: targets[0], file: mcpFile, result: server, what: `server "${SERVER_NAME}"` },
    {
      target: targets[1],
      file: settingsFile,
      result: hook,
      what: `hook ${HOOK_EVENT} on "${hook.matcher}"`,
    },
  ];
  for (const plan of plans) {
    if (plan.result.changes.length > 0) await assertWritable(plan.target);
  }
  const backupDir = dryRun ? undefined : options.backupDir ?? await backupDirectory(options.dir);
  const now = new Date();
  const backups = await Promise.all(
    plans.map((plan) =>
      backupDir !== undefined && plan.result.changes.length > 0 && plan.file.text !== undefined
        ? backupPath(backupDir, plan.target.file, now)
        : undefined
    ),
  );
  const reports = plans.map((plan, i) => _report(plan, backups[i], dryRun));
  if (!dryRun) {
    const writes: FileWrite[] = reports.flatMap((report, i) =>
      report.changed
        ? [{
          path: report.file,
          content: report.content,
          previous: plans[i].file.text,
          backup: report.backup,
        }]
        : []
    );
    if (backupDir !== undefined && backups.some((backup) => backup !== undefined)) {
      writes.push(...await _gitignore(backupDir));
    }
    await writeFilesAtomically(writes);
  }
  return reports;
}

/**
 * Renders reports for the terminal: one line per file, `<path>: <summary>`,
 * with ` -> <file>` after a symbolic link's path (the file written in its
 * place) and `; backup at <path>` after a changed file's summary. For a dry
 * run each changed file's diff follows its line.
 *
 * @param reports What setup did or would do.
 * @param dryRun Include the diffs.
 * @returns The text to print.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatReport } from "./setup.ts";
 * const report = {
 *   path: "/p/.mcp.json",
 *   file: "/dotfiles/mcp.json",
 *   changed: true,
 *   summary: 'added server "mdsel"',
 *   content: "",
 *   diff: "",
 *   backup: "/h/b/x.bak",
 * };
 * assert.equal(
 *   formatReport([report], false),
 *   '/p/.mcp.json -> /dotfiles/mcp.json: added server "mdsel"; backup at /h/b/x.bak\n',
 * );
 * ```
 */
export function formatReport(reports: readonly FileReport[], dryRun: boolean): string {
  return reports.map((report) => {
    const name = report.file === report.path ? report.path : `${report.path} -> ${report.file}`;
    const backup = report.backup === undefined ? "" : `; backup at ${report.backup}`;
    return `${name}: ${report.summary}${backup}\n` + (dryRun ? report.diff : "");
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
 * import assert from "node:assert/strict";
 * import { main } from "./setup.ts";
 * const error = console.error;
 * console.error = () => {};
 * try {
 *   assert.equal(await main(["--bogus"]), 2);
 * } finally {
 *   console.error = error;
 * }
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

interface _Plan {
  readonly target: TargetFile;
  readonly file: JsonFile;
  readonly result: MergeResult;
  readonly what: string;
}

function _merge<T extends MergeResult>(
  file: JsonFile,
  merge: (root: JsonFile["root"]) => T,
): T {
  try {
    return merge(file.root);
  } catch (error) {
    if (!(error instanceof ConfigShapeError)) throw error;
    throw new ConfigFileError(file.path, `Cannot update "${file.path}": ${error.message}`, {
      cause: error,
    });
  }
}

function _report(plan: _Plan, backup: string | undefined, dryRun: boolean): FileReport {
  const { target, file, result } = plan;
  const before = file.text ?? "";
  if (result.changes.length === 0) {
    const summary = result.action === "absent" ? "nothing to remove" : "unchanged";
    return {
      path: target.path,
      file: target.file,
      changed: false,
      summary,
      content: before,
      diff: "",
    };
  }
  const content = editJson(before, result.changes, file.format);
  return {
    path: target.path,
    file: target.file,
    changed: true,
    summary: _summary(result.action, file.text === undefined, plan.what, dryRun),
    content,
    diff: unifiedDiff(before, content),
    ...(backup === undefined ? {} : { backup }),
  };
}

const _VERBS: Readonly<Record<MergeAction, string>> = {
  added: "add",
  updated: "update",
  removed: "remove",
  unchanged: "keep",
  absent: "keep",
};

function _summary(action: MergeAction, created: boolean, what: string, dryRun: boolean): string {
  if (created) return dryRun ? `would be created with ${what}` : `created with ${what}`;
  return dryRun ? `would ${_VERBS[action]} ${what}` : `${action} ${what}`;
}

// Keeps a home (or project) under version control from picking up the backups.
async function _gitignore(backupDir: string): Promise<FileWrite[]> {
  const path = join(backupDir, ".gitignore");
  try {
    await Deno.lstat(path);
    return [];
  } catch (error) {
    // Any other failure (a file where the folder goes) fails the backup's own write, clearly.
    return error instanceof Deno.errors.NotFound ? [{ path, content: BACKUP_GITIGNORE }] : [];
  }
}

async function _print(text: string): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  for (let written = 0; written < bytes.length;) {
    written += await Deno.stdout.write(bytes.subarray(written));
  }
}

if (import.meta.main) Deno.exit(await main());
