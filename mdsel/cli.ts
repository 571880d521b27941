/**
 * The bundled `mdsel` CLI: an mdsel-compatible Markdown selector.
 *
 * ```sh
 * deno run --allow-read jsr:@x/mdsel-claude/mdsel index README.md
 * deno install -g -n mdsel --allow-read jsr:@x/mdsel-claude/mdsel
 * ```
 *
 * @module
 */
// Each command loads its modules when it runs, so a small `index` starts without the others.
import { indexDocument, summarize } from "./commands/index_command.ts";
import { buildTrees } from "./commands/index_tree.ts";
import { errorText, indexText, selectText } from "./commands/render_text.ts";
import type { SelectOutcome } from "./commands/select_command.ts";
import { type CacheSettings, NO_CACHE, readCacheSettings } from "./settings/cache_settings.ts";
import { type Invocation, parseArgs, USAGE, UsageError } from "./cli/args.ts";
import { writeAll } from "./cli/write_all.ts";
import {
  answeredLine,
  PROGRESS_VARIABLE,
  type ProgressListener,
  progressWriter,
} from "./cli/progress.ts";
import { type EngineSettings, quietEnv, readSettings } from "./settings/engine_settings.ts";
import { loadWorkspace, type Workspace } from "./cache/workspace.ts";
import { CacheChangedError } from "./cache/call_cache.ts";
import { RecordMissError } from "./parse/doc_record.ts";
import { MDSEL_COMPATIBLE_VERSION, VERSION } from "./settings/version.ts";

export type { ProgressListener };

/** What one CLI run printed, and its exit code. */
export interface RunResult {
  /** 0 success, 1 error, 2 usage error. */
  code: number;
  /** Everything for standard output. */
  stdout: string;
  /** Everything for standard error. */
  stderr: string;
}

/** Options of {@linkcode run}. */
export interface RunOptions {
  /** The environment to read settings from; the process environment when absent. */
  env?: Record<string, string | undefined>;
  /** Told how many of the call's files are read as it goes (`MDSEL_PROGRESS`, for the server). */
  onProgress?: ProgressListener;
  /** Told the answer (its stdout and exit code) before the call writes its cache. */
  onAnswer?: (answer: Omit<RunResult, "stderr">) => Promise<void>;
}

/**
 * Runs the CLI on the arguments after `mdsel` without touching the process's output streams or
 * exit code, so it can be driven in-process.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { run } from "./cli.ts";
 * const { code, stdout } = await run(["format", "select"]);
 * assert.equal(code, 0);
 * assert.ok(stdout.startsWith("select --json"));
 * ```
 */
export async function run(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  const getEnv = options.env === undefined ? quietEnv : (name: string) => options.env![name];
  let invocation: Invocation;
  try {
    invocation = parseArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    const stderr = args.length === 0
      ? USAGE
      : `error: ${error.message}\nRun 'mdsel --help' for usage.\n`;
    return { code: 2, stdout: "", stderr };
  }
  const cache = readCacheSettings(getEnv);
  // Told once at most: a call answered again without the cache is told again only if not yet.
  let answered = false;
  const onAnswer = options.onAnswer && (async (answer: Omit<RunResult, "stderr">) => {
    if (!answered) await options.onAnswer!(answer);
    answered = true;
  });
  const settings = {
    ...readSettings(getEnv),
    cache,
    onProgress: options.onProgress,
    ...(onAnswer === undefined ? {} : { onAnswer, answerFirst: true }),
  };
  const warnings = [...settings.warnings, ...cache.warnings].map((line) => `${line}\n`).join("");
  try {
    let result: RunResult;
    try {
      result = await _dispatch(invocation, settings);
    } catch (error) {
      // A cached record lacks what was asked, or the cache changed: answer without the cache.
      if (!(error instanceof RecordMissError || error instanceof CacheChangedError)) throw error;
      const again = { ...settings, cache: NO_CACHE, workers: 0, answerFirst: false };
      result = await _dispatch(invocation, again);
    }
    return { ...result, stderr: warnings + result.stderr };
  } catch (error) {
    // Last line of defence: a clear error, never a stack trace.
    const message = `Internal error: ${error instanceof Error ? error.message : String(error)}`;
    const entry = { type: "PROCESSING_ERROR" as const, code: "INTERNAL_ERROR", message };
    const command = invocation.command === "index" ? "index" : "select";
    const failure = { success: false, data: null, errors: [entry] };
    const stdout = "json" in invocation && invocation.json
      ? (await import("./commands/render_json.ts")).envelope(command, failure)
      : errorText(entry).join("\n");
    return { code: 1, stdout: stdout + "\n", stderr: warnings };
  }
}

type Settings = EngineSettings & {
  readonly cache: CacheSettings;
  readonly workers?: number;
  readonly onProgress?: ProgressListener;
  readonly onAnswer?: RunOptions["onAnswer"];
  /** The cache is written after the answer (`onAnswer`). */
  readonly answerFirst?: boolean;
};

async function _dispatch(invocation: Invocation, settings: Settings): Promise<RunResult> {
  switch (invocation.command) {
    case "help": {
      const { topic } = invocation;
      const text = topic === undefined ? USAGE : (await import("./cli/help.ts")).helpText(topic);
      return { code: 0, stdout: text, stderr: "" };
    }
    case "version": {
      const stdout =
        `mdsel ${VERSION} (mdsel-claude; compatible with mdsel ${MDSEL_COMPATIBLE_VERSION})\n`;
      return { code: 0, stdout, stderr: "" };
    }
    case "format": {
      const { formatText } = await import("./commands/format_command.ts");
      return { code: 0, stdout: formatText(invocation.topic, invocation.example), stderr: "" };
    }
    case "index":
      return await _index(invocation, settings);
    case "select":
      return await _select(invocation, settings);
    case "warm": {
      const { warmCache } = await import("./commands/warm_command.ts");
      const done = await warmCache(invocation.files, settings, settings.workers);
      const line = done.skipped === undefined
        ? `${done.derived} of ${done.files} files derived`
        : `0 of ${done.files} files derived: ${done.skipped}`;
      return { code: 0, stdout: `${line}\n`, stderr: "" };
    }
  }
}

async function _index(
  invocation: Extract<Invocation, { command: "index" }>,
  settings: Settings,
): Promise<RunResult> {
  const { files, json, full, lines } = invocation;
  const workspace = await loadWorkspace(files, settings);
  const page = { words: settings.pageWords, chars: settings.pageChars };
  const items = workspace.docs.map((doc, i) => ({
    doc,
    index: indexDocument(doc, page),
    origin: workspace.origins?.[i],
  }));
  const { errors, warnings } = workspace;
  let stdout: string;
  if (json) {
    const docs = items.map((item) => item.index);
    const budget = full ? Infinity : Math.min(settings.indexMaxChars, settings.maxChars);
    const named = workspace.fileCount ?? files.length;
    const { indexJsonWithin } = await import("./commands/render_json.ts");
    const { trees } = buildTrees(items.map(({ doc, index, origin }) => ({
      path: index.file_path,
      origin,
      words: doc.top.wordPrefix[doc.top.nodes.length],
    })));
    stdout = indexJsonWithin(docs, summarize(docs), errors, warnings, named, budget, trees) + "\n";
  } else stdout = indexText(items, errors, { ...settings, full, lines }, warnings);
  return await _answer({ code: errors.length === 0 ? 0 : 1, stdout }, workspace, settings);
}

// Tells the answer when asked to, then writes the cache; the workspace's notices go to stderr only.
async function _answer(
  answer: Omit<RunResult, "stderr">,
  workspace: Workspace,
  settings: Settings,
): Promise<RunResult> {
  try {
    await settings.onAnswer?.(answer);
  } finally {
    workspace.finish?.();
  }
  return { ...answer, stderr: (workspace.notices ?? []).map((line) => `${line}\n`).join("") };
}

async function _select(
  invocation: Extract<Invocation, { command: "select" }>,
  settings: Settings,
): Promise<RunResult> {
  const { json, full } = invocation;
  const { parseForSelect, selectAllInWorkspace } = await import("./commands/select_command.ts");
  const selectJson = json ? (await import("./commands/render_json.ts")).selectJson : undefined;
  const parsed = parseForSelect(invocation.selector);
  const asksFull = "input" in parsed && parsed.input.kind === "selectors" &&
    parsed.input.selectors.some((selector) => selector.params.full);
  const budget = full || asksFull ? Infinity : settings.maxChars;
  const render = (outcome: SelectOutcome) =>
    selectJson
      ? selectJson(outcome, budget) + "\n"
      : selectText(outcome, budget, settings.sizeWords);
  if ("error" in parsed) {
    const failure = { answers: [], unresolved: [], warnings: [], invalid: true };
    return { code: 1, stdout: render({ ...failure, errors: [parsed.error] }), stderr: "" };
  }
  const { input } = parsed;
  // A select whose every selector names a file, or a search in one file, parses that file only.
  const named = input.kind === "selectors"
    ? input.selectors.map((selector) => selector.namespace)
    : [input.namespace];
  const only = named.includes(null) ? undefined : new Set(named as string[]);
  const search = input.kind === "search";
  const workspace = await loadWorkspace(invocation.files, { ...settings, search, only });
  let outcome: SelectOutcome;
  let stdout: string;
  try {
    // The search engine loads only for a search: index and select start faster without it.
    const { searchWorkspace } = search ? await import("./commands/search_command.ts") : {};
    outcome = input.kind === "search"
      ? searchWorkspace!(input.query, input.namespace, workspace, settings)
      : selectAllInWorkspace(input.selectors, workspace, { ...settings, full });
    stdout = render(outcome);
  } catch (error) {
    // No answer: what the call read is written all the same.
    workspace.finish?.();
    throw error;
  }
  const failed = outcome.errors.length > 0 || outcome.unresolved.length > 0;
  return await _answer({ code: failed ? 1 : 0, stdout }, workspace, settings);
}

/**
 * Runs the CLI as a process: writes the output completely (also into a pipe), then sets the exit
 * code.
 *
 * @example
 * ```ts ignore
 * import { main } from "./cli.ts";
 * await main(["index", "README.md"]);
 * ```
 */
export async function main(args: readonly string[]): Promise<void> {
  // For the server: progress lines, and the answer told before the cache is written.
  const server = quietEnv(PROGRESS_VARIABLE) === "1";
  let answered = false;
  const onAnswer = async ({ stdout, code }: Omit<RunResult, "stderr">) => {
    try {
      const bytes = await writeAll(Deno.stdout, stdout);
      Deno.stderr.writeSync(new TextEncoder().encode(answeredLine({ code, bytes })));
    } catch (error) {
      if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
    }
    answered = true;
  };
  const result = await run(args, {
    onProgress: server ? progressWriter((bytes) => Deno.stderr.writeSync(bytes)) : undefined,
    ...(server ? { onAnswer } : {}),
  });
  try {
    if (!answered) await writeAll(Deno.stdout, result.stdout);
    await writeAll(Deno.stderr, result.stderr);
  } catch (error) {
    // The reader went away (e.g. `| head`): nothing left to tell it.
    if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
  }
  Deno.exitCode = result.code;
}

if (import.meta.main) await main(Deno.args);
