/**
 * What a section is, for the ranking (`rank.ts`): an upgrade note, a
 * changelog entry or a page of a superseded version ranks below the topic
 * it mentions unless the query asks about changes.
 *
 * @module
 */
import type { SearchQuery } from "./query.ts";
import { CHANGE_WORDS } from "./english.ts";
import { type RankedDocument, rankingInForce, type Scored } from "./ranking.ts";

/**
 * A page or section of changes: an upgrade guide, a changelog, release notes.
 * "Upgrade to" counts only before a version, and a migration only when not
 * from another tool: those are how-tos.
 */
const _CHANGE_TEXT =
  /\b(?:migrat(?:e|ion|ing)(?![ -]from[ -](?!v?\d)[a-z])|upgrading|upgrade[ -](?:guide|notes)|upgrade[ -]to[ -](?:[a-z][\w.-]*[ -])?v?\d|changelog|release[ -]notes|what'?s new|breaking[ -]changes?|deprecations?)\b/i;
/**
 * Docs of a superseded version (`(Legacy)`, `streamLegacy`); not a name that
 * starts with the word (`legacy-peer-deps` is an option of today).
 */
const _LEGACY_TEXT = /(?<![A-Za-z])[Ll]egacy(?![a-z]|[-_][A-Za-z])|[a-z]Legacy(?![a-z])/;

/**
 * Lowers upgrade notes and changelog entries below the topic they mention,
 * unless the query asks about changes. One holding a query word that only
 * such sections hold keeps its score: no topic would rank above it.
 *
 * @param results The scored sections, whose scores it lowers in place.
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
  // Per document: whether its page is one (1) or not (2), once asked.
  const pages = new Uint8Array(docs.length);
  const changes: Scored[] = [];
  // The query's words some section not of changes holds.
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
