/**
 * A fast read of a Markdown text for search: its top-level ATX headings found by a scan of lines
 * (fenced code and HTML blocks skipped), the lines between two headings one node, without
 * markdown-it's parse. `undefined` wherever a line could be read otherwise by markdown-it.
 *
 * @module
 */
import { closesFence, HTML_UNTIL_MARKER, opensFence } from "./chunks.ts";
import { assembleDocument, type MdDocument, type NodeDraft } from "./document.ts";
import { inlinePlainText, stripHeadingId } from "./plain_text.ts";
import {
  frontMatterLineCount,
  lastContentLine,
  type SourceLines,
  splitLines,
} from "./source_lines.ts";
import { HASH, LESS_THAN, SPACE, TAB } from "./char_codes.ts";

/** An HTML block markdown-it ends at a blank line, whatever came before (kind 6). */
const HTML_BLOCK_TAG = new RegExp(
  "^</?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|" +
    "details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|" +
    "h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|" +
    "optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|" +
    "track|ul)(?=\\s|/?>|$)",
  "i",
);
/** A line of one open or closing tag: an HTML block after anything but paragraph text (kind 7). */
const HTML_TAG_LINE = new RegExp(
  "^(?:<[A-Za-z][A-Za-z0-9\\-]*(?:\\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\\s*=\\s*(?:[^\"'=<>`\\x00-\\x20]+|" +
    "'[^']*'|\"[^\"]*\"))?)*\\s*\\/?>|<\\/[A-Za-z][A-Za-z0-9\\-]*\\s*>)\\s*$",
);
const SETEXT_UNDERLINE = /^(?:=+|-+)[ \t]*$/;
/** A definition a heading's link or footnote may refer to. */
const DEFINITION = /^ {0,3}\[[^\]\n]+\]:/m;

/** What the scan is in: a fence, an HTML block until a pattern or a blank line, or neither. */
type _Block =
  | { readonly kind: "fence"; readonly char: number; readonly length: number; indent: number }
  | { readonly kind: "html"; readonly end?: RegExp; readonly sure: boolean }
  | undefined;

/**
 * The document of a Markdown text as search reads it (no words, plain text or children), or
 * `undefined` when a line may be read otherwise (see {@linkcode scanTopLevel}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fastMarkdownDocument } from "./markdown_fast.ts";
 * const doc = fastMarkdownDocument("# Guide\n\n~~~sh\n# not a heading\n~~~\n\n## Use\n", "g", "g.md")!;
 * assert.deepEqual(doc.top.nodes.map((node) => node.kind), ["heading", "paragraph", "heading"]);
 * assert.equal(fastMarkdownDocument("Title\n=====\n", "t", "t.md"), undefined);
 * ```
 */
export function fastMarkdownDocument(
  text: string,
  namespace: string,
  filePath: string,
): MdDocument | undefined {
  const lines = splitLines(text);
  const frontMatterLines = frontMatterLineCount(lines);
  const nodes = scanTopLevel(lines, frontMatterLines);
  if (nodes === undefined) return undefined;
  return assembleDocument(namespace, filePath, {
    syntax: "markdown",
    lines,
    frontMatterLines,
    nodes,
    childrenOf: () => [],
    plainText: () => "",
  });
}

/** A top-level node another scan found (MDX's ESM, expression or JSX tags), by its lines. */
export type Construct = Pick<NodeDraft, "kind" | "startLine" | "endLine" | "text">;

/** How {@linkcode scanTopLevel} reads a text: as Markdown, or as MDX's masked lines. */
interface ScanOptions {
  /** Whether `<` may open an HTML block (Markdown's); MDX has none. */
  readonly html?: boolean;
  /** Top-level nodes the text holds already, by first line (MDX's constructs, each line `***`). */
  readonly constructs?: ReadonlyMap<number, Construct>;
  /** A heading's raw content as the parser reads it (MDX's without tags and expressions). */
  readonly headingContent?: (content: string) => string;
}

/**
 * The top-level nodes of lines as search reads them: headings, the lines between two headings (or
 * `constructs`) one `paragraph` each; `undefined` when a line may be read otherwise (a setext
 * heading, an indented heading, a heading in an HTML block or a fence of unknown container).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scanTopLevel } from "./markdown_fast.ts";
 * import { splitLines } from "./source_lines.ts";
 * const nodes = scanTopLevel(splitLines("# A\n\ntext\n"), 0)!;
 * assert.deepEqual(nodes.map((node) => [node.kind, node.startLine, node.endLine]), [["heading", 0, 0], ["paragraph", 2, 2]]);
 * ```
 */
export function scanTopLevel(
  lines: SourceLines,
  frontMatterLines: number,
  options: ScanOptions = {},
): NodeDraft[] | undefined {
  const { html = true, constructs, headingContent } = options;
  const { text, starts, ends } = lines;
  // markdown-it reads NUL as U+FFFD.
  if (text.includes("\0")) return undefined;
  const nodes: NodeDraft[] = [];
  // The first line of the content since the last heading, -1 for none yet.
  let contentStart = -1;
  const closeContent = (before: number) => {
    if (contentStart === -1) return;
    const last = lastContentLine(lines, contentStart, before - 1, 0);
    nodes.push(_node("paragraph", 0, contentStart, last, ""));
    contentStart = -1;
  };
  let block: _Block;
  // Whether the line before is text a setext underline would make a heading of.
  let afterText = false;
  let definitions: boolean | undefined;
  for (let line = frontMatterLines; line < starts.length; line++) {
    const start = starts[line];
    const end = ends[line];
    let at = start;
    let indent = 0;
    for (; at < end; at++) {
      const code = text.charCodeAt(at);
      if (code === SPACE) indent++;
      else if (code === TAB) indent += 4 - (indent % 4);
      else break;
    }
    const blank = at === end;
    if (block?.kind === "fence") {
      if (blank) continue;
      // A line left of an indented fence ends it in a list item, not at the top: unsure.
      if (indent < block.indent) return undefined;
      const closes = closesFence(text, at, end, block);
      // Past 3 columns, a line closes a fence in a list item only: one at the top never.
      if (closes && (block.indent > 3 || indent <= 3)) {
        // Past 3 columns, the "fence" may have been a paragraph's lines, which an underline ends.
        afterText = block.indent > 3;
        block = undefined;
      } else if (closes && block.indent > 0) return undefined;
      continue;
    }
    if (block?.kind === "html") {
      if (block.end === undefined && blank) {
        block = undefined;
        afterText = false;
        continue;
      }
      // In an HTML block markdown-it is sure of, every line is its; else a block may start.
      if (!block.sure && indent <= 3 && _mayStartBlock(text, at, end)) return undefined;
      // Text (not HTML) is interrupted by an HTML block that ends otherwise than at a blank line.
      const source = block.sure ? "" : text.slice(at, end);
      if (indent <= 3 && HTML_UNTIL_MARKER.some(([startsWith]) => startsWith.test(source))) {
        return undefined;
      }
      if (block.end?.test(text.slice(at, end))) {
        block = undefined;
        afterText = false;
      }
      continue;
    }
    if (blank) {
      afterText = false;
      continue;
    }
    const construct = constructs?.get(line);
    if (construct !== undefined) {
      closeContent(line);
      nodes.push(_node(construct.kind, 0, line, construct.endLine, construct.text));
      line = construct.endLine;
      afterText = false;
      continue;
    }
    if (contentStart === -1) contentStart = line;
    const code = text.charCodeAt(at);
    if (code === HASH && indent <= 3) {
      const heading = _atxHeading(text, at, end);
      if (heading !== undefined) {
        // An indented heading may be a list item's: the scan cannot tell.
        if (indent > 0) return undefined;
        const content = headingContent?.(heading.content) ?? heading.content;
        if (_withoutCodeSpans(content).includes("[")) {
          definitions ??= DEFINITION.test(text);
          if (definitions) return undefined;
        }
        if (contentStart === line) contentStart = -1;
        closeContent(line);
        const plain = inlinePlainText(stripHeadingId(content)).trim();
        nodes.push(_node("heading", heading.depth, line, line, plain));
        afterText = false;
        continue;
      }
    }
    const run = opensFence(text, at, end);
    if (run !== undefined) {
      block = { kind: "fence", ...run, indent };
      afterText &&= indent > 3;
      continue;
    }
    if (html && code === LESS_THAN && indent <= 3) {
      const source = text.slice(at, end);
      const pattern = HTML_UNTIL_MARKER.find(([startsWith]) => startsWith.test(source));
      const blockTag = pattern === undefined && HTML_BLOCK_TAG.test(source);
      const tagLine = pattern === undefined && !blockTag && HTML_TAG_LINE.test(source);
      if (pattern !== undefined || blockTag || tagLine) {
        // At the top, kinds 1 to 6 are HTML blocks, and 7 where no paragraph goes on; in a list
        // item, or after what may be text, the block may be another's or text.
        const sure = indent === 0 && (!tagLine || !afterText);
        if (pattern === undefined) block = { kind: "html", sure };
        else if (!pattern[1].test(source)) block = { kind: "html", end: pattern[1], sure };
        afterText = false;
        continue;
      }
    }
    if (afterText && indent <= 3 && SETEXT_UNDERLINE.test(text.slice(at, end))) return undefined;
    afterText = true;
  }
  closeContent(starts.length);
  return nodes;
}

/** An ATX heading's depth and raw content as markdown-it reads them, else `undefined`. */
function _atxHeading(
  text: string,
  at: number,
  end: number,
): { depth: number; content: string } | undefined {
  let pos = at;
  while (pos < end && text.charCodeAt(pos) === HASH) pos++;
  const depth = pos - at;
  if (depth > 6 || (pos < end && !_isSpace(text.charCodeAt(pos)))) return undefined;
  let max = end;
  while (max > pos && _isSpace(text.charCodeAt(max - 1))) max--;
  let closing = max;
  while (closing > pos && text.charCodeAt(closing - 1) === HASH) closing--;
  if (closing > pos && _isSpace(text.charCodeAt(closing - 1))) max = closing;
  return { depth, content: text.slice(pos, max).replace(/^[ \t]+|[ \t]+$/g, "") };
}

/** Whether a line's text may start a block that ends text: a heading, a fence, an underline. */
function _mayStartBlock(text: string, at: number, end: number): boolean {
  const code = text.charCodeAt(at);
  if (code === HASH) return _atxHeading(text, at, end) !== undefined;
  return opensFence(text, at, end) !== undefined || SETEXT_UNDERLINE.test(text.slice(at, end));
}

/** Inline content without its code spans, where no link can be. */
function _withoutCodeSpans(content: string): string {
  if (!content.includes("`")) return content;
  return content.replace(/(`+)(?!`)[^]*?(?<!`)\1(?!`)/g, "");
}

function _isSpace(code: number): boolean {
  return code === SPACE || code === TAB;
}

function _node(
  kind: NodeDraft["kind"],
  depth: number,
  startLine: number,
  endLine: number,
  text: string,
): NodeDraft {
  return {
    kind,
    depth,
    startLine,
    endLine,
    words: 0,
    text,
    tokenStart: -1,
    tokenEnd: -1,
    level: 0,
    quoteDepth: 0,
  };
}
