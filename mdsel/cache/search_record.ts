/**
 * A document's search data as the cache keeps it, and back: its sections as a small JSON record,
 * its terms as postings per term and segment (a stem term has none: its places are its words').
 * @module
 */
import {
  type AllTerms,
  BODY,
  type SearchData,
  type SearchSection,
  STEM,
  stemTerm,
} from "../search/data.ts";
import type { TermPlaces } from "../search/term_places.ts";
import { grown } from "../search/grown.ts";

/** The version of the record and of search data (`search_record_test.ts` says when to raise it). */
export const SEARCH_RECORD_VERSION = 4;

const SECTION_FIELDS = 5;

/** A document's search data but its terms, as plain data (JSON). */
export interface SearchRecord {
  readonly t: string;
  /** Per section: node, depth, parent, start line, end line. */
  readonly s: number[];
  /** The sections' headings, and {@linkcode SearchData.lengths}. */
  readonly h: string[];
  readonly l: number[];
  /** {@linkcode SearchData.file}: its words, and how many distinct terms they hold. */
  readonly f?: readonly [string, number];
}

/**
 * The record of a document's search data, without its terms.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { searchData } from "../search/data.ts";
 * import { searchRecordOf } from "./search_record.ts";
 * const record = searchRecordOf(searchData(parseDocument("# Guide\n\nText.\n", "g", "g.md")));
 * assert.deepEqual(record.h, ["Guide"]);
 * assert.deepEqual(record.l, [1, 0, 1, 0]); // heading, path, body, JSX attributes
 * ```
 */
export function searchRecordOf(data: SearchData): SearchRecord {
  const s: number[] = [];
  for (const { node, depth, parent, startLine, endLine } of data.sections) {
    s.push(node, depth, parent, startLine, endLine);
  }
  return {
    t: data.title,
    s,
    h: data.sections.map((section) => section.heading),
    l: [...data.lengths],
    ...(data.file === undefined ? {} : { f: [data.file.words, data.file.size] as const }),
  };
}

/**
 * A document's search data from its record and some of its terms (in the order search data lists
 * them).
 *
 * @throws {TypeError} When the record is not one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { searchData } from "../search/data.ts";
 * import { searchDataOf, searchRecordOf } from "./search_record.ts";
 * const data = searchData(parseDocument("# Guide\n\nText.\n", "g", "g.md"));
 * const back = searchDataOf(searchRecordOf(data), new Map([["text", [0, 2, 1, 0]]]));
 * assert.deepEqual(back.sections, data.sections);
 * assert.deepEqual([...back.terms.keys()], ["text"]);
 * ```
 */
export function searchDataOf(
  record: SearchRecord,
  terms: ReadonlyMap<string, readonly number[]>,
): SearchData {
  const { t, s, h, l, f } = record;
  if (
    typeof t !== "string" || !Array.isArray(s) || !Array.isArray(h) || !Array.isArray(l) ||
    s.length !== h.length * SECTION_FIELDS
  ) {
    throw new TypeError("Not a search record");
  }
  const sections: SearchSection[] = new Array(h.length);
  for (let i = 0, at = 0; i < h.length; i++, at += SECTION_FIELDS) {
    sections[i] = {
      node: s[at],
      depth: s[at + 1],
      heading: h[i],
      parent: s[at + 2],
      startLine: s[at + 3],
      endLine: s[at + 4],
    };
  }
  // Without its file's words (or of another shape), the ranking reads them.
  const file = Array.isArray(f) && typeof f[0] === "string" && typeof f[1] === "number"
    ? { words: f[0], size: f[1] }
    : undefined;
  return { title: t, sections, terms, lengths: l, ...(file === undefined ? {} : { file }) };
}

/**
 * Collects the postings of the documents of one segment, each at its slot, as one blob per term of
 * LEB128 numbers: per document its slot (after the previous one's), the length in bytes of what
 * follows, the term's rank, then its places as {@linkcode SearchData.terms} has them (deltas).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/markdown_nodes.ts";
 * import { searchData } from "../search/data.ts";
 * import { PostingsWriter } from "./search_record.ts";
 * const writer = new PostingsWriter();
 * const doc = parseDocument("# Guide\n\nText.\n", "d", "d.md");
 * searchData(doc, undefined, (all) => writer.add(0, all));
 * assert.deepEqual([...writer.postings().keys()], ["guide", "text"]); // no stem term ("~guid")
 * ```
 */
export class PostingsWriter {
  /** Each term's number, in the order first added. */
  readonly #ids = new Map<string, number>();
  /** The rank and places of each term of each document, encoded as they are added. */
  readonly #chunks = new _Bytes();
  /** Per term of each document: the term's number, the slot, where its chunk starts. */
  #pairs = new Int32Array(3 * 1024);
  #count = 0;
  /** Per slot, its share of the bytes. */
  readonly #bytes: number[] = [];

  /** Per term number of search data's generation: 0 unseen, 1 a stem term, else its number + 2. */
  #byTermId = new Int32Array(1024);
  #generation = -1;
  /** Per term number: its length. */
  #lengths = new Int32Array(1024);

  /**
   * Adds every term of a document, as {@linkcode searchData} lends them, at its slot (larger than
   * any before).
   */
  add(slot: number, all: AllTerms): void {
    const chunks = this.#chunks;
    const { count, names: terms, ids, starts, places } = all;
    if (all.generation !== this.#generation) {
      this.#generation = all.generation;
      this.#byTermId.fill(0);
    }
    const first = chunks.length;
    let names = 0;
    for (let rank = 0; rank < count; rank++) {
      const termId = ids[rank];
      if (termId >= this.#byTermId.length) this.#byTermId = grown(this.#byTermId, termId + 1);
      if (this.#byTermId[termId] === 0) this.#byTermId[termId] = this.#idOf(terms[rank]) + 2;
      const id = this.#byTermId[termId] - 2;
      // A stem term's places are its words': it ranks, but is not written.
      if (id === -1) continue;
      if (3 * this.#count + 3 > this.#pairs.length) this.#pairs = grown(this.#pairs);
      const at = 3 * this.#count++;
      this.#pairs[at] = id;
      this.#pairs[at + 1] = slot;
      this.#pairs[at + 2] = chunks.length;
      chunks.number(rank);
      _writePlaces(chunks, places, starts[rank], starts[rank + 1]);
      names += this.#lengths[id];
    }
    this.#bytes[slot] = chunks.length - first + names + 4 * count;
  }

  /** A term's number, given at its first sight; -1 for a stem term. */
  #idOf(term: string): number {
    if (term.startsWith(STEM)) return -1;
    let id = this.#ids.get(term);
    if (id === undefined) {
      this.#ids.set(term, id = this.#ids.size);
      if (id >= this.#lengths.length) this.#lengths = grown(this.#lengths);
      this.#lengths[id] = term.length;
    }
    return id;
  }

  /** About how many bytes the postings of the document at `slot` take. */
  bytesOf(slot: number): number {
    return this.#bytes[slot] ?? 0;
  }

  postings(): Map<string, Uint8Array> {
    const pairs = this.#pairs;
    const count = this.#count;
    const chunks = this.#chunks.bytes();
    const terms = this.#ids.size;
    const end = (i: number) => i + 1 < count ? pairs[3 * i + 5] : chunks.length;
    // Each term's bytes, then where they start: both passes read the chunks in the order added.
    const starts = new Int32Array(terms + 1);
    const previous = new Int32Array(terms);
    for (let i = 0; i < count; i++) {
      const [term, slot, start] = [pairs[3 * i], pairs[3 * i + 1], pairs[3 * i + 2]];
      const length = end(i) - start;
      starts[term + 1] += _numberBytes(slot - previous[term]) + _numberBytes(length) + length;
      previous[term] = slot;
    }
    for (let t = 0; t < terms; t++) starts[t + 1] += starts[t];
    const bytes = new Uint8Array(starts[terms]);
    const next = starts.slice(0, terms);
    previous.fill(0);
    for (let i = 0; i < count; i++) {
      const [term, slot, start] = [pairs[3 * i], pairs[3 * i + 1], pairs[3 * i + 2]];
      const stop = end(i);
      let at = _putNumber(bytes, next[term], slot - previous[term]);
      at = _putNumber(bytes, at, stop - start);
      for (let k = start; k < stop; k++) bytes[at++] = chunks[k];
      next[term] = at;
      previous[term] = slot;
    }
    const postings = new Map<string, Uint8Array>();
    for (const [term, id] of this.#ids) {
      if (starts[id + 1] > starts[id]) {
        postings.set(term, bytes.subarray(starts[id], starts[id + 1]));
      }
    }
    return postings;
  }

  /** The stem term of each term written that has one: how a search finds a stem's words. */
  stems(): Map<string, string> {
    const stems = new Map<string, string>();
    for (const term of this.#ids.keys()) {
      const stem = term.startsWith(STEM) ? undefined : stemTerm(term);
      if (stem !== undefined) stems.set(term, stem);
    }
    return stems;
  }
}

/**
 * Reads a term's postings in a segment: for each document the call has at a slot (`docOf` it, or
 * -1), `visit` gets its rank and where its places start and end in `into.places`.
 *
 * @throws {RangeError} When the blob is not postings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TermPlaces } from "../search/term_places.ts";
 * import { readPostingsInto } from "./search_record.ts";
 * const [into, found] = [new TermPlaces(), [] as number[][]];
 * // Slot 0, 4 bytes: rank 0, then section 0, field 0 (the heading), count 1.
 * readPostingsInto(new Uint8Array([0, 4, 0, 0, 0, 1]), (slot) => slot, into, (doc, rank, start, end) =>
 *   found.push([doc, rank, ...into.places.subarray(start, end)]));
 * assert.deepEqual(found, [[0, 0, 0, 0, 1]]);
 * ```
 */
export function readPostingsInto(
  blob: Uint8Array,
  docOf: (slot: number) => number,
  into: TermPlaces,
  visit: (doc: number, rank: number, start: number, end: number) => void,
): void {
  const reader = new _Reader(blob);
  let slot = 0;
  while (reader.at < blob.length) {
    slot += reader.number();
    const length = reader.number();
    const end = reader.at + length;
    if (end > blob.length) throw new RangeError("Not postings");
    const doc = docOf(slot);
    if (doc === -1) {
      reader.at = end;
      continue;
    }
    const rank = reader.number();
    // Each place takes a byte at least: `length` places are enough.
    const start = into.reserve(length);
    const places = into.places;
    let at = start;
    while (reader.at < end) {
      const section = reader.number();
      const field = reader.number();
      const count = reader.number();
      places[at++] = section;
      places[at++] = field;
      places[at++] = count;
      if (field !== BODY) continue;
      let position = 0;
      for (let i = 0; i < count; i++) places[at++] = position += reader.number();
    }
    if (reader.at !== end) throw new RangeError("Not postings");
    into.used = at;
    visit(doc, rank, start, at);
  }
}

/**
 * The places of a stem term in a document, from those of each word it stems there: per section and
 * field, counts added and positions merged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergePlaces } from "./search_record.ts";
 * // "redirects" in the heading of section 0 and twice in its body; "redirect" once in that body.
 * assert.deepEqual(
 *   mergePlaces([[0, 0, 1, 0, 2, 2, 3, 9], [0, 2, 1, 5]]),
 *   [0, 0, 1, 0, 2, 3, 3, 5, 9],
 * );
 * ```
 */
export function mergePlaces(lists: readonly ArrayLike<number>[]): number[] {
  if (lists.length === 1) return Array.from(lists[0]);
  const groups = new Map<number, { count: number; positions: number[] }>();
  for (const places of lists) {
    for (let p = 0; p < places.length;) {
      const [section, field, count] = [places[p], places[p + 1], places[p + 2]];
      const key = section * 4 + field;
      let group = groups.get(key);
      if (group === undefined) groups.set(key, group = { count: 0, positions: [] });
      group.count += count;
      p += 3;
      if (field !== BODY) continue;
      for (let i = 0; i < count; i++) group.positions.push(places[p++]);
    }
  }
  const merged: number[] = [];
  for (const key of [...groups.keys()].sort((a, b) => a - b)) {
    const { count, positions } = groups.get(key)!;
    const field = key % 4;
    merged.push((key - field) / 4, field, count);
    if (field === BODY) { for (const at of positions.sort((a, b) => a - b)) merged.push(at); }
  }
  return merged;
}

/**
 * The places of a stem term in a document from those of each word it stems there, as
 * {@linkcode mergePlaces} gives them, in one pass when every list is in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeOrderedPlaces } from "./search_record.ts";
 * assert.deepEqual(mergeOrderedPlaces([[0, 2, 1, 3], [0, 2, 1, 5]]), [0, 2, 2, 3, 5]);
 * ```
 */
export function mergeOrderedPlaces(lists: readonly ArrayLike<number>[]): number[] {
  if (lists.length < 2) return mergePlaces(lists);
  let merged: number[] | undefined = _mergeTwo(lists[0], lists[1]);
  for (let i = 2; i < lists.length && merged !== undefined; i++) {
    merged = _mergeTwo(merged, lists[i]);
  }
  return merged ?? mergePlaces(lists);
}

/** Two places lists merged, or `undefined` when either is out of order. */
function _mergeTwo(a: ArrayLike<number>, b: ArrayLike<number>): number[] | undefined {
  const merged: number[] = [];
  let [i, j, lastA, lastB] = [0, 0, -1, -1];
  while (i < a.length || j < b.length) {
    const keyA = i < a.length ? a[i] * 4 + a[i + 1] : Infinity;
    const keyB = j < b.length ? b[j] * 4 + b[j + 1] : Infinity;
    if (keyA <= lastA || keyB <= lastB) return undefined;
    const key = Math.min(keyA, keyB);
    const countA = keyA === key ? a[i + 2] : 0;
    const countB = keyB === key ? b[j + 2] : 0;
    const field = key % 4;
    merged.push((key - field) / 4, field, countA + countB);
    let x = keyA === key ? i + 3 : i;
    let y = keyB === key ? j + 3 : j;
    const endA = x + (field === BODY ? countA : 0);
    const endB = y + (field === BODY ? countB : 0);
    let previous = -Infinity;
    while (x < endA || y < endB) {
      const at = y >= endB || (x < endA && a[x] <= b[y]) ? a[x++] : b[y++];
      if (at < previous) return undefined;
      merged.push(previous = at);
    }
    if (keyA === key) {
      lastA = keyA;
      i = endA;
    }
    if (keyB === key) {
      lastB = keyB;
      j = endB;
    }
  }
  return merged;
}

function _writePlaces(out: _Bytes, places: Int32Array, start: number, end: number): void {
  for (let p = start; p < end;) {
    const field = places[p + 1];
    const count = places[p + 2];
    out.number(places[p]);
    out.number(field);
    out.number(count);
    p += 3;
    if (field !== BODY) continue;
    let previous = 0;
    for (let i = 0; i < count; i++, p++) {
      out.number(places[p] - previous);
      previous = places[p];
    }
  }
}

/** How many bytes LEB128 takes for a number. */
function _numberBytes(value: number): number {
  let bytes = 1;
  while (value >= 0x80) {
    value >>>= 7;
    bytes++;
  }
  return bytes;
}

/** Writes a number as LEB128 at `at`; returns where it ends. */
function _putNumber(buffer: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    buffer[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  buffer[at++] = value;
  return at;
}

/** A growing buffer of LEB128 numbers. */
class _Bytes {
  buffer = new Uint8Array(1 << 16);
  length = 0;

  number(value: number): void {
    if (this.length + 5 > this.buffer.length) this.buffer = grown(this.buffer, this.length + 5);
    this.length = _putNumber(this.buffer, this.length, value);
  }

  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

/** Reads LEB128 numbers, never past the end. */
class _Reader {
  at = 0;

  constructor(readonly bytes: Uint8Array) {}

  number(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.at >= this.bytes.length || shift > 28) throw new RangeError("Not postings");
      const byte = this.bytes[this.at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
}
