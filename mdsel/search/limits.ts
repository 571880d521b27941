/**
 * How much a search shows; apart from the search so that writing its answer
 * does not load the search engine.
 *
 * @module
 */

/** How many hits a search returns at most. */
export const MAX_HITS = 10;

/**
 * Hits scoring under this share of the best one are left out: listing
 * sections that merely share a word costs the agent more than it helps.
 */
export const MIN_SHARE_OF_BEST = 0.25;

/**
 * The best hit stands out when the next scores under this share of it (or
 * there is no next): then, when it is small, the answer carries its source,
 * one call instead of two.
 */
export const STANDS_OUT_SHARE = 0.7;

/**
 * The best hit's source is carried, standing out or not, when it is this
 * short (in characters): a short section costs less than the call to read it.
 */
export const SHORT_SOURCE_CHARS = 1200;
