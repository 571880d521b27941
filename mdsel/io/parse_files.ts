/**
 * Turning the texts of a call's files into documents: from the cache when it
 * holds a file as it is now, otherwise by parsing it (over several cores
 * when there is much to parse, see `parse_pool.ts`), and the cache told what
 * was parsed.
 *
 * @module
 */
import { isFresh, statKey } from "../cache/file_key.ts";
import type { CacheSettings } from "../cache/location.ts";
import type { CacheStore, NewEntry, StoredEntry } from "../cache/store.ts";
import {
  DOC_RECORD_VERSION,
  type DocRecord,
  documentOf,
  type ParsedFile,
  recordOf,
} from "../parse/doc_record.ts";
import { CHUNK_CHARS, type DocumentParts, type Syntax } from "../parse/document.ts";
import { readMarkdown } from "../parse/markdown_nodes.ts";
import { VERSION } from "../version.ts";
import type { Parsed } from "./parse_pool.ts";
import {
  MDX,
  type MdxModule,
  mdxModuleFor,
  parseCostMs,
  parseText,
  WORKER_MIN_MS,
} from "./parse_text.ts";

/** The cache's kind for parsed documents, and its version (the record's, and the engine's). */
const DOC_KIND = "doc";
const DOC_VERSION = `${DOC_RECORD_VERSION}:${VERSION}`;

/**
 * Markdown (not MDX) the cache is used for, in bytes, at the least: a small
 * call parses faster than it opens the cache. Any MDX file uses it (a warm
 * call then does not even load MDX's parser).
 */
export const CACHE_MIN_MARKDOWN_BYTES = 256 * 1024;

/** One file's text, to turn into a document. */
export interface FileText {
  /** The path as given. */
  readonly path: string;
  /** Its namespace in this call. */
  readonly namespace: string;
  /** Its text. */
  readonly text: string;
  /** Its `stat`, taken before it was read. */
  readonly info?: Deno.FileInfo;
}

/** How to turn texts into documents. */
export interface ParseOptions {
  /** The cache (off when absent or without a folder). */
  readonly cache?: CacheSettings;
  /** How many parsing workers to start (by default, from the work and the cores). */
  readonly workers?: number;
}

/** The documents, in order, and lines for stderr. */
export interface ParsedFiles {
  /** One per file, in order. */
  readonly parsed: ParsedFile[];
  /** At most one line, about the cache. */
  readonly notices: string[];
}

/**
 * Turns texts into documents, through the cache when it is on.
 *
 * @param files The files' texts.
 * @param options The cache and the pool.
 * @returns The documents.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFiles } from "./parse_files.ts";
 * const { parsed } = await parseFiles([{ path: "a.md", namespace: "a", text: "# A\n" }]);
 * assert.equal(parsed[0].doc.top.nodes[0].text, "A");
 * ```
 */
export async function parseFiles(
  files: readonly FileText[],
  options: ParseOptions = {},
): Promise<ParsedFiles> {
  const notices: string[] = [];
  const parsed: (ParsedFile | undefined)[] = new Array(files.length);
  const mdx = new _MdxModule();
  const store = _worthCaching(files, options.cache)
    ? await _openStore(options.cache!, notices)
    : undefined;
  // A file is looked up, and written, by its absolute path and its stat's key.
  const paths: (string | undefined)[] = new Array(files.length);
  const keys: (string | undefined)[] = new Array(files.length);
  const used: [string, number][] = [];
  if (store !== undefined) {
    const cwd = _workingFolder();
    files.forEach((file, i) => {
      paths[i] = _absolute(file.path, cwd);
      keys[i] = paths[i] === undefined || file.info === undefined ? undefined : statKey(file.info);
    });
    const found = store.get(DOC_KIND, DOC_VERSION, paths.filter((path) => path !== undefined));
    files.forEach((file, i) => {
      const entry = found.get(paths[i]!);
      if (entry === undefined || keys[i] === undefined) return;
      const hit = _fromEntry(entry, file, keys[i]!, mdx);
      if (hit === undefined) return;
      parsed[i] = hit;
      used.push([paths[i]!, entry.used]);
    });
  }
  const misses = files.flatMap((_, i) => parsed[i] === undefined ? [i] : []);
  const records = await _parse(misses.map((i) => files[i]), options, mdx, parsed, misses);
  if (store !== undefined) {
    const entries: NewEntry[] = [];
    misses.forEach((i, k) => {
      const data = records[k];
      if (keys[i] !== undefined && data !== undefined) {
        entries.push({ path: paths[i]!, stat: keys[i]!, data });
      }
    });
    store.put(DOC_KIND, DOC_VERSION, entries, used);
    if (store.warning !== undefined) notices.push(store.warning);
    store.close();
  }
  return { parsed: parsed as ParsedFile[], notices };
}

/**
 * Parses the misses (on several cores when they are worth it), filling
 * `parsed`, and returns their records as JSON for the cache (when it is on).
 */
async function _parse(
  files: readonly FileText[],
  options: ParseOptions,
  mdx: _MdxModule,
  parsed: (ParsedFile | undefined)[],
  at: readonly number[],
): Promise<(string | undefined)[]> {
  const records: (string | undefined)[] = new Array(files.length);
  if (files.length === 0) return records;
  // The pool loads only for a call it may serve: a small one parses here, as it always did.
  const pooled = options.workers === undefined
    ? parseCostMs(files) >= WORKER_MIN_MS
    : options.workers > 0;
  const results: Parsed[] = pooled
    ? await (await import("./parse_pool.ts")).parseAll(files, { workers: options.workers })
    : await _parseHere(files);
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
      if (options.cache?.dir !== undefined) records[k] = JSON.stringify(recordOf(result.parsed));
    }
  });
  return records;
}

/** Parses files in this thread. */
async function _parseHere(files: readonly FileText[]): Promise<Parsed[]> {
  const mdx = await mdxModuleFor(files);
  return files.map((file) => ({ parsed: parseText(file, mdx) }));
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
    const record = JSON.parse(entry.data) as DocRecord;
    if (record.c !== file.text.length) return undefined;
    // The file may have changed between its stat and its read: the entry holds what the stat said.
    if (statKey(Deno.statSync(file.path)) !== key) return undefined;
    return documentOf(record, file.text, file.namespace, file.path, mdx.reparser(file, record.s));
  } catch {
    return undefined; // not a record of this engine, or the file is gone: parse it
  }
}

/** Whether a call has enough to parse for the cache to pay. */
function _worthCaching(files: readonly FileText[], cache?: CacheSettings): boolean {
  if (cache?.dir === undefined) return false;
  let markdown = 0;
  for (const file of files) {
    if (MDX.test(file.path)) return true;
    markdown += file.text.length;
  }
  return markdown >= CACHE_MIN_MARKDOWN_BYTES;
}

async function _openStore(
  cache: CacheSettings,
  notices: string[],
): Promise<CacheStore | undefined> {
  const { CacheStore } = await import("../cache/store.ts");
  const { store, warning } = await CacheStore.open(cache.dir!, cache.maxBytes);
  if (warning !== undefined) notices.push(warning);
  return store;
}

/**
 * The path made absolute (the cache's key), without resolving `.` or `..`;
 * `undefined` when the working folder cannot be known (it was removed).
 */
function _absolute(path: string, cwd: () => string | undefined): string | undefined {
  if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\")) return path;
  const folder = cwd();
  return folder === undefined ? undefined : `${folder}/${path}`;
}

/** The working folder, asked once (a call's relative paths all start there). */
function _workingFolder(): () => string | undefined {
  let folder: string | undefined | null = null;
  return () => {
    if (folder === null) {
      try {
        folder = Deno.cwd();
      } catch {
        folder = undefined;
      }
    }
    return folder;
  };
}

/** MDX's parser, for documents rebuilt from records: loaded only when a file needs it. */
class _MdxModule {
  #module?: MdxModule;

  async loadFor(files: readonly FileText[]): Promise<void> {
    this.#module ??= await mdxModuleFor(files);
  }

  /** Parses a file again, for what a record does not hold; `undefined` without MDX's parser at hand. */
  reparser(file: FileText, syntax: Syntax): () => DocumentParts | undefined {
    return () => {
      if (syntax === "markdown") return readMarkdown(file.text, CHUNK_CHARS);
      return this.#module?.readMdx(file.text, CHUNK_CHARS);
    };
  }
}
