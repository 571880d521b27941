/**
 * Search by words: the sections of documents ranked for a query; a section holding a phrase of
 * the query, or defining a `what is` question's concept, ranks above the rest.
 *
 * @module
 */
import type { MdDocument } from "../parse/document.ts";
import { introOf, rootOf, scopeOf, type Target, targetAt } from "../query/resolve.ts";
import { BODY, documentTitle, type SearchData, searchData, sectionText, STEM } from "./data.ts";
import { fileWords } from "./file_words.ts";
import { MAX_HITS, MIN_SHARE_OF_BEST } from "./limits.ts";
import { type TermMatch, termMatcher, type TermSpec, termSpecs } from "./match.ts";
import { parseQuery } from "./query.ts";
import { conceptOf, definedSubject, namesConcept } from "./define.ts";
import { scoreSections } from "./rank.ts";
import { rankingInForce, type Scored } from "./ranking.ts";
import { TermPlaces } from "./term_places.ts";
import { normalizeText, wordSequence } from "./text.ts";

/** One section a search found. */
export interface SearchHit {
  /** The section or the intro. */
  readonly target: Target;
  /** The headings from the document's top down to the section's own (the intro: the title). */
  readonly headingPath: readonly string[];
  /** Words of the whole section. */
  readonly words: number;
  /** First line, 1-based. */
  readonly startLine: number;
  /** Last line, 1-based. */
  readonly endLine: number;
  readonly score: number;
  /** How strongly its own heading holds the query's words (0: not at all). */
  readonly headingScore: number;
  /** A short piece of the section's own text around its best hit, on one line. */
  readonly snippet: string;
}

/** What a search found. */
export interface SearchResult {
  /** The query's words that were searched for (stop-words left out). */
  readonly terms: readonly string[];
  /** How many sections matched at all. */
  readonly matched: number;
  /** Best first: at most the limit, none under {@linkcode MIN_SHARE_OF_BEST} of the best. */
  readonly hits: SearchHit[];
}

/** The search data of a call's documents for a query. */
export interface SearchBatch {
  /** Each document's search data, holding the terms the query reaches and no other. */
  readonly data: readonly SearchData[];
  /** The same terms and their places. */
  readonly places: TermPlaces;
  /** The documents the data was read from, where not the call's (a fast read of an MDX file). */
  readonly views?: readonly MdDocument[];
}

/** Search data a call has at hand already: a persistent index's. */
export interface SearchDataSource {
  /** The search data of documents for a query, as `searchData(doc, keep)` derives it. */
  dataFor(
    docs: readonly MdDocument[],
    specs: readonly TermSpec[],
    keep: (term: string) => boolean,
  ): SearchBatch;
}

const SNIPPET_CHARS = 72;
/** The most matched words a snippet looks for, and the most places of each it weighs. */
const _SNIPPET_TERMS = 24;
const _SNIPPET_PLACES = 200;
/** The most sections read for a query's phrases, and for a definition of its concept. */
const _PHRASE_CANDIDATES = 2000;
const _DEFINITION_CANDIDATES = 200;
// A tag or an HTML comment, on one line, never past the next `<!--` (quadratic on a line of them).
const _MARKUP = /<!--(?:(?!<!--)[^\n])*?-->|<\/?[A-Za-z][\w.:-]*(?:\s[^<>\n]*)?\/?>/g;

/**
 * Ranks the sections of documents against a query of plain words.
 *
 * @param source The documents' search data, when an index holds it.
 * @throws {QueryError} When the query has no word to search for, or is too long.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
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
  source?: SearchDataSource,
): SearchResult {
  const ranking = rankingInForce();
  const parsed = parseQuery(query);
  const specs = termSpecs(parsed, ranking.aside, ranking.aside);
  const match = termMatcher(specs);
  const keep = (term: string) => match(term).length > 0;
  let batch = source?.dataFor(docs, specs, keep);
  if (batch === undefined) {
    const derived = docs.map((doc) => searchData(doc, keep));
    batch = { data: derived, places: TermPlaces.of(derived) };
  }
  const { data, places } = batch;
  const views = batch.views ?? docs;
  const scored = scoreSections(
    data.map((entry, i) => ({ data: entry, file: fileWords(docs[i].filePath) })),
    parsed,
    specs,
    match,
    places,
  );
  let best: Scored[];
  const { exact } = ranking;
  const own = (result: Scored) => _ownText(views[result.doc], data[result.doc], result.section);
  const concept = conceptOf(parsed.asked);
  if (concept !== undefined && exact > 0) {
    _lift(scored, _DEFINITION_CANDIDATES, (result) => {
      // An upgrade note's or a legacy page's "X is now ..." defines nothing of today.
      if (result.changes) return 0;
      const subject = definedSubject(own(result).body);
      return subject !== undefined && namesConcept(subject, concept) ? exact : 0;
    });
  }
  if (parsed.phrases.length > 0 && exact > 0) {
    _lift(scored, _PHRASE_CANDIDATES, (result) => {
      const { heading, body } = own(result);
      const sequences = [wordSequence(heading), wordSequence(body)];
      return exact *
        parsed.phrases.filter((phrase) => sequences.some((text) => text.includes(phrase))).length;
    });
    best = scored.slice(0, limit);
  } else best = _firstOf(scored, limit, _byScore);
  const floor = (best[0]?.score ?? 0) * MIN_SHARE_OF_BEST;
  const shown = best.filter((result) => result.score >= floor);
  const hits = shown.map((result) =>
    _hit(result, docs[result.doc], views[result.doc], data[result.doc], specs, match)
  );
  const words = [...new Set(parsed.words.map((word) => word.terms[0]))];
  return { terms: words, matched: scored.length, hits };
}

/**
 * Lifts sections holding exact evidence (a phrase, a definition) above the rest: adds to each of
 * the best `candidates` its weight times the best score of those weighing 0.
 */
function _lift(scored: Scored[], candidates: number, weigh: (result: Scored) => number): void {
  scored.sort(_byScore);
  let bestOther = 0;
  const weights = scored.slice(0, candidates).map((result) => {
    const weight = weigh(result);
    if (weight === 0) bestOther = Math.max(bestOther, result.score);
    return weight;
  });
  weights.forEach((weight, i) => scored[i].score += weight * bestOther);
  scored.sort(_byScore);
}

/** Best first; by document and section when two score the same. */
function _byScore(a: Scored, b: Scored): number {
  return b.score - a.score || a.doc - b.doc || a.section - b.section;
}

/** The first items in an order, without sorting them all (thousands match, ten are shown). */
function _firstOf<T>(items: readonly T[], count: number, order: (a: T, b: T) => number): T[] {
  if (count > 64 || count >= items.length) return [...items].sort(order).slice(0, count);
  const first: T[] = [];
  if (count <= 0) return first;
  for (const item of items) {
    if (first.length === count && !(order(item, first[count - 1]) < 0)) continue;
    let at = first.length;
    while (at > 0 && order(item, first[at - 1]) < 0) at--;
    first.splice(at, 0, item);
    if (first.length > count) first.pop();
  }
  return first;
}

function _hit(
  result: Scored,
  doc: MdDocument,
  view: MdDocument,
  data: SearchData,
  specs: readonly TermSpec[],
  match: (term: string) => readonly TermMatch[],
): SearchHit {
  const { nodes, ordinals, sectionEnds, wordPrefix } = doc.top;
  const section = data.sections[result.section];
  const at = _sectionNode(doc, section);
  let target: Target;
  const headingPath: string[] = [];
  let first = 0;
  while (first < nodes.length && nodes[first].kind !== "heading") first++;
  // The section's lines and words as the document has them (its search data may be a fast read's).
  const [from, end] = at === -1 ? [0, first] : [at, sectionEnds[at]];
  if (at === -1) {
    target = introOf(doc) ?? rootOf(doc);
    if (data.title !== "") headingPath.push(data.title);
  } else {
    const node = nodes[at];
    target = targetAt(scopeOf(rootOf(doc)), at, [{
      type: { kind: "heading", depth: node.depth },
      index: ordinals[at],
    }]);
    let depth = node.depth;
    headingPath.push(node.text);
    for (let i = at - 1; i >= 0 && depth > 1; i--) {
      if (nodes[i].kind === "heading" && nodes[i].depth < depth) {
        depth = nodes[i].depth;
        headingPath.unshift(nodes[i].text);
      }
    }
  }
  // The words it holds, as they stand in its text (a stem by its root: `redirect` finds `Redirects`),
  // each with the query terms it reaches.
  const terms = new Map<string, readonly TermMatch[]>();
  const hold = (term: string, shown: string) => {
    const held = terms.get(shown);
    terms.set(shown, held === undefined ? match(term) : [...held, ...match(term)]);
  };
  for (const [term, places] of data.terms) {
    for (let p = 0; p < places.length; p += 3 + (places[p + 1] === BODY ? places[p + 2] : 0)) {
      if (places[p] === result.section) {
        hold(term, term.startsWith(STEM) ? term.slice(1) : term);
        break;
      }
    }
  }
  for (const spec of result.specs) {
    const { term } = specs[spec];
    if (!term.startsWith(STEM)) hold(term, term);
  }
  const { body } = _ownText(view, data, result.section);
  return {
    target,
    headingPath,
    words: wordPrefix[end] - wordPrefix[from],
    startLine: end > from ? nodes[from].startLine + 1 : section.startLine,
    endLine: end > from ? nodes[end - 1].endLine + 1 : section.endLine,
    score: Math.round(result.score * 1000) / 1000,
    headingScore: result.heading ?? 0,
    snippet: _snippet(body, terms, specs),
  };
}

/**
 * The index of the document's top-level heading that opens a section of its search data (-1: the
 * intro): the heading on the section's first line, else the section holding that line (the data
 * may be a fast read's).
 */
function _sectionNode(
  doc: MdDocument,
  section: { readonly node: number; readonly startLine: number },
): number {
  const { nodes } = doc.top;
  const intro = nodes.length > 0 && nodes[0].kind !== "heading";
  const line = section.startLine - 1;
  let at = -1;
  if (section.node !== -1) {
    const named = nodes[section.node];
    if (named?.kind === "heading" && named.startLine === line) return section.node;
    for (let i = 0; i < nodes.length && nodes[i].startLine <= line; i++) {
      if (nodes[i].kind === "heading") at = i;
    }
  }
  // An intro the document does not have: its first section.
  return at === -1 && !intro ? nodes.findIndex((node) => node.kind === "heading") : at;
}

function _ownText(
  doc: MdDocument,
  data: SearchData,
  index: number,
): { heading: string; body: string } {
  const section = data.sections[index];
  const { nodes } = doc.top;
  const at = _sectionNode(doc, section);
  const from = at + 1;
  let to = from;
  while (to < nodes.length && nodes[to].kind !== "heading") to++;
  return {
    heading: at === -1 ? documentTitle(doc) : nodes[at].text,
    body: to > from ? sectionText(doc, from, to) : "",
  };
}

/**
 * Where the query's words stand close in a section's own text, each by its best matched term there,
 * on one line, cut at spaces.
 */
function _snippet(
  body: string,
  matched: ReadonlyMap<string, readonly TermMatch[]>,
  specs: readonly TermSpec[],
): string {
  // The strongest first: the words a prefix or a typo reaches (`abc5` for `abc39`) must not crowd
  // out the one the query names.
  const ranked = [...matched]
    .map(([term, matches]) => ({
      term,
      matches,
      strength: matches.reduce((best, { weight }) => Math.max(best, weight), 0),
    }))
    .sort((a, b) => b.strength - a.strength).slice(0, _SNIPPET_TERMS);
  const terms = ranked.map(({ term }) => term);
  // Fence lines, table rules, tags and comments only take room; a tag holding a matched term stays.
  const text = normalizeText(body)
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
      const held = ranked.filter((other) => window.includes(other.term));
      // Each query word by its best term in the window, as a window's passage score counts it.
      const wordBest = new Map<number, number>();
      for (const { matches } of held) {
        for (const { spec, weight } of matches) {
          const { word, next } = specs[spec];
          wordBest.set(word, Math.max(wordBest.get(word) ?? 0, weight));
          if (next !== undefined) wordBest.set(next, Math.max(wordBest.get(next) ?? 0, weight));
        }
      }
      const score = [...wordBest.values()].reduce((sum, weight) => sum + weight, 0);
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
