/**
 * The document model: a file's top-level nodes, the sections its headings
 * open, and the word and line figures the index reports.
 *
 * @module
 */
import type { Token } from "markdown-it";
import { chunkStarts, runsToEnd } from "./chunks.ts";
import { DEFINITION_TOKEN, FOOTNOTE_OPEN_TOKEN, type ParseEnv, parseMarkdown } from "./markdown.ts";
import { blockPlainText, blockWordCount, inlinePlainText } from "./plain_text.ts";
import {
  frontMatterLineCount,
  isBlankLine,
  sliceLines,
  type SourceLines,
  splitLines,
} from "./source_lines.ts";

/** The node kinds a selector can name with `block:`. */
export type BlockKind = "paragraph" | "code" | "list" | "table" | "blockquote";

/** Every kind of node the model knows. Only headings and blocks are selectable. */
export type NodeKind =
  | "heading"
  | BlockKind
  | "html"
  | "thematic_break"
  | "definition"
  | "footnote_definition";

/** The block kinds, in the order the index reports their counts. */
export const BLOCK_KINDS: readonly BlockKind[] = [
  "paragraph",
  "code",
  "list",
  "table",
  "blockquote",
];

/** One node: a heading, a block, or another construct that takes up lines. */
export interface MdNode {
  /** What the node is. */
  readonly kind: NodeKind;
  /** Heading level 1 to 6; 0 for other nodes. */
  readonly depth: number;
  /** First source line, 0-based. */
  readonly startLine: number;
  /** Last non-blank source line, 0-based, inclusive. */
  readonly endLine: number;
  /** Words of the node's plain text. */
  readonly words: number;
  /** A heading's plain text; empty for other nodes. */
  readonly text: string;
  /**
   * Index of the node's first token in the document's `tokens`, or -1 when
   * they were dropped (a top-level node after the first heading that is no
   * blockquote: nothing reads them again).
   */
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
  /** The nodes, in source order. */
  readonly nodes: readonly MdNode[];
  /** For a heading at `i`: one past the last node of its section. */
  readonly sectionEnds: Int32Array;
  /** `wordPrefix[i]` is the number of words in `nodes[0..i)`. */
  readonly wordPrefix: Float64Array;
  /**
   * `ordinals[i]` counts the nodes before `i` of the same type (headings of
   * the same depth, blocks of the same kind): the index a selector gives it.
   */
  readonly ordinals: Int32Array;
}

/** A parsed Markdown file. */
export interface MdDocument {
  /** The namespace selectors use for this file. */
  readonly namespace: string;
  /** The path as the user gave it. */
  readonly filePath: string;
  /** The exact source and its lines. */
  readonly lines: SourceLines;
  /** How many lines of front matter the file starts with. */
  readonly frontMatterLines: number;
  /**
   * The parser's tokens of the nodes read again: top-level blockquotes (for
   * their children) and the nodes before the first heading (for the root's
   * preview).
   */
  readonly tokens: readonly Token[];
  /** What inline parses need from the block parse (reference definitions). */
  readonly env: ParseEnv;
  /** The top-level nodes. */
  readonly top: NodeList;
  /**
   * The child nodes of a blockquote.
   *
   * @param node A blockquote node of this document.
   * @returns Its children.
   */
  childrenOf(node: MdNode): NodeList;
}

const NODE_KIND_BY_TOKEN: Readonly<Record<string, NodeKind>> = {
  heading_open: "heading",
  paragraph_open: "paragraph",
  fence: "code",
  code_block: "code",
  bullet_list_open: "list",
  ordered_list_open: "list",
  table_open: "table",
  blockquote_open: "blockquote",
  html_block: "html",
  hr: "thematic_break",
  [DEFINITION_TOKEN]: "definition",
  [FOOTNOTE_OPEN_TOKEN]: "footnote_definition",
};

let _nextListId = 0;

/**
 * A piece of the source is parsed at a time once the file passes twice this
 * size: 256 KB pieces kept a 20 MB file under 300 MB (1 MB pieces: 415 MB).
 */
const CHUNK_CHARS = 256 * 1024;

/**
 * Parses a Markdown text into the document model.
 *
 * @param text The file's text (BOM already removed).
 * @param namespace The file's namespace.
 * @param filePath The path as given, echoed in output.
 * @param chunkChars A text of at least twice this many characters is parsed
 * in pieces of about this size (the same document, less memory at once).
 * @returns The document.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "./document.ts";
 * const doc = parseDocument("# A\n\ntext\n\n## B\n", "doc", "doc.md");
 * assert.deepEqual(doc.top.nodes.map((node) => node.kind), ["heading", "paragraph", "heading"]);
 * assert.equal(doc.top.sectionEnds[0], 3);
 * ```
 */
export function parseDocument(
  text: string,
  namespace: string,
  filePath: string,
  chunkChars: number = CHUNK_CHARS,
): MdDocument {
  const lines = splitLines(text);
  const frontMatterLines = frontMatterLineCount(lines);
  const env: ParseEnv = {};
  const tokens: Token[] = [];
  const built = _buildTop(lines, frontMatterLines, env, tokens, chunkChars);
  const top = _listOf(_readHeadings(built, env));
  const children = new Map<MdNode, NodeList>();
  return {
    namespace,
    filePath,
    lines,
    frontMatterLines,
    tokens,
    env,
    top,
    childrenOf(node) {
      let list = children.get(node);
      if (list === undefined) {
        const { tokenStart, tokenEnd, level, quoteDepth } = node;
        const built = node.kind === "blockquote" && tokenStart >= 0
          ? _buildList(tokens, lines, tokenStart + 1, tokenEnd - 1, level + 1, quoteDepth + 1, 0)
          : { nodes: [], contents: [] };
        list = _listOf(_readHeadings(built, env));
        children.set(node, list);
      }
      return list;
    },
  };
}

/** Nodes as built from tokens, and each heading's raw inline content (its text still to read). */
interface _Built {
  readonly nodes: _Draft[];
  readonly contents: (string | undefined)[];
}

type _Draft = { -readonly [K in keyof MdNode]: MdNode[K] };

/**
 * The top-level nodes, the text parsed piece by piece (see `chunks.ts`) so
 * that only one piece's tokens are alive at a time. The tokens later reads
 * need (those of blockquotes, for their children, and of the nodes before
 * the first heading, for the root's preview) are moved to `kept`, their
 * lines made absolute; the other nodes drop theirs (`tokenStart` -1).
 */
function _buildTop(
  lines: SourceLines,
  frontMatterLines: number,
  env: ParseEnv,
  kept: Token[],
  chunkChars: number,
): _Built {
  const { starts } = lines;
  const cuts = chunkStarts(lines, frontMatterLines, chunkChars);
  const top: _Built = { nodes: [], contents: [] };
  let beforeHeading = true;
  for (let k = 0; k < cuts.length; k++) {
    const first = cuts[k];
    let last = k + 1 < cuts.length ? cuts[k + 1] : starts.length;
    let tokens = parseMarkdown(_pieceSource(lines, frontMatterLines, first, last), env);
    if (last < starts.length && runsToEnd(tokens, last - first)) {
      // A block the scan did not see runs over the cut: the rest is one piece.
      last = starts.length;
      k = cuts.length;
      tokens = parseMarkdown(_pieceSource(lines, frontMatterLines, first, last), env);
    }
    const piece = _buildList(tokens, lines, 0, tokens.length, 0, 0, first);
    for (let n = 0; n < piece.nodes.length; n++) {
      const node = piece.nodes[n];
      if (node.kind === "heading") beforeHeading = false;
      if (node.kind === "blockquote" || beforeHeading) {
        const start = kept.length;
        for (let i = node.tokenStart; i < node.tokenEnd; i++) {
          const token = tokens[i];
          if (token.map !== null) token.map = [token.map[0] + first, token.map[1] + first];
          kept.push(token);
        }
        node.tokenStart = start;
        node.tokenEnd = kept.length;
      } else {
        node.tokenStart = -1;
        node.tokenEnd = -1;
      }
      top.nodes.push(node);
      top.contents.push(piece.contents[n]);
    }
  }
  return top;
}

/**
 * The source of lines `first..last)` as the parser reads it: front matter
 * blanked out rather than cut, so line numbers still agree.
 */
function _pieceSource(
  lines: SourceLines,
  frontMatterLines: number,
  first: number,
  last: number,
): string {
  const { text, starts } = lines;
  const end = last < starts.length ? starts[last] : text.length;
  if (first >= frontMatterLines) return text.slice(starts[first], end);
  const from = starts[frontMatterLines] ?? text.length;
  return "\n".repeat(frontMatterLines - first) + text.slice(from, Math.max(from, end));
}

/** Sets each heading's text from its raw content, every reference definition known. */
function _readHeadings(built: _Built, env: ParseEnv): MdNode[] {
  built.nodes.forEach((node, i) => {
    const content = built.contents[i];
    if (content !== undefined) node.text = inlinePlainText(content, env).trim();
  });
  return built.nodes;
}

/**
 * The exact source of the nodes `list.nodes[from..to)`, from the first
 * character of the first to the last character of the last.
 *
 * @param doc The document.
 * @param nodes The nodes (a contiguous run of siblings).
 * @returns The source text, trailing whitespace removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodesSource, parseDocument } from "./document.ts";
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

/**
 * Removes the blockquote markers of the enclosing quotes from the start of a
 * nested node's first line, so its source starts at its own first character.
 *
 * @param text Source text starting at the beginning of a line.
 * @param quoteDepth How many quotes enclose the node.
 * @returns The text without those leading markers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripQuoteMarkers } from "./document.ts";
 * assert.equal(stripQuoteMarkers("> > deep\n> > more", 2), "deep\n> > more");
 * ```
 */
export function stripQuoteMarkers(text: string, quoteDepth: number): string {
  let start = 0;
  for (let depth = 0; depth < quoteDepth; depth++) {
    const marker = /^[ \t]{0,3}>[ \t]?/.exec(text.slice(start, start + 8));
    if (marker === null) break;
    start += marker[0].length;
  }
  return text.slice(start);
}

/**
 * The plain text of some nodes, for previews.
 *
 * @param doc The document.
 * @param nodes The nodes.
 * @param limit Stop collecting once this many characters are gathered.
 * @returns Their plain text, one node per line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodesPlainText, parseDocument } from "./document.ts";
 * const doc = parseDocument("Some *emphasis*.\n", "doc", "doc.md");
 * assert.equal(nodesPlainText(doc, doc.top.nodes).trim(), "Some emphasis.");
 * ```
 */
export function nodesPlainText(doc: MdDocument, nodes: readonly MdNode[], limit = 200): string {
  let text = "";
  for (const node of nodes) {
    if (text.length >= limit) break;
    if (node.tokenStart >= 0) {
      text += blockPlainText(doc.tokens, node.tokenStart, node.tokenEnd, limit, doc.env) + "\n";
    } else {
      // Its tokens were dropped (a top-level node): parse its own lines again.
      const tokens = parseMarkdown(nodesSource(doc, [node]), { ...doc.env });
      text += blockPlainText(tokens, 0, tokens.length, limit, doc.env) + "\n";
    }
  }
  return text;
}

/**
 * Whether a node can be named by a selector (a heading or a block).
 *
 * @param node Any node.
 * @returns `true` for headings and blocks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSelectable, parseDocument } from "./document.ts";
 * const doc = parseDocument("<div></div>\n\ntext\n", "doc", "doc.md");
 * assert.deepEqual(doc.top.nodes.map(isSelectable), [false, true]);
 * ```
 */
export function isSelectable(node: MdNode): boolean {
  return node.kind === "heading" || (BLOCK_KINDS as readonly string[]).includes(node.kind);
}

/**
 * A key shared by nodes a selector type counts together: `h2` for depth-2
 * headings, the kind for every other node.
 *
 * @param node Any node.
 * @returns The key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodeTypeKey, parseDocument } from "./document.ts";
 * const doc = parseDocument("## A\n\ntext\n", "doc", "doc.md");
 * assert.deepEqual(doc.top.nodes.map(nodeTypeKey), ["h2", "paragraph"]);
 * ```
 */
export function nodeTypeKey(node: MdNode): string {
  return node.kind === "heading" ? `h${node.depth}` : node.kind;
}

/**
 * The characters a run of sibling nodes spans in the source, from the first
 * character of the first to the last of the last.
 *
 * @param doc The document.
 * @param nodes The nodes (a contiguous run of siblings).
 * @returns The number of characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { nodesChars, parseDocument } from "./document.ts";
 * const doc = parseDocument("# A\n\ntext\n", "doc", "doc.md");
 * assert.equal(nodesChars(doc, doc.top.nodes), 9);
 * ```
 */
export function nodesChars(doc: MdDocument, nodes: readonly MdNode[]): number {
  if (nodes.length === 0) return 0;
  const { starts, ends } = doc.lines;
  return ends[nodes[nodes.length - 1].endLine] - starts[nodes[0].startLine];
}

function _buildList(
  tokens: Token[],
  lines: SourceLines,
  from: number,
  to: number,
  level: number,
  quoteDepth: number,
  lineOffset: number,
): _Built {
  const built: _Built = { nodes: [], contents: [] };
  for (let i = from; i < to; i++) {
    const token = tokens[i];
    if (token.level !== level || token.nesting === -1) continue;
    const kind = NODE_KIND_BY_TOKEN[token.type];
    const end = token.nesting === 1 ? _closingIndex(tokens, i, to) + 1 : i + 1;
    if (kind === undefined || token.map === null) {
      i = end - 1;
      continue;
    }
    const startLine = token.map[0] + lineOffset;
    const endBefore = token.map[1] + lineOffset;
    built.nodes.push({
      kind,
      depth: kind === "heading" ? Number(token.tag.slice(1)) : 0,
      startLine,
      endLine: _lastContentLine(lines, startLine, endBefore - 1, quoteDepth),
      words: blockWordCount(tokens, i, end),
      text: "",
      tokenStart: i,
      tokenEnd: end,
      level,
      quoteDepth,
    });
    built.contents.push(kind === "heading" ? tokens[i + 1].content : undefined);
    i = end - 1;
  }
  return built;
}

function _listOf(nodes: readonly MdNode[]): NodeList {
  const sectionEnds = new Int32Array(nodes.length).fill(nodes.length);
  const open: number[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.kind !== "heading") continue;
    while (open.length > 0 && nodes[open[open.length - 1]].depth >= node.depth) {
      sectionEnds[open.pop()!] = i;
    }
    open.push(i);
  }
  const wordPrefix = new Float64Array(nodes.length + 1);
  for (let i = 0; i < nodes.length; i++) wordPrefix[i + 1] = wordPrefix[i] + nodes[i].words;
  const ordinals = new Int32Array(nodes.length);
  const seen = new Map<string, number>();
  for (let i = 0; i < nodes.length; i++) {
    const key = nodeTypeKey(nodes[i]);
    const count = seen.get(key) ?? 0;
    ordinals[i] = count;
    seen.set(key, count + 1);
  }
  return { id: _nextListId++, nodes, sectionEnds, wordPrefix, ordinals };
}

function _closingIndex(tokens: Token[], open: number, to: number): number {
  const level = tokens[open].level;
  for (let i = open + 1; i < to; i++) {
    if (tokens[i].level === level && tokens[i].nesting === -1) return i;
  }
  return to - 1;
}

function _lastContentLine(
  lines: SourceLines,
  first: number,
  last: number,
  quoteDepth: number,
): number {
  let line = Math.min(last, lines.starts.length - 1);
  while (line > first && _isBlankIn(lines, line, quoteDepth)) line--;
  return line;
}

/**
 * Whether a line is blank for a node inside `quoteDepth` blockquotes: inside
 * a quote, a line holding only the quote markers (`>`) is blank too.
 */
function _isBlankIn(lines: SourceLines, line: number, quoteDepth: number): boolean {
  if (isBlankLine(lines, line)) return true;
  if (quoteDepth === 0) return false;
  const text = lines.text.slice(lines.starts[line], lines.ends[line]);
  return /^[ \t\f\v]*$/.test(stripQuoteMarkers(text, quoteDepth));
}
