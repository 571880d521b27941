/**
 * Plain text and word counts of markdown-it tokens: the text a reader sees,
 * with markup (`#`, `*`, backticks, fences, `|`, link URLs) dropped.
 *
 * @module
 */
import type { Token } from "markdown-it";

const TASK_MARKER = /^\[[ xX]\][ \t]/;
const HTML_TAG = /<[^>]*>/g;

/**
 * Counts maximal runs of non-whitespace characters.
 *
 * @param text Any text.
 * @returns The number of words in `text`.
 *
 * @example
 * ```ts
 * import { countWords } from "./plain_text.ts";
 * console.log(countWords("  one two\tthree\n")); // 3
 * ```
 */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const space = code <= 32 ? _isAsciiSpace(code) : code >= 0x80 && _isUnicodeSpace(code);
    if (space) inWord = false;
    else if (!inWord) {
      inWord = true;
      count++;
    }
  }
  return count;
}

function _isAsciiSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function _isUnicodeSpace(code: number): boolean {
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f ||
    code === 0x3000 || code === 0xfeff;
}

/**
 * The plain text of one inline token: text, inline code and image alt text,
 * with emphasis, link URLs and inline HTML dropped.
 *
 * @param inline A token of type `inline`.
 * @returns The text a reader sees.
 *
 * @example
 * ```ts
 * import { parseMarkdown } from "./markdown.ts";
 * import { inlinePlainText } from "./plain_text.ts";
 * const [, inline] = parseMarkdown("Some **bold** [link](https://x.y)\n");
 * console.log(inlinePlainText(inline)); // "Some bold link"
 * ```
 */
export function inlinePlainText(inline: Token): string {
  const children = inline.children;
  if (children === null) return inline.content;
  let text = "";
  for (const child of children) {
    switch (child.type) {
      case "text":
      case "code_inline":
        text += child.content;
        break;
      case "softbreak":
      case "hardbreak":
        text += "\n";
        break;
      case "image":
        text += child.children === null ? child.content : inlinePlainText(child);
        break;
    }
  }
  return text;
}

/**
 * The plain text of the block tokens `tokens[from..to)`: inline text, code
 * contents and HTML text, each separated by a newline.
 *
 * @param tokens The token stream.
 * @param from First token index.
 * @param to One past the last token index.
 * @param limit Stop once the text is at least this long.
 * @returns The plain text.
 *
 * @example
 * ```ts
 * import { parseMarkdown } from "./markdown.ts";
 * import { blockPlainText } from "./plain_text.ts";
 * const tokens = parseMarkdown("- a\n- b\n");
 * console.log(JSON.stringify(blockPlainText(tokens, 0, tokens.length))); // "a\nb\n"
 * ```
 */
export function blockPlainText(
  tokens: Token[],
  from: number,
  to: number,
  limit = Infinity,
): string {
  let text = "";
  for (let i = from; i < to && text.length < limit; i++) {
    const piece = _tokenText(tokens, i);
    if (piece !== "") text += piece + "\n";
  }
  return text;
}

/**
 * The number of words in the block tokens `tokens[from..to)`.
 *
 * @param tokens The token stream.
 * @param from First token index.
 * @param to One past the last token index.
 * @returns The word count.
 *
 * @example
 * ```ts
 * import { parseMarkdown } from "./markdown.ts";
 * import { blockWordCount } from "./plain_text.ts";
 * const tokens = parseMarkdown("| a | b |\n|---|---|\n| c d | e |\n");
 * console.log(blockWordCount(tokens, 0, tokens.length)); // 5
 * ```
 */
export function blockWordCount(tokens: Token[], from: number, to: number): number {
  let words = 0;
  for (let i = from; i < to; i++) {
    const piece = _tokenText(tokens, i);
    if (piece !== "") words += countWords(piece);
  }
  return words;
}

function _tokenText(tokens: Token[], i: number): string {
  const token = tokens[i];
  switch (token.type) {
    case "inline": {
      const text = inlinePlainText(token);
      // A GFM task item's `[ ]` / `[x]` is markup, not a word.
      return _startsListItem(tokens, i) ? text.replace(TASK_MARKER, "") : text;
    }
    case "fence":
    case "code_block":
      return token.content;
    case "html_block":
      return token.content.replace(HTML_TAG, " ");
    default:
      return "";
  }
}

function _startsListItem(tokens: Token[], i: number): boolean {
  return i >= 2 && tokens[i - 1].type === "paragraph_open" &&
    tokens[i - 2].type === "list_item_open";
}
