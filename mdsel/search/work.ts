/**
 * What the ranking gathers about the sections a query reaches, in flat typed arrays (arrays of
 * mixed integers and fractions take several shapes, and the scoring code was rebuilt for each).
 *
 * @module
 */
import { grown } from "./grown.ts";

/** An event: a term's body position times this (files are at most 50 MiB), plus its index. */
export const EVENT_SPAN = 2 ** 26;

/** The most body positions of one section a score reads (the first ones). */
export const MAX_EVENTS = 4000;

const _CAPACITY = 4096;

/**
 * The sections a query reaches and what the ranking gathered about each, added in any order,
 * then read section by section, each's items in the order added, once {@linkcode seal}ed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SectionWorks } from "./work.ts";
 * const works = new SectionWorks();
 * const a = works.add(0, 2);
 * works.addEvent(a, 40);
 * works.addEvent(a, 12);
 * works.seal();
 * assert.deepEqual([...works.events.subarray(works.eventStart[a], works.eventStart[a + 1])], [12, 40]);
 * ```
 */
export class SectionWorks {
  /** How many sections were added. */
  count = 0;
  /** Per section (by the number {@linkcode add} gave it): its document and section index. */
  doc: Int32Array<ArrayBuffer> = new Int32Array(_CAPACITY);
  section: Int32Array<ArrayBuffer> = new Int32Array(_CAPACITY);
  #terms = new Int32Array(_CAPACITY);
  #eventCounts = new Int32Array(_CAPACITY);

  /** Items: the section, then the spec and value; a body term's match, IDF and BM25. */
  readonly #fields = new _Items();
  readonly #headings = new _Items();
  readonly #bodyTerms = new _Items(true);
  readonly #events = new _Items();

  /** Once sealed, per section `s`, its items of each kind stand from `start[s]` to `start[s + 1]`. */
  fieldStart: Int32Array<ArrayBuffer> = new Int32Array(1);
  fieldSpec: Int32Array<ArrayBuffer> = new Int32Array(0);
  fieldValue: Float64Array<ArrayBuffer> = new Float64Array(0);
  headingStart: Int32Array<ArrayBuffer> = new Int32Array(1);
  headingSpec: Int32Array<ArrayBuffer> = new Int32Array(0);
  headingValue: Float64Array<ArrayBuffer> = new Float64Array(0);
  termStart: Int32Array<ArrayBuffer> = new Int32Array(1);
  /** What each body term matches (its number). */
  termMatch: Int32Array<ArrayBuffer> = new Int32Array(0);
  termIdf: Float64Array<ArrayBuffer> = new Float64Array(0);
  /** Its BM25 in the body. */
  termWhole: Float64Array<ArrayBuffer> = new Float64Array(0);
  eventStart: Int32Array<ArrayBuffer> = new Int32Array(1);
  /** The events, sorted within each section. */
  events: Float64Array<ArrayBuffer> = new Float64Array(0);

  /** Adds a section: its document and its index in the document's search data; returns its number. */
  add(doc: number, section: number): number {
    const at = this.count++;
    if (at === this.doc.length) {
      this.doc = grown(this.doc);
      this.section = grown(this.section);
      this.#terms = grown(this.#terms);
      this.#eventCounts = grown(this.#eventCounts);
    }
    this.doc[at] = doc;
    this.section[at] = section;
    return at;
  }

  /** Notes the evidence of query term `spec` in the short fields of section `at`. */
  holdField(at: number, spec: number, value: number): void {
    this.#fields.push(at, spec, value);
  }

  /** Notes the evidence of query term `spec` in the heading of section `at`. */
  holdHeading(at: number, spec: number, value: number): void {
    this.#headings.push(at, spec, value);
  }

  /** Adds a term (what it matches, its BM25 in the body) of section `at`; returns its index. */
  addTerm(at: number, match: number, idf: number, whole: number): number {
    this.#bodyTerms.push(at, match, idf, whole);
    return this.#terms[at]++;
  }

  /** Adds an event of section `at`, unless it holds {@linkcode MAX_EVENTS}; whether it did. */
  addEvent(at: number, event: number): boolean {
    if (this.#eventCounts[at] >= MAX_EVENTS) return false;
    this.#eventCounts[at]++;
    this.#events.push(at, 0, event);
    return true;
  }

  /** Groups the items by section and sorts each section's events. */
  seal(): void {
    const count = this.count;
    const fields = this.#fields.grouped(count);
    this.fieldStart = fields.start;
    this.fieldSpec = fields.ints;
    this.fieldValue = fields.values;
    const headings = this.#headings.grouped(count);
    this.headingStart = headings.start;
    this.headingSpec = headings.ints;
    this.headingValue = headings.values;
    const terms = this.#bodyTerms.grouped(count);
    this.termStart = terms.start;
    this.termMatch = terms.ints;
    this.termIdf = terms.values;
    this.termWhole = terms.more!;
    const events = this.#events.grouped(count);
    this.eventStart = events.start;
    this.events = events.values;
    for (let s = 0; s < count; s++) _sortRange(this.events, events.start[s], events.start[s + 1]);
  }
}

/** Items of one kind, each of a section (its owner): a number and a value or two. */
class _Items {
  length = 0;
  #owners = new Int32Array(_CAPACITY);
  #ints = new Int32Array(_CAPACITY);
  #values = new Float64Array(_CAPACITY);
  #more?: Float64Array<ArrayBuffer>;

  constructor(more = false) {
    if (more) this.#more = new Float64Array(_CAPACITY);
  }

  push(owner: number, int: number, value: number, more = 0): void {
    const at = this.length++;
    if (at === this.#owners.length) {
      this.#owners = grown(this.#owners);
      this.#ints = grown(this.#ints);
      this.#values = grown(this.#values);
      if (this.#more !== undefined) this.#more = grown(this.#more);
    }
    this.#owners[at] = owner;
    this.#ints[at] = int;
    this.#values[at] = value;
    if (this.#more !== undefined) this.#more[at] = more;
  }

  /** The items by owner, each owner's in the order pushed (a counting sort). */
  grouped(owners: number): {
    start: Int32Array<ArrayBuffer>;
    ints: Int32Array<ArrayBuffer>;
    values: Float64Array<ArrayBuffer>;
    more?: Float64Array<ArrayBuffer>;
  } {
    const n = this.length;
    const start = new Int32Array(owners + 1);
    const from = this.#owners;
    for (let i = 0; i < n; i++) start[from[i] + 1]++;
    for (let s = 0; s < owners; s++) start[s + 1] += start[s];
    const next = start.slice(0, owners);
    const ints = new Int32Array(n);
    const values = new Float64Array(n);
    const more = this.#more === undefined ? undefined : new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const at = next[from[i]]++;
      ints[at] = this.#ints[i];
      values[at] = this.#values[i];
      if (more !== undefined) more[at] = this.#more![i];
    }
    return { start, ints, values, more };
  }
}

/** Sorts numbers from `start` to `end`: a few (as most sections hold) by insertion. */
function _sortRange(numbers: Float64Array, start: number, end: number): void {
  if (end - start > 32) {
    numbers.subarray(start, end).sort();
    return;
  }
  for (let i = start + 1; i < end; i++) {
    const value = numbers[i];
    let j = i - 1;
    for (; j >= start && numbers[j] > value; j--) numbers[j + 1] = numbers[j];
    numbers[j + 1] = value;
  }
}
