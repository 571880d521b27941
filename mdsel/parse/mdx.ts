/**
 * The MDX front end of the document model: ESM, `{...}` and lines of JSX tags are `esm`,
 * `expression` and `jsx` nodes; the Markdown between a JSX element's tags is nodes of the tags'
 * list. Stretches without MDX go through markdown-it (`mdxSegments`, `chunks.ts`).
 *
 * @module
 */
import type { Event } from "micromark-util-types";
import { assembleDocument, CHUNK_CHARS } from "./document.ts";
import type { DocumentParts, MdDocument, MdNode, NodeDraft } from "./document.ts";
import { defineReferences } from "./markdown.ts";
import { MarkdownReader, readMarkdown } from "./markdown_nodes.ts";
import { JsxNesting, MdxSyntaxError } from "./mdx_jsx.ts";
import { jsxText, type KnownExpression } from "./jsx_text.ts";
import { type EventSource, exitOf, mdxNodes, mdxNodeSource, pointAt } from "./mdx_nodes.ts";
import { mdxParse } from "./mdx_parse.ts";
import { mdxSegments, type Segment } from "./chunks.ts";
import { type MdxProblem, mdxWarning } from "./doc_record.ts";
import { countWords } from "./words.ts";
import {
  frontMatterLineCount,
  sliceLines,
  type SourceLines,
  splitLines,
  stripQuoteMarkersOfLines,
} from "./source_lines.ts";

/** A parsed MDX file, and when MDX rejected it (it is read as Markdown then), why. */
interface _MdxDocument {
  readonly doc: MdDocument;
  readonly warning?: string;
  readonly problem?: MdxProblem;
}

/**
 * Parses an MDX text (BOM removed) into the document model; a text MDX rejects is parsed as
 * Markdown, with a warning. Stretches of one kind are parsed together up to about `chunkChars`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMdxDocument } from "./mdx.ts";
 * const text = "export const title = 'Box'\n\n<Box>\n## Checklist\n\n{/* note *" + "/}\n</Box>\n";
 * const { doc } = parseMdxDocument(text, "doc", "doc.mdx");
 * assert.deepEqual(doc.top.nodes.map((node) => node.kind), ["esm", "jsx", "heading", "expression", "jsx"]);
 * ```
 */
export function parseMdxDocument(
  text: string,
  namespace: string,
  filePath: string,
  chunkChars: number = CHUNK_CHARS,
): _MdxDocument {
  try {
    return { doc: assembleDocument(namespace, filePath, readMdx(text, chunkChars)) };
  } catch (error) {
    if (!(error instanceof MdxSyntaxError)) throw error;
    const { line, column } = error;
    const problem = { line, column, reason: error.message.replace(/\s+/g, " ") };
    return {
      doc: assembleDocument(namespace, filePath, readMarkdown(text, chunkChars)),
      warning: mdxWarning(filePath, problem),
      problem,
    };
  }
}

/**
 * Reads an MDX text into the parts of the document model.
 *
 * @param markdownStretches Whether stretches without MDX go through markdown-it (`false`, for
 * tests: all through MDX's parser, the same nodes).
 * @throws {MdxSyntaxError} When MDX rejects the text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readMdx } from "./mdx.ts";
 * const parts = readMdx("{/*\n# x\n*" + "/}\n\n# Real\n", Infinity);
 * assert.deepEqual(parts.nodes.map((node) => [node.kind, node.text]), [["expression", ""], ["heading", "Real"]]);
 * ```
 */
export function readMdx(text: string, chunkChars: number, markdownStretches = true): DocumentParts {
  const lines = splitLines(text);
  const frontMatterLines = frontMatterLineCount(lines);
  let segments = mdxSegments(lines, frontMatterLines);
  if (!markdownStretches) segments = segments.map((segment) => ({ ...segment, mdx: true }));
  return new _MdxReader(lines, frontMatterLines).read(segments, chunkChars);
}

/** What later reads keep of a node: a blockquote's events, or its source without JSX. */
interface _Kept {
  readonly events?: readonly Event[];
  readonly plain?: string;
  readonly source: EventSource;
}

class _MdxReader {
  readonly #markdown: MarkdownReader;
  readonly #nesting = new JsxNesting();
  readonly #kept = new Map<MdNode, _Kept>();
  /** The big attribute expressions MDX's parse read, by their file offset. */
  readonly #expressions = new Map<number, KnownExpression>();
  readonly #labels: string[] = [];

  constructor(private readonly lines: SourceLines, private readonly frontMatterLines: number) {
    this.#markdown = new MarkdownReader(lines, frontMatterLines, false);
  }

  read(segments: readonly Segment[], chunkChars: number): DocumentParts {
    const markdown = this.#markdown;
    for (let k = 0; k < segments.length;) {
      let end = this.#pieceEnd(segments, k, chunkChars);
      let last = segments[end - 1].last;
      let mdx = segments[k].mdx;
      let piece: NodeDraft[] | undefined;
      for (;;) {
        piece = mdx
          ? this.#mdxPiece(segments[k].first, last)
          : markdown.piece(segments[k].first, last);
        if (piece !== undefined) break;
        // A construct runs over the cut: take the next segment in.
        mdx ||= segments[end].mdx;
        last = segments[end].last;
        end++;
      }
      markdown.add(piece);
      k = end;
    }
    this.#nesting.finish();
    defineReferences(markdown.env, this.#labels);
    return {
      syntax: "mdx",
      lines: this.lines,
      frontMatterLines: this.frontMatterLines,
      nodes: markdown.readHeadings(markdown.top),
      childrenOf: (node) => this.#childrenOf(node),
      plainText: (node, limit) => this.#plainText(node, limit),
    };
  }

  /** One past the last segment of the piece starting at `k`: segments of one kind, up to the size. */
  #pieceEnd(segments: readonly Segment[], k: number, chunkChars: number): number {
    const { starts } = this.lines;
    const startChar = starts[segments[k].first];
    let end = k + 1;
    while (
      end < segments.length && segments[end].mdx === segments[k].mdx &&
      starts[segments[end].first] - startChar < chunkChars
    ) end++;
    return end;
  }

  /** The nodes of lines `first..last)` by MDX's parser, or `undefined` when a construct runs over. */
  #mdxPiece(first: number, last: number): NodeDraft[] | undefined {
    const { text, starts } = this.lines;
    const atEnd = last >= starts.length;
    const offset = starts[first];
    const input = _escapeHeadingIds(text.slice(offset, atEnd ? text.length : starts[last]));
    let parsed;
    try {
      parsed = mdxParse(input, atEnd);
    } catch (error) {
      const { line, column, reason, ruleId } = error as Record<string, unknown>;
      if (!atEnd && ruleId === "unexpected-eof") return undefined;
      // Where micromark says MDX failed, 1-based within the piece (else at its last line).
      const known = typeof line === "number" && line > 0;
      const at = known ? line : last - first;
      if (!atEnd && at >= this.#lastContentLine(first, last) + 1 - first) return undefined;
      const why = typeof reason === "string"
        ? reason
        : error instanceof Error
        ? error.message
        : String(error);
      const col = known && typeof column === "number" && column > 0 ? column : 1;
      throw new MdxSyntaxError(why, at + first, col);
    }
    const { events, sourceOffset } = parsed;
    for (const [at, read] of parsed.expressions) {
      this.#expressions.set(offset + at, { end: offset + read.end, text: read.text });
    }
    if (!atEnd && _fenceRunsToEnd(events)) return undefined;
    const source: EventSource = { lines: this.lines, offset, sourceOffset };
    this.#nesting.check(events, (at) => {
      const { line, column } = pointAt(source, at);
      return { line: line + 1, column };
    });
    const piece = mdxNodes(events, 0, events.length, source, 0);
    this.#readJsx(piece.nodes);
    for (const label of piece.labels) this.#labels.push(label);
    let keep = this.#markdown.beforeHeading;
    piece.nodes.forEach((node, i) => {
      if (node.kind === "heading") keep = false;
      const quote = piece.quotes.get(node);
      if (quote !== undefined) this.#kept.set(node, { events: quote, source });
      else if (keep) {
        const code = node.kind === "jsx" || node.kind === "expression" || node.kind === "esm";
        const plain = code ? "" : mdxNodeSource(events, piece.enters[i], source);
        this.#kept.set(node, { plain, source });
      }
    });
    return piece.nodes;
  }

  #lastContentLine(first: number, last: number): number {
    let line = last - 1;
    while (line > first && /^\s*$/.test(sliceLines(this.lines, line, line))) line--;
    return line;
  }

  #childrenOf(node: MdNode): NodeDraft[] {
    if (node.tokenStart >= 0) return this.#markdown.childrenOf(node);
    const kept = this.#kept.get(node);
    if (kept?.events === undefined) return [];
    const events = kept.events;
    const children = mdxNodes(events, 1, events.length - 1, kept.source, node.quoteDepth + 1);
    for (const [child, quote] of children.quotes) {
      this.#kept.set(child, { events: quote, source: kept.source });
    }
    this.#readJsx(children.nodes);
    return this.#markdown.readHeadings(children.nodes);
  }

  /** The text and words of `jsx` nodes: their tags' attributes'. */
  #readJsx(nodes: readonly NodeDraft[]): void {
    for (const node of nodes) {
      if (node.kind !== "jsx") continue;
      const source = sliceLines(this.lines, node.startLine, node.endLine);
      if (node.quoteDepth > 0) {
        // A tag on several quoted lines: each line's markers go (a `>` would end the tag).
        node.text = jsxText(stripQuoteMarkersOfLines(source, node.quoteDepth));
      } else {
        const base = this.lines.starts[node.startLine];
        node.text = jsxText(source, (at) => {
          const read = this.#expressions.get(base + at);
          return read === undefined ? undefined : { end: read.end - base, text: read.text };
        });
      }
      node.words = countWords(node.text);
    }
  }

  #plainText(node: MdNode, limit: number): string {
    if (node.tokenStart >= 0) return this.#markdown.plainText(node, limit);
    const plain = this.#kept.get(node)?.plain ??
      _plainOf(sliceLines(this.lines, node.startLine, node.endLine));
    return this.#markdown.sourcePlainText(plain, limit);
  }
}

/** A node's source without JSX and expressions (as it is, when MDX rejects it). */
function _plainOf(source: string): string {
  try {
    const { events, sourceOffset } = mdxParse(source);
    const lines = splitLines(source);
    const parts: string[] = [];
    for (let i = 0; i < events.length; i++) {
      const exit = exitOf(events, i);
      if (!/^(?:lineEnding|lineEndingBlank|linePrefix|whitespace)$/.test(events[i][1].type)) {
        parts.push(mdxNodeSource(events, i, { lines, offset: 0, sourceOffset }));
      }
      i = exit;
    }
    return parts.join("\n");
  } catch {
    return source;
  }
}

/**
 * Docusaurus's `escapeMarkdownHeadingIds`: `{#` on a column-0 ATX heading outside fences, here
 * made `x#` so that offsets stay put (nodes read their text from the file itself).
 */
function _escapeHeadingIds(text: string): string {
  if (!text.includes("{#")) return text;
  let fence: string | undefined;
  return text.replace(/^.*$/gm, (line) => {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (marker !== null) {
      if (fence === undefined) fence = marker[1];
      else if (
        marker[1][0] === fence[0] && marker[1].length >= fence.length &&
        /^[\t ]*\r?$/.test(line.slice(marker[0].length))
      ) {
        fence = undefined;
      }
      return line;
    }
    if (fence !== undefined || !/^#{1,6}(?!#)/.test(line)) return line;
    return line.replace("{#", "x#");
  });
}

/** Whether the last top-level construct is a fenced code block without its closing fence. */
function _fenceRunsToEnd(events: readonly Event[]): boolean {
  let depth = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const [kind, token] = events[i];
    if (kind === "enter") depth--;
    else if (depth++ === 0 && token.type !== "lineEnding" && token.type !== "lineEndingBlank") {
      if (token.type !== "codeFenced") return false;
      let fences = 0;
      for (let j = i - 1; j >= 0 && events[j][1] !== token; j--) {
        if (events[j][0] === "enter" && events[j][1].type === "codeFencedFence") fences++;
      }
      return fences < 2;
    }
  }
  return false;
}
