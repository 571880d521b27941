/**
 * A document's search data ({@linkcode SearchData}) as the cache keeps it,
 * and back: its sections, their fields' lengths and its title as a small
 * record of plain data (JSON), and its terms as postings, per term the
 * places of that term in each document of a segment that has it (see
 * `mdsel/cache/segments.ts`), so that a search reads the terms its query
 * reaches and no other.
 *
 * A term's postings are a blob of unsigned LEB128 numbers: per document,
 * its slot (after the previous one's), the length in bytes of what
 * follows, the term's rank among the document's terms (the order search
 * data lists them in), then its places as {@linkcode SearchData.terms}
 * holds them, each body position after the one before.
 *
 * @module
 */
import { BODY, type SearchData, type SearchSection } from "./search_data.ts";

/**
 * The version of the record and of what search data holds. Raise it
 * whenever either changes (`tests/mdsel/query/search_record_test.ts` holds a
 * fingerprint of the sources search data comes from and says when).
 */
export const SEARCH_RECORD_VERSION = 1;

/** Numbers per section in {@linkcode SearchRecord.s}. */
const SECTION_FIELDS = 7;

/** A document's search data but its terms, as plain data (JSON). */
export interface SearchRecord {
  /** The title. */
  readonly t: string;
  /** Per section: node, depth, parent, words, own words, start line, end line. */
  readonly s: number[];
  /** The sections' headings, in order. */
  readonly h: string[];
  /** The fields' lengths, as {@linkcode SearchData.lengths}. */
  readonly l: number[];
}

/**
 * The record of a document's search data, without its terms.
 *
 * @param data The search data.
 * @returns Plain data, for JSON.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/document.ts";
 * import { searchData } from "./search_data.ts";
 * import { searchRecordOf } from "./search_record.ts";
 * const record = searchRecordOf(searchData(parseDocument("# Guide\n\nText.\n", "g", "g.md")));
 * assert.deepEqual(record.h, ["Guide"]);
 * assert.deepEqual(record.l, [1, 0, 1]);
 * ```
 */
export function searchRecordOf(data: SearchData): SearchRecord {
  const s: number[] = [];
  for (const section of data.sections) {
    const { node, depth, parent, words, ownWords, startLine, endLine } = section;
    s.push(node, depth, parent, words, ownWords, startLine, endLine);
  }
  return {
    t: data.title,
    s,
    h: data.sections.map((section) => section.heading),
    l: [...data.lengths],
  };
}

/**
 * A document's search data from its record and the postings of some of its
 * terms.
 *
 * @param record The record.
 * @param terms Some terms and their places, in the order search data lists them.
 * @returns The search data, holding those terms only.
 * @throws {TypeError} When the record is not one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/document.ts";
 * import { searchData } from "./search_data.ts";
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
  const { t, s, h, l } = record;
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
      words: s[at + 3],
      ownWords: s[at + 4],
      startLine: s[at + 5],
      endLine: s[at + 6],
    };
  }
  return { title: t, sections, terms, lengths: l };
}

/**
 * Collects the postings of the documents of one segment, each at its slot,
 * and writes them as blobs, one per term.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseDocument } from "../parse/document.ts";
 * import { searchData } from "./search_data.ts";
 * import { PostingsWriter, readPostings } from "./search_record.ts";
 * const writer = new PostingsWriter();
 * writer.add(0, searchData(parseDocument("# Guide\n\nText text.\n", "g", "g.md")));
 * writer.add(1, searchData(parseDocument("# Text\n", "t", "t.md")));
 * const found: unknown[] = [];
 * const blob = writer.postings().get("text")!;
 * readPostings(blob, (slot) => slot, (doc, rank, places) => found.push([doc, rank, places]));
 * // "text" is the third term of the first (after "guide" and "~guid"), the first of the second.
 * assert.deepEqual(found, [[0, 2, [0, 2, 2, 0, 1]], [1, 0, [0, 0, 1]]]);
 * ```
 */
export class PostingsWriter {
  /** Per term: its postings so far, and the slot of the last document added to them. */
  readonly #terms = new Map<string, { bytes: _Bytes; slot: number }>();
  /** Per slot, its share of the bytes. */
  readonly #bytes: number[] = [];

  /**
   * Adds a document's terms.
   *
   * @param slot Its slot in the segment: larger than any added before.
   * @param data Its whole search data.
   */
  add(slot: number, data: SearchData): void {
    let rank = 0;
    let bytes = 0;
    for (const [term, places] of data.terms) {
      let postings = this.#terms.get(term);
      if (postings === undefined) {
        this.#terms.set(term, postings = { bytes: new _Bytes(16), slot: 0 });
      }
      const out = postings.bytes;
      const start = out.length;
      out.number(slot - postings.slot);
      out.number(_size(rank) + _placesSize(places));
      out.number(rank++);
      _writePlaces(out, places);
      postings.slot = slot;
      bytes += out.length - start + term.length;
    }
    this.#bytes[slot] = bytes;
  }

  /**
   * About how many bytes a document's postings take.
   *
   * @param slot Its slot.
   * @returns The bytes.
   */
  bytesOf(slot: number): number {
    return this.#bytes[slot] ?? 0;
  }

  /**
   * The blobs, by term.
   *
   * @returns The postings.
   */
  postings(): Map<string, Uint8Array> {
    const out = new Map<string, Uint8Array>();
    for (const [term, { bytes }] of this.#terms) out.set(term, bytes.bytes());
    return out;
  }
}

/**
 * Reads a term's postings: the documents a call has, and their places.
 *
 * @param blob The postings of a term in a segment.
 * @param docOf The call's document at a slot, or -1 when the call has none there.
 * @param visit Gets each document, the term's rank in it and its places.
 * @throws {RangeError} When the blob is not postings.
 */
export function readPostings(
  blob: Uint8Array,
  docOf: (slot: number) => number,
  visit: (doc: number, rank: number, places: number[]) => void,
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
    const places: number[] = [];
    while (reader.at < end) {
      const section = reader.number();
      const field = reader.number();
      const count = reader.number();
      places.push(section, field, count);
      if (field !== BODY) continue;
      let position = 0;
      for (let i = 0; i < count; i++) places.push(position += reader.number());
    }
    if (reader.at !== end) throw new RangeError("Not postings");
    visit(doc, rank, places);
  }
}

/** The bytes of a number. */
function _size(value: number): number {
  return value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;
}

/** The bytes of a term's places, as {@linkcode _writePlaces} writes them. */
function _placesSize(places: readonly number[]): number {
  let bytes = 0;
  for (let p = 0; p < places.length;) {
    const field = places[p + 1];
    const count = places[p + 2];
    bytes += _size(places[p]) + _size(field) + _size(count);
    p += 3;
    if (field !== BODY) continue;
    let previous = 0;
    for (let i = 0; i < count; i++, p++) {
      bytes += _size(places[p] - previous);
      previous = places[p];
    }
  }
  return bytes;
}

function _writePlaces(out: _Bytes, places: readonly number[]): void {
  for (let p = 0; p < places.length;) {
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

/** A growing buffer of LEB128 numbers. */
class _Bytes {
  #buffer: Uint8Array;
  length = 0;

  constructor(size = 1024) {
    this.#buffer = new Uint8Array(size);
  }

  number(value: number): void {
    if (this.length + 5 > this.#buffer.length) this.#grow(5);
    while (value >= 0x80) {
      this.#buffer[this.length++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    this.#buffer[this.length++] = value;
  }

  bytes(): Uint8Array {
    return this.#buffer.subarray(0, this.length);
  }

  #grow(needed: number): void {
    const next = new Uint8Array(Math.max(this.#buffer.length * 2, this.length + needed));
    next.set(this.#buffer.subarray(0, this.length));
    this.#buffer = next;
  }
}

/** Reads LEB128 numbers, never past the end. */
class _Reader {
  readonly #bytes: Uint8Array;
  at = 0;

  constructor(bytes: Uint8Array) {
    this.#bytes = bytes;
  }

  number(): number {
    let value = 0;
    let shift = 0;
    for (;;) {
      if (this.at >= this.#bytes.length || shift > 28) throw new RangeError("Not postings");
      const byte = this.#bytes[this.at++];
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
      shift += 7;
    }
  }
}
