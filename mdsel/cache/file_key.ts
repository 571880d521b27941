/**
 * What says a file is unchanged: its `stat` (size, modification and change times, inode and
 * device), as git trusts its index, with git's "racy" rule: an entry written less than
 * {@linkcode RACY_MS} after the file last changed is not trusted, since an edit of the same size in
 * the same tick of the file system's clock leaves the same `stat`. Restoring an old modification
 * time (`cp -p`, `touch -r`) moves the change time, which the key holds too.
 *
 * @module
 */

/**
 * How long after a file's last change an entry must have been written to be
 * trusted: coarser than any file system's clock (FAT's is 2 s), with room for
 * a network file system's clock running ahead.
 */
export const RACY_MS = 3000;

/**
 * The key of a file's `stat`, or `undefined` when the platform does not give
 * its modification time (such a file is never cached).
 *
 * @returns `size:mtime:ctime:inode:device`, times in milliseconds.
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
 * Whether an entry written at `written` for a file whose `stat` key is now `key` may be trusted:
 * the same key, and written {@linkcode RACY_MS} or more after the file last changed (its
 * modification or change time, whichever is later; a time in whole seconds counts as the end of
 * that second). `written` must be a time before the file was read (before its `stat`).
 *
 * @param key The file's key now ({@linkcode statKey}).
 * @param stored The entry's key.
 * @param written When the entry was written, in milliseconds.
 * @returns `true` when the entry holds this file as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isFresh, statKey } from "./file_key.ts";
 * const info = { size: 3, mtime: new Date(5000), ctime: new Date(5000), ino: 7, dev: 8 } as Deno.FileInfo;
 * const key = statKey(info)!;
 * assert.equal(isFresh(key, key, 9000), true);
 * assert.equal(isFresh(key, key, 6000), false); // racy: read it again
 * assert.equal(isFresh(statKey({ ...info, size: 4 })!, key, 9000), false);
 * ```
 */
export function isFresh(key: string, stored: string, written: number): boolean {
  if (key !== stored) return false;
  // `size:mtime:ctime:...`, read without splitting (a call checks thousands).
  const first = key.indexOf(":");
  const second = key.indexOf(":", first + 1);
  const mtime = Number(key.slice(first + 1, second));
  const ctime = Number(key.slice(second + 1, key.indexOf(":", second + 1)));
  return written - Math.max(_latest(mtime), _latest(ctime)) >= RACY_MS;
}

/**
 * The latest a time may really be: one given in whole seconds (Deno gives a
 * file's change time so on Linux) stands for any time in that second.
 */
function _latest(time: number): number {
  return time % 1000 === 0 ? time + 999 : time;
}
