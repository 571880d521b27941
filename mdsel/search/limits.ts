/**
 * How much a search shows, apart from the search itself so that writing its
 * answer does not load the search engine.
 *
 * @module
 */

/** How many hits a search returns at most. */
export const MAX_HITS = 10;

/**
 * Hits scoring under this share of the best one are left out: a few
 * distinctive words single out one or two sections, and listing eight more
 * that merely share a word costs the agent more than it helps; vaguer
 * queries score flatter and still list up to {@linkcode MAX_HITS}.
 */
export const MIN_SHARE_OF_BEST = 0.25;

/**
 * The best hit stands out when the next scores under this share of it (or
 * there is no next): then, when it is small, the answer carries its source,
 * one call instead of two. Chosen with the search token benchmark
 * (`deno task bench:search`): over a folder of 342 real docs files, with the
 * ranking of issue 18 a half answered 49% of the questions in one call (a
 * quarter 37%, at the same total cost and a higher median); the ranking of
 * issue 25 fuses two scores, so the next best scores closer to the best:
 * at a half it answered 40% in one call, at 0.7 51% (and 86% over nine
 * packages' docs, 84% at a half).
 */
export const STANDS_OUT_SHARE = 0.7;

/**
 * The best hit's source is carried, standing out or not, when it is this
 * short (in characters): an agent that reads the best result pays a call
 * for it, and a short section costs less than the call (each is charged 400
 * characters by the token benchmarks). Chosen with them (`deno task
 * bench:search`, `bench/natural_tokens_bench.ts`): the natural questions'
 * median cost fell from 0.528x to 0.493x at 800 characters and to 0.473x at
 * 1,200, where it stopped falling (1,600 and 2,400 gave the same median, a
 * total under 0.3% lower and answers 5-10% longer); the folder's median from
 * 0.378x to 0.360x.
 */
export const SHORT_SOURCE_CHARS = 1200;
