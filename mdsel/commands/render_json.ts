/**
 * The JSON output: one line per command, the envelope of mdsel 1.0.0, kept
 * within the result budget.
 *
 * @module
 */
import type { ErrorEntry } from "../io/errors.ts";
import { clipSelector, errorSelector } from "./echo.ts";
import type { DocumentIndex, IndexSummary } from "./index_command.ts";
import type { SearchAnswer, SelectMatch, SelectOutcome } from "./select_command.ts";

/** The commands that print an envelope. */
export type Command = "index" | "select";

/**
 * The JSON envelope of a command, as one line.
 *
 * @param command The command.
 * @param fields `success`, `data` and the optional top-level lists (left out
 * when `undefined`).
 * @param now The timestamp to print.
 * @returns The JSON text, without a trailing newline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { envelope } from "./render_json.ts";
 * assert.equal(
 *   envelope("select", { success: true, data: { matches: [], unresolved: [] } }, new Date(0)),
 *   '{"success":true,"command":"select","timestamp":"1970-01-01T00:00:00.000Z","data":{"matches":[],"unresolved":[]}}',
 * );
 * ```
 */
export function envelope(
  command: Command,
  fields: {
    success: boolean;
    data: unknown;
    errors?: ErrorEntry[];
    partial_results?: unknown[];
    unresolved_selectors?: string[];
    warnings?: string[];
  },
  now: Date = new Date(),
): string {
  const { success, data, ...rest } = fields;
  const extra = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return JSON.stringify({ success, command, timestamp: now.toISOString(), data, ...extra });
}

/**
 * The JSON envelope of `index`.
 *
 * @param docs The (possibly limited) document indexes.
 * @param summary Totals.
 * @param errors Unreadable files.
 * @param warnings Non-fatal problems.
 * @param fileCount How many files were named.
 * @returns The JSON text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { indexJson } from "./render_json.ts";
 * const summary = { total_documents: 0, total_nodes: 0, total_selectors: 0 };
 * assert.equal(JSON.parse(indexJson([], summary, [], [], 0)).success, true);
 * ```
 */
export function indexJson(
  docs: DocumentIndex[],
  summary: IndexSummary,
  errors: ErrorEntry[],
  warnings: string[],
  fileCount: number,
): string {
  const failed = errors.length > 0;
  return envelope("index", {
    success: !failed,
    data: { documents: docs, summary },
    errors: _nonEmpty(errors),
    partial_results: failed ? docs : undefined,
    warnings: _nonEmpty(
      failed
        ? [`${errors.length} of ${fileCount} file(s) could not be processed`, ...warnings]
        : warnings,
    ),
  });
}

/**
 * The JSON envelope of `select`, within a character budget: when the matches
 * of a fan-out would pass it, the ones that do not fit (the first always
 * does) are left out whole and named in `data.omitted`.
 *
 * @param outcome What `select` found.
 * @param maxChars The budget (`Infinity` for `--full`).
 * @returns The JSON text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { selectJson } from "./render_json.ts";
 * const outcome = { answers: [], unresolved: [], errors: [], warnings: [], invalid: false };
 * assert.deepEqual(JSON.parse(selectJson(outcome)).data, { matches: [], unresolved: [] });
 * ```
 */
export function selectJson(outcome: SelectOutcome, maxChars = Infinity): string {
  const success = !outcome.invalid && outcome.errors.length === 0 &&
    outcome.unresolved.length === 0;
  // A long selector is echoed cut: a 100 KB one made a 560 KB error.
  const unresolved = outcome.unresolved.map((entry) => ({
    ...entry,
    selector: clipSelector(entry.selector),
  }));
  const render = (matches: SelectMatch[], omitted: string[]) =>
    envelope("select", {
      success,
      data: outcome.invalid ? null : {
        matches,
        unresolved,
        ...(omitted.length > 0 ? { omitted } : {}),
        ...(outcome.search === undefined ? {} : { search: _searchJson(outcome.search) }),
      },
      errors: _nonEmpty(outcome.errors.map(_echoed)),
      unresolved_selectors: _nonEmpty(unresolved.map((entry) => entry.selector)),
      warnings: _nonEmpty(outcome.warnings),
    });
  const matches = outcome.answers.map((answer) => answer.match);
  const whole = render(matches, []);
  if (whole.length <= maxChars || matches.length <= 1) return whole;
  // Sizes of each match and each omitted name, to find how many fit.
  const base = render([], []).length;
  const sizes = matches.map((match) => JSON.stringify(match).length + 1);
  const names = matches.map((match) => JSON.stringify(match.selector).length + 1);
  const omittedKey = ',"omitted":[]'.length;
  let kept = matches.length;
  let size = base + sizes.reduce((a, b) => a + b, 0);
  while (kept > 1 && size > maxChars) {
    kept--;
    size += names[kept] - sizes[kept] + (kept === matches.length - 1 ? omittedKey : 0);
  }
  return render(matches.slice(0, kept), matches.slice(kept).map((match) => match.selector));
}

/** The search as JSON: the results without the short label, which the text format prints. */
function _searchJson(search: SearchAnswer) {
  return {
    query: search.query,
    matched: search.matched,
    results: search.results.map(({ label: _, ...result }) => result),
  };
}

/** An error entry with its selector as output echoes it (cut, or the window of a syntax error). */
function _echoed(error: ErrorEntry): ErrorEntry {
  if (error.selector === undefined) return error;
  return { ...error, selector: errorSelector({ ...error, selector: error.selector }).text };
}

function _nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length === 0 ? undefined : list;
}
