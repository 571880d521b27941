/**
 * `mdsel select <words>`: a search for the sections that hold the words, best first.
 *
 * @module
 */
import type { Workspace } from "../cache/workspace.ts";
import type { MdDocument } from "../parse/document.ts";
import type { Selector } from "../query/selector.ts";
import { formatPath, formatShortPath } from "../query/selector_format.ts";
import { searchDocuments, type SearchHit } from "../search/search.ts";
import { clipQuery, QueryError } from "../search/query.ts";
import { MAX_HITS, SHORT_SOURCE_CHARS, STANDS_OUT_SHARE } from "../search/limits.ts";
import { closestSelectors } from "../query/suggest.ts";
import { clipText } from "../query/clip.ts";
import { MAX_ECHO } from "./echo.ts";
import { shortLabel } from "./not_found.ts";
import type { SearchAnswer, SearchResultEntry } from "./search_answer.ts";
import {
  buildAnswer,
  DEFAULT_SELECT_SETTINGS,
  emptyOutcome,
  type SelectOutcome,
  type SelectSettings,
} from "./select_command.ts";
import type { Target } from "../query/resolve.ts";

/**
 * Searches a call's documents (or one namespace's) for plain words; no hit leaves it unresolved
 * with the closest headings. A small best section that stands out or is short carries its source.
 *
 * @param namespace Restricts the search to one file (when a file has it), or `null`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { searchWorkspace } from "./search_command.ts";
 * const doc = parseDocument("# Guide\n\n## Abort\n\nUse an AbortSignal.\n", "g", "g.md");
 * const outcome = searchWorkspace("abort", null, { docs: [doc], errors: [], warnings: [] });
 * assert.equal(outcome.search?.results[0].content, "## Abort\n\nUse an AbortSignal.");
 * ```
 */
export function searchWorkspace(
  query: string,
  namespace: string | null,
  workspace: Workspace,
  settings: Partial<SelectSettings> = {},
): SelectOutcome {
  let docs = workspace.docs;
  if (namespace !== null) {
    docs = docs.filter((doc) => doc.namespace === namespace);
    if (docs.length === 0) {
      // No file has that namespace: it was part of the words (`std::vector`).
      [docs, query, namespace] = [workspace.docs, `${namespace}::${query}`, null];
    }
  }
  const search: SearchAnswer = { query: clipText(query, MAX_ECHO), matched: 0, results: [] };
  const outcome: SelectOutcome = { ...emptyOutcome(workspace), search };
  const shown = namespace === null ? query : `${namespace}::${query}`;
  // Nothing was read (the files failed, or a limit refused them): the errors say why.
  if (docs.length === 0) return { ...outcome, search: undefined };
  let found;
  try {
    found = searchDocuments(docs, query, MAX_HITS, workspace.search);
  } catch (error) {
    if (!(error instanceof QueryError)) throw error;
    outcome.unresolved.push({ selector: clipQuery(shown), reason: error.message, suggestions: [] });
    return outcome;
  }
  const qualify = workspace.docs.length > 1;
  const fileOf = _relativeFiles(workspace);
  const hits = _groupedByFile(found.hits);
  search.matched = found.matched;
  search.results = hits.map((hit): SearchResultEntry => {
    const { doc, path } = hit.target;
    const short = formatShortPath(path);
    return {
      selector: formatPath(doc.namespace, path),
      label: qualify ? `${doc.namespace}::${short}` : short,
      file: fileOf(doc),
      heading_path: [...hit.headingPath],
      word_count: hit.words,
      start_line: hit.startLine,
      end_line: hit.endLine,
      score: hit.score,
      snippet: hit.snippet,
    };
  });
  const [best] = found.hits;
  // Only when the best comes first (no section holding it is shown before it).
  if (best !== undefined && hits[0] === best) {
    const standsOut = !(found.hits[1]?.score >= best.score * STANDS_OUT_SHARE);
    const content = _wholeSource(best, { ...DEFAULT_SELECT_SETTINGS, ...settings }, qualify);
    if (content !== undefined && (standsOut || content.length <= SHORT_SOURCE_CHARS)) {
      search.results[0].content = content;
    }
  }
  if (found.matched === 0) {
    const suggestions = _closestHeadings(query, docs);
    outcome.unresolved.push({
      selector: shown,
      reason: `No section holds any of the words: ${found.terms.join(", ")}`,
      suggestions,
      text: { selector: shown, suggestions: suggestions.map((s) => shortLabel(s, qualify)) },
    });
  }
  return outcome;
}

/**
 * The hits grouped by document, in the order of their best hits; in each, best first, but a
 * section holding a hit comes right before it when its heading scores as high.
 */
function _groupedByFile(hits: readonly SearchHit[]): SearchHit[] {
  const ordered: SearchHit[] = [];
  for (const group of Map.groupBy(hits, (hit) => hit.target.doc).values()) {
    const shown = new Set<SearchHit>();
    const show = (hit: SearchHit) => {
      if (shown.has(hit)) return;
      // The sections holding it first, outermost first.
      const holders = group.filter((other) =>
        other !== hit && _holds(other.target, hit.target) && other.headingScore > 0 &&
        other.headingScore >= hit.headingScore
      );
      holders.sort((a, b) => _start(a.target) - _start(b.target));
      for (const holder of holders) show(holder);
      shown.add(hit);
      ordered.push(hit);
    };
    for (const hit of group) show(hit);
  }
  return ordered;
}

/** Whether a section holds another at any depth. */
function _holds(outer: Target, inner: Target): boolean {
  return outer.kind === "section" && inner.kind === "section" && outer.list === inner.list &&
    outer.index < inner.index && inner.index < outer.end;
}

function _start(target: Target): number {
  return target.kind === "root" ? -1 : target.index;
}

/** Each document's path relative to the folder (or glob base) it was found in, else as given. */
function _relativeFiles(workspace: Workspace): (doc: MdDocument) => string {
  const origins = new Map<MdDocument, string | undefined>();
  workspace.docs.forEach((doc, i) => origins.set(doc, workspace.origins?.[i]));
  return (doc) => {
    const origin = origins.get(doc)?.replace(/[\\/]+$/, "");
    const path = doc.filePath;
    if (origin === undefined || origin === "") return path;
    // The walk writes each file's path as its folder's, then the rest.
    for (const separator of ["/", "\\"]) {
      if (path.startsWith(origin + separator)) return path.slice(origin.length + 1);
    }
    return path;
  };
}

/** A selector without query parameters: only those matter to {@linkcode buildAnswer}. */
const PLAIN: Selector = { namespace: null, segments: [], params: { full: false }, query: "" };

/** A small section's whole source, as a select returns it, within a tenth of the budget. */
function _wholeSource(
  hit: SearchHit,
  settings: SelectSettings,
  qualify: boolean,
): string | undefined {
  if (hit.words >= settings.sizeWords) return undefined;
  const answer = buildAnswer(hit.target, PLAIN, { ...settings, full: false }, qualify);
  if (typeof answer === "string" || answer.match.truncated) return undefined;
  const { content } = answer.match;
  return content.length <= settings.maxChars / 10 ? content : undefined;
}

/** The longest query whose closest headings are looked for (a mistyped heading, not a sentence). */
const _SUGGEST_QUERY_CHARS = 64;

/** The headings whose text is closest to a short query, as selectors. */
function _closestHeadings(query: string, docs: readonly MdDocument[]): string[] {
  if (query.length > _SUGGEST_QUERY_CHARS) return [];
  const candidates: { compare: string; selector: string }[] = [];
  for (const doc of docs) {
    const { nodes, ordinals } = doc.top;
    nodes.forEach((node, i) => {
      if (node.kind !== "heading") return;
      const path = [{ type: { kind: "heading" as const, depth: node.depth }, index: ordinals[i] }];
      candidates.push({ compare: node.text, selector: formatPath(doc.namespace, path) });
    });
  }
  return closestSelectors(query, candidates);
}
