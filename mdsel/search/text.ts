/**
 * Text cut into search terms, the same for documents and queries: words lower-cased, an
 * identifier also by its parts and as written, Chinese and Japanese by character and bigram.
 *
 * @module
 */

const ZERO_WIDTH = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
// deno-lint-ignore no-control-regex
const NOT_ASCII = /[^\u0000-\u007F]/;
/** A word, or an identifier whose words are joined by `.`, `/`, `:`, `::`, `@` or `-`. */
const TOKEN = /(?:[@.]|--?)?[\p{L}\p{N}_]+(?:(?:[./:@-]|::)[\p{L}\p{N}_]+)*/gu;
/** The same for ASCII text, several times faster. */
const ASCII_TOKEN = /(?:[@.]|--?)?\w+(?:(?:[./:@-]|::)\w+)*/g;
const WORD = /[\p{L}\p{N}_]+/gu;
/** A version number (`7.14.0`, `v2.0`): one digit away is another version, not a typo. */
export const VERSION = /^v?\d+(?:\.\d+)+$/;
const IDENTIFIER_PARTS = /_+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
const ASCII_IDENTIFIER_PARTS = /_+|(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/;
/** A character of Chinese or Japanese, scripts written without spaces between words. */
export const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30FC]/u;
const CJK_RUNS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30FC]+)/u;

/**
 * Text as a reader sees it: NFC, without zero-width characters and soft hyphens.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeText } from "./text.ts";
 * assert.equal(normalizeText("re\u0301sume\u0301"), "résumé");
 * ```
 */
export function normalizeText(text: string): string {
  if (!NOT_ASCII.test(text)) return text;
  return text.normalize("NFC").replace(ZERO_WIDTH, "");
}

/**
 * The search terms of a text (see the module), lower-cased, in order, stop-words included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchTerms } from "./text.ts";
 * assert.deepEqual(searchTerms("see fs.readFile"), ["see", "fs.readfile", "fs", "readfile", "read", "file"]);
 * ```
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  const ascii = !NOT_ASCII.test(text);
  for (const token of searchTokens(text)) tokenTerms(token, terms, ascii);
  return terms;
}

/**
 * The tokens of a text, normalised, not lower-cased: words and identifiers with punctuation.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchTokens } from "./text.ts";
 * assert.deepEqual(searchTokens("Use fs.readFile, see maxRetries"), ["Use", "fs.readFile", "see", "maxRetries"]);
 * ```
 */
export function searchTokens(text: string): string[] {
  const tokens = NOT_ASCII.test(text) ? normalizeText(text).match(TOKEN) : text.match(ASCII_TOKEN);
  return tokens ?? [];
}

/**
 * Adds to `terms` the search terms of one token of {@linkcode searchTokens} (the same for every
 * occurrence); `ascii` tells whether it is ASCII.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tokenTerms } from "./text.ts";
 * assert.deepEqual(tokenTerms("maxRetries"), ["maxretries", "max", "retries"]);
 * ```
 */
export function tokenTerms(
  token: string,
  terms: string[] = [],
  ascii: boolean = !NOT_ASCII.test(token),
): string[] {
  if (!_joined(token)) {
    _wordTerms(token, terms, ascii);
    return terms;
  }
  const lower = token.toLowerCase();
  terms.push(lower);
  // A version is found with or without its `v`: `v7.14.0` finds the heading `7.14.0`.
  if (lower.startsWith("v") && VERSION.test(lower)) terms.push(lower.slice(1));
  for (const word of token.match(WORD) ?? []) _wordTerms(word, terms, ascii);
  return terms;
}

/**
 * The words of a text, lower-cased, each Chinese or Japanese character one, framed by spaces:
 * a phrase is in a text when its sequence is a substring of the text's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordSequence } from "./text.ts";
 * assert.equal(wordSequence("Run `bun install --frozen-lockfile`."), " run bun install frozen lockfile ");
 * ```
 */
export function wordSequence(text: string): string {
  const words: string[] = [];
  for (const word of normalizeText(text).match(WORD) ?? []) {
    if (!CJK_CHAR.test(word)) {
      words.push(word.toLowerCase());
      continue;
    }
    for (const part of word.split(CJK_RUNS)) {
      if (part === "") continue;
      if (CJK_CHAR.test(part)) words.push(...part);
      else words.push(part.toLowerCase());
    }
  }
  return ` ${words.join(" ")} `;
}

/**
 * The bigrams of a run of Chinese or Japanese characters (a run of one: itself).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cjkBigrams } from "./text.ts";
 * assert.deepEqual(cjkBigrams("点击事件"), ["点击", "击事", "事件"]);
 * ```
 */
export function cjkBigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((char, i) => chars[i] + char);
}

/**
 * The Chinese or Japanese runs of a word and the text between them, in order, each marked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cjkRuns } from "./text.ts";
 * assert.deepEqual(cjkRuns("Vue组件"), [{ text: "Vue", cjk: false }, { text: "组件", cjk: true }]);
 * ```
 */
export function cjkRuns(word: string): { text: string; cjk: boolean }[] {
  const parts = word.split(CJK_RUNS).filter((part) => part !== "");
  return parts.map((text) => ({ text, cjk: CJK_CHAR.test(text) }));
}

function _wordTerms(word: string, terms: string[], ascii: boolean): void {
  if (!ascii && CJK_CHAR.test(word)) {
    for (const run of cjkRuns(word)) {
      if (!run.cjk) {
        _wordTerms(run.text, terms, false);
        continue;
      }
      const chars = [...run.text];
      chars.forEach((char, i) => {
        terms.push(char);
        if (i + 1 < chars.length) terms.push(char + chars[i + 1]);
      });
    }
    return;
  }
  const lower = word.toLowerCase();
  terms.push(lower);
  // Most words are plain: only split those with a case change, a digit or an underscore.
  if (lower === word && !/[\d_]/.test(word)) return;
  const parts = word.split(ascii ? ASCII_IDENTIFIER_PARTS : IDENTIFIER_PARTS);
  if (parts.length < 2) return;
  // One letter or digit alone (`h1` -> `h`, `1`) finds everything and nothing.
  for (const part of parts) if (part.length > 1) terms.push(part.toLowerCase());
}

/** Whether a token holds one of `@.:/-` (a compound identifier, not a plain word). */
function _joined(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const code = token.charCodeAt(i);
    // - . / : @
    if (code === 45 || code === 46 || code === 47 || code === 58 || code === 64) return true;
  }
  return false;
}
