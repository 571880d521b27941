/**
 * Paging and line windows: long content is cut into pages of at most
 * `MDSEL_PAGE_WORDS` words at node boundaries (a node longer than a page at
 * line boundaries); `head` and `tail` keep the first or last lines.
 *
 * @module
 */
import { countWords } from "../parse/plain_text.ts";
import { sliceLines, type SourceLines, splitLines } from "../parse/source_lines.ts";

/** A run of source lines that is never split across pages unless too long. */
export interface Piece {
  /** First line, 0-based. */
  readonly startLine: number;
  /** Last line, 0-based, inclusive. */
  readonly endLine: number;
  /** Words the piece holds. */
  readonly words: number;
}

/** One page: a run of lines. */
export interface Page {
  /** First line, 0-based. */
  readonly startLine: number;
  /** Last line, 0-based, inclusive. */
  readonly endLine: number;
}

/**
 * Splits a piece into one piece per line, counting each line's raw words, for
 * a node that alone is longer than a page. Blank lines get no piece, so a page
 * never starts or ends with one.
 *
 * @param lines The source lines.
 * @param piece The piece to split.
 * @returns One piece per non-blank line.
 *
 * @example
 * ```ts
 * import { linePieces } from "./paging.ts";
 * import { splitLines } from "../parse/source_lines.ts";
 * const lines = splitLines("a b\nc\n");
 * console.log(linePieces(lines, { startLine: 0, endLine: 1, words: 3 }).map((p) => p.words)); // [2, 1]
 * ```
 */
export function linePieces(lines: SourceLines, piece: Piece): Piece[] {
  const pieces: Piece[] = [];
  for (let line = piece.startLine; line <= piece.endLine; line++) {
    const text = lines.text.slice(lines.starts[line], lines.ends[line]);
    if (text.trim() === "") continue;
    pieces.push({ startLine: line, endLine: line, words: countWords(text) });
  }
  return pieces;
}

/**
 * Packs pieces greedily into pages of at most `pageWords` words; a piece is
 * split into lines when it alone exceeds a page.
 *
 * @param lines The source lines.
 * @param pieces The pieces, in order.
 * @param pageWords The page size in words.
 * @returns The pages, at least one.
 *
 * @example
 * ```ts
 * import { paginate } from "./paging.ts";
 * import { splitLines } from "../parse/source_lines.ts";
 * const lines = splitLines("a\n\nb c\n\nd\n");
 * const pieces = [0, 2, 4].map((line, i) => ({ startLine: line, endLine: line, words: [1, 2, 1][i] }));
 * console.log(paginate(lines, pieces, 2)); // three pages: lines 0, 2 and 4
 * ```
 */
export function paginate(lines: SourceLines, pieces: readonly Piece[], pageWords: number): Page[] {
  const pages: Page[] = [];
  let first: Piece | undefined;
  let last: Piece | undefined;
  let words = 0;
  const flush = () => {
    if (first !== undefined && last !== undefined) {
      pages.push({ startLine: first.startLine, endLine: last.endLine });
    }
    first = last = undefined;
    words = 0;
  };
  const add = (piece: Piece) => {
    if (first !== undefined && words + piece.words > pageWords) flush();
    first ??= piece;
    last = piece;
    words += piece.words;
  };
  for (const piece of pieces) {
    if (piece.words > pageWords && piece.endLine > piece.startLine) {
      // Lines are weighed by their raw words, scaled so they add up to the
      // node's own (plain-text) words: the node still needs several pages.
      const split = linePieces(lines, piece);
      const raw = split.reduce((total, line) => total + line.words, 0);
      const scale = raw === 0 ? 1 : piece.words / raw;
      for (const line of split) add({ ...line, words: line.words * scale });
    } else {
      add(piece);
    }
  }
  flush();
  return pages;
}

/** A content window: the text and the 0-based lines it spans. */
export interface Window {
  /** The text. */
  readonly content: string;
  /** First line, 0-based. */
  readonly startLine: number;
  /** Last line, 0-based, inclusive. */
  readonly endLine: number;
  /** Whether lines were dropped. */
  readonly truncated: boolean;
}

/**
 * Keeps the first `count` lines of a window.
 *
 * @param window The window.
 * @param count How many lines to keep (at least 1).
 * @returns The smaller window.
 *
 * @example
 * ```ts
 * import { headLines } from "./paging.ts";
 * const window = { content: "a\n\nb\nc", startLine: 4, endLine: 7, truncated: false };
 * console.log(headLines(window, 3)); // { content: "a\n\nb", startLine: 4, endLine: 6, truncated: true }
 * ```
 */
export function headLines(window: Window, count: number): Window {
  const lines = splitLines(window.content);
  if (count >= lines.starts.length) return window;
  const content = window.content.slice(0, lines.ends[count - 1]).trimEnd();
  return {
    content,
    startLine: window.startLine,
    endLine: window.startLine + splitLines(content).starts.length - 1,
    truncated: true,
  };
}

/**
 * Keeps the last `count` lines of a window (leading blank lines dropped).
 *
 * @param window The window.
 * @param count How many lines to keep (at least 1).
 * @returns The smaller window.
 *
 * @example
 * ```ts
 * import { tailLines } from "./paging.ts";
 * const window = { content: "a\nb\n\nc", startLine: 0, endLine: 3, truncated: false };
 * console.log(tailLines(window, 2)); // { content: "c", startLine: 3, endLine: 3, truncated: true }
 * ```
 */
export function tailLines(window: Window, count: number): Window {
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
 * The source of a page.
 *
 * @param lines The source lines.
 * @param page The page.
 * @returns Its text, trailing whitespace removed.
 *
 * @example
 * ```ts
 * import { pageSource } from "./paging.ts";
 * import { splitLines } from "../parse/source_lines.ts";
 * console.log(pageSource(splitLines("a\nb\nc\n"), { startLine: 1, endLine: 2 })); // "b\nc"
 * ```
 */
export function pageSource(lines: SourceLines, page: Page): string {
  return sliceLines(lines, page.startLine, page.endLine);
}
