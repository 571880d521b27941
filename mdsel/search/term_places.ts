/**
 * The terms a query reaches in a call's documents and their places, in flat typed arrays that
 * held postings are decoded straight into (no map nor array per document).
 *
 * @module
 */
import type { SearchData } from "./data.ts";
import { grown } from "./grown.ts";

const _CAPACITY = 1024;

/**
 * The reached terms of a call's documents and their places: document `d`'s terms from
 * `docStart[d]` to `docStart[d + 1]`, term `t`'s places from `placeStart[t]` to `placeEnd[t]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TermPlaces } from "./term_places.ts";
 * const places = new TermPlaces();
 * places.addTerm("guide", places.append([0, 0, 1]), 3);
 * places.endDocument();
 * assert.deepEqual([...places.termsOf(0)], [["guide", [0, 0, 1]]]);
 * ```
 */
export class TermPlaces {
  /** How many documents were ended. */
  count = 0;
  /** How many terms were added. */
  terms = 0;
  docStart: Int32Array<ArrayBuffer> = new Int32Array(_CAPACITY);
  readonly term: string[] = [];
  placeStart: Int32Array<ArrayBuffer> = new Int32Array(_CAPACITY);
  placeEnd: Int32Array<ArrayBuffer> = new Int32Array(_CAPACITY);
  /** As in {@linkcode SearchData.terms}: section, field, count, then the body's positions. */
  places: Int32Array<ArrayBuffer> = new Int32Array(_CAPACITY * 8);
  /** How much of `places` is used. */
  used = 0;

  /**
   * The terms and places of the documents' search data.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { TermPlaces } from "./term_places.ts";
   * const data = { title: "", sections: [], lengths: [], terms: new Map([["a", [0, 2, 1, 4]]]) };
   * assert.deepEqual([...TermPlaces.of([data]).termsOf(0)], [["a", [0, 2, 1, 4]]]);
   * ```
   */
  static of(data: readonly SearchData[]): TermPlaces {
    const out = new TermPlaces();
    for (const entry of data) {
      for (const [term, places] of entry.terms) {
        out.addTerm(term, out.append(places), places.length);
      }
      out.endDocument();
    }
    return out;
  }

  /** Adds `list[start..end]` to the buffer; returns where they start in `places`. */
  append(list: ArrayLike<number>, start = 0, end = list.length): number {
    const at = this.reserve(end - start);
    const places = this.places;
    for (let i = start; i < end; i++) places[at + i - start] = list[i];
    this.used = at + end - start;
    return at;
  }

  /** Room for `size` more places after those used, where the caller writes, then sets `used`. */
  reserve(size: number): number {
    if (this.used + size > this.places.length) this.places = grown(this.places, this.used + size);
    return this.used;
  }

  /** Adds a term to the current document, its places at `start` in `places`. */
  addTerm(term: string, start: number, length: number): void {
    const at = this.terms++;
    if (at === this.placeStart.length) {
      this.placeStart = grown(this.placeStart);
      this.placeEnd = grown(this.placeEnd);
    }
    this.term[at] = term;
    this.placeStart[at] = start;
    this.placeEnd[at] = start + length;
  }

  /** Ends the current document. */
  endDocument(): void {
    const d = ++this.count;
    if (d >= this.docStart.length) this.docStart = grown(this.docStart);
    this.docStart[d] = this.terms;
  }

  /** Document `d`'s terms and places, as search data holds them. */
  termsOf(d: number): Map<string, number[]> {
    const terms = new Map<string, number[]>();
    for (let t = this.docStart[d]; t < this.docStart[d + 1]; t++) {
      const places = this.places.subarray(this.placeStart[t], this.placeEnd[t]);
      terms.set(this.term[t], Array.from(places));
    }
    return terms;
  }
}
