/**
 * The document model: a file's nodes, the sections its headings open, and their word and line
 * figures.
 *
 * @module
 */
import { sliceLines, type SourceLines, stripQuoteMarkers } from "./source_lines.ts";

/** The node kinds a selector can name with `block:`. */
export type BlockKind = (typeof BLOCK_KINDS)[number];

/** Every kind of node; only headings and blocks are selectable; the last three are MDX's. */
export type NodeKind =
  | "heading"
  | BlockKind
  | "html"
  | "thematic_break"
  | "definition"
  | "footnote_definition"
  | "jsx"
  | "expression"
  | "esm";

/** The block kinds, in the order the index reports their counts. */
export const BLOCK_KINDS = ["paragraph", "code", "list", "table", "blockquote"] as const;

/** One node: a heading, a block, or another construct that takes up lines. */
export interface MdNode {
  readonly kind: NodeKind;
  /** Heading level 1 to 6; 0 for other nodes. */
  readonly depth: number;
  /** First source line, 0-based. */
  readonly startLine: number;
  /** Last non-blank source line, 0-based, inclusive. */
  readonly endLine: number;
  readonly words: number;
  /** A heading's plain text; a `jsx` node's attribute text, a value a line; else empty. */
  readonly text: string;
  /** Index of its first markdown-it token among those kept; -1 when MDX read it or none is kept. */
  readonly tokenStart: number;
  /** Index one past the node's last token (-1 when dropped). */
  readonly tokenEnd: number;
  /** Nesting level of the node's tokens (0 at the top). */
  readonly level: number;
  /** How many blockquotes enclose the node. */
  readonly quoteDepth: number;
}

/** Sibling nodes, with the sections their headings open. */
export interface NodeList {
  /** Unique within a process, to tell lists apart. */
  readonly id: number;
  readonly nodes: readonly MdNode[];
  /** For a heading at `i`: one past the last node of its section. */
  readonly sectionEnds: Int32Array;
  /** `wordPrefix[i]` is the number of words in `nodes[0..i)`. */
  readonly wordPrefix: Float64Array;
  /** `ordinals[i]` counts the nodes before `i` of the same {@linkcode nodeTypeKey}. */
  readonly ordinals: Int32Array;
}

/** Which front end read a file: markdown-it (CommonMark and GFM) or MDX's own parser. */
export type Syntax = "markdown" | "mdx";

/** A parsed Markdown file. */
export interface MdDocument {
  /** The namespace selectors use for this file. */
  readonly namespace: string;
  /** The path as the user gave it. */
  readonly filePath: string;
  readonly syntax: Syntax;
  readonly lines: SourceLines;
  readonly frontMatterLines: number;
  /** The top-level nodes. */
  readonly top: NodeList;
  /** The child nodes of a blockquote of this document. */
  childrenOf(node: MdNode): NodeList;
  /** The plain text of one node, ending in a newline, until at least `limit` characters. */
  plainText(node: MdNode, limit: number): string;
}

/** A node while a front end builds it. */
export type NodeDraft = { -readonly [K in keyof MdNode]: MdNode[K] };

/** What a front end hands the model. */
export interface DocumentParts {
  readonly syntax: Syntax;
  readonly lines: SourceLines;
  readonly frontMatterLines: number;
  /** The top-level nodes, heading text read. */
  readonly nodes: readonly MdNode[];
  /** A blockquote's child nodes, heading text read. */
  childrenOf(node: MdNode): readonly MdNode[];
  /** A node's plain text, ending in a newline (a `jsx` node's is its text, read by the model). */
  plainText(node: MdNode, limit: number): string;
}

let _nextListId = 0;

/** A text of at least twice this many characters is parsed a piece of about this size at a time. */
export const CHUNK_CHARS = 256 * 1024;

/**
 * Puts a front end's parts together into a document (a blockquote's children when first asked).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { assembleDocument } from "./document.ts";
 * import { readMarkdown } from "./markdown_nodes.ts";
 * const doc = assembleDocument("doc", "doc.md", readMarkdown("# A\n\n## B\n", Infinity));
 * assert.deepEqual([...doc.top.sectionEnds], [2, 2]);
 * ```
 */
export function assembleDocument(
  namespace: string,
  filePath: string,
  parts: DocumentParts,
): MdDocument {
  const children = new Map<MdNode, NodeList>();
  return {
    namespace,
    filePath,
    syntax: parts.syntax,
    lines: parts.lines,
    frontMatterLines: parts.frontMatterLines,
    top: _listOf(parts.nodes),
    childrenOf(node) {
      let list = children.get(node);
      if (list === undefined) {
        list = _listOf(node.kind === "blockquote" ? parts.childrenOf(node) : []);
        children.set(node, list);
      }
      return list;
    },
    plainText(node, limit) {
      if (node.kind !== "jsx") return parts.plainText(node, limit);
      return node.text === "" ? "" : `${node.text.slice(0, limit)}\n`;
    },
  };
}

/**
 * The exact source of a run of sibling nodes, from the first's first character to the last's last.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodesSource } from "./document.ts";
 * import { parseDocument } from "./markdown_nodes.ts";
 * const doc = parseDocument("> # In a quote\n> text\n", "doc", "doc.md");
 * const quoteChildren = doc.childrenOf(doc.top.nodes[0]).nodes;
 * assert.equal(nodesSource(doc, quoteChildren.slice(1)), "text");
 * ```
 */
export function nodesSource(doc: MdDocument, nodes: readonly MdNode[]): string {
  if (nodes.length === 0) return "";
  const first = nodes[0];
  const text = sliceLines(doc.lines, first.startLine, nodes[nodes.length - 1].endLine);
  return stripQuoteMarkers(text, first.quoteDepth);
}

/** Node kinds of MDX that are code, not prose: ESM, expressions, lines of JSX tags. */
const MDX_CODE_KINDS: ReadonlySet<NodeKind> = new Set(["jsx", "expression", "esm"]);

/**
 * The source of lines `first..last` (inclusive) a reader sees as text: in an MDX file, without the
 * lines of its top-level ESM, expressions and JSX tags (the search reads their text apart).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { proseSource } from "./document.ts";
 * import { parseMdxDocument } from "./mdx.ts";
 * const { doc } = parseMdxDocument("export const a = 1\n\n<Note>\nSome text.\n</Note>\n", "d", "d.mdx");
 * assert.equal(proseSource(doc, 0, 4), "\nSome text.");
 * ```
 */
export function proseSource(doc: MdDocument, first: number, last: number): string {
  const { lines } = doc;
  if (doc.syntax !== "mdx") return sliceLines(lines, first, last);
  const nodes = doc.top.nodes;
  // The first node that ends at `first` or later.
  let low = 0;
  let high = nodes.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (nodes[middle].endLine < first) low = middle + 1;
    else high = middle;
  }
  const pieces: string[] = [];
  let line = first;
  for (let i = low; i < nodes.length && nodes[i].startLine <= last; i++) {
    const node = nodes[i];
    if (!MDX_CODE_KINDS.has(node.kind)) continue;
    if (node.startLine > line) pieces.push(sliceLines(lines, line, node.startLine - 1));
    line = Math.max(line, node.endLine + 1);
  }
  if (line <= last) pieces.push(sliceLines(lines, line, last));
  return pieces.join("\n");
}

/**
 * The plain text of some nodes, one node per line, for previews, until at least `limit` characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodesPlainText } from "./document.ts";
 * import { parseDocument } from "./markdown_nodes.ts";
 * const doc = parseDocument("Some *emphasis*.\n", "doc", "doc.md");
 * assert.equal(nodesPlainText(doc, doc.top.nodes).trim(), "Some emphasis.");
 * ```
 */
export function nodesPlainText(doc: MdDocument, nodes: readonly MdNode[], limit = 200): string {
  let text = "";
  for (const node of nodes) {
    if (text.length >= limit) break;
    text += doc.plainText(node, limit);
  }
  return text;
}

/**
 * Whether a node can be named by a selector: a heading or a block.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSelectable } from "./document.ts";
 * import { parseDocument } from "./markdown_nodes.ts";
 * const doc = parseDocument("<div></div>\n\ntext\n", "doc", "doc.md");
 * assert.deepEqual(doc.top.nodes.map(isSelectable), [false, true]);
 * ```
 */
export function isSelectable(node: MdNode): boolean {
  return node.kind === "heading" || (BLOCK_KINDS as readonly string[]).includes(node.kind);
}

/**
 * The key of the nodes a selector type counts together: `h2` for depth-2 headings, else the kind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodeTypeKey } from "./document.ts";
 * import { parseDocument } from "./markdown_nodes.ts";
 * const doc = parseDocument("## A\n\ntext\n", "doc", "doc.md");
 * assert.deepEqual(doc.top.nodes.map(nodeTypeKey), ["h2", "paragraph"]);
 * ```
 */
export function nodeTypeKey(node: MdNode): string {
  return node.kind === "heading" ? `h${node.depth}` : node.kind;
}

/**
 * How many characters a run of sibling nodes spans, from the first's first to the last's last.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodesChars } from "./document.ts";
 * import { parseDocument } from "./markdown_nodes.ts";
 * const doc = parseDocument("# A\n\ntext\n", "doc", "doc.md");
 * assert.equal(nodesChars(doc, doc.top.nodes), 9);
 * ```
 */
export function nodesChars(doc: MdDocument, nodes: readonly MdNode[]): number {
  if (nodes.length === 0) return 0;
  const { starts, ends } = doc.lines;
  return ends[nodes[nodes.length - 1].endLine] - starts[nodes[0].startLine];
}

function _listOf(nodes: readonly MdNode[]): NodeList {
  const sectionEnds = new Int32Array(nodes.length).fill(nodes.length);
  const wordPrefix = new Float64Array(nodes.length + 1);
  const ordinals = new Int32Array(nodes.length);
  const open: number[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    wordPrefix[i + 1] = wordPrefix[i] + node.words;
    const key = nodeTypeKey(node);
    ordinals[i] = seen.get(key) ?? 0;
    seen.set(key, ordinals[i] + 1);
    if (node.kind !== "heading") continue;
    while (open.length > 0 && nodes[open[open.length - 1]].depth >= node.depth) {
      sectionEnds[open.pop()!] = i;
    }
    open.push(i);
  }
  return { id: _nextListId++, nodes, sectionEnds, wordPrefix, ordinals };
}
