/**
 * The search data of a call's files, through the cache: a file whose `search` entry is fresh is
 * neither read nor parsed (the search reads the postings of the terms its query reaches).
 * @module
 */
import { isFresh, statKey } from "./file_key.ts";
import type { NewEntry } from "./store.ts";
import type { MdDocument } from "../parse/document.ts";
import { type MdxProblem, mdxWarning } from "../parse/doc_record.ts";
import type { SearchBatch, SearchDataSource } from "../search/search.ts";
import { TermPlaces } from "../search/term_places.ts";
import { grown } from "../search/grown.ts";
import { type SearchData, searchData, STEM } from "../search/data.ts";
import { reachedTerms, type TermSpec, typoHalves, withinOneEdit } from "../search/match.ts";
import {
  PostingsWriter,
  SEARCH_RECORD_VERSION,
  type SearchRecord,
  searchRecordOf,
} from "./search_record.ts";
import { heldPlaces } from "./held_data.ts";
import { CacheChangedError, type CacheKey, type CallCache } from "./call_cache.ts";
import { FileReadError } from "../files/errors.ts";
import { invalidUtf8Warning, loadFileSync } from "../files/load_file.ts";
import { cachedDocument, DOC_KIND, DOC_VERSION, type LoadedDocument } from "./parse_files.ts";
import { MDX } from "../parse/parse_text.ts";
import { DeferredDocument } from "./deferred_document.ts";

/** The cache's kind for search data. */
export const SEARCH_KIND = "search";
/** Its version: the record's and the documents' it is derived from. */
export const SEARCH_VERSION = `${SEARCH_RECORD_VERSION}:${DOC_VERSION}`;

/** What a file a call parses gets: search data for the query only, or its whole search data. */
export type ParsedData = "query" | "whole";

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
  /** What its search data is read from, when not its document: a fast read. */
  readonly view?: MdDocument;
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
 * for the query only (all of it in `mdsel warm` and through the server); the next search rebuilds
 * it from its `doc` entry and writes all of it.
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
  /** What a file the call parses gets: see {@linkcode SearchFiles.lookUp}. */
  readonly #parsed: ParsedData;
  /** Whether a held file may need MDX's parser: an MDX file held without its document. */
  readonly parsesMdx: boolean;

  private constructor(
    cache: CallCache,
    held: (_Held | undefined)[],
    refused: ReadonlySet<string>,
    parsed: ParsedData,
    parsesMdx: boolean,
  ) {
    this.parsesMdx = parsesMdx;
    this.#cache = cache;
    this.#held = held;
    this.#refused = refused;
    this.#parsed = parsed;
    for (const entry of held) if (entry !== undefined) this.#named.add(entry.key.path);
  }

  /**
   * Looks up the search data the cache holds of a call's files as they are now, from one snapshot
   * until the call writes. `parsed`: what a file the call parses gets, search data for the query
   * only, or its whole search data (`mdsel warm`, and a call through the server).
   */
  static lookUp(
    cache: CallCache,
    files: readonly { readonly path: string; readonly info?: Deno.FileInfo }[],
    parsed: ParsedData = "query",
  ): SearchFiles {
    cache.store.holdSnapshot();
    const keys = files.map((file) => cache.keyOf(file.path, file.info));
    const paths: string[] = [];
    for (const key of keys) if (key !== undefined) paths.push(key.path);
    // Every call over a folder reads all its entries: kept whole for the next.
    const found = cache.store.get(SEARCH_KIND, SEARCH_VERSION, paths, true, true);
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
        const data = (entry.value ?? JSON.parse(entry.data)) as _EntryData;
        if (typeof data?.r !== "object") return undefined;
        return { key: key!, segment: entry.segment, slot: entry.slot, used: entry.used, data };
      } catch {
        return undefined; // not an entry of this engine: read the file
      }
    });
    // A held MDX file without its document (a search read it fast) is parsed if a result shows it.
    const mdx = held.filter((held): held is _Held => held !== undefined && MDX.test(held.key.path));
    const records = cache.store.get(DOC_KIND, DOC_VERSION, mdx.map(({ key }) => key.path), false);
    const parses = mdx.some(({ key }) => {
      const record = records.get(key.path);
      return record === undefined || !isFresh(key.key, record.stat, record.written);
    });
    return new SearchFiles(cache, held, refused, parsed, parses);
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

  /**
   * A held file's document, built when first asked for: from its text and `doc` entry, else by
   * `parse` (a search reads MDX fast, and leaves the `doc` entry to the finishing run).
   */
  document(i: number, file: _DeferredFile, parse: (text: string) => MdDocument): MdDocument {
    const held = this.#held[i]!;
    const cache = this.#cache;
    const doc = new DeferredDocument(file.namespace, file.path, () => {
      let text: string | undefined;
      const read = () => text ??= _readHeld(file);
      const parsed = cachedDocument(cache, file, held.key, read);
      if (parsed !== undefined) return parsed.doc;
      const doc = parse(read());
      // Changed since its search data was written: the call is answered again without the cache.
      if (_statKeyOf(file.path) !== held.key.key) throw new CacheChangedError(file.path);
      return doc;
    });
    this.#heldDocs.set(doc, held);
    return doc;
  }

  /**
   * Notes a file the call read (`invalid` when not valid UTF-8): one rebuilt from the cache's record
   * has its whole search data derived and written; one the call parsed, as `lookUp` was told.
   * `view`: the document its search data is read from, when not `parsed.doc`.
   */
  noteRead(
    parsed: LoadedDocument,
    file: { readonly path: string; readonly info?: Deno.FileInfo },
    invalid: boolean,
    view?: MdDocument,
  ): void {
    const { doc, problem } = parsed;
    // A fast read costs little beside deriving: its whole search data is written at once.
    const now = parsed.cached || this.#parsed === "whole" || view !== undefined;
    let key = now ? this.#cache.keyOf(file.path, file.info) : undefined;
    // Named twice in the call: the other name's entry is the one written (or held).
    if (key !== undefined && this.#named.has(key.path)) key = undefined;
    // Refused by the cap as it is: derived for the query only.
    else if (key !== undefined && this.#refused.has(key.path)) key = undefined;
    else if (key !== undefined) this.#named.add(key.path);
    this.#read.set(doc, { key, problem, invalid, ...(view === undefined ? {} : { view }) });
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
    const views = docs.map((doc) => this.#read.get(doc)?.view ?? doc);
    // Per segment, the call's document at each slot (-1 for none); the held ones' records.
    const slots = new Map<number, Int32Array<ArrayBuffer>>();
    const held = new Map<number, SearchRecord>();
    docs.forEach((doc, k) => {
      const entry = this.#heldDocs.get(doc);
      if (entry === undefined) {
        out[k] = this.#derive(doc, keep);
        return;
      }
      held.set(k, entry.data.r);
      let at = slots.get(entry.segment);
      if (at === undefined || at.length <= entry.slot) {
        const before = at ?? new Int32Array(0);
        slots.set(entry.segment, at = grown(before, entry.slot + 1).fill(-1, before.length));
      }
      at[entry.slot] = k;
    });
    if (held.size === 0) return { data: out, places: TermPlaces.of(out), views };
    const store = this.#cache.store;
    const reached = new Set(this.#reached(specs, keep));
    // A stem term's places are those of the words it stems.
    const stemOf = new Map(store.termsWithStems([...reached].filter((t) => t.startsWith(STEM))));
    const rows = store.postings([...new Set([...reached, ...stemOf.keys()])], [...slots.keys()]);
    try {
      if (store.failed) throw store;
      return { data: out, places: heldPlaces(rows, slots, reached, stemOf, out, held), views };
    } catch {
      throw new CacheChangedError("the cache's postings"); // unread, or not postings of this engine
    }
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
    const view = read?.view ?? doc;
    if (read?.key === undefined || read.entry !== undefined) {
      return searchData(view, keep);
    }
    const slot = this.#slots++;
    const data = searchData(view, keep, (all) => this.#writer.add(slot, all));
    read.entry = {
      slot,
      data: JSON.stringify({
        r: searchRecordOf(data),
        ...(read.problem === undefined ? {} : { x: read.problem }),
        ...(read.invalid ? { u: 1 } : {}),
      }),
    };
    return data;
  }

  #reached(specs: readonly TermSpec[], keep: (term: string) => boolean): string[] {
    const store = this.#cache.store;
    const { exact, prefixes, typos } = reachedTerms(specs);
    const terms = new Set(exact);
    for (const prefix of prefixes) {
      for (const term of store.termsStartingWith(prefix)) terms.add(term);
    }
    // The vocabulary's terms that may be one edit away from a word.
    for (const word of typos) {
      const [first, second] = typoHalves(word);
      const [min, max] = [word.length - 1, word.length + 1];
      const candidates = store.termsStartingWith(first, min, max);
      for (const term of candidates.concat(store.termsEndingWith(second, min, max))) {
        if (withinOneEdit(term, word)) terms.add(term);
      }
    }
    return [...terms].filter(keep);
  }
}

/** A held file's text, read now: gone or unreadable since the look-up, the cache changed. */
function _readHeld(file: _DeferredFile): string {
  try {
    return loadFileSync(file.path, file.maxBytes, file.info).text;
  } catch (error) {
    // Answered again without the cache: skipped if found, an error if named outright.
    if (error instanceof FileReadError) throw new CacheChangedError(file.path);
    throw error;
  }
}

/** A file's `stat` key now, `undefined` when it is gone. */
function _statKeyOf(path: string): string | undefined {
  try {
    return statKey(Deno.statSync(path));
  } catch {
    return undefined;
  }
}

// A query that reaches no term; one function, so that the derivation judges each term once.
const _NOTHING = (): boolean => false;
