/**
 * A search answer, and its text: what was found, then the results grouped under their file.
 *
 * @module
 */
import { DEFAULT_ENGINE_SETTINGS } from "../settings/engine_settings.ts";
import { SNIPPET_HITS, STANDS_OUT_SHARE } from "../search/limits.ts";
import { echoLine } from "./echo.ts";
import { clipLine } from "./outline.ts";

/** One result of a search, as the JSON envelope carries it; lines are 1-based. */
export interface SearchResultEntry {
  /** Canonical, fully qualified. */
  selector: string;
  /** The short selector outlines print (`h2.3`, `ns::h2.3` with several files). */
  label: string;
  /** Relative to the folder searched (as given when named outright). */
  file: string;
  /** The headings from the document's top down to the section's own. */
  heading_path: string[];
  /** Words of the whole section. */
  word_count: number;
  start_line: number;
  end_line: number;
  score: number;
  /** The section's own text around its best hit, on one line. */
  snippet: string;
  /** The best section's exact source, when small and it stands out or is short. */
  content?: string;
}

/** What a search found, beside the matches of `select`. */
export interface SearchAnswer {
  query: string;
  /** How many sections matched; `results` holds the best, best first. */
  matched: number;
  results: SearchResultEntry[];
}

/** A result's heading path is shortened past this many characters, each heading past 80. */
const PATH_CHARS = 56;
const HEADING_CHARS = 80;

/**
 * The text lines of a search: how many sections matched and are shown, then per result its
 * selector, heading path, size (from `sizeWords` words) and, for the first few, its snippet, under
 * its file over several.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchLines } from "./search_answer.ts";
 * const result = { selector: "g::heading:h2[0]", label: "h2.0", file: "g.md", heading_path: ["Guide", "Abort"] };
 * const hit = { ...result, word_count: 5, start_line: 3, end_line: 5, score: 2.1, snippet: "Use an AbortSignal." };
 * const lines = ["search: 1 section matches", "h2.0 Guide > Abort", "  Use an AbortSignal."];
 * assert.deepEqual(searchLines({ query: "abort", matched: 1, results: [hit] }), lines);
 * ```
 */
export function searchLines(
  search: SearchAnswer,
  sizeWords: number = DEFAULT_ENGINE_SETTINGS.sizeWords,
): string[] {
  const { matched, results } = search;
  // The call names the query: the first line says what it found, not what was asked.
  let found = matched === 0
    ? "no section matches"
    : matched === 1
    ? "1 section matches"
    : `${matched} sections match`;
  if (results.length > 0 && results.length < matched) {
    found = results.length === 1
      ? `the best of ${matched} matching sections`
      : `the best ${results.length} of ${matched} matching sections`;
  }
  const lines = [`search: ${found}`];
  // When the first is short but does not stand out, the others keep their snippets.
  const sourced = results[0]?.content !== undefined;
  const standsOut = sourced &&
    results.every((result, i) => i === 0 || result.score < results[0].score * STANDS_OUT_SHARE);
  if (sourced) {
    lines[0] += results.length === 1 ? "; its source follows" : "; the first's source follows";
  }
  const grouped = results.some((result) => result.label.includes("::"));
  const indent = grouped ? " " : "";
  let file: string | undefined;
  const snippets = new Set<string>();
  for (const [i, result] of results.entries()) {
    if (grouped && result.file !== file) {
      file = result.file;
      lines.push(echoLine(file));
    }
    // Under its file's line, a result's path starts below the page's top heading.
    const path = result.heading_path.length === 0 ? "(before the first heading)" : _headingPath(
      grouped && result.heading_path.length > 1
        ? result.heading_path.slice(1)
        : result.heading_path,
    );
    const size = result.word_count >= sizeWords ? ` [${result.word_count} words]` : "";
    lines.push(`${indent}${result.label} ${path}${size}`);
    if (result.content !== undefined) {
      for (const line of result.content.split("\n")) lines.push(line);
    } else if (
      i < SNIPPET_HITS && result.snippet !== "" && !standsOut && !snippets.has(result.snippet)
    ) {
      // The same snippet in another file is not repeated.
      snippets.add(result.snippet);
      lines.push(`${indent}  ${echoLine(result.snippet)}`);
    }
  }
  return lines;
}

/** A heading path on one line, its start left out when long: the nearest headings tell most. */
function _headingPath(path: readonly string[]): string {
  const parts = path.map((heading) => clipLine(heading, HEADING_CHARS).text);
  let shown = parts.join(" > ");
  for (let from = 1; shown.length > PATH_CHARS && from < parts.length; from++) {
    shown = `... > ${parts.slice(from).join(" > ")}`;
  }
  return shown;
}
