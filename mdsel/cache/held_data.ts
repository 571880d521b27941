/**
 * The search data of a call's held documents, from their postings: each term's places decoded
 * into the call's {@linkcode TermPlaces}, a stem term's merged from the words it stems.
 * @module
 */
import type { SearchData } from "../search/data.ts";
import { grown } from "../search/grown.ts";
import { TermPlaces } from "../search/term_places.ts";
import type { StoredPostings } from "./segments.ts";
import {
  mergeOrderedPlaces,
  readPostingsInto,
  searchDataOf,
  type SearchRecord,
} from "./search_record.ts";

/**
 * Sets the search data of a call's held documents (`held`: their records by index in `out`) from
 * the postings `rows` of the terms `reached` and of the words that stem to one (`stemOf`), and
 * returns all the documents' places; `slots`: per segment, the document at each slot (or -1).
 *
 * @throws {TypeError} When the records or postings are not this engine's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { searchData } from "../search/data.ts";
 * import { heldPlaces } from "./held_data.ts";
 * const out = [searchData(parseDocument("# Guide\n\nText.\n", "g", "g.md"))];
 * const places = heldPlaces([], new Map(), new Set(), new Map(), out, new Map());
 * assert.deepEqual(places.termsOf(0), out[0].terms);
 * ```
 */
export function heldPlaces(
  rows: readonly StoredPostings[],
  slots: ReadonlyMap<number, Int32Array>,
  reached: ReadonlySet<string>,
  stemOf: ReadonlyMap<string, string>,
  out: SearchData[],
  held: ReadonlyMap<number, SearchRecord>,
): TermPlaces {
  const places = new TermPlaces();
  // A word a stem term of the query stems is noted under the stem too.
  const found = new _FoundPostings();
  const names: string[] = [];
  for (const { term, segment, places: blob } of rows) {
    const at = slots.get(segment)!;
    const stem = stemOf.get(term);
    const name = reached.has(term) ? names.push(term) - 1 : -1;
    const stemName = stem === undefined ? -1 : names.push(stem) - 1;
    const docOf = (slot: number) => slot < at.length ? at[slot] : -1;
    readPostingsInto(blob, docOf, places, (k, rank, start, end) => {
      if (name !== -1) found.push(k, rank, name, start, end, 0);
      if (stemName !== -1) found.push(k, rank, stemName, start, end, 1);
    });
  }
  const { start: docStart, order } = found.byDoc(out.length);
  const row = new _TermRow();
  for (let k = 0; k < out.length; k++) {
    const record = held.get(k);
    if (record !== undefined) {
      row.length = 0;
      const from = docStart[k];
      const to = docStart[k + 1];
      for (let i = from; i < to; i++) {
        const f = order[i];
        if (found.get(f, STEM_OF) === 0) {
          row.push(found.get(f, RANK), found.get(f, NAME), found.get(f, START), found.get(f, END));
        }
      }
      _addStems(row, found, order, from, to, places, names);
      row.sortByRank();
      for (let n = 0; n < row.length; n++) {
        const at = 4 * row.order[n];
        const start = row.items[at + 2];
        places.addTerm(names[row.items[at + 1]], start, row.items[at + 3] - start);
      }
      out[k] = new _HeldSearchData(searchDataOf(record, _NO_TERMS), places, k);
    } else {
      for (const [term, list] of out[k].terms) {
        places.addTerm(term, places.append(list), list.length);
      }
    }
    places.endDocument();
  }
  return places;
}

/** A held document's search data gets its terms when asked for. */
const _NO_TERMS: ReadonlyMap<string, readonly number[]> = new Map();

/** The fields of a found posting, at `FOUND * item` in {@linkcode _FoundPostings.items}. */
const [DOC, RANK, NAME, START, END, STEM_OF, FOUND] = [0, 1, 2, 3, 4, 5, 6];

/**
 * What a call's postings hold, in the order read: per document and term, its rank, its name (an
 * index into the call's names), where its places stand in the call's {@linkcode TermPlaces}, and
 * 1 for a word a stem term of the query stems (its name the stem term's), else 0.
 */
class _FoundPostings {
  length = 0;
  items = new Int32Array(FOUND * 1024);

  push(doc: number, rank: number, name: number, start: number, end: number, stem: number): void {
    const at = FOUND * this.length++;
    if (at + FOUND > this.items.length) this.items = grown(this.items);
    const items = this.items;
    items[at + DOC] = doc;
    items[at + RANK] = rank;
    items[at + NAME] = name;
    items[at + START] = start;
    items[at + END] = end;
    items[at + STEM_OF] = stem;
  }

  get(i: number, field: number): number {
    return this.items[FOUND * i + field];
  }

  /** The items by document, in the order read, and where each document's start in `order`. */
  byDoc(docs: number): { start: Int32Array; order: Int32Array } {
    const start = new Int32Array(docs + 1);
    const n = this.length;
    for (let i = 0; i < n; i++) start[this.get(i, DOC) + 1]++;
    for (let d = 0; d < docs; d++) start[d + 1] += start[d];
    const next = start.slice(0, docs);
    const order = new Int32Array(n);
    for (let i = 0; i < n; i++) order[next[this.get(i, DOC)]++] = i;
    return { start, order };
  }
}

/**
 * One document's terms (rank, name, where the places start and end, at `4 * term` in `items`),
 * sorted by rank. One row serves every document in turn.
 */
class _TermRow {
  length = 0;
  items = new Int32Array(4 * 64);
  /** Once sorted: the terms by rank, in the order added when two are the same. */
  order = new Int32Array(64);

  push(rank: number, name: number, start: number, end: number): void {
    const at = this.length++;
    if (at === this.order.length) {
      this.items = grown(this.items);
      this.order = grown(this.order);
    }
    const items = this.items;
    items[4 * at] = rank;
    items[4 * at + 1] = name;
    items[4 * at + 2] = start;
    items[4 * at + 3] = end;
  }

  /** Orders the terms by rank, stable (an insertion sort: a document holds few). */
  sortByRank(): void {
    const { order, items } = this;
    for (let n = 0; n < this.length; n++) {
      let at = n;
      while (at > 0 && items[4 * order[at - 1]] > items[4 * n]) {
        order[at] = order[at - 1];
        at--;
      }
      order[at] = n;
    }
  }
}

/**
 * Adds a document's stem terms (its items `from` to `to` of `order`) to its row: each with the
 * places of the words it stems merged (appended to `places`), ranked right after the first.
 */
function _addStems(
  row: _TermRow,
  found: _FoundPostings,
  order: Int32Array,
  from: number,
  to: number,
  places: TermPlaces,
  names: readonly string[],
): void {
  for (let i = from; i < to; i++) {
    const f = order[i];
    if (found.get(f, STEM_OF) === 0) continue;
    const stem = names[found.get(f, NAME)];
    // Each stem term once, where it is first met (a document holds few: no set).
    let met = false;
    for (let j = from; j < i && !met; j++) {
      met = found.get(order[j], STEM_OF) === 1 && names[found.get(order[j], NAME)] === stem;
    }
    if (met) continue;
    let rank = found.get(f, RANK);
    const lists: Int32Array[] = [];
    for (let j = i; j < to; j++) {
      const g = order[j];
      if (found.get(g, STEM_OF) === 0 || names[found.get(g, NAME)] !== stem) continue;
      rank = Math.min(rank, found.get(g, RANK));
      lists.push(places.places.subarray(found.get(g, START), found.get(g, END)));
    }
    const merged = lists.length === 1 ? undefined : mergeOrderedPlaces(lists);
    const start = merged === undefined ? found.get(f, START) : places.append(merged);
    const end = merged === undefined ? found.get(f, END) : start + merged.length;
    row.push(rank + 1, found.get(f, NAME), start, end);
  }
}

/**
 * A held document's search data: its terms' places in the call's {@linkcode TermPlaces}, made a
 * map only when asked for.
 */
class _HeldSearchData implements SearchData {
  readonly title: string;
  readonly sections: SearchData["sections"];
  readonly lengths: readonly number[];
  readonly file?: SearchData["file"];
  #places?: TermPlaces;
  #doc: number;
  #terms?: ReadonlyMap<string, readonly number[]>;

  /** `data` is as the record holds it (no terms); `doc` is the document's index in `places`. */
  constructor(data: SearchData, places: TermPlaces, doc: number) {
    this.title = data.title;
    this.sections = data.sections;
    this.lengths = data.lengths;
    if (data.file !== undefined) this.file = data.file;
    this.#places = places;
    this.#doc = doc;
  }

  get terms(): ReadonlyMap<string, readonly number[]> {
    if (this.#terms === undefined) {
      this.#terms = this.#places!.termsOf(this.#doc);
      this.#places = undefined;
    }
    return this.#terms;
  }
}
