/**
 * The queries of a docs set as the ranking benchmarks read them: its natural
 * questions and its known items, each with its half and the rank of its
 * answer in a ranking (`bench/ranking_bench.ts`, `bench/tune_ranking.ts`).
 *
 * @module
 */
import { loadWorkspace } from "../mdsel/cache/workspace.ts";
import { type DocsSet, docsSets, type Half, readSplit } from "./_docs_sets.ts";
import { knownItems, setRng } from "./_known_items.ts";
import { type engineRanker, rankOf } from "./_natural.ts";

/** A ranking, as a ranker returns it. */
export type Ranked = ReturnType<ReturnType<typeof engineRanker>>;

/** One query of a set. */
export interface Query {
  /** The half of the split its set is in. */
  readonly half: Half;
  /** A natural question or a known item. */
  readonly type: "natural" | "known";
  /** What is searched. */
  readonly text: string;
  /** The rank of its first answer in a ranking (1-based), or `null`. */
  readonly rank: (ranked: Ranked) => number | null;
}

/**
 * A set's folder, loaded, and its queries.
 *
 * @param set The set, installed.
 * @param half Its half.
 * @param items How many known items to draw.
 * @param seed The known items' seed.
 * @returns The loaded folder and the queries.
 */
export async function setQueries(set: DocsSet, half: Half, items: number, seed: number) {
  const workspace = await loadWorkspace([set.folder]);
  const known = knownItems(
    set.spec.id,
    workspace.docs,
    set.folder,
    items,
    setRng(seed, set.spec.id),
  );
  const queries: Query[] = [
    ...set.questions.map((q) => ({
      half,
      type: "natural" as const,
      text: q.question,
      rank: (ranked: Ranked) => rankOf(q, ranked).section,
    })),
    ...known.map((q) => ({
      half,
      type: "known" as const,
      text: q.query,
      rank: (ranked: Ranked) => rankOf(q, ranked).section,
    })),
  ];
  return { workspace, queries };
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
    return { set, half, ...(await setQueries(set, half, items, seed)) };
  }));
}
