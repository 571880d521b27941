/**
 * `mdsel index`: the selector inventory of each document.
 *
 * @module
 */
import { BLOCK_KINDS, type MdDocument, nodesChars, nodesPlainText } from "../parse/document.ts";
import { clipLine } from "./outline.ts";
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
 * ```
 */
export function indexDocument(doc: MdDocument, page: PageLimits): DocumentIndex {
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
    const preview = clipLine(node.text, PREVIEW_LENGTH);
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
    const preview = clipLine(nodesPlainText(doc, before, PREVIEW_LENGTH * 4), PREVIEW_LENGTH);
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
 * Totals over the full indexes: `total_nodes` = `total_selectors` = root (if any) + headings + blocks.
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
