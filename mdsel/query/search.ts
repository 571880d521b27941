/**
 * Search by words: the sections of the documents ranked by BM25 (MiniSearch),
 * heading text above heading path above body, tolerant of one typo per word
 * and of word prefixes. A section's own text is its heading, its heading
 * path (the document's title and file name, then the headings above it) and
 * the blocks before its first subsection, so a hit names the section that
 * holds the words, not every section around it.
 *
 * On top of BM25: a section holding more of the query's words ranks higher
 * (its score is multiplied by the share of words it holds to the fourth power: one
 * section with all three rare words beats one with a single word in its
 * heading), and a section holding a phrase of the query (in double quotes or
 * backticks, or a Chinese or Japanese run) ranks above every section that
 * holds its words apart.
 *
 * The index is built per call: the engine keeps no state.
 *
 * @module
 */
import MiniSearch, { type SearchResult as MiniSearchResult } from "minisearch";
import { type MdDocument, proseSource } from "../parse/document.ts";
import { sliceLines } from "../parse/source_lines.ts";
import { introOf, rootOf, scopeOf, type Target, targetAt } from "./resolve.ts";
import { MAX_HITS, MIN_SHARE_OF_BEST } from "./search_limits.ts";
import { parseQuery, type QueryWord, type SearchQuery, STOP_WORDS } from "./search_query.ts";
import { hasCjk, isVersion, normalizeText, searchTerms, wordSequence } from "./search_text.ts";

/** One section a search found. */
export interface SearchHit {
  /** The section (or the intro, the text before the first heading). */
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

const SNIPPET_CHARS = 72;
/** The most matched words a snippet looks for, and the most places of each it weighs. */
const _SNIPPET_TERMS = 24;
const _SNIPPET_PLACES = 200;
// An HTML or JSX tag (`<sup class="x">`, `</sup>`, `<Tabs>`, `<br/>`) or an HTML comment, on one line
// (never scanning past the next `<!--`: a line of them was quadratic).
const _MARKUP = /<!--(?:(?!<!--)[^\n])*?-->|<\/?[A-Za-z][\w.:-]*(?:\s[^<>\n]*)?\/?>/g;
// Heading text weighs most, then where the heading stands, then the text.
const BOOST = { heading: 4, path: 1.5, body: 1 };
/** A section's score is multiplied by the share of the query's words it holds, to this power. */
const COVERAGE_POWER = 4;

interface _Section {
  id: number;
  hit: Omit<SearchHit, "score" | "snippet">;
  heading: string;
  path: string;
  body: string;
}

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
  const parsed = parseQuery(query);
  const swaps = swappedTerms(parsed);
  const terms = [...parsed.terms, ...swaps.keys()];
  const sections = docs.flatMap(_sectionsOf);
  sections.forEach((section, i) => section.id = i);
  const index = new MiniSearch<_Section>({
    fields: ["heading", "path", "body"],
    tokenize: searchTerms,
    // The query is known before the index is built, so only the terms it can
    // reach are indexed: most of the cost of indexing goes, and the scores
    // stay the same, because MiniSearch takes field lengths from the tokens
    // before this filter and a kept term's document frequency is unchanged.
    processTerm: reachableTerms(terms, swaps),
  });
  index.addAll(sections);
  const results = index.search(terms.join(" "), {
    boost: BOOST,
    combineWith: "OR",
    tokenize: (text) => text.split(" "),
    processTerm: (term) => term,
    // A swapped word gets no typo of its own, and weighs what a typo does.
    fuzzy: (term) => (!swaps.has(term) && _fuzzy(term) ? 1 : false),
    prefix: _prefix,
    boostTerm: (term) => (swaps.has(term) ? SWAP_WEIGHT : 1),
  });
  const ranked = _rank(results, parsed, sections, swaps);
  const floor = (ranked[0]?.score ?? 0) * MIN_SHARE_OF_BEST;
  const shown = ranked.slice(0, limit).filter((result) => result.score >= floor);
  const hits = shown.map(({ result, score }) => {
    const section = sections[result.id as number];
    return {
      ...section.hit,
      score: Math.round(score * 1000) / 1000,
      snippet: _snippet(section, Object.keys(result.match)),
    };
  });
  const words = [...new Set(parsed.words.map((word) => word.terms[0]))];
  return { terms: words, matched: results.length, hits };
}

/**
 * The final order: BM25 (without MiniSearch's own multiplier, the number of
 * terms matched, which counts an identifier's parts) times the share of the
 * query's words a section holds (a question's verbs left out; a word found
 * with two letters swapped counts), to the fourth power; then each phrase a
 * section holds adds the best score of those holding none, which puts it
 * above them.
 */
function _rank(
  results: readonly MiniSearchResult[],
  query: SearchQuery,
  sections: readonly _Section[],
  swaps: ReadonlyMap<string, QueryWord>,
): { result: MiniSearchResult; score: number }[] {
  // A question's verbs (`configure`) add to the score but not to the share.
  const required = query.words.filter((word) => !word.optional);
  const counted = required.length > 0 ? required : query.words;
  const swapsOf = new Map<QueryWord, string[]>();
  for (const [swap, word] of swaps) swapsOf.set(word, [...(swapsOf.get(word) ?? []), swap]);
  const ranked = results.map((result) => {
    const matched = new Set(result.queryTerms);
    let held = 0;
    for (const word of counted) {
      const found = word.terms.filter((term) => matched.has(term)).length ||
        (swapsOf.get(word)?.some((swap) => matched.has(swap)) ? 1 : 0);
      held += word.count === "share" ? found / word.terms.length : found > 0 ? 1 : 0;
    }
    const coverage = (held / counted.length) ** COVERAGE_POWER;
    return { result, score: (result.score / result.queryTerms.length) * coverage, phrases: 0 };
  });
  if (query.phrases.length > 0) {
    let bestLoose = 0;
    for (const entry of ranked) {
      const section = sections[entry.result.id as number];
      const heading = wordSequence(section.heading);
      const body = wordSequence(section.body);
      entry.phrases = query.phrases.filter((phrase) =>
        heading.includes(phrase) || body.includes(phrase)
      ).length;
      if (entry.phrases === 0) bestLoose = Math.max(bestLoose, entry.score);
    }
    for (const entry of ranked) entry.score += entry.phrases * bestLoose;
  }
  return ranked.sort((a, b) => b.score - a.score);
}

// One typo per word, for words long enough to have a typo (not Chinese or
// Japanese: one character more or less is another word; not a version: one
// digit more or less is another version); prefixes from 3 letters.
const _fuzzy = (term: string) =>
  term.length >= 4 && term.length <= 40 && !hasCjk(term) && !isVersion(term);
const _prefix = (term: string) => term.length >= 3 && term.length <= 40;

/**
 * A MiniSearch `processTerm` that keeps the terms a search for `terms` can
 * match (the same word, a word one of them begins from 3 letters, a word one
 * edit away from one of 4 to 40 letters) and drops every other and every
 * stop-word, remembering each answer.
 *
 * @param terms The query's terms, lower-cased.
 * @param noTypo The terms searched for without a typo (swapped words, {@linkcode swappedTerms}).
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
export function reachableTerms(
  terms: readonly string[],
  noTypo: { has(term: string): boolean } = new Set(),
): (term: string) => string | null {
  const seen = new Map<string, boolean>();
  const exact = new Set(terms);
  // Prefixes are looked up by their first three characters (every prefix has three), so
  // many of them (a query's swapped words) cost a lookup per term, not a comparison each;
  // only the terms that may have a typo are compared (not 399 bigrams of Chinese).
  const prefixes = new Map<string, string[]>();
  for (const query of terms.filter(_prefix)) {
    const head = query.slice(0, 3);
    prefixes.set(head, [...(prefixes.get(head) ?? []), query]);
  }
  const typos = terms.filter((query) => !noTypo.has(query) && _fuzzy(query));
  return (term) => {
    let reachable = seen.get(term);
    if (reachable === undefined) {
      reachable = !STOP_WORDS.has(term) &&
        (exact.has(term) ||
          (prefixes.get(term.slice(0, 3))?.some((query) => term.startsWith(query)) ?? false) ||
          typos.some((query) => _withinOneEdit(term, query)));
      seen.set(term, reachable);
    }
    return reachable ? term : null;
  };
}

/** What a word found only with two of its letters swapped weighs, as MiniSearch weighs a typo. */
const SWAP_WEIGHT = 0.4;
/** The most swapped words a query searches for. */
const MAX_SWAPS = 200;

/**
 * The words of a query with two neighbouring letters swapped (`reavlidation`
 * gives `revalidation`): the commonest typo, two edits where a search allows
 * one. Only plain words of 5 to 40 letters, not common words, not the
 * query's own terms; each maps to the word it comes from.
 *
 * @param query A parsed query.
 * @returns Each swapped word and its query word, at most 200.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQuery } from "./search_query.ts";
 * import { swappedTerms } from "./search.ts";
 * assert.ok(swappedTerms(parseQuery("reavlidation")).has("revalidation"));
 * assert.equal(swappedTerms(parseQuery("fs.readFile tab")).has("fs.raedfile"), false);
 * ```
 */
export function swappedTerms(query: SearchQuery): Map<string, QueryWord> {
  const own = new Set(query.terms);
  const swaps = new Map<string, QueryWord>();
  for (const word of query.words) {
    // A plain word: one term of letters alone (an identifier is written as meant).
    const [term] = word.terms;
    if (word.count !== "any" || word.terms.length !== 1 || !/^[a-z]{5,40}$/.test(term)) continue;
    for (let i = 0; i + 1 < term.length && swaps.size < MAX_SWAPS; i++) {
      if (term[i] === term[i + 1]) continue;
      const swap = term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2);
      if (!own.has(swap) && !STOP_WORDS.has(swap)) swaps.set(swap, word);
    }
  }
  return swaps;
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

/**
 * Every top-level section of a document, and its preamble, with its own
 * text. The document's title (`title:` in its front matter) is the
 * preamble's heading, and heads every section's path after the file's name
 * and folder.
 */
function _sectionsOf(doc: MdDocument): _Section[] {
  const title = _title(doc);
  const file = _fileWords(doc.filePath);
  const root = rootOf(doc);
  const scope = scopeOf(root);
  const { nodes, sectionEnds, wordPrefix, ordinals } = doc.top;
  const sections: _Section[] = [];
  const path: { depth: number; text: string }[] = [];
  const intro = introOf(doc);
  if (intro?.kind === "intro") {
    const preambleEnd = intro.end;
    sections.push({
      id: 0,
      hit: {
        target: intro,
        headingPath: [],
        words: wordPrefix[preambleEnd],
        startLine: nodes[0].startLine + 1,
        endLine: nodes[preambleEnd - 1].endLine + 1,
      },
      heading: title,
      path: file,
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
      path: [file, title, ...path.slice(0, -1).map((entry) => entry.text)].join(" "),
      body: own > i + 1 ? _text(doc, nodes[i + 1].startLine, nodes[own - 1].endLine) : "",
    });
  }
  return sections;
}

/** The `title:` of a document's front matter (YAML or TOML), or `""`. */
function _title(doc: MdDocument): string {
  if (doc.frontMatterLines === 0) return "";
  const front = sliceLines(doc.lines, 0, doc.frontMatterLines - 1);
  const match = /^title\s*[:=][ \t]*(["']?)(.*?)\1[ \t]*$/m.exec(front);
  return match?.[2] ?? "";
}

/** A file's name and folder as words: `docs/runtime/sqlite.mdx` gives `runtime sqlite`. */
function _fileWords(path: string): string {
  const parts = path.split(/[\\/]/).filter((part) => part !== "" && part !== ".");
  const name = (parts.pop() ?? "").replace(/\.[^.]*$/, "");
  return [parts.pop() ?? "", name].join(" ").trim();
}

/**
 * A link's destination and title, one level of parentheses inside
 * (`](https://en.wikipedia.org/wiki/Foo_(bar))`). It never scans past a `(`
 * it cannot close: `](](](...` made it scan to the end from each one.
 */
const LINK_DESTINATION = /\]\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*(?:\s+"[^"]*")?\)/g;
/**
 * A reference definition, its label on one line: a label or indentation
 * read across lines made lines of `[x` or of spaces scan to the end from each one.
 */
const REFERENCE_DEFINITION = /^[ \t]*\[[^\]\n]+\]:\s*\S+.*$/gm;

/** Source text for the index, with link destinations left out (they are no words to find). */
function _text(doc: MdDocument, first: number, last: number): string {
  return proseSource(doc, first, last)
    .replace(LINK_DESTINATION, "]")
    .replace(REFERENCE_DEFINITION, "");
}

/**
 * The piece of a section's own text around its best hit: where most of the
 * matched terms stand close together, on one line, cut at word boundaries.
 */
function _snippet(section: _Section, matched: readonly string[]): string {
  // A prefix can reach thousands of words, each standing in many places: the
  // first few of each are enough to find where most stand together.
  const terms = matched.slice(0, _SNIPPET_TERMS);
  // Fence lines, table rules, HTML and JSX tags and comments are markup, not words: they only
  // take room. A tag holding a matched term stays, so the snippet can show that hit.
  const text = normalizeText(section.body)
    .replace(/^ {0,3}(?:`{3,}|~{3,}).*$/gm, "")
    .replace(/^ *\|?(?: *:?-+:? *\|)+ *:?-*:? *$/gm, "")
    .replace(_MARKUP, (tag) => {
      const lower = tag.toLowerCase();
      return terms.some((term) => lower.includes(term)) ? tag : " ";
    })
    .replace(/\s+/g, " ").trim();
  if (text === "") return "";
  const lower = text.toLowerCase();
  let best = -1;
  let bestEnd = 0;
  let bestScore = -1;
  for (const term of terms) {
    let places = 0;
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + 1)) {
      if (++places > _SNIPPET_PLACES) break;
      const window = lower.slice(Math.max(0, at - SNIPPET_CHARS / 2), at + SNIPPET_CHARS / 2);
      const score = terms.filter((other) => window.includes(other)).length;
      if (score > bestScore) [best, bestEnd, bestScore] = [at, at + term.length, score];
    }
  }
  if (best === -1) best = 0;
  let start = Math.max(0, best - SNIPPET_CHARS / 3);
  let end = Math.min(text.length, start + SNIPPET_CHARS);
  start = Math.max(0, end - SNIPPET_CHARS);
  // Cut at word boundaries, but never cut the hit off (text with few spaces: Chinese, HTML tags).
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < best) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > start && space >= bestEnd) end = space;
  }
  // Never half a surrogate pair at either end.
  if (/[\uD800-\uDBFF]/.test(text[end - 1] ?? "")) end--;
  if (/[\uDC00-\uDFFF]/.test(text[start] ?? "")) start++;
  return `${start > 0 ? "..." : ""}${text.slice(start, end)}${end < text.length ? "..." : ""}`;
}
