/**
 * Plain text and word counts: the text a reader sees, markup dropped. Word counts need no inline
 * parse (markup glued to a word never changes the count); exact plain text comes from markdown-it.
 *
 * @module
 */
import type { Env, Token } from "markdown-it";
import { parseInline } from "./markdown.ts";
import { countWords, WordCount } from "./words.ts";

const TASK_MARKER = /^\[[ xX]\][ \t]/;
/** An HTML tag, matched where it starts (see {@linkcode stripHtml} for comments). */
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/y;
const FOOTNOTE_REF = /\[\^[^\]\s]+\]/g;
// An angle-bracket destination holds no `<` (CommonMark): else `](<](<...` is scanned from each.
const LINK_TARGET = /\]\(\s*(?:<[^<>\n]*>|[^\s()]*)(?:\s+(?:"[^"]*"|'[^']*'|\([^()]*\)))?\s*\)/g;
const EMPTY_LINK_TEXT = /(^|\s)!?\[\](?=\s|$)/g;

/**
 * The number of words in raw inline Markdown, as its plain text would have: only markup that can
 * stand alone between spaces (tags, footnote references, link targets, task markers) is removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inlineWordCount } from "./plain_text.ts";
 * assert.equal(inlineWordCount('See [the docs](https://x.y "Docs title") <b>now</b>[^1]'), 4);
 * ```
 */
export function inlineWordCount(content: string): number {
  if (!/[<[`&\\]/.test(content)) return countWords(content);
  if (!/[<[\]]/.test(content)) {
    // No markup a pattern removes, before or after the rewrite: count its words as it goes.
    const words = new WordCount();
    _neutralize(content, words);
    return words.count;
  }
  let text = /[`&\\]/.test(content) ? _neutralize(content) : content;
  // Each pattern only where its first characters are: most content holds none.
  if (text.includes("<")) text = stripHtml(text, "");
  if (text.includes("[^")) text = text.replace(FOOTNOTE_REF, "");
  if (text.includes("](")) text = text.replace(LINK_TARGET, "]");
  if (text.includes("[]")) text = text.replace(EMPTY_LINK_TEXT, "$1");
  return countWords(text);
}

/**
 * Text with each HTML tag and comment made `replacement`, in linear time (a regex would search for
 * a comment's end from each `<!--`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripHtml } from "./plain_text.ts";
 * assert.equal(stripHtml("a <b>bold</b> <!-- x <i> --> c", ""), "a bold  c");
 * ```
 */
export function stripHtml(text: string, replacement: string): string {
  // No comment can close after the last `-->`.
  const lastClose = text.lastIndexOf("-->");
  let result = "";
  let copied = 0;
  for (let at = text.indexOf("<"); at !== -1;) {
    let end = -1;
    if (text.startsWith("<!--", at)) {
      const close = at + 4 <= lastClose ? text.indexOf("-->", at + 4) : -1;
      if (close !== -1) end = close + 3;
    } else {
      HTML_TAG.lastIndex = at;
      if (HTML_TAG.test(text)) end = HTML_TAG.lastIndex;
    }
    if (end === -1) {
      at = text.indexOf("<", at + 1);
      continue;
    }
    result += text.slice(copied, at) + replacement;
    copied = end;
    at = text.indexOf("<", end);
  }
  return copied === 0 ? text : result + text.slice(copied);
}

/** Stands in for a character that is text, never markup. */
const OPAQUE = "\uE000";
const ENTITY = /&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/y;
const SPACE_ENTITIES = new Set(
  ("nbsp NonBreakingSpace ensp emsp emsp13 emsp14 numsp puncsp thinsp ThinSpace hairsp " +
    "VeryThinSpace MediumSpace ThickSpace Tab NewLine").split(" "),
);
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const SPECIAL = /[`\\&]/g;

/**
 * Rewrites where raw and plain-text whitespace differ, keeping the word structure: a code span
 * becomes its text made opaque (no pattern matches inside it, its backticks go), an escaped
 * character opaque, a backslash hard break a line break, a whitespace entity a space.
 */
function _neutralize(content: string, words?: WordCount): string {
  const out = new _Rewritten(content, words);
  let i = 0;
  const noCloser = new Map<number, number>();
  while (i < content.length) {
    SPECIAL.lastIndex = i;
    const special = SPECIAL.exec(content);
    if (special === null) {
      out.copy(i, content.length);
      return out.text;
    }
    out.copy(i, special.index);
    i = special.index;
    const char = content[i];
    if (char === "`") {
      let run = i + 1;
      while (content.charCodeAt(run) === 96) run++;
      const length = run - i;
      const close = _closingBackticks(content, run, length, noCloser);
      if (close === -1) {
        out.copy(i, run);
        i = run;
      } else {
        out.opaque(run, close);
        i = close + length;
      }
    } else if (char === "\\") {
      const next = content[i + 1];
      if (next === "\n") {
        out.space("\n");
        i += 2;
      } else if (next !== undefined && ASCII_PUNCTUATION.test(next)) {
        out.word(OPAQUE);
        i += 2;
      } else {
        out.word(char);
        i++;
      }
    } else if (char === "&") {
      ENTITY.lastIndex = i;
      const entity = ENTITY.exec(content)?.[0];
      if (entity === undefined) {
        out.word(char);
        i++;
      } else {
        if (_isSpaceEntity(entity)) out.space(" ");
        else out.word(OPAQUE);
        i += entity.length;
      }
    }
  }
  return out.text;
}

/** The rewritten text of {@linkcode _neutralize}, or only its words, counted as it goes. */
class _Rewritten {
  text = "";

  constructor(private readonly content: string, private readonly words?: WordCount) {}

  copy(from: number, to: number): void {
    if (this.words !== undefined) this.words.add(this.content, from, to);
    else if (to > from) this.text += this.content.slice(from, to);
  }

  /** The content from `from` to `to`, every character but whitespace made opaque. */
  opaque(from: number, to: number): void {
    if (this.words !== undefined) this.words.add(this.content, from, to);
    else this.text += this.content.slice(from, to).replace(/\S/g, OPAQUE);
  }

  word(char: string): void {
    if (this.words !== undefined) this.words.word();
    else this.text += char;
  }

  space(char: string): void {
    if (this.words !== undefined) this.words.space();
    else this.text += char;
  }
}

/** Where the next run of exactly `length` backticks starts, or -1. */
function _closingBackticks(
  content: string,
  from: number,
  length: number,
  noCloser: Map<number, number>,
): number {
  if ((noCloser.get(length) ?? Infinity) <= from) return -1;
  for (let i = content.indexOf("`", from); i !== -1; i = content.indexOf("`", i)) {
    const start = i;
    while (content.charCodeAt(i) === 96) i++;
    if (i - start === length) return start;
  }
  noCloser.set(length, from);
  return -1;
}

function _isSpaceEntity(entity: string): boolean {
  const name = entity.slice(1, -1);
  if (name[0] !== "#") return SPACE_ENTITIES.has(name);
  const code = name[1] === "x" || name[1] === "X"
    ? parseInt(name.slice(2), 16)
    : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff && countWords(String.fromCodePoint(code)) === 0;
}

/**
 * The exact plain text of raw inline Markdown: text, inline code and image alt text, with
 * emphasis, link URLs and inline HTML dropped.
 *
 * @param env The block parse's environment (its reference definitions).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inlinePlainText } from "./plain_text.ts";
 * assert.equal(inlinePlainText("Some **bold** [link](https://x.y)"), "Some bold link");
 * ```
 */
export function inlinePlainText(content: string, env: Env = {}): string {
  return INLINE_MARKUP.test(content) ? _childrenText(parseInline(content, env)) : content;
}

/** Docusaurus's and kramdown's `{#id}` (`\{#id\}` in MDX), or an MDX comment holding the id. */
const HEADING_ID = /[ \t]*(?:\\?\{#[^\s{}\\]+\\?\}|\{\/\*[^*]*(?:\*(?!\/)[^*]*)*\*\/\})[ \t]*$/;

/**
 * A heading's raw inline content without a heading-id suffix, which names the anchor and is no
 * text a reader sees.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stripHeadingId } from "./plain_text.ts";
 * assert.equal(stripHeadingId("Install {#install}"), "Install");
 * ```
 */
export function stripHeadingId(content: string): string {
  return content.includes("{") ? content.replace(HEADING_ID, "") : content;
}

/** Where markdown-it's inline rules (no linkify, no typographer) can make anything but text. */
const INLINE_MARKUP = /[\n\r!&*_<[\]\\`~]/;

/** Enough inline content for `limit` characters of text (16 each), never half a surrogate pair. */
function _head(content: string, limit: number): string {
  const end = limit * 16;
  if (content.length <= end) return content;
  return content.slice(0, /[\uD800-\uDBFF]/.test(content[end - 1]) ? end - 1 : end);
}

function _childrenText(children: readonly Token[]): string {
  let text = "";
  for (const child of children) {
    if (child.type === "text" || child.type === "code_inline") text += child.content;
    else if (child.type === "softbreak" || child.type === "hardbreak") text += "\n";
    else if (child.type === "image") {
      text += child.children === null ? child.content : _childrenText(child.children);
    }
  }
  return text;
}

/**
 * The plain text of the block tokens `tokens[from..to)`: inline text, code and HTML text, each
 * followed by a newline, until at least `limit` characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMarkdown } from "./markdown.ts";
 * import { blockPlainText } from "./plain_text.ts";
 * const tokens = parseMarkdown("- a\n- *b*\n");
 * assert.equal(blockPlainText(tokens, 0, tokens.length), "a\nb\n");
 * ```
 */
export function blockPlainText(
  tokens: readonly Token[],
  from: number,
  to: number,
  limit = Infinity,
  env: Env = {},
): string {
  let text = "";
  for (let i = from; i < to && text.length < limit; i++) {
    const token = tokens[i];
    let piece = "";
    if (token.type === "inline") piece = inlinePlainText(_head(_inline(tokens, i), limit), env);
    else if (token.type === "fence" || token.type === "code_block") piece = token.content;
    else if (token.type === "html_block") piece = stripHtml(token.content, " ");
    if (piece !== "") text += piece + "\n";
  }
  return text;
}

/**
 * The number of words in the block tokens `tokens[from..to)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseMarkdown } from "./markdown.ts";
 * import { blockWordCount } from "./plain_text.ts";
 * const tokens = parseMarkdown("| a | b |\n|---|---|\n| c d | e |\n");
 * assert.equal(blockWordCount(tokens, 0, tokens.length), 5);
 * ```
 */
export function blockWordCount(tokens: readonly Token[], from: number, to: number): number {
  let words = 0;
  for (let i = from; i < to; i++) {
    const token = tokens[i];
    if (token.type === "inline") words += inlineWordCount(_inline(tokens, i));
    else if (token.type === "fence" || token.type === "code_block") {
      words += countWords(token.content);
    } else if (token.type === "html_block") words += countWords(stripHtml(token.content, " "));
  }
  return words;
}

/** An inline token's content, without a GFM task item's `[ ]` or `[x]` (markup, not words). */
function _inline(tokens: readonly Token[], i: number): string {
  const startsItem = i >= 2 && tokens[i - 1].type === "paragraph_open" &&
    tokens[i - 2].type === "list_item_open";
  return startsItem ? tokens[i].content.replace(TASK_MARKER, "") : tokens[i].content;
}
