/**
 * Search by words: the sections of the documents ranked by BM25 (MiniSearch),
 * heading text above heading path above body, tolerant of one typo per word
 * and of word prefixes. A section's own text is its heading, its heading
 * path and the blocks before its first subsection, so a hit names the
 * section that holds the words, not every section around it.
 *
 * The index is built per call: the engine keeps no state.
 *
 * @module
 */
import MiniSearch from "minisearch";
// The English list alone: the package's entry loads 62 languages (60 ms).
// @ts-types="./stopword.d.ts"
import { eng as ENGLISH_STOP_WORDS } from "stopword/src/stopwords_eng.js";
import type { MdDocument } from "../parse/document.ts";
import { sliceLines } from "../parse/source_lines.ts";
import { rootOf, scopeOf, type Target, targetAt } from "./resolve.ts";
import { MAX_HITS, MIN_SHARE_OF_BEST } from "./search_limits.ts";

/** One section a search found. */
export interface SearchHit {
  /** The section (or the root, for the text before the first heading). */
  readonly target: Target;
  /** The headings from the document's top down to the section's own. */
  readonly headingPath: readonly string[];
  /** Words of the whole section (what selecting it returns, up to a page). */
  readonly words: number;
  /** First line, 1-based. */
  readonly startLine: number;
  /** Last line, 1-based. */
  readonly endLine: number;
  /** BM25 score, higher is better. */
  readonly score: number;
  /** A short piece of the section's own text around its best hit, on one line. */
  readonly snippet: string;
}

/** What a search found. */
export interface SearchResult {
  /** The query's words that were searched for (stop-words left out). */
  readonly terms: readonly string[];
  /** How many sections matched at all. */
  readonly matched: number;
  /** The best hits, best first: at most the limit, none under {@linkcode MIN_SHARE_OF_BEST}. */
  readonly hits: SearchHit[];
}

/** The query cannot be searched: no word to search for, or far too long. */
export class QueryError extends RangeError {
  /**
   * @param message What is wrong with the query.
   */
  constructor(message: string) {
    super(message);
    this.name = "QueryError";
  }
}

/** The most characters a query may have: a question, not a document. */
export const MAX_QUERY_CHARS = 500;

const SNIPPET_CHARS = 72;
const STOP_WORDS = new Set(ENGLISH_STOP_WORDS);
// Heading text weighs most, then where the heading stands, then the text.
const BOOST = { heading: 4, path: 1.5, body: 1 };

interface _Section {
  id: number;
  hit: Omit<SearchHit, "score" | "snippet">;
  heading: string;
  path: string;
  body: string;
}

/**
 * Splits text into search terms: words of letters and digits, lower-cased,
 * and the parts of a camelCase or snake_case identifier as well as the whole.
 *
 * @param text Any text.
 * @returns The terms, stop-words included (they are dropped later).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchTerms } from "./search.ts";
 * assert.deepEqual(searchTerms("Use maxRequestsPerSocket, see http.Agent"), [
 *   "use",
 *   "maxrequestspersocket",
 *   "max",
 *   "requests",
 *   "per",
 *   "socket",
 *   "see",
 *   "http",
 *   "agent",
 * ]);
 * ```
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  for (const word of text.match(WORD) ?? []) {
    const lower = word.toLowerCase();
    terms.push(lower);
    // Most words are plain: only split those with a case change, a digit or an underscore.
    if (lower === word && !/[\d_]/.test(word)) continue;
    const parts = word.split(IDENTIFIER_PARTS);
    if (parts.length < 2) continue;
    for (const part of parts) if (part !== "") terms.push(part.toLowerCase());
  }
  return terms;
}

const WORD = /[\p{L}\p{N}_]+/gu;
const IDENTIFIER_PARTS = /_+|(?<=\p{Ll})(?=\p{Lu})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u;

/**
 * Ranks the sections of documents against a query of plain words.
 *
 * @param docs The documents to search.
 * @param query Plain words.
 * @param limit How many hits to return at most.
 * @returns The hits, best first (none scoring under a quarter of the best),
 *   and how many sections matched.
 * @throws {QueryError} When the query has no word to search for, or is too long.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/document.ts";
 * import { searchDocuments } from "./search.ts";
 * const doc = parseDocument("# Guide\n\n## Install\n\nRun npm.\n\n## Abort\n\nUse an AbortSignal.\n", "g", "g.md");
 * const { hits } = searchDocuments([doc], "how do I abort a request?");
 * assert.deepEqual(hits[0].headingPath, ["Guide", "Abort"]);
 * ```
 */
export function searchDocuments(
  docs: readonly MdDocument[],
  query: string,
  limit = MAX_HITS,
): SearchResult {
  if (query.length > MAX_QUERY_CHARS) {
    throw new QueryError(
      `The search is too long: ${query.length} characters, at most ${MAX_QUERY_CHARS}; ` +
        "give a few distinctive words",
    );
  }
  const terms = [...new Set(searchTerms(query).filter((term) => !STOP_WORDS.has(term)))];
  if (terms.length === 0) {
    throw new QueryError(
      query.trim() === ""
        ? "The search is empty: give words to search for"
        : `Nothing to search for in '${query}': it holds only common words (like 'the', 'how')`,
    );
  }
  const sections = docs.flatMap(_sectionsOf);
  sections.forEach((section, i) => section.id = i);
  const index = new MiniSearch<_Section>({
    fields: ["heading", "path", "body"],
    tokenize: searchTerms,
    // The query is known before the index is built, so only the terms it can
    // reach are indexed: most of the cost of indexing goes, and the scores
    // stay the same, because MiniSearch takes field lengths from the tokens
    // before this filter and a kept term's document frequency is unchanged.
    processTerm: reachableTerms(terms),
  });
  index.addAll(sections);
  const results = index.search(terms.join(" "), {
    boost: BOOST,
    combineWith: "OR",
    processTerm: (term) => term,
    fuzzy: (term) => (_fuzzy(term) ? 1 : false),
    prefix: _prefix,
  });
  const floor = (results[0]?.score ?? 0) * MIN_SHARE_OF_BEST;
  const shown = results.slice(0, limit).filter((result) => result.score >= floor);
  const hits = shown.map((result) => {
    const section = sections[result.id as number];
    return {
      ...section.hit,
      score: Math.round(result.score * 1000) / 1000,
      snippet: _snippet(section, Object.keys(result.match)),
    };
  });
  return { terms, matched: results.length, hits };
}

// One typo per word, for words long enough to have a typo; prefixes from 3 letters.
const _fuzzy = (term: string) => term.length >= 4 && term.length <= 40;
const _prefix = (term: string) => term.length >= 3 && term.length <= 40;

/**
 * A MiniSearch `processTerm` that keeps the terms a search for `terms` can
 * match (the same word, a word one of them begins from 3 letters, a word one
 * edit away from one of 4 to 40 letters) and drops every other and every
 * stop-word, remembering each answer.
 *
 * @param terms The query's terms, lower-cased.
 * @returns The filter: the term itself when kept, `null` when dropped.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reachableTerms } from "./search.ts";
 * const keep = reachableTerms(["abort"]);
 * assert.deepEqual([keep("aborted"), keep("abort"), keep("abbort"), keep("request")], [
 *   "aborted",
 *   "abort",
 *   "abbort",
 *   null,
 * ]);
 * ```
 */
export function reachableTerms(terms: readonly string[]): (term: string) => string | null {
  const seen = new Map<string, boolean>();
  return (term) => {
    let reachable = seen.get(term);
    if (reachable === undefined) {
      reachable = !STOP_WORDS.has(term) && terms.some((query) =>
        term === query ||
        (_prefix(query) && term.startsWith(query)) ||
        (_fuzzy(query) && _withinOneEdit(term, query))
      );
      seen.set(term, reachable);
    }
    return reachable ? term : null;
  };
}

/** Whether two words differ by at most one insertion, deletion or substitution. */
function _withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  if (i === short.length) return true;
  // The first difference: substitute (same lengths) or skip one letter of the longer word.
  const rest = short.length === long.length ? i + 1 : i;
  return short.slice(rest) === long.slice(i + 1);
}

/** Every top-level section of a document, and its preamble, with its own text. */
function _sectionsOf(doc: MdDocument): _Section[] {
  const root = rootOf(doc);
  const scope = scopeOf(root);
  const { nodes, sectionEnds, wordPrefix, ordinals } = doc.top;
  const sections: _Section[] = [];
  const path: { depth: number; text: string }[] = [];
  const firstHeading = nodes.findIndex((node) => node.kind === "heading");
  const preambleEnd = firstHeading === -1 ? nodes.length : firstHeading;
  if (preambleEnd > 0) {
    sections.push({
      id: 0,
      hit: {
        target: root,
        headingPath: [],
        words: wordPrefix[preambleEnd],
        startLine: nodes[0].startLine + 1,
        endLine: nodes[preambleEnd - 1].endLine + 1,
      },
      heading: "",
      path: doc.namespace,
      body: _text(doc, nodes[0].startLine, nodes[preambleEnd - 1].endLine),
    });
  }
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (node.kind !== "heading") continue;
    while (path.length > 0 && path[path.length - 1].depth >= node.depth) path.pop();
    path.push({ depth: node.depth, text: node.text });
    let own = i + 1;
    while (own < sectionEnds[i] && nodes[own].kind !== "heading") own++;
    const end = sectionEnds[i];
    sections.push({
      id: 0,
      hit: {
        target: targetAt(scope, i, [{
          type: { kind: "heading", depth: node.depth },
          index: ordinals[i],
        }]),
        headingPath: path.map((entry) => entry.text),
        words: wordPrefix[end] - wordPrefix[i],
        startLine: node.startLine + 1,
        endLine: nodes[end - 1].endLine + 1,
      },
      heading: node.text,
      path: path.slice(0, -1).map((entry) => entry.text).join(" "),
      body: own > i + 1 ? _text(doc, nodes[i + 1].startLine, nodes[own - 1].endLine) : "",
    });
  }
  return sections;
}

/** Source text for the index, with link destinations left out (they are no words to find). */
function _text(doc: MdDocument, first: number, last: number): string {
  return sliceLines(doc.lines, first, last)
    .replace(/\]\([^)\s]*(?:\s+"[^"]*")?\)/g, "]")
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, "");
}

/**
 * The piece of a section's own text around its best hit: where most of the
 * matched terms stand close together, on one line, cut at word boundaries.
 */
function _snippet(section: _Section, matched: readonly string[]): string {
  // Fence lines and table rules are markup, not words: they only take room.
  const text = section.body
    .replace(/^ {0,3}(?:`{3,}|~{3,}).*$/gm, "")
    .replace(/^ *\|?(?: *:?-+:? *\|)+ *:?-*:? *$/gm, "")
    .replace(/\s+/g, " ").trim();
  if (text === "") return "";
  const lower = text.toLowerCase();
  let best = -1;
  let bestScore = -1;
  for (const term of matched) {
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
      const window = lower.slice(Math.max(0, at - SNIPPET_CHARS / 2), at + SNIPPET_CHARS / 2);
      const score = matched.filter((other) => window.includes(other)).length;
      if (score > bestScore) [best, bestScore] = [at, score];
    }
  }
  if (best === -1) best = 0;
  let start = Math.max(0, best - SNIPPET_CHARS / 3);
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  start = Math.max(0, end - SNIPPET_CHARS);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length) {
    end = text.lastIndexOf(" ", end) > start ? text.lastIndexOf(" ", end) : end;
  }
  // Never half a surrogate pair at either end.
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? "")) end--;
  if (/[\uDC00-\uDFFF]/.test(text[start] ?? "")) start++;
  return `${start > 0 ? "..." : ""}${text.slice(start, end)}${end < text.length ? "..." : ""}`;
}
