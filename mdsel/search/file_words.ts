/**
 * The file field of a section: its file's name and folder as words (`runtime sqlite`) and their
 * distinct terms.
 *
 * @module
 */
import { searchTerms } from "./text.ts";

/** A file's name and folder as words, and how many distinct terms they hold. */
export interface FileTerms {
  readonly words: string;
  readonly size: number;
}

/**
 * A file's name and folder as words: its path's last two parts, its extension dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileWords } from "./file_words.ts";
 * assert.equal(fileWords("docs/runtime/sqlite.mdx"), "runtime sqlite");
 * ```
 */
export function fileWords(path: string): string {
  // No regular expression or array: a call asks this of thousands of files.
  let name = "";
  let folder = "";
  let found = 0;
  let end = path.length;
  while (found < 2 && end > 0) {
    let start = end - 1;
    while (start >= 0 && path[start] !== "/" && path[start] !== "\\") start--;
    if (end - start > 1 && !(end - start === 2 && path[start + 1] === ".")) {
      if (found++ === 0) {
        const dot = path.lastIndexOf(".", end - 1);
        name = path.slice(start + 1, dot > start ? dot : end);
      } else folder = path.slice(start + 1, end);
    }
    end = start;
  }
  return folder === "" ? name.trim() : name === "" ? folder.trim() : `${folder} ${name}`.trim();
}

/**
 * Puts the distinct terms of a file's words in `names` and their counts in `counts` (both
 * emptied first), in the order first met; returns how many.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileTerms } from "./file_words.ts";
 * const names: string[] = [];
 * const counts: number[] = [];
 * assert.equal(fileTerms("cli bun-cli", names, counts), 3);
 * assert.deepEqual([names, counts], [["cli", "bun-cli", "bun"], [2, 1, 1]]);
 * ```
 */
export function fileTerms(words: string, names: string[] = [], counts: number[] = []): number {
  names.length = counts.length = 0;
  for (const term of searchTerms(words)) {
    const at = names.indexOf(term);
    if (at === -1) {
      names.push(term);
      counts.push(1);
    } else counts[at]++;
  }
  return names.length;
}

/**
 * A file's words and how many distinct terms they hold.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fileTermsOf } from "./file_words.ts";
 * assert.deepEqual(fileTermsOf("docs/cli/bun-cli.md"), { words: "cli bun-cli", size: 3 });
 * ```
 */
export function fileTermsOf(path: string): FileTerms {
  const words = fileWords(path);
  return { words, size: fileTerms(words) };
}
