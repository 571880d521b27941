/**
 * The search data of a call's files, through the cache: a file whose `search` entry is fresh is
 * neither read nor parsed (the search reads the postings of the terms its query reaches).
 * @module
 */
import { isFresh } from "./file_key.ts";
import type { NewEntry } from "./store.ts";
import type { MdDocument } from "../parse/document.ts";
import { type MdxProblem, mdxWarning } from "../parse/mdx_warning.ts";
import type { SearchBatch, SearchDataSource } from "../search/search.ts";
import { TermPlaces } from "../search/term_places.ts";
import { grown } from "../search/grown.ts";
import { type SearchData, searchData, STEM } from "../search/data.ts";
import { reachedTerms, type TermSpec, typoHalves, withinOneEdit } from "../search/match.ts";
import {
  mergeOrderedPlaces,
  PostingsWriter,
  readPostingsInto,
  SEARCH_RECORD_VERSION,
  searchDataOf,
  type SearchRecord,
  searchRecordOf,
} from "./search_record.ts";
import { CacheChangedError, type CacheKey, type CallCache } from "./call_cache.ts";
import { invalidUtf8Warning, loadFileSync } from "../files/load_file.ts";
import { cachedDocument, DOC_KIND, DOC_VERSION, type LoadedDocument } from "./parse_files.ts";
import { DeferredDocument } from "./deferred_document.ts";

/** The cache's kind for search data. */
export const SEARCH_KIND = "search";
/** Its version: the record's and the documents' it is derived from. */
export const SEARCH_VERSION = `${SEARCH_RECORD_VERSION}:${DOC_VERSION}`;

/** A `search` entry's data: the search record, where MDX rejected the file, invalid UTF-8. */
interface _EntryData {
  readonly r: SearchRecord;
  readonly x?: MdxProblem;
  readonly u?: 1;
}

interface _Held {
  readonly key: CacheKey;
  readonly segment: number;
  readonly slot: number;
  readonly used: number;
  readonly data: _EntryData;
}

/** A file the call read and parsed. */
interface _Read {
  /** Set for a file whose search data is to be written. */
  readonly key?: CacheKey;
  readonly problem?: MdxProblem;
  readonly invalid: boolean;
  /** Once its whole search data was derived: its entry's data, and its slot in the postings. */
  entry?: { readonly data: string; readonly slot: number };
}

/** A file of a call (its path as given, its `stat`), as its document is built when needed. */
interface _DeferredFile {
  readonly path: string;
  readonly namespace: string;
  readonly info: Deno.FileInfo;
  readonly maxBytes: number;
}

/**
 * The search data of a call's files, through its cache. A file the call parses gets search data
 * for the query only; the next search rebuilds it from its `doc` entry and writes all of it.
 */
export class SearchFiles implements SearchDataSource {
  readonly #cache: CallCache;
  readonly #held: (_Held | undefined)[];
  readonly #read = new Map<MdDocument, _Read>();
  readonly #heldDocs = new Map<MdDocument, _Held>();
  readonly #writer = new PostingsWriter();
  #slots = 0;
  /** The absolute paths of the call's files held or read so far (each written once at most). */
  readonly #named = new Set<string>();
  /** The absolute paths of files whose search entries the cap refused, as they are now. */
  readonly #refused: ReadonlySet<string>;
  /** Set for a call that finishes the cache: a file it parses has its search data written too. */
  readonly #complete: boolean;

  private constructor(
    cache: CallCache,
    held: (_Held | undefined)[],
    refused: ReadonlySet<string>,
    complete: boolean,
  ) {
    this.#cache = cache;
    this.#held = held;
    this.#refused = refused;
    this.#complete = complete;
    for (const entry of held) if (entry !== undefined) this.#named.add(entry.key.path);
  }

  /**
   * Looks up the search data the cache holds of a call's files as they are now, from one snapshot
   * until the call writes; `complete` for a call that finishes the cache (`mdsel warm`).
   */
  static lookUp(
    cache: CallCache,
    files: readonly { readonly path: string; readonly info?: Deno.FileInfo }[],
    complete = false,
  ): SearchFiles {
    cache.store.holdSnapshot();
    const keys = files.map((file) => cache.keyOf(file.path, file.info));
    const paths: string[] = [];
    for (const key of keys) if (key !== undefined) paths.push(key.path);
    const found = cache.store.get(SEARCH_KIND, SEARCH_VERSION, paths);
    // A file named twice in a call (`docs` and `/abs/docs`): its first name holds its entry.
    const named = new Set<string>();
    const refused = new Set<string>();
    const held = keys.map((key): _Held | undefined => {
      if (key === undefined || named.has(key.path)) return undefined;
      named.add(key.path);
      const entry = found.get(key.path);
      if (entry === undefined || !isFresh(key!.key, entry.stat, entry.written)) return undefined;
      if (cache.store.refused(entry)) refused.add(key.path);
      if (entry.segment === null || entry.slot === null) return undefined;
      try {
        const data = JSON.parse(entry.data) as _EntryData;
        if (typeof data?.r !== "object") return undefined;
        return { key: key!, segment: entry.segment, slot: entry.slot, used: entry.used, data };
      } catch {
        return undefined; // not an entry of this engine: read the file
      }
    });
    return new SearchFiles(cache, held, refused, complete);
  }

  /** Whether the cache holds the search data of file `i` as it is now: no need to read it. */
  holds(i: number): boolean {
    return this.#held[i] !== undefined;
  }

  /** The warnings reading (and, when `parsed`, parsing) held file `i` gave, in order. */
  warnings(i: number, path: string, parsed = true): string[] {
    const { data } = this.#held[i]!;
    const lines: string[] = [];
    if (data.u === 1) lines.push(invalidUtf8Warning(path));
    if (parsed && data.x !== undefined) lines.push(mdxWarning(path, data.x));
    return lines;
  }

  /** A held file's document, built from its text and `doc` entry when first asked for. */
  document(i: number, file: _DeferredFile): MdDocument {
    const held = this.#held[i]!;
    const cache = this.#cache;
    const doc = new DeferredDocument(file.namespace, file.path, () => {
      const read = () => loadFileSync(file.path, file.maxBytes, file.info).text;
      const parsed = cachedDocument(cache, file, held.key, read);
      if (parsed === undefined) throw new CacheChangedError(file.path);
      return parsed.doc;
    });
    this.#heldDocs.set(doc, held);
    return doc;
  }

  /**
   * Notes a file the call read (`invalid` when not valid UTF-8): one rebuilt from the cache's record
   * has its whole search data derived and written; one the call parsed, only what the query reaches.
   */
  noteRead(
    parsed: LoadedDocument,
    file: { readonly path: string; readonly info?: Deno.FileInfo },
    invalid: boolean,
  ): void {
    const { doc, problem } = parsed;
    let key = parsed.cached || this.#complete ? this.#cache.keyOf(file.path, file.info) : undefined;
    // Named twice in the call: the other name's entry is the one written (or held).
    if (key !== undefined && this.#named.has(key.path)) key = undefined;
    // Refused by the cap as it is: derived for the query only.
    else if (key !== undefined && this.#refused.has(key.path)) key = undefined;
    else if (key !== undefined) this.#named.add(key.path);
    this.#read.set(doc, { key, problem, invalid });
  }

  /**
   * The search data of documents for a query, its reached terms only: from the postings for the
   * held files, derived for the others.
   *
   * @throws {CacheChangedError} When the cache could not be read.
   */
  dataFor(
    docs: readonly MdDocument[],
    specs: readonly TermSpec[],
    keep: (term: string) => boolean,
  ): SearchBatch {
    const out: SearchData[] = new Array(docs.length);
    // Per segment, the call's document at each slot (-1 for none); the held ones and their entries.
    const slots = new Map<number, Int32Array<ArrayBuffer>>();
    const held: number[] = [];
    const entries: _Held[] = [];
    docs.forEach((doc, k) => {
      const entry = this.#heldDocs.get(doc);
      if (entry === undefined) {
        out[k] = this.#derive(doc, keep);
        return;
      }
      held.push(k);
      entries.push(entry);
      let at = slots.get(entry.segment);
      if (at === undefined || at.length <= entry.slot) {
        const before = at ?? new Int32Array(0);
        slots.set(entry.segment, at = grown(before, entry.slot + 1).fill(-1, before.length));
      }
      at[entry.slot] = k;
    });
    if (held.length === 0) return { data: out, places: TermPlaces.of(out) };
    const store = this.#cache.store;
    const reached = new Set(this.#reached(specs, keep));
    // A stem term's places are those of the words it stems.
    const stemOf = new Map(store.termsWithStems([...reached].filter((t) => t.startsWith(STEM))));
    const rows = store.postings([...new Set([...reached, ...stemOf.keys()])], [...slots.keys()]);
    if (store.failed) throw new CacheChangedError("the cache's postings");
    const places = new TermPlaces();
    // A word a stem term of the query stems is noted under the stem too.
    const found = new _FoundPostings();
    const names: string[] = [];
    try {
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
      const byDoc = found.byDoc(docs.length);
      const row = new _TermRow();
      for (let k = 0, h = 0; k < docs.length; k++) {
        if (h < held.length && held[h] === k) {
          row.reset();
          const from = byDoc.start[k];
          const to = byDoc.start[k + 1];
          const order = byDoc.order;
          for (let i = from; i < to; i++) {
            const f = order[i];
            if (found.stem[f] === 0) {
              row.push(found.rank[f], found.name[f], found.start[f], found.end[f]);
            }
          }
          _addStems(row, found, order, from, to, places, names);
          row.sortByRank();
          for (let n = 0; n < row.length; n++) {
            const r = row.order[n];
            places.addTerm(names[row.name[r]], row.start[r], row.end[r] - row.start[r]);
          }
          out[k] = new _HeldSearchData(searchDataOf(entries[h].data.r, _NO_TERMS), places, k);
          h++;
        } else {
          for (const [term, list] of out[k].terms) {
            places.addTerm(term, places.append(list), list.length);
          }
        }
        places.endDocument();
      }
    } catch {
      throw new CacheChangedError("the cache's postings"); // not postings of this engine
    }
    return { data: out, places };
  }

  /** Derives (to write) the whole search data of the files read that may be, and says how many. */
  deriveAll(docs: readonly MdDocument[]): number {
    let derived = 0;
    for (const doc of docs) {
      const read = this.#read.get(doc);
      if (read?.key === undefined || read.entry !== undefined) continue;
      this.#derive(doc, _NOTHING);
      derived++;
    }
    return derived;
  }

  /** Keeps the call's entries to write: the search data derived, and the use of held files. */
  finish(): void {
    const writer = this.#writer;
    const entries: NewEntry[] = [];
    for (const { key, entry } of this.#read.values()) {
      if (key === undefined || entry === undefined) continue;
      const postingsBytes = writer.bytesOf(entry.slot);
      entries.push({ path: key.path, stat: key.key, ...entry, postingsBytes });
    }
    const used = [...this.#heldDocs.values()].map((held) => [held.key.path, held.used] as const);
    this.#cache.write({
      kind: SEARCH_KIND,
      version: SEARCH_VERSION,
      entries,
      used,
      ...(entries.length === 0 ? {} : { postings: writer.postings(), stems: writer.stems() }),
    });
    // A held file's document entry ages with its search entry.
    this.#cache.write({ kind: DOC_KIND, version: DOC_VERSION, entries: [], used });
  }

  /** A read document's search data for a query: all of it, kept to write, when it may be. */
  #derive(doc: MdDocument, keep: (term: string) => boolean): SearchData {
    const read = this.#read.get(doc);
    if (read?.key === undefined || read.entry !== undefined) return searchData(doc, keep);
    const data = searchData(doc);
    const slot = this.#slots++;
    const terms = this.#writer.add(slot, data, keep);
    read.entry = {
      slot,
      data: JSON.stringify({
        r: searchRecordOf(data),
        ...(read.problem === undefined ? {} : { x: read.problem }),
        ...(read.invalid ? { u: 1 } : {}),
      }),
    };
    return terms.size === data.terms.size ? data : { ...data, terms };
  }

  #reached(specs: readonly TermSpec[], keep: (term: string) => boolean): string[] {
    const store = this.#cache.store;
    const { exact, prefixes, typos } = reachedTerms(specs);
    const terms = new Set(exact);
    for (const prefix of prefixes) {
      for (const term of store.termsStartingWith(prefix)) terms.add(term);
    }
    for (const word of typos) {
      for (const term of _typoCandidates(word, store)) {
        if (withinOneEdit(term, word)) terms.add(term);
      }
    }
    return [...terms].filter(keep);
  }
}

/** The vocabulary's terms that may be one edit away from a word ({@linkcode typoHalves}). */
function _typoCandidates(word: string, store: CallCache["store"]): string[] {
  const [first, second] = typoHalves(word);
  const min = word.length - 1;
  const max = word.length + 1;
  return [
    ...store.termsStartingWith(first, min, max),
    ...store.termsEndingWith(second, min, max),
  ];
}

/** A query that reaches no term (`mdsel warm` derives for the next searches). */
const _NOTHING = (): boolean => false;

/** A held document's search data gets its terms when asked for. */
const _NO_TERMS: ReadonlyMap<string, readonly number[]> = new Map();

/**
 * What a call's postings hold, in the order read: per document and term, its rank, its name (an
 * index into the call's names), where its places stand in the call's {@linkcode TermPlaces}.
 */
class _FoundPostings {
  length = 0;
  doc = new Int32Array(1024);
  rank = new Int32Array(1024);
  name = new Int32Array(1024);
  start = new Int32Array(1024);
  end = new Int32Array(1024);
  /** 1 for a word a stem term of the query stems (its name the stem term's), else 0. */
  stem = new Uint8Array(1024);

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

  /** The items by document, in the order read, and where each document's start in `order`. */
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
 * One document's terms: rank, name, where the places stand; sorted by rank. One row serves every
 * document in turn.
 */
class _TermRow {
  length = 0;
  rank = new Int32Array(64);
  name = new Int32Array(64);
  start = new Int32Array(64);
  end = new Int32Array(64);
  /** Once sorted: the items by rank, in the order added when two are the same. */
  order = new Int32Array(64);

  reset(): void {
    this.length = 0;
  }

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

  /** Orders the terms by rank, stable (an insertion sort: a document holds few). */
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
    if (found.stem[f] === 0) continue;
    const stem = names[found.name[f]];
    // Each stem term once, where it is first met (a document holds few: no set).
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
