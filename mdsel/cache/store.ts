/**
 * The cache's store: one SQLite database in WAL mode, private to its user, of entries keyed by kind
 * and absolute path. Nothing here fails a call: a busy database is skipped, any other error turns
 * the store off for the call with one warning line (a file that is no database is removed).
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import {
  dropFolders,
  ENTRIES_SCHEMA,
  entriesTotal,
  type EntryBatch,
  type FolderRange,
  keepFolders,
  type NewEntry,
  readEntries,
  type StoredEntry,
} from "./entries.ts";
import {
  dropSegments,
  dropStaleSegments,
  insertRows,
  readPostings,
  type StoredPostings,
  termsWith,
  termsWithStems,
  writeSegment,
} from "./segments.ts";

/** The store's file in the cache folder: its schema's version is in its name. */
export const STORE_FILE = "cache-v3.sqlite";

/** `PRAGMA application_id` ("mdsl") and `user_version` of the store. */
const APPLICATION_ID = 0x6d64736c;
const SCHEMA_VERSION = 3;

/** The longest a call waits for another process's write. */
const _BUSY_TIMEOUT_MS = 100;
/** A use older than this is written down again (a read does not write every time). */
const USE_GRANULARITY_MS = 60 * 60 * 1000;
/** Eviction empties the store down to this share of its cap, so it does not run at every write. */
const EVICT_TO = 0.9;
/** The data of an entry whose segment the cap refused: this, then the cap in force. */
const _REFUSED = "refused under ";

/** SQLite's primary result codes the store tells apart, and its messages for errors without. */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;
const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const BUSY_MESSAGE = /database (table )?is locked|database is busy/i;
const BROKEN_MESSAGE = /file is not a database|database disk image is malformed/i;

export type { EntryBatch, NewEntry, StoredEntry };

const _INSERT_ENTRIES =
  "INSERT INTO entries (kind, path, version, stat, written, used, bytes, data, segment, slot) VALUES";
/** An entry written again replaces the one of its kind and path. */
const _REPLACE_ENTRY = "ON CONFLICT (kind, path) DO UPDATE SET " +
  "version = excluded.version, stat = excluded.stat, written = excluded.written, " +
  "used = excluded.used, bytes = excluded.bytes, data = excluded.data, " +
  "segment = excluded.segment, slot = excluded.slot";

const SCHEMA = `
${ENTRIES_SCHEMA}
PRAGMA application_id = ${APPLICATION_ID};
PRAGMA user_version = ${SCHEMA_VERSION};
`;

/**
 * The cache's database, open for one call.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CacheStore } from "./store.ts";
 * const dir = await Deno.makeTempDir();
 * const { store } = await CacheStore.open(dir, 1e6);
 * const entries = [{ path: "/a.md", stat: "1:2:3:4:5", data: "{}" }];
 * store!.put([{ kind: "doc", version: "1", entries, used: [] }]);
 * assert.equal(store!.get("doc", "1", ["/a.md", "/b.md"]).get("/a.md")?.data, "{}");
 * store!.close();
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export class CacheStore {
  readonly #db: DatabaseSync;
  readonly #path: string;
  readonly #maxBytes: number;
  #warning?: string;
  #broken = false;
  #reading = false;
  /** The folders' ranges of entries read, to keep snapshots of when the call writes. */
  readonly #ranges: FolderRange[] = [];

  private constructor(db: DatabaseSync, path: string, maxBytes: number) {
    this.#db = db;
    this.#path = path;
    this.#maxBytes = maxBytes;
  }

  /** Opens (or creates, private) the store in a folder, or gives the warning saying why not. */
  static async open(
    dir: string,
    maxBytes: number,
  ): Promise<{ store?: CacheStore; warning?: string }> {
    const base = dir.endsWith("/") || dir.endsWith("\\") ? dir : `${dir}/`;
    const path = `${base}${STORE_FILE}`;
    let db: DatabaseSync | undefined;
    try {
      _prepareStoreFile(dir, path);
      const { DatabaseSync } = await import("node:sqlite");
      db = new DatabaseSync(path);
      db.exec(`PRAGMA busy_timeout = ${_BUSY_TIMEOUT_MS}`);
      // Read in one transaction: another process may be writing the schema of a new file.
      db.exec("BEGIN");
      let kind = _fileKind(db);
      db.exec("COMMIT");
      if (kind === "new") {
        // WAL first (outside a transaction), then the schema under the write lock if still missing.
        db.exec("PRAGMA journal_mode = WAL");
        db.exec("BEGIN IMMEDIATE");
        kind = _fileKind(db);
        if (kind === "new") db.exec(SCHEMA);
        db.exec("COMMIT");
        if (kind === "new") _removeOlderStores(base, DatabaseSync);
      }
      if (kind === "foreign") {
        db.close();
        return { warning: _storeWarning(path, "it is not mdsel's cache; left as it is") };
      }
      const version = (db.prepare("PRAGMA user_version").get() as { user_version: number })
        .user_version;
      if (version !== SCHEMA_VERSION) {
        db.close();
        return { warning: _storeWarning(path, `its schema is version ${version}; left as it is`) };
      }
      // Recursive triggers: a `doc` entry removed removes its `search` entry, updating the totals.
      db.exec(
        "PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 16777216; " +
          "PRAGMA recursive_triggers = ON",
      );
      return { store: new CacheStore(db, path, maxBytes) };
    } catch (error) {
      _close(db);
      return { warning: _storeFailure(error, path) };
    }
  }

  /** The first problem the store met in this call, as one line for stderr. */
  get warning(): string | undefined {
    return this.#warning;
  }

  /** Whether the store failed in this call, busy included (it is used no more then). */
  get failed(): boolean {
    return this.#broken;
  }

  /** Reads from one snapshot from now until the next write or the close, whatever others write. */
  holdSnapshot(): void {
    if (!this.#broken && !this.#reading) this.#reading = this.#exec("BEGIN");
  }

  /**
   * The entries of some files (absolute paths) by path, of one kind and version (`withData`);
   * with `keep`, a folder's read whole is kept in one row for the next call (see `put`).
   */
  get(
    kind: string,
    version: string,
    paths: readonly string[],
    withData = true,
    keep = false,
  ): Map<string, StoredEntry> {
    if (paths.length === 0) return new Map();
    const ranges = keep ? this.#ranges : undefined;
    return this.#read(
      () => readEntries(this.#db, kind, version, paths, withData, ranges),
      new Map(),
    );
  }

  /** Whether an entry is one the cap refused under a cap no larger than today's (see `put`). */
  refused(entry: StoredEntry): boolean {
    if (entry.segment !== null || !entry.data.startsWith(_REFUSED)) return false;
    return Number(entry.data.slice(_REFUSED.length)) >= this.#maxBytes;
  }

  /** Each term's postings per segment that has it. */
  postings(terms: readonly string[], segments: readonly number[]): StoredPostings[] {
    if (terms.length === 0 || segments.length === 0) return [];
    return this.#read(() => readPostings(this.#db, terms, segments), []);
  }

  /** The terms that start with a prefix (itself included), sorted, of UTF-16 lengths given. */
  termsStartingWith(prefix: string, minLength = 0, maxLength = Infinity): string[] {
    return this.#read(() => termsWith(this.#db, "start", prefix, minLength, maxLength), []);
  }

  /** The terms whose stem is one of some stems, each with its stem. */
  termsWithStems(stems: readonly string[]): [string, string][] {
    if (stems.length === 0) return [];
    return this.#read(() => termsWithStems(this.#db, stems), []);
  }

  /** The terms that end with a suffix, of UTF-16 lengths `minLength` to `maxLength`. */
  termsEndingWith(suffix: string, minLength: number, maxLength: number): string[] {
    return this.#read(() => termsWith(this.#db, "end", suffix, minLength, maxLength), []);
  }

  /**
   * Writes entries in one transaction, notes the use of others, drops stale postings, evicts the
   * least recently used entries past the cap, and keeps the folders read to keep that it did not
   * write under (a run that writes in parts would copy its folder again at each); skipped when
   * another process holds the database.
   *
   * @param written A time before the files' `stat`s (the racy rule counts from it); now by default.
   */
  put(batches: readonly EntryBatch[], written?: number): void {
    this.#endSnapshot();
    if (this.#broken) return;
    const now = Date.now();
    const readAt = Math.min(written ?? now, now);
    const stale = batches.map((batch) =>
      batch.used.filter(([, at]) => now - at > USE_GRANULARITY_MS).map(([path]) => path)
    );
    const unchanged = batches.every((batch, i) =>
      batch.entries.length === 0 && stale[i].length === 0
    );
    const keep = this.#ranges.filter((range) =>
      !range.current && !batches.some((batch, i) =>
        batch.kind === range.kind &&
        [...batch.entries.map((entry) => entry.path), ...stale[i]].some((path) =>
          path >= range.folder && path < range.end
        )
      )
    );
    if (unchanged && keep.length === 0) return;
    if (!this.#exec("BEGIN IMMEDIATE")) return;
    const db = this.#db;
    try {
      batches.forEach(({ kind, version, entries, postings, stems }, i) => {
        const bytes = entries.map((entry) =>
          _entryBytes(entry, entry.data) + (entry.postingsBytes ?? 0)
        );
        const total = bytes.reduce((sum, size) => sum + size, 0);
        // Marked refused, so that the next call does not derive again what the cap cannot hold.
        const fits = postings === undefined || total <= this.#maxBytes * EVICT_TO;
        const segment = postings === undefined || entries.length === 0 || !fits
          ? null
          : writeSegment(db, postings, stems ?? new Map(), total);
        const refused = `${_REFUSED}${this.#maxBytes}`;
        insertRows(db, _INSERT_ENTRIES, 10, entries.length, (k) => {
          const { path, stat, data, slot } = entries[k];
          const kept = fits ? [bytes[k], data] : [_entryBytes(entries[k], refused), refused];
          const at = segment === null ? null : slot ?? null;
          return [kind, path, version, stat, readAt, now, ...kept, segment, at];
        }, _REPLACE_ENTRY);
        if (stale[i].length > 0) {
          db.prepare(
            "UPDATE entries SET used = ? WHERE kind = ? AND path IN (SELECT value FROM json_each(?))",
          ).run(now, kind, JSON.stringify(stale[i]));
        }
      });
      dropStaleSegments(db);
      // Snapshots are the first to go past the cap: they only spare reading entries one by one.
      if (entriesTotal(db) > this.#maxBytes) dropFolders(db);
      this.#evict();
      keepFolders(db, keep);
      if (entriesTotal(db) > this.#maxBytes) dropFolders(db);
      db.exec("COMMIT");
    } catch (error) {
      try {
        db.exec("ROLLBACK");
      } catch {
        // no transaction left to roll back
      }
      this.#fail(error);
    }
  }

  close(): void {
    this.#endSnapshot();
    _close(this.#db);
  }

  #endSnapshot(): void {
    if (!this.#reading) return;
    this.#reading = false;
    this.#exec("COMMIT");
  }

  /** Runs a statement; `false` once the store failed. */
  #exec(sql: string): boolean {
    return this.#read(() => {
      this.#db.exec(sql);
      return true;
    }, false);
  }

  /** Evicts the least recently used entries past the cap, a segment's all at once. */
  #evict(): void {
    const db = this.#db;
    const oldest = db.prepare(
      "SELECT 0 AS segment, id, bytes, used, written FROM entries WHERE segment IS NULL " +
        "UNION ALL SELECT segments.id, 0, segments.bytes, max(entries.used), max(entries.written) " +
        "FROM segments JOIN entries ON entries.segment = segments.id GROUP BY segments.id " +
        "ORDER BY used, written LIMIT 1000",
    );
    const remove = db.prepare("DELETE FROM entries WHERE id IN (SELECT value FROM json_each(?))");
    for (let total = entriesTotal(db); total > this.#maxBytes; total = entriesTotal(db)) {
      let excess = total - Math.floor(this.#maxBytes * EVICT_TO);
      const entries: number[] = [];
      const segments: number[] = [];
      type Row = { segment: number; id: number; bytes: number };
      for (const row of oldest.iterate() as Iterable<Row>) {
        if (row.segment === 0) entries.push(row.id);
        else segments.push(row.segment);
        excess -= row.bytes;
        if (excess <= 0) break;
      }
      if (entries.length === 0 && segments.length === 0) {
        dropStaleSegments(db, true);
        return;
      }
      remove.run(JSON.stringify(entries));
      dropSegments(db, segments);
      dropStaleSegments(db);
    }
  }

  /** What a read gives, or `none` once the store failed. */
  #read<T>(read: () => T, none: T): T {
    if (this.#broken) return none;
    try {
      return read();
    } catch (error) {
      this.#fail(error);
      return none;
    }
  }

  #fail(error: unknown): void {
    this.#broken = true;
    this.#reading = false;
    if (_isBusy(error)) return; // another process holds it: this call goes without
    this.#warning ??= _storeFailure(error, this.#path);
  }
}

function _close(db: DatabaseSync | undefined): void {
  try {
    db?.close();
  } catch {
    // closed already
  }
}

/** The bytes an entry holds with some data, as the cap counts them (its postings aside). */
function _entryBytes(entry: NewEntry, data: string): number {
  return data.length + entry.path.length + entry.stat.length + 64;
}

/** Whether a database is mdsel's store, a new (empty) file, or another program's. */
function _fileKind(db: DatabaseSync): "ours" | "new" | "foreign" {
  const { n } = db.prepare("SELECT count(*) AS n FROM sqlite_schema").get() as { n: number };
  const { application_id: id } = db.prepare("PRAGMA application_id").get() as {
    application_id: number;
  };
  if (id === APPLICATION_ID) return "ours";
  return id === 0 && n === 0 ? "new" : "foreign";
}

/** Makes the store's folder (`0700`) and file (`0600`) when they are missing. */
function _prepareStoreFile(dir: string, path: string): void {
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

/** Whether an error says that another process holds the database. */
function _isBusy(error: unknown): boolean {
  const code = _code(error);
  return code === SQLITE_BUSY || code === SQLITE_LOCKED || BUSY_MESSAGE.test(_message(error));
}

/** The warning for an error (none when busy), after removing a store that is no database. */
function _storeFailure(error: unknown, path: string): string | undefined {
  if (_isBusy(error)) return undefined;
  const code = _code(error);
  if (code === SQLITE_NOTADB || code === SQLITE_CORRUPT || BROKEN_MESSAGE.test(_message(error))) {
    _removeStore(path);
    return _storeWarning(
      path,
      "it was not a readable database; removed, the next call starts anew",
    );
  }
  return _storeWarning(path, _message(error).replace(/\s+/g, " "));
}

function _removeStore(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      Deno.removeSync(file);
    } catch {
      // gone already, or not ours to remove
    }
  }
}

/** Removes our stores of earlier schemas (`cache-v1.sqlite`): they would hold their disk for good. */
function _removeOlderStores(base: string, Database: typeof DatabaseSync): void {
  for (let version = 1; version < SCHEMA_VERSION; version++) {
    const path = `${base}cache-v${version}.sqlite`;
    try {
      const old = new Database(path, { readOnly: true });
      let ours: boolean;
      try {
        ours = (old.prepare("PRAGMA application_id").get() as { application_id: number })
          .application_id === APPLICATION_ID;
      } finally {
        old.close();
      }
      if (ours) _removeStore(path);
    } catch {
      // none, or not a database: left as it is
    }
  }
}

function _storeWarning(path: string, reason: string): string {
  return `warning: the cache '${path}' is not used (${reason})`;
}
