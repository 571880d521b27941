/**
 * The cache as one call uses it: the store opened once, each file's key, and what the call writes,
 * written in one transaction when the call is done.
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
 * failed): the call answers again without the cache.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CacheChangedError } from "./call_cache.ts";
 * assert.match(new CacheChangedError("a.md").message, /'a.md'/);
 * ```
 */
export class CacheChangedError extends Error {
  constructor(what: string) {
    super(`The cache no longer holds '${what}' as the call found it`);
    this.name = "CacheChangedError";
  }
}

/** A file as the cache knows it: its absolute path and its `stat`'s key. */
export interface CacheKey {
  readonly path: string;
  readonly key: string;
}

/**
 * Whether the cache is on and the call reads an MDX file or enough Markdown for the cache to pay.
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

/**
 * The cache of one call.
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
export class CallCache {
  readonly store: CacheStore;
  readonly #writes: EntryBatch[] = [];
  readonly #started: number;
  #folder?: string | null;

  private constructor(store: CacheStore, started: number) {
    this.store = store;
    this.#started = started;
  }

  /** Opens the cache for a call, or says why there is none; `started` precedes the files' `stat`s. */
  static async open(
    settings: CacheSettings,
    started: number = Date.now(),
  ): Promise<{ cache?: CallCache; notices: string[] }> {
    const { CacheStore } = await import("./store.ts");
    const { store, warning } = await CacheStore.open(settings.dir!, settings.maxBytes);
    if (store === undefined) return { notices: warning === undefined ? [] : [warning] };
    return { cache: new CallCache(store, started), notices: [] };
  }

  /** A file's key from its `stat` taken before it was read; `undefined` when it has none. */
  keyOf(path: string, info: Deno.FileInfo | undefined): CacheKey | undefined {
    const key = info === undefined ? undefined : statKey(info);
    const absolute = key === undefined ? undefined : this.#absolute(path);
    return absolute === undefined ? undefined : { path: absolute, key: key! };
  }

  write(batch: EntryBatch): void {
    this.#writes.push(batch);
  }

  /** Writes what the call kept in one transaction, closes the store, and returns lines for stderr. */
  finish(): string[] {
    this.store.put(this.#writes, this.#started);
    this.#writes.length = 0;
    const warning = this.store.warning;
    this.store.close();
    return warning === undefined ? [] : [warning];
  }

  /** The path made absolute without resolving `.` or `..`; `undefined` when the folder is gone. */
  #absolute(path: string): string | undefined {
    if (path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\")) {
      return path;
    }
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
