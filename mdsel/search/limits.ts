/**
 * How much a search shows; apart from the search, so that writing its answer does not load it.
 *
 * @module
 */

/** How many hits a search returns at most. */
export const MAX_HITS = 10;

/** Hits under this share of the best are left out: a shared word is no answer. */
export const MIN_SHARE_OF_BEST = 0.25;

/** Results past this many come without a snippet: their headings are enough to choose by. */
export const SNIPPET_HITS = 3;

/** The best hit stands out when the next scores under this share of it (or there is none). */
export const STANDS_OUT_SHARE = 0.7;

/** The best hit's source is carried when it is this short (in characters), standing out or not. */
export const SHORT_SOURCE_CHARS = 1200;
