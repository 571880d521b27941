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
