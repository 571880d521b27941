/**
 * Ranks upgrade notes, changelog entries and legacy pages below the topic they mention.
 *
 * @module
 */
import type { SearchQuery } from "./query.ts";
import { CHANGE_WORDS } from "./english.ts";
import { type RankedDocument, rankingInForce, type Scored } from "./ranking.ts";

/** Changes: "upgrade to" only before a version, a migration only when not from another tool (how-tos). */
const _CHANGE_TEXT =
  /\b(?:migrat(?:e|ion|ing)(?![ -]from[ -](?!v?\d)[a-z])|upgrading|upgrade[ -](?:guide|notes)|upgrade[ -]to[ -](?:[a-z][\w.-]*[ -])?v?\d|changelog|release[ -]notes|what'?s new|breaking[ -]changes?|deprecations?)\b/i;
/** A superseded version (`(Legacy)`, `streamLegacy`), not `legacy-peer-deps`, an option of today. */
const _LEGACY_TEXT = /(?<![A-Za-z])[Ll]egacy(?![a-z]|[-_][A-Za-z])|[a-z]Legacy(?![a-z])/;

/**
 * Lowers, in place, the scores of change notes unless the query asks about changes; one holding
 * a query word no other section holds keeps its score.
 *
 * @param specWords Per query term, the query words it stands for.
 */
export function applyKind(
  results: Scored[],
  docs: readonly RankedDocument[],
  query: SearchQuery,
  specWords: readonly (readonly number[])[],
): void {
  const ranking = rankingInForce();
  if (ranking.changes === 1) return;
  const asked = query.words.filter((word) => !word.hint);
  if (asked.some((word) => word.terms.some((term) => CHANGE_WORDS.test(term)))) return;
  // Per document: whether its page is one (1) or not (2).
  const pages = new Uint8Array(docs.length);
  const changes: Scored[] = [];
  const elsewhere = new Set<number>();
  for (const result of results) {
    const { data, file } = docs[result.doc];
    if (pages[result.doc] === 0) {
      const first = data.sections.find((entry) => entry.depth > 0)?.heading ?? "";
      const page = `${file} ${data.title} ${first}`;
      pages[result.doc] = _CHANGE_TEXT.test(page) || _LEGACY_TEXT.test(page) ? 1 : 2;
    }
    let change = pages[result.doc] === 1;
    for (let at = result.section; !change && at !== -1; at = data.sections[at].parent) {
      const heading = data.sections[at].heading;
      change = _CHANGE_TEXT.test(heading) || _LEGACY_TEXT.test(heading);
    }
    if (change) changes.push(result);
    else for (const spec of result.specs) for (const word of specWords[spec]) elsewhere.add(word);
  }
  for (const result of changes) {
    const own = [...result.specs].some((spec) =>
      specWords[spec].some((word) => !elsewhere.has(word) && !query.words[word].optional)
    );
    if (own) continue;
    result.score *= ranking.changes;
    result.changes = true;
  }
}
