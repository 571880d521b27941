/**
 * Word counts: runs of non-whitespace (JavaScript's `\s`), as `wc -w` counts them. No imports: the
 * hooks count a file's words without loading the parser.
 *
 * @module
 */

/**
 * Counts maximal runs of non-whitespace characters.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countWords } from "./words.ts";
 * assert.equal(countWords("## Install\n\n`npm i x`"), 5);
 * ```
 */
export function countWords(text: string): number {
  return Math.floor(_countRun(text, 0, text.length, 0) / 2);
}

/**
 * Words counted over pieces of text as {@linkcode countWords} counts the pieces joined.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WordCount } from "./words.ts";
 * const words = new WordCount();
 * words.add("one t");
 * words.add("wo three", 0, 2); // "wo" goes on with "t"
 * assert.equal(words.count, 2);
 * ```
 */
export class WordCount {
  count = 0;
  /** 1 when the text so far ends in a word, else 0. */
  inWord = 0;

  /** Counts `text`'s characters from `from` to `to`. */
  add(text: string, from = 0, to: number = text.length): void {
    const run = _countRun(text, from, to, this.inWord);
    this.count += Math.floor(run / 2);
    this.inWord = run % 2;
  }

  /** A character of a word. */
  word(): void {
    if (this.inWord === 0) this.count++;
    this.inWord = 1;
  }

  space(): void {
    this.inWord = 0;
  }
}

/** Twice the words starting in `text[from..to)`, plus 1 if it ends in a word (one hot loop). */
function _countRun(text: string, from: number, to: number, inWord: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    const space = code <= 32 ? _isAsciiSpace(code) : code >= 0x80 && _isUnicodeSpace(code);
    if (space) inWord = 0;
    else if (inWord === 0) {
      inWord = 1;
      count++;
    }
  }
  return count * 2 + inWord;
}

function _isAsciiSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

function _isUnicodeSpace(code: number): boolean {
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f ||
    code === 0x3000 || code === 0xfeff;
}
