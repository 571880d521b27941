/**
 * The compact text output agents read by default: outlines and content, within the result budget.
 *
 * @module
 */
import type { ErrorEntry } from "../files/errors.ts";
import { AFTER_RESERVE, fitCount, fitGroups, linesChars } from "./budget.ts";
import { distinct, echoLine, echoValue, errorSelector } from "./echo.ts";
import {
  type DocumentOutline,
  documentOutline,
  indexDepthLimits,
  type IndexedDocument,
  type TextBudget,
} from "./index_outline.ts";
import { buildTrees, treeLinesWithin } from "./index_tree.ts";
import { outlineLines } from "./outline.ts";
import { searchLines } from "./search_answer.ts";
import { DEFAULT_ENGINE_SETTINGS } from "../settings/engine_settings.ts";
import type { SelectAnswer, SelectOutcome } from "./select_command.ts";
import type { Unresolved } from "./not_found.ts";

/** How many names a "not shown" line gives before `...`. */
const NAMED = 10;

/**
 * The text form of `index`: per document a header, intro, headings and counts, folded to fit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { indexDocument } from "./index_command.ts";
 * import { indexText } from "./render_text.ts";
 * const doc = parseDocument("# A\n\n## B\n\ntext\n", "doc", "doc.md");
 * const index = indexDocument(doc, { words: 2000, chars: 16000 });
 * const budget = { sizeWords: 500, maxChars: 40000, indexMaxChars: 40000, full: false };
 * assert.equal(indexText([{ doc, index }], [], budget), "doc doc.md [3 words]\nh1.0 A\n h2.0 B\n---\npara:1\n");
 * ```
 */
export function indexText(
  items: readonly IndexedDocument[],
  errors: readonly ErrorEntry[],
  budget: TextBudget,
  warnings: readonly string[] = [],
): string {
  const docs = items.map((item) => documentOutline(item, budget.lines));
  const after = _afterGroups([], errors, warnings);
  const limit = budget.full ? Infinity : Math.min(budget.indexMaxChars, budget.maxChars);
  // Outlines first: errors and warnings get what is left, and room to say how many.
  const hardMax = limit - Math.min(linesChars(after.flat()), AFTER_RESERVE);
  const limits = indexDepthLimits(items, docs, budget);
  const blocks = docs.map((doc, i) => [
    ...doc.head,
    ...outlineLines(doc.entries, limits[i], budget),
    ...doc.tail,
  ]);
  const hidden = docs.map((doc, i) => doc.entries.filter((e) => e.depth > limits[i]).length);
  const folded = new Set<number>();
  const closing = () => {
    let count = 0;
    let deepest = 0;
    hidden.forEach((n, i) => {
      if (folded.has(i) || n === 0) return;
      count += n;
      deepest = Math.max(deepest, limits[i]);
    });
    return count === 0 ? [] : [
      `[outline limited to h1-h${deepest}: ${count} deeper headings not shown; ` +
      "select a section to list its subsections]",
    ];
  };
  let blockChars = blocks.reduce((sum, block) => sum + linesChars(block), 0);
  const over = blockChars + linesChars(closing()) > hardMax;
  if (over && items.some((item) => item.origin !== undefined)) {
    // A folder too big to show whole: a tree folded by folder depth.
    return _finish(_treeIndex(items, docs, hardMax, budget.sizeWords), after, limit);
  }
  if (over && docs.length > 1) {
    // Fold the biggest outlines first: each costs one line once folded.
    const sizes = blocks.map(linesChars);
    const order = blocks.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a]);
    for (const i of order) {
      // The closing line only shrinks as documents fold: its size now bounds it.
      if (blockChars + linesChars(closing()) <= hardMax) break;
      if (docs[i].entries.length === 0 && blocks[i].length <= 2) continue;
      blockChars += docs[i].folded.length + 1 - linesChars(blocks[i]);
      blocks[i] = [docs[i].folded];
      folded.add(i);
    }
  }
  let lines = [...blocks.flat(), ...closing()];
  if (linesChars(lines) > hardMax) {
    lines = docs.length === 1
      ? _cutOutline(docs[0], limits[0], budget, hardMax, closing())
      : _cutDocuments(blocks, items, hardMax, closing());
  }
  return _finish(lines, after, limit);
}

/** The index of documents found in folders, as trees; files named outright as header lines. */
function _treeIndex(
  items: readonly IndexedDocument[],
  docs: readonly DocumentOutline[],
  max: number,
  sizeWords: number,
): string[] {
  const { trees, loose } = buildTrees(items.map(({ doc, index, origin }) => ({
    path: index.file_path,
    origin,
    words: doc.top.wordPrefix[doc.top.nodes.length],
  })));
  const looseLines = loose.map((i) => docs[i].folded);
  const lines = [
    ...looseLines,
    ...treeLinesWithin(trees, items, max, sizeWords, linesChars(looseLines)),
  ];
  // Too many files named outright: the last ones go until the rest fits.
  while (linesChars(lines) > max && looseLines.length > 0) {
    looseLines.pop();
    lines.splice(looseLines.length, 1);
  }
  return lines;
}

/** One document's heading lines cut to fit: the first ones, then a line naming the next. */
function _cutOutline(
  doc: DocumentOutline,
  limit: number,
  style: { readonly sizeWords: number },
  max: number,
  after: string[],
): string[] {
  const shown = doc.entries.filter((entry) => entry.depth <= limit);
  const lines = outlineLines(doc.entries, limit, style);
  // No heading to leave out: the header and counts are all there is.
  if (lines.length === 0) return [...doc.head, ...doc.tail, ...after];
  const cutLine = (kept: number) =>
    `[outline cut after ${shown[kept - 1]?.label ?? "the header"}: ` +
    `${shown.length - kept} more headings not shown; select them by number, e.g. ${
      shown[kept].label
    }]`;
  const used = linesChars(doc.head) + linesChars(doc.tail) + linesChars(after);
  const sizes = lines.slice(0, -1).map((line) => line.length + 1);
  const kept = fitCount(sizes, max - used, (k) => cutLine(k).length + 1);
  return [...doc.head, ...lines.slice(0, kept), ...doc.tail, cutLine(kept), ...after];
}

/** Documents folded into header lines, still too many: the first ones, then one naming the rest. */
function _cutDocuments(
  blocks: string[][],
  items: readonly IndexedDocument[],
  max: number,
  after: string[],
): string[] {
  const reserve = linesChars(after) + 400;
  const kept = fitCount(blocks.map(linesChars), max, () => reserve);
  const lines = blocks.slice(0, kept).flat();
  const rest = items.slice(kept).map((item) => echoValue(item.index.file_path));
  if (rest.length > 0) {
    lines.push(
      `[${rest.length} more documents not shown: ${_names(rest)}; index them on their own]`,
    );
  }
  return [...lines, ...after];
}

/**
 * The text form of `select`: each match's content, page line or outline, then what went wrong.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { selectText } from "./render_text.ts";
 * const unresolved = [{ selector: "h2.5", reason: "No h2.5", suggestions: ["h2.0"] }];
 * const outcome = { answers: [], unresolved, errors: [], warnings: [], invalid: false };
 * assert.equal(selectText(outcome), "not found: h2.5\nNo h2.5\nclosest: h2.0\n");
 * ```
 */
export function selectText(
  outcome: SelectOutcome,
  maxChars = Infinity,
  sizeWords: number = DEFAULT_ENGINE_SETTINGS.sizeWords,
): string {
  const labelled = outcome.answers.length > 1;
  const blocks = outcome.answers.map((answer) => _answerLines(answer, labelled));
  const after = _afterGroups(outcome.unresolved, outcome.errors, outcome.warnings);
  // Matches first: what comes after gets what is left, and room to say how much.
  const room = maxChars - Math.min(linesChars(after.flat()), AFTER_RESERVE);
  if (outcome.search !== undefined) {
    // A small budget: the best results that fit (one at least).
    const { results } = outcome.search;
    let lines = searchLines(outcome.search, sizeWords);
    for (let n = results.length - 1; n > 0 && linesChars(lines) > room; n--) {
      lines = searchLines({ ...outcome.search, results: results.slice(0, n) }, sizeWords);
    }
    blocks.unshift(lines);
  }
  const omittedLine = (from: number, named = NAMED) => {
    const rest = outcome.answers.slice(from - blocks.length + outcome.answers.length)
      .map((answer) => answer.match.selector);
    const names = named > 0 ? `: ${_names(rest, named)}` : "";
    return `[${rest.length} more matches not shown${names}; select them one at a time]`;
  };
  const sizes = blocks.map(linesChars);
  const kept = sizes.reduce((sum, size) => sum + size, 0) <= room
    ? blocks.length
    : fitCount(sizes, room, (k) => omittedLine(k).length + 1, 1);
  const lines = blocks.slice(0, kept).flat();
  if (kept < blocks.length) {
    // The first match is shown whatever its size: fewer names then, to fit.
    let named = NAMED;
    const left = room - linesChars(lines);
    while (named > 0 && omittedLine(kept, named).length + 1 > left) named--;
    lines.push(omittedLine(kept, named));
  }
  return _finish(lines, after, maxChars);
}

/** What an output prints after its matches: unresolved selectors, errors, warnings, once each. */
function _afterGroups(
  unresolved: readonly Unresolved[],
  errors: readonly ErrorEntry[],
  warnings: readonly string[],
): string[][] {
  const missing = distinct(unresolved, (entry) => entry.selector).map((entry) => {
    // In the outline's short form when there is one (`h3.144`, not `heading:h3[144]`).
    const { selector, suggestions } = entry.text ?? entry;
    const group = [`not found: ${echoValue(selector)}`, echoLine(entry.reason)];
    if (suggestions.length > 0) group.push(`closest: ${suggestions.map(echoLine).join(", ")}`);
    return group;
  });
  const failed = distinct(errors, (error) => JSON.stringify(error)).map(errorText);
  const warned = distinct(warnings, (warning) => warning).map((warning) => [
    `[warning: ${echoLine(warning)}]`,
  ]);
  return [...missing, ...failed, ...warned];
}

/** The lines, then the groups after them that fit what is left of `max`, as text. */
function _finish(lines: string[], after: string[][], max: number): string {
  const closing = (left: number) =>
    `[${left} more ${left === 1 ? "error or warning" : "errors and warnings"} not shown; ` +
    "name fewer files or selectors to see them]";
  for (const line of fitGroups(after, max - linesChars(lines), closing)) lines.push(line);
  return lines.length === 0 ? "" : lines.join("\n") + "\n";
}

/** The text lines of one match: its label when several print, content, page line and outline. */
function _answerLines(answer: SelectAnswer, labelled: boolean): string[] {
  const { match } = answer;
  const lines = labelled ? [`${match.selector}:`, match.content] : [match.content];
  const page = match.pagination;
  if (page !== undefined) {
    const next = page.next === undefined ? "" : `, next: ${page.next}`;
    lines.push(`[page ${page.page} of ${page.total_pages}${next}]`);
  }
  if (answer.note !== undefined) lines.push(answer.note);
  // Line by line: `push(...lines)` overflows the stack on a big --full outline.
  for (const line of answer.outline ?? []) lines.push(line);
  return lines;
}

/**
 * The text lines of one error: `error TYPE: message`, `file:`, `selector:` and `did you mean:`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { errorText } from "./render_text.ts";
 * const error = { type: "FILE_NOT_FOUND", code: "FILE_NOT_FOUND", message: "File not found: x.md", file: "x.md" } as const;
 * assert.deepEqual(errorText(error), ["error FILE_NOT_FOUND: File not found: x.md"]);
 * ```
 */
export function errorText(error: ErrorEntry): string[] {
  const lines = [`error ${error.type}: ${echoLine(error.message)}`];
  // A message that names the file already says it: the path once is enough.
  if (error.file !== undefined && !error.message.includes(error.file)) {
    lines.push(`file: ${echoValue(error.file)}`);
  }
  if (error.selector !== undefined) {
    // A long selector is shown around the column, so the caret still points.
    const shown = errorSelector({ ...error, selector: error.selector });
    const oneLine = !/[\r\n]/.test(shown.text);
    lines.push(`selector: ${oneLine ? shown.text : JSON.stringify(shown.text)}`);
    if (oneLine && shown.column !== undefined) {
      lines.push(" ".repeat("selector: ".length + shown.column - 1) + "^");
    }
  }
  if (error.suggestions !== undefined && error.suggestions.length > 0) {
    lines.push(`did you mean: ${error.suggestions.map(echoLine).join(", ")}`);
  }
  return lines;
}

/** The first few names, then `...`. */
function _names(names: readonly string[], named = NAMED): string {
  return names.slice(0, named).join(", ") + (names.length > named ? ", ..." : "");
}
