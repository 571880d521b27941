/**
 * Line bookkeeping over the exact source text: every piece of output is a slice of the original.
 *
 * @module
 */

/** Where each line of a text starts and ends (0-based lines). */
export interface SourceLines {
  readonly text: string;
  /** Offset of the first character of each line. */
  readonly starts: readonly number[];
  /** Offset just past the last character of each line, before its line break. */
  readonly ends: readonly number[];
}

/**
 * Splits a text into lines at `\r\n`, `\r` and `\n`, as markdown-it does, so both agree on lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitLines } from "./source_lines.ts";
 * assert.deepEqual(splitLines("a\r\nb\n").starts, [0, 3, 5]);
 * ```
 */
export function splitLines(text: string): SourceLines {
  const starts = [0];
  const ends: number[] = [];
  // indexOf skips natively to the next break, faster than a loop over every character.
  let nextLf = text.indexOf("\n");
  let nextCr = text.indexOf("\r");
  while (nextLf !== -1 || nextCr !== -1) {
    const crFirst = nextCr !== -1 && (nextLf === -1 || nextCr < nextLf);
    const at = crFirst ? nextCr : nextLf;
    ends.push(at);
    const next = crFirst && nextLf === at + 1 ? at + 2 : at + 1;
    starts.push(next);
    if (nextLf !== -1 && nextLf < next) nextLf = text.indexOf("\n", next);
    if (nextCr !== -1 && nextCr < next) nextCr = text.indexOf("\r", next);
  }
  ends.push(text.length);
  return { text, starts, ends };
}

/**
 * The exact source of lines `first..last` (0-based, inclusive), trailing whitespace removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sliceLines, splitLines } from "./source_lines.ts";
 * assert.equal(sliceLines(splitLines("a\nb  \nc"), 0, 1), "a\nb");
 * ```
 */
export function sliceLines(lines: SourceLines, first: number, last: number): string {
  if (last < first) return "";
  return lines.text.slice(lines.starts[first], lines.ends[last]).trimEnd();
}

/**
 * How many lines of front matter open a text (0 for none): YAML between `---` lines (closed by
 * `---` or `...`) or TOML between `+++` lines.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { frontMatterLineCount, splitLines } from "./source_lines.ts";
 * assert.equal(frontMatterLineCount(splitLines("---\ntitle: x\n---\n# Hi\n")), 3);
 * ```
 */
export function frontMatterLineCount(lines: SourceLines): number {
  const fence = sliceLines(lines, 0, 0);
  if (fence !== "---" && fence !== "+++") return 0;
  const closers = fence === "---" ? ["---", "..."] : ["+++"];
  for (let line = 1; line < lines.starts.length; line++) {
    if (closers.includes(sliceLines(lines, line, line))) return line + 1;
  }
  return 0;
}

/**
 * Removes the markers of `quoteDepth` enclosing quotes from the start of `text` (which starts a
 * line), so a nested node's source starts at its own first character.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripQuoteMarkers } from "./source_lines.ts";
 * assert.equal(stripQuoteMarkers("> > deep\n> > more", 2), "deep\n> > more");
 * ```
 */
export function stripQuoteMarkers(text: string, quoteDepth: number): string {
  let start = 0;
  for (let depth = 0; depth < quoteDepth; depth++) {
    const marker = /^[ \t]{0,3}>[ \t]?/.exec(text.slice(start, start + 8));
    if (marker === null) break;
    start += marker[0].length;
  }
  return text.slice(start);
}

/**
 * {@linkcode stripQuoteMarkers} on every line: a quoted construct's source as if outside quotes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripQuoteMarkersOfLines } from "./source_lines.ts";
 * assert.equal(stripQuoteMarkersOfLines("> <Note\n>   title=\"x\">", 1), "<Note\n  title=\"x\">");
 * ```
 */
export function stripQuoteMarkersOfLines(text: string, quoteDepth: number): string {
  if (quoteDepth === 0) return text;
  return text.split(/(?<=\n)/).map((line) => stripQuoteMarkers(line, quoteDepth)).join("");
}

/**
 * The last non-blank line of a node from `first` to `last`, `first` at the least; inside
 * `quoteDepth` blockquotes a line of only quote markers is blank too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lastContentLine, splitLines } from "./source_lines.ts";
 * assert.equal(lastContentLine(splitLines("> a\n>\n\n"), 0, 2, 1), 0);
 * ```
 */
export function lastContentLine(
  lines: SourceLines,
  first: number,
  last: number,
  quoteDepth: number,
): number {
  let line = Math.min(last, lines.starts.length - 1);
  while (line > first && _isBlankIn(lines, line, quoteDepth)) line--;
  return line;
}

function _isBlankIn(lines: SourceLines, line: number, quoteDepth: number): boolean {
  const { text } = lines;
  let blank = true;
  for (let i = lines.starts[line]; i < lines.ends[line] && blank; i++) {
    const code = text.charCodeAt(i);
    blank = code === 32 || code === 9 || code === 12 || code === 11;
  }
  if (blank) return true;
  if (quoteDepth === 0) return false;
  const source = text.slice(lines.starts[line], lines.ends[line]);
  return /^[ \t\f\v]*$/.test(stripQuoteMarkers(source, quoteDepth));
}
