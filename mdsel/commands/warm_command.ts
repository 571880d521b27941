/**
 * `mdsel warm <files...>` (not in the usage): writes the cache data of every file the cache does
 * not hold as it is now, at the lowest priority, in parts that each commit on their own.
 *
 * @module
 */
import type { CacheSettings } from "../settings/cache_settings.ts";
import { isFresh } from "../cache/file_key.ts";
import { CacheChangedError, CallCache, worthCaching } from "../cache/call_cache.ts";
import { SEARCH_KIND, SEARCH_VERSION } from "../cache/search_source.ts";
import { DOC_KIND, DOC_VERSION } from "../cache/parse_files.ts";
import { MDX } from "../parse/parse_text.ts";
import { expandPaths } from "../files/expand_paths.ts";
import type { EngineSettings } from "../settings/engine_settings.ts";
import { loadWorkspace } from "../cache/workspace.ts";
import { RecordMissError } from "../parse/doc_record.ts";

/** The most bytes of files one part of a run reads, writes and holds at a time. */
const _WARM_PART_BYTES = 4 * 1024 * 1024;

/** What a run of `mdsel warm` did: files named, files whose search data it wrote, or why not. */
interface WarmResult {
  readonly files: number;
  readonly derived: number;
  readonly skipped?: string;
}

/**
 * Finishes the cache of some files, folders and globs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { warmCache } from "./warm_command.ts";
 * import { DEFAULT_ENGINE_SETTINGS } from "../settings/engine_settings.ts";
 * const dir = await Deno.makeTempDir();
 * const cache = { dir: `${dir}/cache`, maxBytes: 1e8, warnings: [] };
 * await Deno.mkdir(`${dir}/docs`);
 * await Deno.writeTextFile(`${dir}/docs/a.mdx`, "# A\n\nSome words.\n");
 * const result = await warmCache([`${dir}/docs`], { ...DEFAULT_ENGINE_SETTINGS, cache }, 0);
 * assert.deepEqual(result, { files: 1, derived: 1 });
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function warmCache(
  paths: readonly string[],
  settings: EngineSettings & { readonly cache: CacheSettings },
  workers?: number,
): Promise<WarmResult> {
  if (settings.cache.dir === undefined) return { files: 0, derived: 0, skipped: "no cache" };
  await _lowerPriority();
  const expanded = await expandPaths(paths, { maxFiles: settings.maxFiles });
  const files: { path: string; size: number; info: Deno.FileInfo }[] = [];
  let bytes = 0;
  for (const { path } of expanded.files) {
    let info: Deno.FileInfo;
    try {
      info = Deno.statSync(path);
    } catch {
      continue; // gone: the call that names it says so
    }
    files.push({ path, size: info.size, info });
    bytes += info.size;
  }
  const count = files.length;
  const skip = (skipped: string) => ({ files: count, derived: 0, skipped });
  // What a call would refuse, or not cache: nothing to finish.
  if (expanded.errors.some((error) => error.code === "TOO_MANY_FILES")) {
    return skip("too many files");
  }
  if (bytes > settings.maxBytes) return skip("too many bytes");
  if (!worthCaching(files, settings.cache)) return skip("too small to cache");
  // Past half the cap, a run's parts would push each other out and every run derive them again.
  if (bytes * 2 > settings.cache.maxBytes) return skip("more than the cache's cap holds");
  const left = await _notHeld(files, settings.cache);
  if (left.search.length === 0 && left.doc.length === 0) return { files: count, derived: 0 };
  let derived = 0;
  const { maxBytes, maxFiles, cache } = settings;
  const limits = { maxBytes, maxFiles, cache, ...(workers === undefined ? {} : { workers }) };
  // The search data first, for the next search; then the documents a search reads fast (MDX).
  for (
    const [part, search] of [
      ..._parts(left.search).map((part) => [part, true] as const),
      ..._parts(left.doc).map((part) => [part, false] as const),
    ]
  ) {
    try {
      const workspace = await loadWorkspace(part.map((file) => file.path), {
        ...limits,
        ...(search ? { search: true, complete: true } : {}),
      });
      derived += workspace.deriveAll?.() ?? 0;
      workspace.finish?.();
    } catch (error) {
      // The cache changed under the run (another call wrote it): the next run goes on.
      if (error instanceof CacheChangedError || error instanceof RecordMissError) continue;
      throw error;
    }
  }
  return { files: count, derived };
}

/** Parts of about the same size, at most {@linkcode _WARM_PART_BYTES} each but for a bigger file. */
function _parts<T extends { readonly size: number }>(files: readonly T[]): T[][] {
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const target = bytes / Math.max(1, Math.ceil(bytes / _WARM_PART_BYTES));
  const parts: T[][] = [];
  let part: T[] = [];
  let size = 0;
  for (const file of files) {
    if (part.length > 0 && size + file.size > target) {
      parts.push(part);
      [part, size] = [[], 0];
    }
    part.push(file);
    size += file.size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}

/**
 * The files whose search data the cache does not hold as they are now (nor refused by its cap),
 * and those whose document it does not hold (a search reads an MDX file fast, without one).
 */
async function _notHeld<T extends { readonly path: string; readonly info: Deno.FileInfo }>(
  files: readonly T[],
  settings: CacheSettings,
): Promise<{ search: T[]; doc: T[] }> {
  const { cache } = await CallCache.open(settings);
  if (cache === undefined) return { search: [], doc: [] };
  try {
    const keys = files.map((file) => cache.keyOf(file.path, file.info));
    const paths = keys.flatMap((key) => key === undefined ? [] : [key.path]);
    const found = cache.store.get(SEARCH_KIND, SEARCH_VERSION, paths);
    const docs = cache.store.get(DOC_KIND, DOC_VERSION, paths);
    const search: T[] = [];
    const doc: T[] = [];
    files.forEach((file, i) => {
      const key = keys[i];
      if (key === undefined) return; // never cached
      const entry = found.get(key.path);
      const searched = entry === undefined || !isFresh(key.key, entry.stat, entry.written) ||
        (entry.segment === null && !cache.store.refused(entry));
      if (searched) search.push(file);
      // A Markdown file the run derives is parsed, its document written.
      if (searched && !MDX.test(file.path)) return;
      const record = docs.get(key.path);
      if (record === undefined || !isFresh(key.key, record.stat, record.written)) doc.push(file);
    });
    return { search, doc };
  } finally {
    cache.finish();
  }
}

/** The lowest priority (`nice 19`) for the main thread, where the work is, when allowed. */
async function _lowerPriority(): Promise<void> {
  try {
    const status = await Deno.permissions.query({ name: "sys", kind: "setPriority" });
    if (status.state !== "granted") return;
    const { setPriority } = await import("node:os");
    setPriority(19);
  } catch {
    // Not on this system: the run goes at the priority it has.
  }
}
