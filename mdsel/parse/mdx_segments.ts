/**
 * Where an MDX text needs MDX's parser and where markdown-it reads it the same, faster: a stretch
 * needs MDX for `<` or `{` outside code, ESM, or an indented construct (MDX has no indented code).
 *
 * @module
 */
import { closesFence, opensFence } from "./chunks.ts";
import type { SourceLines } from "./source_lines.ts";

/** A run of lines `first..last)`, and whether MDX's parser must read it. */
export interface Segment {
  readonly first: number;
  readonly last: number;
  readonly mdx: boolean;
}

const SPACE = 32;
const TAB = 9;
const BACKTICK = 96;
const TILDE = 126;
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
 * import { mdxSegments } from "./mdx_segments.ts";
 * import { splitLines } from "./source_lines.ts";
 * const text = "# A\n\ntext\n\n<Box>\n## B\n</Box>\n\n## C\n";
 * assert.deepEqual(mdxSegments(splitLines(text), 0), [
 *   { first: 0, last: 2, mdx: false },
 *   { first: 2, last: 4, mdx: false },
 *   { first: 4, last: 8, mdx: true },
 *   { first: 8, last: 10, mdx: false },
 * ]);
 * ```
 */
export function mdxSegments(lines: SourceLines, from: number): Segment[] {
  const { text, starts, ends } = lines;
  const segments: Segment[] = [];
  let first = from;
  let mdx = false;
  let fence: { char: number; length: number } | undefined;
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
    const char = text.charCodeAt(pos);
    if (columns === 0 && (char === BACKTICK || char === TILDE)) {
      fence = opensFence(text, pos, end, char);
      if (fence !== undefined) continue;
    }
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

/**
 * Whether a line holds `<` or `{` outside code spans (only those that close on the line, nothing
 * left open before); a backslash before a backtick makes the whole line count.
 */
function _mdxCharacter(
  text: string,
  pos: number,
  end: number,
  openCode: boolean,
): { found: boolean; openCode: boolean } {
  const line = text.slice(pos, end);
  if (!/[<{]/.test(line)) return { found: false, openCode: openCode || _hasOpenRun(line) };
  if (openCode || line.includes("\\`")) return { found: true, openCode: true };
  let i = 0;
  while (i < line.length) {
    const char = line.charCodeAt(i);
    if (char === 60 || char === 123) return { found: true, openCode: false };
    if (char !== BACKTICK) {
      i++;
      continue;
    }
    let run = i + 1;
    while (line.charCodeAt(run) === BACKTICK) run++;
    const close = _closingRun(line, run, run - i);
    if (close === -1) return { found: /[<{]/.test(line.slice(run)), openCode: true };
    i = close;
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

/** Whether a line leaves a backtick run unclosed. */
function _hasOpenRun(line: string): boolean {
  let i = line.indexOf("`");
  while (i !== -1) {
    let run = i + 1;
    while (line.charCodeAt(run) === BACKTICK) run++;
    const close = _closingRun(line, run, run - i);
    if (close === -1) return true;
    i = line.indexOf("`", close);
  }
  return false;
}
