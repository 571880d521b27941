/**
 * How the text index outlines each document, and how deep each is listed to fit the budget.
 *
 * @module
 */
import type { MdDocument } from "../parse/document.ts";
import { linesChars } from "./budget.ts";
import { echoLine } from "./echo.ts";
import type { DocumentIndex } from "./index_command.ts";
import { fitDepths, headingLine, outlineBudget, type OutlineEntry } from "./outline.ts";

/** A document with its full index, for the text index. */
export interface IndexedDocument {
  readonly doc: MdDocument;
  readonly index: DocumentIndex;
  /** The folder or glob base it was found under; `undefined` when named outright. */
  readonly origin?: string;
}

/** The settings that size the text output. */
export interface TextBudget {
  /** Sections of at least this many words show their size. */
  readonly sizeWords: number;
  /** The most one result may print. */
  readonly maxChars: number;
  /** The most the index may ever take. */
  readonly indexMaxChars: number;
  /** `--full`: no budget at all. */
  readonly full: boolean;
  /** `--lines`: headings and the intro show their line ranges. */
  readonly lines?: boolean;
}

/** A document's text outline before any budget. */
export interface DocumentOutline {
  /** The header line, and the intro line if any. */
  readonly head: string[];
  readonly entries: OutlineEntry[];
  /** `---` and the block counts (none when all are 0). */
  readonly tail: string[];
  /** The header line of the document folded whole. */
  readonly folded: string;
  /** Characters of `head` and `tail`, newlines included. */
  readonly fixedChars: number;
}

/**
 * A document's text outline before any budget; with `lines`, line ranges (`L12-40`) too.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { indexDocument } from "./index_command.ts";
 * import { documentOutline } from "./index_outline.ts";
 * const doc = parseDocument("intro\n\n# A\n", "doc", "doc.md");
 * const item = { doc, index: indexDocument(doc, { words: 2000, chars: 16000 }) };
 * assert.deepEqual(documentOutline(item, true).head, ["doc doc.md [2 words]", "intro L1-1 [1 words]"]);
 * ```
 */
export function documentOutline({ doc, index }: IndexedDocument, lines = false): DocumentOutline {
  const words = doc.top.wordPrefix[doc.top.nodes.length];
  const path = echoLine(index.file_path);
  const head = [`${index.namespace} ${path} [${words} words]`];
  // Content before the first heading (front matter alone is none, nor MDX's imports and exports).
  const { nodes } = doc.top;
  const { root } = index;
  const before = root?.children_count ?? 0;
  if (root && before > 0 && nodes.slice(0, before).some((node) => node.kind !== "esm")) {
    const range = lines ? ` L${nodes[0].startLine + 1}-${nodes[before - 1].endLine + 1}` : "";
    head.push(`intro${range} [${root.word_count} words]`);
  }
  const entries = headingEntries(index, lines);
  const tail = _countsLines(index);
  const folded = `${index.namespace} ${path} [${words} words, +${entries.length} headings]`;
  return { head, entries, tail, folded, fixedChars: linesChars(head) + linesChars(tail) };
}

/**
 * A document's headings as outline entries, labelled `h2.3`, with `lines` their line ranges.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { indexDocument } from "./index_command.ts";
 * import { headingEntries } from "./index_outline.ts";
 * const doc = parseDocument("# A\n\n## B\n\ntext\n", "doc", "doc.md");
 * const index = indexDocument(doc, { words: 2000, chars: 16000 });
 * assert.deepEqual(headingEntries(index, true)[1], { depth: 2, label: "h2.0", text: "B", words: 2, lines: [3, 5] });
 * ```
 */
export function headingEntries(index: DocumentIndex, lines = false): OutlineEntry[] {
  // The full index lists every heading: its index numbers count them in order.
  const counters = [0, 0, 0, 0, 0, 0, 0];
  return index.headings.map((heading) => ({
    depth: heading.depth,
    label: `h${heading.depth}.${counters[heading.depth]++}`,
    text: headingLine(heading.text),
    words: heading.section_word_count,
    ...(lines ? { lines: [heading.start_line, heading.end_line] as const } : {}),
  }));
}

/**
 * The deepest level the text index lists, per document, within the shared outline budget.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { indexDocument } from "./index_command.ts";
 * import { documentOutline, indexDepthLimits } from "./index_outline.ts";
 * const doc = parseDocument("# A\n## B\n### C\n", "doc", "doc.md");
 * const item = { doc, index: indexDocument(doc, { words: 2000, chars: 16000 }) };
 * const budget = { sizeWords: 500, maxChars: 40000, indexMaxChars: 40000, full: false };
 * assert.deepEqual(indexDepthLimits([item], [documentOutline(item)], budget), [3]);
 * ```
 */
export function indexDepthLimits(
  items: readonly IndexedDocument[],
  outlines: readonly DocumentOutline[],
  budget: TextBudget,
): number[] {
  if (budget.full) return outlines.map(() => 6);
  const hardMax = Math.min(budget.indexMaxChars, budget.maxChars);
  const inputChars = items.reduce((sum, { doc }) => sum + doc.lines.text.length, 0);
  return fitDepths(outlines, outlineBudget(inputChars, hardMax), budget).limits;
}

function _countsLines({ blocks }: DocumentIndex): string[] {
  const { code_blocks: code, paragraphs: para, lists: list, tables: table, blockquotes } = blocks;
  const counts = Object.entries({ code, para, list, table, quote: blockquotes })
    .filter(([, count]) => count !== 0).map(([name, count]) => `${name}:${count}`);
  return counts.length === 0 ? [] : ["---", counts.join(" ")];
}
