/**
 * The ranking model's signals, with the weights chosen, and what it scores:
 * the sections of the documents of a call. `rank.ts` scores them;
 * `docs/search.md` says what each signal earns.
 *
 * @module
 */
import type { SearchData } from "./data.ts";

/**
 * The ranking's signals, each with one weight; {@linkcode RANKING} holds the
 * values chosen. A section's score is BM25F over its fields (the body's best
 * passage weighs 1), times the share of the query's words it holds to the
 * `coverage` power, fused for a keyword query with its score as one text (`whole`), then ranked
 * down as a change note (`changes`) or lifted for exact evidence (`exact`).
 */
export interface Ranking {
  /** A query word in the section's own heading, beside one in the body's best passage. */
  readonly heading: number;
  /** A query word where the section stands: the headings above it, the file's name and folder. */
  readonly place: number;
  /** A query word in MDX tags' attributes (reference tables), read for a query naming an identifier. */
  readonly attributes: number;
  /** The share of the query's words (by IDF) a section holds, as the power its score is multiplied by (its whole text's: twice it). */
  readonly coverage: number;
  /** The section read as one text, fused beside its best passage (CombSUM), for a query of a few keywords. */
  readonly whole: number;
  /** A weaker word beside one of the question's: a part of an identifier, a caller's word after the `?`, an identifier held by its parts only. */
  readonly aside: number;
  /** What the score of an upgrade note, a changelog entry or a legacy page is multiplied by, unless the query asks about changes. */
  readonly changes: number;
  /** A section holding exact evidence (a quoted phrase, the definition a `what is` asks for) is lifted to this many times the best of the rest (0: off). */
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

/**
 * BM25's parameters, as the text match of every field uses them: its term
 * frequency saturation and its length normalisation. Not signals: the shape
 * of one.
 */
export const BM25 = { k1: 1.2, b: 0.7 } as const;

/** How many terms of the body the passage a section is scored by holds. */
export const PASSAGE_TERMS = 50;

let _inForce: Ranking = RANKING;

/**
 * The ranking searches use: {@linkcode RANKING}, unless a benchmark set
 * another with {@linkcode withRanking}.
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
 * Runs `run` with another ranking in force: the one hook through which
 * benchmarks and tests measure what a signal earns. Searches are
 * synchronous, so the ranking holds for the searches `run` makes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RANKING, rankingInForce, withRanking } from "./ranking.ts";
 * const changes = withRanking({ ...RANKING, changes: 1 }, () => rankingInForce().changes);
 * assert.equal(changes, 1);
 * assert.equal(rankingInForce(), RANKING);
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
  /** Its search data. */
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
  /** Its score, higher is better. */
  score: number;
  /** Its score as one text (the known-item ranking), fused into `score`. */
  known?: number;
  /** How strongly its own heading holds the query's words (BM25 of the heading alone). */
  heading?: number;
  /** Which of the query's terms it holds (indexes into the specs). */
  readonly specs: ReadonlySet<number>;
  /** Whether it was ranked down as an upgrade note, a changelog entry or a legacy page. */
  changes?: boolean;
}
