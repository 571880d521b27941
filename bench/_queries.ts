/**
 * The queries of every docs set as the ranking benchmarks read them
 * (`bench/ranking_bench.ts`, `bench/tune_ranking.ts`): each set's folder
 * loaded once, its half of the split, and its queries
 * (`bench/_set_queries.ts`) each with the rank of its answer in a ranking.
 *
 * @module
 */
import { loadWorkspace } from "../mdsel/cache/workspace.ts";
import { docsSets, type Half, readSplit } from "./_docs_sets.ts";
import { type engineRanker, rankOf } from "./_natural.ts";
import { type QueryType, setQueries } from "./_set_queries.ts";

/** A ranking, as a ranker returns it. */
export type Ranked = ReturnType<ReturnType<typeof engineRanker>>;

/** The kinds of query the ranking benchmarks weigh. */
export const RANKED_TYPES = ["natural", "keywords", "known"] as const;

/** One query of a set. */
export interface Query {
  /** The half of the split its set is in. */
  readonly half: Half;
  /** A natural question, alone or with the caller's keywords, or a known item. */
  readonly type: (typeof RANKED_TYPES)[number];
  /** What is searched. */
  readonly text: string;
  /** The rank of its first answer in a ranking (1-based), or `null`. */
  readonly rank: (ranked: Ranked) => number | null;
}

/**
 * Every docs set, installed and loaded, with its half of the split and its
 * queries.
 *
 * @param items How many known items to draw a set.
 * @param seed The known items' seed.
 * @returns Each set, its half, its loaded folder and its queries.
 */
export async function loadedSets(items: number, seed: number) {
  const split = await readSplit();
  return await Promise.all((await docsSets()).map(async (set) => {
    const half: Half = split[set.spec.id] ?? "test";
    const workspace = await loadWorkspace([set.folder]);
    const types: QueryType[] = [...RANKED_TYPES];
    const queries: Query[] = (await setQueries(set, workspace.docs, { items, seed, types }))
      .map(({ type, q, text }) => ({
        half,
        type: type as Query["type"],
        text,
        rank: (ranked: Ranked) => rankOf(q, ranked).section,
      }));
    return { set, half, workspace, queries };
  }));
}
