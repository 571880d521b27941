/**
 * The cache as one call uses it: the store opened once, each file's key (its absolute path and its
 * `stat`'s), and what the call writes, written together in one transaction when the call is done.
 *
 * @module
 */
import { statKey } from "./file_key.ts";
import type { CacheSettings } from "../settings/cache_settings.ts";
import type { CacheStore, EntryBatch } from "./store.ts";
import { MDX } from "../parse/parse_text.ts";

/** Markdown bytes below which a call parses rather than opens the cache (it is faster). */
const _CACHE_MIN_MARKDOWN_BYTES = 256 * 1024;

/**
 * The cache no longer holds what a call took from it (a file changed after its `stat`, or the store
 * failed while the call read it): the call answers again without the cache.
 */
export class CacheChangedError extends Error {
  /** @param what The file, or the part of the cache, that changed. */
  constructor(what: string) {
    super(`The cache no longer holds '${what}' as the call found it`);
    this.name = "CacheChangedError";
  }
}

/** A file as the cache knows it. */
export interface CacheKey {
  /** Its absolute path. */
  readonly path: string;
  /** Its `stat`'s key. */
  readonly key: string;
}

/**
 * Whether a call has enough to parse for the cache to pay.
 *
 * @returns `true` when the cache is on and the call reads an MDX file or
 *   {@linkcode _CACHE_MIN_MARKDOWN_BYTES} of Markdown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { worthCaching } from "./call_cache.ts";
 * const cache = { dir: "/tmp/mdsel", maxBytes: 1e6, warnings: [] };
 * assert.equal(worthCaching([{ path: "a.md", size: 500 }], cache), false);
 * assert.equal(worthCaching([{ path: "a.mdx", size: 500 }], cache), true);
 * ```
 */
export function worthCaching(
  files: readonly { readonly path: string; readonly size: number }[],
  cache?: CacheSettings,
): boolean {
  if (cache?.dir === undefined) return false;
  let markdown = 0;
  for (const file of files) {
    if (MDX.test(file.path)) return true;
    markdown += file.size;
  }
  return markdown >= _CACHE_MIN_MARKDOWN_BYTES;
}

/** The cache of one call. */
export class CallCache {
  /** The store, open for this call. */
  readonly store: CacheStore;
  readonly #writes: EntryBatch[] = [];
  readonly #notices: string[];
  readonly #started: number;
  #folder?: string | null;

  private constructor(store: CacheStore, notices: string[], started: number) {
    this.store = store;
    this.#notices = notices;
    this.#started = started;
  }

  /**
   * Opens the cache for a call.
   *
   * @param started When the call began, before it `stat`ed its files, in
   *   milliseconds since the epoch: what it writes counts as read then (git's
   *   racy rule must count from before the read, not from the write).
   * @returns The cache, or the line saying why there is none.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { CallCache } from "./call_cache.ts";
   * const dir = await Deno.makeTempDir();
   * const { cache } = await CallCache.open({ dir, maxBytes: 1e6, warnings: [] });
   * assert.deepEqual(cache!.finish(), []);
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  static async open(
    settings: CacheSettings,
    started: number = Date.now(),
  ): Promise<{ cache?: CallCache; notices: string[] }> {
    const { CacheStore } = await import("./store.ts");
    const { store, warning } = await CacheStore.open(settings.dir!, settings.maxBytes);
    const notices = warning === undefined ? [] : [warning];
    return store === undefined
      ? { notices }
      : { cache: new CallCache(store, notices, started), notices: [] };
  }

  /**
   * A file's key, or `undefined` when it has none (no `stat`, no
   * modification time, or a relative path while the working folder is gone).
   *
   * @param info Its `stat`, taken before it was read.
   */
  keyOf(path: string, info: Deno.FileInfo | undefined): CacheKey | undefined {
    const key = info === undefined ? undefined : statKey(info);
    const absolute = key === undefined ? undefined : this.#absolute(path);
    return absolute === undefined ? undefined : { path: absolute, key: key! };
  }

  /** Keeps entries to write when the call is done. */
  write(batch: EntryBatch): void {
    this.#writes.push(batch);
  }

  /**
   * Writes what the call kept to write, in one transaction, and closes the store.
   *
   * @returns At most one line for stderr, about the cache.
   */
  finish(): string[] {
    this.store.put(this.#writes, this.#started);
    this.#writes.length = 0;
    const warning = this.store.warning;
    this.store.close();
    return warning === undefined ? this.#notices : [...this.#notices, warning];
  }

  /**
   * The path made absolute (the cache's key), without resolving `.` or `..`;
   * `undefined` when the working folder cannot be known (it was removed).
   */
  #absolute(path: string): string | undefined {
    if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\")) {
      return path;
    }
    // The working folder, asked once (a call's relative paths all start there).
    if (this.#folder === undefined) {
      try {
        this.#folder = Deno.cwd();
      } catch {
        this.#folder = null;
      }
    }
    return this.#folder === null ? undefined : `${this.#folder}/${path}`;
  }
}
