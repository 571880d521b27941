/**
 * The queries the docs-sets benchmark asks of one set: each natural question
 * alone and with the caller's words after it (keywords, a passage), and known
 * items. `bench/docs_sets_bench.ts` ranks and prices them; the search quality
 * test holds their figures to thresholds.
 *
 * @module
 */
import type { MdDocument } from "../mdsel/parse/document.ts";
import { callerWords, type DocsQuestion, type DocsSet, withCallerWords } from "./_docs_sets.ts";
import { type KnownItem, knownItems, setRng } from "./_known_items.ts";

/**
 * The kinds of query: a natural question alone, with the caller's keywords or
 * passage after it (`bench/docs_sets/caller_words/`, written blind), or a known item.
 */
export type QueryType = "natural" | "keywords" | "passage" | "known";

/** One query of a set, as the agent sends it. */
export interface SetQuery {
  readonly type: QueryType;
  readonly q: DocsQuestion | KnownItem;
  readonly text: string;
}

/**
 * Every query of a set, in the forms asked.
 *
 * @example
 * ```ts ignore
 * const queries = await setQueries(set, docs, { items: 80, seed: 7 });
 * ```
 */
export async function setQueries(
  set: DocsSet,
  docs: readonly MdDocument[],
  options: { items: number; seed: number; types?: readonly QueryType[] },
): Promise<SetQuery[]> {
  const types = new Set(options.types ?? ["natural", "keywords", "passage", "known"]);
  const caller = await callerWords(set.spec.id);
  const queries: SetQuery[] = set.questions.flatMap((q) => {
    const words = caller.get(q.id);
    return [
      { type: "natural" as const, q, text: q.question },
      ...(words === undefined ? [] : [
        { type: "keywords" as const, q, text: withCallerWords(q.question, words.keywords) },
        { type: "passage" as const, q, text: withCallerWords(q.question, words.passage) },
      ]),
    ];
  });
  if (types.has("known")) {
    const rng = setRng(options.seed, set.spec.id);
    const items = knownItems(set.spec.id, docs, set.folder, options.items, rng);
    queries.push(...items.map((q) => ({ type: "known" as const, q, text: q.query })));
  }
  return queries.filter((query) => types.has(query.type));
}
