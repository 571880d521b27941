/**
 * The text outline: one line per heading, indented by depth, with the
 * section's size where it is big, folded level by level to fit a budget.
 * `index` prints one per document; `select` prints one for a big section.
 *
 * @module
 */
import type { NodeList } from "../parse/document.ts";

/** One heading of an outline. */
export interface OutlineEntry {
  /** Heading level, 1 to 6. */
  readonly depth: number;
  /** The selector printed for it (`h2.3`, or a longer form). */
  readonly label: string;
  /** Its text, whitespace collapsed. */
  readonly text: string;
  /** Words of its whole section. */
  readonly words: number;
  /** `descendants[d]`: headings of depth `d` inside its section. */
  readonly descendants: Int32Array;
}

/** An outline to fit, with the characters it costs besides its heading lines. */
export interface OutlineGroup {
  /** The headings, in document order. */
  readonly entries: readonly OutlineEntry[];
  /** Characters of the group's other lines (header, counts), newlines included. */
  readonly fixedChars: number;
}

/** How outlines are printed. */
export interface OutlineStyle {
  /** Sections of at least this many words show their size. */
  readonly sizeWords: number;
}

/** What an outline needs to know of one heading. */
export interface OutlineHeading {
  /** Heading level, 1 to 6. */
  readonly depth: number;
  /** The selector printed for it. */
  readonly label: string;
  /** Its text. */
  readonly text: string;
  /** Words of its whole section. */
  readonly words: number;
}

/**
 * The outline entries of headings in document order: text collapsed to one
 * line, and the headings inside each section counted by depth.
 *
 * @param headings The headings, in document order.
 * @returns The entries.
 *
 * @example
 * ```ts
 * import { buildOutline } from "./outline.ts";
 * const entries = buildOutline([
 *   { depth: 1, label: "h1.0", text: "A", words: 4 },
 *   { depth: 2, label: "h2.0", text: "B", words: 3 },
 * ]);
 * console.log(entries[0].descendants[2], entries[1].descendants[2]); // 1 0
 * ```
 */
export function buildOutline(headings: Iterable<OutlineHeading>): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  const open: OutlineEntry[] = [];
  for (const heading of headings) {
    while (open.length > 0 && open[open.length - 1].depth >= heading.depth) open.pop();
    for (const ancestor of open) ancestor.descendants[heading.depth]++;
    const entry: OutlineEntry = {
      depth: heading.depth,
      label: heading.label,
      text: heading.text.replace(/\s+/g, " ").trim(),
      words: heading.words,
      descendants: new Int32Array(7),
    };
    entries.push(entry);
    open.push(entry);
  }
  return entries;
}

/**
 * The outline headings of the sections in `list.nodes[from..to)`.
 *
 * @param list The list holding the headings.
 * @param from First node index.
 * @param to One past the last node index (sections end there at the latest).
 * @param label Names the heading at a node index (`h2.3`).
 * @returns The headings, in order.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { headingsIn } from "./outline.ts";
 * const doc = parseDocument("# A\n\n## B\n\ntext\n", "doc", "doc.md");
 * console.log(headingsIn(doc.top, 0, 3, (i) => `n${i}`).map((h) => [h.label, h.words])); // [["n0", 4], ["n1", 3]]
 * ```
 */
export function headingsIn(
  list: NodeList,
  from: number,
  to: number,
  label: (index: number) => string,
): OutlineHeading[] {
  const headings: OutlineHeading[] = [];
  for (let i = from; i < to; i++) {
    const node = list.nodes[i];
    if (node.kind !== "heading") continue;
    const end = Math.min(list.sectionEnds[i], to);
    headings.push({
      depth: node.depth,
      label: label(i),
      text: node.text,
      words: list.wordPrefix[end] - list.wordPrefix[i],
    });
  }
  return headings;
}

/**
 * How many headings of an entry's section a depth limit hides.
 *
 * @param entry The heading.
 * @param limit The deepest level shown.
 * @returns The hidden headings (0 when none).
 *
 * @example
 * ```ts
 * import { hiddenBelow } from "./outline.ts";
 * const entry = { depth: 2, label: "h2.0", text: "B", words: 9, descendants: Int32Array.from([0, 0, 0, 2, 1, 0, 0]) };
 * console.log(hiddenBelow(entry, 3)); // 1
 * ```
 */
export function hiddenBelow(entry: OutlineEntry, limit: number): number {
  let hidden = 0;
  for (let depth = limit + 1; depth <= 6; depth++) hidden += entry.descendants[depth];
  return hidden;
}

/**
 * One outline line: indentation by depth, selector, text, and the size: `[N
 * words]` for a big section, `[N words, +K subsections]` whenever the limit
 * hides headings inside it.
 *
 * @param entry The heading.
 * @param limit The deepest level shown.
 * @param style The size threshold.
 * @returns The line, without a newline.
 *
 * @example
 * ```ts
 * import { outlineLine } from "./outline.ts";
 * const entry = { depth: 2, label: "h2.0", text: "Install", words: 21, descendants: Int32Array.from([0, 0, 0, 1, 0, 0, 0]) };
 * console.log(outlineLine(entry, 2, { sizeWords: 500 })); // " h2.0 Install [21 words, +1 subsections]"
 * console.log(outlineLine(entry, 3, { sizeWords: 10 })); // " h2.0 Install [21 words]"
 * ```
 */
export function outlineLine(entry: OutlineEntry, limit: number, style: OutlineStyle): string {
  const hidden = hiddenBelow(entry, limit);
  const head = `${" ".repeat(entry.depth - 1)}${entry.label} ${entry.text}`;
  if (hidden > 0) return `${head} [${entry.words} words, +${hidden} subsections]`;
  return entry.words >= style.sizeWords ? `${head} [${entry.words} words]` : head;
}

/**
 * The lines of an outline under a depth limit.
 *
 * @param entries The headings.
 * @param limit The deepest level shown.
 * @param style The size threshold.
 * @returns One line per shown heading.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { buildOutline, headingsIn, outlineLines } from "./outline.ts";
 * const doc = parseDocument("# A\n\n## B\n", "doc", "doc.md");
 * const entries = buildOutline(headingsIn(doc.top, 0, 2, (i) => `h${i + 1}.0`));
 * console.log(outlineLines(entries, 1, { sizeWords: 500 })); // ["h1.0 A [2 words, +1 subsections]"]
 * ```
 */
export function outlineLines(
  entries: readonly OutlineEntry[],
  limit: number,
  style: OutlineStyle,
): string[] {
  const lines: string[] = [];
  for (const entry of entries) {
    if (entry.depth <= limit) lines.push(outlineLine(entry, limit, style));
  }
  return lines;
}

/**
 * The shallowest depth limit that still shows a group's `levels` shallowest
 * heading levels.
 *
 * @param entries The group's headings.
 * @param levels How many levels must stay (2 for outlines).
 * @returns The depth limit (1 when there are no headings).
 *
 * @example
 * ```ts
 * import { minimumDepth } from "./outline.ts";
 * const at = (depth: number) => ({ depth, label: "", text: "", words: 0, descendants: new Int32Array(7) });
 * console.log(minimumDepth([at(2), at(4), at(5)], 2)); // 4
 * ```
 */
export function minimumDepth(entries: readonly OutlineEntry[], levels: number): number {
  const present = [...new Set(entries.map((entry) => entry.depth))].sort((a, b) => a - b);
  if (present.length === 0) return 1;
  return present[Math.min(levels, present.length) - 1];
}

/**
 * Chooses depth limits that fit groups of outlines into a budget: levels are
 * folded deepest first across all groups, but each group keeps its `levels`
 * shallowest levels. When even that is too big, every group gets its minimum
 * (the caller then cuts).
 *
 * @param groups The outlines, with their fixed costs.
 * @param budget The characters the outlines may take.
 * @param style The size threshold.
 * @param levels How many levels each group keeps.
 * @returns One depth limit per group, and the characters they take.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { buildOutline, fitDepths, headingsIn } from "./outline.ts";
 * const doc = parseDocument("# A\n## B\n### C\n#### D\n", "doc", "doc.md");
 * const entries = buildOutline(headingsIn(doc.top, 0, 4, (i) => `x${i}`));
 * console.log(fitDepths([{ entries, fixedChars: 0 }], 30, { sizeWords: 500 }, 2).limits); // [2]
 * ```
 */
export function fitDepths(
  groups: readonly OutlineGroup[],
  budget: number,
  style: OutlineStyle,
  levels: number,
): { limits: number[]; chars: number } {
  const floors = groups.map((group) => minimumDepth(group.entries, levels));
  const deepest = Math.max(1, ...groups.flatMap((group) => group.entries.map((e) => e.depth)));
  // Folding is not always smaller (a folded line says what it hides): when
  // nothing fits, the smallest outline wins.
  let best: { limits: number[]; chars: number } | undefined;
  for (let limit = deepest; limit >= 1; limit--) {
    const limits = floors.map((floor) => Math.max(limit, floor));
    const chars = _charsOf(groups, limits, style);
    if (chars <= budget) return { limits, chars };
    if (best === undefined || chars < best.chars) best = { limits, chars };
    if (limits.every((value, i) => value === floors[i])) break;
  }
  return best!;
}

function _charsOf(groups: readonly OutlineGroup[], limits: number[], style: OutlineStyle): number {
  let chars = 0;
  groups.forEach((group, i) => {
    chars += group.fixedChars;
    for (const line of outlineLines(group.entries, limits[i], style)) chars += line.length + 1;
  });
  return chars;
}

/**
 * The budget of an outline: it grows with what it describes, the larger of
 * 2,000 characters and 5% of the described text, never above `max`.
 *
 * @param describedChars Characters of the documents or section outlined.
 * @param max The most an outline may take.
 * @returns The budget in characters.
 *
 * @example
 * ```ts
 * import { outlineBudget } from "./outline.ts";
 * console.log(outlineBudget(10_000, 40_000), outlineBudget(200_000, 40_000)); // 2000 10000
 * ```
 */
export function outlineBudget(describedChars: number, max: number): number {
  return Math.min(max, Math.max(2000, Math.ceil(describedChars * 0.05)));
}
