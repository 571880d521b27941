/**
 * The folder route of issue 36, priced against a skilled agent with grep and
 * Read, for any query whose answers are sections (a natural question's judged
 * answers, a known item's target):
 *
 * 1. **by hand** (flattered): `grep -rni` of the one term the agent might
 *    grep, and the one answer, that cost least (the term must be in the
 *    answer's file), the file's headings (`grep -n '^#'`), then a Read of
 *    exactly the answer's lines; as `bench/natural_tokens_bench.ts` prices it.
 * 2. **search**: `mdsel_select` with the query over the folder, through the
 *    real server, then `mdsel_select` of the first three results in the order
 *    shown until an answer holds an answer's source (none when the search
 *    answer carries it; the result whose source it carries is not selected
 *    again). When none of the first three holds one, the agent does it by
 *    hand after all, charged on top.
 *
 * Each call costs its result plus `CALL_CHARS` (400) for the call itself; the
 * search's query costs its characters `QUERY_FACTOR` (5) times over, as a
 * model's output costs about five times its input (issue 45).
 *
 * @module
 */
import type { MdDocument } from "../mdsel/parse/document.ts";
import { STOP_WORDS } from "../mdsel/search/english.ts";
import { callText, type RunningServer } from "../tests/_server.ts";
import type { DocsAnswer } from "./_docs_sets.ts";
import {
  type Call,
  callsCost,
  grepHeadings,
  grepOutput,
  grepSectionRanges,
  grepWord,
  holdsSource,
  readCalls,
  searchResultLabels,
  shownSource,
} from "./_tokens.ts";

/** How many results the agent selects before it falls back to grep and Read. */
export const ROUTE_DEPTH = 3;

/** One answer's lines, 1-based and inclusive, in its file. */
export interface Located {
  readonly path: string;
  readonly first: number;
  readonly last: number;
  readonly intro: boolean;
}

/**
 * Where an answer's section lies in the model of its file.
 *
 * @param doc The answer's file, loaded.
 * @param answer The answer.
 * @returns Its lines, or `undefined` when no section starts at its line.
 */
export function locate(doc: MdDocument, answer: DocsAnswer): Located | undefined {
  const { nodes, sectionEnds } = doc.top;
  const firstHeading = nodes.findIndex((node) => node.kind === "heading");
  if (answer.heading === null) {
    const before = firstHeading === -1 ? nodes.length : firstHeading;
    if (before === 0) return undefined;
    return {
      path: doc.filePath,
      first: answer.line,
      last: nodes[before - 1].endLine + 1,
      intro: true,
    };
  }
  const i = nodes.findIndex((node) =>
    node.kind === "heading" && node.startLine + 1 === answer.line
  );
  if (i === -1) return undefined;
  return {
    path: doc.filePath,
    first: answer.line,
    last: nodes[sectionEnds[i] - 1].endLine + 1,
    intro: false,
  };
}

/**
 * A question's words a hand search would grep: not stop words, three letters or more.
 *
 * @param question The question.
 * @returns The words, lower-cased.
 */
export function questionWords(question: string): string[] {
  return [
    ...new Set(
      question.toLowerCase().split(/[^\p{L}\p{N}_.@/-]+/u).map((word) =>
        word.replace(/^[.\-/]+|[.\-/?]+$/g, "")
      ).filter((word) => word.length >= 3 && !STOP_WORDS.has(word)),
    ),
  ];
}

/**
 * What the skilled agent pays: the cheapest term and answer, as if it knew which.
 *
 * @param files Each file's path and lines.
 * @param folder The folder.
 * @param located The answers.
 * @param terms What it might grep, lower-cased.
 * @returns Characters; when no term is in an answer's file, the cheapest grep of any term stands in.
 */
export function handCost(
  files: ReadonlyMap<string, readonly string[]>,
  folder: string,
  located: readonly Located[],
  terms: readonly string[],
): number {
  let hand = Infinity;
  for (const answer of located) {
    const lines = files.get(answer.path)!;
    const text = lines.join("\n").toLowerCase();
    const inFile = terms.filter((term) => text.includes(term));
    const greps = (inFile.length > 0 ? inFile : terms).map((term) => grepWord(files, folder, term));
    if (greps.length === 0) continue;
    const grep = greps.reduce((best, call) => call.chars < best.chars ? call : best);
    const headings = grepHeadings(lines);
    const outline: Call = { call: "grep -n '^#'", chars: grepOutput(headings).length };
    const ranges = answer.intro || !headings.some((hit) => hit.line === answer.first)
      ? [[answer.first, answer.last] as [number, number]]
      : grepSectionRanges(headings, answer.first, answer.last, lines.length);
    const reads = ranges.flatMap(([first, last]) => readCalls(lines, first, last));
    hand = Math.min(hand, callsCost([grep, outline, ...reads]));
  }
  return hand;
}

/** How the search route went for one query. */
export interface RouteOutcome {
  /** Its cost, the hand route's included when it fell back. */
  readonly search: number;
  /** 1-based place of the first result holding an answer (1 when the search answer did), 0 when none of the first three. */
  readonly rank: number;
  /** Calls made by the search route (before any fallback). */
  readonly calls: number;
  /** Characters of the search answer. */
  readonly searchChars: number;
}

/** What a character of the query costs beside one of a result: a model's output costs about 5x its input. */
export const QUERY_FACTOR = 5;

/**
 * Searches, then selects the results shown in order until one holds an answer's source.
 *
 * @param server The server under test.
 * @param folder The folder searched.
 * @param query The query.
 * @param sources The answers' exact sources.
 * @param hand The hand route's cost, charged on top when the route falls back.
 * @returns The outcome.
 */
export async function searchRoute(
  server: RunningServer,
  folder: string,
  query: string,
  sources: readonly string[],
  hand: number,
): Promise<RouteOutcome> {
  const found = await callText(server.client, "mdsel_select", { selector: query, files: [folder] });
  const holds = (text: string) => sources.some((source) => holdsSource(text, source));
  const calls: Call[] = [{ call: "search", chars: found.text.length }];
  let rank = !found.isError && holds(found.text) ? 1 : 0;
  const labels = found.isError ? [] : searchResultLabels(found.text);
  const shown = shownSource(found.text);
  for (let i = 0; rank === 0 && i < Math.min(ROUTE_DEPTH, labels.length); i++) {
    // Its source was in the search answer: the agent read it there.
    if (labels[i] === shown) continue;
    const answer = await callText(server.client, "mdsel_select", {
      selector: labels[i],
      files: [folder],
    });
    calls.push({ call: labels[i], chars: answer.text.length });
    if (!answer.isError && holds(answer.text)) rank = i + 1;
  }
  return {
    search: callsCost(calls) + QUERY_FACTOR * query.length + (rank === 0 ? hand : 0),
    rank,
    calls: calls.length,
    searchChars: found.text.length,
  };
}
