/**
 * Turning the texts of a call's files into documents: from the cache when it holds a file as it is
 * now, otherwise by parsing it (over several cores when there is much), the cache told what was.
 * @module
 */
import { isFresh, statKey } from "./file_key.ts";
import type { NewEntry, StoredEntry } from "./store.ts";
import {
  DOC_RECORD_VERSION,
  type DocRecord,
  documentOf,
  type ParsedFile,
  recordOf,
} from "../parse/doc_record.ts";
import { CHUNK_CHARS, type DocumentParts, type Syntax } from "../parse/document.ts";
import { readMarkdown } from "../parse/markdown_nodes.ts";
import { VERSION } from "../settings/version.ts";
import type { CacheKey, CallCache } from "./call_cache.ts";
import type { Parsed } from "../parse/parse_pool.ts";
import {
  type MdxModule,
  mdxModuleFor,
  parseCostMs,
  parseText,
  WORKER_MIN_MS,
} from "../parse/parse_text.ts";

/** The cache's kind for parsed documents. */
export const DOC_KIND = "doc";
/** Its version: the record's and the engine's. */
export const DOC_VERSION = `${DOC_RECORD_VERSION}:${VERSION}`;

/** One file's text (its path as given), to turn into a document. */
export interface FileText {
  readonly path: string;
  /** Its namespace in this call. */
  readonly namespace: string;
  readonly text: string;
  /** Its `stat`, taken before it was read. */
  readonly info?: Deno.FileInfo;
}

/** A file's document, `cached` when rebuilt from the cache's record rather than parsed. */
export interface LoadedDocument extends ParsedFile {
  readonly cached?: true;
}

interface _Options {
  /** The call's cache (off when absent): looked up, and told what was parsed. */
  readonly cache?: CallCache;
  /** How many parsing workers to start (by default, from the work and the cores). */
  readonly workers?: number;
  /** Told how many of the files are parsed (or found in the cache) as it goes. */
  readonly onParsed?: (count: number) => void;
}

/**
 * Turns texts into documents, one per file, in order, through the cache when it is on (what is
 * parsed is written when the call's cache is finished).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFiles } from "./parse_files.ts";
 * const parsed = await parseFiles([{ path: "a.md", namespace: "a", text: "# A\n" }]);
 * assert.equal(parsed[0].doc.top.nodes[0].text, "A");
 * ```
 */
export async function parseFiles(
  files: readonly FileText[],
  options: _Options = {},
): Promise<LoadedDocument[]> {
  const parsed: (LoadedDocument | undefined)[] = new Array(files.length);
  const mdx = new _MdxModule();
  const { cache } = options;
  const keys: (CacheKey | undefined)[] = new Array(files.length);
  const used: [string, number][] = [];
  if (cache !== undefined) {
    files.forEach((file, i) => keys[i] = cache.keyOf(file.path, file.info));
    const paths = keys.flatMap((key) => key === undefined ? [] : [key.path]);
    const found = cache.store.get(DOC_KIND, DOC_VERSION, paths);
    files.forEach((file, i) => {
      const key = keys[i];
      const entry = key && found.get(key.path);
      const hit = entry && _fromEntry(entry, file, key!.key, mdx);
      if (hit === undefined) return;
      parsed[i] = { ...hit, cached: true };
      used.push([key!.path, entry!.used]);
    });
  }
  const misses = files.flatMap((_, i) => parsed[i] === undefined ? [i] : []);
  const hits = files.length - misses.length;
  const onParsed = options.onParsed && ((count: number) => options.onParsed!(hits + count));
  const records = await _parse(
    misses.map((i) => files[i]),
    { ...options, onParsed },
    mdx,
    parsed,
    misses,
  );
  if (cache !== undefined) {
    const entries: NewEntry[] = [];
    misses.forEach((i, k) => {
      const data = records[k];
      if (keys[i] !== undefined && data !== undefined) {
        entries.push({ path: keys[i]!.path, stat: keys[i]!.key, data });
      }
    });
    cache.write({ kind: DOC_KIND, version: DOC_VERSION, entries, used });
  }
  return parsed as LoadedDocument[];
}

/**
 * A file's document from the cache, its text read now (the call needed no more of it until then);
 * `undefined` when the cache no longer holds the file as it is.
 */
export function cachedDocument(
  cache: CallCache,
  file: Omit<FileText, "text">,
  key: CacheKey,
  read: () => string,
): ParsedFile | undefined {
  const entry = cache.store.get(DOC_KIND, DOC_VERSION, [key.path]).get(key.path);
  if (entry === undefined) return undefined;
  try {
    return _fromEntry(entry, { ...file, text: read() }, key.key, new _MdxModule());
  } catch {
    return undefined; // it can no longer be read as it was
  }
}

/** Parses the misses into `parsed` (at `at`), and returns their records as JSON for the cache. */
async function _parse(
  files: readonly FileText[],
  options: _Options,
  mdx: _MdxModule,
  parsed: (ParsedFile | undefined)[],
  at: readonly number[],
): Promise<(string | undefined)[]> {
  const records: (string | undefined)[] = new Array(files.length);
  if (files.length === 0) return records;
  // The pool loads only for a call it may serve: a small one parses here.
  const pooled = options.workers === undefined
    ? parseCostMs(files) >= WORKER_MIN_MS
    : options.workers > 0;
  const results: Parsed[] = pooled
    ? await (await import("../parse/parse_pool.ts")).parseAll(files, options)
    : await _parseHere(files, options.onParsed);
  // A document rebuilt from a worker's record may need MDX's parser again.
  if (results.some((result) => "record" in result)) await mdx.loadFor(files);
  results.forEach((result, k) => {
    const file = files[k];
    if ("record" in result) {
      const record = JSON.parse(result.record) as DocRecord;
      const reparse = mdx.reparser(file, record.s);
      parsed[at[k]] = documentOf(record, file.text, file.namespace, file.path, reparse);
      records[k] = result.record;
    } else {
      parsed[at[k]] = result.parsed;
      if (options.cache !== undefined) records[k] = JSON.stringify(recordOf(result.parsed));
    }
  });
  return records;
}

async function _parseHere(
  files: readonly FileText[],
  onParsed?: (count: number) => void,
): Promise<Parsed[]> {
  const mdx = await mdxModuleFor(files);
  onParsed?.(0);
  return files.map((file, k) => {
    const parsed = parseText(file, mdx);
    onParsed?.(k + 1);
    return { parsed };
  });
}

/** A document from a cache entry, when the entry holds the file as it is now. */
function _fromEntry(
  entry: StoredEntry,
  file: FileText,
  key: string,
  mdx: _MdxModule,
): ParsedFile | undefined {
  if (!isFresh(key, entry.stat, entry.written)) return undefined;
  try {
    const record = (entry.value ?? JSON.parse(entry.data)) as DocRecord;
    if (record.c !== file.text.length) return undefined;
    // The file may have changed between its stat and its read: the entry holds what the stat said.
    if (statKey(Deno.statSync(file.path)) !== key) return undefined;
    return documentOf(record, file.text, file.namespace, file.path, mdx.reparser(file, record.s));
  } catch {
    return undefined; // not a record of this engine, or the file is gone: parse it
  }
}

/** MDX's parser, for documents rebuilt from records: loaded only when a file needs it. */
class _MdxModule {
  #module?: MdxModule;

  async loadFor(files: readonly FileText[]): Promise<void> {
    this.#module ??= await mdxModuleFor(files);
  }

  /** Parses a file again, for what a record does not hold; `undefined` without MDX's parser. */
  reparser(file: FileText, syntax: Syntax): () => DocumentParts | undefined {
    return () => {
      if (syntax === "markdown") return readMarkdown(file.text, CHUNK_CHARS);
      return this.#module?.readMdx(file.text, CHUNK_CHARS);
    };
  }
}
