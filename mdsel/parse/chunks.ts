/**
 * Where a big text can be cut so each piece parses as within the whole: before a column-0 ATX
 * heading after a blank line, outside fences and HTML blocks of types 1 to 5. The scan does not see
 * containers: the parser confirms each cut ({@linkcode runsToEnd}).
 *
 * @module
 */
import type { SourceLines } from "./source_lines.ts";

/** HTML blocks that end at a marker rather than at a blank line: start and end. */
const HTML_UNTIL_MARKER: readonly (readonly [RegExp, RegExp])[] = [
  [/^<(?:script|pre|style|textarea)(?=\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^<!--/, /-->/],
  [/^<\?/, /\?>/],
  [/^<![A-Z]/, />/],
  [/^<!\[CDATA\[/, /\]\]>/],
];

const HASH = 35;
const SPACE = 32;
const TAB = 9;
const BACKTICK = 96;
const TILDE = 126;
const LESS_THAN = 60;

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
  let fence: { char: number; length: number } | undefined;
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
      fence = opensFence(text, pos, end, first);
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
 * assert.equal(runsToEnd(parseMarkdown("<!-- -->\n\n"), 2), false);
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
  if (next - pos > 6) return false;
  return next === end || text.charCodeAt(next) === SPACE || text.charCodeAt(next) === TAB;
}

/** How many `char`s stand in a row from `pos`, before `end`. */
function _run(text: string, pos: number, end: number, char: number): number {
  let length = 0;
  while (pos + length < end && text.charCodeAt(pos + length) === char) length++;
  return length;
}

/**
 * A fence opener at `pos`, the line's first non-space character `char` (a backtick or a tilde):
 * three or more of it, and no backtick in a backtick fence's info.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { opensFence } from "./chunks.ts";
 * assert.deepEqual(opensFence("~~~~ js", 0, 7, 126), { char: 126, length: 4 });
 * assert.equal(opensFence("`".repeat(3) + " a`b", 0, 7, 96), undefined);
 * ```
 */
export function opensFence(
  text: string,
  pos: number,
  end: number,
  char: number,
): { char: number; length: number } | undefined {
  const length = _run(text, pos, end, char);
  if (length < 3) return undefined;
  if (char === BACKTICK && text.slice(pos + length, end).includes("`")) return undefined;
  return { char, length };
}

/**
 * Whether the line closes `fence` at `pos`, its first non-space character: at least as many of the
 * fence's character, then only spaces.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closesFence } from "./chunks.ts";
 * assert.equal(closesFence("~~~~  ", 0, 6, { char: 126, length: 3 }), true);
 * assert.equal(closesFence("~~ ", 0, 3, { char: 126, length: 3 }), false);
 * ```
 */
export function closesFence(
  text: string,
  pos: number,
  end: number,
  fence: { char: number; length: number },
): boolean {
  const length = _run(text, pos, end, fence.char);
  return length >= fence.length && _isBlank(text, pos + length, end);
}
