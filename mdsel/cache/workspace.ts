/**
 * Loading the files of one call into documents, in argument order: folders and globs expanded,
 * every file parsed.
 * @module
 */
import type { CacheSettings } from "../settings/cache_settings.ts";
import { parsedWarning } from "../parse/doc_record.ts";
import type { MdDocument } from "../parse/document.ts";
import type { SearchDataSource } from "../search/search.ts";
import { CacheChangedError, CallCache, worthCaching } from "./call_cache.ts";
import { type ErrorEntry, FileReadError } from "../files/errors.ts";
import {
  type ExpandedPaths,
  expandPaths,
  isMarkdownPath,
  MAX_FILES,
} from "../files/expand_paths.ts";
import { formatBytes } from "../files/format_bytes.ts";
import { type LoadedFile, loadFile, MAX_FILE_BYTES } from "../files/load_file.ts";
import { assignNamespaces } from "../files/namespace.ts";
import { DeferredDocument } from "./deferred_document.ts";
import { type FileText, parseFiles } from "./parse_files.ts";
import { MDX, type MdxModule, parseText } from "../parse/parse_text.ts";
import { DEFAULT_ENGINE_SETTINGS } from "../settings/engine_settings.ts";

/** The readable documents of a call, and what went wrong with the others. */
export interface Workspace {
  readonly docs: MdDocument[];
  /** Per document, the folder or glob base it was found under (`undefined`: named outright). */
  readonly origins?: (string | undefined)[];
  /** One entry per unreadable file, empty folder or glob that matched nothing. */
  readonly errors: ErrorEntry[];
  /** Non-fatal problems, such as invalid UTF-8 or a binary file found in a folder. */
  readonly warnings: string[];
  /** How many files the call named once folders and globs were expanded. */
  readonly fileCount?: number;
  /** Lines for stderr, never in the output: files named outright that are not Markdown, the cache. */
  readonly notices?: string[];
  /** The documents' search data as the cache holds it (a call that searches, through the cache). */
  readonly search?: SearchDataSource;
  /** Writes to the cache and closes it: a call that searches through it, when done; else done. */
  readonly finish?: () => void;
  /** A call that finishes the cache: derives the whole search data of the files it read, to write. */
  readonly deriveAll?: () => number;
}

/** The limits of one call's reading. */
interface _Limits {
  /** The most bytes all files of the call may hold together (`MDSEL_MAX_BYTES`). */
  readonly maxBytes: number;
  readonly maxFiles?: number;
  /** The cache: off when absent. */
  readonly cache?: CacheSettings;
  /** How many parsing workers to start (by default, from the work and the cores). */
  readonly workers?: number;
  /** The call searches: files whose search data the cache holds are not read. */
  readonly search?: boolean;
  /** The call finishes the cache (`mdsel warm`, with `search`), whatever the files' size. */
  readonly complete?: boolean;
  /**
   * The call answers before it writes the cache (for the server): `finish` is left to the caller,
   * and a search reads Markdown fast and derives each file's whole search data, to write.
   */
  readonly answerFirst?: boolean;
  /** The namespaces the call needs: when each is a file's, the others are parsed only if asked. */
  readonly only?: ReadonlySet<string>;
  /** Told how many of the call's files are read (parsed, or held by the cache) as it goes. */
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Reads and parses every file a call names, through the cache. A binary, unreadable or removed
 * file found in a folder or by a glob is skipped with a warning; one named outright is an error.
 * When the files hold more than `limits.maxBytes` together, none is read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadWorkspace } from "./workspace.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.md`, "# A\n\nSome words.\n");
 * await Deno.writeTextFile(`${dir}/b.md`, "# B\n\nMore words.\n");
 * assert.equal((await loadWorkspace([dir], { maxBytes: 1000 })).docs.length, 2);
 * assert.equal((await loadWorkspace([dir], { maxBytes: 30 })).errors[0].code, "TOO_MANY_BYTES");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadWorkspace(
  paths: readonly string[],
  limits: _Limits = { maxBytes: DEFAULT_ENGINE_SETTINGS.maxBytes },
): Promise<Workspace> {
  // What the cache writes counts as read at this time, before any `stat`.
  const started = Date.now();
  const expanded = await expandPaths(paths, { maxFiles: limits.maxFiles ?? MAX_FILES });
  return await loadExpanded(expanded, limits, started);
}

/**
 * Reads and parses the files of a call once expanded, as {@linkcode loadWorkspace} does: a file
 * found in a folder or by a glob that is gone by the time it is read is skipped with a warning.
 * `started`: when the call began, before the expansion's first `stat`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { expandPaths } from "../files/expand_paths.ts";
 * import { loadExpanded } from "./workspace.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.md`, "# A\n");
 * await Deno.writeTextFile(`${dir}/b.md`, "# B\n");
 * const expanded = await expandPaths([dir]);
 * await Deno.remove(`${dir}/b.md`);
 * const workspace = await loadExpanded(expanded, { maxBytes: 1000 });
 * assert.deepEqual([workspace.docs.length, workspace.errors.length], [1, 0]);
 * assert.deepEqual(workspace.warnings, [`Skipped ${dir}/b.md: it was removed while the call ran`]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadExpanded(
  expanded: ExpandedPaths,
  limits: _Limits = { maxBytes: DEFAULT_ENGINE_SETTINGS.maxBytes },
  started: number = Date.now(),
): Promise<Workspace> {
  const errors: ErrorEntry[] = [...expanded.errors];
  const warnings: string[] = [...expanded.warnings];
  const fileCount = expanded.files.length + expanded.errors.length;
  const fileLimit = Math.min(limits.maxBytes, MAX_FILE_BYTES);
  const files = expanded.files;
  // One stat per file, for the sizes and then the read (synchronous: several times cheaper).
  const infos = files.map((file) => _statOrUndefined(file.path));
  const tooMuch = _bytesOver(infos, limits.maxBytes, fileLimit);
  if (tooMuch !== undefined) {
    return { docs: [], errors: [...errors, tooMuch], warnings, fileCount, notices: [] };
  }
  const namespaces = assignNamespaces(files.map((file) => file.path));
  // The files the call needs as far as their names tell, for the cache to open.
  const wanted = _needed(namespaces, limits.only, () => true);
  const notices: string[] = [];
  const sizes = files.flatMap((file, i) =>
    wanted(i) ? [{ path: file.path, size: infos[i]?.size ?? 0 }] : []
  );
  let cache: CallCache | undefined;
  // At most one line about the cache, after the others.
  let cacheNotices: string[] = [];
  // A call that finishes the cache is given the files it has to write, whatever their size.
  if (worthCaching(sizes, limits.cache) || (limits.complete === true && limits.search === true)) {
    ({ cache, notices: cacheNotices } = await CallCache.open(limits.cache!, started));
  }
  const search = limits.search && cache !== undefined
    ? (await import("./search_source.ts")).SearchFiles.lookUp(
      cache,
      files.map((file, i) => ({ path: file.path, info: infos[i] })),
      limits.complete === true || limits.answerFirst === true ? "whole" : "query",
    )
    : undefined;
  // The files the cache does not hold, read (no promise for the thousands it holds).
  const reading: number[] = [];
  for (let i = 0; i < files.length; i++) if (search?.holds(i) !== true) reading.push(i);
  const settled = await Promise.allSettled(
    reading.map((i) => loadFile(files[i].path, fileLimit, infos[i])),
  );
  const loaded: (PromiseSettledResult<LoadedFile> | typeof _HELD)[] = files.map(() => _HELD);
  reading.forEach((i, k) => loaded[i] = settled[k]);
  // A namespace whose file could not be read is no file's: every file is needed then.
  const needed = _needed(namespaces, limits.only, (i) => loaded[i].status !== "rejected");
  const texts: FileText[] = [];
  const read: (LoadedFile | undefined)[] = [];
  // Per file of the call: the index of its text, or its document when the cache holds it.
  const sources: (number | MdDocument)[] = [];
  const origins: (string | undefined)[] = [];
  // Warnings in file order: a number stands for the parse's warning of that text.
  const ordered: (string | number)[] = [];
  // MDX's parser, for a document not needed that is asked for all the same.
  let mdx: MdxModule | undefined;
  let deferredMdx = false;
  // A search reads an MDX file fast, and parses it when an answer shows it; a Markdown file too
  // when the call answers first (the finishing run writes its document).
  const fast = limits.search === true && reading.some((i) => MDX.test(files[i].path))
    ? await import("../parse/mdx_fast.ts")
    : undefined;
  const fastMarkdown = limits.search === true && limits.answerFirst === true
    ? await import("../parse/markdown_fast.ts")
    : undefined;
  const views: { doc: MdDocument; view: MdDocument; info?: Deno.FileInfo; invalid: boolean }[] = [];
  // Found files removed since (a checkout during the call): one warning for them all, in order.
  const removed: string[] = [];
  let removedAt = -1;
  // Per folder or glob base, how many of its files were skipped, and whether one was read.
  const skipped = new Map<string, number>();
  const answered = new Set<string>();
  loaded.forEach((result, i) => {
    const { path, origin } = files[i];
    if (origin !== undefined && result.status === "rejected") {
      skipped.set(origin, (skipped.get(origin) ?? 0) + 1);
    } else if (origin !== undefined) answered.add(origin);
    if (result.status === "rejected") {
      const reason = result.reason;
      const entry: ErrorEntry = reason instanceof FileReadError ? reason.entry : {
        type: "PROCESSING_ERROR",
        code: "FILE_READ_ERROR",
        message: `Cannot read file: ${path} (${String(reason)})`,
        file: path,
      };
      if (files[i].expanded && entry.code === "BINARY_FILE") {
        ordered.push(`Skipped ${path}: it looks binary (it contains a NUL byte)`);
      } else if (files[i].expanded && entry.code === "PERMISSION_DENIED") {
        ordered.push(`Skipped ${path}: permission denied`);
      } else if (files[i].expanded && entry.code === "FILE_NOT_FOUND") {
        if (removed.push(path) === 1) removedAt = ordered.push("") - 1;
      } else errors.push(entry);
      return;
    }
    // Folders and globs pick Markdown files only; a file named outright may be anything.
    if (!files[i].expanded && !isMarkdownPath(path)) {
      notices.push(`warning: ${path} is not a Markdown file by its extension; read as Markdown`);
    }
    origins.push(files[i].origin);
    if (result.value === undefined) {
      // The cache holds it as it is: not read, its warnings as they were (its parse's when needed).
      ordered.push(...search!.warnings(i, path, needed(i)));
      const file = { path, namespace: namespaces[i], info: infos[i]!, maxBytes: fileLimit };
      deferredMdx ||= search!.parsesMdx;
      const parse = (text: string) => {
        // Its document gone since the look-up, and MDX's parser not loaded: answered again.
        if (mdx === undefined && MDX.test(path)) throw new CacheChangedError(path);
        return parseText({ path, namespace: file.namespace, text }, mdx).doc;
      };
      sources.push(search!.document(i, file, parse));
      return;
    }
    if (result.value.warning !== undefined) ordered.push(result.value.warning);
    const { text } = result.value;
    // Not needed (not parsed unless asked for: no warning of its parse either), or read fast.
    const view = !needed(i)
      ? undefined
      : MDX.test(path)
      ? fast?.fastMdxDocument(text, namespaces[i], path)
      : fastMarkdown?.fastMarkdownDocument(text, namespaces[i], path);
    if (!needed(i) || view !== undefined) {
      const file = { path, namespace: namespaces[i], text };
      deferredMdx ||= MDX.test(path);
      const doc = new DeferredDocument(file.namespace, path, () => parseText(file, mdx).doc);
      if (view !== undefined) {
        views.push({ doc, view, info: infos[i], invalid: result.value.warning !== undefined });
      }
      sources.push(doc);
      return;
    }
    ordered.push(texts.length);
    sources.push(texts.length);
    texts.push({ path, namespace: namespaces[i], text, info: infos[i] });
    read.push(result.value);
  });
  // A folder or glob whose every file was skipped answers nothing: an error, as if it had none.
  for (const [origin, count] of skipped) {
    if (answered.has(origin)) continue;
    const message = `No readable Markdown files in ${origin}: ${
      count === 1 ? "its one file was" : `all ${count.toLocaleString("en-US")} were`
    } skipped (see the warnings)`;
    errors.push({ type: "PROCESSING_ERROR", code: "NO_MARKDOWN_FILES", message, file: origin });
  }
  const { onProgress } = limits;
  const before = files.length - texts.length;
  onProgress?.(before, files.length);
  const onParsed = onProgress && ((count: number) => onProgress(before + count, files.length));
  const parsed = await parseFiles(texts, { cache, workers: limits.workers, onParsed });
  if (removedAt >= 0) ordered[removedAt] = _removedWarning(removed);
  if (deferredMdx) mdx = await import("../parse/mdx.ts");
  for (const item of ordered) {
    const warning = typeof item === "string" ? item : parsedWarning(parsed[item]);
    if (warning !== undefined) warnings.push(warning);
  }
  const docs: MdDocument[] = sources.map((source) =>
    typeof source === "number" ? parsed[source].doc : source
  );
  parsed.forEach((file, k) => search?.noteRead(file, texts[k], read[k]!.warning !== undefined));
  for (const { doc, view, info, invalid } of views) {
    search?.noteRead({ doc }, { path: doc.filePath, ...(info ? { info } : {}) }, invalid, view);
  }
  const finish = () => {
    search?.finish();
    notices.push(...cacheNotices, ...(cache?.finish() ?? []));
    [cache, cacheNotices] = [undefined, []];
  };
  if (search === undefined) {
    const written = limits.answerFirst === true ? { finish } : (finish(), {});
    if (views.length === 0) {
      return { docs, origins, errors, warnings, fileCount, notices, ...written };
    }
    const viewOf = new Map(views.map(({ doc, view }) => [doc, view]));
    const viewed = await _viewSource(viewOf);
    return { docs, origins, errors, warnings, fileCount, notices, search: viewed, ...written };
  }
  const deriveAll = limits.complete === true ? { deriveAll: () => search.deriveAll(docs) } : {};
  return { docs, origins, errors, warnings, fileCount, notices, search, finish, ...deriveAll };
}

/** The warning for found files removed before they were read: three named, then a count. */
function _removedWarning(paths: readonly string[]): string {
  if (paths.length === 1) return `Skipped ${paths[0]}: it was removed while the call ran`;
  const named = paths.slice(0, _REMOVED_NAMED).join(", ");
  const more = paths.length - _REMOVED_NAMED;
  const rest = more > 0 ? ` and ${more.toLocaleString("en-US")} more` : "";
  return `Skipped ${paths.length.toLocaleString("en-US")} files removed while the call ran: ` +
    `${named}${rest}`;
}

/** How many removed files {@linkcode _removedWarning} names (a checkout removes thousands). */
const _REMOVED_NAMED = 3;

/** Search data read from the fast reads of a call's MDX files, without the cache. */
async function _viewSource(views: ReadonlyMap<MdDocument, MdDocument>): Promise<SearchDataSource> {
  // Loaded by a search only (a fast read is a search's): an index starts without them.
  const [{ searchData }, { TermPlaces }] = await Promise.all([
    import("../search/data.ts"),
    import("../search/term_places.ts"),
  ]);
  return {
    dataFor(docs, _specs, keep) {
      const read = docs.map((doc) => views.get(doc) ?? doc);
      const data = read.map((doc) => searchData(doc, keep));
      return { data, places: TermPlaces.of(data), views: read };
    },
  };
}

/** The error for files holding more than `maxBytes` together (one too large alone counts 0). */
function _bytesOver(
  infos: readonly (Deno.FileInfo | undefined)[],
  maxBytes: number,
  fileLimit: number,
): ErrorEntry | undefined {
  const sizes = infos.map((info) => info === undefined || info.size > fileLimit ? 0 : info.size);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= maxBytes) return undefined;
  const files = infos.length === 1
    ? "1 file holds"
    : `${infos.length.toLocaleString("en-US")} files hold`;
  return {
    type: "PROCESSING_ERROR",
    code: "TOO_MANY_BYTES",
    message: `Too much to read: ${files} ${formatBytes(total)}, more than the ${
      formatBytes(maxBytes)
    } one call may read (MDSEL_MAX_BYTES); name fewer files, a smaller folder or a narrower glob`,
  };
}

/** Whether the call needs a file's document: all, unless `only` names only files `read`. */
function _needed(
  namespaces: readonly string[],
  only: ReadonlySet<string> | undefined,
  read: (index: number) => boolean,
): (index: number) => boolean {
  if (only === undefined) return () => true;
  const present = new Set(namespaces.filter((_, i) => read(i)));
  for (const namespace of only) if (!present.has(namespace)) return () => true;
  return (index) => only.has(namespaces[index]);
}

const _HELD = { status: "held", value: undefined } as const;

function _statOrUndefined(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch {
    return undefined; // reading it says what is wrong
  }
}
