/**
 * The store's file and its failures: the folder and file made private, the errors that mean another
 * process holds the database, and those that mean the file is no database (it is removed, so that
 * the next call starts a new one), each told as one warning line.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";

/** SQLite's primary result codes the store tells apart. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;

/** SQLite's messages for its codes, for errors that come without the code. */
const BUSY_MESSAGE = /database (table )?is locked|database is busy/i;
const BROKEN_MESSAGE = /file is not a database|database disk image is malformed/i;

/**
 * Makes the store's folder (`0700`) and file (`0600`) when they are missing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { prepareStoreFile } from "./store_file.ts";
 * const dir = await Deno.makeTempDir();
 * prepareStoreFile(`${dir}/cache`, `${dir}/cache/store.sqlite`);
 * assert.equal((await Deno.stat(`${dir}/cache/store.sqlite`)).size, 0);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function prepareStoreFile(dir: string, path: string): void {
  try {
    Deno.statSync(dir);
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
    Deno.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  Deno.openSync(path, { read: true, write: true, create: true, mode: 0o600 }).close();
}

function _code(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown }).errcode;
  return typeof code === "number" ? code & 0xff : undefined;
}

function _message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Whether an error of `node:sqlite` says that another process holds the database (it is busy or
 * locked).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isBusy } from "./store_file.ts";
 * assert.equal(isBusy(new Error("database is locked")), true);
 * assert.equal(isBusy(new Error("disk I/O error")), false);
 * ```
 */
export function isBusy(error: unknown): boolean {
  const code = _code(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED || BUSY_MESSAGE.test(_message(error));
}

/**
 * The warning for an error, after removing a file that is no database or a
 * corrupt one (with its WAL), so that the next call starts a new one.
 *
 * @param path The store's file.
 * @returns The warning line, or `undefined` when the database was busy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { storeFailure } from "./store_file.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/s.sqlite`, "junk");
 * const warning = storeFailure(new Error("file is not a database"), `${dir}/s.sqlite`);
 * assert.match(warning!, /removed/);
 * await assert.rejects(Deno.stat(`${dir}/s.sqlite`));
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function storeFailure(error: unknown, path: string): string | undefined {
  if (isBusy(error)) return undefined;
  const code = _code(error);
  if (code === SQLITE_NOTADB || code === SQLITE_CORRUPT || BROKEN_MESSAGE.test(_message(error))) {
    _removeStore(path);
    return storeWarning(path, "it was not a readable database; removed, the next call starts anew");
  }
  return storeWarning(path, _message(error).replace(/\s+/g, " "));
}

/** Removes a store's file and its WAL. */
function _removeStore(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      Deno.removeSync(file);
    } catch {
      // gone already, or not ours to remove
    }
  }
}

/**
 * Removes the stores of the engine's earlier schemas (`cache-v1.sqlite`, with their WAL), once,
 * when this version's store is made: nothing reads them any more, and they would hold their share
 * of the disk for good. A file of that name that is not mdsel's is left as it is.
 *
 * @param Database `node:sqlite`'s `DatabaseSync`.
 * @param applicationId The store's `PRAGMA application_id`.
 * @param schemaVersion This version of the schema: the older ones are removed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DatabaseSync } from "node:sqlite";
 * import { removeOlderStores } from "./store_file.ts";
 * const dir = await Deno.makeTempDir();
 * const old = new DatabaseSync(`${dir}/cache-v1.sqlite`);
 * old.exec("PRAGMA application_id = 7; CREATE TABLE t (x)");
 * old.close();
 * removeOlderStores(dir, DatabaseSync, 7, 2);
 * await assert.rejects(Deno.stat(`${dir}/cache-v1.sqlite`));
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function removeOlderStores(
  dir: string,
  Database: typeof DatabaseSync,
  applicationId: number,
  schemaVersion: number,
): void {
  const base = `${dir}${dir.endsWith("/") || dir.endsWith("\\") ? "" : "/"}`;
  for (let version = 1; version < schemaVersion; version++) {
    const path = `${base}cache-v${version}.sqlite`;
    try {
      const old = new Database(path, { readOnly: true });
      let ours: boolean;
      try {
        ours = (old.prepare("PRAGMA application_id").get() as { application_id: number })
          .application_id === applicationId;
      } finally {
        old.close();
      }
      if (ours) _removeStore(path);
    } catch {
      // none, or not a database: left as it is
    }
  }
}

/**
 * The warning line of a store not used, and why.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { storeWarning } from "./store_file.ts";
 * assert.equal(
 *   storeWarning("/c/cache.sqlite", "busy"),
 *   "warning: the cache '/c/cache.sqlite' is not used (busy)",
 * );
 * ```
 */
export function storeWarning(path: string, reason: string): string {
  return `warning: the cache '${path}' is not used (${reason})`;
}
