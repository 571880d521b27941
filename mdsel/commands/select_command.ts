/**
 * `mdsel select`: the content behind a selector, in every file it matches.
 *
 * @module
 */
import { type MdDocument, type MdNode, nodesSource, stripQuoteMarkers } from "../parse/document.ts";
import type { ErrorEntry } from "../io/errors.ts";
import { headLines, type Page, paginate, type Piece, tailLines, type Window } from "./paging.ts";
import { childSelectors, resolvePath, type Target } from "../query/resolve.ts";
import {
  formatSegments,
  formatSelector,
  parseSelector,
  type Selector,
  SelectorSyntaxError,
} from "../query/selector.ts";
import { sliceLines } from "../parse/source_lines.ts";
import { closestSelectors, similarity } from "../query/suggest.ts";
import type { Workspace } from "../io/workspace.ts";

/** A selectable child of a match. */
export interface ChildInfo {
  /** Its fully qualified selector. */
  selector: string;
  /** `heading` or the block type. */
  type: string;
  /** A heading's text, or the first 80 characters of a block's source. */
  preview: string;
}

/** Where a paged match stands. */
export interface Pagination {
  /** This page, 1-based. */
  page: number;
  /** How many pages the content has. */
  total_pages: number;
  /** The page size in words. */
  page_words: number;
  /** The selector of the next page. */
  next?: string;
}

/** One match of `select`. */
export interface SelectMatch {
  /** Canonical, fully qualified selector of this match. */
  selector: string;
  /** `section`, `root` or the block type. */
  type: string;
  /** The exact source text. */
  content: string;
  /** Whether content was left out (paging, head, tail). */
  truncated: boolean;
  /** First line, 1-based. */
  start_line: number;
  /** Last line, 1-based. */
  end_line: number;
  /** Present when the content is paged. */
  pagination?: Pagination;
  /** The match's selectable children. */
  children_available: ChildInfo[];
}

/** A selector that matched nothing. */
export interface Unresolved {
  /** The selector in canonical form. */
  selector: string;
  /** Why nothing matched. */
  reason: string;
  /** Existing selectors close to it. */
  suggestions: string[];
}

/** What `select` found. */
export interface SelectOutcome {
  /** The matches, in file order. */
  matches: SelectMatch[];
  /** The selector, when it matched nothing. */
  unresolved: Unresolved[];
  /** Unreadable files, or the selector's syntax error. */
  errors: ErrorEntry[];
  /** Non-fatal problems. */
  warnings: string[];
  /** Set when the selector did not parse: there is no data at all. */
  invalid: boolean;
}

/** Settings that shape `select`. */
export interface SelectSettings {
  /** Page size in words. */
  pageWords: number;
  /** `--full`: never page. */
  full: boolean;
}

const PREVIEW_LENGTH = 80;

/**
 * Parses a selector for `select`, turning a syntax error into its entry.
 *
 * @param text The selector as given.
 * @returns The selector, or the `INVALID_SELECTOR` entry.
 *
 * @example
 * ```ts
 * import { parseForSelect } from "./select_command.ts";
 * console.log(parseForSelect("h9")); // { error: { type: "INVALID_SELECTOR", code: "INVALID_HEADING_LEVEL", ... } }
 * ```
 */
export function parseForSelect(text: string): { selector: Selector } | { error: ErrorEntry } {
  try {
    return { selector: parseSelector(text) };
  } catch (error) {
    if (!(error instanceof SelectorSyntaxError)) throw error;
    return {
      error: {
        type: "INVALID_SELECTOR",
        code: error.code,
        message: error.message,
        selector: text,
      },
    };
  }
}

/**
 * Runs `select` over loaded documents.
 *
 * @param selector The parsed selector.
 * @param workspace The documents of the call.
 * @param settings Page size and `--full`.
 * @returns Matches, unresolved selectors, errors and warnings.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { parseSelector } from "../query/selector.ts";
 * import { selectInWorkspace } from "./select_command.ts";
 * const doc = parseDocument("# A\n\ntext\n", "doc", "doc.md");
 * const outcome = selectInWorkspace(parseSelector("h1.0/para.0"), { docs: [doc], errors: [], warnings: [] }, {
 *   pageWords: 2000,
 *   full: false,
 * });
 * console.log(outcome.matches[0].content); // "text"
 * ```
 */
export function selectInWorkspace(
  selector: Selector,
  workspace: Workspace,
  settings: SelectSettings,
): SelectOutcome {
  const outcome: SelectOutcome = {
    matches: [],
    unresolved: [],
    errors: [...workspace.errors],
    warnings: [...workspace.warnings],
    invalid: false,
  };
  const canonical = formatSelector(selector);
  let docs = workspace.docs;
  if (selector.namespace !== null) {
    docs = docs.filter((doc) => doc.namespace === selector.namespace);
    if (docs.length === 0) {
      outcome.unresolved.push(_unknownNamespace(selector, canonical, workspace.docs));
      return outcome;
    }
  }
  const reasons: string[] = [];
  const stalled: Target[] = [];
  for (const doc of docs) {
    const resolution = resolvePath(doc, selector.segments);
    if (resolution.targets.length === 0) {
      if (resolution.reason !== undefined) reasons.push(resolution.reason);
      stalled.push(...resolution.stalledAt);
      continue;
    }
    for (const target of resolution.targets) {
      const match = buildMatch(target, selector, settings);
      if (typeof match === "string") reasons.push(match);
      else outcome.matches.push(match);
    }
  }
  if (outcome.matches.length === 0 && docs.length > 0) {
    outcome.unresolved.push({
      selector: canonical,
      reason: [...new Set(reasons)].join("; ") || `No match for ${canonical}`,
      suggestions: _suggest(selector, docs, stalled),
    });
  }
  return outcome;
}

/**
 * Builds the match for one target: its content (paged, or cut by head/tail),
 * lines and children.
 *
 * @param target The resolved target.
 * @param selector The selector, for its query parameters.
 * @param settings Page size and `--full`.
 * @returns The match, or the reason the requested page does not exist.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { parseSelector } from "../query/selector.ts";
 * import { buildMatch } from "./select_command.ts";
 * const doc = parseDocument("text\n", "doc", "doc.md");
 * const match = buildMatch({ kind: "root", doc, selector: "doc::root" }, parseSelector("root"), {
 *   pageWords: 2000,
 *   full: false,
 * });
 * console.log(typeof match === "string" ? match : match.content); // "text"
 * ```
 */
export function buildMatch(
  target: Target,
  selector: Selector,
  settings: SelectSettings,
): SelectMatch | string {
  const { doc } = target;
  const { params } = selector;
  const extent = _extentOf(target);
  const full: Window = {
    content: extent.content,
    startLine: extent.startLine,
    endLine: extent.endLine,
    truncated: false,
  };
  const unpaged = settings.full || params.full ||
    (params.page === undefined && (params.head !== undefined || params.tail !== undefined));
  const pages: Page[] = unpaged || extent.words <= settings.pageWords
    ? []
    : paginate(doc.lines, extent.pieces, settings.pageWords);
  const paged = pages.length > 1;
  const pageNumber = params.page ?? 1;
  if (pageNumber > (paged ? pages.length : 1)) {
    const total = paged ? pages.length : 1;
    return `Page ${pageNumber} out of range (only ${total} page(s) in ${target.selector})`;
  }
  let window = full;
  if (paged) {
    const page = pages[pageNumber - 1];
    const text = sliceLines(doc.lines, page.startLine, page.endLine);
    window = {
      content: page.startLine === full.startLine
        ? stripQuoteMarkers(text, extent.quoteDepth)
        : text,
      startLine: page.startLine,
      endLine: page.endLine,
      truncated: true,
    };
  }
  if (params.head !== undefined) window = _keepTruncation(window, headLines(window, params.head));
  if (params.tail !== undefined) window = _keepTruncation(window, tailLines(window, params.tail));
  const match: SelectMatch = {
    selector: target.selector + selector.query,
    type: target.kind === "block" ? target.list.nodes[target.index].kind : target.kind,
    content: window.content,
    truncated: window.truncated,
    start_line: window.startLine + 1,
    end_line: window.endLine + 1,
    children_available: [],
  };
  if (paged) {
    match.pagination = {
      page: pageNumber,
      total_pages: pages.length,
      page_words: settings.pageWords,
    };
    if (pageNumber < pages.length) {
      match.pagination.next = `${target.selector}?page=${pageNumber + 1}`;
    }
  }
  match.children_available = childSelectors(target).map(({ selector, node }) => ({
    selector,
    type: node.kind,
    preview: node.kind === "heading" ? node.text : _preview(nodesSource(doc, [node])),
  }));
  return match;
}

interface _Extent {
  content: string;
  startLine: number;
  endLine: number;
  words: number;
  pieces: Piece[];
  quoteDepth: number;
}

function _extentOf(target: Target): _Extent {
  const { doc } = target;
  if (target.kind === "root") return _rootExtent(doc);
  const end = target.kind === "section" ? target.end : target.index + 1;
  const nodes = target.list.nodes.slice(target.index, end);
  const words = target.list.wordPrefix[end] - target.list.wordPrefix[target.index];
  return {
    content: nodesSource(doc, nodes),
    startLine: nodes[0].startLine,
    endLine: nodes[nodes.length - 1].endLine,
    words,
    pieces: nodes.map(_pieceOf),
    quoteDepth: nodes[0].quoteDepth,
  };
}

function _rootExtent(doc: MdDocument): _Extent {
  const nodes = doc.top.nodes;
  const pieces = nodes.map(_pieceOf);
  if (doc.frontMatterLines > 0) {
    pieces.unshift({ startLine: 0, endLine: doc.frontMatterLines - 1, words: 0 });
  }
  if (pieces.length === 0) {
    return { content: "", startLine: 0, endLine: 0, words: 0, pieces, quoteDepth: 0 };
  }
  const startLine = pieces[0].startLine;
  const endLine = pieces[pieces.length - 1].endLine;
  return {
    content: sliceLines(doc.lines, startLine, endLine),
    startLine,
    endLine,
    words: doc.top.wordPrefix[nodes.length],
    pieces,
    quoteDepth: 0,
  };
}

function _pieceOf(node: MdNode): Piece {
  return { startLine: node.startLine, endLine: node.endLine, words: node.words };
}

function _keepTruncation(before: Window, after: Window): Window {
  return before.truncated && !after.truncated ? { ...after, truncated: true } : after;
}

function _preview(source: string): string {
  if (source.length <= PREVIEW_LENGTH) return source;
  return Array.from(source).slice(0, PREVIEW_LENGTH).join("");
}

function _unknownNamespace(
  selector: Selector,
  canonical: string,
  docs: readonly MdDocument[],
): Unresolved {
  const available = docs.map((doc) => doc.namespace);
  const reason = available.length === 0
    ? `Namespace '${selector.namespace}' not found. No documents could be read`
    : `Namespace '${selector.namespace}' not found. Available namespaces: ${available.join(", ")}`;
  const close = docs
    .map((doc) => ({ doc, score: similarity(doc.namespace, selector.namespace!) }))
    .filter((entry) => entry.score >= 0.4)
    .sort((a, b) => b.score - a.score);
  const suggestions: string[] = [];
  for (const { doc } of close) {
    const resolution = resolvePath(doc, selector.segments);
    const found = resolution.targets.length > 0
      ? resolution.targets.map((target) => target.selector)
      : _suggest({ ...selector, namespace: doc.namespace }, [doc], resolution.stalledAt);
    suggestions.push(...found);
  }
  return { selector: canonical, reason, suggestions: [...new Set(suggestions)].slice(0, 5) };
}

function _suggest(selector: Selector, docs: readonly MdDocument[], stalled: Target[]): string[] {
  const qualified = selector.namespace !== null;
  const input = (qualified ? `${selector.namespace}::` : "") + formatSegments(selector.segments);
  const candidates: { compare: string; selector: string }[] = [];
  const add = (doc: MdDocument, full: string) =>
    candidates.push({
      compare: qualified ? full : full.slice(doc.namespace.length + 2),
      selector: full,
    });
  for (const target of stalled) {
    for (const child of childSelectors(target)) add(target.doc, child.selector);
  }
  for (const doc of docs) {
    const root: Target = { kind: "root", doc, selector: `${doc.namespace}::root` };
    add(doc, root.selector);
    for (const child of childSelectors(root)) add(doc, child.selector);
  }
  return closestSelectors(input, candidates);
}
