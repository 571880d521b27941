/**
 * The ranking's knobs, with the values chosen, and what it scores: the
 * sections of the documents of a call. `rank.ts` scores them; `docs/search.md`
 * says what each signal is for and what it earns.
 *
 * @module
 */
import type { SearchData } from "./data.ts";

/** The knobs of the ranking; {@linkcode RANKING} holds the values chosen. */
export interface Ranking {
  /** BM25's term frequency saturation. */
  readonly k1: number;
  /** BM25's length normalisation of the short fields (heading, path, file). */
  readonly b: number;
  /** Weights of the fields heading, path, body, JSX (the text of MDX tags' attributes), file. */
  readonly fields: readonly [number, number, number, number, number];
  /** How many terms of the body a passage window holds. */
  readonly window: number;
  /** A section's score is multiplied by the share of the query's words it holds, to this power. */
  readonly coveragePower: number;
  /** What an upgrade note's or changelog's score is multiplied by. */
  readonly changes: number;
  /** What a part of an identifier weighs beside the identifier as written. */
  readonly part: number;
  /** What a word's evidence anywhere in the body weighs, outside the best window. */
  readonly outside: number;
  /** BM25's length normalisation of the body, for that evidence. */
  readonly bBody: number;
  /** The power of the share of words held in the known-item ranking. */
  readonly wholePower: number;
  /** How much the known-item ranking weighs in the fused score (the passage one weighs 1). */
  readonly fuse: number;
  /** What a file's second result weighs beside its best in the order of files, when grouped. */
  readonly second: number;
  /** A `what is` question's defining section gets this many times the rest's best score (0: off). */
  readonly definitions: number;
  /** A section holding a quoted phrase of the query gets this many times the best score of those holding none (0: off). */
  readonly phrases: number;
  /** What an identifier held only by its parts counts for in the share of words held (1: all). */
  readonly partHeld: number;
  /** `fuse` for a keyword query ({@linkcode isKeywordQuery}). */
  readonly keywordFuse: number;
  /** What a word of the caller's after the question weighs beside a word of the question. */
  readonly hint: number;
}

/** The ranking's values, measured as docs/search.md says (`bench/docs_sets_bench.ts`). */
export const RANKING: Ranking = {
  k1: 1.2,
  b: 0.7,
  fields: [4, 1.5, 1, 0.5, 1.5],
  window: 50,
  coveragePower: 2,
  changes: 0.2,
  part: 0.3,
  outside: 0.5,
  bBody: 0.7,
  wholePower: 4,
  fuse: 2,
  second: 0.1,
  definitions: 1,
  phrases: 1,
  partHeld: 0.5,
  keywordFuse: 3,
  hint: 0.35,
};

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
