/**
 * The ranking model's signals, with the weights chosen (`docs/search.md` says what each earns).
 *
 * @module
 */
import type { SearchData } from "./data.ts";

/** The ranking's signals, each with one weight (the body's best passage weighs 1). */
export interface Ranking {
  /** A query word in the section's own heading, beside one in the body's best passage. */
  readonly heading: number;
  /** A query word in the headings above the section, or in the file's name and folder. */
  readonly place: number;
  /** A query word in MDX tags' attributes, read for a query naming an identifier. */
  readonly attributes: number;
  /** The power of the share of the query's words (by IDF) the section holds. */
  readonly coverage: number;
  /** The section read as one text, fused beside its best passage, for a keyword query. */
  readonly whole: number;
  /** A weaker word: an identifier's part; a caller's word after the `?`, also in the share of words held. */
  readonly aside: number;
  /** What a change note's score is multiplied by, unless the query asks about changes. */
  readonly changes: number;
  /** Exact evidence (a phrase, a definition) lifts to this many times the best of the rest. */
  readonly exact: number;
}

/** The ranking's values, measured as docs/search.md says (`bench/ranking_bench.ts`). */
export const RANKING: Ranking = {
  heading: 4,
  place: 1.5,
  attributes: 0.5,
  coverage: 2,
  whole: 3,
  aside: 0.35,
  changes: 0.2,
  exact: 1,
};

/** BM25's term frequency saturation and length normalisation, for every field. */
export const BM25 = { k1: 1.2, b: 0.7 } as const;

/** How many of the caller's words count in full; more share their weight, so many cannot outvote the question. */
export const SHARED_HINTS = 12;

/** How many terms of the body the passage a section is scored by holds. */
export const PASSAGE_TERMS = 50;

let _inForce: Ranking = RANKING;

/**
 * The ranking searches use: {@linkcode RANKING}, unless {@linkcode withRanking} set another.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RANKING, rankingInForce } from "./ranking.ts";
 * assert.equal(rankingInForce(), RANKING);
 * ```
 */
export function rankingInForce(): Ranking {
  return _inForce;
}

/**
 * Runs `run` (synchronous, as searches are) with another ranking in force, for benchmarks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RANKING, rankingInForce, withRanking } from "./ranking.ts";
 * assert.equal(withRanking({ ...RANKING, changes: 1 }, () => rankingInForce().changes), 1);
 * ```
 */
export function withRanking<T>(ranking: Ranking, run: () => T): T {
  const before = _inForce;
  _inForce = ranking;
  try {
    return run();
  } finally {
    _inForce = before;
  }
}

/** One document of a call, as the ranking reads it. */
export interface RankedDocument {
  readonly data: SearchData;
  /** Its file's name and folder as words (`runtime sqlite`). */
  readonly file: string;
}

/** A scored section. */
export interface Scored {
  /** The document's index in the call. */
  readonly doc: number;
  /** The section's index in the document's search data. */
  readonly section: number;
  score: number;
  /** Its score as one text (the known-item ranking), fused into `score`. */
  known?: number;
  /** BM25 of its own heading alone. */
  heading?: number;
  /** Which of the query's terms it holds (indexes into the specs). */
  readonly specs: ReadonlySet<number>;
  /** Whether it was ranked down as a change note. */
  changes?: boolean;
}
