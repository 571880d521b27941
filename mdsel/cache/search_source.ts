/**
 * The search data of a call's files, through the cache. A file whose `search`
 * entry is fresh is neither read nor parsed: the search reads the postings of
 * the terms its query reaches, and builds the document only when a result
 * shows it. A file the call parses gets search data for the query only; the
 * next search rebuilds it from its `doc` entry and writes its whole search data.
 *
 * @module
 */
import { isFresh } from "./file_key.ts";
import type { NewEntry } from "./store.ts";
import type { MdDocument } from "../parse/document.ts";
import type { MdxProblem } from "../parse/mdx_warning.ts";
import { mdxWarning } from "../parse/mdx_warning.ts";
import type { SearchBatch, SearchDataSource } from "../search/search.ts";
import { TermPlaces } from "../search/term_places.ts";
import { grown } from "../search/grown.ts";
import { type SearchData, searchData, STEM } from "../search/data.ts";
import { reachedTerms, type TermSpec, typoHalves, withinOneEdit } from "../search/match.ts";
import {
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
import { addStems, FoundPostings, HeldSearchData, TermRow } from "./held_data.ts";

/** The cache's kind for search data. */
export const SEARCH_KIND = "search";
/** Its version: the record's, and the documents' it is derived from. */
export const SEARCH_VERSION = `${SEARCH_RECORD_VERSION}:${DOC_VERSION}`;

/** A `search` entry's data: the search record, and what reading and parsing the file said. */
interface _EntryData {
  /** The search record. */
  readonly r: SearchRecord;
  /** Where MDX rejected the file. */
  readonly x?: MdxProblem;
  /** Set when the file is not valid UTF-8. */
  readonly u?: 1;
}

/** A file the cache holds as it is now. */
interface _Held {
  readonly key: CacheKey;
  readonly segment: number;
  readonly slot: number;
  readonly used: number;
  readonly data: _EntryData;
}

/** A file the call read and parsed. */
interface _Read {
  /** Set for a file whose document was rebuilt from its record: its search data is written. */
  readonly key?: CacheKey;
  readonly problem?: MdxProblem;
  readonly invalid: boolean;
  /** Once its whole search data was derived: its entry's data, and its slot in the postings. */
  entry?: { readonly data: string; readonly slot: number };
}

/** A file of a call, as its document is built when needed. */
export interface DeferredFile {
  /** The path as given. */
  readonly path: string;
  /** Its namespace in the call. */
  readonly namespace: string;
  /** Its `stat`, taken before the call looked it up. */
  readonly info: Deno.FileInfo;
  /** The most bytes it may hold to be read. */
  readonly maxBytes: number;
}

/** The search data of a call's files, through its cache. */
export class SearchFiles implements SearchDataSource {
  readonly #cache: CallCache;
  readonly #held: (_Held | undefined)[];
  readonly #read = new Map<MdDocument, _Read>();
  readonly #heldDocs = new Map<MdDocument, _Held>();
  /** The postings of the search data derived, to write. */
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
    // Those held; a read file's path is added when it is noted.
    for (const entry of held) if (entry !== undefined) this.#named.add(entry.key.path);
  }

  /**
   * Looks up the search data the cache holds of a call's files as they are
   * now; the call then reads from one snapshot of the cache until it writes.
   *
   * @param complete Whether the call finishes the cache (`mdsel warm`): the
   *   files it parses have their whole search data written too.
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

  /**
   * The warnings reading and parsing held file `i` gave, as its entry keeps
   * them, in the order a read would give them.
   *
   * @param parsed Whether the call parses it (one that does not tells what reading said only).
   */
  warnings(i: number, path: string, parsed = true): string[] {
    const { data } = this.#held[i]!;
    const lines: string[] = [];
    if (data.u === 1) lines.push(invalidUtf8Warning(path));
    if (parsed && data.x !== undefined) lines.push(mdxWarning(path, data.x));
    return lines;
  }

  /** A held file's document, built from its text and `doc` entry when first asked for. */
  document(i: number, file: DeferredFile): MdDocument {
    const held = this.#held[i]!;
    const cache = this.#cache;
    const doc = new DeferredDocument(file.namespace, file.path, () => {
      const parsed = cachedDocument(
        cache,
        file,
        held.key,
        () => loadFileSync(file.path, file.maxBytes, file.info).text,
      );
      // The file changed since its stat, or its entries went: the call answers again without the cache.
      if (parsed === undefined) throw new CacheChangedError(file.path);
      return parsed.doc;
    });
    this.#heldDocs.set(doc, held);
    return doc;
  }

  /**
   * Notes a file the call read. When its document was rebuilt from the
   * cache's record, its whole search data is derived and written when the
   * call is done; when the call parsed it, only what the query reaches.
   *
   * @param file The path as given and the `stat` taken before it was read.
   * @param invalid Whether it is not valid UTF-8.
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
    // Too big for the cap as it was, with the files written with it: derived for the query only.
    else if (key !== undefined && this.#refused.has(key.path)) key = undefined;
    else if (key !== undefined) this.#named.add(key.path);
    this.#read.set(doc, { key, problem, invalid });
  }

  /**
   * The search data of documents for a query, holding the reached terms only:
   * from the postings for the held files, derived for the others.
   *
   * @param keep Whether the query reaches a term.
   * @throws {CacheChangedError} When the cache could not be read.
   */
  dataFor(
    docs: readonly MdDocument[],
    specs: readonly TermSpec[],
    keep: (term: string) => boolean,
  ): SearchBatch {
    const out: SearchData[] = new Array(docs.length);
    // Per segment, the call's document at each slot (-1 for none).
    const slots = new Map<number, Int32Array<ArrayBuffer>>();
    // The held documents: their indexes in `docs`, and their entries.
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
    // What the postings hold, in the order read; a word a stem term of the query stems
    // is noted under the stem too.
    const found = new FoundPostings();
    const names: string[] = [];
    try {
      for (const { term, segment, places: blob } of rows) {
        const at = slots.get(segment)!;
        const stem = stemOf.get(term);
        const name = reached.has(term) ? names.push(term) - 1 : -1;
        const stemName = stem === undefined ? -1 : names.push(stem) - 1;
        readPostingsInto(
          blob,
          (slot) => slot < at.length ? at[slot] : -1,
          places,
          (k, rank, start, end) => {
            if (name !== -1) found.push(k, rank, name, start, end, 0);
            if (stemName !== -1) found.push(k, rank, stemName, start, end, 1);
          },
        );
      }
      const byDoc = found.byDoc(docs.length);
      const row = new TermRow();
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
          addStems(row, found, order, from, to, places, names);
          row.sortByRank();
          for (let n = 0; n < row.length; n++) {
            const r = row.order[n];
            places.addTerm(names[row.name[r]], row.start[r], row.end[r] - row.start[r]);
          }
          out[k] = new HeldSearchData(searchDataOf(entries[h].data.r, _NO_TERMS), places, k);
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

  /**
   * Derives the whole search data of every file the call read whose search
   * data can be written, to write when the call is done (`mdsel warm`).
   *
   * @returns How many files' search data was derived.
   */
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
      const { data, slot } = entry;
      entries.push({
        path: key.path,
        stat: key.key,
        data,
        slot,
        postingsBytes: writer.bytesOf(slot),
      });
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

  /**
   * A read document's search data for a query: the whole of it derived and
   * kept to write (as postings and a record, which take less memory), or only
   * what the query reaches when it cannot be written.
   */
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

  /** The terms of the store's vocabulary the query reaches. */
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

/**
 * The vocabulary's terms that may be one edit away from a word: each begins
 * with the word's first half or ends with the rest ({@linkcode typoHalves}).
 */
function _typoCandidates(
  word: string,
  store: CallCache["store"],
): string[] {
  const [first, second] = typoHalves(word);
  const min = word.length - 1;
  const max = word.length + 1;
  return [
    ...store.termsStartingWith(first, min, max),
    ...store.termsEndingWith(second, min, max),
  ];
}

/** A query that reaches no term (`mdsel warm` derives for the next searches, not for one of its own). */
const _NOTHING = (): boolean => false;

/** No terms: a held document's search data gets its terms when asked for. */
const _NO_TERMS: ReadonlyMap<string, readonly number[]> = new Map();
