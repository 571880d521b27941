/**
 * `mdsel select`: the content behind a selector in every file it matches, big content outlined.
 *
 * @module
 */
import { type MdDocument, nodesChars, nodesSource } from "../parse/document.ts";
import type { ErrorEntry } from "../files/errors.ts";
import { DEFAULT_ENGINE_SETTINGS } from "../settings/engine_settings.ts";
import type { Workspace } from "../cache/workspace.ts";
import { directChildren } from "../query/children.ts";
import { resolvePath, type Target } from "../query/resolve.ts";
import { type Selector, SelectorSyntaxError } from "../query/selector.ts";
import { formatPath, formatSelector, formatShortPath } from "../query/selector_format.ts";
import { parseSelectInput, type SelectInput } from "../query/select_input.ts";
import { fitCount } from "./budget.ts";
import type { SearchAnswer } from "./search_answer.ts";
import { distinct, MAX_ECHO } from "./echo.ts";
import { indexDocument } from "./index_command.ts";
import { type Miss, notFound, unknownNamespace, type Unresolved } from "./not_found.ts";
import { documentOutline, indexDepthLimits, type TextBudget } from "./index_outline.ts";
import { fitDepths, headingLine, outlineBudget, outlineEntries, outlineLines } from "./outline.ts";
import {
  clipWindow,
  cutWindow,
  exceedsPage,
  type Extent,
  extentOf,
  type Page,
  type PageLimits,
  pageWindow,
  paginate,
  type Window,
} from "./paging.ts";

/** A direct child of a match. */
interface ChildInfo {
  selector: string;
  /** `heading` or the block type. */
  type: string;
  /** A heading's text, or the first 80 characters of a block's source. */
  preview: string;
  /** Its words (a subsection's: its whole section's). */
  word_count: number;
}

/** Where a paged match stands (`page` is 1-based). */
interface Pagination {
  page: number;
  total_pages: number;
  page_words: number;
  next?: string;
}

/** One match of `select`, as the JSON envelope carries it; lines are 1-based. */
export interface SelectMatch {
  /** Canonical, fully qualified. */
  selector: string;
  /** `section`, `root`, `intro` or the block type. */
  type: string;
  content: string;
  /** Whether content was left out (outline, paging, head, tail). */
  truncated: boolean;
  start_line: number;
  end_line: number;
  /** Set when a big section answered with its introduction and outline. */
  outline?: true;
  pagination?: Pagination;
  /** At most {@linkcode _MAX_CHILDREN} direct children. */
  children_available: ChildInfo[];
  children_omitted?: number;
}

/** One match, with what the text format prints after its content. */
export interface SelectAnswer {
  match: SelectMatch;
  /** Text lines after the content: a blank line, the outline and its closing hint. */
  outline?: string[];
  /** A text line after the content: which lines asked for were left out to fit. */
  note?: string;
}

/** What `select` found. */
export interface SelectOutcome {
  answers: SelectAnswer[];
  unresolved: Unresolved[];
  /** Unreadable files, or the selector's syntax error. */
  errors: ErrorEntry[];
  warnings: string[];
  /** Set when the selector did not parse: there is no data at all. */
  invalid: boolean;
  /** Set when `select` was given words to search for. */
  search?: SearchAnswer;
}

/** Settings that shape `select`: the text output's budget (`full`: never page), and the pages. */
export interface SelectSettings extends TextBudget {
  pageWords: number;
  pageChars: number;
}

/** The defaults of {@linkcode SelectSettings}: the engine's, and no `--full`. */
export const DEFAULT_SELECT_SETTINGS: SelectSettings = (({ warnings: _, ...engine }) => ({
  ...engine,
  full: false,
}))(DEFAULT_ENGINE_SETTINGS);

const _MAX_CHILDREN = 50;

const PREVIEW_LENGTH = 80;

/**
 * Parses the selectors (or words to search for) of `select`; a syntax error becomes its entry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseForSelect } from "./select_command.ts";
 * const misspelt = parseForSelect("sectoin[1]");
 * assert.ok("error" in misspelt && misspelt.error.suggestions?.[0] === "section[1]");
 * ```
 */
export function parseForSelect(text: string): { input: SelectInput } | { error: ErrorEntry } {
  try {
    return { input: parseSelectInput(text) };
  } catch (error) {
    if (!(error instanceof SelectorSyntaxError)) throw error;
    const { code, message } = error;
    const entry: ErrorEntry = { type: "INVALID_SELECTOR", code, message, selector: text };
    const meant = _respelt(text, error);
    if (meant !== undefined) entry.suggestions = [meant];
    return { error: entry };
  }
}

/** The selector with misspelt type names respelt (`heding:h2[14]`), when then valid and short. */
function _respelt(text: string, error: SelectorSyntaxError, fixes = 0): string | undefined {
  const { fix } = error;
  // Each fix respells one name; a selector with more typos than this is guesswork.
  if (fix === undefined || fixes >= 3) return undefined;
  const fixed = text.slice(0, fix.offset) + fix.replacement + text.slice(fix.offset + fix.length);
  if (fixed.length > MAX_ECHO) return undefined;
  try {
    return parseSelectInput(fixed).kind === "selectors" ? fixed : undefined;
  } catch (next) {
    if (!(next instanceof SelectorSyntaxError)) throw next;
    return _respelt(fixed, next, fixes + 1);
  }
}

/**
 * Runs `select` over loaded documents (default settings for what `settings` leaves out).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { parseSelector } from "../query/selector.ts";
 * import { selectInWorkspace } from "./select_command.ts";
 * const doc = parseDocument("# A\n\ntext\n", "doc", "doc.md");
 * const outcome = selectInWorkspace(parseSelector("h1.0/para.0"), { docs: [doc], errors: [], warnings: [] });
 * assert.equal(outcome.answers[0].match.content, "text");
 * ```
 */
export function selectInWorkspace(
  selector: Selector,
  workspace: Workspace,
  settings: Partial<SelectSettings> = {},
): SelectOutcome {
  const options = { ...DEFAULT_SELECT_SETTINGS, ...settings };
  const outcome = emptyOutcome(workspace);
  let docs = workspace.docs;
  if (selector.namespace !== null) {
    docs = docs.filter((doc) => doc.namespace === selector.namespace);
    if (docs.length === 0) {
      outcome.unresolved.push(unknownNamespace(selector, workspace.docs));
      return outcome;
    }
  }
  const qualify = workspace.docs.length > 1;
  const misses: Miss[] = [];
  for (const doc of docs) {
    const resolution = resolvePath(doc, selector.segments);
    if (resolution.targets.length === 0) misses.push(resolution);
    for (const target of resolution.targets) {
      const answer = buildAnswer(target, selector, options, qualify);
      if (typeof answer === "string") misses.push(answer);
      else outcome.answers.push(answer);
    }
  }
  if (outcome.answers.length === 0 && docs.length > 0) {
    outcome.unresolved.push(notFound(selector, misses, docs, qualify));
  }
  return outcome;
}

/**
 * An outcome with nothing found yet: the workspace's errors and warnings only.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptyOutcome } from "./select_command.ts";
 * assert.deepEqual(emptyOutcome({ docs: [], errors: [], warnings: ["w"] }).warnings, ["w"]);
 * ```
 */
export function emptyOutcome(workspace: Workspace): SelectOutcome {
  return {
    answers: [],
    unresolved: [],
    errors: [...workspace.errors],
    warnings: [...workspace.warnings],
    invalid: false,
  };
}

/**
 * Runs `select` for several selectors: the matches of each in turn (a match found twice once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { parseSelector } from "../query/selector.ts";
 * import { selectAllInWorkspace } from "./select_command.ts";
 * const doc = parseDocument("# A\n\ntext\n\n## B\n", "doc", "doc.md");
 * const selectors = ["h1.0/para.0", "h2.0", "h3.0"].map(parseSelector);
 * const outcome = selectAllInWorkspace(selectors, { docs: [doc], errors: [], warnings: [] });
 * assert.deepEqual([outcome.answers.length, outcome.unresolved.length], [2, 1]);
 * ```
 */
export function selectAllInWorkspace(
  selectors: readonly Selector[],
  workspace: Workspace,
  settings: Partial<SelectSettings> = {},
): SelectOutcome {
  // The same selector twice (`h1.1, heading:h1[1]`) is looked up once.
  const bySelector = new Map(selectors.map((selector) => [formatSelector(selector), selector]));
  const outcomes = [...bySelector.values()].map((selector) =>
    selectInWorkspace(selector, workspace, settings)
  );
  // The same content reached by two selectors (`h1.0, section.0`) is printed once.
  const answers = distinct(outcomes.flatMap((outcome) => outcome.answers), ({ match }) => {
    const { selector, type, start_line, end_line, pagination, outline, content } = match;
    const namespace = selector.slice(0, selector.indexOf("::"));
    const page = pagination?.page ?? 0;
    return [namespace, type, start_line, end_line, page, outline === true, content.length]
      .join("\0");
  });
  const unresolved = outcomes.flatMap((outcome) => outcome.unresolved);
  return { ...emptyOutcome(workspace), answers, unresolved };
}

/**
 * The answer for one target (outlined, paged or cut), or why the requested page does not exist.
 *
 * @param selector The selector, for its query parameters.
 * @param qualify Whether outline selectors carry the namespace (several files).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { rootOf } from "../query/resolve.ts";
 * import { parseSelector } from "../query/selector.ts";
 * import { buildAnswer, DEFAULT_SELECT_SETTINGS } from "./select_command.ts";
 * const doc = parseDocument("text\n", "doc", "doc.md");
 * const answer = buildAnswer(rootOf(doc), parseSelector("root"), DEFAULT_SELECT_SETTINGS, false);
 * assert.equal(typeof answer === "string" ? answer : answer.match.content, "text");
 * ```
 */
export function buildAnswer(
  target: Target,
  selector: Selector,
  settings: SelectSettings,
  qualify: boolean,
): SelectAnswer | string {
  const { doc } = target;
  const { params } = selector;
  const full = settings.full || params.full;
  const limits: PageLimits = {
    words: settings.pageWords,
    // A page must leave room in the result for its children and lines.
    chars: Math.max(1, Math.min(settings.pageChars, Math.floor(settings.maxChars * 0.75))),
  };
  const extent = extentOf(target);
  const selectorText = formatPath(doc.namespace, target.path);
  const explicit = full || params.page !== undefined || params.head !== undefined ||
    params.tail !== undefined;
  const big = exceedsPage(extent.words, extent.content.length, limits);
  // A section too big for a page, or big and folded in the index, answers with its outline.
  if (
    !explicit && target.kind === "section" &&
    (big || (extent.words >= settings.sizeWords && _foldedInIndex(target, settings)))
  ) {
    let first = target.index + 1;
    while (first < target.end && target.list.nodes[first].kind !== "heading") first++;
    if (first < target.end) return _outlineAnswer(target, extent, first, settings, limits, qualify);
  }
  const unpaged = params.page === undefined &&
    (!big || params.head !== undefined || params.tail !== undefined);
  const pages: Page[] = full || unpaged ? [] : paginate(doc.lines, extent.pieces, limits);
  const paged = pages.length > 1;
  const pageNumber = params.page ?? 1;
  const total = paged ? pages.length : 1;
  if (pageNumber > total) {
    return `Page ${pageNumber} out of range (only ${total} page(s) in ${selectorText})`;
  }
  const { content, startLine, endLine } = extent;
  let window: Window = { content, startLine, endLine, truncated: false };
  if (paged) window = pageWindow(doc, pages[pageNumber - 1], extent);
  const asked = cutWindow(window, params);
  window = full
    ? asked
    : clipWindow(asked, limits.chars, params.tail === undefined ? "start" : "end");
  const match = _match(target, selectorText + selector.query, window);
  if (paged) match.pagination = _pagination(selectorText, pageNumber, total, settings.pageWords);
  if (window === asked) return { match };
  // Lines asked for and left out: the caller must know, and where they are.
  const shown = `${window.startLine + 1}-${window.endLine + 1}`;
  const lines = `${asked.startLine + 1}-${asked.endLine + 1}`;
  // Every line asked for is there, one of them cut: fewer lines would not help.
  const one = window.startLine === window.endLine
    ? `line ${window.startLine + 1}`
    : `lines ${shown}`;
  const note = shown === lines
    ? `[${one} cut to fit the result: ${window.content.length} of ${asked.content.length} ` +
      "characters shown]"
    : `[lines ${shown} of ${lines} shown, to fit the result; ask for fewer lines]`;
  return { match, note };
}

function _pagination(selector: string, page: number, total: number, words: number): Pagination {
  const next = page < total ? { next: `${selector}?page=${page + 1}` } : {};
  return { page, total_pages: total, page_words: words, ...next };
}

/** A big section's answer: its introduction (or first page), and the outline of its subsections. */
function _outlineAnswer(
  target: Extract<Target, { kind: "section" }>,
  extent: Extent,
  firstSubsection: number,
  settings: SelectSettings,
  limits: PageLimits,
  qualify: boolean,
): SelectAnswer {
  const { doc, list } = target;
  const intro = list.nodes.slice(target.index, firstSubsection);
  const introWords = list.wordPrefix[firstSubsection] - list.wordPrefix[target.index];
  let window: Window;
  let pages: Page[] = [];
  if (exceedsPage(introWords, nodesChars(doc, intro), limits)) {
    pages = paginate(doc.lines, extent.pieces, limits);
    window = pageWindow(doc, pages[0], extent);
  } else {
    window = {
      content: nodesSource(doc, intro),
      startLine: intro[0].startLine,
      endLine: intro[intro.length - 1].endLine,
      truncated: true,
    };
  }
  const selectorText = formatPath(doc.namespace, target.path);
  const match = _match(target, selectorText, window);
  match.outline = true;
  if (pages.length > 1) {
    match.pagination = _pagination(selectorText, 1, pages.length, settings.pageWords);
  }
  const label = (i: number) => _label(target, i, qualify);
  const entries = outlineEntries(list, target.index + 1, target.end, label);
  const self = label(target.index);
  const heading = headingLine(list.nodes[target.index].text);
  const count = entries.length;
  const hint = `[${self} ${heading}: ${extent.words} words in ${count} subsection` +
    `${count === 1 ? "" : "s"}; select one, or ${self}?page=1 to read the section in pages]`;
  // What the content, its page line and the hint leave of the result budget.
  const room = settings.full
    ? Infinity
    : settings.maxChars - window.content.length - hint.length - 200;
  const budget = Math.min(room, outlineBudget(extent.content.length, settings.indexMaxChars));
  const { limits: [limit] } = fitDepths([{ entries, fixedChars: 0 }], budget, settings);
  const lines = outlineLines(entries, limit, settings);
  const shown = fitCount(lines.map((line) => line.length + 1), Math.max(room, 0));
  const outline = ["", ...lines.slice(0, shown)];
  if (shown < lines.length) {
    outline.push(`[outline cut: ${lines.length - shown} more subsections not shown]`);
  }
  outline.push(hint);
  return { match, outline };
}

/** Whether the document's own text index (`mdsel index <file>`) folds some of its subsections. */
function _foldedInIndex(
  target: Extract<Target, { kind: "section" }>,
  settings: SelectSettings,
): boolean {
  const { doc, list } = target;
  if (list !== doc.top) return false;
  let deepest = 0;
  for (let i = target.index + 1; i < target.end; i++) {
    if (list.nodes[i].kind === "heading") deepest = Math.max(deepest, list.nodes[i].depth);
  }
  return deepest > 0 && deepest > _indexDepthLimit(doc, settings);
}

// The index's depth limit, once per document and settings: a fan-out asks for it per match.
const _limits = new WeakMap<SelectSettings, WeakMap<MdDocument, number>>();

function _indexDepthLimit(doc: MdDocument, settings: SelectSettings): number {
  let byDoc = _limits.get(settings);
  if (byDoc === undefined) _limits.set(settings, byDoc = new WeakMap());
  let limit = byDoc.get(doc);
  if (limit === undefined) {
    const page = { words: settings.pageWords, chars: settings.pageChars };
    const item = { doc, index: indexDocument(doc, page) };
    [limit] = indexDepthLimits([item], [documentOutline(item)], settings);
    byDoc.set(doc, limit);
  }
  return limit;
}

/** The selector an outline prints for the heading at `index` of a section's list. */
function _label(target: Extract<Target, { kind: "section" }>, index: number, qualify: boolean) {
  const { doc, list } = target;
  const { depth } = list.nodes[index];
  const type = { kind: "heading", depth } as const;
  if (list === doc.top) {
    const short = formatShortPath([{ type, index: list.ordinals[index] }]);
    return qualify ? `${doc.namespace}::${short}` : short;
  }
  // Inside a blockquote, subsections are numbered within the quote's list, below the section.
  if (index === target.index) return formatPath(doc.namespace, target.path);
  let k = 0;
  for (let i = target.index + 1; i < index; i++) {
    if (list.nodes[i].kind === "heading" && list.nodes[i].depth === depth) k++;
  }
  return formatPath(doc.namespace, [...target.path, { type, index: k }]);
}

function _match(target: Target, selector: string, window: Window): SelectMatch {
  const { doc } = target;
  const children = directChildren(target);
  const match: SelectMatch = {
    selector,
    type: target.kind === "block" ? target.list.nodes[target.index].kind : target.kind,
    content: window.content,
    truncated: window.truncated,
    start_line: window.startLine + 1,
    end_line: window.endLine + 1,
    children_available: children.slice(0, _MAX_CHILDREN).map(({ target: child, node }) => ({
      selector: formatPath(doc.namespace, child.path),
      type: node.kind,
      preview: node.kind === "heading"
        ? headingLine(node.text)
        : _preview(nodesSource(doc, [node])),
      word_count: child.kind === "section"
        ? child.list.wordPrefix[child.end] - child.list.wordPrefix[child.index]
        : node.words,
    })),
  };
  if (children.length > _MAX_CHILDREN) match.children_omitted = children.length - _MAX_CHILDREN;
  return match;
}

function _preview(source: string): string {
  if (source.length <= PREVIEW_LENGTH) return source;
  return Array.from(source).slice(0, PREVIEW_LENGTH).join("");
}
