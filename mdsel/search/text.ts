/**
 * Text cut into search terms, the same for documents and queries: NFC,
 * without zero-width characters; words lower-cased, an identifier also by its
 * parts (`maxRetries`: `max`, `retries`) and, with punctuation (`fs.readFile`,
 * `--frozen-lockfile`), as written; Chinese and Japanese by each character
 * and bigram, which needs no dictionary.
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
const VERSION = /^v?\d+(?:\.\d+)+$/;
const IDENTIFIER_PARTS = /_+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;
const ASCII_IDENTIFIER_PARTS = /_+|(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])/;
/** Characters of scripts written without spaces between words. */
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30FC]/u;
const CJK_RUNS = /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30FC]+)/u;

/**
 * Text as a reader sees it: NFC, without zero-width characters and soft
 * hyphens.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeText } from "./text.ts";
 * assert.equal(normalizeText("re\u0301sume\u0301"), "résumé");
 * assert.equal(normalizeText("zero\u200Bwidth"), "zerowidth");
 * ```
 */
export function normalizeText(text: string): string {
  if (!NOT_ASCII.test(text)) return text;
  return text.normalize("NFC").replace(ZERO_WIDTH, "");
}

/**
 * Whether a word holds a Chinese or Japanese character.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { hasCjk } from "./text.ts";
 * assert.ok(hasCjk("Vue组件"));
 * assert.ok(!hasCjk("résumé"));
 * ```
 */
export function hasCjk(word: string): boolean {
  return CJK_CHAR.test(word);
}

/**
 * The search terms of a text (see the module), lower-cased, in order,
 * stop-words included.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchTerms } from "./text.ts";
 * assert.deepEqual(searchTerms("see fs.readFile"), ["see", "fs.readfile", "fs", "readfile", "read", "file"]);
 * assert.deepEqual(searchTerms("東京タワー"), ["東", "東京", "京", "京タ", "タ", "タワ", "ワ", "ワー", "ー"]);
 * assert.deepEqual(searchTerms("v7.14.0"), ["v7.14.0", "7.14.0", "v7", "14", "0"]);
 * ```
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  const ascii = !NOT_ASCII.test(text);
  for (const token of searchTokens(text)) tokenTerms(token, terms, ascii);
  return terms;
}

/**
 * The tokens of a text, normalised but not lower-cased: its words and its
 * identifiers with punctuation, each of which {@linkcode tokenTerms} cuts
 * into terms.
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
 * The search terms of one token of {@linkcode searchTokens}: the same for
 * every occurrence of the token, so a caller may keep them.
 *
 * @param terms Where to add its terms (a new array when absent).
 * @param ascii Whether the token is ASCII (worked out when absent).
 * @returns `terms`, its terms added, lower-cased, in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tokenTerms } from "./text.ts";
 * assert.deepEqual(tokenTerms("maxRetries"), ["maxretries", "max", "retries"]);
 * assert.deepEqual(tokenTerms("v7.14.0"), ["v7.14.0", "7.14.0", "v7", "14", "0"]);
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
 * Whether a term (lower-cased) is a version number (`7.14.0`, `v2.0`): a
 * term one digit away from it is another version, not a typo.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isVersion } from "./text.ts";
 * assert.ok(isVersion("v7.14.0"));
 * assert.ok(isVersion("2.0"));
 * assert.ok(!isVersion("fs.readfile"));
 * ```
 */
export function isVersion(term: string): boolean {
  return VERSION.test(term);
}

/**
 * The words of a text in order, lower-cased, each Chinese or Japanese
 * character a word of its own, joined by single spaces and framed by spaces:
 * a phrase is in the text when its own sequence is a substring.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wordSequence } from "./text.ts";
 * assert.equal(wordSequence("Run `bun install --frozen-lockfile`."), " run bun install frozen lockfile ");
 * assert.ok(wordSequence("按钮点击事件").includes(wordSequence("点击事件")));
 * ```
 */
export function wordSequence(text: string): string {
  const words: string[] = [];
  for (const word of normalizeText(text).match(WORD) ?? []) {
    if (!hasCjk(word)) {
      words.push(word.toLowerCase());
      continue;
    }
    for (const part of word.split(CJK_RUNS)) {
      if (part === "") continue;
      if (hasCjk(part)) words.push(...part);
      else words.push(part.toLowerCase());
    }
  }
  return ` ${words.join(" ")} `;
}

/**
 * The bigrams of a run of Chinese or Japanese characters (the character
 * itself for a run of one), as a query searches for them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cjkBigrams } from "./text.ts";
 * assert.deepEqual(cjkBigrams("点击事件"), ["点击", "击事", "事件"]);
 * assert.deepEqual(cjkBigrams("树"), ["树"]);
 * ```
 */
export function cjkBigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  return chars.slice(1).map((char, i) => chars[i] + char);
}

/**
 * The runs of a word of letters, digits and `_`: Chinese or Japanese runs
 * and the text between them, in order, each marked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cjkRuns } from "./text.ts";
 * assert.deepEqual(cjkRuns("Vue组件"), [{ text: "Vue", cjk: false }, { text: "组件", cjk: true }]);
 * ```
 */
export function cjkRuns(word: string): { text: string; cjk: boolean }[] {
  return word.split(CJK_RUNS).filter((part) => part !== "").map((text) => ({
    text,
    cjk: hasCjk(text),
  }));
}

function _wordTerms(word: string, terms: string[], ascii: boolean): void {
  if (!ascii && hasCjk(word)) {
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
  // One letter or digit alone (`h1` -> `h`, `1`) finds everything and nothing: parts of two or more.
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
