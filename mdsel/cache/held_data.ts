/**
 * The search data of the files a call's cache holds, as a search reads it
 * from their postings: the postings found, per document and term, in flat
 * arrays; a document's row of reached terms sorted by rank, its stem terms
 * added; and its search data, whose terms become a map only when asked for.
 *
 * @module
 */
import type { SearchData } from "../search/data.ts";
import { mergeOrderedPlaces } from "./places.ts";
import type { TermPlaces } from "../search/term_places.ts";
import { grown } from "../search/grown.ts";

/**
 * What a call's postings hold, in the order read, in flat arrays: per
 * document and term, its rank, its name (an index into the call's names),
 * where its places stand in the call's {@linkcode TermPlaces}, and whether
 * it is a word that a stem term of the query stems.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { FoundPostings } from "./held_data.ts";
 * const found = new FoundPostings();
 * found.push(1, 0, 0, 0, 3, 0);
 * found.push(0, 2, 1, 3, 6, 0);
 * found.push(1, 1, 1, 6, 9, 1);
 * const { start, order } = found.byDoc(2);
 * assert.deepEqual([...start], [0, 1, 3]);
 * assert.deepEqual([...order], [1, 0, 2]);
 * ```
 */
export class FoundPostings {
  length = 0;
  doc = new Int32Array(1024);
  rank = new Int32Array(1024);
  name = new Int32Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);
  /** 1 for a word a stem term stems (its name the stem term's), else 0. */
  stem = new Uint8Array(1024);

  /**
   * Adds a document's term: its places are `start` to `end` in the call's
   * places; `stem` is 1 for a word a stem term of the query stems, else 0.
   */
  push(doc: number, rank: number, name: number, start: number, end: number, stem: number): void {
    const at = this.length++;
    if (at === this.doc.length) {
      this.doc = grown(this.doc);
      this.rank = grown(this.rank);
      this.name = grown(this.name);
      this.start = grown(this.start);
      this.end = grown(this.end);
      this.stem = grown(this.stem);
    }
    this.doc[at] = doc;
    this.rank[at] = rank;
    this.name[at] = name;
    this.start[at] = start;
    this.end[at] = end;
    this.stem[at] = stem;
  }

  /**
   * The items by document, each's in the order read (a counting sort).
   *
   * @returns Where each document's items start in `order` (and, after the last, end), and the items.
   */
  byDoc(docs: number): { start: Int32Array; order: Int32Array } {
    const start = new Int32Array(docs + 1);
    const n = this.length;
    for (let i = 0; i < n; i++) start[this.doc[i] + 1]++;
    for (let d = 0; d < docs; d++) start[d + 1] += start[d];
    const next = start.slice(0, docs);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[next[this.doc[i]]++] = i;
    return { start, order };
  }
}

/**
 * One document's terms: rank, name, where the places stand; sorted by rank.
 * One row serves every document in turn.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TermRow } from "./held_data.ts";
 * const row = new TermRow();
 * row.push(3, 0, 0, 3);
 * row.push(1, 1, 3, 6);
 * row.push(3, 2, 6, 9);
 * row.sortByRank();
 * assert.deepEqual([...row.order.subarray(0, row.length)], [1, 0, 2]);
 * row.reset();
 * assert.equal(row.length, 0);
 * ```
 */
export class TermRow {
  length = 0;
  rank = new Int32Array(64);
  name = new Int32Array(64);
  start = new Int32Array(64);
  end = new Int32Array(64);
  /** Once sorted: the items by rank, in the order added when two are the same. */
  order = new Int32Array(64);

  /** Empties the row, for the next document. */
  reset(): void {
    this.length = 0;
  }

  /** Adds a term: its places are `start` to `end` in the call's places. */
  push(rank: number, name: number, start: number, end: number): void {
    const at = this.length++;
    if (at === this.rank.length) {
      this.rank = grown(this.rank);
      this.name = grown(this.name);
      this.start = grown(this.start);
      this.end = grown(this.end);
      this.order = grown(this.order);
    }
    this.rank[at] = rank;
    this.name[at] = name;
    this.start[at] = start;
    this.end[at] = end;
  }

  /** Orders the terms by rank, stable (an insertion sort: a document holds a few). */
  sortByRank(): void {
    const { order, rank } = this;
    for (let n = 0; n < this.length; n++) {
      let at = n;
      while (at > 0 && rank[order[at - 1]] > rank[n]) {
        order[at] = order[at - 1];
        at--;
      }
      order[at] = n;
    }
  }
}

/**
 * Adds a document's stem terms to its row of reached terms: each with the
 * places of the words it stems merged, ranked right after the first of them.
 *
 * @param order The postings by document ({@linkcode FoundPostings.byDoc});
 *   the document's items are `from` to `to`.
 * @param places The call's places (merged places are appended).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TermPlaces } from "../search/term_places.ts";
 * import { addStems, FoundPostings, TermRow } from "./held_data.ts";
 * const places = new TermPlaces();
 * // "redirect" in section 0's heading, "redirects" in section 1's: both stem to "~redirect".
 * const a = places.append([0, 0, 1]);
 * const b = places.append([1, 0, 1]);
 * const found = new FoundPostings();
 * found.push(0, 0, 0, a, a + 3, 1);
 * found.push(0, 2, 0, b, b + 3, 1);
 * const { start, order } = found.byDoc(1);
 * const row = new TermRow();
 * addStems(row, found, order, start[0], start[1], places, ["~redirect"]);
 * assert.equal(row.length, 1);
 * assert.equal(row.rank[0], 1);
 * assert.deepEqual([...places.places.subarray(row.start[0], row.end[0])], [0, 0, 1, 1, 0, 1]);
 * ```
 */
export function addStems(
  row: TermRow,
  found: FoundPostings,
  order: Int32Array,
  from: number,
  to: number,
  places: TermPlaces,
  names: readonly string[],
): void {
  for (let i = from; i < to; i++) {
    const f = order[i];
    if (found.stem[f] === 0) continue;
    const stem = names[found.name[f]];
    // Each stem term once, where it is first met (a document holds a few: no set).
    let met = false;
    for (let j = from; j < i && !met; j++) {
      const g = order[j];
      met = found.stem[g] === 1 && names[found.name[g]] === stem;
    }
    if (met) continue;
    let rank = found.rank[f];
    const lists: Int32Array[] = [];
    for (let j = i; j < to; j++) {
      const g = order[j];
      if (found.stem[g] === 0 || names[found.name[g]] !== stem) continue;
      rank = Math.min(rank, found.rank[g]);
      lists.push(places.places.subarray(found.start[g], found.end[g]));
    }
    if (lists.length === 1) {
      row.push(rank + 1, found.name[f], found.start[f], found.end[f]);
      continue;
    }
    const merged = mergeOrderedPlaces(lists);
    const start = places.append(merged);
    row.push(rank + 1, found.name[f], start, start + merged.length);
  }
}

/**
 * A held document's search data: its terms' places in the call's
 * {@linkcode TermPlaces}, made a map only when asked for.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TermPlaces } from "../search/term_places.ts";
 * import { HeldSearchData } from "./held_data.ts";
 * const places = new TermPlaces();
 * places.addTerm("guide", places.append([0, 0, 1]), 3);
 * places.endDocument();
 * const record = { title: "Guide", sections: [], lengths: [], terms: new Map() };
 * const held = new HeldSearchData(record, places, 0);
 * assert.equal(held.title, "Guide");
 * assert.deepEqual([...held.terms], [["guide", [0, 0, 1]]]);
 * ```
 */
export class HeldSearchData implements SearchData {
  readonly title: string;
  readonly sections: SearchData["sections"];
  readonly lengths: readonly number[];
  readonly file?: SearchData["file"];
  #places?: TermPlaces;
  #doc: number;
  #terms?: ReadonlyMap<string, readonly number[]>;

  /**
   * @param data The document's search data as its record holds it (its terms aside).
   * @param doc The document's index in `places`.
   */
  constructor(data: SearchData, places: TermPlaces, doc: number) {
    this.title = data.title;
    this.sections = data.sections;
    this.lengths = data.lengths;
    if (data.file !== undefined) this.file = data.file;
    this.#places = places;
    this.#doc = doc;
  }

  /** Its terms and their places, as {@linkcode SearchData.terms} holds them. */
  get terms(): ReadonlyMap<string, readonly number[]> {
    if (this.#terms === undefined) {
      this.#terms = this.#places!.termsOf(this.#doc);
      this.#places = undefined;
    }
    return this.#terms;
  }
}
