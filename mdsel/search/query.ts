/**
 * A search query read into its words and its phrases (quoted, or a run of Chinese or Japanese);
 * common English words are left out, and words after the question's last `?` are the caller's.
 *
 * @module
 */
import { CJK_CHAR, cjkBigrams, cjkRuns, normalizeText, searchTerms, wordSequence } from "./text.ts";
import { clipText } from "../query/clip.ts";
import {
  ASKING_WORDS,
  PARTICLES,
  QUERY_FILLERS,
  QUESTION_VERBS,
  QUESTION_WORDS,
  STOP_WORDS,
} from "./english.ts";

/** The most characters a query may have: a question and the caller's words, not a document. */
export const MAX_QUERY_CHARS = 1500;

/** One word of a query: what it is searched by. */
export interface QueryWord {
  /** Its search terms, stop-words left out. */
  readonly terms: readonly string[];
  /** A section holds `any` of a word's terms, or a `share` of a CJK run's bigrams. */
  readonly count: "any" | "share";
  /** A word whose absence costs nothing, such as the verb a question asks with. */
  readonly optional?: boolean;
  /** The particle after it (`up` in `set up`): docs may write the two as one. */
  readonly particle?: string;
  /** A word of the caller's after the question: weighed less, never required. */
  readonly hint?: boolean;
}

/** A query read for searching. */
export interface SearchQuery {
  readonly words: readonly QueryWord[];
  /** Every term to search for, once. */
  readonly terms: readonly string[];
  /** Phrases, each as {@linkcode wordSequence} writes it. */
  readonly phrases: readonly string[];
  /** Whether it names an identifier: camelCase, dotted, snake_case, a flag, or in backticks. */
  readonly identifier: boolean;
  /** Whether it starts with a question word (`how`, `what`) or ends with `?`. */
  readonly question: boolean;
  /** The question, without the caller's words after it. */
  readonly asked: string;
}

/** The query cannot be searched: no word to search for, or far too long. */
export class QueryError extends RangeError {
  override name = "QueryError";
}

const SPANS = /"([^"]*)"|\u201C([^\u201D]*)\u201D|`([^`]*)`/g;

/**
 * A word's one term when it is a plain English word (lower-case letters only), else `undefined`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQuery, plainTerm } from "./query.ts";
 * assert.deepEqual(parseQuery("redirects fs.readFile").words.map(plainTerm), ["redirects", undefined]);
 * ```
 */
export function plainTerm(word: QueryWord): string | undefined {
  const [term] = word.terms;
  if (word.count !== "any" || word.terms.length !== 1 || !/^[a-z]+$/.test(term)) return undefined;
  return term;
}

/**
 * Reads a query as typed (see the module).
 *
 * @throws {QueryError} When it holds nothing to search for, or is too long.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQuery } from "./query.ts";
 * const query = parseQuery('how do I read "content collections" with import.meta.env?');
 * assert.deepEqual(query.words.map((word) => word.terms[0]), ["read", "content", "collections", "import.meta.env"]);
 * ```
 */
export function parseQuery(query: string): SearchQuery {
  if (query.length > MAX_QUERY_CHARS) {
    throw new QueryError(
      `The search is too long: ${query.length} characters, at most ${MAX_QUERY_CHARS}; ` +
        "give the question and a few of the docs' words",
    );
  }
  const normal = normalizeText(query);
  const [asked, hinted] = _splitQuestion(normal);
  // A question of common words alone (`how?`) is no question: all is searched alike.
  if (hinted !== "" && !_holdsWords(asked)) return _parse(normal, "", query);
  return _parse(asked, hinted, query);
}

function _holdsWords(text: string): boolean {
  return text.split(/\s+/).some((token) =>
    CJK_CHAR.test(token) || searchTerms(token).some((term) => !STOP_WORDS.has(term))
  );
}

/** Reads a question (normalised) and the caller's words after it; `query` as typed. */
function _parse(text: string, hinted: string, query: string): SearchQuery {
  const phrases = new Set<string>();
  for (const span of text.matchAll(SPANS)) {
    const inner = span[1] ?? span[2] ?? span[3];
    const sequence = wordSequence(inner);
    // A phrase of one word is that word.
    if (sequence.trim().includes(" ")) phrases.add(sequence);
  }
  const words: QueryWord[] = [];
  const tokens = text.trim().split(/\s+/);
  const from: number[] = []; // the token each word came from
  const question = QUESTION_WORDS.has(tokens[0].toLowerCase()) || text.trimEnd().endsWith("?");
  tokens.forEach((token, at) => {
    // The word a question starts with says it is one; it is not what it asks about.
    if (at === 0 && tokens.length > 1 && QUESTION_WORDS.has(token.toLowerCase())) return;
    for (const run of cjkRuns(token)) {
      if (run.cjk) {
        words.push({ terms: cjkBigrams(run.text), count: "share" });
        from.push(at);
        if ([...run.text].length > 1) phrases.add(wordSequence(run.text));
        continue;
      }
      const all = searchTerms(run.text);
      const terms = [...new Set(all)].filter((term) => !STOP_WORDS.has(term));
      const last = words.length - 1;
      // A particle right after a plain word (`set up`, not `import.meta.env in`).
      if (
        terms.length === 0 && all.length === 1 && PARTICLES.has(all[0]) && from[last] === at - 1 &&
        plainTerm(words[last]) !== undefined
      ) {
        words[last] = { ...words[last], particle: all[0] };
      }
      if (terms.length === 0) continue;
      from.push(at);
      const optional = terms.length === 1 &&
        ((question && QUESTION_VERBS.has(terms[0])) || ASKING_WORDS.has(terms[0]) ||
          QUERY_FILLERS.has(terms[0]));
      words.push(optional ? { terms, count: "any", optional } : { terms, count: "any" });
    }
  });
  const seen = new Set(words.flatMap((word) => word.terms));
  for (const token of hinted.split(/\s+/)) {
    const terms = [...new Set(searchTerms(token.replace(/^["`\u201C]+|["`\u201D]+$/g, "")))]
      .filter((term) => !STOP_WORDS.has(term) && !seen.has(term));
    if (terms.length === 0) continue;
    for (const term of terms) seen.add(term);
    words.push({ terms, count: "any", optional: true, hint: true });
  }
  if (words.length === 0) {
    if (query.trim() === "") throw new QueryError("The search is empty: give words to search for");
    throw new QueryError(
      `Nothing to search for in '${clipQuery(query.trim())}': it holds ${
        /[\p{L}\p{N}]/u.test(text)
          ? "only common words (like 'the', 'how')"
          : "no letters or digits"
      }`,
    );
  }
  return {
    words,
    terms: [...new Set(words.flatMap((word) => word.terms))],
    phrases: [...phrases],
    identifier: IDENTIFIER.test(text),
    question,
    asked: text,
  };
}

/** A query cut after its last `?` that words follow. */
function _splitQuestion(text: string): [string, string] {
  const spans = [...text.matchAll(SPANS)].map((span) => [span.index, span.index + span[0].length]);
  for (
    let at = text.lastIndexOf("?");
    at !== -1;
    at = at > 0 ? text.lastIndexOf("?", at - 1) : -1
  ) {
    // A `?` inside a word (`?page=1`, a glob's `?(`) ends no question.
    if (!/\s/.test(text[at + 1] ?? " ")) continue;
    if (spans.some(([start, end]) => at > start && at < end)) continue;
    const rest = text.slice(at + 1).trim();
    return /[\p{L}\p{N}]/u.test(rest) ? [text.slice(0, at + 1).trim(), rest] : [text, ""];
  }
  return [text, ""];
}

const IDENTIFIER = /`|[a-z][A-Z]|\w[._]\w|(?:^|\s)--?[A-Za-z]/;

/**
 * A query as a message repeats it: its first 60 characters (code points), then `...`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { clipQuery } from "./query.ts";
 * assert.equal(clipQuery("é".repeat(100)), `${"é".repeat(60)}...`);
 * ```
 */
export function clipQuery(query: string): string {
  return clipText(query, 60, { codePoints: true });
}
