/**
 * Rendering results: the one-line JSON envelope and the compact text format.
 *
 * @module
 */
import type { ErrorEntry } from "../io/errors.ts";
import type { DocumentIndex, IndexSummary } from "./index_command.ts";
import type { SelectOutcome } from "./select_command.ts";

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
 * import { envelope } from "./output.ts";
 * console.log(envelope("select", { success: true, data: { matches: [], unresolved: [] } }, new Date(0)));
 * // {"success":true,"command":"select","timestamp":"1970-01-01T00:00:00.000Z","data":{"matches":[],"unresolved":[]}}
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
 * import { indexJson } from "./output.ts";
 * const summary = { total_documents: 0, total_nodes: 0, total_selectors: 0 };
 * console.log(JSON.parse(indexJson([], summary, [], [], 0)).success); // true
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
 * The compact text form of `index`.
 *
 * @param docs The (possibly limited) document indexes.
 * @param errors Unreadable files.
 * @param withHeaders Whether each document starts with `<namespace> <path>`.
 * @param limit How the budget limited the output, if it did.
 * @returns The text, ending in a newline unless empty.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { indexDocument } from "./index_command.ts";
 * import { indexText } from "./output.ts";
 * const index = indexDocument(parseDocument("# A\n\n## B\n\ntext\n", "doc", "doc.md"), 2000);
 * console.log(indexText([index], [], false)); // "h1.0 A\n h2.0 B\n---\npara:1\n"
 * ```
 */
export function indexText(
  docs: DocumentIndex[],
  errors: ErrorEntry[],
  withHeaders: boolean,
  limit?: { depth: number; omitted: number },
): string {
  const lines: string[] = [];
  for (const doc of docs) {
    if (withHeaders) lines.push(`${doc.namespace} ${doc.file_path}`);
    const counters = [0, 0, 0, 0, 0, 0, 0];
    for (const heading of doc.headings) {
      // The budget may drop levels; the index numbers stay those of the file.
      const index = Number(/\[(\d+)\]$/.exec(heading.selector)?.[1] ?? counters[heading.depth]);
      counters[heading.depth]++;
      const text = heading.text.replace(/\s+/g, " ");
      lines.push(`${" ".repeat(heading.depth - 1)}h${heading.depth}.${index} ${text}`);
    }
    const counts = [
      ["code", doc.blocks.code_blocks],
      ["para", doc.blocks.paragraphs],
      ["list", doc.blocks.lists],
      ["table", doc.blocks.tables],
      ["quote", doc.blocks.blockquotes],
    ].filter(([, count]) => count !== 0).map(([name, count]) => `${name}:${count}`);
    if (counts.length > 0) lines.push("---", counts.join(" "));
  }
  for (const error of errors) lines.push(...errorText(error));
  if (limit !== undefined) {
    lines.push(
      `[index limited to h1-h${limit.depth}: ${limit.omitted} deeper headings omitted; ` +
        "select a section to list its subsections]",
    );
  }
  return lines.length === 0 ? "" : lines.join("\n") + "\n";
}

/**
 * The JSON envelope of `select`.
 *
 * @param outcome What `select` found.
 * @returns The JSON text.
 *
 * @example
 * ```ts
 * import { selectJson } from "./output.ts";
 * const outcome = { matches: [], unresolved: [], errors: [], warnings: [], invalid: false };
 * console.log(JSON.parse(selectJson(outcome)).data); // { matches: [], unresolved: [] }
 * ```
 */
export function selectJson(outcome: SelectOutcome): string {
  const success = !outcome.invalid && outcome.errors.length === 0 &&
    outcome.unresolved.length === 0;
  return envelope("select", {
    success,
    data: outcome.invalid ? null : { matches: outcome.matches, unresolved: outcome.unresolved },
    errors: _nonEmpty(outcome.errors),
    unresolved_selectors: _nonEmpty(outcome.unresolved.map((entry) => entry.selector)),
    warnings: _nonEmpty(outcome.warnings),
  });
}

/**
 * The compact text form of `select`: the content of one match, or each
 * match's content after a `<selector>:` line; paging, unresolved selectors
 * and errors on lines of their own.
 *
 * @param outcome What `select` found.
 * @returns The text, ending in a newline unless empty.
 *
 * @example
 * ```ts
 * import { selectText } from "./output.ts";
 * const outcome = {
 *   matches: [],
 *   unresolved: [{ selector: "heading:h2[5]", reason: "Index 5 out of range", suggestions: ["d::heading:h2[0]"] }],
 *   errors: [],
 *   warnings: [],
 *   invalid: false,
 * };
 * console.log(selectText(outcome)); // "!heading:h2[5]\nIndex 5 out of range\n~d::heading:h2[0]\n"
 * ```
 */
export function selectText(outcome: SelectOutcome): string {
  const lines: string[] = [];
  const labelled = outcome.matches.length > 1;
  for (const match of outcome.matches) {
    if (labelled) lines.push(`${match.selector}:`);
    lines.push(match.content);
    const page = match.pagination;
    if (page !== undefined) {
      const next = page.next === undefined ? "" : `, next: ${page.next}`;
      lines.push(`[page ${page.page} of ${page.total_pages}${next}]`);
    }
  }
  for (const entry of outcome.unresolved) {
    lines.push(`!${entry.selector}`, entry.reason);
    if (entry.suggestions.length > 0) {
      lines.push(entry.suggestions.map((suggestion) => `~${suggestion}`).join(" "));
    }
  }
  for (const error of outcome.errors) lines.push(...errorText(error));
  return lines.length === 0 ? "" : lines.join("\n") + "\n";
}

/**
 * The text lines of one error: `!TYPE: message`, then `file:` / `selector:`
 * lines; a selector syntax error also gets a caret under the column.
 *
 * @param error The error entry.
 * @returns Its lines.
 *
 * @example
 * ```ts
 * import { errorText } from "./output.ts";
 * console.log(errorText({ type: "FILE_NOT_FOUND", code: "FILE_NOT_FOUND", message: "File not found: x.md", file: "x.md" }));
 * // ["!FILE_NOT_FOUND: File not found: x.md", "file: x.md"]
 * ```
 */
export function errorText(error: ErrorEntry): string[] {
  const lines = [`!${error.type}: ${error.message}`];
  if (error.file !== undefined) lines.push(`file: ${error.file}`);
  if (error.selector !== undefined) {
    const oneLine = !/[\r\n]/.test(error.selector);
    lines.push(`selector: ${oneLine ? error.selector : JSON.stringify(error.selector)}`);
    const column = Number(/ at column (\d+)/.exec(error.message)?.[1]);
    if (error.type === "INVALID_SELECTOR" && oneLine && column > 0 && column <= 200) {
      lines.push(" ".repeat("selector: ".length + column - 1) + "^");
    }
  }
  return lines;
}

function _nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length === 0 ? undefined : list;
}
