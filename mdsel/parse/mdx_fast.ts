/**
 * A fast read of an MDX text for search: its headings and constructs as MDX's parser reads them
 * (ESM, expressions and lines of JSX tags found by a scan of lines, the headings of the Markdown
 * between them by `markdown_fast.ts`'s), without MDX's parser (acorn reads only the tags'
 * attribute expressions, for their text). `undefined` where a scan is unsure.
 *
 * @module
 */
import { assembleDocument, type MdDocument } from "./document.ts";
import { jsxText } from "./jsx_text.ts";
import { type Construct, scanTopLevel } from "./markdown_fast.ts";
import { frontMatterLineCount, type SourceLines, splitLines } from "./source_lines.ts";
import {
  APOSTROPHE,
  BACKSLASH,
  BACKTICK,
  GREATER_THAN,
  LEFT_BRACE,
  LESS_THAN,
  QUOTE,
  RIGHT_BRACE,
  SLASH,
  SPACE,
  TAB,
} from "./char_codes.ts";

/** ESM starts a line: `import` or `export` and a space, `{` or `*`. */
const ESM_START = /^(?:import|export)(?=[\s{*])/;
const FENCE = /^[ \t]*(`{3,}|~{3,})/;
/** A list item's marker and the spaces after it (1 to 4; 5 or more: the content is 1 in). */
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?: {1,4}(?=\S)|[ \t]*$)/;
const TAG_START = /[A-Za-z_$>/]/;
/** What MDX rejects or reads otherwise than a line scan would: HTML comments, autolinks. */
const UNSURE = /<!--|<[a-z][\w+.-]*:[^\s>]*>|<[\w.+-]+@[\w.-]+>/i;

/**
 * The top-level nodes MDX's parser makes of a text (no words, plain text or children); `undefined`
 * when only it reads the text right (an HTML comment, an autolink, an expression or tag left open).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fastMdxDocument } from "./mdx_fast.ts";
 * const doc = fastMdxDocument("# Guide\n\n<Callout title=\"Note\">\nText.\n</Callout>\n", "g", "g.mdx")!;
 * assert.deepEqual(doc.top.nodes.map((node) => node.kind), ["heading", "jsx", "paragraph", "jsx"]);
 * ```
 */
export function fastMdxDocument(
  text: string,
  namespace: string,
  filePath: string,
): MdDocument | undefined {
  if (UNSURE.test(text)) return undefined;
  const lines = splitLines(text);
  const frontMatterLines = frontMatterLineCount(lines);
  const count = lines.starts.length;
  const code: Construct[] = [];
  // For markdown-it, each line of ESM, an expression or tags is a thematic break, which ends a
  // paragraph or a list as they do, and stays in a list item it is indented into.
  const masked = new Uint8Array(count);
  // Lines indented past 3 columns in their list item (or the top), whose constructs MDX reads at
  // any indent (it has no indented code): moved left, to this indent.
  const moved = new Int32Array(count).fill(-1);
  // The content columns of the list items the line is in, innermost last.
  const items: number[] = [];
  const move = (line: number, indent: number) => {
    while (items.length > 0 && indent < items[items.length - 1]) items.pop();
    const base = items.length > 0 ? items[items.length - 1] : 0;
    if (indent - base > 3) moved[line] = base + 3;
    const item = LIST_ITEM.exec(lines.text.slice(lines.starts[line] + indent, lines.ends[line]));
    if (item !== null && indent - base <= 3) items.push(indent + item[0].length);
  };
  let fence: string | undefined;
  let blankBefore = true;
  // The first lines of the constructs inside a list item: its text, not top-level nodes.
  const nested = new Set<number>();
  for (let line = frontMatterLines; line < count; line++) {
    const start = lines.starts[line];
    const end = lines.ends[line];
    const source = text.slice(start, end);
    const at = _spaceEnd(text, start);
    if (fence !== undefined) {
      const closing = FENCE.exec(source);
      if (
        closing !== null && closing[1][0] === fence[0] && closing[1].length >= fence.length &&
        source.slice(closing[0].length).trim() === ""
      ) {
        fence = undefined;
        move(line, at - start);
      }
      blankBefore = false;
      continue;
    }
    if (at === end) {
      blankBefore = true;
      continue;
    }
    const afterBlank = blankBefore;
    blankBefore = false;
    move(line, at - start);
    const open = FENCE.exec(source);
    if (open !== null) {
      fence = open[1];
      continue;
    }
    const first = text.charCodeAt(at);
    if (afterBlank && at === start && ESM_START.test(source)) {
      let last = line;
      while (last + 1 < count && text.slice(lines.starts[last + 1], lines.ends[last + 1]).trim()) {
        last++;
      }
      code.push({ kind: "esm", startLine: line, endLine: last, text: "" });
      masked.fill(1, line, last + 1);
      line = last;
      continue;
    }
    if (first === LESS_THAN || first === LEFT_BRACE) {
      const flow = _flowEnd(text, at);
      if (flow === -2) return undefined;
      if (flow >= 0) {
        let last = line;
        while (last + 1 < count && lines.starts[last + 1] <= flow) last++;
        const kind = first === LEFT_BRACE && _spaceEnd(text, _braceEnd(text, at + 1)) === flow
          ? "expression"
          : "jsx";
        const tags = kind === "jsx" ? jsxText(text.slice(at, flow)) : "";
        code.push({ kind, startLine: line, endLine: last, text: tags });
        if (items.length > 0) nested.add(line);
        masked.fill(1, line, last + 1);
        line = last;
      }
    }
  }
  const shown = _maskedLines(lines, masked, moved);
  const topLevel = new Map(
    code.flatMap((node) => nested.has(node.startLine) ? [] : [[node.startLine, node]]),
  );
  const options = { html: false, constructs: topLevel, headingContent: _withoutMdx };
  const nodes = scanTopLevel(shown, frontMatterLines, options);
  if (nodes === undefined) return undefined;
  return assembleDocument(namespace, filePath, {
    syntax: "mdx",
    lines,
    frontMatterLines,
    nodes,
    childrenOf: () => [],
    plainText: () => "",
  });
}

/**
 * Where a run of tags and expressions from `at` that fills its lines ends (one past its last
 * character), `-1` when text follows on its last line (a paragraph), `-2` when one is left open.
 */
function _flowEnd(text: string, at: number): number {
  let pos = at;
  for (;;) {
    const char = text.charCodeAt(pos);
    if (char === LESS_THAN) {
      if (!TAG_START.test(text[pos + 1] ?? "")) return -1;
      pos = _tagEnd(text, pos + 1);
    } else if (char === LEFT_BRACE) {
      pos = _braceEnd(text, pos + 1);
    } else return -1;
    if (pos < 0) return -2;
    pos = _spaceEnd(text, pos);
    if (pos >= text.length || text[pos] === "\n" || text[pos] === "\r") return pos;
  }
}

/** Where the spaces and tabs from `at` end. */
function _spaceEnd(text: string, at: number): number {
  while (text.charCodeAt(at) === SPACE || text.charCodeAt(at) === TAB) at++;
  return at;
}

/** One past the `>` that ends the tag whose name starts at `at`, or -1. */
function _tagEnd(text: string, at: number): number {
  for (let pos = at; pos < text.length; pos++) {
    const char = text.charCodeAt(pos);
    if (char === GREATER_THAN) return pos + 1;
    if (char === LEFT_BRACE) {
      pos = _braceEnd(text, pos + 1) - 1;
      if (pos < 0) return -1;
    } else if (char === QUOTE || char === APOSTROPHE) {
      const close = text.indexOf(text[pos], pos + 1);
      if (close === -1) return -1;
      pos = close;
    } else if (char === LESS_THAN && text.charCodeAt(pos - 1) !== SLASH) return -1;
  }
  return -1;
}

/** One past the `}` closing a brace opened before `at`, strings and comments skipped, or -1. */
function _braceEnd(text: string, at: number): number {
  let depth = 1;
  for (let pos = at; pos < text.length; pos++) {
    const char = text.charCodeAt(pos);
    if (char === LEFT_BRACE) depth++;
    else if (char === RIGHT_BRACE) {
      if (--depth === 0) return pos + 1;
    } else if (char === QUOTE || char === APOSTROPHE || char === BACKTICK) {
      const quote = text[pos];
      pos++;
      while (pos < text.length && text[pos] !== quote) {
        if (text[pos] === "\\") pos++;
        else if (quote !== "`" && text[pos] === "\n") return -1;
        pos++;
      }
      if (pos >= text.length) return -1;
    } else if (char === SLASH && text[pos + 1] === "*") {
      const close = text.indexOf("*/", pos + 2);
      if (close === -1) return -1;
      pos = close + 1;
    } else if (char === SLASH && text[pos + 1] === "/") {
      const close = text.indexOf("\n", pos);
      if (close === -1) return -1;
      pos = close;
    }
  }
  return -1;
}

/** The lines as {@linkcode fastMdxDocument} has markdown-it read them (their breaks kept). */
function _maskedLines(lines: SourceLines, masked: Uint8Array, moved: Int32Array): SourceLines {
  if (!masked.some((mark) => mark !== 0) && !moved.some((indent) => indent >= 0)) return lines;
  const { text, starts, ends } = lines;
  const pieces: string[] = [];
  let from = 0;
  for (let line = 0; line < starts.length; line++) {
    if (masked[line] === 0 && moved[line] < 0) continue;
    pieces.push(text.slice(from, starts[line]));
    const indent = _spaceEnd(text, starts[line]);
    pieces.push(moved[line] >= 0 ? " ".repeat(moved[line]) : text.slice(starts[line], indent));
    if (masked[line] === 1) pieces.push("***");
    from = masked[line] === 0 ? indent : ends[line];
  }
  pieces.push(text.slice(from));
  return splitLines(pieces.join(""));
}

/** A heading's content without its tags and expressions, as MDX's parser reads it. */
function _withoutMdx(content: string): string {
  if (!content.includes("<") && !content.includes("{")) return content;
  let out = "";
  let pos = 0;
  while (pos < content.length) {
    const char = content.charCodeAt(pos);
    if (char === BACKSLASH) {
      out += content.slice(pos, pos + 2);
      pos += 2;
      continue;
    } else if (char === BACKTICK) {
      // A code span's braces and tags are its text.
      const run = /^`+/.exec(content.slice(pos))![0];
      const close = content.indexOf(run, pos + run.length);
      if (close !== -1) {
        out += content.slice(pos, close + run.length);
        pos = close + run.length;
        continue;
      }
    } else if (char === LEFT_BRACE) {
      const end = _braceEnd(content, pos + 1);
      if (end > 0 && !/^\{#[^\s{}]+\}$/.test(content.slice(pos, end))) {
        pos = end;
        continue;
      }
    } else if (char === LESS_THAN && TAG_START.test(content[pos + 1] ?? "")) {
      const end = _tagEnd(content, pos + 1);
      if (end > 0) {
        pos = end;
        continue;
      }
    }
    out += content[pos++];
  }
  return out;
}
