/**
 * One-command setup for Claude Code: adds the `mdsel` MCP server to `.mcp.json`
 * (or `~/.claude.json` with `--user`) and the Read hooks, the guard and the
 * reminder, to `.claude/settings.json` (or `~/.claude/settings.json`);
 * `--remove` takes them out again.
 *
 * It edits the files' text, not a re-serialised copy: only the server entry
 * and its own hook change, and every other byte (numbers, duplicate keys,
 * comments, layout) stays; running it again changes nothing. It writes only
 * regular files (or the regular file a symbolic link leads to) that are
 * writable, all or nothing and atomically, keeping the previous content of
 * each changed file in `~/.claude/backups/mdsel-claude/`. A file that is not
 * valid JSON (comments and trailing commas are fine) is an error that names
 * it, and then nothing is written. Claude Code itself reads only strict JSON,
 * so a file left with comments or trailing commas gets a warning.
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
import { BACKUP_GITIGNORE, backupDirectory, backupPath, listBackups } from "./setup/backups.ts";
import {
  ConfigFileError,
  ConfigShapeError,
  HomeDirectoryError,
  UsageError,
} from "./setup/errors.ts";
import { editJson, type JsonChange } from "./setup/json_edit.ts";
import { isStrictJson, type JsonFile, parseJsonTree, readJsonFile } from "./setup/json_file.ts";
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
import {
  addReadHook,
  GUARD_EVENT,
  HOOK_EVENT,
  type HookEvent,
  type HookMergeResult,
  removeReadHook,
} from "./setup/read_hook.ts";
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
  `mdsel-claude setup - add the mdsel MCP server and the Read hooks to Claude Code

Usage:
  deno run --allow-read --allow-write --allow-env=HOME,USERPROFILE jsr:@x/mdsel-claude/setup [--project] [options]
  deno run --allow-read --allow-write --allow-env=HOME,USERPROFILE jsr:@x/mdsel-claude/setup --user [options]

Options:
  --project    Edit .mcp.json and .claude/settings.json in the current directory (default)
  --user       Edit ~/.claude.json and ~/.claude/settings.json
  --remove     Take the mdsel server and setup's own hooks out again (files stay)
  --dry-run    Print what would change, as a diff of the edited lines, and write nothing
  --sandboxed  Run the server with --allow-run=mdsel --allow-read instead of -A
               (it then needs mdsel on PATH)
  -h, --help   Show this help

The hooks are the guard (PreToolUse: a whole Read of a big Markdown file gets
its outline instead) and the reminder (PostToolUse). Only the mdsel server and
setup's own hooks are edited: every other byte stays, comments included, and
running it again changes nothing. Claude Code reads only strict JSON: a file
with comments or trailing commas gets a warning. Setup writes only regular
files (a symbolic link's target in its place), refuses read-only ones and
anything else, and writes all or nothing. The previous content of each changed
file goes to ~/.claude/backups/mdsel-claude/ (without --allow-env, to
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
  /** Take the server and the hooks out instead of adding them. */
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
  /** Why Claude Code would not read the resulting file (comments, trailing commas), if it would not. */
  readonly warning?: string;
}

/**
 * Adds the server and the two Read hooks (the guard in `PreToolUse`, the
 * reminder in `PostToolUse`) to one scope's files, or with `remove` takes
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
 *   'created with hooks PreToolUse and PostToolUse on "Read"',
 * ]);
 * const again = await setup({ scope: "project", dir, source });
 * assert.deepEqual(again.map((file) => file.summary), ["unchanged", "unchanged"]);
 * const removed = await setup({ scope: "project", dir, source, remove: true, backupDir: `${dir}/b` });
 * assert.deepEqual(removed.map((file) => file.summary), [
 *   'removed server "mdsel"',
 *   'removed hooks PreToolUse and PostToolUse on "Read"',
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
  const hooks = _mergeHooks(settingsFile, (root, event) => {
    if (remove) return removeReadHook(root, isOwn, event);
    const hook = hookEntry(source, event === GUARD_EVENT ? "guard" : "reminder");
    return addReadHook(root, hook, isOwn, event);
  });
  const plans: _Plan[] = [
    {
      target: targets[0],
      file: mcpFile,
      result: server,
      parts: [{ action: server.action, what: `server "${SERVER_NAME}"` }],
    },
    { target: targets[1], file: settingsFile, result: hooks.result, parts: hooks.parts },
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
    for (const report of reports) {
      if (report.warning !== undefined) console.error(`warning: ${report.warning}`);
    }
    if (parsed.remove) {
      const backups = await backupNote(await backupDirectory(dir));
      if (backups !== undefined) console.error(`note: ${backups}`);
    }
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

/**
 * The note `--remove` prints about setup's backups: where they are and how
 * many, so that they are not left behind unmentioned.
 *
 * @param directory The backup folder.
 * @returns The note, or `undefined` when the folder holds no backup.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { backupNote } from "./setup.ts";
 * const dir = await Deno.makeTempDir();
 * assert.equal(await backupNote(dir), undefined);
 * await Deno.writeTextFile(`${dir}/x.bak`, "{}");
 * assert.equal(
 *   await backupNote(dir),
 *   `1 backup of files setup changed is in ${dir}; delete the folder once you no longer need it`,
 * );
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function backupNote(directory: string): Promise<string | undefined> {
  const count = (await listBackups(directory)).length;
  if (count === 0) return undefined;
  const what = count === 1
    ? "1 backup of files setup changed is"
    : `${count} backups of files setup changed are`;
  return `${what} in ${directory}; delete the folder once you no longer need it`;
}

/** One thing a file's change does: its action and what it acts on (`server "mdsel"`). */
interface _Part {
  readonly action: MergeAction;
  readonly what: string;
  /** For a hook: its event and matcher, to name several hooks at once. */
  readonly hook?: { readonly event: HookEvent; readonly matcher: string };
}

interface _Plan {
  readonly target: TargetFile;
  readonly file: JsonFile;
  readonly result: MergeResult;
  /** What the changes do, one part per entry that changes. */
  readonly parts: readonly _Part[];
}

/**
 * Merges the guard, then the reminder, into a settings file: each step sees
 * the text the one before it left, so that removing both can take out the
 * `hooks` they alone held.
 */
function _mergeHooks(
  file: JsonFile,
  merge: (root: JsonFile["root"], event: HookEvent) => HookMergeResult,
): { result: MergeResult; parts: _Part[] } {
  let text = file.text ?? "";
  let root = file.root;
  const changes: JsonChange[] = [];
  const parts: _Part[] = [];
  const actions: MergeAction[] = [];
  for (const event of [GUARD_EVENT, HOOK_EVENT]) {
    const result = _merge({ ...file, root }, (tree) => merge(tree, event));
    actions.push(result.action);
    if (result.changes.length === 0) continue;
    changes.push(...result.changes);
    text = editJson(text, result.changes, file.format);
    root = parseJsonTree(text);
    parts.push({
      action: result.action,
      what: `hook ${event} on "${result.matcher}"`,
      hook: { event, matcher: result.matcher },
    });
  }
  const action = parts[0]?.action ??
    (actions.every((each) => each === "absent") ? "absent" : "unchanged");
  return { result: { changes, action }, parts };
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
      ..._warning(target.path, before),
    };
  }
  const content = editJson(before, result.changes, file.format);
  return {
    path: target.path,
    file: target.file,
    changed: true,
    summary: _summary(plan.parts, file.text === undefined, dryRun),
    content,
    diff: unifiedDiff(before, content),
    ...(backup === undefined ? {} : { backup }),
    ..._warning(target.path, content),
  };
}

function _warning(path: string, content: string): { warning?: string } {
  return isStrictJson(content) ? {} : {
    warning: `"${path}" has comments or trailing commas: Claude Code reads only strict JSON ` +
      "and ignores this whole file until they are removed",
  };
}

const _VERBS: Readonly<Record<MergeAction, string>> = {
  added: "add",
  updated: "update",
  removed: "remove",
  unchanged: "keep",
  absent: "keep",
};

function _summary(parts: readonly _Part[], created: boolean, dryRun: boolean): string {
  if (created) {
    const what = _names(parts);
    return dryRun ? `would be created with ${what}` : `created with ${what}`;
  }
  const actions = [...new Set(parts.map((part) => part.action))];
  return actions.map((action) => {
    const what = _names(parts.filter((part) => part.action === action));
    return dryRun ? `would ${_VERBS[action]} ${what}` : `${action} ${what}`;
  }).join(", ");
}

/** `server "mdsel"`, `hook PostToolUse on "Read"`, or `hooks PreToolUse and PostToolUse on "Read"`. */
function _names(parts: readonly _Part[]): string {
  const hooks = parts.flatMap((part) => part.hook === undefined ? [] : [part.hook]);
  if (
    hooks.length === 2 && hooks.length === parts.length && hooks[0].matcher === hooks[1].matcher
  ) {
    return `hooks ${hooks[0].event} and ${hooks[1].event} on "${hooks[0].matcher}"`;
  }
  return parts.map((part) => part.what).join(" and ");
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
