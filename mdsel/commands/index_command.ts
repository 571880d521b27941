/**
 * `mdsel index`: the selector inventory of each document, kept within a
 * character budget by leaving out the deepest heading levels first.
 *
 * @module
 */
import { BLOCK_KINDS, type MdDocument, nodesPlainText } from "../parse/document.ts";

/** The index's description of the nodes before the first heading. */
export interface RootEntry {
  selector: string;
  type: "root";
  content_preview: string;
  truncated: boolean;
  children_count: number;
  word_count: number;
}

/** The index entry of one top-level heading. */
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

/** The index of one document. */
export interface DocumentIndex {
  namespace: string;
  file_path: string;
  root: RootEntry | null;
  headings: HeadingEntry[];
  blocks: BlockCounts;
  /** Set when the budget left headings out. */
  headings_omitted?: number;
  /** Set when the budget left headings out: the deepest level listed. */
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
 * The full index of one document.
 *
 * @param doc The document.
 * @param pageWords The page size, to tell which sections `select` would page.
 * @returns Its index entry.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { indexDocument } from "./index_command.ts";
 * const index = indexDocument(parseDocument("# Title\n\nSome text.\n", "doc", "doc.md"), 2000);
 * console.log(index.headings[0].selector, index.headings[0].section_word_count); // doc::heading:h1[0] 3
 * ```
 */
export function indexDocument(doc: MdDocument, pageWords: number): DocumentIndex {
  const { nodes, sectionEnds, wordPrefix } = doc.top;
  const counters = [0, 0, 0, 0, 0, 0, 0];
  const headings: HeadingEntry[] = [];
  const blocks: BlockCounts = {
    paragraphs: 0,
    code_blocks: 0,
    lists: 0,
    tables: 0,
    blockquotes: 0,
  };
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
      section_truncated: sectionWords > pageWords,
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
 * @param text Any text.
 * @returns The preview and whether it was cut.
 *
 * @example
 * ```ts
 * import { makePreview } from "./index_command.ts";
 * console.log(makePreview("  two\n lines ")); // { text: "two lines", truncated: false }
 * ```
 */
export function makePreview(text: string): { text: string; truncated: boolean } {
  const collapsed = text.replace(/\s+/g, " ").trim();
  if (collapsed.length <= PREVIEW_LENGTH) return { text: collapsed, truncated: false };
  const chars = Array.from(collapsed);
  if (chars.length <= PREVIEW_LENGTH) return { text: collapsed, truncated: false };
  return { text: chars.slice(0, PREVIEW_LENGTH).join("") + "...", truncated: true };
}

/**
 * Totals over all documents: `total_nodes` = `total_selectors` = root (if
 * any) + headings + blocks.
 *
 * @param docs The full (unlimited) document indexes.
 * @returns The summary.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { indexDocument, summarize } from "./index_command.ts";
 * const index = indexDocument(parseDocument("intro\n\n# A\n", "doc", "doc.md"), 2000);
 * console.log(summarize([index])); // { total_documents: 1, total_nodes: 3, total_selectors: 3 }
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

/** How a budgeted index was limited. */
export interface BudgetResult<T> {
  /** The rendered output. */
  output: T;
  /** The documents as rendered (possibly with headings left out). */
  docs: DocumentIndex[];
  /** Headings left out over all documents (0 when nothing was). */
  omitted: number;
  /** The deepest heading level kept, when headings were left out. */
  maxDepth?: number;
}

/**
 * Renders an index within a character budget: while the output is too long,
 * the deepest heading level is left out of every document; if the h1 headings
 * alone do not fit, the heading list is cut.
 *
 * @param docs The full document indexes.
 * @param maxChars The budget in characters (`Infinity` for `--full`).
 * @param render Renders documents to the output whose length counts.
 * @returns The output and what was left out.
 *
 * @example
 * ```ts
 * import { parseDocument } from "../parse/document.ts";
 * import { indexDocument, renderWithinBudget } from "./index_command.ts";
 * const index = indexDocument(parseDocument("# A\n## B\n### C\n", "doc", "doc.md"), 2000);
 * const result = renderWithinBudget([index], 200, (docs) => JSON.stringify(docs));
 * console.log(result.maxDepth, result.omitted); // 1 2
 * ```
 */
export function renderWithinBudget<T extends { length: number }>(
  docs: DocumentIndex[],
  maxChars: number,
  render: (docs: DocumentIndex[], limitedTo?: { depth: number; omitted: number }) => T,
): BudgetResult<T> {
  const first = render(docs);
  if (first.length <= maxChars) return { output: first, docs, omitted: 0 };
  const deepest = Math.max(1, ...docs.flatMap((doc) => doc.headings.map((h) => h.depth)));
  const total = docs.reduce((sum, doc) => sum + doc.headings.length, 0);
  const attempt = (depth: number, keep: number) => {
    let kept = 0;
    const limited = docs.map((doc) => {
      const headings = doc.headings.filter((h) => h.depth <= depth && kept++ < keep);
      return {
        ...doc,
        headings,
        headings_omitted: doc.headings.length - headings.length,
        max_depth: depth,
      };
    });
    const omitted = total - limited.reduce((sum, doc) => sum + doc.headings.length, 0);
    return { output: render(limited, { depth, omitted }), docs: limited, omitted, maxDepth: depth };
  };
  for (let depth = deepest - 1; depth >= 1; depth--) {
    const result = attempt(depth, Infinity);
    if (result.output.length <= maxChars) return result;
  }
  // Even the h1 headings do not fit: keep as many as fit (binary search).
  let low = 0;
  let high = docs.reduce((sum, doc) => sum + doc.headings.filter((h) => h.depth === 1).length, 0);
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (attempt(1, middle).output.length <= maxChars) low = middle;
    else high = middle - 1;
  }
  return attempt(1, low);
}
