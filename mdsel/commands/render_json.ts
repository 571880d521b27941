/**
 * The JSON output: one line per command, the envelope of mdsel 1.0.0, within the result budget.
 *
 * @module
 */
import type { ErrorEntry } from "../files/errors.ts";
import { AFTER_RESERVE, fitCount } from "./budget.ts";
import { clipText } from "../query/clip.ts";
import { distinct, errorSelector, MAX_ECHO } from "./echo.ts";
import type { DocumentIndex, HeadingEntry, IndexSummary } from "./index_command.ts";
import { foldedDepths } from "./outline.ts";
import { type FolderEntry, folderFolds, type FolderTree } from "./index_tree.ts";
import type { SearchAnswer } from "./search_answer.ts";
import type { SelectMatch, SelectOutcome } from "./select_command.ts";

/** The commands that print an envelope. */
export type Command = "index" | "select";

/**
 * The JSON envelope of a command, on one line without a trailing newline.
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
    errors_omitted?: number;
    partial_results?: unknown[];
    unresolved_selectors?: string[];
    warnings?: string[];
    warnings_omitted?: number;
  },
  now: Date = new Date(),
): string {
  // JSON leaves out the fields left `undefined`.
  const { success, data, ...rest } = fields;
  return JSON.stringify({ success, command, timestamp: now.toISOString(), data, ...rest });
}

/**
 * The JSON envelope of `select` within `maxChars`: matches past it (but the first) in `omitted`.
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
  // A long selector is echoed cut, and the same one once; `text` is for the text format.
  const unresolved = distinct(
    outcome.unresolved.map(({ text: _, ...entry }) => ({
      ...entry,
      selector: clipText(entry.selector, MAX_ECHO),
    })),
    (entry) => entry.selector,
  );
  const errors = distinct(outcome.errors.map(_echoed), (entry) => JSON.stringify(entry));
  const warnings = distinct(outcome.warnings, (warning) => warning);
  // `omitted` lists the matches left out, as many as fit; `omitted_total` counts them when not all.
  let omittedTotal: number | undefined;
  let search = outcome.search;
  const render = (matches: SelectMatch[], omitted: string[], after: _After) =>
    envelope("select", {
      success,
      data: outcome.invalid ? null : {
        matches,
        unresolved: unresolved.slice(0, after.unresolved),
        unresolved_omitted: _omitted(unresolved.length, after.unresolved),
        omitted: _nonEmpty(omitted),
        omitted_total: omittedTotal,
        search: search && _searchJson(search),
      },
      errors: _nonEmpty(errors.slice(0, after.errors)),
      errors_omitted: _omitted(errors.length, after.errors),
      unresolved_selectors: _nonEmpty(
        unresolved.slice(0, after.unresolved).map((entry) => entry.selector),
      ),
      warnings: _nonEmpty(warnings.slice(0, after.warnings)),
      warnings_omitted: _omitted(warnings.length, after.warnings),
    });
  const all = { unresolved: unresolved.length, errors: errors.length, warnings: warnings.length };
  const matches = outcome.answers.map((answer) => answer.match);
  const whole = render(matches, [], all);
  if (whole.length <= maxChars) return whole;
  // Matches first: what comes after gets what is left, and room to say how much it is.
  const none = { unresolved: 0, errors: 0, warnings: 0 };
  const afterChars = whole.length - render(matches, [], none).length;
  const room = maxChars - Math.min(afterChars, AFTER_RESERVE);
  // A small budget: the best results of a search that fit (one at least).
  for (let n = (search?.results.length ?? 0) - 1; n > 0; n--) {
    if (render(matches, [], none).length <= room - _OMITTED_KEYS) break;
    search = { ...search!, results: search!.results.slice(0, n) };
  }
  let kept = matches.length;
  if (render(matches, [], none).length > room && matches.length > 1) {
    // A match left out costs its selector in `omitted`; once any is, the key too.
    const names = matches.map((match) => JSON.stringify(match.selector).length + 1);
    const gains = matches.map((match, i) => JSON.stringify(match).length + 1 - names[i]);
    const left = room - render([], [], none).length - names.reduce((a, b) => a + b, 0);
    const omittedKey = (k: number) => k < matches.length ? ',"omitted":[]'.length : 0;
    kept = fitCount(gains, left, omittedKey, 1);
  }
  const shown = matches.slice(0, kept);
  let omitted = matches.slice(kept).map((match) => match.selector);
  const firstOver = render(shown, [], none).length - (room - _OMITTED_KEYS);
  // The first match is shown whatever its size: as many of its children as fit then.
  if (firstOver > 0 && shown.length > 0) shown[0] = _childrenWithin(shown[0], firstOver);
  const over = render(shown, omitted, none).length - (room - _OMITTED_KEYS);
  if (over > 0 && omitted.length > 0) {
    // So many left out that their names alone pass the budget: the first ones that fit.
    omittedTotal = omitted.length;
    const sizes = omitted.map((selector) => JSON.stringify(selector).length + 1);
    const listed = sizes.reduce((sum, size) => sum + size, 0) - over;
    omitted = omitted.slice(0, fitCount(sizes, listed));
  }
  const after = _afterWithin(
    maxChars,
    maxChars - render(shown, omitted, none).length,
    [
      unresolved.map((entry) =>
        JSON.stringify(entry).length + JSON.stringify(entry.selector).length + 2
      ),
      errors.map(_size),
      warnings.map(_size),
    ],
    // A failure always says why: the first unresolved selector or error stays.
    unresolved.length > 0
      ? { unresolved: 1, errors: 0, warnings: 0 }
      : { unresolved: 0, errors: Math.min(1, errors.length), warnings: 0 },
    (after) => render(shown, omitted, after),
  );
  return render(shown, omitted, after);
}

type _After = Record<"unresolved" | "errors" | "warnings", number>;

/**
 * The JSON index within `maxChars`: documents first, folded as needed, then errors and warnings.
 *
 * @param trees The folders the documents were found in: past the budget, documents are listed
 *   folder depth by folder depth, and `data.folders` gives each folder shown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { indexJsonWithin } from "./render_json.ts";
 * const error = (i: number) => ({ type: "FILE_NOT_FOUND" as const, code: "FILE_NOT_FOUND", message: `No ${i}.md` });
 * const summary = { total_documents: 0, total_nodes: 0, total_selectors: 0 };
 * assert.ok(indexJsonWithin([], summary, Array.from({ length: 500 }, (_, i) => error(i)), [], 500, 4000).length <= 4000);
 * ```
 */
export function indexJsonWithin(
  docs: DocumentIndex[],
  summary: IndexSummary,
  errors: readonly ErrorEntry[],
  warnings: readonly string[],
  fileCount: number,
  maxChars: number,
  trees: readonly FolderTree[] = [],
): string {
  const failed = errors.length > 0;
  const distinctErrors = distinct(errors, (entry) => JSON.stringify(entry));
  const distinctWarnings = distinct(warnings, (warning) => warning);
  const note = failed ? [`${errors.length} of ${fileCount} file(s) could not be processed`] : [];
  let folders: FolderEntry[] | undefined;
  const render = (
    documents: DocumentIndex[],
    partial: DocumentIndex[],
    shown: { errors: number; warnings: number },
  ) =>
    envelope("index", {
      success: !failed,
      data: {
        documents,
        summary,
        documents_omitted: _omitted(docs.length, documents.length),
        folders,
      },
      errors: _nonEmpty(distinctErrors.slice(0, shown.errors)),
      errors_omitted: _omitted(distinctErrors.length, shown.errors),
      partial_results: failed ? partial : undefined,
      warnings: _nonEmpty([...note, ...distinctWarnings.slice(0, shown.warnings)]),
      warnings_omitted: _omitted(distinctWarnings.length, shown.warnings),
    });
  const all = { errors: distinctErrors.length, warnings: distinctWarnings.length };
  const none = { errors: 0, warnings: 0 };
  if (_mayFitIndex(docs, maxChars)) {
    const whole = render(docs, docs, all);
    if (whole.length <= maxChars) return whole;
  }
  // Documents first, then errors and warnings, then partial_results (for mdsel 1.0.0's readers).
  const afterChars = distinctErrors.reduce((sum, entry) => sum + _size(entry), 0) +
    distinctWarnings.reduce((sum, warning) => sum + _size(warning), 0);
  const room = maxChars - Math.min(afterChars, AFTER_RESERVE);
  let documents = _limitIndex(docs, room, (attempt) => render(attempt, [], none));
  if (documents.length < docs.length && trees.length > 0) {
    // A folder too big to list whole: a tree folded by folder depth, as the text index does.
    for (const fold of folderFolds(trees)) {
      folders = fold.folders;
      const listed = docs.filter((_, i) => fold.listed.has(i) || !fold.inTrees.has(i));
      documents = _limitIndex(listed, room, (attempt) => render(attempt, [], none));
      if (documents.length === listed.length) break;
    }
  }
  // A failure always says why: the first error stays.
  const shown = _afterWithin(
    maxChars,
    maxChars - render(documents, [], none).length,
    [[], distinctErrors.map(_size), distinctWarnings.map(_size)],
    { unresolved: 0, errors: Math.min(1, distinctErrors.length), warnings: 0 },
    (after) => render(documents, [], after),
  );
  const partial = failed
    ? _limitIndex(documents, maxChars, (attempt) => render(documents, attempt, shown))
    : [];
  const text = render(documents, partial, shown);
  // Not even one document's header fits a second time: partial_results stays empty.
  return text.length <= maxChars ? text : render(documents, [], shown);
}

/** A match with as many of its children as leave out `over` characters, the rest counted. */
function _childrenWithin(match: SelectMatch, over: number): SelectMatch {
  const sizes = match.children_available.map(_size);
  const kept = fitCount(sizes, sizes.reduce((sum, size) => sum + size, 0) - over);
  if (kept === sizes.length) return match;
  const children_omitted = (match.children_omitted ?? 0) + sizes.length - kept;
  return {
    ...match,
    children_available: match.children_available.slice(0, kept),
    children_omitted,
  };
}

function _omitted(total: number, shown: number): number | undefined {
  return shown < total ? total - shown : undefined;
}

function _size(entry: unknown): number {
  return JSON.stringify(entry).length + 1;
}

/** Room for the keys of the omitted counts (`,"errors_omitted":1234`). */
const _OMITTED_KEYS = 80;

/** How many unresolved selectors, errors and warnings fit `room` (at least `least`), in turn. */
function _afterWithin(
  maxChars: number,
  room: number,
  sizes: readonly [readonly number[], readonly number[], readonly number[]],
  least: _After,
  render: (after: _After) => string,
): _After {
  const after = { ...least };
  let left = room - _OMITTED_KEYS;
  for (const [i, key] of (["unresolved", "errors", "warnings"] as const).entries()) {
    const kept = fitCount(sizes[i], left);
    after[key] = Math.max(kept, least[key]);
    if (kept < sizes[i].length) break;
    left -= sizes[i].reduce((sum, size) => sum + size, 0);
  }
  const fewer = ["warnings", "errors", "unresolved"] as const;
  for (let text = render(after); text.length > maxChars;) {
    const list = fewer.find((key) => after[key] > least[key]);
    if (list === undefined) break;
    after[list]--;
    text = render(after);
  }
  return after;
}

/** The search as JSON: the results without the short label, which the text format prints. */
function _searchJson(search: SearchAnswer) {
  return {
    query: clipText(search.query, MAX_ECHO),
    matched: search.matched,
    // A heading may be a whole paragraph: each is cut as echoed selectors are.
    results: search.results.map(({ label: _, ...result }) => ({
      ...result,
      heading_path: result.heading_path.map((heading) => clipText(heading, MAX_ECHO)),
    })),
  };
}

function _echoed(error: ErrorEntry): ErrorEntry {
  if (error.selector === undefined) return error;
  return { ...error, selector: errorSelector({ ...error, selector: error.selector }).text };
}

function _nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length === 0 ? undefined : list;
}

/** The JSON index within `maxChars`: deepest levels go first (two stay), headings, documents. */
function _limitIndex(
  docs: DocumentIndex[],
  maxChars: number,
  render: (docs: DocumentIndex[]) => { length: number },
): DocumentIndex[] {
  // Counted before rendered: a render of a huge index is slow just to find it too long.
  const fits = (attempt: DocumentIndex[]) =>
    _mayFitIndex(attempt, maxChars) && render(attempt).length <= maxChars;
  if (fits(docs)) return docs;
  const limited = (limits: readonly number[], keep: number) =>
    docs.map((doc, i) => {
      const headings = doc.headings.filter((h) => h.depth <= limits[i]).slice(0, keep);
      if (headings.length === doc.headings.length) return doc;
      return {
        ...doc,
        headings,
        headings_omitted: doc.headings.length - headings.length,
        max_depth: headings.reduce((deepest, heading) => Math.max(deepest, heading.depth), 0),
      };
    });
  // The last limits keep each document's two shallowest levels.
  let floors: number[] = [];
  for (const limits of foldedDepths(docs.map((doc) => doc.headings))) {
    floors = limits;
    const attempt = limited(limits, Infinity);
    if (attempt.some((doc, i) => doc !== docs[i]) && fits(attempt)) return attempt;
  }
  // Even the shallowest levels do not fit: as many first headings per document as fit.
  const most = docs.reduce((longest, doc) => Math.max(longest, doc.headings.length), 0);
  const low = _largest(0, most, (keep) => fits(limited(floors, keep)));
  const shortest = limited(floors, low);
  if (low > 0 || shortest.length <= 1 || fits(shortest)) return shortest;
  // Not even one heading a document fits: the first documents, at least one.
  return shortest.slice(0, _largest(1, shortest.length, (n) => fits(shortest.slice(0, n))));
}

/** The largest `n` in `[low, high]` for which `ok(n)` holds, by bisection (`low` when none). */
function _largest(low: number, high: number, ok: (n: number) => boolean): number {
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (ok(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The fewest characters one heading takes in the JSON index. */
const _MIN_HEADING_CHARS = JSON.stringify(
  {
    selector: "",
    type: "",
    depth: 0,
    text: "",
    content_preview: "",
    truncated: true,
    children_count: 0,
    word_count: 0,
    section_word_count: 0,
    section_truncated: true,
    start_line: 0,
    end_line: 0,
  } satisfies HeadingEntry,
).length;

/** Whether the JSON of these documents might fit `maxChars` at all, counted without rendering. */
function _mayFitIndex(docs: readonly DocumentIndex[], maxChars: number): boolean {
  return docs.reduce((sum, doc) => sum + doc.headings.length, 0) * _MIN_HEADING_CHARS <= maxChars;
}
