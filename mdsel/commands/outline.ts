/**
 * The text outline: one line per heading, indented by depth, sized where big, folded level by
 * level to fit a budget. `index` prints one per document; `select` one for a big section.
 *
 * @module
 */
import type { NodeList } from "../parse/document.ts";
import { clipText } from "../query/clip.ts";
import { linesChars } from "./budget.ts";

/** One heading of an outline. */
export interface OutlineEntry {
  readonly depth: number;
  /** The selector printed for it (`h2.3`, or a longer form). */
  readonly label: string;
  /** Its text, on one line. */
  readonly text: string;
  /** Words of its whole section. */
  readonly words: number;
  /** The section's first and last line, 1-based, when shown (`index --lines`). */
  readonly lines?: readonly [number, number];
}

/**
 * The outline entries of the sections in `list.nodes[from..to)`, named by `label` of their index.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { outlineEntries } from "./outline.ts";
 * const doc = parseDocument("# A\n\n## B\n\ntext\n", "doc", "doc.md");
 * assert.deepEqual(outlineEntries(doc.top, 0, 3, (i) => `n${i}`).map((e) => [e.label, e.words]), [["n0", 3], ["n1", 2]]);
 * ```
 */
export function outlineEntries(
  list: NodeList,
  from: number,
  to: number,
  label: (index: number) => string,
): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  for (let i = from; i < to; i++) {
    const node = list.nodes[i];
    if (node.kind !== "heading") continue;
    const end = Math.min(list.sectionEnds[i], to);
    entries.push({
      depth: node.depth,
      label: label(i),
      text: headingLine(node.text),
      words: list.wordPrefix[end] - list.wordPrefix[i],
    });
  }
  return entries;
}

/** The most characters of a heading's text an outline line shows (a setext heading can be long). */
const _HEADING_TEXT_CHARS = 200;

/**
 * Text on one line, cut after `max` code points with `...`; a huge heading read only at its start.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clipLine } from "./outline.ts";
 * assert.deepEqual(clipLine(" Two\n lines ", 9), { text: "Two lines", truncated: false });
 * assert.deepEqual(clipLine("Two lines", 3), { text: "Two...", truncated: true });
 * ```
 */
export function clipLine(text: string, max: number): { text: string; truncated: boolean } {
  // Most headings and previews are short and single-spaced already.
  if (text.length <= max && _ONE_LINE.test(text)) return { text, truncated: false };
  // Past this many UTF-16 units the text holds more than `max` characters.
  const units = max * 2 + 2;
  let line = "";
  for (const [word] of text.matchAll(/\S+/g)) {
    line += (line === "" ? "" : " ") + word.slice(0, units);
    if (line.length >= units) break;
  }
  if (line.length <= max || Array.from(line).length <= max) return { text: line, truncated: false };
  return { text: clipText(line, max, { codePoints: true }), truncated: true };
}

/** A line as {@linkcode clipLine} makes it: words, single-spaced. */
const _ONE_LINE = /^(?:\S+(?: \S+)*)?$/;

/**
 * A heading's text as an outline line shows it: on one line, at most 200 characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { headingLine } from "./outline.ts";
 * assert.equal(headingLine("word ".repeat(10_000)).length, 200 + 3);
 * ```
 */
export function headingLine(text: string): string {
  return clipLine(text, _HEADING_TEXT_CHARS).text;
}

/** One outline line: indented, its size from `sizeWords`, and how many headings it hides. */
function _outlineLine(entry: OutlineEntry, hidden: number, style: { sizeWords: number }): string {
  const range = entry.lines === undefined ? "" : ` L${entry.lines[0]}-${entry.lines[1]}`;
  const text = entry.text === "" ? "" : ` ${entry.text}`; // an empty heading (`##`) has none
  const head = `${" ".repeat(entry.depth - 1)}${entry.label}${text}${range}`;
  if (hidden > 0) return `${head} [${entry.words} words, +${hidden} subsections]`;
  return entry.words >= style.sizeWords ? `${head} [${entry.words} words]` : head;
}

/**
 * An outline's lines under a depth limit; hidden headings count on their nearest shown ancestor.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { outlineLines } from "./outline.ts";
 * const at = (depth: number, text: string, words: number) => ({ depth, label: `h${depth}.0`, text, words });
 * const entries = [at(1, "A", 3), at(2, "B", 2), at(3, "C", 1)];
 * assert.deepEqual(outlineLines(entries, 2, { sizeWords: 500 }), ["h1.0 A", " h2.0 B [2 words, +1 subsections]"]);
 * ```
 */
export function outlineLines(
  entries: readonly OutlineEntry[],
  limit: number,
  style: { readonly sizeWords: number },
): string[] {
  const hidden = new Int32Array(entries.length);
  const shown: number[] = [];
  entries.forEach((entry, i) => {
    while (shown.length > 0 && entries[shown[shown.length - 1]].depth >= entry.depth) shown.pop();
    if (entry.depth <= limit) shown.push(i);
    else if (shown.length > 0) hidden[shown[shown.length - 1]]++;
  });
  const lines: string[] = [];
  entries.forEach((entry, i) => {
    if (entry.depth <= limit) lines.push(_outlineLine(entry, hidden[i], style));
  });
  return lines;
}

/**
 * One depth limit per outline fitting them (and `fixedChars`) into a budget, else the smallest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { fitDepths, outlineEntries } from "./outline.ts";
 * const doc = parseDocument("# A\n## B\n### A long third level\n#### And a long fourth\n", "doc", "doc.md");
 * const entries = outlineEntries(doc.top, 0, 4, (i) => `x${i}`);
 * // Too big: the deepest levels fold, but never the two shallowest.
 * assert.deepEqual(fitDepths([{ entries, fixedChars: 0 }], 50, { sizeWords: 500 }).limits, [2]);
 * ```
 */
export function fitDepths(
  groups: readonly { readonly entries: readonly OutlineEntry[]; readonly fixedChars: number }[],
  budget: number,
  style: { readonly sizeWords: number },
): { limits: number[]; chars: number } {
  // Folding is not always smaller (a folded line says what it hides).
  let best: { limits: number[]; chars: number } | undefined;
  for (const limits of foldedDepths(groups.map((group) => group.entries))) {
    let chars = 0;
    groups.forEach((group, i) => {
      chars += group.fixedChars + linesChars(outlineLines(group.entries, limits[i], style));
    });
    if (chars <= budget) return { limits, chars };
    if (best === undefined || chars < best.chars) best = { limits, chars };
  }
  return best!;
}

/**
 * The depth limits, one per group, folding tries in turn: deepest first, each keeping two levels.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldedDepths } from "./outline.ts";
 * const at = (...depths: number[]) => depths.map((depth) => ({ depth }));
 * assert.deepEqual([...foldedDepths([at(1, 2, 3, 4), at(3, 5)])], [[5, 5], [4, 5], [3, 5], [2, 5]]);
 * ```
 */
export function* foldedDepths(
  groups: readonly (readonly { depth: number }[])[],
): Generator<number[]> {
  // Each group's shallowest limit that still shows two levels (1 with no headings).
  const floors = groups.map((entries) => {
    const present = [...new Set(entries.map((entry) => entry.depth))].sort((a, b) => a - b);
    return present.length === 0 ? 1 : present[Math.min(2, present.length) - 1];
  });
  // A loop, not `Math.max(...depths)`: a spread of that many headings overflows the stack.
  let deepest = 1;
  for (const entries of groups) {
    for (const entry of entries) if (entry.depth > deepest) deepest = entry.depth;
  }
  for (let limit = deepest; limit >= 1; limit--) {
    const limits = floors.map((floor) => Math.max(limit, floor));
    yield limits;
    if (limits.every((value, i) => value === floors[i])) return;
  }
}

/**
 * The budget of an outline: the larger of 2,000 characters and 5% of its text, at most `max`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { outlineBudget } from "./outline.ts";
 * assert.equal(outlineBudget(200_000, 40_000), 10000);
 * ```
 */
export function outlineBudget(describedChars: number, max: number): number {
  return Math.min(max, Math.max(2000, Math.ceil(describedChars * 0.05)));
}
