/**
 * `mdsel index`: the selector inventory of each document, kept within a character budget by
 * leaving out the deepest heading levels first.
 *
 * @module
 */
import { BLOCK_KINDS, type MdDocument, nodesChars, nodesPlainText } from "../parse/document.ts";
import { clipLine, foldedDepths } from "./outline.ts";
import { exceedsPage, type PageLimits } from "./paging.ts";

/** The index's description of the nodes before the first heading. */
export interface RootEntry {
  selector: string;
  type: "root";
  content_preview: string;
  truncated: boolean;
  children_count: number;
  word_count: number;
}

/** The index entry of one top-level heading (lines 1-based). */
export interface HeadingEntry {
  selector: string;
  type: string;
  depth: number;
  text: string;
  content_preview: string;
  truncated: boolean;
  children_count: number;
  word_count: number;
  section_word_count: number;
  section_truncated: boolean;
  start_line: number;
  end_line: number;
}

/** Top-level block counts. */
export interface BlockCounts {
  paragraphs: number;
  code_blocks: number;
  lists: number;
  tables: number;
  blockquotes: number;
}

/** The index of one document; `headings_omitted` and `max_depth` say what the budget left out. */
export interface DocumentIndex {
  namespace: string;
  file_path: string;
  root: RootEntry | null;
  headings: HeadingEntry[];
  blocks: BlockCounts;
  headings_omitted?: number;
  max_depth?: number;
}

/** Totals over all documents. */
export interface IndexSummary {
  total_documents: number;
  total_nodes: number;
  total_selectors: number;
}

const COUNT_KEYS: Readonly<Record<string, keyof BlockCounts>> = {
  paragraph: "paragraphs",
  code: "code_blocks",
  list: "lists",
  table: "tables",
  blockquote: "blockquotes",
};

const PREVIEW_LENGTH = 80;

/**
 * The full index of one document; `page` tells which sections `select` would not return whole.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { indexDocument } from "./index_command.ts";
 * const page = { words: 2000, chars: 16000 };
 * const index = indexDocument(parseDocument("# Title\n\nSome text.\n", "doc", "doc.md"), page);
 * assert.equal(index.headings[0].selector, "doc::heading:h1[0]");
 * assert.equal(index.headings[0].section_word_count, 3);
 * ```
 */
export function indexDocument(doc: MdDocument, page: PageLimits): DocumentIndex {
  const { nodes, sectionEnds, wordPrefix } = doc.top;
  const counters = [0, 0, 0, 0, 0, 0, 0];
  const headings: HeadingEntry[] = [];
  const blocks = Object.fromEntries(
    Object.values(COUNT_KEYS).map((key) => [key, 0]),
  ) as unknown as BlockCounts;
  let firstHeading = -1;
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.kind !== "heading") {
      const key = COUNT_KEYS[node.kind];
      if (key !== undefined) blocks[key]++;
      continue;
    }
    if (firstHeading === -1) firstHeading = i;
    const end = sectionEnds[i];
    const preview = makePreview(node.text);
    const sectionWords = wordPrefix[end] - wordPrefix[i];
    headings.push({
      selector: `${doc.namespace}::heading:h${node.depth}[${counters[node.depth]++}]`,
      type: `heading:h${node.depth}`,
      depth: node.depth,
      text: node.text,
      content_preview: preview.text,
      truncated: preview.truncated,
      children_count: end - i - 1,
      word_count: node.words,
      section_word_count: sectionWords,
      section_truncated: exceedsPage(sectionWords, nodesChars(doc, [node, nodes[end - 1]]), page),
      start_line: node.startLine + 1,
      end_line: nodes[end - 1].endLine + 1,
    });
  }
  const rootCount = firstHeading === -1 ? nodes.length : firstHeading;
  let root: RootEntry | null = null;
  if (firstHeading !== 0) {
    const before = nodes.slice(0, rootCount);
    const preview = makePreview(nodesPlainText(doc, before, PREVIEW_LENGTH * 4));
    root = {
      selector: `${doc.namespace}::root`,
      type: "root",
      content_preview: preview.text,
      truncated: preview.truncated,
      children_count: rootCount,
      word_count: wordPrefix[rootCount],
    };
  }
  return { namespace: doc.namespace, file_path: doc.filePath, root, headings, blocks };
}

/**
 * A one-line preview: whitespace collapsed, cut to 80 characters plus `...`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { makePreview } from "./index_command.ts";
 * assert.deepEqual(makePreview("  two\n lines "), { text: "two lines", truncated: false });
 * ```
 */
export function makePreview(text: string): { text: string; truncated: boolean } {
  return clipLine(text, PREVIEW_LENGTH);
}

/**
 * Totals over the full document indexes: `total_nodes` = `total_selectors` = root (if any) +
 * headings + blocks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { indexDocument, summarize } from "./index_command.ts";
 * const page = { words: 2000, chars: 16000 };
 * const index = indexDocument(parseDocument("intro\n\n# A\n", "doc", "doc.md"), page);
 * assert.deepEqual(summarize([index]), { total_documents: 1, total_nodes: 3, total_selectors: 3 });
 * ```
 */
export function summarize(docs: readonly DocumentIndex[]): IndexSummary {
  let nodes = 0;
  for (const doc of docs) {
    nodes += (doc.root === null ? 0 : 1) + doc.headings.length;
    for (const kind of BLOCK_KINDS) nodes += doc.blocks[COUNT_KEYS[kind]];
  }
  return { total_documents: docs.length, total_nodes: nodes, total_selectors: nodes };
}

/**
 * Keeps the JSON index (as `render` prints it) within `maxChars`: the deepest heading levels go
 * first (each document keeps two), then headings past the same count in each, then documents.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { indexDocument, limitIndex } from "./index_command.ts";
 * const page = { words: 2000, chars: 16000 };
 * const index = indexDocument(parseDocument("## A\n### B\n#### C\n##### D\n", "doc", "doc.md"), page);
 * const [limited] = limitIndex([index], 800, (docs) => JSON.stringify(docs));
 * assert.equal(limited.max_depth, 3);
 * assert.equal(limited.headings_omitted, 2);
 * ```
 */
export function limitIndex(
  docs: DocumentIndex[],
  maxChars: number,
  render: (docs: DocumentIndex[]) => { length: number },
): DocumentIndex[] {
  // Counted before rendered: a render of a huge index is slow just to find it too long.
  const fits = (attempt: DocumentIndex[]) =>
    mayFitIndex(attempt, maxChars) && render(attempt).length <= maxChars;
  if (fits(docs)) return docs;
  const limited = (limits: readonly number[], keep: number) =>
    docs.map((doc, i) => {
      const headings = doc.headings.filter((h) => h.depth <= limits[i]).slice(0, keep);
      if (headings.length === doc.headings.length) return doc;
      return {
        ...doc,
        headings,
        headings_omitted: doc.headings.length - headings.length,
        max_depth: headings.reduce((deepest, heading) => Math.max(deepest, heading.depth), 0),
      };
    });
  // The last limits keep each document's two shallowest levels.
  let floors: number[] = [];
  for (const limits of foldedDepths(docs.map((doc) => doc.headings), 2)) {
    floors = limits;
    const attempt = limited(limits, Infinity);
    if (attempt.some((doc, i) => doc !== docs[i]) && fits(attempt)) return attempt;
  }
  // Even the shallowest levels do not fit: as many first headings per document as fit.
  let most = 0;
  for (const doc of docs) most = Math.max(most, doc.headings.length);
  const low = _largest(0, most, (keep) => fits(limited(floors, keep)));
  const shortest = limited(floors, low);
  if (low > 0 || shortest.length <= 1 || fits(shortest)) return shortest;
  // Not even one heading a document fits: the first documents, at least one.
  return shortest.slice(0, _largest(1, shortest.length, (n) => fits(shortest.slice(0, n))));
}

/** The largest `n` in `[low, high]` for which `ok(n)` holds, by bisection (`low` when none). */
function _largest(low: number, high: number, ok: (n: number) => boolean): number {
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (ok(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The fewest characters one heading takes in the JSON index. */
const MIN_HEADING_CHARS = JSON.stringify(
  {
    selector: "",
    type: "",
    depth: 0,
    text: "",
    content_preview: "",
    truncated: true,
    children_count: 0,
    word_count: 0,
    section_word_count: 0,
    section_truncated: true,
    start_line: 0,
    end_line: 0,
  } satisfies HeadingEntry,
).length;

/**
 * Whether the JSON of these documents might fit `maxChars` at all, counted without rendering.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mayFitIndex } from "./index_command.ts";
 * assert.equal(mayFitIndex([], 10), true);
 * ```
 */
export function mayFitIndex(docs: readonly DocumentIndex[], maxChars: number): boolean {
  let count = 0;
  for (const doc of docs) count += doc.headings.length;
  return count * MIN_HEADING_CHARS <= maxChars;
}
