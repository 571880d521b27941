/**
 * The scoring of one section at a time: its best passage window, its score as one text, and
 * how strongly its own heading holds the query's words.
 *
 * @module
 */
import type { TermSpec } from "./match.ts";
import type { SearchQuery } from "./query.ts";
import { BM25, PASSAGE_TERMS, rankingInForce, type Scored } from "./ranking.ts";
import { EVENT_SPAN, type SectionWorks } from "./work.ts";

/**
 * The sections a query reaches, gathered, and per document term (by its number) its query terms
 * and weights, from `matchStart[id]` to `matchStart[id + 1]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SectionWorks } from "./work.ts";
 * import { Gathered } from "./window.ts";
 * const works = new SectionWorks();
 * const e = works.add(0, 0);
 * works.holdField(e, 2, 1.5); // query term 2 in a short field
 * works.addTerm(e, 0, 0.5, 1); // document term 0 (query terms 0 and 1) in the body
 * works.seal();
 * const gathered = new Gathered(works, Int32Array.of(0, 2), Int32Array.of(0, 1), Float64Array.of(1, 0.7));
 * assert.deepEqual([...gathered.specsOf(e)], [2, 0, 1]);
 * ```
 */
export class Gathered {
  constructor(
    readonly works: SectionWorks,
    readonly matchStart: Int32Array,
    readonly matchSpec: Int32Array,
    readonly matchWeight: Float64Array,
  ) {}

  /** Which query terms a section holds, in its fields then its body, in the order first met. */
  specsOf(e: number): Set<number> {
    const held = new Set<number>();
    this.forEachSpec(e, (spec) => held.add(spec));
    return held;
  }

  /** Calls `visit` with each query term section `e` holds, in its fields then each body term. */
  forEachSpec(e: number, visit: (spec: number) => void): void {
    const { fieldStart, fieldSpec, termStart, termMatch } = this.works;
    const { matchStart, matchSpec } = this;
    for (let f = fieldStart[e]; f < fieldStart[e + 1]; f++) visit(fieldSpec[f]);
    for (let t = termStart[e]; t < termStart[e + 1]; t++) {
      const id = termMatch[t];
      for (let m = matchStart[id]; m < matchStart[id + 1]; m++) visit(matchSpec[m]);
    }
  }
}

/** A scored section; which query terms it holds is worked out when asked (for hits shown). */
class _ScoredSection implements Scored {
  readonly doc: number;
  readonly section: number;
  score: number;
  known: number;
  heading: number;
  #gathered?: Gathered;
  #at: number;
  #specs?: ReadonlySet<number>;

  constructor(gathered: Gathered, at: number, score: number, known: number, heading: number) {
    this.doc = gathered.works.doc[at];
    this.section = gathered.works.section[at];
    this.score = score;
    this.known = known;
    this.heading = heading;
    this.#gathered = gathered;
    this.#at = at;
  }

  get specs(): ReadonlySet<number> {
    if (this.#specs === undefined) {
      this.#specs = this.#gathered!.specsOf(this.#at);
      this.#gathered = undefined;
    }
    return this.#specs;
  }
}

/**
 * Scores sections: the best of their passage windows (each word's evidence its best term's in
 * the short fields plus in the window, times the share of words held), and as one text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseQuery } from "./query.ts";
 * import { termSpecs } from "./match.ts";
 * import { SectionWorks } from "./work.ts";
 * import { Gathered, WindowScorer } from "./window.ts";
 * const query = parseQuery("abort signal");
 * const specs = termSpecs(query);
 * const words = specs.map(({ word }) => [word]);
 * const scorer = new WindowScorer(query, specs, words, Float64Array.of(1, 1), 2);
 * // One section holds both words near each other, one holds "abort" only.
 * const works = new SectionWorks();
 * const both = works.add(0, 0);
 * works.addTerm(both, 0, 1, 1);
 * works.addTerm(both, 1, 1, 1);
 * works.addEvent(both, 3);
 * works.addEvent(both, 4 * 2 ** 26 + 1);
 * const one = works.add(0, 1);
 * works.addTerm(one, 0, 1, 1);
 * works.addEvent(one, 3);
 * works.seal();
 * // Document term 0 is "abort" (query term 0), term 1 "signal" (query term 1).
 * const gathered = new Gathered(works, Int32Array.of(0, 1, 2), Int32Array.of(0, 1), Float64Array.of(1, 1));
 * assert.ok(scorer.score(gathered, both).score > scorer.score(gathered, one).score);
 * ```
 */
export class WindowScorer {
  readonly #query: SearchQuery;
  readonly #specs: readonly TermSpec[];
  readonly #specWords: readonly (readonly number[])[];
  /** Per query spec: the query word it stands for, and the second of a pair, else -1. */
  readonly #first: Int32Array;
  readonly #second: Int32Array;
  readonly #weights: Float64Array;
  readonly #totalWeight: number;
  /** Whether a word counts by its share of terms held (a CJK run). */
  readonly #shares: boolean;
  readonly #fieldBest: Float64Array;
  readonly #whole: Float64Array;
  readonly #scoresWhole: boolean;
  readonly #evidence: Float64Array;
  readonly #part: Float64Array;
  readonly #headingBest: Float64Array;
  /** Per query spec: what it counts for in the share of its word held (an identifier's part: less). */
  readonly #specCredit: Float64Array;
  /** Per query word: what the section's best spec of it counts for. */
  readonly #credit: Float64Array;
  /** Per body term of the section, how often it stands in the window (all 0 between sections). */
  #inWindow = new Int32Array(64);

  /**
   * @param specWords Per query term, the query words it stands for.
   * @param weights Per query word, its weight in the share of words held (its IDF; 0: optional).
   * @param whole Whether to score each section as one text too (`known`).
   */
  constructor(
    query: SearchQuery,
    specs: readonly TermSpec[],
    specWords: readonly (readonly number[])[],
    weights: Float64Array,
    totalWeight: number,
    whole = true,
  ) {
    const ranking = rankingInForce();
    this.#scoresWhole = whole;
    this.#query = query;
    this.#specs = specs;
    this.#specWords = specWords;
    this.#first = Int32Array.from(specWords, (words) => words[0]);
    this.#second = Int32Array.from(specWords, (words) => words[1] ?? -1);
    this.#weights = weights;
    this.#totalWeight = totalWeight;
    const words = query.words.length;
    this.#shares = query.words.some((word) => word.count === "share");
    this.#fieldBest = new Float64Array(words);
    this.#whole = new Float64Array(words);
    this.#evidence = new Float64Array(words);
    this.#part = new Float64Array(words).fill(1);
    this.#headingBest = new Float64Array(words);
    this.#specCredit = Float64Array.from(specs, (spec) => {
      // An identifier's parts are its terms after the first (a CJK run's terms are its bigrams).
      const { terms, count } = query.words[spec.word];
      return count === "any" && spec.term !== terms[0] && terms.includes(spec.term)
        ? ranking.aside
        : 1;
    });
    this.#credit = new Float64Array(words).fill(1);
  }

  #creditOf(gathered: Gathered, e: number): void {
    const credit = this.#credit.fill(0);
    const specCredit = this.#specCredit;
    const first = this.#first;
    const second = this.#second;
    gathered.forEachSpec(e, (spec) => {
      credit[first[spec]] = Math.max(credit[first[spec]], specCredit[spec]);
      if (second[spec] !== -1) {
        credit[second[spec]] = Math.max(credit[second[spec]], specCredit[spec]);
      }
    });
  }

  /** The evidence of each word summed, times the share of the words held, to a power. */
  #scoreOf(evidence: Float64Array, power: number): number {
    const weights = this.#weights;
    const part = this.#part;
    let total = 0;
    let share = 0;
    for (let i = 0; i < evidence.length; i++) {
      if (evidence[i] <= 0) continue;
      total += evidence[i];
      share += weights[i] * part[i] * this.#credit[i];
    }
    const totalWeight = this.#totalWeight;
    const coverage = totalWeight > 0 ? Math.min(1, share / totalWeight) : 1;
    return total * coverage ** power;
  }

  /** Raises each word that term `id` matches to its field best plus the match's weight times `value`. */
  #raise(into: Float64Array, gathered: Gathered, id: number, value: number): void {
    const { matchStart, matchSpec, matchWeight } = gathered;
    const fieldBest = this.#fieldBest;
    const first = this.#first;
    const second = this.#second;
    for (let m = matchStart[id]; m < matchStart[id + 1]; m++) {
      const spec = matchSpec[m];
      const weight = matchWeight[m];
      for (let word = first[spec]; word !== -1; word = word === second[spec] ? -1 : second[spec]) {
        into[word] = Math.max(into[word], fieldBest[word] + weight * value);
      }
    }
  }

  /** Scores gathered section `e`: its passage score, as one text, and its heading's. */
  score(gathered: Gathered, e: number): Scored {
    const ranking = rankingInForce();
    const { k1 } = BM25;
    const { coverage } = ranking;
    const { works } = gathered;
    const first = this.#first;
    const second = this.#second;
    const fieldBest = this.#fieldBest;
    const whole = this.#whole;
    const evidence = this.#evidence;
    const words = fieldBest.length;
    fieldBest.fill(0);
    const { fieldSpec, fieldValue } = works;
    for (let f = works.fieldStart[e]; f < works.fieldStart[e + 1]; f++) {
      const spec = fieldSpec[f];
      const value = fieldValue[f];
      fieldBest[first[spec]] = Math.max(fieldBest[first[spec]], value);
      const next = second[spec];
      if (next !== -1) fieldBest[next] = Math.max(fieldBest[next], value);
    }
    if (ranking.aside !== 1) this.#creditOf(gathered, e);
    if (this.#shares) {
      // The share of a Chinese or Japanese run's bigrams held, the same for all its windows.
      const held = gathered.specsOf(e);
      for (let i = 0; i < words; i++) {
        const word = this.#query.words[i];
        if (word.count !== "share") continue;
        let found = 0;
        for (const spec of held) if (this.#specs[spec].word === i) found++;
        this.#part[i] = Math.min(1, found / word.terms.length);
      }
    }
    // Each word's evidence in the section read as one text (BM25, the body's length normalised).
    for (let i = 0; i < words; i++) whole[i] = fieldBest[i];
    const termStart = works.termStart[e];
    const terms = works.termStart[e + 1] - termStart;
    const { termMatch, termIdf, termWhole } = works;
    const wholeTerms = this.#scoresWhole ? terms : 0;
    for (let t = 0; t < wholeTerms; t++) {
      this.#raise(whole, gathered, termMatch[termStart + t], termWhole[termStart + t]);
    }
    let best = this.#scoreOf(fieldBest, coverage);
    const events = works.events;
    const eventEnd = works.eventStart[e + 1];
    if (this.#inWindow.length < terms) {
      this.#inWindow = new Int32Array(Math.max(terms, this.#inWindow.length * 2));
    }
    const inWindow = this.#inWindow;
    let end = works.eventStart[e];
    for (let start = end; start < eventEnd; start++) {
      // The window: the events from `start` up to `PASSAGE_TERMS` terms further on.
      const limit = (Math.floor(events[start] / EVENT_SPAN) + PASSAGE_TERMS) * EVENT_SPAN;
      const before = end;
      while (end < eventEnd && events[end] < limit) {
        inWindow[events[end] % EVENT_SPAN]++;
        end++;
      }
      // A window that took in no event is part of the one before: it scores no higher.
      if (end > before) {
        for (let i = 0; i < words; i++) evidence[i] = fieldBest[i];
        for (let t = 0; t < terms; t++) {
          const tf = inWindow[t];
          if (tf === 0) continue;
          const value = termIdf[termStart + t] * tf * (k1 + 1) / (tf + k1);
          this.#raise(evidence, gathered, termMatch[termStart + t], value);
        }
        const score = this.#scoreOf(evidence, coverage);
        if (score > best) best = score;
      }
      inWindow[events[start] % EVENT_SPAN]--;
    }
    // The known item's ranking: the query's words counted to a higher power.
    const known = this.#scoresWhole ? this.#scoreOf(whole, 2 * coverage) : 0;
    // Per word, its best term in its own heading.
    let heading = 0;
    const headingFrom = works.headingStart[e];
    const headingTo = works.headingStart[e + 1];
    if (headingTo > headingFrom) {
      const headingBest = this.#headingBest.fill(0);
      for (let h = headingFrom; h < headingTo; h++) {
        const value = works.headingValue[h];
        for (const word of this.#specWords[works.headingSpec[h]]) {
          headingBest[word] = Math.max(headingBest[word], value);
        }
      }
      for (let i = 0; i < words; i++) heading += headingBest[i];
    }
    return new _ScoredSection(gathered, e, best, known, heading);
  }
}
