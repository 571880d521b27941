/**
 * micromark's events of MDX turned into the nodes of the document model, with the kinds and lines
 * of MDX's syntax tree, JSX elements flattened (a heading inside `<Box>` opens a section).
 *
 * @module
 */
import type { Event } from "micromark-util-types";
import type { NodeDraft, NodeKind } from "./document.ts";
import { inlineWordCount, stripHeadingId } from "./plain_text.ts";
import { countWords } from "./words.ts";
import { jsxText } from "./jsx_text.ts";
import {
  lastContentLine,
  type SourceLines,
  stripQuoteMarkers,
  stripQuoteMarkersOfLines,
} from "./source_lines.ts";

const NODE_KIND_BY_TOKEN: Readonly<Record<string, NodeKind>> = {
  atxHeading: "heading",
  setextHeading: "heading",
  paragraph: "paragraph",
  definition: "definition",
  codeFenced: "code",
  codeIndented: "code",
  listOrdered: "list",
  listUnordered: "list",
  table: "table",
  blockQuote: "blockquote",
  thematicBreak: "thematic_break",
  gfmFootnoteDefinition: "footnote_definition",
  htmlFlow: "html",
  mdxJsxFlowTag: "jsx",
  mdxFlowExpression: "expression",
  mdxjsEsm: "esm",
};

/** MDX constructs that are code, never text: no words, no plain text. */
const MDX_CODE = new Set(
  ["mdxJsxFlowTag", "mdxJsxTextTag", "mdxFlowExpression", "mdxTextExpression", "mdxjsEsm"],
);

/** Markup that can stand alone between spaces: dropped before words are counted. */
const NO_WORDS = new Set([
  ...MDX_CODE,
  ...("atxHeadingSequence setextHeadingLine listItemPrefix blockQuotePrefix codeFencedFence " +
    "codeTextSequence hardBreakEscape resource gfmFootnoteCall gfmFootnoteDefinitionLabel " +
    "definitionMarker taskListCheck tableDelimiterRow tableCellDivider").split(" "),
]);

/** {@linkcode NO_WORDS}, and untokenized text, which is counted apart. */
const NO_WORDS_OR_TEXT = new Set([...NO_WORDS, "chunkText"]);

/** Where a piece of events comes from: the file's lines, and where the parsed text starts. */
export interface EventSource {
  readonly lines: SourceLines;
  readonly offset: number;
  /** The offset in the parsed text of an offset in the events (see `mdx_parse.ts`). */
  sourceOffset(offset: number): number;
}

/** Nodes read from events, each blockquote's events, the definitions' labels, the enter events. */
interface MdxDrafts {
  /** A heading's `text` its raw inline content, read by `MarkdownReader.readHeadings`. */
  readonly nodes: NodeDraft[];
  readonly quotes: Map<NodeDraft, readonly Event[]>;
  readonly labels: string[];
  readonly enters: number[];
}

/** The nodes of `events[from..to)` at one level (a text's top, or inside `quoteDepth` quotes). */
export function mdxNodes(
  events: readonly Event[],
  from: number,
  to: number,
  source: EventSource,
  quoteDepth: number,
): MdxDrafts {
  return new _NodeReader(events, source, quoteDepth).nodes(from, to);
}

/** The source of the node entered at `enter`, JSX tags and expressions taken out: what a reader sees. */
export function mdxNodeSource(
  events: readonly Event[],
  enter: number,
  source: EventSource,
): string {
  return new _NodeReader(events, source, 0).textWithout(enter, exitOf(events, enter), MDX_CODE);
}

/** Reads nodes from the events of one piece, inside `quoteDepth` quotes. */
class _NodeReader {
  constructor(
    readonly events: readonly Event[],
    readonly source: EventSource,
    readonly quoteDepth: number,
  ) {}

  nodes(
    from: number,
    to: number,
    built: MdxDrafts = { nodes: [], quotes: new Map(), labels: [], enters: [] },
  ): MdxDrafts {
    const { events } = this;
    for (let i = from; i < to; i++) {
      const [kind, token] = events[i];
      if (kind !== "enter") continue;
      const end = exitOf(events, i);
      if (token.type === "content") {
        // Definitions and a paragraph: each its own node.
        this.nodes(i + 1, end, built);
      } else {
        const nodeKind = NODE_KIND_BY_TOKEN[token.type];
        if (nodeKind !== undefined) this.#addNode(built, nodeKind, i, end);
      }
      i = end;
    }
    return built;
  }

  #addNode(built: MdxDrafts, kind: NodeKind, enter: number, exit: number): void {
    const { events, source, quoteDepth } = this;
    const token = events[enter][1];
    const { start, end } = token;
    const startLine = pointAt(source, start.offset).line;
    const lastLine = end.offset > start.offset ? pointAt(source, end.offset - 1).line : startLine;
    const endLine = lastContentLine(source.lines, startLine, lastLine, quoteDepth);
    const previous = built.nodes[built.nodes.length - 1];
    const code = kind === "jsx" || kind === "expression";
    if (
      code && previous !== undefined && previous.endLine >= startLine &&
      (previous.kind === "jsx" || previous.kind === "expression")
    ) {
      // Tags and expressions on one line (`<Tabs><Tab>`) make one node.
      previous.endLine = Math.max(previous.endLine, endLine);
      if (kind === "jsx") previous.kind = "jsx";
      return;
    }
    const node: NodeDraft = {
      kind,
      depth: kind === "heading" ? this.#headingDepth(enter, exit) : 0,
      startLine,
      endLine,
      words: kind === "definition" || kind === "thematic_break" || MDX_CODE.has(token.type)
        ? 0
        : this.#words(enter, exit) +
          (kind === "blockquote" || kind === "list" ? this.#tagWords(enter, exit) : 0),
      text: kind === "heading" ? this.#headingContent(enter, exit) : "",
      tokenStart: -1,
      tokenEnd: -1,
      level: 0,
      quoteDepth,
    };
    built.nodes.push(node);
    built.enters.push(enter);
    if (kind === "blockquote") built.quotes.set(node, events.slice(enter, exit + 1));
    if (kind === "definition") {
      const label = this.#firstOfType(enter, exit, "definitionLabelString");
      if (label !== -1) built.labels.push(this.#slice(label));
    }
  }

  #headingDepth(enter: number, exit: number): number {
    const sequence = this.#firstOfType(enter, exit, "atxHeadingSequence");
    if (sequence !== -1) return this.#slice(sequence).length;
    const line = this.#firstOfType(enter, exit, "setextHeadingLineSequence");
    return line !== -1 && this.#slice(line).startsWith("=") ? 1 : 2;
  }

  /** A heading's raw inline content, without JSX tags, expressions and a heading-id suffix. */
  #headingContent(enter: number, exit: number): string {
    let text = this.#firstOfType(enter, exit, "atxHeadingText");
    if (text === -1) text = this.#firstOfType(enter, exit, "setextHeadingText");
    if (text === -1) return "";
    const content = this.textWithout(text, exitOf(this.events, text), MDX_CODE);
    const unquoted = content.split(/\r\n|\r|\n/).map((line, i) =>
      i === 0 ? line : stripQuoteMarkers(line, this.quoteDepth).trim()
    );
    return stripHeadingId(unquoted.join("\n").trim());
  }

  /** A node's words, without {@linkcode NO_WORDS}; untokenized text counted as inline Markdown. */
  #words(enter: number, exit: number): number {
    let words = 0;
    const rest = this.textWithout(enter, exit, NO_WORDS_OR_TEXT, (raw) => {
      words += inlineWordCount(raw);
    });
    return words + countWords(rest);
  }

  /** The attribute words of the JSX tags on their own lines in a blockquote or a list. */
  #tagWords(enter: number, exit: number): number {
    const { events } = this;
    let words = 0;
    let quotes = this.quoteDepth;
    for (let i = enter; i < exit; i++) {
      const [kind, inner] = events[i];
      if (inner.type === "blockQuote") quotes += kind === "enter" ? 1 : -1;
      if (kind !== "enter" || inner.type !== "mdxJsxFlowTag") continue;
      const tag = this.#slice(i);
      words += countWords(jsxText(stripQuoteMarkersOfLines(tag, quotes)));
      i = exitOf(events, i);
    }
    return words;
  }

  /** The text of `enter..exit` without the tokens of `types` (their line breaks stay). */
  textWithout(
    enter: number,
    exit: number,
    types: ReadonlySet<string>,
    onText?: (raw: string) => void,
  ): string {
    const { events, source } = this;
    const token = events[enter][1];
    const file = source.lines.text;
    let text = "";
    let at = _at(source, token.start.offset);
    for (let i = enter + 1; i < exit; i++) {
      const [kind, inner] = events[i];
      if (kind !== "enter" || !types.has(inner.type)) continue;
      const start = _at(source, inner.start.offset);
      const end = _at(source, inner.end.offset);
      text += file.slice(at, start);
      const taken = file.slice(start, end);
      if (inner.type === "chunkText") onText?.(taken);
      const breaks = taken.match(/\r\n|\r|\n/g);
      if (breaks !== null) text += breaks.join("");
      at = end;
      i = exitOf(events, i);
    }
    return text + file.slice(at, _at(source, token.end.offset));
  }

  /** The index of the first token of `type` entered inside `enter..exit`, or -1. */
  #firstOfType(enter: number, exit: number, type: string): number {
    for (let i = enter + 1; i < exit; i++) {
      if (this.events[i][0] === "enter" && this.events[i][1].type === type) return i;
    }
    return -1;
  }

  #slice(enter: number): string {
    const { source } = this;
    const token = this.events[enter][1];
    return source.lines.text.slice(_at(source, token.start.offset), _at(source, token.end.offset));
  }
}

/**
 * Where an offset of the events is in the file: line (0-based), column (1-based). The events' own
 * lines do not tell, as the expressions taken out took their line breaks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pointAt } from "./mdx_nodes.ts";
 * import { splitLines } from "./source_lines.ts";
 * const source = { lines: splitLines("a\nbc\n"), offset: 2, sourceOffset: (offset: number) => offset };
 * assert.deepEqual(pointAt(source, 1), { line: 1, column: 2 });
 * ```
 */
export function pointAt(source: EventSource, offset: number): { line: number; column: number } {
  const at = _at(source, offset);
  const { starts } = source.lines;
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle] <= at) low = middle;
    else high = middle - 1;
  }
  return { line: low, column: at - starts[low] + 1 };
}

/** The file offset of an offset in the events. */
function _at(source: EventSource, offset: number): number {
  return source.offset + source.sourceOffset(offset);
}

/**
 * The index of the exit event of the token entered at `enter` (the last event when there is none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exitOf } from "./mdx_nodes.ts";
 * import { mdxParse } from "./mdx_parse.ts";
 * const { events } = mdxParse("# A\n");
 * assert.equal(events[exitOf(events, 0)][1], events[0][1]);
 * ```
 */
export function exitOf(events: readonly Event[], enter: number): number {
  const token = events[enter][1];
  let depth = 0;
  for (let i = enter + 1; i < events.length; i++) {
    if (events[i][0] === "enter") depth++;
    else if (depth === 0 && events[i][1] === token) return i;
    else depth--;
  }
  return events.length - 1;
}
