/**
 * Paging and line windows: long content cut into pages at nodes, else lines, else characters.
 *
 * @module
 */
import { countWords } from "../parse/words.ts";
import { type MdDocument, type MdNode, nodesSource } from "../parse/document.ts";
import {
  sliceLines,
  type SourceLines,
  splitLines,
  stripQuoteMarkers,
} from "../parse/source_lines.ts";
import type { Target } from "../query/resolve.ts";

/** A run of source lines (0-based, inclusive) never split across pages unless too big. */
interface Piece {
  readonly startLine: number;
  readonly endLine: number;
  readonly words: number;
}

/** One page: a run of the source, by character offsets (end exclusive) and lines (0-based). */
export interface Page {
  readonly start: number;
  readonly end: number;
  readonly startLine: number;
  readonly endLine: number;
}

/** How big a page may be, in words and in characters. */
export interface PageLimits {
  readonly words: number;
  readonly chars: number;
}

/** A piece with its character span. */
interface _Span extends Page {
  readonly words: number;
}

/**
 * Whether content of this size needs more than one page: it passes either limit.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exceedsPage } from "./paging.ts";
 * assert.equal(exceedsPage(100, 20000, { words: 2000, chars: 16000 }), true);
 * ```
 */
export function exceedsPage(words: number, chars: number, limits: PageLimits): boolean {
  return words > limits.words || chars > limits.chars;
}

/**
 * Packs pieces greedily into pages within both limits; one too big splits into lines, then chars.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { paginate } from "./paging.ts";
 * import { splitLines } from "../parse/source_lines.ts";
 * const lines = splitLines("a\n\nb c\n\nd\n");
 * const pieces = [0, 2, 4].map((line, i) => ({ startLine: line, endLine: line, words: [1, 2, 1][i] }));
 * assert.deepEqual(paginate(lines, pieces, { words: 2, chars: 100 }).map((page) => page.startLine), [0, 2, 4]);
 * ```
 */
export function paginate(lines: SourceLines, pieces: readonly Piece[], limits: PageLimits): Page[] {
  const pages: Page[] = [];
  let open: _Span | undefined;
  const flush = () => {
    if (open !== undefined) pages.push(open);
    open = undefined;
  };
  const add = (span: _Span) => {
    if (
      open !== undefined &&
      (open.words + span.words > limits.words || span.end - open.start > limits.chars)
    ) flush();
    open = open === undefined
      ? span
      : { ...open, end: span.end, endLine: span.endLine, words: open.words + span.words };
  };
  for (const piece of pieces) {
    const span = _spanOf(lines, piece);
    if (!exceedsPage(span.words, span.end - span.start, limits)) {
      add(span);
      continue;
    }
    // Raw words of lines, scaled to add up to the node's plain-text words.
    const split = _linePieces(lines, piece);
    const raw = split.reduce((total, line) => total + line.words, 0);
    const scale = raw === 0 ? 1 : piece.words / raw;
    for (const line of split) {
      const lineSpan = { ..._spanOf(lines, line), words: line.words * scale };
      if (!exceedsPage(lineSpan.words, lineSpan.end - lineSpan.start, limits)) add(lineSpan);
      else for (const run of _characterRuns(lines.text, lineSpan, limits, scale)) add(run);
    }
  }
  flush();
  return pages;
}

/** A piece per non-blank line, with its raw words. */
function _linePieces(lines: SourceLines, piece: Piece): Piece[] {
  const pieces: Piece[] = [];
  for (let line = piece.startLine; line <= piece.endLine; line++) {
    const text = lines.text.slice(lines.starts[line], lines.ends[line]);
    if (text.trim() === "") continue;
    pieces.push({ startLine: line, endLine: line, words: countWords(text) });
  }
  return pieces;
}

function _spanOf(lines: SourceLines, { startLine, endLine, words }: Piece): _Span {
  return { start: lines.starts[startLine], end: lines.ends[endLine], startLine, endLine, words };
}

/** One line cut into runs within the limits: after the last fitting space, never in a pair. */
function _characterRuns(text: string, line: _Span, limits: PageLimits, scale: number): _Span[] {
  const runs: _Span[] = [];
  let start = line.start;
  while (start < line.end) {
    let end = start;
    let words = 0;
    let lastBreak = -1;
    let wordsAtBreak = 0;
    let inWord = false;
    while (end < line.end) {
      const space = /\s/.test(text[end]);
      if (!space && !inWord) {
        if ((words + 1) * scale > limits.words && words > 0) break;
        words++;
      }
      inWord = !space;
      if (end + 1 - start > limits.chars) break;
      end++;
      if (space) {
        lastBreak = end;
        wordsAtBreak = words;
      }
    }
    if (end < line.end && lastBreak > start) {
      end = lastBreak;
      words = wordsAtBreak;
    }
    if (end === start) end = start + 1; // a page holds at least one character
    if (_isLowSurrogate(text.charCodeAt(end)) && _isHighSurrogate(text.charCodeAt(end - 1))) {
      end = end - 1 > start ? end - 1 : end + 1;
    }
    const { startLine } = line;
    runs.push({ start, end, startLine, endLine: startLine, words: words * scale });
    start = end;
    while (start < line.end && /\s/.test(text[start])) start++;
  }
  return runs;
}

const _isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const _isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** A content window: the text, the 0-based lines it spans, and whether lines were dropped. */
export interface Window {
  readonly content: string;
  readonly startLine: number;
  readonly endLine: number;
  readonly truncated: boolean;
}

/** What a target spans: its source, its lines (0-based), words, the pieces to page it by. */
export interface Extent extends Omit<Window, "truncated"> {
  readonly words: number;
  readonly pieces: Piece[];
  /** The blockquote depth of its first line, whose markers a first page leaves out. */
  readonly quoteDepth: number;
}

/**
 * The extent of a target: the root's takes in the front matter, as one piece of no words.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { rootOf } from "../query/resolve.ts";
 * import { extentOf } from "./paging.ts";
 * const doc = parseDocument("---\nx: 1\n---\ntext\n", "doc", "doc.md");
 * const extent = extentOf(rootOf(doc));
 * assert.deepEqual([extent.content, extent.startLine, extent.endLine, extent.words], ["---\nx: 1\n---\ntext", 0, 3, 1]);
 * ```
 */
export function extentOf(target: Target): Extent {
  const { doc } = target;
  const pieceOf = ({ startLine, endLine, words }: MdNode): Piece => ({ startLine, endLine, words });
  if (target.kind === "root") {
    const pieces = doc.top.nodes.map(pieceOf);
    if (doc.frontMatterLines > 0) {
      pieces.unshift({ startLine: 0, endLine: doc.frontMatterLines - 1, words: 0 });
    }
    if (pieces.length === 0) {
      return { content: "", startLine: 0, endLine: 0, words: 0, pieces, quoteDepth: 0 };
    }
    const startLine = pieces[0].startLine;
    const endLine = pieces[pieces.length - 1].endLine;
    const content = sliceLines(doc.lines, startLine, endLine);
    const words = doc.top.wordPrefix[doc.top.nodes.length];
    return { content, startLine, endLine, words, pieces, quoteDepth: 0 };
  }
  const end = target.kind === "block" ? target.index + 1 : target.end;
  const nodes = target.list.nodes.slice(target.index, end);
  const { startLine, quoteDepth } = nodes[0];
  return {
    content: nodesSource(doc, nodes),
    startLine,
    endLine: nodes[nodes.length - 1].endLine,
    words: target.list.wordPrefix[end] - target.list.wordPrefix[target.index],
    pieces: nodes.map(pieceOf),
    quoteDepth,
  };
}

/**
 * One page of an extent as a window; the first starts after any quote markers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { rootOf } from "../query/resolve.ts";
 * import { extentOf, pageWindow, paginate } from "./paging.ts";
 * const doc = parseDocument("one two\n\nthree\n", "doc", "doc.md");
 * const extent = extentOf(rootOf(doc));
 * const [, second] = paginate(doc.lines, extent.pieces, { words: 2, chars: 100 });
 * assert.deepEqual(pageWindow(doc, second, extent), { content: "three", startLine: 2, endLine: 2, truncated: true });
 * ```
 */
export function pageWindow(doc: MdDocument, page: Page, extent: Extent): Window {
  const text = doc.lines.text.slice(page.start, page.end).trimEnd();
  return {
    content: page.startLine === extent.startLine && page.start === doc.lines.starts[page.startLine]
      ? stripQuoteMarkers(text, extent.quoteDepth)
      : text,
    startLine: page.startLine,
    endLine: page.endLine,
    truncated: true,
  };
}

/**
 * A window cut as `select` asks: its first `head` lines, then its last `tail` lines; one that
 * loses lines is truncated.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cutWindow } from "./paging.ts";
 * const window = { content: "a\n\nb\nc", startLine: 4, endLine: 7, truncated: false };
 * assert.deepEqual(cutWindow(window, { tail: 3 }), { content: "b\nc", startLine: 6, endLine: 7, truncated: true });
 * ```
 */
export function cutWindow(
  window: Window,
  cut: { readonly head?: number; readonly tail?: number },
): Window {
  if (cut.head !== undefined) window = _headLines(window, cut.head);
  if (cut.tail !== undefined) window = _tailLines(window, cut.tail);
  return window;
}

/** The first `count` (at least 1) lines of a window. */
function _headLines(window: Window, count: number): Window {
  const lines = splitLines(window.content);
  if (count >= lines.starts.length) return window;
  const content = window.content.slice(0, lines.ends[count - 1]).trimEnd();
  const endLine = window.startLine + splitLines(content).starts.length - 1;
  return { content, startLine: window.startLine, endLine, truncated: true };
}

/** The last `count` (at least 1) lines of a window, leading blank lines dropped. */
function _tailLines(window: Window, count: number): Window {
  const lines = splitLines(window.content);
  const total = lines.starts.length;
  if (count >= total) return window;
  let first = total - count;
  while (first < total - 1 && lines.starts[first] === lines.ends[first]) first++;
  return {
    content: window.content.slice(lines.starts[first]),
    startLine: window.endLine - (total - 1 - first),
    endLine: window.endLine,
    truncated: true,
  };
}

/**
 * As many whole lines of a window as fit `maxChars`, from its start or, for a tail, its end; a
 * first line too long alone is cut. The same window when it fits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clipWindow } from "./paging.ts";
 * const window = { content: "one\ntwo\nthree", startLine: 0, endLine: 2, truncated: false };
 * assert.deepEqual(clipWindow(window, 9, "end"), { content: "two\nthree", startLine: 1, endLine: 2, truncated: true });
 * ```
 */
export function clipWindow(window: Window, maxChars: number, keep: "start" | "end"): Window {
  if (window.content.length <= maxChars) return window;
  const lines = splitLines(window.content);
  const count = lines.starts.length;
  if (keep === "end") {
    let first = count - 1;
    while (first > 0 && lines.ends[count - 1] - lines.starts[first - 1] <= maxChars) first--;
    // Leading blank lines would spend the room on nothing.
    while (first < count - 1 && lines.starts[first] === lines.ends[first]) first++;
    const startLine = window.endLine - (count - 1 - first);
    const rest = { ...window, content: window.content.slice(lines.starts[first]), startLine };
    if (rest.content.length <= maxChars) return { ...rest, truncated: true };
    return clipWindow(rest, maxChars, "start");
  }
  let last = 0;
  while (last + 1 < count && lines.ends[last + 1] <= maxChars) last++;
  let content = window.content.slice(0, Math.min(lines.ends[last], maxChars)).trimEnd();
  if (_isHighSurrogate(content.charCodeAt(content.length - 1))) content = content.slice(0, -1);
  return {
    content,
    startLine: window.startLine,
    endLine: window.startLine + last,
    truncated: true,
  };
}
