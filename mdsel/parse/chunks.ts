/**
 * Where a text can be cut into pieces parsed apart: a big Markdown text before a column-0 ATX
 * heading after a blank line, outside fences and HTML blocks of types 1 to 5 (the parser confirms
 * each cut, {@linkcode runsToEnd}); an MDX text into segments, each marked when it needs MDX's
 * parser (`<` or `{` outside code, ESM, or an indented construct: MDX has no indented code).
 *
 * @module
 */
import type { SourceLines } from "./source_lines.ts";
import { BACKTICK, HASH, LESS_THAN, SPACE, TAB, TILDE } from "./char_codes.ts";

/** HTML blocks markdown-it ends at a marker, not a blank line (CommonMark's kinds 1 to 5). */
export const HTML_UNTIL_MARKER: readonly (readonly [RegExp, RegExp])[] = [
  [/^<(?:script|pre|style|textarea)(?=\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Za-z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
];

/** A fence's character (a backtick or a tilde) and length. */
export type Fence = { readonly char: number; readonly length: number };

/**
 * The lines where the pieces of a text start: `0`, then safe cuts from line `from` (after front
 * matter) on, each piece but the last holding at least `targetChars` characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { chunkStarts } from "./chunks.ts";
 * import { splitLines } from "./source_lines.ts";
 * const text = "# A\n\ntext\n\n~~~\n\n# in code\n~~~\n\n# B\n\nmore\n";
 * assert.deepEqual(chunkStarts(splitLines(text), 0, 1), [0, 9]);
 * ```
 */
export function chunkStarts(lines: SourceLines, from: number, targetChars: number): number[] {
  const { text, starts } = lines;
  const cuts = [0];
  if (text.length < 2 * targetChars) return cuts;
  let fence: Fence | undefined;
  let htmlEnd: RegExp | undefined;
  for (let line = from; line < starts.length; line++) {
    const start = starts[line];
    const end = lines.ends[line];
    let pos = start;
    while (pos < end && pos - start < 4 && text.charCodeAt(pos) === SPACE) pos++;
    const first = text.charCodeAt(pos);
    if (htmlEnd !== undefined) {
      if (htmlEnd.test(text.slice(start, end))) htmlEnd = undefined;
      continue;
    }
    if (fence !== undefined) {
      if (first === fence.char && pos - start < 4 && closesFence(text, pos, end, fence)) {
        fence = undefined;
      }
      continue;
    }
    if (pos - start >= 4) continue;
    if (first === BACKTICK || first === TILDE) {
      fence = opensFence(text, pos, end);
    } else if (first === LESS_THAN) {
      const rest = text.slice(pos, end);
      const html = HTML_UNTIL_MARKER.find(([open]) => open.test(rest));
      // The end marker may stand on the opening line.
      if (html !== undefined && !html[1].test(rest)) htmlEnd = html[1];
    } else if (
      first === HASH && pos === start && line > from &&
      _isAtxHeading(text, pos, end) && _isBlank(text, starts[line - 1], lines.ends[line - 1]) &&
      start - starts[cuts[cuts.length - 1]] >= targetChars &&
      text.length - start >= targetChars
    ) {
      cuts.push(line);
    }
  }
  return cuts;
}

/**
 * Whether a piece's parse shows its cut was not safe: its last top-level block is a fence or an
 * HTML block that ran to the piece's end.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMarkdown } from "./markdown.ts";
 * import { runsToEnd } from "./chunks.ts";
 * assert.equal(runsToEnd(parseMarkdown("<!--\n\n"), 2), true);
 * ```
 */
export function runsToEnd(
  tokens: readonly { type: string; level: number; map: [number, number] | null }[],
  lineCount: number,
): boolean {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i];
    if (token.level !== 0 || token.map === null) continue;
    return (token.type === "fence" || token.type === "html_block") && token.map[1] >= lineCount;
  }
  return false;
}

/** Only spaces and tabs, as markdown-it takes a blank line (a form feed is text to it). */
function _isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code !== SPACE && code !== TAB) return false;
  }
  return true;
}

/** `#` to `######` then a space, a tab or the end of the line. */
function _isAtxHeading(text: string, pos: number, end: number): boolean {
  const next = pos + _run(text, pos, end, HASH);
  return next - pos <= 6 && (next === end || _isBlank(text, next, next + 1));
}

/** How many `char`s stand in a row from `pos`, before `end`. */
function _run(text: string, pos: number, end: number, char: number): number {
  let length = 0;
  while (pos + length < end && text.charCodeAt(pos + length) === char) length++;
  return length;
}

/**
 * The fence a line opens at `pos`, its first non-space character: three or more backticks or
 * tildes, and no backtick in a backtick fence's info.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { opensFence } from "./chunks.ts";
 * assert.deepEqual(opensFence("~~~~ sh", 0, 7), { char: 126, length: 4 });
 * assert.equal(opensFence("~~ sh", 0, 5), undefined);
 * ```
 */
export function opensFence(text: string, pos: number, end: number): Fence | undefined {
  const char = text.charCodeAt(pos);
  if (char !== BACKTICK && char !== TILDE) return undefined;
  const length = _run(text, pos, end, char);
  if (length < 3) return undefined;
  if (char === BACKTICK && text.slice(pos + length, end).includes("`")) return undefined;
  return { char, length };
}

/**
 * Whether the line closes `fence` at `pos`, its first non-space character: at least as many of the
 * fence's character, then only spaces and tabs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closesFence } from "./chunks.ts";
 * assert.equal(closesFence("~~~~ ", 0, 5, { char: 126, length: 3 }), true);
 * ```
 */
export function closesFence(text: string, pos: number, end: number, fence: Fence): boolean {
  const length = _run(text, pos, end, fence.char);
  return length >= fence.length && _isBlank(text, pos + length, end);
}

/** A run of lines `first..last)`, and whether MDX's parser must read it. */
export interface Segment {
  readonly first: number;
  readonly last: number;
  readonly mdx: boolean;
}

/** After four columns of indentation, these can start a construct in MDX. */
const CONSTRUCT_START = /[#>\-*+_=|~`[<{:0-9]/;
const LIST_ITEM = /^(?:[-*+]|[0-9]{1,9}[.)])(?:[ \t]|$)/;
const ESM = /^(?:import|export)\b/;
/** Quote markers, list markers and the spaces after them, at the start of a line. */
const CONTAINER_PREFIX = /^(?: {0,3}(?:>|[-*+]|[0-9]{1,9}[.)])(?=[ \t]|$)[ \t]?)*/;

/**
 * Cuts a text from line `from` (after front matter) into segments, before a column-0 line after a
 * blank one that is no list item (`mdx.ts` confirms each cut).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mdxSegments } from "./chunks.ts";
 * import { splitLines } from "./source_lines.ts";
 * const segments = mdxSegments(splitLines("# A\n\n<Box>\n## B\n</Box>\n"), 0);
 * assert.deepEqual(segments.map((segment) => segment.mdx), [false, true]);
 * ```
 */
export function mdxSegments(lines: SourceLines, from: number): Segment[] {
  const { text, starts, ends } = lines;
  const segments: Segment[] = [];
  let first = from;
  let mdx = false;
  let fence: Fence | undefined;
  let previousBlank = false;
  // An unclosed backtick run may close on a later line: check those lines whole.
  let openCode = false;
  for (let line = from; line < starts.length; line++) {
    const start = starts[line];
    const end = ends[line];
    let pos = start;
    let columns = 0;
    for (; pos < end; pos++) {
      const code = text.charCodeAt(pos);
      if (code === SPACE) columns++;
      else if (code === TAB) columns += 4 - (columns % 4);
      else break;
    }
    const blank = pos === end;
    if (fence !== undefined) {
      if (closesFence(text, pos, end, fence)) {
        fence = undefined;
        if (columns >= 4) mdx = true;
      }
      previousBlank = false;
      continue;
    }
    if (blank) {
      previousBlank = true;
      openCode = false;
      continue;
    }
    if (previousBlank && columns === 0 && line > first && !LIST_ITEM.test(_slice(text, pos, end))) {
      segments.push({ first, last: line, mdx });
      first = line;
      mdx = false;
    }
    previousBlank = false;
    fence = columns === 0 ? opensFence(text, pos, end) : undefined;
    if (fence !== undefined) continue;
    if (mdx) continue;
    if (columns === 0 && ESM.test(_slice(text, pos, end))) mdx = true;
    else if (_indentedConstruct(text, start, end)) mdx = true;
    else {
      const scan = _mdxCharacter(text, pos, end, openCode);
      mdx = scan.found;
      openCode = scan.openCode;
    }
  }
  if (first < starts.length) segments.push({ first, last: starts.length, mdx });
  return segments;
}

function _slice(text: string, start: number, end: number): string {
  return text.slice(start, Math.min(end, start + 16));
}

/** Whether a line, past its container markers, is indented four columns and starts a construct. */
function _indentedConstruct(text: string, start: number, end: number): boolean {
  const line = text.slice(start, end);
  const prefix = CONTAINER_PREFIX.exec(line)![0].length;
  let columns = 0;
  let pos = prefix;
  for (; pos < line.length; pos++) {
    const code = line.charCodeAt(pos);
    if (code === SPACE) columns++;
    else if (code === TAB) columns += 4;
    else break;
  }
  if (columns < 4 || pos === line.length) return false;
  // After markers a tab or four spaces may be their own spacing: any construct character counts.
  return CONSTRUCT_START.test(line[pos]);
}

type _Scan = { readonly found: boolean; readonly openCode: boolean };

/** A `<`, a `{` or a backtick. */
const CODE_OR_MDX = /[<{`]/g;

/**
 * Whether a line holds `<` or `{` outside code spans (only those that close on the line, nothing
 * left open before); a backslash before a backtick makes the whole line count.
 */
function _mdxCharacter(text: string, pos: number, end: number, openCode: boolean): _Scan {
  const line = text.slice(pos, end);
  const special = /[<{]/.test(line);
  if (openCode || (special && line.includes("\\`"))) return { found: special, openCode: true };
  CODE_OR_MDX.lastIndex = 0;
  for (let match = CODE_OR_MDX.exec(line); match !== null; match = CODE_OR_MDX.exec(line)) {
    const i = match.index;
    if (line.charCodeAt(i) !== BACKTICK) return { found: true, openCode: false };
    let run = i + 1;
    while (line.charCodeAt(run) === BACKTICK) run++;
    const close = _closingRun(line, run, run - i);
    if (close === -1) return { found: special && /[<{]/.test(line.slice(run)), openCode: true };
    CODE_OR_MDX.lastIndex = close;
  }
  return { found: false, openCode: false };
}

/** One past the next run of exactly `length` backticks from `from`, or -1. */
function _closingRun(line: string, from: number, length: number): number {
  for (let i = line.indexOf("`", from); i !== -1; i = line.indexOf("`", i)) {
    const start = i;
    while (line.charCodeAt(i) === BACKTICK) i++;
    if (i - start === length) return i;
  }
  return -1;
}
