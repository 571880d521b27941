/**
 * A unified-style diff of two texts, for `--dry-run`: only the changed lines
 * and a few lines of context, never the rest of the file, which may hold
 * other projects' state and the user's account (`~/.claude.json`).
 *
 * @module
 */

interface _Line {
  readonly op: " " | "-" | "+";
  readonly text: string;
  readonly before: number;
  readonly after: number;
}

// Longer lines (a file written on one line) are cut to the change.
const _LONG = 120;
const _MARGIN = 10;
// Larger changed regions are shown as removed then added, without pairing lines.
const _MAX_CELLS = 4_000_000;

/**
 * Diffs two texts line by line: hunks of changed lines (`-` before, `+`
 * after), each with up to `context` unchanged lines around it and a
 * `@@ -line,count +line,count @@` header. A changed line longer than 120
 * characters is cut to its changed part with 10 characters either side; a
 * longer unchanged line to its start.
 *
 * @param before The old text.
 * @param after The new text.
 * @param context Unchanged lines shown around each change.
 * @returns The diff, each line ending in `\n`; empty when the texts are equal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unifiedDiff } from "./text_diff.ts";
 * const before = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3,\n  \"d\": 4\n}\n";
 * const after = "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3,\n  \"d\": 4,\n  \"e\": 5\n}\n";
 * assert.equal(
 *   unifiedDiff(before, after, 1),
 *   '@@ -4,3 +4,4 @@\n   "c": 3,\n-  "d": 4\n+  "d": 4,\n+  "e": 5\n }\n',
 * );
 * ```
 */
export function unifiedDiff(before: string, after: string, context = 2): string {
  const a = _lines(before);
  const b = _lines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const lines: _Line[] = [];
  for (let i = 0; i < start; i++) lines.push({ op: " ", text: a[i], before: i, after: i });
  lines.push(..._middle(a, b, start, endA, endB));
  for (let i = endA, j = endB; i < a.length; i++, j++) {
    lines.push({ op: " ", text: a[i], before: i, after: j });
  }
  return _hunks(lines, context).map((hunk) => _formatHunk(hunk)).join("");
}

function _lines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  // A final line break ends the last line rather than starting another.
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return text === "" ? [] : lines;
}

// The changed region, as a longest common subsequence of its lines.
function _middle(a: string[], b: string[], start: number, endA: number, endB: number): _Line[] {
  const n = endA - start;
  const m = endB - start;
  const out: _Line[] = [];
  if (n * m > _MAX_CELLS) {
    for (let i = start; i < endA; i++) out.push({ op: "-", text: a[i], before: i, after: start });
    for (let j = start; j < endB; j++) out.push({ op: "+", text: b[j], before: endA, after: j });
    return out;
  }
  // lengths[i][j]: the longest common subsequence of a[start+i..] and b[start+j..].
  const lengths = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i][j] = a[start + i] === b[start + j]
        ? lengths[i + 1][j + 1] + 1
        : Math.max(lengths[i + 1][j], lengths[i][j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      out.push({ op: " ", text: a[start + i], before: start + i, after: start + j });
      i++;
      j++;
    } else if (j < m && (i === n || lengths[i][j + 1] >= lengths[i + 1][j])) {
      // Removals before additions: `-` lines precede the `+` lines replacing them.
      if (i < n && lengths[i + 1][j] === lengths[i][j + 1]) {
        out.push({ op: "-", text: a[start + i], before: start + i, after: start + j });
        i++;
      } else {
        out.push({ op: "+", text: b[start + j], before: start + i, after: start + j });
        j++;
      }
    } else {
      out.push({ op: "-", text: a[start + i], before: start + i, after: start + j });
      i++;
    }
  }
  return out;
}

function _hunks(lines: readonly _Line[], context: number): _Line[][] {
  const hunks: _Line[][] = [];
  let from = -1;
  let to = -1;
  for (const [index, line] of lines.entries()) {
    if (line.op === " ") continue;
    const start = Math.max(0, index - context);
    if (from !== -1 && start > to + 1) {
      hunks.push(lines.slice(from, to + 1));
      from = -1;
    }
    if (from === -1) from = start;
    to = Math.min(lines.length - 1, index + context);
  }
  if (from !== -1) hunks.push(lines.slice(from, to + 1));
  return hunks;
}

function _formatHunk(hunk: readonly _Line[]): string {
  const beforeCount = hunk.filter((line) => line.op !== "+").length;
  const afterCount = hunk.filter((line) => line.op !== "-").length;
  const beforeStart = hunk[0].before + (beforeCount > 0 ? 1 : 0);
  const afterStart = hunk[0].after + (afterCount > 0 ? 1 : 0);
  let text = `@@ -${beforeStart},${beforeCount} +${afterStart},${afterCount} @@\n`;
  for (let i = 0; i < hunk.length;) {
    if (hunk[i].op === " ") {
      const line = hunk[i++].text;
      text += ` ${line.length > _LONG ? `${line.slice(0, _LONG - 3)}...` : line}\n`;
      continue;
    }
    const removed: string[] = [];
    const added: string[] = [];
    for (; i < hunk.length && hunk[i].op !== " "; i++) {
      (hunk[i].op === "-" ? removed : added).push(hunk[i].text);
    }
    for (const [k, line] of removed.entries()) text += `-${_clip(line, added[k])}\n`;
    for (const [k, line] of added.entries()) text += `+${_clip(line, removed[k])}\n`;
  }
  return text;
}

// A long changed line, cut to where it differs from the line it replaces.
function _clip(line: string, other: string | undefined): string {
  if (other === undefined || (line.length <= _LONG && other.length <= _LONG)) return line;
  let prefix = 0;
  while (prefix < line.length && prefix < other.length && line[prefix] === other[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < line.length - prefix && suffix < other.length - prefix &&
    line[line.length - 1 - suffix] === other[other.length - 1 - suffix]
  ) suffix++;
  const from = Math.max(0, prefix - _MARGIN);
  const to = Math.min(line.length, line.length - suffix + _MARGIN);
  return (from > 0 ? "..." : "") + line.slice(from, to) + (to < line.length ? "..." : "");
}
