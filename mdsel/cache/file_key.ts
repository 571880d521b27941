/**
 * What says a file is unchanged: its `stat`, as git trusts its index, with git's "racy" rule (an
 * entry written within {@linkcode RACY_MS} of the file's last change is not trusted).
 * @module
 */

/** How long after a file's last change an entry must be written to be trusted (any clock's grain). */
export const RACY_MS = 3000;

/**
 * The key of a file's `stat` (`size:mtime:ctime:inode:device`, in milliseconds), or `undefined`
 * when the platform gives no modification time (such a file is never cached).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { statKey } from "./file_key.ts";
 * const info = { size: 3, mtime: new Date(5000), ctime: new Date(6000), ino: 7, dev: 8 };
 * assert.equal(statKey(info as Deno.FileInfo), "3:5000:6000:7:8");
 * ```
 */
export function statKey(info: Deno.FileInfo): string | undefined {
  const mtime = info.mtime?.getTime();
  if (mtime === undefined || Number.isNaN(mtime)) return undefined;
  return `${info.size}:${mtime}:${info.ctime?.getTime() ?? 0}:${info.ino ?? 0}:${info.dev ?? 0}`;
}

/**
 * Whether an entry with key `stored`, written at `written` (before the file's `stat`), holds the
 * file whose key is now `key`: the same key, written {@linkcode RACY_MS} or more after its change.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFresh } from "./file_key.ts";
 * assert.equal(isFresh("3:5000:5000:7:8", "3:5000:5000:7:8", 9000), true);
 * assert.equal(isFresh("3:5000:5000:7:8", "3:5000:5000:7:8", 6000), false); // racy
 * assert.equal(isFresh("4:5000:5000:7:8", "3:5000:5000:7:8", 9000), false);
 * ```
 */
export function isFresh(key: string, stored: string, written: number): boolean {
  if (key !== stored) return false;
  // Read without splitting: a call checks thousands.
  const first = key.indexOf(":");
  const second = key.indexOf(":", first + 1);
  const mtime = Number(key.slice(first + 1, second));
  const ctime = Number(key.slice(second + 1, key.indexOf(":", second + 1)));
  return written - Math.max(_latest(mtime), _latest(ctime)) >= RACY_MS;
}

/** A time in whole seconds (Linux's change time in Deno) may stand for any time in that second. */
function _latest(time: number): number {
  return time % 1000 === 0 ? time + 999 : time;
}
