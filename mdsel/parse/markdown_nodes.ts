/**
 * The Markdown front end of the document model: markdown-it's block tokens turned into nodes, a
 * piece of the source at a time.
 *
 * @module
 */
import type { Env, Token } from "markdown-it";
import { chunkStarts, runsToEnd } from "./chunks.ts";
import {
  assembleDocument,
  CHUNK_CHARS,
  type DocumentParts,
  type MdDocument,
  type MdNode,
  type NodeDraft,
  type NodeKind,
} from "./document.ts";
import { DEFINITION_TOKEN, FOOTNOTE_OPEN_TOKEN, parseMarkdown } from "./markdown.ts";
import { blockPlainText, blockWordCount, inlinePlainText, stripHeadingId } from "./plain_text.ts";
import {
  frontMatterLineCount,
  lastContentLine,
  sliceLines,
  type SourceLines,
  splitLines,
  stripQuoteMarkers,
} from "./source_lines.ts";

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

/**
 * Reads a Markdown text (BOM removed) into the parts of the document model.
 *
 * @param chunkChars A text of twice this size or more is parsed in pieces of about this size.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readMarkdown } from "./markdown_nodes.ts";
 * const parts = readMarkdown("# A\n\ntext\n", Infinity);
 * assert.deepEqual(parts.nodes.map((node) => node.text), ["A", ""]);
 * ```
 */
export function readMarkdown(text: string, chunkChars: number): DocumentParts {
  const lines = splitLines(text);
  const frontMatterLines = frontMatterLineCount(lines);
  const reader = new MarkdownReader(lines, frontMatterLines, true);
  const cuts = chunkStarts(lines, frontMatterLines, chunkChars);
  for (let k = 0; k < cuts.length; k++) {
    const first = cuts[k];
    const last = k + 1 < cuts.length ? cuts[k + 1] : lines.starts.length;
    let piece = reader.piece(first, last);
    if (piece === undefined) {
      // A block the scan did not see runs over the cut: the rest is one piece.
      piece = reader.piece(first, lines.starts.length)!;
      k = cuts.length;
    }
    reader.add(piece);
  }
  return {
    syntax: "markdown",
    lines,
    frontMatterLines,
    nodes: reader.readHeadings(reader.top),
    childrenOf: (node) => reader.childrenOf(node),
    plainText: (node, limit) => reader.plainText(node, limit),
  };
}

/**
 * Parses pieces of one text and keeps the tokens later reads need, lines made absolute: those of
 * blockquotes and of the nodes before the first heading (the root's preview). Others drop theirs.
 */
export class MarkdownReader {
  /** The reference definitions of every piece parsed so far. */
  readonly env: Env = {};
  /** The top-level nodes of the pieces added so far, a heading's `text` its raw inline content. */
  readonly top: NodeDraft[] = [];
  /** Whether no piece added so far holds a heading. */
  beforeHeading = true;
  readonly #kept: Token[] = [];

  /** @param indentedCode Whether four-space indented lines are code (Markdown, not MDX). */
  constructor(
    private readonly lines: SourceLines,
    private readonly frontMatterLines: number,
    private readonly indentedCode: boolean,
  ) {}

  /**
   * The top-level nodes of lines `first..last)`, or `undefined` when its last block runs over
   * `last` (the cut was not safe).
   */
  piece(first: number, last: number): NodeDraft[] | undefined {
    const lines = this.lines;
    const tokens = parseMarkdown(this.#source(first, last), this.env, this.indentedCode);
    if (last < lines.starts.length && runsToEnd(tokens, last - first)) return undefined;
    const piece = _buildNodes(tokens, lines, 0, tokens.length, 0, 0, first);
    let keep = this.beforeHeading;
    for (const node of piece) {
      if (node.kind === "heading") keep = false;
      if (node.kind === "blockquote" || keep) {
        const start = this.#kept.length;
        for (let i = node.tokenStart; i < node.tokenEnd; i++) {
          const token = tokens[i];
          if (token.map !== null) token.map = [token.map[0] + first, token.map[1] + first];
          this.#kept.push(token);
        }
        node.tokenStart = start;
        node.tokenEnd = this.#kept.length;
      } else node.tokenStart = node.tokenEnd = -1;
    }
    return piece;
  }

  /** Appends a piece's nodes to `top` one by one (a spread of a big file's overflows the stack). */
  add(piece: readonly NodeDraft[]): void {
    this.beforeHeading &&= !piece.some((node) => node.kind === "heading");
    for (const node of piece) this.top.push(node);
  }

  /** Sets each heading's text from its raw content, every reference definition known. */
  readHeadings(nodes: NodeDraft[]): NodeDraft[] {
    for (const node of nodes) {
      if (node.kind === "heading") {
        node.text = inlinePlainText(stripHeadingId(node.text), this.env).trim();
      }
    }
    return nodes;
  }

  /** The children of a blockquote this reader built (none without tokens), heading text read. */
  childrenOf(node: MdNode): NodeDraft[] {
    const { tokenStart: from, tokenEnd: to, level, quoteDepth } = node;
    if (node.kind !== "blockquote" || from < 0) return [];
    return this.readHeadings(
      _buildNodes(this.#kept, this.lines, from + 1, to - 1, level + 1, quoteDepth + 1, 0),
    );
  }

  /** A node's plain text, ending in a newline: from its kept tokens, or its source parsed again. */
  plainText(node: MdNode, limit: number): string {
    if (node.tokenStart >= 0) {
      return blockPlainText(this.#kept, node.tokenStart, node.tokenEnd, limit, this.env) + "\n";
    }
    const source = sliceLines(this.lines, node.startLine, node.endLine);
    return this.sourcePlainText(stripQuoteMarkers(source, node.quoteDepth), limit);
  }

  /** The plain text of some source of this text, parsed again, ending in a newline. */
  sourcePlainText(source: string, limit: number): string {
    const tokens = parseMarkdown(source, { ...this.env }, this.indentedCode);
    return blockPlainText(tokens, 0, tokens.length, limit, this.env) + "\n";
  }

  /** The source of lines `first..last)`, front matter blanked out rather than cut (lines agree). */
  #source(first: number, last: number): string {
    const { text, starts } = this.lines;
    const frontMatterLines = this.frontMatterLines;
    const end = last < starts.length ? starts[last] : text.length;
    if (first >= frontMatterLines) return text.slice(starts[first], end);
    const from = starts[frontMatterLines] ?? text.length;
    return "\n".repeat(frontMatterLines - first) + text.slice(from, Math.max(from, end));
  }
}

/** The nodes of `tokens[from..to)` at nesting `level`, inside `quoteDepth` blockquotes. */
function _buildNodes(
  tokens: readonly Token[],
  lines: SourceLines,
  from: number,
  to: number,
  level: number,
  quoteDepth: number,
  lineOffset: number,
): NodeDraft[] {
  const built: NodeDraft[] = [];
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
    built.push({
      kind,
      depth: kind === "heading" ? Number(token.tag.slice(1)) : 0,
      startLine,
      endLine: lastContentLine(lines, startLine, endBefore - 1, quoteDepth),
      words: blockWordCount(tokens, i, end),
      text: kind === "heading" ? tokens[i + 1].content : "",
      tokenStart: i,
      tokenEnd: end,
      level,
      quoteDepth,
    });
    i = end - 1;
  }
  return built;
}

function _closingIndex(tokens: readonly Token[], open: number, to: number): number {
  const level = tokens[open].level;
  for (let i = open + 1; i < to; i++) {
    if (tokens[i].level === level && tokens[i].nesting === -1) return i;
  }
  return to - 1;
}

/**
 * Parses a Markdown text (BOM removed) into the document model, in pieces of about `chunkChars`
 * when twice as big (the same document, less memory at once).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "./markdown_nodes.ts";
 * const doc = parseDocument("# A\n\ntext\n\n## B\n", "doc", "doc.md");
 * assert.deepEqual(doc.top.nodes.map((node) => node.kind), ["heading", "paragraph", "heading"]);
 * ```
 */
export function parseDocument(
  text: string,
  namespace: string,
  filePath: string,
  chunkChars: number = CHUNK_CHARS,
): MdDocument {
  return assembleDocument(namespace, filePath, readMarkdown(text, chunkChars));
}
